from __future__ import annotations

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import value_finding


@rule(
    "RFC106",
    "unknown-backend",
    DRAFT,
    fails=edit("| 适用后端 | PT + MS |", "| 适用后端 | TF |"),
    passes=edit("| 适用后端 | PT + MS |", "| 适用后端 | PT＋MS |"),
)
def unknown_backend(ctx: Context) -> list[Finding]:
    """the backend (适用后端) is unknown

    ## What it checks
    The 适用后端 (Backend) row is one of the template's backends, `PT + MS`, `PT` or `MS`,
    also written in either edition's words (`both`, `PyTorch only`, `仅 MindSpore`) and in
    any spacing, case or width.

    ## Why a reviewer cares
    The backend decides which rows the RFC must fill (`RFC306`) or drop (`RFC315`) and
    where the tests go (`tests/torch/`, `tests/mindspore/`).
    """
    return value_finding(
        ctx, "适用后端", "RFC106", lambda value, shown: answers.choice_problems(shown, value, ctx.rules.backends)
    )
