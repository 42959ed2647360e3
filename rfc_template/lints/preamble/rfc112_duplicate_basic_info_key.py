from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC112",
    "duplicate-basic-info-key",
    DRAFT,
    fails=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 评审中 Reviewing |\n| 状态 | 草稿 Draft |"),
    passes=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 评审中 Reviewing |\n| 评审人 | 王强 |"),
)
def duplicate_basic_info_key(ctx: Context) -> list[Finding]:
    """a basic-info key appears more than once

    ## What it checks
    Each key of the basic-info table has one row, also counting a key written in the
    other edition's words or another case (`Status` beside `状态`). The first row is the
    one the rules read; the later ones are reported.

    ## Why a reviewer cares
    A forge shows both rows, and a reader cannot tell which one holds: `状态 | 评审中` and
    `状态 | 草稿` side by side leave the RFC's stage open.
    """
    return [
        Finding(
            row.line,
            1,
            "RFC112",
            f"'{row.written}' appears twice in the basic-info table (first at line {row.first_line}); keep one row",
        )
        for row in ctx.basic_info.rows
        if row.first_line is not None
    ]
