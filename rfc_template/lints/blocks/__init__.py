"""What a forge draws of the RFC's blocks: fences and comments that never close, table
rows with the wrong number of cells, and pipe lines that are no table at all.

GitHub and GitCode read tables as GFM does (rfc_template/gfm_tables.py): a short row is
drawn with empty cells and the other rules still read that table; these lints say where
what is drawn differs from what was written.
"""

from __future__ import annotations

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
    """The line the block left open most likely ends at: the last line written before the
    first required section's heading it swallows (None when it swallows none)."""
    required = {section.text for section in ctx.edition.sections}
    first = ctx.doc.unclosed[0].line if ctx.doc.unclosed else 0
    after = ctx.doc.lines_after_unclosed()
    for offset, line in enumerate(after):
        if line.startswith("#") and document.section_of(document.normalise(line.lstrip("#"))) in required:
            written = [first + n + 1 for n in range(offset) if after[n].strip()]
            return written[-1] if written else None
    return None


def short(line: str) -> str:
    line = line.strip()
    return line if len(line) <= 40 else line[:40] + "…"
