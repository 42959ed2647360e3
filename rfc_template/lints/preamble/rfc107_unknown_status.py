from __future__ import annotations

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import in_edition, value_finding


@rule(
    "RFC107",
    "unknown-status",
    DRAFT,
    fails=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 搁置 Parked |"),
    passes=edit("| 状态 | 评审中 Reviewing |", "| 状态 | Reviewing |"),
)
def unknown_status(ctx: Context) -> list[Finding]:
    """the status (状态) is unknown

    ## What it checks
    The 状态 (Status) row is one of the template's statuses, in its order: 草稿 Draft,
    评审中 Reviewing, 已接受 Accepted, 已拒绝 Rejected (the `_statuses` of
    cookiecutter.json), written in either language or both (`评审中 Reviewing`, `评审中
    （Reviewing）`, `Reviewing / 评审中`).

    ## Why a reviewer cares
    The status decides the stage the RFC is checked at: a draft by the draft rules, every
    later status by the review rules too. An unknown status is checked as a draft, which
    is seldom what the author meant.
    """

    def problems(value: str, shown: str) -> list[str]:
        if ctx.rules.status_index(value) is not None:
            return []
        return [
            f"{shown} {answers.show(value)} is unknown; use one of: {' / '.join(in_edition(ctx, ctx.rules.statuses))}"
        ]

    return value_finding(ctx, "状态", "RFC107", problems)
