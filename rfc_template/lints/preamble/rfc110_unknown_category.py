from __future__ import annotations

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import in_edition, value_finding


@rule(
    "RFC110",
    "unknown-category",
    DRAFT,
    fails=edit("| 类型 | 性能优化 |", "| 类型 | 重构 |"),
    passes=edit("| 类型 | 性能优化 |", "| 类型 | Performance optimization |"),
)
def unknown_category(ctx: Context) -> list[Finding]:
    """the category (类型) is unknown

    ## What it checks
    The 类型 (Category) row is one of the four categories of the background table
    (功能补全, 性能优化, 易用性提升, DFX; the `rfc_type` of cookiecutter.json), in either
    edition's words.

    ## Why a reviewer cares
    The category says what section 2 must explain, and 性能优化 RFCs must show a baseline
    and a pass criterion (`RFC307`).
    """

    def problems(value: str, shown: str) -> list[str]:
        if value in ctx.rules.rfc_types:
            return []
        return [
            f"{shown} {answers.show(value)} is not allowed; choose one of: {', '.join(in_edition(ctx, ctx.rules.rfc_types))}"
        ]

    return value_finding(ctx, "类型", "RFC110", problems)
