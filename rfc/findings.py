"""What a check reports: a position, a stable rule code and one line of message."""

from __future__ import annotations

import re
from dataclasses import dataclass


@dataclass(frozen=True, order=True)
class Finding:
    line: int
    col: int
    code: str
    message: str

    def format(self, path: str) -> str:
        return f"{path}:{self.line}:{self.col}: {self.code} {self.message}"


# Jinja's delimiters. User values are escaped on the way in (rfc/jinja.py), so any of
# these left in a rendered file is template syntax that was never rendered (a
# backslash-escaped brace, `\\{`, is a user's literal brace).
TEMPLATE_SYNTAX = re.compile(r"(?<!\\)\{(?:\{|%|#)|%\}|#\}")


def unrendered_syntax(text: str, code: str = "RFC004") -> list[Finding]:
    """Standard library only: the post-generation hook runs this even without mistune."""
    findings = []
    for number, line in enumerate(text.splitlines(), start=1):
        for match in TEMPLATE_SYNTAX.finditer(line):
            findings.append(
                Finding(number, match.start() + 1, code, f"unrendered template syntax {match.group()!r}")
            )
    return findings
