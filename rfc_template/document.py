"""An RFC's Markdown read with mistune into the parts the checks look at.

mistune's syntax tree has no positions, so the block parser below records where each
top-level block starts; findings can then name `file:line:col`.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field, replace
from difflib import SequenceMatcher
from functools import cache, lru_cache

import mistune
from mistune.block_parser import BlockParser

from rfc_template import inline_text, sectioned, unclosed
from rfc_template.findings import LineIndex, normalise_newlines
from rfc_template.gfm_tables import WITHOUT_DELIMITER, gfm_tables
from rfc_template.met_twice import MetTwice, TheSame
from rfc_template.template import load_rules, rfc_template_path

# What ends a block quote's lazy continuation in mistune; GFM ends it at a heading too (`> note` over `## 7.`).
_MISTUNE_QUOTE_BREAKS = ["blank_line", "thematic_break", "fenced_code", "list", "block_html"]


class ForgeBlockParser(BlockParser):
    """mistune's block parser, with block quotes ending where GitHub ends them."""

    def compile_sc(self, rules=None):
        if rules == _MISTUNE_QUOTE_BREAKS:
            rules = [*rules, "atx_heading"]
        return super().compile_sc(rules)


class LocatingBlockParser(ForgeBlockParser):
    """A block parser that stamps each top-level token with the offset it starts at."""

    def parse_method(self, m, state):
        before = len(state.tokens)
        end = super().parse_method(m, state)
        if state.parent is None and len(state.tokens) > before:
            state.tokens[before].setdefault("offset", m.start())
        return end


@cache
def markdown() -> mistune.Markdown:
    # One parser for the process: mistune keeps each parse's state in its own object.
    return mistune.Markdown(renderer=None, block=LocatingBlockParser(), plugins=[gfm_tables])


def normalise(text: str) -> str:
    """Runs of whitespace as one space, none at the ends (str.split's whitespace is the
    same Unicode set as the regex `\\s`, and faster on short cells)."""
    return " ".join(text.split())


# An HTML comment, which forges draw as nothing (guidance, a waiver).
COMMENT = re.compile(r"<!--.*?-->", re.S)


@dataclass(frozen=True)
class Heading:
    level: int
    text: str  # as a reader sees it
    line: int
    # The section it heads as the template writes it (`6.4 关键逻辑（Key Logic）`: `6.4 关键逻辑`), else its text
    section: str = ""
    # It heads `section` by a near miss of its heading (`## 7、组件依赖`): one missing otherwise (near_misses)
    near_miss: bool = False

    def __post_init__(self) -> None:
        if not self.section:
            object.__setattr__(self, "section", self.text)


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]  # as the forge draws them: as many cells as the header
    line: int
    section: str  # the section it stands in: the innermost template section it is under (see parse)
    written: tuple[int, ...] = ()  # how many cells each row was written with


@dataclass(frozen=True)
class Unclosed:
    """A fence or HTML comment never closed: it runs to the end of the RFC."""

    kind: str  # "fence" or "comment"
    opening: str  # the opening line, as written
    line: int
    swallowed: str  # everything after the opening line


@dataclass(frozen=True)
class CodeBlock:
    info: str
    code: str
    line: int  # its opening fence (an indented block's first line)
    section: str

    @property
    def last_line(self) -> int:  # its closing fence's (an open fence's lies past the text's end: cap it)
        return self.line + self.code.count("\n") + 1


@dataclass
class Document:
    source: str
    headings: list[Heading] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    code_blocks: list[CodeBlock] = field(default_factory=list)
    unclosed: list[Unclosed] = field(default_factory=list)  # the first is the cause; the others may follow from it
    cell_lines: list[int] = field(default_factory=list)  # where `| ... |` lines with no delimiter row start

    @property
    def title(self) -> str:
        """The RFC's title: its first level-1 heading."""
        return next((h.text for h in self.headings if h.level == 1), "")

    def lines_after_unclosed(self) -> list[str]:
        """The lines after the first fence or comment left open (none if all are closed)."""
        return self.source.split("\n")[self.unclosed[0].line :] if self.unclosed else []

    def table_in(self, section: str) -> Table | None:
        return next((t for t in self.tables if t.section == section), None)


