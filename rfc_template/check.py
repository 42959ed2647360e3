"""`rfc check`: an RFC against the template, stricter as its status advances.

The rules live in rfc_template/lints/, one file a rule (rfc_template/lint/registry.py
finds them); this module reads one RFC and runs them.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rfc_template import document
from rfc_template.editions import all_editions, edition, edition_of
from rfc_template.findings import Finding, in_order, normalise_newlines
from rfc_template.lint import registry, waivers
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
    waived: int = 0  # findings its waivers silenced


def read_the_template() -> None:
    """Everything the rules read off the template, read now (before `rfc check` forks
    its workers, so that each does not read it again)."""
    registry.all_rules()
    for ed in all_editions():
        model.model(ed.language)
        leftovers.template_lines(ed.language)


def check_text(text: str, path: Path | None = None, stage: str | None = None, settings=None) -> Checked:
    """`info` is keyed by the Chinese edition's names, whatever the RFC's edition.

    `settings` (rfc_template.config.Settings) choose the rules, their severities, the
    stage and what waivers may do; without them every rule runs at its default severity,
    and the RFC's waivers apply.
    """
    doc = document.parse(text)
    ctx = Context(doc, edition_of(doc), load_rules(), path)
    codes = settings.codes_for(path) if settings is not None else None
    findings, ran = registry.run(ctx, stage or (settings.stage if settings is not None else None), codes)
    waived = 0
    if (settings is None or settings.inline_config) and waivers.MARK in doc.source:
        lines = normalise_newlines(doc.source).split("\n")
        in_code = {n for block in doc.code_blocks for n in range(block.line, block.line + block.code.count("\n") + 2)}
        done = waivers.apply(findings, lines, in_code, ran, settings.require_reason if settings is not None else False)
        findings = done.kept + [f for f in done.problems if codes is None or f.code in codes]
        waived = done.waived
    findings = with_severity(findings, settings.severities() if settings is not None else {})
    sections = {heading.text for heading in doc.headings}
    is_no_rfc = not any(section.text in sections for section in ctx.edition.sections)
    return Checked(
        path or Path("-"), in_order(findings), dict(ctx.info), doc.title, ctx.edition.language, is_no_rfc, waived
    )


def with_severity(findings: list[Finding], configured: dict[str, str]) -> list[Finding]:
    """Each finding at its rule's severity, or the one the configuration gives its code."""
    levels = {**registry.default_warnings(), **configured}
    return [f if levels.get(f.code, "error") == f.severity else f._replace(severity=levels[f.code]) for f in findings]


def first_section(language: str = "zh") -> str:
    """The template's first section, as its heading is written (`## 1. 基本信息`)."""
    section = edition(language).sections[0]
    return f"{'#' * section.level} {section.text}"
