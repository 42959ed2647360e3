"""What a forge draws of the RFC's blocks: fences and comments that never close, table
rows with the wrong number of cells, and pipe lines that are no table at all.

GitHub and GitCode read tables as GFM does (rfc_template/gfm_tables.py): a short row is
drawn with empty cells and the other rules still read that table; these lints say where
what is drawn differs from what was written.
"""

from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lints import Context
from rfc_template.lints.slots import rows

FENCE_OR_COMMENT = {"fence": "code fence", "comment": "HTML comment"}


def unclosed_blocks(ctx: Context) -> list[Finding]:
    """RFC006, once, at the opening line of the first fence or comment left open: what
    follows is out of step (a later fence may close it and open another), so only the
    first is the cause. The sections after it are not reported missing
    (sections.required_sections asks `swallowed_sections`)."""
    if not ctx.doc.unclosed:
        return []
    block = ctx.doc.unclosed[0]
    swallowed = swallowed_sections(ctx)
    what = FENCE_OR_COMMENT[block.kind]
    closing = "a line with the same fence" if block.kind == "fence" else "-->"
    shown = "shown as code" if block.kind == "fence" else "hidden"
    count = f"{len(swallowed)} required section{'s' if len(swallowed) > 1 else ''}"
    lost = f" ({count} from '{swallowed[0]}' on)" if swallowed else ""
    return [Finding(block.line, 1, "RFC006", f"the {what} '{_short(block.opening)}' is never closed: what follows{lost} "
                                             f"is {shown} or out of place; close it with {closing}")]


def swallowed_sections(ctx: Context) -> list[str]:
    """The required sections whose headings are written after the first fence or comment
    left open, as the RFC's edition names them."""
    headings = {line.lstrip("#").strip() for line in ctx.doc.lines_after_unclosed() if line.startswith("#")}
    return [section.text for section in ctx.edition.sections if section.text in headings]


def _short(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 40 else line[:40] + "…"


def row_widths(ctx: Context) -> list[Finding]:
    """RFC007: a row with fewer cells than the header is drawn with empty ones; extra cells
    are dropped, and whatever was written in them is not shown."""
    findings = []
    for table in ctx.doc.tables:
        width = len(table.header)
        for (line, row), written in zip(rows(table), table.written):
            if written == width:
                continue
            effect = "the missing ones are drawn empty" if written < width else f"the last {written - width} are not shown"
            where = f"'{table.section}' row '{row[0]}'" if table.section else f"row '{row[0]}'"
            findings.append(Finding(line, 1, "RFC007", f"{where} has {written} cells but the header has {width}; {effect}"))
    return findings


def tables_without_delimiter(ctx: Context) -> list[Finding]:
    """RFC008: `| a | b |` lines with no `| --- | --- |` under the first are one paragraph
    of text with pipes in it."""
    return [
        Finding(line, 1, "RFC008", "these lines of cells are no table: add a delimiter row such as | --- | --- | "
                                   "under the first one")
        for line in ctx.doc.cell_lines
    ]
