"""The framework's RFC template as the tests' oracle, read from the seed text itself.

The seed reached us with its Markdown flattened (see ../shared/README.md): numbered
lines are headings, tab-separated lines are table rows (header first), and the
diagrams and Python examples are bare lines. This reader undoes that, independently
of the code under test, so that a generated RFC can be compared with the seed.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass, field
from pathlib import Path

import pytest

# A verbatim copy of ../shared/seed/feature-rfc-template.txt, kept beside the tests so that
# a clone anywhere has its specification; test_sources.py checks it against the original.
DEFAULT_SEED = Path(__file__).resolve().parent / "seed" / "feature-rfc-template.txt"
SHARED_SEED = Path(__file__).resolve().parents[2] / "shared" / "seed" / "feature-rfc-template.txt"
TEMPLATE_START = "特性 RFC 模板"
TEMPLATE_END = "schema_version:"
CODE_STARTS = {
    "flowchart TD": "mermaid",
    "flowchart LR": "mermaid",
    "sequenceDiagram": "mermaid",
    "# 按实际特性替换": "python",
    "config.xxx.enabled = True": "python",
    "def enable_xxx(": "python",
}
SECTION = re.compile(r"(\d+)\. (\S.*)")
SUBSECTION = re.compile(r"(\d+)\.(\d+) (\S.*)")


def seed_path() -> Path:
    path = Path(os.environ.get("RFC_SEED", DEFAULT_SEED))
    if not path.is_file():
        message = f"the seed template is missing at {path} (set RFC_SEED to its path)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return path


@dataclass
class SeedTable:
    section: str
    header: list[str]
    rows: list[list[str]]


@dataclass
class SeedCode:
    section: str
    language: str
    code: str


@dataclass
class Seed:
    preamble: list[str]  # the lines before 特性 RFC 模板: guidance for docs/template.md
    intro: list[str]  # 目的 and 填写原则 of the template itself
    headings: list[tuple[int, str]] = field(default_factory=list)
    tables: list[SeedTable] = field(default_factory=list)
    code: list[SeedCode] = field(default_factory=list)
    prose: list[tuple[str, str]] = field(default_factory=list)  # (section, line)


def read_seed() -> Seed:
    lines = seed_path().read_text(encoding="utf-8").splitlines()
    start = lines.index(TEMPLATE_START)
    end = next(i for i, line in enumerate(lines) if line.startswith(TEMPLATE_END))
    body = lines[start + 1 : end]
    first_heading = next(i for i, line in enumerate(body) if line == "1. 基本信息")
    seed = Seed(
        preamble=[line for line in lines[1:start] if line.strip() and line != "---"],
        intro=[line for line in body[:first_heading] if line.strip()],
    )
    section, next_number = "", 1
    table: SeedTable | None = None
    code: SeedCode | None = None
    for line in body[first_heading:]:
        heading = _heading(line, next_number)
        if heading:
            level, text = heading
            next_number += level == 2
            section, table, code = text, None, None
            seed.headings.append(heading)
            continue
        starts_code = next((lang for start, lang in CODE_STARTS.items() if line.startswith(start)), None)
        if starts_code:
            code = SeedCode(section, starts_code, "")
            seed.code.append(code)
        if "\t" in line and code is None:
            cells = [cell.strip() for cell in line.split("\t")]
            if table is None:
                table = SeedTable(section, cells, [])
                seed.tables.append(table)
            else:
                table.rows.append(cells + [""] * (len(table.header) - len(cells)))
            continue
        if table is not None and line.strip():
            # a one-cell row (e.g. `作者`): its other cells are for the author to fill
            table.rows.append([line.strip()] + [""] * (len(table.header) - 1))
            continue
        if code is not None:
            if "\t" in line:  # a table right after a code block ends it
                code = None
                cells = [cell.strip() for cell in line.split("\t")]
                table = SeedTable(section, cells, [])
                seed.tables.append(table)
                continue
            code.code += line + "\n"
            continue
        if not line.strip():
            table = None
            continue
        seed.prose.append((section, line.strip()))
    for block in seed.code:
        block.code = block.code.rstrip("\n") + "\n"
    return seed


def _heading(line: str, next_number: int) -> tuple[int, str] | None:
    sub = SUBSECTION.fullmatch(line)
    if sub and int(sub.group(1)) == next_number - 1:
        return (3, line)
    top = SECTION.fullmatch(line)
    if top and int(top.group(1)) == next_number:
        return (2, line)
    return None