@cache
def template_headings(language: str = "zh") -> tuple[Heading, ...]:
    """The level-2 and level-3 headings of one edition of the template, in order: the
    sections every RFC of that edition must have (structure.required_sections)."""
    # Our own file, its headings plain `## ` / `### ` lines outside code: a line scan reads them
    # without a Markdown parse (the post-generation hook runs this in every generation).
    headings, fence = [], None
    for number, line in enumerate(rfc_template_path(language).read_text(encoding="utf-8").splitlines(), start=1):
        marker = re.match(r"(`{3,}|~{3,})", line)
        if marker and (fence is None or marker.group(1).startswith(fence)):
            fence = None if fence else marker.group(1)
        elif fence is None and (line.startswith("## ") or line.startswith("### ")):
            level = len(line) - len(line.lstrip("#"))
            headings.append(Heading(level, normalise(line[level:]), number))
    return tuple(headings)


# A numbered heading: `6.4 关键逻辑`, `9. 验证设计` (the number's closing dot is optional).
NUMBERED = re.compile(r"(\d+(?:\.\d+)*)\.?\s+(\S.*)")
# A note in brackets closing a title: the template's own `（举例）` / `(examples)`.
CLOSING_NOTE = re.compile(r"\s*[(\[（【][^()\[\]（）【】]*[)\]）】]$")


def _folded(text: str) -> str:
    """Width, case and runs of spaces aside (`（` is `(`, `Key Logic` is `key logic`)."""
    return normalise(unicodedata.normalize("NFKC", text)).casefold()


@cache
def _numbered_sections() -> dict[str, tuple[tuple[str, str, str], ...]]:
    """number -> (heading as the template writes it, its title folded, that title without
    its closing note), over every edition's template."""
    found: dict[str, list[tuple[str, str, str]]] = {}
    for language in load_rules().languages:
        for heading in template_headings(language):
            match = NUMBERED.fullmatch(_folded(heading.text))
            if match:
                number, title = match.groups()
                found.setdefault(number, []).append((heading.text, title, CLOSING_NOTE.sub("", title)))
    return {number: tuple(sections) for number, sections in found.items()}


@cache
def _exact_sections() -> frozenset[str]:
    return frozenset(h.text for language in load_rules().languages for h in template_headings(language))


def section_of(text: str) -> str:
    """The template section a heading's text heads, as the template writes its heading;
    else the text itself.

    A heading is that section by its number and title, whatever the author appends: a
    gloss or a note (`6.4 关键逻辑（Key Logic）`, `6.4 Key logic (sketch)`,
    `9.3 Performance / memory verification [Level1]`), width, case and spacing aside; the
    template's own closing note may be left out (`9.2 交互验证` for `9.2 交互验证（举例）`).
    What follows the title must not go on with the title's word (`6.5 代码改动点说明` is a
    title of its own); another number, or another title, is another heading.
    """
    if text in _exact_sections():
        return text
    match = NUMBERED.fullmatch(_folded(text))
    if match is None:
        return text
    number, title = match.groups()
    for written, full, core in _numbered_sections().get(number, ()):
        for known in (full, core):
            if title == known or (title.startswith(known) and not title[len(known)].isalnum()):
                return written
    return text


# A heading's number however it is punctuated, after NFKC (`７．` is `7.`, `：` is `:`):
# `7、组件依赖`, `7.组件依赖`, `7) 组件依赖`, `6.4. 关键逻辑`; a title starts with no digit.
LOOSELY_NUMBERED = re.compile(r"(\d+(?:\.\d+)*)\.?\s*[、,:;)\-]?\s*(\D.*)")
# How alike two titles must be for one to be taken for the other: difflib's ratio, at the
# cutoff of its own `get_close_matches` (`依赖` is 0.67 of `组件依赖`, `关键实现` 0.5 of `关键逻辑`).
NEARLY = 0.6


def language_of(headings: list[Heading]) -> str:
    """The edition whose template headings the RFC writes most, as the template writes
    them (the first edition on a tie): editions.edition_of reads it from here."""
    written = {h.text for h in headings}
    return max(load_rules().languages, key=lambda language: sum(t.text in written for t in template_headings(language)))


