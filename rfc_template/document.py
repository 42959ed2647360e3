"""An RFC's Markdown read with mistune into the parts the checks look at.

mistune's syntax tree has no positions, so the block parser below records where each
top-level block starts; findings can then name `file:line:col`.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

import mistune
from mistune.block_parser import BlockParser
from mistune.plugins.table import table as table_plugin

from rfc_template.findings import LineIndex, normalise_newlines


class _LocatingBlockParser(BlockParser):
    """A block parser that stamps each top-level token with the offset it starts at."""

    def parse_method(self, m, state):  # type: ignore[no-untyped-def]
        before = len(state.tokens)
        end = super().parse_method(m, state)
        if state.parent is None and len(state.tokens) > before:
            state.tokens[before].setdefault("offset", m.start())
        return end


@lru_cache(maxsize=None)
def _markdown() -> mistune.Markdown:
    # One parser for the process: mistune keeps each parse's state in its own object.
    return mistune.Markdown(renderer=None, block=_LocatingBlockParser(), plugins=[table_plugin])


def plain_text(tokens: list[dict]) -> str:
    """The text a reader sees in inline tokens (emphasis, code and links flattened)."""
    parts = []
    for token in tokens:
        if "raw" in token:
            parts.append(token["raw"])
        elif token["type"] in ("softbreak", "linebreak"):
            parts.append(" ")
        if "children" in token:
            parts.append(plain_text(token["children"]))
    return "".join(parts)


WHITESPACE = re.compile(r"\s+")


def normalise(text: str) -> str:
    return WHITESPACE.sub(" ", text).strip()


@dataclass(frozen=True)
class Heading:
    level: int
    text: str
    line: int


@dataclass(frozen=True)
class Table:
    header: list[str]
    rows: list[list[str]]
    line: int
    section: str  # the heading text of the section the table stands in


@dataclass(frozen=True)
class CodeBlock:
    info: str
    code: str
    line: int
    section: str


@dataclass
class Document:
    source: str
    headings: list[Heading] = field(default_factory=list)
    tables: list[Table] = field(default_factory=list)
    code_blocks: list[CodeBlock] = field(default_factory=list)

    @property
    def title(self) -> str:
        """The RFC's title: its first level-1 heading."""
        return next((h.text for h in self.headings if h.level == 1), "")

    def table_in(self, section: str) -> Table | None:
        return next((t for t in self.tables if t.section == section), None)


def _block_tokens(text: str) -> tuple[list[dict], dict]:
    """mistune's block parse only, as `Markdown.parse` does it before rendering inlines.

    The checks read the inline content of headings and table cells alone, so the inline
    parse of every other block (paragraphs, list items) is skipped; `_plain` reads a
    heading or a cell as mistune's inline parser would.
    """
    state = _markdown().block.state_cls()
    state.process(text if text.endswith("\n") else text + "\n")
    _markdown().block.parse(state)
    return state.tokens, state.env  # env: the reference links, for the inline parse


def _plain(token: dict, env: dict) -> str:
    """What a reader sees of a heading or table cell token: its inline content as text."""
    # the same strip as mistune's own render step (other Unicode spaces are kept)
    text = token["text"].strip(" \r\n\t\f")
    if _inline_markup_start().search(text) is None:
        return normalise(text)  # most cells: nothing the inline parser would change
    return normalise(plain_text(_markdown().inline(text, env)))


@lru_cache(maxsize=None)
def _inline_markup_start() -> re.Pattern[str]:
    """A character that can start inline markup (`*`, `[`, `<`, a backslash, ...).

    Taken from mistune's own fast path for plain text; text without any of them is one
    text token. Without that (private) helper, every character counts: always parse.
    """
    chars = getattr(_markdown().inline, "_get_fast_trigger_chars", lambda: None)()
    return re.compile("[" + re.escape("".join(sorted(chars))) + "]" if chars else "(?s:.)")


def parse(source: str) -> Document:
    text = normalise_newlines(source)
    lines = LineIndex(text)
    doc = Document(source=source)
    section = ""
    tokens, env = _block_tokens(text)
    for token in tokens:
        line, _ = lines.position(token.get("offset", 0))
        if token["type"] == "heading":
            section = _plain(token, env)
            doc.headings.append(Heading(token["attrs"]["level"], section, line))
        elif token["type"] == "table":
            doc.tables.append(_table(token, env, line, section))
        elif token["type"] == "block_code":
            info = (token.get("attrs") or {}).get("info", "") or ""
            doc.code_blocks.append(CodeBlock(info.strip(), token["raw"], line, section))
    return doc


def _table(token: dict, env: dict, line: int, section: str) -> Table:
    head, *body = token["children"]
    header = [_plain(cell, env) for cell in head["children"]]
    rows = [[_plain(cell, env) for cell in row["children"]] for part in body for row in part["children"]]
    return Table(header, rows, line, section)
