"""Every rule, found where it is defined, and the run of the rules of a stage.

There is no table of rules to keep in step: each module of a family package under
rfc_template/lints/ defines its rule with `@rule`, and `all_rules()` collects them.
"""

from __future__ import annotations

import importlib
import pkgutil
from functools import cache

from rfc_template import lints
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, Rule


@cache
def all_rules() -> tuple[Rule, ...]:
    """Every rule, by code. A family is a package of lints/; each of its modules named
    `rfcNNN_*` defines one rule."""
    found: dict[str, Rule] = {}
    for family in pkgutil.iter_modules(lints.__path__, lints.__name__ + "."):
        if not family.ispkg:
            continue  # a module shared by several families (lints/model.py)
        package = importlib.import_module(family.name)
        for module in pkgutil.iter_modules(package.__path__, package.__name__ + "."):
            if not module.name.rpartition(".")[2].startswith("rfc"):
                continue  # the family's own helpers
            for value in vars(importlib.import_module(module.name)).values():
                if isinstance(value, Rule):
                    if value.code in found:
                        raise RuntimeError(f"{value.code} is defined twice: {found[value.code].module}, {value.module}")
                    found[value.code] = value
    return tuple(sorted(found.values(), key=lambda r: r.code))


@cache
def rules_by_code() -> dict[str, Rule]:
    return {rule.code: rule for rule in all_rules()}


@cache
def rules_by_name() -> dict[str, Rule]:
    return {rule.name: rule for rule in all_rules()}


def find_rule(code_or_name: str) -> Rule | None:
    """A rule by its code (any case) or its name."""
    return rules_by_code().get(code_or_name.upper()) or rules_by_name().get(code_or_name.lower())


@cache
def _checks() -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """The rules this process runs, draft ones and review ones (RFC204 is Mermaid's)."""
    runnable = [rule for rule in all_rules() if rule.check is not None]
    return (tuple(r for r in runnable if r.stage != REVIEW), tuple(r for r in runnable if r.stage == REVIEW))


def run(ctx: Context, stage: str | None) -> list[Finding]:
    """Every rule of the stage (given, or the one the RFC's status implies): draft rules
    always, review rules too once the stage is review."""
    draft, review = _checks()
    findings: list[Finding] = []
    for rule in draft:
        findings += rule.check(ctx)  # type: ignore[misc]
    if (stage or ctx.status_stage) == REVIEW:
        for rule in review:
            findings += rule.check(ctx)  # type: ignore[misc]
    return findings
