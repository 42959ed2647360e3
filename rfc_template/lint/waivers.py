"""Waivers written in the RFC: HTML comments, which forges do not draw, in markdownlint's style.

    <!-- rfc-disable RFC312 RFC314 -- reason -->   ... the lines after it, up to
    <!-- rfc-enable RFC312 RFC314 -->              (or to the end of the file)
    <!-- rfc-disable-line RFC312 -- reason -->     this line (also inside a table cell)
    <!-- rfc-disable-next-line RFC312 -- reason --> the next line
    <!-- rfc-disable-file RFC312 -- reason -->     the whole file

Codes or rule names; with none, every rule. A waiver lives in the document because it
travels with it and reviewers see it. A waiver that silences nothing is itself a finding
(RFC009), as one naming no rule or, where the configuration requires one, lacking its
reason (RFC010); neither of those two can be waived. A waiver inside a code block is code.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from rfc_template.findings import Finding
from rfc_template.lint import registry

WAIVER = re.compile(r"<!--\s*rfc-(disable-next-line|disable-line|disable-file|disable|enable)(?![\w-])(.*?)-->", re.S)
MARK = "rfc-"  # no waiver without it: one substring search spares every RFC without one
UNUSED, INVALID = "RFC009", "RFC010"
NOT_WAIVABLE = frozenset((UNUSED, INVALID))


@dataclass
class Waiver:
    kind: str
    line: int  # where it is written
    codes: frozenset[str] | None  # None: every rule
    written: str  # the codes as written, for messages
    reason: str
    first: int = 0  # the lines it covers
    last: int = 0
    used: bool = False


@dataclass
class Waived:
    """What the waivers did to one RFC's findings."""

    kept: list[Finding]
    waived: int = 0
    problems: list[Finding] = field(default_factory=list)  # RFC009 and RFC010


def read(lines: list[str], code_lines: set[int]) -> tuple[list[Waiver], list[Finding]]:
    """The waivers of the lines (1-based `code_lines` are inside code blocks), and the
    findings about waivers that name no rule."""
    waivers: list[Waiver] = []
    problems: list[Finding] = []
    last_line = len(lines)
    for number, line in enumerate(lines, start=1):
        if MARK not in line or number in code_lines:
            continue
        for match in WAIVER.finditer(line):
            kind, rest = match.group(1), match.group(2)
            written, _, reason = rest.partition("--")
            selectors = written.split()
            codes: set[str] = set()
            for selector in selectors:
                rule = registry.find_rule(selector.strip(",;"))
                if rule is None:
                    problems.append(
                        Finding(
                            number,
                            match.start() + 1,
                            INVALID,
                            f"the waiver names no rule {selector!r}; name a code or a rule's name (rfc rule --list)",
                        )
                    )
                else:
                    codes.add(rule.code)
            if selectors and not codes:
                continue
            waivers.append(
                Waiver(
                    kind,
                    number,
                    frozenset(codes) if selectors else None,
                    " ".join(selectors),
                    reason.strip(),
                    *_span(kind, number, last_line),
                )
            )
    _close_ranges(waivers, last_line)
    return [w for w in waivers if w.kind != "enable"], problems


def _span(kind: str, number: int, last_line: int) -> tuple[int, int]:
    return {
        "disable-line": (number, number),
        "disable-next-line": (number + 1, number + 1),
        "disable-file": (1, last_line),
        "disable": (number, last_line),
        "enable": (number, number),
    }[kind]


def _close_ranges(waivers: list[Waiver], last_line: int) -> None:
    """An `rfc-enable` ends the open `rfc-disable` ranges of its codes (all of them without codes)."""
    open_ranges: list[Waiver] = []
    for waiver in waivers:
        if waiver.kind == "disable":
            open_ranges.append(waiver)
        elif waiver.kind == "enable":
            for opened in open_ranges:
                if opened.last == last_line and (
                    waiver.codes is None or opened.codes is None or opened.codes & waiver.codes
                ):
                    opened.last = waiver.line


def apply(
    findings: list[Finding], lines: list[str], code_lines: set[int], ran: frozenset[str], require_reason: bool
) -> Waived:
    """The findings no waiver silences, how many were silenced, and the waivers' own findings.
    `ran` are the codes that ran on this RFC: a waiver of a rule that did not run (not
    selected, or not at this stage) is not reported as unused."""
    waivers, problems = read(lines, code_lines)
    if not waivers:
        return Waived(findings, 0, problems)
    kept: list[Finding] = []
    waived = 0
    for finding in findings:
        silencing = (
            None
            if finding.code in NOT_WAIVABLE
            else next(
                (
                    w
                    for w in waivers
                    if w.first <= finding.line <= w.last and (w.codes is None or finding.code in w.codes)
                ),
                None,
            )
        )
        if silencing is None:
            kept.append(finding)
        else:
            silencing.used = True
            waived += 1
    for waiver in waivers:
        if require_reason and not waiver.reason:
            problems.append(
                Finding(
                    waiver.line,
                    1,
                    INVALID,
                    f"the waiver of {waiver.written or 'every rule'} gives no "
                    "reason; write it after '--' (the configuration's require-reason)",
                )
            )
        if not waiver.used and (waiver.codes is None or waiver.codes & ran) and UNUSED in ran:
            problems.append(
                Finding(
                    waiver.line,
                    1,
                    UNUSED,
                    f"the waiver of {waiver.written or 'every rule'} silences nothing here; remove it",
                )
            )
    return Waived(kept, waived, problems)
