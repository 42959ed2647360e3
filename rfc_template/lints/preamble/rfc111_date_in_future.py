from __future__ import annotations

import datetime

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule


@rule(
    "RFC111",
    "date-in-future",
    REVIEW,
    fails=edit("| 创建日期 | 2026-11-20 |", "| 创建日期 | 2999-01-01 |"),
    passes=edit("| 创建日期 | 2026-11-20 |", "| 创建日期 | 2026-01-05 |"),
)
def date_in_future(ctx: Context) -> list[Finding]:
    """the date (创建日期) is after today

    ## What it checks
    At review, the 创建日期 (Created) date is today or earlier. A date that is no real date
    is `RFC108`'s.

    ## Why a reviewer cares
    An RFC is not written in the future: a date after today is a typo (`2062` for `2026`)
    that puts the RFC in the wrong place of `rfc index`.
    """
    value = ctx.info.get("创建日期", "")
    try:
        date = datetime.date.fromisoformat(value)
    except ValueError:
        return []  # RFC108's business
    if date <= ctx.today:
        return []
    shown = ctx.edition.name("创建日期")
    return [
        Finding(ctx.info_lines["创建日期"], 1, "RFC111", f"{shown} {value} is after today ({ctx.today.isoformat()})")
    ]
