from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import value_finding


@rule(
    "RFC104",
    "author-empty",
    DRAFT,
    fails=edit("| 作者 | 李明 |", "| 作者 |  |"),
    passes=edit("| 作者 | 李明 |", "| 作者 | 李明、Wang Qiang |"),
)
def author_empty(ctx: Context) -> list[Finding]:
    """the author (作者) is empty

    ## What it checks
    The 作者 (Author) row names someone: any text but white space.

    ## Why a reviewer cares
    An RFC is discussed with its author; the biweekly review needs a name to ask.
    """
    return value_finding(
        ctx, "作者", "RFC104", lambda value, shown: [] if value.strip() else [f"{shown} must not be empty"]
    )
