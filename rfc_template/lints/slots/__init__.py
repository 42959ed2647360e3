"""What the template leaves to fill: xxx slots, choice lists, empty cells, placeholders."""

from __future__ import annotations

import re
from bisect import bisect_left
from collections.abc import Callable
from functools import lru_cache, wraps
from itertools import accumulate, count
from operator import add
from typing import TypeVar

from rfc_template import document
from rfc_template.answers import canonical_modules
from rfc_template.findings import Finding
from rfc_template.lint.context import OPTIONAL_KEYS, Context, per_document
from rfc_template.lints.model import CHANGES, DEPENDS, PARAMETERS, PLAN, asked, folded, model
from rfc_template.met_twice import MetTwice

T = TypeVar("T")

# Values that hold no value. N/A and 不涉及 are values only where the template offers them.
# A whole value that only holds a place: "to be decided", a dash, an ellipsis, or
# 略 ("omitted") and 同上 ("as above"), which leave the reader to guess.
PLACEHOLDER = re.compile(
    r"(?i)[(（\[【]?(?:xxx|tbd|tba|tbc|todo|fixme|to be (?:decided|determined|added|confirmed)|pending|undecided"
    r"|待定|待补充|待补|待确认|待评审|待讨论|未定"
    r"|略|同上|见上|同前|(?:same )?as above|see above|ditto|[?？]+|[-—–]+|(?:\.\s*){2,}\.|…+|。{3,})[)）\]】]?"
)
# "The same as the row above": in a list's first column, the item's name repeated (a merged cell).
DITTO = re.compile(r"(?i)[(（\[【]?(?:同上|见上|同前|(?:same )?as above|see above|ditto)[)）\]】]?")
ELLIPSIS = re.compile(r"(?:(?:\.\s*){2,}\.|…+|。{3,})")
NOT_APPLICABLE = ("N/A", "n/a", "NA", "不涉及")
LEFT_TODO = re.compile(r"\b(?:TODO|TBD|FIXME)\b")
# what a placeholder cell holds some of: a quick look at a whole row (substring searches)
# before its cells are looked at one by one
PLACEHOLDER_HINTS = (
    "tbd",
    "tba",
    "tbc",
    "to be",
    "todo",
    "fixme",
    "待",
    "?",
    "？",
    "n/a",
    "不涉及",
    "..",
    ". .",
    "…",
    "。。。",
    "略",
    "同上",
    "见上",
    "同前",
    "above",
    "ditto",
    "pending",
    "undecided",
    "未定",
)


_ANY_HINT = re.compile("|".join(map(re.escape, PLACEHOLDER_HINTS)))  # one search, in C


def maybe_placeholder(row: list[str]) -> bool:
    return _maybe_placeholder(tuple(row))


@lru_cache(maxsize=16384)  # the template's rows recur in every RFC
def _maybe_placeholder(row: tuple[str, ...]) -> bool:
    text = " | ".join(row).lower()
    if _ANY_HINT.search(text):
        return True
    if "na" not in text and "-" not in text and "—" not in text and "–" not in text:
        return False  # most rows: no cell can be NA or only dashes
    return any(cell.strip().lower() == "na" or (cell.strip() and not cell.strip().strip("-—–")) for cell in row)


NEEDS_REAL_ROW = ("9.1 用例分层", "10. 实现计划")


@lru_cache(maxsize=8192)  # the same cells recur in every RFC: the template's own words
def cell_value(cell: str) -> str:
    """The value of a cell: without comments, emphasis and a closing full stop (an
    ellipsis is kept: it is a placeholder, not punctuation)."""
    if "<!--" in cell:
        cell = document.COMMENT.sub("", cell)
    value = cell.strip().strip("*_`").strip()
    return value if ELLIPSIS.fullmatch(value) else cell.strip().strip("*_`。.").strip()


def rows(table: document.Table):
    """Each body row with its line (a row of the table is one line of the file)."""
    for offset, row in enumerate(table.rows):
        yield table.line + 2 + offset, row


def once_per_table(reading: Callable[[Context, document.Table], T]) -> Callable[[Context, document.Table], T]:
    """`reading(ctx, table)` worked out once per table of an RFC: several rules ask."""

    @per_document
    def known(ctx: Context) -> dict[int, T]:
        return {}

    @wraps(reading)
    def shared(ctx: Context, table: document.Table) -> T:
        by_table = known(ctx)
        found = by_table.get(id(table))
        if found is None:
            found = by_table[id(table)] = reading(ctx, table)
        return found

    return shared


@once_per_table
def asked_cells(ctx: Context, table: document.Table) -> list[tuple[int, list[str], list[tuple[int, str, str]]]]:
    """Each row the template asks for, with its line and the (index, column, cell) of each
    column it asks for (lints/model.py `asked`): an author's own column (备注, Notes), a row
    added to a form (评审人 in 1, a row of their own in 8) and a table in a section whose
    template has none are the author's, not the template's to require."""
    return list(_asked_rows(ctx, table))


def _asked_rows(ctx: Context, table: document.Table):
    columns, keys = asked(model(ctx.edition.language), table)
    if not columns:
        return
    header, every = table.header, len(columns) == len(table.header)
    for offset, row in enumerate(table.rows):
        if keys is None or folded(row[0]) in keys:
            cells = list(zip(columns, header, row)) if every else [(i, header[i], row[i]) for i in columns]
            yield table.line + 2 + offset, row, cells


def section_spans(ctx: Context):
    """(the section, first line, line after) of each section, by heading."""
    headings = ctx.doc.headings
    total = ctx.doc.source.count("\n") + 2
    for index, heading in enumerate(headings):
        end = headings[index + 1].line if index + 1 < len(headings) else total
        yield heading.section, heading.line + 1, end


