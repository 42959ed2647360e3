"""The template's own example content still in place: example code, hint text in a
table cell, a stub diagram. Read off the template (lints/model.py), never listed here."""

from __future__ import annotations

import re
from functools import cache

from rfc_template import structure
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.template import rfc_template_path


def other_edition_rows(ctx: Context, wanted) -> list[Finding]:
    """A table row named as only the other edition's template names it (`和已有行为不一致`
    in an English RFC's section 8): its hint and all, pasted from the wrong template."""
    own = ctx.edition.language
    others = [language for language in ctx.rules.languages if language != own]
    findings = []
    for table in ctx.doc.tables:
        for offset, row in enumerate(table.rows):
            label = row[0] if row else ""
            if len(label) < 2 or not wanted(label) or label in row_labels(own):
                continue
            language = next((other for other in others if label in row_labels(other)), None)
            if language:
                findings.append(
                    Finding(
                        table.line + 2 + offset,
                        1,
                        "RFC316",
                        f"this row is the {language} template's, not this RFC's edition",
                    )
                )
    return findings


@cache
def row_labels(language: str) -> frozenset[str]:
    """The first cells of the template's literal table rows (Jinja rows left out)."""
    return frozenset(row[0] for row in structure.template_rows(language))


CJK = re.compile(r"[\u4e00-\u9fff]")


COMMENT_MARK = re.compile(r"<!--|-->")
LIST_MARK = re.compile(r"^\s*(?:[-*+•]|\d+\.)\s+")


def bare(line: str) -> str:
    """A line without list markers, comment markers and surrounding space."""
    return LIST_MARK.sub("", COMMENT_MARK.sub("", line)).strip()


@cache
def template_lines(language: str) -> frozenset[str]:
    """The template's own prose lines in its language (guidance comments included),
    long enough not to be a coincidence; Jinja lines are left out."""
    source = rfc_template_path(language).read_text(encoding="utf-8")
    lines = set()
    for line in source.splitlines():
        text = bare(line)
        if not text or text.startswith(("|", "#", "`", "{")) or "{{" in text or "{%" in text:
            continue
        if len(text) >= 8 and (language != "zh" or re.search(r"[\u4e00-\u9fff]", text)):
            lines.add(text)
    return frozenset(lines)
