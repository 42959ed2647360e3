"""`rfc check`: an RFC against the template, stricter as its status advances.

The rules live in rfc_template/lints/, one file a rule (rfc_template/lint/registry.py
finds them); this module reads one RFC and runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rfc_template import document
from rfc_template.editions import all_editions, edition, edition_of
from rfc_template.findings import Finding, in_order
from rfc_template.lint import registry
from rfc_template.lint.context import Context
from rfc_template.lints import leftovers, model
from rfc_template.template import DRAFT, REVIEW, STAGES, load_rules

__all__ = ["DRAFT", "REVIEW", "STAGES", "Checked", "check_text", "first_section", "read_the_template"]


@dataclass
class Checked:
    """What one file yielded: its findings, and the basic info for `rfc index`."""

    path: Path
    findings: list[Finding]
    info: dict[str, str]
    title: str
    language: str = "zh"  # the RFC's edition
    is_no_rfc: bool = False  # none of the template's sections is in it


def read_the_template() -> None:
    """Everything the rules read off the template, read now (before `rfc check` forks
    its workers, so that each does not read it again)."""
    registry.all_rules()
    for ed in all_editions():
        model.model(ed.language)
        leftovers.template_lines(ed.language)


def check_text(text: str, path: Path | None = None, stage: str | None = None) -> Checked:
    """`info` is keyed by the Chinese edition's names, whatever the RFC's edition."""
    doc = document.parse(text)
    ctx = Context(doc, edition_of(doc), load_rules(), path)
    findings = registry.run(ctx, stage)
    sections = {heading.text for heading in doc.headings}
    is_no_rfc = not any(section.text in sections for section in ctx.edition.sections)
    return Checked(path or Path("-"), in_order(findings), dict(ctx.info), doc.title, ctx.edition.language, is_no_rfc)


def first_section(language: str = "zh") -> str:
    """The template's first section, as its heading is written (`## 1. 基本信息`)."""
    section = edition(language).sections[0]
    return f"{'#' * section.level} {section.text}"
