from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.links.unlinked import unlinked

ISSUE = "完整能力需要："


@rule(
    "RFC337",
    "broken-link-markdown",
    REVIEW,
    WARNING,
    fails=(
        edit(ISSUE, "完整能力需要：见 [工单] (https://gitcode.com/mindspore/hyper-parallel/issues/301) 中的讨论；"),
        edit(ISSUE, "完整能力需要：见 [工单](https://gitcode.com/mindspore/hyper-parallel/issues/301 的讨论；"),
        edit(
            "The main cost of option A:",
            "Option C is discussed in [8](#8-constraints-and-compatibility.\n\nThe main cost of option A:",
            rfc="en",
        ),
        # the `]` never typed (held-back round 8)
        edit(ISSUE, "[参考实现(https://gitee.com/mindspore/hyper-parallel) " + ISSUE),
    ),
    passes=(
        # a web address in a note in brackets
        edit(ISSUE, "[参考实现见 (https://gitee.com/mindspore/hyper-parallel)] " + ISSUE),
        edit(ISSUE, "完整能力需要：（见 [工单]( https://gitcode.com/mindspore/hyper-parallel/issues/301 )）"),
        edit(ISSUE, "完整能力需要：区间 [0, 1] (inclusive) 之外的 ratio 报错；[x] (#301) 已合入；"),
    ),
)
def broken_link_markdown(ctx: Context) -> list[Finding]:
    """a link typed whole is drawn as text: a space before '(', no closing ')' or ']', a full-width '（'

    ## What it checks
    Outside code (blocks and spans): `[text] (target)` with a space or tab between `]` and
    `(`; `[text](target` with no `)` after it on its line (in a table row, in its cell; a
    bracketed note after the address, `(2.4+)`, is no `)` of the link, nor is a title closed
    without one); `[text]（target）` with a full-width
    bracket; images (`![alt] (...)`) too; and `[text(https://…)` with its `]` never typed (no
    `]` after the `[` on its line: `[see (https://…)]` is a note in brackets). Reported at the `[`, only where the target looks
    like one (a web address, a relative path: `./`, `../`, or a `.md` or other file name,
    an `#anchor` with a letter in it) and mistune, parsing the line, shows the brackets as text.

    Not reported: `[text]( url )` (spaces inside the brackets are allowed: it is a link);
    `[text]` that is a reference link (a definition `[text]: ...` gives it a target); a
    task box (`[x] (...)`), a footnote (`[^1]`), a citation or a range (`[1]`, `[0, 1]
    (inclusive)`); an index (`a[i] (x)`); a target that is no path or address (`[PT] (TP/PP)`,
    `(#301)`, an issue; `(/dev/shm)`); a title or the `)` going on to the next line; a closed target with a
    space in it, which RFC321 reports. A web address that runs on into `）` with no `)` typed
    (`[工单](https://...）`) is reported here, as the link it was meant to be.

    ## Why a reviewer cares
    The author typed a link and the forge shows brackets and an address: the issue, design
    note or section it points to is not one click away, and the text reads as a typo.
    """
    findings = []
    for found in unlinked(ctx):
        what = "image" if found.image else "link"
        if found.kind == "space":
            why = "the space between ']' and '(' keeps it from being one: remove the space"
        elif found.kind == "wide":
            why = "'（' is a full-width bracket: write '(' and ')'"
        elif found.kind == "unbracketed":
            findings.append(
                Finding(
                    found.line,
                    found.col,
                    "RFC337",
                    f"'{found.written[:60]}' is no link: its text has no closing ']': write ']' before '('",
                )
            )
            continue
        else:
            why = f"it has no closing ')': write ')' right after '{found.target}'"
        findings.append(Finding(found.line, found.col, "RFC337", f"'{_shown(found.written)}' is no {what}: {why}"))
    return findings


def _shown(written: str, most: int = 40) -> str:
    """The link as written, its text cut short (an image's alt can be a sentence)."""
    end = written.index("]")
    start = written.index("[") + 1
    return (
        written if end - start <= most else f"{written[:start]}{written[start : start + most].rstrip()}…{written[end:]}"
    )
