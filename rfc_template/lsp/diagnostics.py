"""One editor's document checked as `rfc check` checks the file, and its findings as LSP diagnostics.

Positions: a finding's line and column count lines split at `\\n`, `\\r\\n` or `\\r` (as
forges and the LSP split them) and columns in code points, 1-based; LSP counts from 0, in
the client's units (UTF-16 unless the client and pygls agreed on another), which the
document's position codec converts to.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition, ServerTextRange

from rfc_template import config
from rfc_template.batch import MAX_RFC_BYTES, checked_rfc
from rfc_template.errors import UsageError
from rfc_template.findings import Finding
from rfc_template.lint import registry

SOURCE = "rfc"
LINE_BREAK = re.compile(r"\r\n|\r|\n")


@dataclass(frozen=True)
class Result:
    """A document checked: its findings, or why it could not be (then one diagnostic says it)."""

    findings: list[Finding] = field(default_factory=list)
    problem: str = ""


def is_rfc(path: Path) -> bool:
    """The server checks rfc.md and the files the configuration's extend-include adds;
    any other Markdown file gets no diagnostics."""
    config.nearest.cache_clear()  # the server runs for hours: a configuration may have come or gone
    try:
        return config.settings_for(path, config.Overrides()).is_rfc(path)
    except UsageError:  # a bad configuration: rfc.md is still an RFC, and its check says what is wrong
        return path.name == config.RFC_NAME


def check(path: Path, text: str) -> Result:
    """The document's findings as `rfc check PATH` reports them for this text."""
    config.nearest.cache_clear()  # a configuration may have been written or removed since the last check
    if len(text) > MAX_RFC_BYTES or len(text.encode("utf-8", "surrogatepass")) > MAX_RFC_BYTES:
        return Result(problem=f"{path.name}: too large for an RFC (at most {MAX_RFC_BYTES // 2**20} MB); not checked")
    if "\0" in text:
        return Result(problem=f"{path.name}: a binary file, not Markdown (a NUL character); not checked")
    try:
        checked = checked_rfc(path, None, overrides=config.Overrides(), text=text)
    except UsageError as error:  # not an RFC, nested too deeply, a bad configuration
        return Result(problem=str(error))
    return Result(checked.findings)


def lines_of(text: str) -> list[str]:
    return LINE_BREAK.split(text)


def diagnostics(result: Result, lines: list[str], codec: PositionCodec) -> list[types.Diagnostic]:
    if result.problem:
        return [_diagnostic(Finding(1, 1, "", result.problem), lines, codec)]
    return [_diagnostic(finding, lines, codec) for finding in result.findings]


def finding_range(finding: Finding, lines: list[str]) -> ServerTextRange:
    """From the finding's column to the end of its line, in code points: the rules name a
    line and where on it the problem starts, not where it ends."""
    number = min(max(finding.line - 1, 0), len(lines) - 1)
    text = lines[number]
    start = min(max(finding.col - 1, 0), len(text))
    return ServerTextRange(ServerTextPosition(number, start), ServerTextPosition(number, len(text)))


def _diagnostic(finding: Finding, lines: list[str], codec: PositionCodec) -> types.Diagnostic:
    rule = registry.rules_by_code().get(finding.code)
    return types.Diagnostic(
        range=codec.range_to_client_units(lines, finding_range(finding, lines)),
        message=finding.message,
        severity=types.DiagnosticSeverity.Warning if finding.severity == "warning" else types.DiagnosticSeverity.Error,
        code=finding.code or None,
        code_description=types.CodeDescription(href=rule.url) if rule is not None else None,
        source=SOURCE,
        data={"name": rule.name} if rule is not None else None,
    )
