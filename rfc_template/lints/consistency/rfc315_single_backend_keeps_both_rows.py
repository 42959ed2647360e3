from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.consistency import BOTH_BACKEND_ROWS
from rfc_template.lints.slots import rows


@rule(
    "RFC315",
    "single-backend-keeps-both-rows",
    REVIEW,
    fails=edit("| 适用后端 | PT + MS |", "| 适用后端 | PT |", at="| PT / MS 差异 |"),
    passes=edit(
        "| This feature + PP / EP | No |",
        "| This feature on the MS backend | No | Not run this phase: MS is a non-goal (3.2) |\n"
        "| This feature + PP / EP | No |",
        rfc="en",
    ),
)
def single_backend_keeps_both_rows(ctx: Context) -> list[Finding]:
    """a single-backend RFC keeps the PT / MS rows

    ## What it checks
    When 适用后端 / Backend names one backend (PT or MS): the tables of 8. 约束与兼容性
    (Constraints and compatibility) and 9.2 交互验证 (Interaction verification) keep no PT / MS
    差异 (PT / MS differences) or PT / MS 对齐 (PT / MS alignment) row. Each such row, its first
    cell as the template writes it, is reported at the row; other rows and prose about the other
    backend are left alone.

    ## Why a reviewer cares
    The rows are the template's for a two-backend RFC: kept in a single-backend one they hold
    filler (不涉及, N/A) or promise an alignment nobody will test, and the reader must wonder
    which backends the feature is for.
    """
    backend = ctx.info.get("适用后端")
    if backend not in ctx.rules.backends or backend == ctx.rules.both_backends:
        return []
    findings = []
    for section, key in ((ctx.edition.name(s), ctx.edition.name(k)) for s, k in BOTH_BACKEND_ROWS):
        table = ctx.doc.table_in(section)
        for line, row in rows(table) if table else ():
            if row[0] == key:
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC315",
                        f"{ctx.stated('适用后端', backend)}: remove the '{key}' row from '{section}'",
                    )
                )
    return findings
