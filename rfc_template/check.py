"""`rfc check`: an RFC against the template, stricter as its status advances.

The rules live in rfc_template/lints/, one module per family, with their codes, stages
and summaries in one table (`lints.RULES`); docs/rfc-command.md documents each one with an
example. This module reads the file and runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rfc_template import document
from rfc_template.editions import all_editions, edition, edition_of
from rfc_template.findings import Finding, in_order
from rfc_template.lints import DRAFT, REVIEW, RULES, STAGES, Context, run  # noqa: F401 (the command's names)
from rfc_template.template import Rules, load_rules


@dataclass
class Checked:
    """What one file yielded: its findings, and the basic info for `rfc index`."""

    path: Path
    findings: list[Finding]
    info: dict[str, str]
    title: str
    language: str = "zh"  # the RFC's edition
    is_no_rfc: bool = False  # none of the template's sections is in it


def stage_of(status: str, rules: Rules) -> str:
    """A draft is checked as a draft; every later status as ready for review."""
    index = status_index(status, rules)
    return DRAFT if index in (None, 0) else REVIEW


def status_index(status: str, rules: Rules) -> int | None:
    """The status's place in the template's order (either edition's words), or None."""
    known = rules.canonical(status)
    return rules.statuses.index(known) if known in rules.statuses else None


def read_the_template() -> None:
    """Everything the rules read off the template, read now (before `rfc check` forks
    its workers, so that each does not read it again)."""
    from rfc_template.lints import leftovers, model

    for ed in all_editions():
        model.model(ed.language)
        leftovers.template_lines(ed.language)


def check_text(text: str, path: Path | None = None, stage: str | None = None) -> Checked:
    """`info` is keyed by the Chinese edition's names, whatever the RFC's edition."""
    doc = document.parse(text)
    ctx = Context(doc, edition_of(doc), load_rules(), path)
    findings = run(ctx, stage)
    sections = {heading.text for heading in doc.headings}
    is_no_rfc = not any(section.text in sections for section in ctx.edition.sections)
    return Checked(path or Path("-"), in_order(findings), ctx.info, doc.title, ctx.edition.language, is_no_rfc)


def first_section(language: str = "zh") -> str:
    """The template's first section, as its heading is written (`## 1. 基本信息`)."""
    section = edition(language).sections[0]
    return f"{'#' * section.level} {section.text}"
