"""`rfc check`: an RFC against the template, stricter as its status advances.

The rules live in rfc_template/lints/, one file a rule (rfc_template/lint/registry.py
finds them); this module reads one RFC and runs them.

An RFC with merge conflicts left in it (`cruft update`: "Applied patch to rfc.md with
conflicts") is checked as the text with each conflict resolved to its first side, ours:
the author's own text. RFC012 reports each conflict at its `<<<<<<<` line; every other
finding is moved back to the line it reads in the file, so that no rule reports what the
markers do to the Markdown (a `=======` under a line is a heading, a marker ends a table).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from rfc_template import document
from rfc_template.editions import all_editions, edition, edition_of
from rfc_template.findings import Finding, in_order, normalise_newlines
from rfc_template.lint import registry, waivers
from rfc_template.lint.context import Context, Resolution, merge_conflicts, resolve
from rfc_template.lints.blocks.rfc012_merge_conflict import CODE as MERGE_CONFLICT
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
    from rfc_template.lints import leftovers, model  # review rules' own: a draft's check does without them

    registry.all_rules()
    for ed in all_editions():
        model.model(ed.language)
        leftovers.template_lines(ed.language)


def check_text(
    text: str, path: Path | None = None, stage: str | None = None, settings=None, doc: document.Document | None = None
) -> Checked:
    """`info` is keyed by the Chinese edition's names, whatever the RFC's edition.

    `settings` (rfc_template.config.Settings) choose the rules, their severities, the
    stage and what waivers may do; without them every rule runs at its default severity,
    and the RFC's waivers apply. `doc`: the text parsed already (rfc site draws it too).
    """
    doc = doc or document.parse(text)
    conflicts = merge_conflicts(doc)
    resolution = None
    if conflicts:  # the rules read each conflict resolved to its first side (RFC012)
        resolution = resolve(doc.source, conflicts)
        doc = document.parse(resolution.text)
    requested = stage or (settings.stage if settings is not None else None)
    ctx = Context(doc, edition_of(doc), load_rules(), path, conflicts=conflicts, requested_stage=requested)
    codes = settings.codes_for(path) if settings is not None else None
    findings, ran = registry.run(ctx, requested, codes)
    placed: dict[Finding, Finding] = {}
    if resolution is not None:  # the waivers read the resolved text: each finding at its line there
        findings, placed = where_conflicts_stand(findings, resolution)
    waived = 0
    if (settings is None or settings.inline_config) and waivers.MARK in doc.source:
        lines = normalise_newlines(doc.source).split("\n")
        in_code = {n for block in doc.code_blocks for n in range(block.line, block.last_line + 1)}
        done = waivers.apply(findings, lines, in_code, ran, settings.require_reason if settings is not None else False)
        findings = done.kept + [f for f in done.problems if codes is None or f.code in codes]
        waived = done.waived
    if resolution is not None:
        findings = [placed.get(f) or as_written(f, resolution) for f in findings]
    findings = with_severity(findings, settings.severities() if settings is not None else {})
    sections = {heading.text for heading in doc.headings}
    is_no_rfc = not any(section.text in sections for section in ctx.edition.sections)
    return Checked(
        path or Path("-"), in_order(findings), dict(ctx.info), doc.title, ctx.edition.language, is_no_rfc, waived
    )


def where_conflicts_stand(
    findings: list[Finding], resolution: Resolution
) -> tuple[list[Finding], dict[Finding, Finding]]:
    """The findings, each at a line of the resolved text: RFC012's (at the `<<<<<<<` line
    of the file) where its conflict stood, the others as they are; and RFC012's findings
    so moved, to put them back. A waiver just above a conflict is above it in both texts."""
    by_line = {conflict.line: conflict for conflict in resolution.conflicts}
    moved: list[Finding] = []
    placed: dict[Finding, Finding] = {}
    for finding in findings:
        conflict = by_line.get(finding.line) if finding.code == MERGE_CONFLICT else None
        if conflict is None:
            moved.append(finding)
            continue
        there = finding._replace(line=resolution.where(conflict))
        placed[there] = finding
        moved.append(there)
    return moved, placed


def as_written(finding: Finding, resolution: Resolution) -> Finding:
    """A finding of the resolved text at its line in the file. --fix rewrites nothing while
    conflicts are left (rfc_template/fixes.py): a finding that offers it says so."""
    from rfc_template import fixes  # only with conflicts: what --fix fixes, read by no check

    finding = resolution.as_written(finding)
    if finding.code in fixes.FIXED_CODES:
        finding = finding._replace(message=f"{finding.message} (once the merge conflicts are resolved: {NO_FIX})")
    return finding


NO_FIX = "rfc check --fix rewrites nothing while they are left"


def outside_conflicts(findings: list[Finding], text: str) -> list[Finding]:
    """Findings of a reader of the RFC as written (Mermaid's, `--diagrams`), without those
    in a merge conflict or in a code block one is in: what such a reader read is neither
    side, and RFC012 reports the conflict."""
    if "<<<<<<<" not in text:
        return findings
    doc = document.parse(text)
    damaged = [(conflict.line, conflict.end) for conflict in merge_conflicts(doc)]
    if not damaged:
        return findings
    for block in doc.code_blocks:
        first, last = block.line, block.last_line
        if any(start <= last and first <= end for start, end in damaged):
            damaged.append((first, last))
    return [f for f in findings if not any(start <= f.line <= end for start, end in damaged)]


def with_severity(findings: list[Finding], configured: dict[str, str]) -> list[Finding]:
    """Each finding at its rule's severity, or the one the configuration gives its code."""
    levels = {**registry.default_warnings(), **configured}
    return [f if levels.get(f.code, "error") == f.severity else f._replace(severity=levels[f.code]) for f in findings]


def first_section(language: str = "zh") -> str:
    """The template's first section, as its heading is written (`## 1. 基本信息`)."""
    section = edition(language).sections[0]
    return f"{'#' * section.level} {section.text}"
