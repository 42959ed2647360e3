"""Every rule, found where it is defined, and the run of the rules of a stage.

There is no table of rules to keep in step: each module of a family package under
rfc_template/lints/ defines its rule with `@rule`, and `all_rules()` collects them.
"""

from __future__ import annotations

import difflib
import importlib
import pkgutil
from functools import cache

from rfc_template import lints
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, ERROR, REVIEW, Rule


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


def unknown_rule(given: str) -> str:
    """The message for a code or name that is no rule's, with the closest that is."""
    text = given.strip()
    close = []  # (how alike, how many characters in the same place, the code or name)
    rules = all_rules()
    for typed, known in ((text.upper(), [rule.code for rule in rules]), (text.lower(), [rule.name for rule in rules])):
        for match in difflib.get_close_matches(typed, known, n=len(known)):
            alike = difflib.SequenceMatcher(None, typed, match).ratio()
            close.append((alike, sum(a == b for a, b in zip(typed, match)), match))
    # on a tie, the one that differs in fewer places: RFC1O4 is RFC104 mistyped, not RFC314
    hint = f" (did you mean {max(close)[2]!r}?)" if close else ""
    return f"no rule is called {given!r}{hint}; rfc rule --list lists every rule"


@cache
def default_warnings() -> dict[str, str]:
    """The codes whose rules are warnings unless configured otherwise."""
    return {rule.code: rule.severity for rule in all_rules() if rule.severity != ERROR}


@cache
def _checks(codes: frozenset[str] | None = None) -> tuple[tuple[Rule, ...], tuple[Rule, ...]]:
    """The rules this process runs, draft ones and review ones (RFC204 is Mermaid's, the
    waivers' rules lint/waivers.py's): all, or those of `codes`."""
    runnable = [rule for rule in all_rules() if rule.check is not None and (codes is None or rule.code in codes)]
    return (tuple(r for r in runnable if r.stage != REVIEW), tuple(r for r in runnable if r.stage == REVIEW))


def run(ctx: Context, stage: str | None, codes: frozenset[str] | None = None) -> tuple[list[Finding], frozenset[str]]:
    """Every rule of the stage (given, or the one the RFC's status implies) among `codes`
    (all without): draft rules always, review rules too once the stage is review. Also
    the codes that ran, including the waivers' rules of the stage."""
    draft, review = _checks(codes)
    findings: list[Finding] = []
    for rule in draft:
        findings += rule.check(ctx)  # type: ignore[misc]
    if (stage or ctx.status_stage) == REVIEW:
        for rule in review:
            findings += rule.check(ctx)  # type: ignore[misc]
        return findings, _ran(codes, REVIEW)
    return findings, _ran(codes, DRAFT)


@cache
def _ran(codes: frozenset[str] | None, stage: str) -> frozenset[str]:
    return frozenset(
        rule.code
        for rule in all_rules()
        if not rule.needs_mermaid  # Mermaid's findings join after the waivers: RFC204 is not waived
        and (codes is None or rule.code in codes)
        and (stage == REVIEW or rule.stage == DRAFT)
    )
