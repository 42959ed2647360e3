"""What every rule reads about one RFC, computed before any rule runs.

The basic-info table is read here, once: the rules of lints/preamble judge its rows, the
others read its values, and the stage a status implies is known before the first rule.
Other readings (the source with comments blanked, a family's shared parse) are computed
on first use and kept: a rule never writes to the context.
"""

from __future__ import annotations

import datetime
from collections.abc import Callable
from dataclasses import dataclass
from functools import cached_property, wraps
from pathlib import Path
from typing import TypeVar

from rfc_template import document
from rfc_template.editions import Edition, all_editions
from rfc_template.findings import normalise_newlines
from rfc_template.template import Rules

# Rows the basic-info table may leave out (the template's row is there to fill when known).
OPTIONAL_KEYS = ("相关 issue / PR",)
# The values whose choice is read in either edition's words (`Performance optimization`).
CHOICE_KEYS = ("类型", "适用后端")


@dataclass(frozen=True)
class InfoRow:
    """One row of the basic-info table."""

    line: int
    written: str  # the key as written
    key: str  # as the RFC's edition writes it (`Status` in a Chinese RFC is its 状态)
    known: str | None  # the key in Chinese, or None: the author's own (评审人, 里程碑, ...)
    value: str  # a choice as the answers spell it (CHOICE_KEYS), anything else as written
    first_line: int | None = None  # where the same key was first given (a duplicate row), else None


@dataclass(frozen=True)
class BasicInfo:
    table: document.Table | None  # None: there is no table under 1. 基本信息
    heading_line: int  # the section's heading (or 1), where a missing table is reported
    rows: tuple[InfoRow, ...] = ()

    @property
    def values(self) -> dict[str, str]:
        """Known keys (in Chinese) -> the value of their first row."""
        return {row.known: row.value for row in self.rows if row.known and row.first_line is None}

    @property
    def lines(self) -> dict[str, int]:
        return {row.known: row.line for row in self.rows if row.known and row.first_line is None}


def read_basic_info(doc: document.Document, ed: Edition, rules: Rules) -> BasicInfo:
    table = doc.table_in(ed.basic_info)
    if table is None:
        return BasicInfo(None, next((h.line for h in doc.headings if h.text == ed.basic_info), 1))
    rows: list[InfoRow] = []
    first: dict[str, int] = {}
    for offset, cells in enumerate(table.rows):
        line = table.line + 2 + offset
        written, value = cells[0], (cells[1] if len(cells) > 1 else "")
        if "<!--" in value:  # a comment is drawn as nothing (a waiver in the cell, guidance)
            value = document.COMMENT.sub("", value).strip()
        key = own_key(ed, written)
        known = ed.chinese(key) if key in ed.basic_info_keys else None
        if known in CHOICE_KEYS:
            value = rules.canonical(value)
        rows.append(InfoRow(line, written, key, known, value, first.get(known) if known else None))
        if known:
            first.setdefault(known, line)
    return BasicInfo(table, table.line, tuple(rows))


def own_key(ed: Edition, key: str) -> str:
    """A basic-info key as the RFC's edition writes it, also when written as another
    edition writes it, in any case (`status` is the Status row, as a reader takes it)."""
    if key in ed.basic_info_keys:
        return key
    folded = key.casefold()
    for other in all_editions():
        for known in other.basic_info_keys:
            if folded == known.casefold():
                return ed.name(other.chinese(known))
    return key


class Context:
    """One RFC as the rules read it. Read-only: computed here or on first use."""

    def __init__(
        self,
        doc: document.Document,
        edition: Edition,
        rules: Rules,
        path: Path | None = None,
        today: datetime.date | None = None,
    ) -> None:
        self.doc = doc
        self.edition = edition
        self.rules = rules
        self.path = path  # the file, for what lies beside it (diagrams/, linked files); None for text alone
        self.today = today or datetime.date.today()
        self.basic_info = read_basic_info(doc, edition, rules)
        self.info = self.basic_info.values  # basic info, keyed in Chinese, whatever the edition
        self.info_lines = self.basic_info.lines  # the line of each key's row
        self.status_stage = rules.stage_of(self.info.get("状态", ""))  # the stage the status implies
        self._shared: dict[Callable, object] = {}

    @cached_property
    def uncommented_lines(self) -> list[str]:
        """The source's lines with HTML comments blanked (guidance renders as nothing)."""
        return blank_comments(normalise_newlines(self.doc.source).split("\n"))

    @cached_property
    def visible_lines(self) -> list[str]:
        """The lines a reader reads as text: comments and code blocks blanked."""
        lines = list(self.uncommented_lines)
        for block in self.doc.code_blocks:  # the fences and every line between
            for number in range(block.line, min(block.line + block.code.count("\n") + 2, len(lines) + 1)):
                lines[number - 1] = ""
        return lines


T = TypeVar("T")


def per_document(reading: Callable[[Context], T]) -> Callable[[Context], T]:
    """`reading(ctx)` computed once per RFC and shared by the rules that read it (a
    family's parse, read by each of its rules)."""

    @wraps(reading)
    def shared(ctx: Context) -> T:
        try:
            return ctx._shared[reading]  # type: ignore[return-value]
        except KeyError:
            value = ctx._shared[reading] = reading(ctx)
            return value

    return shared


def blank_comments(lines: list[str]) -> list[str]:
    """`lines` with every `<!-- ... -->` blanked, also across lines; others as they are."""
    if not any("<!--" in line for line in lines):
        return lines
    out, inside = [], False
    for line in lines:
        if not inside and "<!--" not in line:
            out.append(line)
            continue
        kept, rest = [], line
        while rest:
            if inside:
                end = rest.find("-->")
                if end < 0:
                    rest = ""
                    continue
                rest, inside = rest[end + 3 :], False
            else:
                start = rest.find("<!--")
                if start < 0:
                    kept.append(rest)
                    rest = ""
                    continue
                kept.append(rest[:start])
                rest, inside = rest[start + 4 :], True
        out.append("".join(kept))
    return out
