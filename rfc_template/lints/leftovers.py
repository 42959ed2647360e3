"""The template's own example content still in place: example code, hint text in a
table cell, a stub diagram. Read off the template (lints/model.py), never listed here."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template import structure
from rfc_template.findings import Finding
from rfc_template.lints import Context
from rfc_template.lints.model import model, skeleton
from rfc_template.lints.slots import rows
from rfc_template.template import rfc_template_path


def example_code(ctx: Context) -> list[Finding]:
    """RFC311: a code block that is still the template's example (whatever name was put
    in), or a distinctive line of it (5.1's `option_a=...`, `# 按实际特性替换`)."""
    m = model(ctx.edition.language)
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info == "mermaid":
            continue
        if any(p.fullmatch(block.code) for p in m.example_code.get(block.section, ())):
            findings.append(Finding(block.line, 1, "RFC311", f"the code in '{block.section}' is still the template's example; write the feature's own"))
            continue
        for number, line in enumerate(block.code.splitlines(), start=block.line + 1):
            if line.strip() in m.example_lines.get(block.section, ()):
                findings.append(Finding(number, 1, "RFC311", f"'{line.strip()}' is a line of the template's example"))
    return findings


def hint_cells(ctx: Context) -> list[Finding]:
    """RFC312: a cell the author should fill still holds the template's hint."""
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        keys = m.hint_keys.get(table.section, ())
        for line, row in rows(table):
            if row and row[0] in keys:
                findings.append(Finding(line, 1, "RFC312", f"'{table.section}': '{row[0]}' is the template's hint; name the real one"))
            for column, cell in zip(table.header[1:], row[1:]):
                hint = m.hints.get((table.section, row[0], column)) or m.hints.get((table.section, "", column))
                if cell and hint == cell:
                    findings.append(Finding(line, 1, "RFC312", f"'{table.section}' row '{row[0]}': {column} is still the template's hint '{cell}'"))
    return findings


def stub_diagrams(ctx: Context) -> list[Finding]:
    """RFC313: a diagram that is the template's stub, node for node, whatever its words."""
    stubs = model(ctx.edition.language).stubs
    sizes = {len(stub) for _, stub in stubs}
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info != "mermaid" or sum(1 for l in block.code.splitlines() if l.strip() and not l.strip().startswith("%%")) not in sizes:
            continue  # (a stub has as many lines as its skeleton, comments aside: a cheap first test)
        shape = skeleton(block.code)
        for name, stub in stubs:
            if shape == stub:
                findings.append(Finding(block.line, 1, "RFC313", f"the diagram in '{block.section}' is still the template's stub ({name}); draw the feature's own"))
    return findings


def other_edition_lines(ctx: Context) -> list[Finding]:
    """RFC316: a line of the other edition's template (its text, a slot line, its
    guidance) left in the RFC: pasted from the wrong template, or never translated."""
    own = ctx.edition.language
    foreign = {}
    for language in ctx.rules.languages:
        if language != own:
            foreign.update(dict.fromkeys(template_lines(language), language))
    # a Chinese template line has Chinese in it; an English one has none
    wanted = (lambda text: CJK.search(text) is not None) if own != "zh" else (lambda text: CJK.search(text) is None)
    findings = []
    for number, line in enumerate(ctx.visible_lines, start=1):
        text = line.strip()
        if len(text) < 8 or text.startswith("|") or not wanted(text):
            continue
        text = _bare(text)
        if text in foreign and text not in template_lines(own):
            findings.append(Finding(number, 1, "RFC316", f"this line is the {foreign[text]} template's, not this RFC's edition"))
    return findings + _other_edition_rows(ctx, wanted)


def _other_edition_rows(ctx: Context, wanted) -> list[Finding]:  # type: ignore[no-untyped-def]
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
                findings.append(Finding(table.line + 2 + offset, 1, "RFC316",
                                        f"this row is the {language} template's, not this RFC's edition"))
    return findings


@lru_cache(maxsize=None)
def row_labels(language: str) -> frozenset[str]:
    """The first cells of the template's literal table rows (Jinja rows left out)."""
    return frozenset(row[0] for row in structure.template_rows(language))


CJK = re.compile(r"[\u4e00-\u9fff]")


COMMENT_MARK = re.compile(r"<!--|-->")
LIST_MARK = re.compile(r"^\s*(?:[-*+•]|\d+\.)\s+")


def _bare(line: str) -> str:
    """A line without list markers, comment markers and surrounding space."""
    return LIST_MARK.sub("", COMMENT_MARK.sub("", line)).strip()


@lru_cache(maxsize=None)
def template_lines(language: str) -> frozenset[str]:
    """The template's own prose lines in its language (guidance comments included),
    long enough not to be a coincidence; Jinja lines are left out."""
    source = rfc_template_path(language).read_text(encoding="utf-8")
    lines = set()
    for line in source.splitlines():
        text = _bare(line)
        if not text or text.startswith(("|", "#", "`", "{")) or "{{" in text or "{%" in text:
            continue
        if len(text) >= 8 and (language != "zh" or re.search(r"[\u4e00-\u9fff]", text)):
            lines.add(text)
    return frozenset(lines)

