"""What section 2 (背景, Background) says the RFC's category is (RFC340).

The template writes the category three ways in section 2, and authors keep some of them:
the sentence `本 RFC 的类型是性能优化，需要说明：` (`The type of this RFC is Performance
optimization; explain:`), the list of what that category must explain (`- 哪个场景慢：...`,
the topics of its row of the background table), and the table itself, whose four rows an
author may cut down to the one that applies (or mark it in bold). Each is read in either
edition's words; where one is not read with confidence, it says nothing.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import cache, lru_cache

from rfc_template.lint.context import Context
from rfc_template.template import load_rules, rfc_template_path

BACKGROUND = "2. 背景"
# The template's own list: `("性能优化", "哪个场景慢；当前指标；目标指标"),`.
TEMPLATE_TOPICS = re.compile(r'\(\s*"([^"]+)"\s*,\s*"([^"]+)"\s*\)')
TOPIC_SPLIT = {"zh": "；", "en": "; "}
SENTENCE = re.compile(
    r"本\s*RFC\s*(?:的)?(?:类型|类别|分类)\s*(?:是|为|属于|：|:)\s*[*_`「“\"]*(?P<zh>[^，,。；;：:（(\s*_`」”\"]+?)类?[*_`」”\"]*\s*(?:[，,。；;：:（(]|$)"
    r"|(?i:\b(?:the )?(?:type|category) of this RFC is|\bthis RFC's (?:type|category) is)\s*[*_`\"]*"
    r"(?P<en>[A-Za-z][A-Za-z ]*?)[*_`\"]*\s*(?:[;:,.(]|$)"
)
ITEM = re.compile(r"\s*(?:[-*+]|\d{1,3}[.)])\s+(?:\*\*|__)?(?P<topic>[^：:*_]{2,60}?)(?:\*\*|__)?\s*[：:]")
BOLD_CELL = re.compile(r"\|?\s*(?:\*\*|__)(?P<cell>[^|*_]+)(?:\*\*|__)\s*\|")


@dataclass(frozen=True)
class Said:
    line: int
    category: str  # as the answers spell it (性能优化)
    how: str  # "sentence", "table" or "list"
    written: str


def _folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold()


@cache
def topics() -> dict[str, str]:
    """Each topic the template asks a category to explain, folded, in every edition ->
    that category (`哪个场景慢` -> 性能优化, `what this rfc enhances` -> 能力增强)."""
    found: dict[str, str] = {}
    for language in load_rules().languages:
        source = rfc_template_path(language).read_text(encoding="utf-8")
        start = source.find("background_types")
        end = source.find("]", start)
        for category, written in TEMPLATE_TOPICS.findall(source[start:end]):
            for topic in written.split(TOPIC_SPLIT.get(language, "；")):
                found[_folded(topic)] = category
    return found


@cache
def topic_counts(language: str) -> dict[str, int]:
    """How many topics the edition's template asks each category to explain."""
    source = rfc_template_path(language).read_text(encoding="utf-8")
    start = source.find("background_types")
    return {
        category: len(written.split(TOPIC_SPLIT.get(language, "；")))
        for category, written in TEMPLATE_TOPICS.findall(source[start : source.find("]", start)])
    }


def section_lines(ctx: Context, section: str) -> range:
    """The lines under the section's heading, its subsections included."""
    headings = ctx.doc.headings
    for index, heading in enumerate(headings):
        if heading.section == section:
            end = next((h.line for h in headings[index + 1 :] if h.level <= heading.level), len(ctx.visible_lines) + 1)
            return range(heading.line + 1, end)
    return range(0)


def background_says(ctx: Context) -> list[Said]:
    """What section 2 says the category is, each way it is said with confidence: the
    sentence (one category named, however often), the table cut down to one row (or with
    one row in bold), the list of topics (all of one category, enough of them)."""
    if ctx.info.get("类型") not in ctx.rules.rfc_types:
        return []  # nothing to contradict (RFC110, RFC103)
    lines = section_lines(ctx, ctx.edition.name(BACKGROUND))
    if not lines:
        return []
    visible = "\n".join(ctx.visible_lines[lines.start - 1 : lines.stop - 1])
    table = next((t for t in ctx.doc.tables if lines.start <= t.line < lines.stop), None)
    first: tuple[str, ...] = ()
    written: tuple[str, ...] = ()
    at = -1
    if table is not None and table.rows:
        first = tuple(row[0] if row else "" for row in table.rows)
        source = ctx.uncommented_lines
        written = tuple(
            source[n - 1] if n <= len(source) else "" for n in range(table.line + 2, table.line + 2 + len(first))
        )
        at = table.line - lines.start
    return [
        Said(lines.start + offset, category, how, text)
        for offset, category, how, text in _says(visible, first, written, at, ctx.edition.language)
    ]


@lru_cache(maxsize=1024)  # section 2 recurs: the template's own, for each category and edition
def _says(
    visible: str, first: tuple[str, ...], written: tuple[str, ...], at: int, language: str
) -> tuple[tuple[int, str, str, str], ...]:
    """(line offset in the section, category, how, as written) of each way it is said."""
    rules = load_rules()
    said: list[tuple[int, str, str, str]] = []
    sentences: list[tuple[int, str, str, str]] = []
    items: list[tuple[int, str, str]] = []  # (offset, category, topic)
    known = topics()
    for offset, line in enumerate(visible.split("\n")):
        if not line.strip():
            continue
        if "RFC" in line:
            for m in SENTENCE.finditer(line):
                value = rules.canonical((m.group("zh") or m.group("en") or "").strip())
                if value in rules.rfc_types:
                    sentences.append((offset, value, "sentence", m.group().strip(" ，,；;：:（(")))
        item = ITEM.match(line)
        if item:
            category = known.get(_folded(item.group("topic")))
            if category:
                items.append((offset, category, item.group("topic").strip()))
    if sentences and len({s[1] for s in sentences}) == 1:
        said.append(sentences[0])
    if first:
        table = _table_says(first, written, at)
        if table:
            said.append(table)
    categories = {category for _, category, _ in items}
    if len(categories) == 1:
        category = categories.pop()
        named = {_folded(topic) for _, _, topic in items}
        if len(named) >= min(2, topic_counts(language).get(category, 2)):
            said.append((items[0][0], category, "list", items[0][2]))
    return tuple(said)


def _table_says(first: tuple[str, ...], written: tuple[str, ...], at: int) -> tuple[int, str, str, str] | None:
    """The background table cut down to one category's row, or with one row in bold."""
    rules = load_rules()
    named = [(at + 2 + i, rules.canonical(cell), cell) for i, cell in enumerate(first)]
    if not all(category in rules.rfc_types for _, category, _ in named):
        return None  # a table of the author's own
    if len(named) == 1:
        return named[0][0], named[0][1], "table", named[0][2]
    bold = [(offset, category, cell) for (offset, category, cell), line in zip(named, written) if BOLD_CELL.match(line)]
    if len(bold) == 1:
        return bold[0][0], bold[0][1], "table", bold[0][2]
    return None
