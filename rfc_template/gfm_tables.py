"""Tables as GitHub and GitCode draw them (GFM), for mistune.

mistune's own table plugin follows PHP Markdown Extra: a row with fewer or more cells
than its header, or a row without its closing pipe, turns the whole table into a
paragraph, so every rule on that table would go quiet while the forge still draws it.
Here, as in GFM (https://github.github.com/gfm/#tables-extension-): a table is a header
row and a delimiter row with as many cells; body rows follow until a blank line or the
start of another block; a row's missing cells are drawn empty and extra ones dropped.
Each row token also records how many cells it was written with (`written`), for RFC007.
tests/test_gfm_tables.py compares the result with cmark-gfm, GitHub's own parser.
"""

from __future__ import annotations

import re

# A header row: a line with a pipe, or any line over a delimiter row that starts with one
# (`text` over `|---|` is a one-column table); the delimiter row decides.
HEADER_PATTERN = r"^(?: {0,3}[^\n]*\|[^\n]*(?:\n|$)|[ \t]*[^\n]+\n(?=[ \t]*\|[ \t]*:?-))"
DELIMITER_CELL = re.compile(r"[ \t]*:?-+:?[ \t]*\Z")
# A line that starts another block ends a table (and is not one of its rows): a heading,
# quote, fence, list item, thematic break, HTML block or indented code.
BLOCK_START = re.compile(
    r"(?: {0,3}(?:#{1,6}(?:[ \t]|$)|>|`{3,}|~{3,}|[-+*](?:[ \t]|$)|\d{1,9}[.)](?:[ \t]|$)"
    r"|(?:[-*_][ \t]*){3,}$|<[A-Za-z/!?])| {4}|\t)"
)


# state.env key: where lines of `| cells |` with no delimiter row under the first start
WITHOUT_DELIMITER = "rows_without_delimiter"


def is_delimiter_row(line: str) -> bool:
    return "-" in line and all(DELIMITER_CELL.match(cell) for cell in split_row(line))


def _failed_table_in(lines: list[str]) -> bool:
    """A line over a delimiter row of another width: a table that was not."""
    lines = [line for line in lines if line.strip()]
    return any(
        is_delimiter_row(below) and len(split_row(above)) != len(split_row(below))
        for above, below in zip(lines, lines[1:])
    )


def _row_like(line: str) -> bool:
    line = line.strip()
    return len(line) > 1 and line.startswith("|") and line.endswith("|")


def _rows_alike(first: str, second: str) -> bool:
    """Two lines written as rows of one table: both between outer pipes, or both split by
    ` | ` into the same number (two or more) of cells."""
    if _row_like(first) and _row_like(second):
        return True
    if " | " not in first or " | " not in second or is_delimiter_row(second):
        return False  # `a|b` in a sentence is no cell border
    return len(split_row(first)) == len(split_row(second)) >= 2


def split_row(line: str) -> list[str]:
    """The cells of one row: outer pipes optional, `\\|` a pipe inside a cell (also in code)."""
    text = line.strip()
    if text.startswith("|"):
        text = text[1:]
    if text.endswith("|") and not _escaped(text, len(text) - 1):
        text = text[:-1]
    if "\\" not in text:  # no escape anywhere: every pipe is a border (the common row, fast)
        return [cell.strip() for cell in text.split("|")]
    cells, start = [], 0
    for pos, char in enumerate(text):
        if char == "|" and not _escaped(text, pos):
            cells.append(text[start:pos].strip())
            start = pos + 1
    cells.append(text[start:].strip())
    # an escaped pipe is a pipe, also inside a code span (the table, not the inline
    # parser, reads the escape)
    return [cell.replace("\\|", "|") for cell in cells]


def _escaped(text: str, pos: int) -> bool:
    backslashes = 0
    while pos > 0 and text[pos - 1] == "\\":
        backslashes += 1
        pos -= 1
    return backslashes % 2 == 1


def _alignment(cell: str) -> str | None:
    cell = cell.strip()
    if cell.startswith(":") and cell.endswith(":"):
        return "center"
    if cell.endswith(":"):
        return "right"
    return "left" if cell.startswith(":") else None


def parse_table(block, m, state):  # mistune's block-rule signature
    pos = m.end()
    header = split_row(m.group(0))
    last = state.last_token()
    if last and last["type"] == "paragraph" and _failed_table_in([*last["text"].split("\n"), m.group(0)]):
        return None  # as cmark-gfm: no table starts in a paragraph where one failed to
    delimiter_line = state.get_line(pos)
    if "|" not in delimiter_line and "-" not in delimiter_line:
        return None
    delimiter = split_row(delimiter_line)
    if len(delimiter) != len(header) or not is_delimiter_row(delimiter_line):
        if _rows_alike(m.group(0), delimiter_line):  # meant as a table (RFC008)
            state.env.setdefault(WITHOUT_DELIMITER, []).append(m.start())
        return None  # not a table: the lines are a paragraph
    aligns = [_alignment(cell) for cell in delimiter]
    pos += len(delimiter_line)
    head = {"type": "table_head", "children": [_cell(text, align, True) for text, align in zip(header, aligns)]}
    rows = []
    while pos < state.cursor_max:
        line = state.get_line(pos)
        if not line.strip() or BLOCK_START.match(line):
            break
        cells = split_row(line)
        drawn = (cells + [""] * len(aligns))[: len(aligns)]
        rows.append(
            {
                "type": "table_row",
                "written": len(cells),
                "children": [_cell(text, align, False) for text, align in zip(drawn, aligns)],
            }
        )
        pos += len(line)
    state.append_token({"type": "table", "children": [head, {"type": "table_body", "children": rows}]})
    return pos


def _cell(text: str, align: str | None, head: bool) -> dict:
    return {"type": "table_cell", "text": text, "attrs": {"align": align, "head": head}}


def gfm_tables(md) -> None:
    """The mistune plugin: GFM tables in place of mistune's table rules (render with
    mistune's table renderers: `mistune.plugins.table.table` registers them)."""
    from mistune.plugins.table import table as mistune_table

    mistune_table(md)  # its renderers; its two block rules are replaced below
    if "nptable" in md.block.rules:  # a table without outer pipes is one of ours too
        md.block.rules.remove("nptable")
    md.block.register("table", HEADER_PATTERN, parse_table, before="paragraph")
