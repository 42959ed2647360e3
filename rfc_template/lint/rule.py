"""What a rule is, and the decorator that defines one.

A rule is defined once, in its own file under rfc_template/lints/<family>/: the decorator
gives its code, name, stage, severity and examples; the function's docstring is its
summary (first line) and its documentation (the rest, Markdown). The docs, `rfc rule`,
the SARIF rules and the per-rule tests are all read from here.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from rfc_template.findings import Finding
from rfc_template.template import DRAFT, REVIEW, STAGES

ERROR, WARNING = "error", "warning"
SEVERITIES = (ERROR, WARNING)
DOCS_URL = "https://github.com/mindspore/rfc-template/blob/main/docs/rules/{code}.md"

__all__ = ["DRAFT", "ERROR", "REVIEW", "SEVERITIES", "STAGES", "WARNING", "Example", "Rule", "rule"]


@dataclass(frozen=True)
class Example:
    """Edits of a filled RFC that make the rule report (a failing example) or that it
    must accept (a passing one): each `(old, new)` replaces the first `old` by `new`.

    `rfc` names the filled RFC edited (`zh` or `en`, see lint/docs.py); `at` is text of
    the edited RFC on whose line the finding is expected, when that is not the edit's
    first line (a missing row is reported at its table).
    """

    edits: tuple[tuple[str, str], ...]
    rfc: str = "zh"
    at: str | None = None


def edit(old: str, new: str, *more: tuple[str, str], rfc: str = "zh", at: str | None = None) -> Example:
    """An Example from one edit (`old` -> `new`) and any `more` pairs."""
    return Example(((old, new), *more), rfc, at)


Check = Callable[..., Iterable[Finding]]


@dataclass(frozen=True)
class Rule:
    code: str  # RFCnnn, stable: CI configurations and waivers name it
    name: str  # kebab-case, what the rule checks: `table-matches-signature`
    stage: str  # the first stage it runs at (review runs the draft rules too)
    severity: str  # its default severity
    summary: str  # one line: the docstring's first
    doc: str  # the docstring's body: what it checks and why a reviewer cares (Markdown)
    check: Check | None  # (Context) -> findings; None where another program reports it
    module: str  # where it is defined (the rule's file)
    fails: tuple[Example, ...] = ()
    passes: tuple[Example, ...] = ()
    needs_mermaid: bool = False  # reported only by `rfc check --diagrams` (Mermaid itself)
    reported_by: str = ""  # where the rule has no check of its own: what reports it

    @property
    def url(self) -> str:
        return DOCS_URL.format(code=self.code)


def rule(
    code: str,
    name: str,
    stage: str,
    severity: str = ERROR,
    *,
    fails: Example | tuple[Example, ...] = (),
    passes: Example | tuple[Example, ...] = (),
    needs_mermaid: bool = False,
    reported_by: str = "",
) -> Callable[[Check], Rule]:
    """Define the rule whose check is the decorated function (see the module's docstring)."""
    if stage not in STAGES or severity not in SEVERITIES:
        raise ValueError(f"{code}: stage must be one of {STAGES}, severity one of {SEVERITIES}")

    def define(check: Check) -> Rule:
        summary, _, body = inspect.cleandoc(check.__doc__ or "").partition("\n")
        return Rule(
            code,
            name,
            stage,
            severity,
            summary.strip(),
            body.strip(),
            None if needs_mermaid or reported_by else check,
            check.__module__,
            fails if isinstance(fails, tuple) else (fails,),
            passes if isinstance(passes, tuple) else (passes,),
            needs_mermaid,
            "rfc_template/mermaid.py (rfc check --diagrams)" if needs_mermaid else reported_by,
        )

    return define
