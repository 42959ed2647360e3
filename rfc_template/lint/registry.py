"""Every rule, found where it is defined, and the run of the rules of a stage.

There is no table of rules to keep in step: each module of a family package under
rfc_template/lints/ defines its rule with `@rule`, and `all_rules()` collects them.
"""

from __future__ import annotations

import difflib
import importlib
import json
import pkgutil
from functools import cache
from pathlib import Path

from rfc_template import lints
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, ERROR, REVIEW, Rule


@cache
def all_rules() -> tuple[Rule, ...]:
    """Every rule, by code. A family is a package of lints/; each of its modules named
    `rfcNNN_*` defines one rule."""
    return _rules_of(_rule_modules())


@cache
def draft_rules() -> tuple[Rule, ...]:
    """The draft stage's rules, importing only their modules where the index lists every
    rule module there is (a draft is checked without loading the review rules: `rfc new`
    and the template's own check of a new RFC start faster)."""
    index = _index()
    if index is None:
        return tuple(rule for rule in all_rules() if rule.stage == DRAFT)
    return _rules_of([module for module, stage, _ in index.values() if stage == DRAFT])


def _rule_modules() -> list[str]:
    """The rule modules, found by their file names (nothing is imported to list them)."""
    root = Path(lints.__file__).parent
    families = [f for f in pkgutil.iter_modules([str(root)]) if f.ispkg]  # lints/model.py is shared, no family
    return [
        f"{lints.__name__}.{family.name}.{module.name}"
        for family in families
        for module in pkgutil.iter_modules([str(root / family.name)])
        if module.name.startswith("rfc")  # the family's own helpers are not rules
    ]


def _rules_of(modules: list[str]) -> tuple[Rule, ...]:
    found: dict[str, Rule] = {}
    for name in modules:
        for value in vars(importlib.import_module(name)).values():
            if isinstance(value, Rule):
                if value.code in found:
                    raise RuntimeError(f"{value.code} is defined twice: {found[value.code].module}, {value.module}")
                found[value.code] = value
    return tuple(sorted(found.values(), key=lambda r: r.code))


# Each rule's module, stage and severity, written by scripts/rule_docs.py from the rules
# themselves (and compared with them by tests/test_rules.py, like the docs).
INDEX = Path(lints.__file__).with_name("index.json")


def index_text() -> str:
    """What INDEX holds for the rules as they are."""
    rules = {rule.code: [rule.module, rule.stage, rule.severity] for rule in all_rules()}
    return json.dumps(rules, indent=1) + "\n"


@cache
def _index() -> dict[str, list[str]] | None:
    """code -> [module, stage, severity]; None where the index is missing or does not name
    exactly the rule modules there are (a rule added since): then every rule is imported."""
    try:
        index = json.loads(INDEX.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None
    if sorted(module for module, _, _ in index.values()) != sorted(_rule_modules()):
        return None
    return index


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
    index = _index()
    if index is not None:
        return {code: severity for code, (_, _, severity) in index.items() if severity != ERROR}
    return {rule.code: rule.severity for rule in all_rules() if rule.severity != ERROR}


@cache
def _checks(stage: str, codes: frozenset[str] | None = None) -> tuple[Rule, ...]:
    """The rules this process runs at the stage, draft ones first (RFC204 is Mermaid's, the
    waivers' rules lint/waivers.py's): all, or those of `codes`."""
    rules = all_rules() if stage == REVIEW else draft_rules()
    runnable = [rule for rule in rules if rule.check is not None and (codes is None or rule.code in codes)]
    return tuple(r for r in runnable if r.stage != REVIEW) + tuple(r for r in runnable if r.stage == REVIEW)


def run(ctx: Context, stage: str | None, codes: frozenset[str] | None = None) -> tuple[list[Finding], frozenset[str]]:
    """Every rule of the stage (given, or the one the RFC's status implies) among `codes`
    (all without): draft rules always, review rules too once the stage is review. Also
    the codes that ran, including the waivers' rules of the stage."""
    stage = REVIEW if (stage or ctx.status_stage) == REVIEW else DRAFT
    findings: list[Finding] = []
    for rule in _checks(stage, codes):
        findings += rule.check(ctx)  # type: ignore[misc]
    return findings, _ran(codes, stage)


@cache
def _ran(codes: frozenset[str] | None, stage: str) -> frozenset[str]:
    return frozenset(
        rule.code
        for rule in (all_rules() if stage == REVIEW else draft_rules())
        if not rule.needs_mermaid  # Mermaid's findings join after the waivers: RFC204 is not waived
        and (codes is None or rule.code in codes)
        and (stage == REVIEW or rule.stage == DRAFT)
    )
