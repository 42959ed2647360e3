"""What every rule reads about one RFC, computed before any rule runs.

The basic-info table is read here, once: the rules of lints/preamble judge its rows, the
others read its values, and the stage a status implies is known before the first rule.
Other readings (the source with comments blanked, a family's shared parse) are computed
on first use and kept: a rule never writes to the context.

Merge-conflict markers are read here too (`merge_conflicts`): `rfc check` gives the
rules the text with each conflict resolved to its first side (`resolve`), and
`Context.conflicts` the conflicts as written, at the lines of the file.
"""

from __future__ import annotations

import bisect
import datetime
import re
from collections.abc import Callable
from dataclasses import dataclass, replace
from functools import cached_property, wraps
from pathlib import Path
from typing import TypeVar

from rfc_template import document
from rfc_template.editions import Edition, all_editions
from rfc_template.findings import Finding, normalise_newlines
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
        return BasicInfo(None, next((h.line for h in doc.headings if h.section == ed.basic_info), 1))
    rows: list[InfoRow] = []
    first: dict[str, int] = {}
    for offset, cells in enumerate(table.rows):
        line = table.line + 2 + offset
        # (the cells are the text a reader sees: a comment in a cell, a waiver or guidance, is
        # already gone, and `\<!---->`, escaped, is what the author typed)
        written, value = cells[0], (cells[1] if len(cells) > 1 else "").strip()
        key = own_key(ed, written)
        known = ed.chinese(key) if key in ed.basic_info_keys else lifecycle_key(written, rules)
        if known in CHOICE_KEYS:
            value = rules.canonical(value)
        rows.append(InfoRow(line, written, key, known, value, first.get(known) if known else None))
        if known:
            first.setdefault(known, line)
    return BasicInfo(table, table.line, tuple(rows))


def lifecycle_key(written: str, rules: Rules) -> str | None:
    """An optional row of the RFC's lifecycle (替代 / Supersedes, ...), in Chinese, in either
    edition's words and any case; None for any other key."""
    folded = written.strip().casefold()
    return next((zh for zh, en in rules.lifecycle_keys.items() if folded in (zh, en.casefold())), None)


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
        conflicts: tuple[Conflict, ...] | None = None,
        requested_stage: str | None = None,
    ) -> None:
        self.doc = doc
        # the stage asked for (`--stage`, the configuration), None when the status decides
        self.requested_stage = requested_stage
        self.edition = edition
        self.rules = rules
        self.path = path  # the file, for what lies beside it (diagrams/, linked files); None for text alone
        self.today = today or datetime.date.today()
        self.basic_info = read_basic_info(doc, edition, rules)
        self.info = self.basic_info.values  # basic info, keyed in Chinese, whatever the edition
        self.info_lines = self.basic_info.lines  # the line of each key's row
        self.status_stage = rules.stage_of(self.info.get("状态", ""))  # the stage the status implies
        self._shared: dict[Callable, object] = {}
        if conflicts is not None:  # `doc` is the text with them resolved (rfc check)
            self.__dict__["conflicts"] = conflicts

    def stated(self, key: str, value: str) -> str:
        """`适用后端 is PT (at line 21)`: what the basic info says and where, for a finding
        elsewhere that it contradicts (the reader sees both places)."""
        return f"{self.edition.name(key)} is {value} (at line {self.info_lines[key]})"

    @cached_property
    def conflicts(self) -> tuple[Conflict, ...]:
        """The merge conflicts left in the file, at its own lines. Given by `rfc check`,
        which parses the text with them resolved; else read off `doc`."""
        return merge_conflicts(self.doc)

    @cached_property
    def uncommented_lines(self) -> list[str]:
        """The source's lines with HTML comments blanked (guidance renders as nothing)."""
        return blank_comments(normalise_newlines(self.doc.source).split("\n"))

    @cached_property
    def visible_lines(self) -> list[str]:
        """The lines a reader reads as text: comments and code blocks blanked."""
        lines = list(self.uncommented_lines)
        for block in self.doc.code_blocks:  # the fences and every line between
            for number in range(block.line, min(block.last_line + 1, len(lines) + 1)):
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


# Merge-conflict markers as git writes them, `conflict-marker-size` 7: `<<<<<<<`, the
# diff3 base `|||||||` and `>>>>>>>`, each alone or with a space and a label (`ours`,
# `HEAD`, a file name); `=======` alone. A longer run (`<<<<<<<<`) is no marker.
MARKER = re.compile(r"(<{7}|\|{7}|>{7})(?: .*)?|={7}[ \t]*")
OPENING, BASE, SEPARATOR, CLOSING = "<", "|", "=", ">"
# The fences whose code the rules read, the only ones the template writes (5.1 and 5.2's
# python, 6.1 to 6.3's mermaid): markers in any other fence may be shown, not left.
READ_AS_CODE = frozenset(("python", "py", "python3", "mermaid"))


