from __future__ import annotations

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import value_finding


@rule(
    "RFC105",
    "unknown-module",
    DRAFT,
    fails=edit("| 相关模块 | distributed / checkpoint / optimizer |", "| 相关模块 | distributed / pipeline |"),
    passes=edit(
        "| 相关模块 | distributed / checkpoint / optimizer |", "| 相关模块 | distributed、checkpoint、optimizer |"
    ),
)
def unknown_module(ctx: Context) -> list[Finding]:
    """a module (相关模块) is unknown or none is named

    ## What it checks
    The 相关模块 (Modules) row names one or more of the template's modules (the `_modules`
    of cookiecutter.json: model, distributed, checkpoint, optimizer, trainer), separated
    by `/`, `,`, `、` or spaces. A near miss gets a suggestion.

    ## Why a reviewer cares
    The modules decide who reviews the RFC and which module the template prints in bold;
    `RFC314` compares them with the modules 6.5 changes.
    """
    return value_finding(ctx, "相关模块", "RFC105", lambda value, shown: answers.modules_problems(value, ctx.rules))
