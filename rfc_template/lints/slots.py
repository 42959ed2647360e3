"""What the template leaves to fill: xxx slots, choice lists, empty cells, placeholders."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lints import Context
from rfc_template.lints.model import PARAMETERS, SLOT, model
from rfc_template.lints.preamble import OPTIONAL_KEYS

HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
# Values that hold no value. N/A and 不涉及 are values only where the template offers them.
# A whole value that only holds a place: "to be decided", a dash, an ellipsis, or
# 略 ("omitted") and 同上 ("as above"), which leave the reader to guess.
PLACEHOLDER = re.compile(
    r"(?i)[(（\[【]?(?:xxx|tbd|tba|tbc|todo|fixme|to be (?:decided|determined|added|confirmed)|待定|待补充|待补|待确认"
    r"|略|同上|见上|同前|(?:same )?as above|see above|ditto|[?？]+|[-—–]+|(?:\.\s*){2,}\.|…+|。{3,})[)）\]】]?")
ELLIPSIS = re.compile(r"(?:(?:\.\s*){2,}\.|…+|。{3,})")
NOT_APPLICABLE = ("N/A", "n/a", "NA", "不涉及")
LEFT_TODO = re.compile(r"\b(?:TODO|TBD|FIXME)\b")
# what a placeholder cell holds some of: a quick look at a whole row (substring searches)
# before its cells are looked at one by one
PLACEHOLDER_HINTS = ("tbd", "tba", "tbc", "to be", "todo", "fixme", "待", "?", "？", "n/a", "不涉及", "..", ". .", "…", "。。。",
                     "略", "同上", "见上", "同前", "above", "ditto")


_ANY_HINT = re.compile("|".join(map(re.escape, PLACEHOLDER_HINTS)))  # one search, in C


def _maybe_placeholder(row: list[str]) -> bool:
    text = " | ".join(row).lower()
    if _ANY_HINT.search(text):
        return True
    return any(cell.strip().lower() == "na" or (cell.strip() and not cell.strip().strip("-—–")) for cell in row)
NEEDS_REAL_ROW = ("9.1 用例分层", "10. 实现计划")


@lru_cache(maxsize=8192)  # the same cells recur in every RFC: the template's own words
def _clean(cell: str) -> str:
    """The value of a cell: without comments, emphasis and a closing full stop (an
    ellipsis is kept: it is a placeholder, not punctuation)."""
    if "<!--" in cell:
        cell = HTML_COMMENT.sub("", cell)
    value = cell.strip().strip("*_`").strip()
    return value if ELLIPSIS.fullmatch(value) else cell.strip().strip("*_`。.").strip()


def rows(table: document.Table):
    """Each body row with its line (a row of the table is one line of the file)."""
    for offset, row in enumerate(table.rows):
        yield table.line + 2 + offset, row


def xxx_slots(ctx: Context) -> list[Finding]:
    """RFC301 (in code too: 5.1's `mode="xxx"` is a slot)."""
    if "xxx" not in ctx.doc.source:
        return []
    return [
        Finding(number, m.start() + 1, "RFC301", "an xxx slot is left to fill")
        for number, line in enumerate(ctx.uncommented_lines, start=1) if "xxx" in line
        for m in SLOT.finditer(line)
    ]


def choices(ctx: Context) -> list[Finding]:
    """RFC302: a choice list kept whole, where the template offers that choice: in a
    table column that offers it, or on a prose line the template writes it on."""
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        for line, row in rows(table):
            for column, cell in zip(table.header, row):
                offered = m.column_choices.get((table.section, column))
                match = offered and m.choice_list.search(cell)
                if match:
                    findings.append(Finding(line, 1, "RFC302", f"choose one of '{match.group()}' in '{table.section}' ({column})"))
    visible = ctx.visible_lines
    for heading, start, end in _section_spans(ctx):
        for prefix in m.choice_prefixes.get(heading, ()):
            for number in range(start, end):
                line = visible[number - 1]
                at = line.find(prefix)
                match = at >= 0 and not line.lstrip().startswith("|") and m.choice_list.search(line, at + len(prefix))
                if match:
                    findings.append(Finding(number, match.start() + 1, "RFC302", f"choose one of '{match.group()}'"))
    return findings


def _section_spans(ctx: Context):
    """(heading text, first line, line after) of each section, by heading."""
    headings = ctx.doc.headings
    total = ctx.doc.source.count("\n") + 2
    for index, heading in enumerate(headings):
        end = headings[index + 1].line if index + 1 < len(headings) else total
        yield heading.text, heading.line + 1, end


def empty_cells(ctx: Context) -> list[Finding]:
    """RFC303 and RFC304; a cell holding only a comment is empty (it renders empty)."""
    ed = ctx.edition
    findings = []
    for table in ctx.doc.tables:
        for line, row in rows(table):
            if table.section == ed.basic_info and ed.chinese(row[0]) in OPTIONAL_KEYS:
                continue
            empty = [table.header[i] for i, cell in enumerate(row) if not _clean(cell) and i < len(table.header)]
            if not empty:
                continue
            if table.section == ed.name(PARAMETERS):
                findings.append(Finding(line, 1, "RFC304", f"parameter '{row[0]}' has empty columns: {', '.join(empty)}"))
            else:
                findings.append(Finding(line, 1, "RFC303", f"'{table.section}' row '{row[0] or line}' has empty cells: {', '.join(empty)}"))
    return findings


def real_rows(ctx: Context) -> list[Finding]:
    """RFC305: 9.1 and 10 need at least one fully filled row (when written as a table)."""
    findings = []
    for section in map(ctx.edition.name, NEEDS_REAL_ROW):
        table = ctx.doc.table_in(section)
        if table is not None and not any(all(_clean(c) and not is_placeholder(c) for c in row) for row in table.rows):
            findings.append(Finding(table.line, 1, "RFC305", f"'{section}' needs at least one row with every cell filled"))
    return findings


def is_placeholder(cell: str, offered: set | None = None) -> bool:
    value = _clean(cell)
    if PLACEHOLDER.fullmatch(value):
        return True
    return value in NOT_APPLICABLE and value not in (offered or ())


NO_DEFAULT = re.compile(r"[-—–]+")


def _no_default(ctx: Context, section: str, column: str, value: str) -> bool:
    """A dash in 5.1's default column says "no default": the parameter is required
    (RFC319 reads it so, against the signature)."""
    ed = ctx.edition
    return section == ed.name(PARAMETERS) and column == ed.name("默认值") and NO_DEFAULT.fullmatch(value) is not None


def placeholders(ctx: Context) -> list[Finding]:
    """RFC308: a table cell, or a prose slot the template marks `xxx`, holds a placeholder."""
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        for line, row in rows(table):
            if not _maybe_placeholder(row):
                continue
            for column, cell in zip(table.header, row):
                value = _clean(cell)
                if not value or SLOT.fullmatch(value):
                    continue  # RFC303 / RFC301
                if (table.section, column) in m.answer_columns and value in NOT_APPLICABLE:
                    continue  # a cell the answers decide (6.5 for a module not listed): RFC314's business
                offered = m.column_choices.get((table.section, column), set())
                if _no_default(ctx, table.section, column, value):
                    continue
                if is_placeholder(cell, offered) or LEFT_TODO.search(value):
                    findings.append(Finding(line, 1, "RFC308", f"'{table.section}' row '{row[0]}': {column} is a placeholder ('{value}')"))
    visible = ctx.visible_lines
    for heading, start, end in _section_spans(ctx):
        for prefix in m.slot_prefixes.get(heading, ()):
            if not prefix:
                continue
            for number in range(start, end):
                line = visible[number - 1]
                if prefix in line and (line.lstrip().startswith(prefix) or f" {prefix}" in line):
                    rest = _clean(line[line.find(prefix) + len(prefix):])
                    if rest and PLACEHOLDER.fullmatch(rest) and not SLOT.fullmatch(rest) and not LEFT_TODO.fullmatch(rest):
                        findings.append(Finding(number, 1, "RFC308", f"'{prefix}' is a placeholder ('{rest}')"))
    return findings


def left_todos(ctx: Context) -> list[Finding]:
    """RFC309: TODO, TBD or FIXME in the text (tables: RFC308)."""
    source = ctx.doc.source
    if "TODO" not in source and "TBD" not in source and "FIXME" not in source:
        return []
    findings = []
    for number, line in enumerate(ctx.visible_lines, start=1):
        if line.lstrip().startswith("|"):
            continue
        findings += [Finding(number, m.start() + 1, "RFC309", f"'{m.group()}' is left in the text") for m in LEFT_TODO.finditer(line)]
    return findings