def near_misses(headings: list[Heading]) -> list[Heading]:
    """`headings`, each one that nearly writes a missing section's heading taken to head
    that section (`near_miss`): once per RFC, so that every rule reads the section there.

    Nearly is: the section's number, however punctuated (`7、`, `7.`, `6.4.`), and a title
    at least NEARLY alike to the section's title in any edition (`7. 依赖`, `7. 组件依赖关系`,
    `7. Dependencies` in a Chinese RFC), width, case and closing notes aside. Only a section
    missing otherwise is claimed, by one heading (the most alike, the first on a tie), and
    only by a heading that heads no section of the RFC's edition. Another number is
    another heading: the author's `### 6.7 风险` is never a near miss.
    """
    required = template_headings(language_of(headings))
    present = {h.section for h in headings}
    missing: dict[str, Heading] = {}  # number -> the section
    for section in required:
        if section.text not in present and (match := NUMBERED.fullmatch(_folded(section.text))):
            missing[match.group(1)] = section
    if not missing:
        return headings
    own = {section.text for section in required}
    best: dict[str, tuple[float, int]] = {}  # number -> (how alike, the heading's index)
    for index, heading in enumerate(headings):
        if heading.level < 2 or heading.section in own:
            continue
        match = LOOSELY_NUMBERED.fullmatch(_folded(heading.text))
        if match is None or match.group(1) not in missing:
            continue
        number, title = match.groups()
        alike = max(
            SequenceMatcher(None, written, known).ratio()
            for written in {title, CLOSING_NOTE.sub("", title)}
            for _, full, core in _numbered_sections()[number]
            for known in (full, core)
        )
        if alike >= NEARLY and alike > best.get(number, (0.0, 0))[0]:
            best[number] = (alike, index)
    claimed = list(headings)
    for number, (_, index) in best.items():
        claimed[index] = replace(headings[index], section=missing[number].text, near_miss=True)
    return claimed


def block_tokens(text: str) -> tuple[list[dict], dict]:
    """mistune's block parse only, as `Markdown.parse` does it before rendering inlines.

    The checks read the inline content of headings and table cells alone, so the inline
    parse of every other block (paragraphs, list items) is skipped; `_plain` reads a
    heading or a cell as mistune's inline parser would. Each `## ` section is parsed once
    per process (sectioned.py)."""
    return sectioned.block_tokens(text, whole_block_tokens)


def whole_block_tokens(text: str) -> tuple[list[dict], dict]:
    """block_tokens of the whole text at once."""
    state = markdown().block.state_cls()
    state.process(text if text.endswith("\n") else text + "\n")
    markdown().block.parse(state)
    # env: the reference links, for the inline parse (not mistune's private caches)
    return state.tokens, {key: value for key, value in state.env.items() if not key.startswith("__")}


def _plain(token: dict, env: dict) -> str:
    """What a reader sees of a heading or table cell token: its inline content as text."""
    if "[" in token["text"] and env.get("ref_links"):
        return _plain_text(token["text"], env)  # a reference link may name the RFC's own definitions
    return _plain_alone(token["text"])


@lru_cache(maxsize=16384)  # the template's cells, in every RFC
def _plain_alone(text: str) -> str:
    return _plain_text(text, {})


def _plain_text(text: str, env: dict) -> str:
    # the same strip as mistune's own render step (other Unicode spaces are kept)
    text = text.strip(" \r\n\t\f")
    if inline_markup_start().search(text) is None:
        return normalise(text)  # most cells: nothing the inline parser would change
    simple = inline_text.without_parser(text) if _trigger_chars() == inline_text.TRIGGERS else None
    if simple is not None:
        return normalise(simple)
    return normalise(inline_text.plain_text(markdown().inline(text, env)))


@cache
def _trigger_chars() -> frozenset[str]:
    return frozenset(getattr(markdown().inline, "_get_fast_trigger_chars", lambda: None)() or ())


