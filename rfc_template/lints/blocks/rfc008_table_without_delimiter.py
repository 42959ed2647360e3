from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, WARNING, edit, rule


@rule(
    "RFC008",
    "table-without-delimiter",
    DRAFT,
    WARNING,
    fails=(
        edit("| 项目 | 内容 |\n| --- | --- |\n", "| 项目 | 内容 |\n"),
        # a delimiter row one cell short of its header (held-back round 12)
        edit("| 项目 | 内容 |\n| --- | --- |\n", "| 项目 | 内容 |\n| --- |\n", at="| --- |\n| 作者"),
    ),
    passes=edit(
        "完整能力需要：",
        "峰值显存用 `nvidia-smi --query-gpu=memory.used --format=csv | sort -n | tail -1` 读取。\n\n完整能力需要：",
    ),
)
def table_without_delimiter(ctx: Context) -> list[Finding]:
    """lines of cells with no delimiter row (| --- |) under the first: no table at all

    ## What it checks
    Two or more lines written as rows of one table, both between outer pipes or both split
    by ` | ` into as many cells (two or more), where the second is no delimiter row as wide
    as the first (`| --- | --- |`). Reported once, at the first line, or at the delimiter row
    when there is one of another width than the header (`| --- | --- | --- |` under five
    cells). A single line with pipes (a shell pipeline in a sentence) and `a|b` without
    spaces are left alone.

    ## Why a reviewer cares
    Without the delimiter row a forge draws no table: the lines run together into one
    paragraph with pipes in it, and the rules that read that table find none.
    """
    lines = ctx.visible_lines
    findings = []
    for line in ctx.doc.cell_lines:
        header, below = lines[line - 1], lines[line] if line < len(lines) else ""
        if DELIMITER_ROW.match(below):
            findings.append(
                Finding(
                    line + 1,
                    1,
                    "RFC008",
                    f"the delimiter row has {_cells(below)} cells and the row above it {_cells(header)}: a forge draws "
                    "no table unless they are as many",
                )
            )
        else:
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC008",
                    "these lines of cells are no table: add a delimiter row such as | --- | --- | under the first one",
                )
            )
    return findings


DELIMITER_ROW = re.compile(r"^\s*\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$")


def _cells(row: str) -> int:
    """How many cells a row is written with (its outer pipes are no cells; `\\|` is text)."""
    inner = row.strip()
    inner = inner[1:] if inner.startswith("|") else inner
    inner = inner[:-1] if inner.endswith("|") and not inner.endswith("\\|") else inner
    return len(re.split(r"(?<!\\)\|", inner))
