"""Findings as `rfc check` writes them: text, JSON lines, GitHub annotations, or SARIF.

text    path:line:col: CODE message (a warning: CODE [warning] message), then on stderr
        one line of counts (`12 errors, 3 warnings in 2 files; 4 waived`)
json    one JSON object per finding and line
github  ::error / ::warning workflow commands, escaped as GitHub's toolkit escapes them
sarif   one SARIF 2.1.0 log of every file, for code scanning (written once, at the end)
markdown one Markdown report of every file (written once, at the end), for a comment on
        an issue or a pull request: a table of findings, or the problem with a PATH
"""

from __future__ import annotations

import json
import os
import re
from collections.abc import Iterable
from pathlib import Path

from rfc_template import __version__
from rfc_template.lint import registry

STYLES = ("text", "json", "github", "sarif", "markdown")
# The first line of a Markdown report: how the action finds its own comment to update.
REPORT_MARK = "<!-- rfc-check -->"
REPORT_ROWS = 100  # a comment holds at most 65,536 characters: the first findings, and how many more
TOOL_URL = "https://github.com/mindspore/rfc-template"


def formatted(findings: list, path: Path, style: str) -> str:
    """Every finding of one file, a line each, in the style (SARIF is written whole: see sarif_log)."""
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
                "severity": finding.severity,
                "url": rule.url,
                "message": finding.message,
            },
            ensure_ascii=False,
        )
    if style == "github":
        command = "warning" if finding.severity == "warning" else "error"
        properties = f"file={_property(path)},line={finding.line},col={finding.col},title={_property(finding.code)}"
        return f"::{command} {properties}::{_data(finding.message)}"
    return finding.format(path)


def format_error(path: str, message: str, style: str) -> str:
    """A problem with a PATH (unreadable, not an RFC, a bad configuration), in the style:
    text goes to stderr as `rfc check: message`; the others are lines of their own output."""
    if style == "json":
        return json.dumps({"path": path, "severity": "error", "error": message}, ensure_ascii=False)
    if style == "github":
        return f"::error file={_property(path)},title=rfc check::{_data(message)}"
    return f"rfc check: {message}"


# GitHub's toolkit (@actions/core, command.ts): data escapes %, CR and LF; a property
# also `:` and `,`, which would end it.
def _data(text: str) -> str:
    return text.replace("%", "%25").replace("\r", "%0D").replace("\n", "%0A")


def _property(text: str) -> str:
    return _data(text).replace(":", "%3A").replace(",", "%2C")


def summary(errors: int, warnings: int, files: int, waived: int) -> str:
    """`12 errors, 3 warnings in 2 files; 4 waived`."""
    line = f"{_count(errors, 'error')}, {_count(warnings, 'warning')} in {_count(files, 'file')}"
    return line + (f"; {waived} waived" if waived else "")


def _count(number: int, word: str) -> str:
    return f"{number} {word}{'' if number == 1 else 's'}"


def statistics(findings: Iterable, style: str) -> str:
    """How many findings each rule reported, most first: `  12  RFC312  template-hint-cell  error`."""
    counts: dict[tuple[str, str], int] = {}
    for finding in findings:
        counts[(finding.code, finding.severity)] = counts.get((finding.code, finding.severity), 0) + 1
    rows = sorted(counts.items(), key=lambda item: (-item[1], item[0]))
    by_code = registry.rules_by_code()
    if style == "json":
        return "".join(
            json.dumps({"code": code, "name": by_code[code].name, "severity": level, "count": count}) + "\n"
            for (code, level), count in rows
        )
    width = max((len(str(count)) for _, count in rows), default=1)
    return "".join(f"{count:>{width}}  {code}  {by_code[code].name}  {level}\n" for (code, level), count in rows)


