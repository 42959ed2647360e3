"""`rfc index` without its command line: every RFC under a folder, as a Markdown table or JSON."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

from rfc_template import check
from rfc_template.batch import checked_rfc, rfc_files
from rfc_template.errors import UsageError
from rfc_template.template import load_rules

# (entry key, basic-info key or None, the column's name where it is no basic-info key)
INDEX_COLUMNS = (
    ("title", None, {"zh": "标题", "en": "Title"}),
    ("author", "作者", None),
    ("status", "状态", None),
    ("modules", "相关模块", None),
    ("backend", "适用后端", None),
    ("issue", "相关 issue / PR", None),
    ("date", "创建日期", None),
    ("path", None, {"zh": "路径", "en": "Path"}),
)


def index_headers(language: str) -> list[str]:
    """The index's column names in one edition's words (basic-info keys as the template writes them)."""
    from rfc_template.editions import edition

    return [names[language] if names else edition(language).name(str(key)) for _, key, names in INDEX_COLUMNS]


def index_entries(directory: Path) -> tuple[list[dict[str, str]], int]:
    """One entry per RFC under `directory`, by date then path, and how many files could not
    be read (each said on stderr; the others are still indexed)."""
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a directory")
    rules = load_rules()
    entries, unreadable = [], 0
    for path in rfc_files([str(directory)]):  # none at all: a wrong path, not an empty index
        try:
            checked = checked_rfc(path, check.DRAFT, diagram_files=False)
        except UsageError as error:
            print(f"rfc index: {error}", file=sys.stderr)
            unreadable += 1
            continue
        entry = {key: checked.info.get(info_key, "") for key, info_key, _ in INDEX_COLUMNS if info_key}
        # a status in the words of the RFC's own edition, however it was typed
        entry.update(
            title=checked.title,
            status=rules.in_edition(entry["status"], checked.language),
            path=os.path.relpath(path, directory),
            language=checked.language,
        )
        entries.append(entry)
    entries.sort(key=lambda e: (e["date"], e["path"]))
    return entries, unreadable


def index_text(directory: Path, style: str = "markdown", language: str | None = None) -> tuple[str, int]:
    """The index of `directory` in the style, and how many files could not be read. The
    Markdown table's column names are in `language`, else the edition most RFCs use."""
    entries, unreadable = index_entries(directory)
    if style == "json":
        return json.dumps(entries, ensure_ascii=False, indent=2) + "\n", unreadable
    return markdown_table(entries, language), unreadable


def markdown_table(entries: list[dict[str, str]], language: str | None = None) -> str:
    language = language or _most_common([e["language"] for e in entries], default=load_rules().languages[0])
    lines = ["| " + " | ".join(index_headers(language)) + " |", "|" + " --- |" * len(INDEX_COLUMNS)]
    for entry in entries:
        cells = [_cell(entry[key]) for key, _, _ in INDEX_COLUMNS]
        cells[-1] = f"[{cells[-1]}]({_link(entry['path'])})"
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def _most_common(values: list[str], default: str) -> str:
    """The most frequent value; on a tie or none, `default` if it is among the most frequent."""
    if not values:
        return default
    counts = {value: values.count(value) for value in values}
    top = max(counts.values())
    return default if counts.get(default) == top else max(counts, key=lambda value: counts[value])


def _cell(value: str) -> str:
    """A value as the text of one table cell, on one line: a folder's name may hold a
    line break, which would end the row."""
    from rfc_template.jinja import markdown_text

    return markdown_text(value.replace("\r\n", " ").replace("\r", " ").replace("\n", " "))


def _link(path: str) -> str:
    """A relative path as a link's destination, percent-encoded: a folder's name may
    hold a space, `)`, `|`, `<` or a line break, which would end the link or the cell."""
    from urllib.parse import quote

    return quote(Path(path).as_posix())
