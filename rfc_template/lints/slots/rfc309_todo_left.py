from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.slots import LEFT_TODO


@rule(
    "RFC309",
    "todo-left",
    REVIEW,
    fails=edit("完整能力需要：", "完整能力需要：TODO "),
    passes=edit(
        "    stream = platform.new_stream() if overlap else None\n",
        "    stream = platform.new_stream() if overlap else None  # TODO(PR3)：MS 后端改用 runtime.Stream\n",
    ),
)
def todo_left(ctx: Context) -> list[Finding]:
    """TODO, TBD or FIXME is left in the text

    ## What it checks
    TODO, TBD or FIXME in capitals and as a word of its own (`TODOs` is not) in the text a reader
    reads: prose, headings, lists; reported at its line and column. HTML comments and code blocks
    are not read (a `# TODO` in 6.4's sketch code is the code's own), nor are table rows, where
    RFC308 reports them.

    ## Why a reviewer cares
    A TODO is the author saying a part is not written yet; reviewing the rest means judging a
    design whose open parts only the author knows.
    """
    source = ctx.doc.source
    if "TODO" not in source and "TBD" not in source and "FIXME" not in source:
        return []
    findings = []
    for number, line in enumerate(ctx.visible_lines, start=1):
        if line.lstrip().startswith("|"):
            continue
        findings += [
            Finding(number, m.start() + 1, "RFC309", f"'{m.group()}' is left in the text")
            for m in LEFT_TODO.finditer(line)
        ]
    return findings
