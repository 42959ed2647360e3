"""What the template itself says each part of an RFC should hold, read off its own text.

The review rules ask this model, never a second list: which table cells the author
must fill (empty, `xxx`, or a hint such as `场景、指标、目标`), which offer a choice
(`是 / 否`), which prose lines carry a slot or a choice, which code blocks and diagrams
are examples to replace. A change to the template changes the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache

from rfc_template import document
from rfc_template.editions import CHOICE_WORDS, edition
from rfc_template.template import rfc_template_path, template_dir

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
STATEMENT_LINE = re.compile(r"^[ \t]*\{%.*?%\}[ \t]*\n", re.M)
NAMED = re.compile(r"\w*(?:\{\{.*?\}\}\w*)+")  # an identifier the answers name: `enable_{{ feature }}`
SLOT = re.compile(r"(?<![A-Za-z])xxx(?![A-Za-z])")
PARAMETERS = "5.1 接口定义"  # the interface's own rows are the author's (see 5.1's code)


def choice_pattern(words) -> re.Pattern:
    """Two or more of `words` joined by a slash in any spacing and width: a choice left unmade."""
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w/])(?:{alternatives})(?:\s*[/／]\s*(?:{alternatives}))+(?![\w/])")


@dataclass
class TemplateModel:
    language: str
    doc: document.Document
    choice_words: tuple[str, ...]
    column_choices: dict = field(default_factory=dict)  # (section, column) -> option words offered
    answer_columns: set = field(default_factory=set)  # (section, column) filled from the answers
    hints: dict = field(default_factory=dict)  # (section, row key, column) -> the hint text
    hint_keys: dict = field(default_factory=dict)  # section -> first-column hints of rows left to fill
    choice_prefixes: dict = field(default_factory=dict)  # section -> prose before a choice list
    slot_prefixes: dict = field(default_factory=dict)  # section -> prose before an xxx slot
    example_code: dict = field(default_factory=dict)  # section -> [regex of an example block]
    example_lines: dict = field(default_factory=dict)  # section -> {distinctive example line}
    stubs: list = field(default_factory=list)  # (diagram file, skeleton)
    choice_list: re.Pattern = re.compile(r"(?!)")  # any choice list of this edition's words (model() sets it)


def _words_in(cell: str, words: tuple[str, ...]) -> set[str]:
    match = choice_pattern(words).search(cell)  # (the template's cells only, once per process)
    if not match:
        return set()
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return set(re.findall(alternatives, match.group()))


def _prefix(line: str, start: int) -> str:
    return re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line[:start]).strip()


@cache
def model(language: str) -> TemplateModel:
    ed = edition(language)
    # Jinja's statements on lines of their own (`{%- if both_backends %}`) would cut a
    # table in two; without them, every row either tailoring can have is read.
    source = STATEMENT_LINE.sub("", rfc_template_path(language).read_text(encoding="utf-8"))
    doc = document.parse(source)
    words = CHOICE_WORDS[language]
    choices = choice_pattern(words)
    m = TemplateModel(language, doc, words, choice_list=choices)
    parameters = ed.name(PARAMETERS)
    for table in doc.tables:
        to_fill = any(
            not c or SLOT.search(c) or choices.search(c) or JINJA.search(c) for row in table.rows for c in row
        )
        for row in table.rows:
            for column, cell in zip(table.header, row):
                offered = _words_in(cell, words)
                if offered:
                    m.column_choices.setdefault((table.section, column), set()).update(offered)
                if JINJA.search(cell):
                    m.answer_columns.add((table.section, column))
            if not to_fill or table.section == parameters:
                continue
            key, rest = row[0], row[1:]
            for column, cell in zip(table.header[1:], rest):
                if cell and not SLOT.search(cell) and not choices.search(cell) and not JINJA.search(cell):
                    m.hints[(table.section, key, column)] = cell
            # a row left wholly to fill whose first cell lists alternatives names what to write there
            if " / " in key and not any(rest):
                m.hint_keys.setdefault(table.section, set()).add(key)
    _prose(m, source, doc, choices)
    _code(m, doc)
    _stubs(m)
    return m


def _prose(m: TemplateModel, source: str, doc: document.Document, choices: re.Pattern) -> None:
    """Prose lines with a choice list or an xxx slot, by section (comments left out)."""
    section = ""
    in_comment = in_code = False
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            continue
        if "<!--" in line:
            in_comment = "-->" not in line.split("<!--", 1)[1]
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if in_code or stripped.startswith("|") or JINJA.fullmatch(stripped or "x"):
            continue
        if line.startswith("#"):
            section = document.normalise(line.lstrip("#"))
            continue
        choice = choices.search(line)
        if choice:
            m.choice_prefixes.setdefault(section, set()).add(_prefix(line, choice.start()))
        slot = SLOT.search(line)
        if slot and not choice:
            m.slot_prefixes.setdefault(section, set()).add(_prefix(line, slot.start()))


def _code(m: TemplateModel, doc: document.Document) -> None:
    """Each example code block as a pattern (its Jinja parts match any name), and its
    distinctive lines: the ones with a placeholder `...` or a comment to replace."""
    for block in doc.code_blocks:
        if block.info == "mermaid" or not block.code.strip():
            continue
        parts = JINJA.split(NAMED.sub("{{ name }}", block.code.strip()))
        pattern = r"\w+".join(re.escape(part) for part in parts)
        pattern = re.sub(r"(\\ )+", r"\\s+", pattern).replace("\\\n", r"\s*\n\s*")
        m.example_code.setdefault(block.section, []).append(re.compile(r"\s*" + pattern + r"\s*", re.S))
        for line in block.code.splitlines():
            text = line.strip()
            if text and not JINJA.search(text) and ("..." in text or text.startswith("#") or " # " in text):
                m.example_lines.setdefault(block.section, set()).add(text)


def _stubs(m: TemplateModel) -> None:
    folder = template_dir() / "templates" / "mermaid" / m.language
    for path in sorted(folder.glob("*.mmd")):
        m.stubs.append((path.name, skeleton(path.read_text(encoding="utf-8"))))


QUOTED = re.compile(r'"[^"]*"')
FREE_TEXT = re.compile(r"(:| as ).*")


def skeleton(diagram: str) -> tuple[str, ...]:
    """A diagram's structure without its words: node ids, edges and keywords, so that
    the stub is recognised whatever title or labels were put in."""
    lines = []
    for line in JINJA.sub("", diagram).splitlines():
        line = line.strip()
        if not line or line.startswith("%%"):
            continue
        line = FREE_TEXT.sub("", QUOTED.sub('""', line))
        lines.append(re.sub(r"\s+", " ", line).strip())
    return tuple(lines)
