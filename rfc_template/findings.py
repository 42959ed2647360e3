"""What a check reports: a position, a stable rule code and one line of message."""

from __future__ import annotations

import bisect
import operator
import re
from typing import NamedTuple


class Finding(NamedTuple):
    """A tuple, so that sorting, de-duplicating and sending findings between processes
    stays in C: a fresh draft under review has dozens, and 1,000 RFCs tens of thousands."""

    line: int
    col: int
    code: str
    message: str
    severity: str = "error"  # the rules report errors; `rfc check` sets each code's severity

    def format(self, path: str) -> str:
        """`path:line:col: CODE message`; a warning says so: `CODE [warning] message`."""
        if self.severity == "error":
            return f"{path}:{self.line}:{self.col}: {self.code} {self.message}"
        return f"{path}:{self.line}:{self.col}: {self.code} [{self.severity}] {self.message}"


def in_order(findings) -> list[Finding]:
    """Without duplicates, by line, column and code; findings of one code at one place
    keep the order their lint gave (missing sections at one line: the template's order,
    not the alphabet's)."""
    return sorted(dict.fromkeys(findings), key=_PLACE_AND_CODE)


_PLACE_AND_CODE = operator.itemgetter(0, 1, 2)  # in C: sorting tens of thousands stays cheap


def normalise_newlines(text: str) -> str:
    return text.replace("\r\n", "\n").replace("\r", "\n")


class LineIndex:
    """1-based (line, column) of an offset into newline-normalised text, by bisection.

    Checks search the whole text at once and turn only their matches into positions,
    rather than walking it line by line.
    """

    def __init__(self, text: str) -> None:
        self._starts = [0] + [m.end() for m in re.finditer("\n", text)]

    def position(self, offset: int) -> tuple[int, int]:
        line = bisect.bisect_right(self._starts, offset)
        return line, offset - self._starts[line - 1] + 1


# What cookiecutter's Jinja would have rendered: a whole `{{ ... }}`, `{% ... %}` or
# `{# ... #}` on one line. User values are escaped on the way in (rfc_template/jinja.py),
# so one left in a rendered file was never rendered (a backslash-escaped brace, `\\{`, is
# a user's literal brace). A lone `%}` is no template syntax: Python's f"{x:.1%}" has one.
TEMPLATE_SYNTAX = re.compile(r"(?<!\\)\{\{.*?\}\}|(?<!\\)\{%.*?%\}|(?<!\\)\{#.*?#\}")
DELIMITERS = ("{{", "{%", "{#")


def unrendered_syntax(text: str, code: str = "RFC004") -> list[Finding]:
    """Standard library only: the post-generation hook runs this even without mistune."""
    if not any(delimiter in text for delimiter in DELIMITERS):
        return []  # the usual case, found by substring search far faster than by the regex
    text = normalise_newlines(text)
    matches = list(TEMPLATE_SYNTAX.finditer(text))
    if not matches:
        return []
    index = LineIndex(text)
    return [
        Finding(*index.position(match.start()), code, f"unrendered template syntax {match.group()[:2]!r}")
        for match in matches
    ]
