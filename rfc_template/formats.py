"""Findings as `rfc check` writes them: text, JSON lines, or GitHub annotations."""

from __future__ import annotations

import json
from pathlib import Path

from rfc_template.lint import registry


def formatted(findings: list, path: Path, style: str) -> str:
    """Every finding of one file, a line each, in the style."""
    shown = str(path)
    return "".join(format_finding(finding, shown, style) + "\n" for finding in findings)


def format_finding(finding, path: str, style: str) -> str:
    if style == "json":
        rule = registry.rules_by_code()[finding.code]
        return json.dumps(
            {
                "path": path,
                "line": finding.line,
                "col": finding.col,
                "code": finding.code,
                "name": rule.name,
                "url": rule.url,
                "message": finding.message,
            },
            ensure_ascii=False,
        )
    if style == "github":
        message = finding.message.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")
        return f"::error file={path},line={finding.line},col={finding.col},title={finding.code}::{message}"
    return finding.format(path)
