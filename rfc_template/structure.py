"""The sections every RFC must have, read from the template itself, and their check.

There is no second, hand-kept list: `required_sections()` parses the headings of the
template's `rfc.md` edition (levels 2 and 3; the level-1 title is the RFC's own).
"""

from __future__ import annotations

import re
from functools import cache

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.template import rfc_template_path


@cache
def required_sections(language: str = "zh") -> tuple[document.Heading, ...]:
    """The template's level-2 and level-3 headings, in order (read by document.py, which
    also knows an RFC's heading for the section it heads: `document.section_of`)."""
    return document.template_headings(language)


def section_findings(
    doc: document.Document, language: str = "zh", not_missing: frozenset[str] | set[str] = frozenset()
) -> list[Finding]:
    """Each required section present once, at its level, in the template's order (those
    in `not_missing` are not reported when absent: another finding says why)."""
    findings: list[Finding] = []
    found: dict[str, list[document.Heading]] = {}
    for heading in doc.headings:  # by the section each heads: `6.4 关键逻辑（Key Logic）` is 6.4
        found.setdefault(heading.section, []).append(heading)
    previous: document.Heading | None = None
    for required in required_sections(language):
        hits = found.get(required.text, [])
        if not hits:
            if required.text in not_missing:
                continue
            where = previous.line if previous else 1
            findings.append(Finding(where, 1, "RFC001", f"missing section '{'#' * required.level} {required.text}'"))
            continue
        first, *repeats = hits
        for repeat in repeats:
            findings.append(
                Finding(
                    repeat.line,
                    1,
                    "RFC003",
                    f"section '{required.text}' appears more than once (first at line {first.line})",
                )
            )
        if first.level != required.level:
            findings.append(
                Finding(
                    first.line,
                    1,
                    "RFC005",
                    f"section '{required.text}' must be a level-{required.level} heading ('{'#' * required.level} ')",
                )
            )
        if previous and first.line < previous.line:
            findings.append(
                Finding(
                    first.line,
                    1,
                    "RFC002",
                    f"section '{required.text}' is out of order: it must come after '{previous.text}'",
                )
            )
        else:
            previous = first
    return findings


@cache
def template_lines_by_section(language: str = "zh") -> dict[str, tuple[str, ...]]:
    """The template's source lines under each level-2/3 heading ("" before the first)."""
    sections: dict[str, list[str]] = {}
    current = ""
    for line in rfc_template_path(language).read_text(encoding="utf-8").splitlines():
        if line.startswith("## ") or line.startswith("### "):
            current = line.lstrip("#").strip()
        sections.setdefault(current, []).append(line)
    return {name: tuple(lines) for name, lines in sections.items()}


@cache
def basic_info_keys(language: str = "zh") -> tuple[str, ...]:
    """The first column of the template's basic-info table, in order (作者, 相关模块, ...)."""
    basic_info = required_sections(language)[0].text
    rows = [line for line in template_lines_by_section(language)[basic_info] if line.startswith("| ")]
    keys = [row.split("|")[1].strip() for row in rows]
    return tuple(keys[2:])  # without the header (项目) and delimiter rows


@cache
def diagram_sections(language: str = "zh") -> dict[str, str]:
    """`diagrams/<name>.mmd` -> the section whose mermaid block it copies, from the includes."""
    found = {}
    for section, lines in template_lines_by_section(language).items():
        for line in lines:
            match = re.search(r'\{% include "mermaid/(?:\w+/)?([\w-]+\.mmd)" %\}', line)
            if match:
                found[match.group(1)] = section
    return found


@cache
def template_rows(language: str = "zh") -> tuple[tuple[str, ...], ...]:
    """The cells of every literal table row of the template (rows with Jinja left out), in order."""
    rows = (TEMPLATE_COMMENT.sub("", line) for lines in template_lines_by_section(language).values() for line in lines)
    return tuple(
        tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
        for line in rows
        if line.startswith("|") and "{" not in line
    )


# A Jinja comment in a line (the hint mark of lints/model.py): it renders to nothing.
TEMPLATE_COMMENT = re.compile(r"\{#.*?#\}")
