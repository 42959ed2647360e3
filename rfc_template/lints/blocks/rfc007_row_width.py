from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.slots import rows


@rule(
    "RFC007",
    "row-width",
    DRAFT,
    fails=edit("| UT | 24 |", "| UT |"),
    passes=edit("| True / False | 锁页", "| `True \\| False` | 锁页"),
)
def row_width(ctx: Context) -> list[Finding]:
    """a table row has more or fewer cells than its header

    ## What it checks
    Each body row of a table (as GFM reads one: a header row over a delimiter row as wide)
    is written with as many cells as the header; a row with more or fewer is reported at
    its line, named by its section and first cell. Cells are counted as GFM splits them:
    outer pipes are optional, and `\\|` is a pipe inside a cell, also in a code span.

    ## Why a reviewer cares
    A forge draws a short row with empty cells, and drops the extra cells of a long one:
    what was written in them is never shown to the reviewer.
    """
    findings = []
    for table in ctx.doc.tables:
        width = len(table.header)
        for (line, row), written in zip(rows(table), table.written):
            if written == width:
                continue
            effect = (
                "the missing ones are drawn empty" if written < width else f"the last {written - width} are not shown"
            )
            where = f"'{table.section}' row '{row[0]}'" if table.section else f"row '{row[0]}'"
            findings.append(
                Finding(line, 1, "RFC007", f"{where} has {written} cells but the header has {width}; {effect}")
            )
    return findings
