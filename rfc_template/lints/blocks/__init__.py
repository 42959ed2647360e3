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
    """The line a Python block left open most likely ends at: the last line of the longest
    run of its lines that parses as Python, before the first required section's heading it
    swallows (a table or prose after it does not parse). None for another language: after a
    diagram or a comment nobody can tell where the block was meant to end."""
    if not ctx.doc.unclosed:
        return None
    block = ctx.doc.unclosed[0]
    if block.kind != "fence" or not PYTHON_FENCE.match(block.opening.strip()):
        return None
    required = {section.text for section in ctx.edition.sections}
    after = ctx.doc.lines_after_unclosed()
    for offset, line in enumerate(after[:MOST_LINES]):
        if line.startswith("#") and document.section_of(document.normalise(line.lstrip("#"))) in required:
            code = after[:offset]
            # Markdown after a blank line ends it: a list, a heading, a table, a quote, prose
            # (`输出示例`, `- 说明`, `#### 说明` parse as Python)
            cut = next((n for n in range(1, len(code)) if not code[n - 1].strip() and MARKDOWN.match(code[n])), None)
            code = code[:cut] if cut is not None else code
            for end in range(len(code), 0, -1):  # the longest run that parses (most RFCs: all of it)
                if code[end - 1].strip() and _parses("\n".join(code[:end])):
                    return block.line + end
            return None
    return None


MARKDOWN = re.compile(r"(?:[-*+>|]\s|#{2,6}\s|\d+[.)]\s|[^\x00-\x7f])")  # (`# note`: a Python comment)
MOST_LINES = 400  # (an example longer than this is read no further)


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
