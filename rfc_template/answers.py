"""Checking and normalising the answers a user gives the template.

Used by `hooks/pre_gen_project.py` (before cookiecutter writes a file), by the
template's Jinja filters and by `rfc new`, so each rule is written once here.
Standard library only: hooks run under whatever interpreter runs cookiecutter.
"""

from __future__ import annotations

import datetime
import re
import unicodedata
from collections.abc import Mapping

from rfc_template.template import Rules, load_rules

# The public answer names, in prompt order: the interface of `--no-input` users.
ANSWER_NAMES = (
    "language",
    "rfc_title",
    "rfc_slug",
    "author",
    "modules",
    "backend",
    "related_issue",
    "rfc_type",
    "date",
)

SLUG_PATTERN = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*\Z")
SLUG_MAX_LENGTH = 100
TEXT_MAX_LENGTH = 200
# `#123` (issue) or `!123` (merge request), or an http(s) link with no character that
# would end a Markdown autolink (`<https://...>`) or a table cell; or another repository's
# issue (`mindspore/hyper-parallel#2790`, a subgroup's `group/sub/repo!17`), which the forge links.
ISSUE_PATTERN = re.compile(
    r"(?:(?:[A-Za-z0-9][\w.-]{0,99}/(?:[\w.-]{1,100}/){0,3}[\w.-]{1,100})?[#!][1-9][0-9]{0,9}|https?://[^\s<>|`\\\"]+)\Z"
)
DATE_PATTERN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}\Z")
MODULE_SEPARATORS = re.compile(r"[,，、/／\s]+")


def show(value: object, limit: int = 60) -> str:
    """A value quoted for an error message: printable, one line, never too long."""
    text = str(value)
    if len(text) > limit:
        text = text[:limit] + "…"
    shown = "".join(ch if ch.isprintable() else ch.encode("unicode_escape").decode("ascii") for ch in text)
    return f"'{shown}'"


def split_modules(value: str) -> list[str]:
    """'Checkpoint， distributed' -> ['checkpoint', 'distributed'] (as written, lowercased)."""
    return [part.lower() for part in MODULE_SEPARATORS.split(value.strip()) if part]


def canonical_modules(value: str, rules: Rules | None = None) -> list[str]:
    """The known modules named in `value`, without duplicates, in the template's order."""
    rules = rules or load_rules()
    named = set(split_modules(value))
    return [module for module in rules.modules if module in named]


def feature_identifier(slug: str) -> str:
    """The Python name part of `enable_<feature>`: 'ring-attention' -> 'ring_attention'."""
    return slug.replace("-", "_")


# Characters that reorder the text around them (the "Trojan Source" trick): a title
# could read differently from what it is.
BIDI_CONTROLS = "\u061c\u200e\u200f\u202a\u202b\u202c\u202d\u202e\u2066\u2067\u2068\u2069"


# Control, surrogate, private-use, unassigned, line and paragraph separator characters.
REFUSED_CATEGORIES = ("Cc", "Cs", "Co", "Cn", "Zl", "Zp")


def _unprintable(value: str) -> str | None:
    for ch in value:
        if unicodedata.category(ch) in REFUSED_CATEGORIES or ch in BIDI_CONTROLS:
            return ch.encode("unicode_escape", errors="backslashreplace").decode("ascii")
    return None


def _check_text(name: str, value: object, required: bool) -> list[str]:
    if not isinstance(value, str):
        return [f"{name}: must be text, got {type(value).__name__}"]
    if required and not value.strip():
        return [f"{name}: required; it must not be empty"]
    bad = _unprintable(value)
    if bad:
        return [f"{name}: contains the control or invalid character {bad}; write it on one line"]
    if len(value) > TEXT_MAX_LENGTH:
        return [f"{name}: {len(value)} characters; at most {TEXT_MAX_LENGTH} are allowed"]
    return []


def slug_problems(slug: object) -> list[str]:
    if not isinstance(slug, str) or not SLUG_PATTERN.match(slug) or len(slug) > SLUG_MAX_LENGTH:
        return [
            f"rfc_slug: {show(slug)} is not a safe directory name; use lowercase ASCII letters, "
            f"digits and single hyphens, at most {SLUG_MAX_LENGTH} characters (e.g. 'ring-attention')"
        ]
    return []


def modules_problems(value: object, rules: Rules) -> list[str]:
    allowed = ", ".join(rules.modules)
    if not isinstance(value, str) or not split_modules(value):
        return [f"modules: name at least one of {allowed} (comma-separated)"]
    unknown = [m for m in dict.fromkeys(split_modules(value)) if m not in rules.modules]
    if unknown:
        names = ", ".join(show(m) + _did_you_mean(m, rules.modules) for m in unknown)
        return [f"modules: unknown {names}; allowed: {allowed} (comma-separated)"]
    return []


def _did_you_mean(value: str, known: tuple[str, ...]) -> str:
    import difflib

    close = difflib.get_close_matches(value, known, n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def choice_problems(
    name: str, value: object, allowed: tuple[str, ...], labels: Mapping[str, str] | None = None
) -> list[str]:
    """`labels`: how the other edition writes a choice, shown beside it (`功能补全 (Missing capability)`)."""
    if value not in allowed:
        shown = (f"{choice} ({labels[choice]})" if labels and choice in labels else choice for choice in allowed)
        return [f"{name}: {show(value)} is not allowed; choose one of: {', '.join(shown)}"]
    return []


def issue_problems(value: object) -> list[str]:
    if value == "":
        return []
    if not isinstance(value, str) or not ISSUE_PATTERN.match(value):
        hint = f" (did you mean '#{value.strip()}'?)" if isinstance(value, str) and value.strip().isdigit() else ""
        return [
            f"related_issue: {show(value)} is not a link or an issue number{hint}; use "
            "https://..., #123 (issue), !123 (merge request) or owner/repo#123, or leave it empty"
        ]
    return []


def date_problems(value: object) -> list[str]:
    problem = [f"date: {show(value)} is not a real date; use ISO YYYY-MM-DD, e.g. 2026-12-01"]
    if not isinstance(value, str) or not DATE_PATTERN.match(value):
        return problem
    try:
        datetime.date.fromisoformat(value)
    except ValueError:
        return problem
    return []


def field_problems(name: str, value: object, rules: Rules | None = None) -> list[str]:
    """The problems with one answer, one line each (`rfc new` asks again after them)."""
    rules = rules or load_rules()
    checks = {
        "language": lambda: choice_problems("language", value, rules.languages),
        "rfc_title": lambda: _check_text("rfc_title", value, required=True),
        "rfc_slug": lambda: slug_problems(value),
        "author": lambda: _check_text("author", value, required=True),
        "modules": lambda: modules_problems(value, rules),
        "backend": lambda: choice_problems("backend", value, rules.backends),
        "related_issue": lambda: issue_problems(value),
        "rfc_type": lambda: choice_problems("rfc_type", value, rules.rfc_types, rules.en_labels),
        "date": lambda: date_problems(value),
    }
    return checks[name]()


def find_problems(answers: Mapping[str, object], rules: Rules | None = None) -> list[str]:
    """Every problem with the answers, one line each, naming the variable and what is allowed."""
    rules = rules or load_rules()
    missing = [name for name in ANSWER_NAMES if name not in answers]
    if missing:
        return [f"{name}: missing from the answers" for name in missing]
    return [problem for name in ANSWER_NAMES for problem in field_problems(name, answers[name], rules)]
