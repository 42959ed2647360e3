"""Where each section of the RFC is: its lines, found once per RFC, and read by the rules of
meaning that walk a section's raw lines (quantities, loss bounds, modes, signed changes)."""

from __future__ import annotations

import sys

from rfc_template import document
from rfc_template.lint.context import Context, per_document


class _Spans(dict):
    """Section name -> its lines, each found when first asked (most RFCs ask for six)."""

    def __init__(self, doc: document.Document) -> None:
        super().__init__()
        self.headings = doc.headings
        count = len(self.headings)
        # the first heading of a name: written last, it stays
        self.index = {h.section: count - 1 - n for n, h in enumerate(reversed(self.headings))}

    def get(self, name: str, default=None):
        if name in self:
            return self[name]
        number = self.index.get(name)
        if number is None:
            return default
        heading = self.headings[number]
        end = sys.maxsize
        for after in self.headings[number + 1 :]:
            if after.level <= heading.level:
                end = after.line
                break
        found = self[name] = range(heading.line + 1, end)
        return found


@per_document
def spans(ctx: Context) -> _Spans:
    """Each section's lines, by the section's name (its first heading of that name)."""
    return _Spans(ctx.doc)


def section_lines(ctx: Context, name: str) -> list[tuple[int, str]]:
    """(line, text as written) of each visible line of a section and its subsections, by the
    section's Chinese name (in the RFC's edition); [] when the RFC has no such section."""
    span = spans(ctx).get(ctx.edition.name(name))
    if span is None:
        return []
    lines = ctx.visible_lines
    return [(number, lines[number - 1]) for number in range(span.start, min(span.stop, len(lines) + 1))]