def lines_holding(ctx: Context, needle: str, start: int, end: int):
    """(number, line) of each visible line from `start` up to `end` that holds `needle`:
    found with str.find in the visible text, not by reading every line of the section
    (an empty `needle` holds nothing)."""
    if not needle:
        return
    text, ends = visible_text(ctx)
    number = max(start, 1)
    if number > len(ends):
        return
    at = text.find(needle, ends[number - 2] + 1 if number > 1 else 0)
    while at >= 0:
        number = bisect_left(ends, at, number - 1) + 1  # the line whose end is at or after `at`
        if number >= end:
            return
        yield number, text[ends[number - 2] + 1 if number > 1 else 0 : ends[number - 1]]
        at = text.find(needle, ends[number - 1])


@per_document
def visible_text(ctx: Context) -> tuple[str, list[int]]:
    """The visible lines (Context.visible_lines) as one text, and where each line ends in it."""
    lines = ctx.visible_lines
    return "\n".join(lines), list(map(add, accumulate(map(len, lines)), count()))  # (+ n newlines before line n + 1)


# a table's findings, kept for the RFCs that share the table (the template's own tables in
# every fresh draft, all of them in a revision): met_twice.py
_by_table: MetTwice[tuple, tuple[Finding, ...]] = MetTwice(kept=2048)


def per_table(ctx: Context, table: document.Table, reading: Callable[[Context, document.Table], list[Finding]]):
    """`reading(ctx, table)`'s findings, kept by all they may depend on: the table's section
    and cells, the RFC's edition and rules, and in 6.5 the modules its basic info lists
    (not_applicable). Each finding's line is kept from the table's first line."""
    key = (reading, _content(ctx, table))
    found = _by_table.get(key)
    if found is None:
        found = tuple(f._replace(line=f.line - table.line) for f in reading(ctx, table))
        _by_table.met(key, found)
    return [f._replace(line=f.line + table.line) for f in found]


class _Content:
    """What a table's findings may depend on, hashed once (three rules look it up)."""

    __slots__ = ("value", "digest")

    def __init__(self, value: tuple) -> None:
        self.value, self.digest = value, hash(value)

    def __hash__(self) -> int:
        return self.digest

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Content) and self.digest == other.digest and self.value == other.value


@once_per_table
def _content(ctx: Context, table: document.Table) -> _Content:
    listed = ctx.info.get("相关模块", "") if table.section == ctx.edition.name(CHANGES) else None
    rows = tuple(map(tuple, table.rows))
    return _Content((ctx.edition.language, ctx.rules, table.section, tuple(table.header), rows, table.written, listed))


@per_document
def empty_cells(ctx: Context) -> list[Finding]:
    """RFC303 and RFC304; a cell holding only a comment is empty (it renders empty)."""
    return [f for table in ctx.doc.tables for f in per_table(ctx, table, _empty_cells_in)]


def _empty_cells_in(ctx: Context, table: document.Table) -> list[Finding]:
    ed = ctx.edition
    findings = []
    for line, row, cells in asked_cells(ctx, table):
        if table.section == ed.basic_info and ed.chinese(row[0]) in OPTIONAL_KEYS:
            continue
        empty = [column for _, column, cell in cells if not cell_value(cell)]
        if not empty or not_applicable(ctx, table, row, cells):
            continue
        if table.section == ed.name(PARAMETERS):
            findings.append(Finding(line, 1, "RFC304", f"parameter '{row[0]}' has empty columns: {', '.join(empty)}"))
        else:
            message = f"'{table.section}' {_row_named(row[0])} has empty cells: {', '.join(empty)}"
            findings.append(Finding(line, 1, "RFC303", message))
    return findings


def not_applicable(ctx: Context, table: document.Table, row: list[str], cells) -> bool:
    """A row its own answer says does not apply, whose other cells need nothing: a choice
    answered N/A / 不涉及 where its column offers that (`| checkpoint | N/A | | - |` in 7), and
    a row of 6.5 for a module 相关模块 does not list, its change left empty as the template
    writes it (`| model | | No |`)."""
    m = model(ctx.edition.language)
    for _, column, cell in cells:
        offered = m.column_choices.get((table.section, column), set())
        if cell_value(cell) in NOT_APPLICABLE and cell_value(cell) in offered:
            return True
    if table.section == ctx.edition.name(CHANGES) and row:
        module = row[0].strip("*_` ").lower()
        listed = canonical_modules(ctx.info.get("相关模块", ""), ctx.rules)
        return bool(listed) and module in ctx.rules.modules and module not in listed
    return False


def is_placeholder(cell: str, offered: set | None = None) -> bool:
    value = cell_value(cell)
    if PLACEHOLDER.fullmatch(value):
        return True
    return value in NOT_APPLICABLE and value not in (offered or ())


NO_DEFAULT = re.compile(r"[-—–]+")


def no_default(ctx: Context, section: str, column: str, value: str) -> bool:
    """A dash that says "none": in 5.1's default column, no default (the parameter is
    required: RFC319 reads it so, against the signature); in 10's 依赖 (Depends on) column,
    no PR before it, as the template's own 无 / None says (RFC324 reads no PR in it)."""
    if NO_DEFAULT.fullmatch(value) is None:
        return False
    ed = ctx.edition
    return (section, column) in ((ed.name(PARAMETERS), ed.name("默认值")), (ed.name(PLAN), ed.name(DEPENDS)))


def _row_named(first_cell: str) -> str:
    """A row by its first cell; one with none is named by nothing but the finding's line
    (the line of the text checked, which is not the file's line in an issue's body)."""
    return f"row '{first_cell}'" if first_cell else "a row"
