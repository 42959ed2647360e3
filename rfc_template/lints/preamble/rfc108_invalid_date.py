from __future__ import annotations

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import value_finding


@rule(
    "RFC108",
    "invalid-date",
    DRAFT,
    fails=edit("| 创建日期 | 2026-11-20 |", "| 创建日期 | 2026-11-31 |"),
    passes=edit("| 创建日期 | 2026-11-20 |", "| 创建日期 | 2024-02-29 |"),
)
def invalid_date(ctx: Context) -> list[Finding]:
    """the date (创建日期) is not a real ISO date

    ## What it checks
    The 创建日期 (Created) row is a date of the calendar written `YYYY-MM-DD`.

    ## Why a reviewer cares
    `rfc index` orders RFCs by this date; `2026/11/20`, `11-20` or `2026-11-31` cannot be
    ordered or trusted.
    """
    return value_finding(ctx, "创建日期", "RFC108", lambda value, shown: answers.date_problems(value))
