"""What a forge draws of the RFC's blocks: fences and comments that never close, table
rows with the wrong number of cells, and pipe lines that are no table at all.

GitHub and GitCode read tables as GFM does (rfc_template/gfm_tables.py): a short row is
drawn with empty cells and the other rules still read that table; these lints say where
what is drawn differs from what was written.
"""

from __future__ import annotations

import ast
import re
import textwrap

from rfc_template import document
from rfc_template.lint.context import Context

FENCE_OR_COMMENT = {"fence": "code fence", "comment": "HTML comment"}


def swallowed_sections(ctx: Context) -> list[str]:
    """The required sections whose headings are written after the first fence or comment
    left open, as the RFC's edition names them."""
    headings = {
        document.section_of(document.normalise(line.lstrip("#")))
        for line in ctx.doc.lines_after_unclosed()
        if line.startswith("#")
    }
    return [section.text for section in ctx.edition.sections if section.text in headings]


def likely_end(ctx: Context) -> int | None:
    """The line a Python block left open most likely ends at, when that is certain: all it
    swallows before the first required section's heading is Python (it parses), so the block
    is the last thing of its section and ends at its last line written. None otherwise: after
    a table, prose or a diagram nobody can tell where the block was meant to end."""
    if not ctx.doc.unclosed:
        return None
    block = ctx.doc.unclosed[0]
    if block.kind != "fence" or not PYTHON_FENCE.match(block.opening.strip()):
        return None
    required = {section.text for section in ctx.edition.sections}
    after = ctx.doc.lines_after_unclosed()
    for offset, line in enumerate(after):
        if line.startswith("#") and document.section_of(document.normalise(line.lstrip("#"))) in required:
            code = after[:offset]
            written = [block.line + n + 1 for n, text in enumerate(code) if text.strip()]
            return written[-1] if written and _parses("\n".join(code)) else None
    return None


PYTHON_FENCE = re.compile(r"(?:`{3,}|~{3,})\s*(?:python|py|python3)\b", re.I)


def _parses(code: str) -> bool:
    try:
        ast.parse(textwrap.dedent(code))
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return False
    return True


def short(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 40 else line[:40] + "…"
