from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.gfm_tables import is_delimiter_row, split_row
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
        if is_delimiter_row(below):
            findings.append(
                Finding(
                    line + 1,
                    1,
                    "RFC008",
                    f"the delimiter row has {_count(len(split_row(below)))} and the row above it {len(split_row(header))}: a forge "
                    "draws no table unless they are as many",
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


def _count(cells: int) -> str:
    return f"{cells} cell" if cells == 1 else f"{cells} cells"