def sarif_log(files: list[tuple[str, list]], errors: list[tuple[str, str]], root: Path) -> dict:
    """One SARIF 2.1.0 log: every rule, each file's findings at repository-relative paths
    (from `root`), and problems with PATHs as tool notifications."""
    rules = registry.all_rules()
    index = {rule.code: number for number, rule in enumerate(rules)}
    results = []
    for path, findings in files:
        location = _location(path, root)
        for finding in findings:
            results.append(
                {
                    "ruleId": finding.code,
                    "ruleIndex": index[finding.code],
                    "level": finding.severity,
                    "message": {"text": finding.message},
                    "locations": [
                        {
                            "physicalLocation": {
                                **location,
                                "region": {"startLine": finding.line, "startColumn": finding.col},
                            }
                        }
                    ],
                }
            )
    notifications = [
        {"level": "error", "message": {"text": message}, "locations": [{"physicalLocation": _location(path, root)}]}
        for path, message in errors
    ]
    return {
        "version": "2.1.0",
        "$schema": "https://json.schemastore.org/sarif-2.1.0.json",
        "runs": [
            {
                "tool": {
                    "driver": {
                        "name": "rfc-check",
                        "version": __version__,
                        "informationUri": TOOL_URL,
                        "rules": [_rule(rule) for rule in rules],
                    }
                },
                "originalUriBaseIds": {"%SRCROOT%": {"uri": root.resolve().as_uri() + "/"}},
                "invocations": [{"executionSuccessful": not errors, "toolExecutionNotifications": notifications}],
                "results": results,
            }
        ],
    }


def markdown_report(files: list[tuple[str, list]], errors: list[tuple[str, str]], show_paths: bool = True) -> str:
    """A report to post as a comment. What the findings quote was written by anyone: each
    message is shown as literal text (no link, mention, markup or HTML of its own)."""
    found = [(path, f) for path, findings in files for f in findings]
    errors_count = sum(f.severity == "error" for _, f in found)
    warnings = len(found) - errors_count
    lines = [REPORT_MARK]
    if errors:
        lines.append("### rfc check: not checked")
        for path, message in errors:
            said = message if show_paths else message.removeprefix(f"{path}: ")
            lines += ["", f"- {_literal(said)}"]
    elif not found:
        lines += ["### rfc check: no findings", "", "The RFC passes the template's checks at its stage."]
    else:
        lines += [f"### rfc check: {_count(errors_count, 'error')}, {_count(warnings, 'warning')}", ""]
        lines += ["| Line | Rule | Severity | Message |", "| ---: | --- | --- | --- |"]
        rules = registry.rules_by_code()
        for path, finding in found[:REPORT_ROWS]:
            rule = rules[finding.code]
            where = f"{_literal(path)}:{finding.line}" if show_paths else str(finding.line)
            lines.append(
                f"| {where} | [{finding.code}]({rule.url}) {rule.name} | {finding.severity} | {_literal(finding.message)} |"
            )
    lines += [
        "",
        f"<sub>[rfc check]({TOOL_URL}) {__version__}: what each rule asks, and how to waive it, is on its page.</sub>",
    ]
    return "\n".join(lines) + "\n"


def _literal(text: str) -> str:
    """Text shown as written in a Markdown table cell: every character Markdown or HTML
    reads escaped, and `@` kept from mentioning anyone (a zero-width joiner after it)."""
    from rfc_template.jinja import markdown_text

    escaped = markdown_text(" ".join(text.split())).replace("@", "@\u2060")
    return re.sub(r"(?i)(https?|www)(\S)", "\\1\u2060\\2", escaped)  # no autolink


def _rule(rule) -> dict:
    return {
        "id": rule.code,
        "name": rule.name,
        "shortDescription": {"text": rule.summary},
        "fullDescription": {"text": rule.doc.split("\n\n")[0].replace("## What it checks", "").strip() or rule.summary},
        "help": {"text": rule.doc, "markdown": rule.doc},
        "helpUri": rule.url,
        "defaultConfiguration": {"level": rule.severity},
        "properties": {"stage": rule.stage},
    }


def _location(path: str, root: Path) -> dict:
    """A repository-relative URI where the file is under `root`, else an absolute one."""
    if path == "-":
        return {"artifactLocation": {"uri": "stdin"}}
    absolute = Path(os.path.abspath(path))
    try:
        relative = absolute.relative_to(root.resolve())
    except ValueError:
        return {"artifactLocation": {"uri": absolute.as_uri()}}
    return {"artifactLocation": {"uri": relative.as_posix(), "uriBaseId": "%SRCROOT%"}}


def repository_root(start: Path) -> Path:
    """The git repository's top folder above `start`, else `start`: SARIF paths are relative to it."""
    start = start.resolve()
    for folder in (start, *start.parents):
        if (folder / ".git").exists():
            return folder
    return start
