from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.slots import NEEDS_REAL_ROW, asked_cells, cell_value, is_placeholder


@rule(
    "RFC305",
    "no-filled-row",
    REVIEW,
    fails=edit(
        "| UT | 24 |",
        "| UT |  |",
        ("| Level0 | 4 |", "| Level0 |  |"),
        ("| Level1 | 8 |", "| Level1 |  |"),
        at="| 用例级别 | 数量 | 覆盖内容 | 通过标准 |",
    ),
    passes=edit("| Level1 | 8 |", "| Level1 | 待定 |"),
)
def no_filled_row(ctx: Context) -> list[Finding]:
    """9.1 or 10 has no fully filled row

    ## What it checks
    The first table of 9.1 (用例分层, `Test levels`) and of 10 (实现计划, `Implementation plan`)
    has at least one row whose every cell holds a value, not a placeholder (`xxx`, TBD, 待定, `-`,
    N/A, 不涉及, ...: see RFC308) in every column the template gives the table (a 负责人 column of
    the author's own aside). Reported at the table's header line. One such row is enough
    (the others are RFC303's and RFC308's business); a section written without a table is not read.

    ## Why a reviewer cares
    With no complete row, the RFC plans no test level with its count, coverage and pass criteria,
    or no PR with its content, dependency and verification: nothing to hold the work to.
    """
    findings = []
    for section in map(ctx.edition.name, NEEDS_REAL_ROW):
        table = ctx.doc.table_in(section)
        if table is not None and not any(  # in the columns the template gives it (a 负责人 column aside)
            all(cell_value(c) and not is_placeholder(c) for _, _, c in cells) for _, _, cells in asked_cells(ctx, table)
        ):
            findings.append(
                Finding(table.line, 1, "RFC305", f"'{section}' needs at least one row with every cell filled")
            )
    return findings