@dataclass(frozen=True)
class Conflict:
    """A merge conflict left in the RFC, as git writes it (cruft update, `git apply -3`):

        <<<<<<< ours       `line`
        the first side      the author's text, under cruft update
        ||||||| base       `base`: diff3 and zdiff3 only
        the common ancestor
        =======            `separator`
        the second side     the template's new text, under cruft update
        >>>>>>> theirs     `end`

    One never closed (no `>>>>>>>` before the next `<<<<<<<` or the end) ends at its last
    marker, and `closing` is empty.
    """

    line: int
    end: int
    opening: str  # the <<<<<<< line as written
    base: int | None = None
    separator: int | None = None
    closing: str = ""  # the >>>>>>> line as written; "" when there is none

    @property
    def closed(self) -> bool:
        return bool(self.closing)

    @property
    def markers(self) -> tuple[int, ...]:
        """The lines of its markers, in order."""
        found = (self.line, self.base, self.separator, self.end if self.closed else None)
        return tuple(n for n in found if n is not None)

    @property
    def ours(self) -> range:
        """The lines of the first side (empty: the side is empty)."""
        return range(self.line + 1, next(n for n in (self.base, self.separator, self.end) if n is not None))

    @property
    def theirs(self) -> range:
        """The lines of the second side (empty without a separator)."""
        return range(self.separator + 1, self.end) if self.separator is not None and self.closed else range(0)

    @property
    def removed(self) -> tuple[int, ...]:
        """The lines resolving it to the first side removes: the markers, the base and the
        second side; of one never closed, only its markers (where it ends is not known)."""
        if not self.closed:
            return self.markers
        return (self.line, *range(self.ours.stop, self.end + 1))


def _marker(line: str) -> str | None:
    if len(line) < 7 or line[0] not in "<|=>" or not MARKER.fullmatch(line):
        return None
    return line[0]


def merge_conflicts(doc: document.Document) -> tuple[Conflict, ...]:
    """The merge conflicts left in `doc`, in order: one for each `<<<<<<<` line.

    A `=======`, `|||||||` or `>>>>>>>` with no `<<<<<<<` before it is no conflict's (a
    `=======` under a line is a setext heading). Markers count anywhere, fences and
    comments included, except a `<<<<<<<` inside a fenced block the rules do not read as
    code (`text`, `diff`, `console`, no language, ...): that is an example of a conflict,
    shown, and so are the markers after it up to the block's closing fence.
    """
    if "<<<<<<<" not in doc.source:
        return ()
    shown = _shown_blocks(doc)
    found: list[Conflict] = []
    current: Conflict | None = None  # the conflict being read, up to its last marker yet
    example_ends = 0  # the closing fence of the example being passed over
    for number, line in enumerate(doc.source.split("\n"), start=1):
        kind = _marker(line)
        if kind is None or number < example_ends:
            continue
        if kind == OPENING:
            if current is not None:  # never closed
                found.append(current)
                current = None
            index = bisect.bisect_right(shown, number, key=lambda block: block[0]) - 1
            if index >= 0 and number < shown[index][1]:
                example_ends = shown[index][1]
                continue
            current = Conflict(number, number, line)
        elif current is None:
            continue
        elif kind == BASE and current.base is None and current.separator is None:
            current = replace(current, base=number, end=number)
        elif kind == SEPARATOR and current.separator is None:
            current = replace(current, separator=number, end=number)
        elif kind == CLOSING:
            found.append(replace(current, end=number, closing=line))
            current = None
    if current is not None:
        found.append(current)
    return tuple(found)


def _shown_blocks(doc: document.Document) -> list[tuple[int, int]]:
    """(opening fence, closing fence) of each closed fenced block whose code no rule reads."""
    unclosed = {block.line for block in doc.unclosed if block.kind == "fence"}
    blocks = []
    for block in doc.code_blocks:
        language = block.info.split(maxsplit=1)[0].lower() if block.info else ""
        if language in READ_AS_CODE or block.line in unclosed:
            continue
        blocks.append((block.line, block.last_line))
    return sorted(blocks)


@dataclass(frozen=True)
class Resolution:
    """A text with each of its merge conflicts resolved to its first side (under cruft,
    the author's own text), and where each of its lines is in the text as written."""

    text: str
    conflicts: tuple[Conflict, ...]
    origin: tuple[int, ...]  # origin[n - 1]: the line of the text as written of line n
    written_lines: int

    def original(self, line: int) -> int:
        """The line as written of `line` of the resolved text (past its end: as far past)."""
        if line < 1:
            return line
        if line <= len(self.origin):
            return self.origin[line - 1]
        return line + self.written_lines - len(self.origin)

    def where(self, conflict: Conflict) -> int:
        """The line of the resolved text where `conflict` stood: its first side's first
        line, or the line after it when that side is empty."""
        return bisect.bisect_left(self.origin, conflict.line) + 1

    def as_written(self, finding: Finding) -> Finding:
        """A finding of the resolved text at its line as written, and the lines its
        message names (`first at line 12`) too."""
        message = finding.message
        if "at line " in message:
            message = AT_LINE.sub(lambda m: f"{m.group(1)}{self.original(int(m.group(2)))}", message)
        return finding._replace(line=self.original(finding.line), message=message)


AT_LINE = re.compile(r"(\bat line )(\d+)")


def resolve(source: str, conflicts: tuple[Conflict, ...]) -> Resolution:
    """`source` (as document.parse reads it: newlines normalised) with each conflict
    resolved to its first side: its markers, base and second side removed."""
    lines = source.split("\n")
    removed = {n for conflict in conflicts for n in conflict.removed}
    kept = [n for n in range(1, len(lines) + 1) if n not in removed]
    text = "\n".join(lines[n - 1] for n in kept)
    if len(lines) in removed:  # a conflict ends the file: a line after it, where it stood
        text, kept = text + "\n", [*kept, len(lines) + 1]
    return Resolution(text, conflicts, tuple(kept), len(lines))