@cache
def inline_markup_start() -> re.Pattern[str]:
    """A character that can start inline markup (`*`, `[`, `<`, a backslash, ...).

    Taken from mistune's own fast path for plain text; text without any of them is one
    text token. Without that (private) helper, every character counts: always parse.
    """
    chars = _trigger_chars()
    return re.compile("[" + re.escape("".join(sorted(chars))) + "]" if chars else "(?s:.)")


def as_forges_read(source: str) -> str:
    """The text as GitHub and GitCode read it: a byte-order mark dropped, CRLF and CR line
    ends as LF (a mark left in would hide the title: `\ufeff# Title` is no heading)."""
    return normalise_newlines(source.removeprefix("\ufeff"))


def parse(source: str) -> Document:
    text = as_forges_read(source)
    lines = LineIndex(text)
    doc = Document(source=text)
    section = ""
    open_sections: list[tuple[int, str]] = []  # (level, section) of the headings the text is under
    tokens, env = block_tokens(text)
    starts = [lines.position(token.get("offset", 0))[0] for token in tokens]
    # the headings first: which section each heads depends on the others (near_misses)
    doc.headings = near_misses(
        [_heading(token, env, line) for token, line in zip(tokens, starts) if token["type"] == "heading"]
    )
    headings = iter(doc.headings)
    for token, line in zip(tokens, starts):
        if token["type"] == "heading":
            heading = next(headings)
            while open_sections and open_sections[-1][0] >= heading.level:
                open_sections.pop()
            open_sections.append((heading.level, heading.section))
            section = _enclosing(open_sections)
        elif token["type"] == "table":
            doc.tables.append(_table(token, env, line, section))
        elif token["type"] == "block_code":
            info = (token.get("attrs") or {}).get("info", "") or ""
            doc.code_blocks.append(CodeBlock(info.strip(), token["raw"], line, section))
            if token.get("style") == "fenced" and unclosed.fence(text, token):
                doc.unclosed.append(Unclosed("fence", _first_line(text, token.get("offset", 0)), line, token["raw"]))
        elif token["type"] == "block_html" and unclosed.comment(token["raw"]):
            opening, _, rest = token["raw"].partition("\n")
            doc.unclosed.append(Unclosed("comment", opening, line, rest))
    tried = {lines.position(offset)[0] for offset in env.get(WITHOUT_DELIMITER, ())}
    # each line of such a block was tried as a table's header: name the block by its first
    doc.cell_lines = sorted(line for line in tried if line - 1 not in tried)
    return doc


def _heading(token: dict, env: dict, line: int) -> Heading:
    written = _plain(token, env)
    return Heading(token["attrs"]["level"], written, line, section_of(written))


def _enclosing(open_sections: list[tuple[int, str]]) -> str:
    """The section what follows stands in: the innermost template section it is under (a
    table under the author's `#### Measurement setup` in 9.3 stands in 9.3), else the
    innermost heading's own."""
    known = _exact_sections()
    return next((name for _, name in reversed(open_sections) if name in known), open_sections[-1][1])


def _first_line(text: str, offset: int) -> str:
    end = text.find("\n", offset)
    return text[offset : end if end >= 0 else len(text)]


def _table(token: dict, env: dict, line: int, section: str) -> Table:
    key, own = TheSame(token["children"]), bool(env.get("ref_links"))  # (a cell may name the RFC's definitions)
    found = None if own else _tables.get(key)  # a kept section's table: the same tokens in every RFC with it
    if found is None:
        found = _cells(token["children"], env)
        if not own:
            _tables.met(key, found)  # kept when met again
    header, rows, written = found
    return Table(list(header), list(map(list, rows)), line, section, written)


def _cells(children: list[dict], env: dict) -> tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[int, ...]]:
    """A table token's header and rows as text, and how many cells each row was written with."""
    head, *body = children
    header = tuple(_plain(cell, env) for cell in head["children"])
    body_rows = [row for part in body for row in part["children"]]
    rows = tuple(tuple(_plain(cell, env) for cell in row["children"]) for row in body_rows)
    return header, rows, tuple(row.get("written", len(header)) for row in body_rows)


_tables: MetTwice[TheSame, tuple[tuple[str, ...], tuple[tuple[str, ...], ...], tuple[int, ...]]] = MetTwice(
    kept=1024, remembered=32, by_identity=True
)
