"""An RFC as a reader sees it: mistune's HTML (raw HTML allowed, GFM tables, as forges
render Markdown), read back with the standard library's HTML parser.

Independent of `rfc_template.document`: if an escape were missing, a `<b>` would become an
element here, a `|` a new cell, a `#` a heading, and the text would differ.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from html.parser import HTMLParser

import mistune

_to_html = mistune.create_markdown(escape=False, plugins=["table", "strikethrough"])


HEADINGS = ("h1", "h2", "h3", "h4", "h5", "h6")


@dataclass
class Outline:
    headings: list[tuple[int, str]] = field(default_factory=list)
    tables: list[list[list[str]]] = field(default_factory=list)  # rows of cell texts, header first
    code: list[tuple[str, str]] = field(default_factory=list)  # (language, text) of each block
    tags: set[str] = field(default_factory=set)  # every element, to catch injected HTML
    tables_before_heading: list[int] = field(default_factory=list)

    def table_after(self, heading: str) -> list[list[str]]:
        """The first table after the heading with this text."""
        index = next(i for i, (_, text) in enumerate(self.headings) if text == heading)
        return self.tables[self.tables_before_heading[index]]


class _Reader(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.outline = Outline()
        self._text: list[str] | None = None  # collecting the text of a heading, cell or code block
        self._row: list[str] | None = None
        self._in_pre = False
        self._language = ""

    def handle_starttag(self, tag, attrs):
        self.outline.tags.add(tag)
        if tag in HEADINGS:
            self.outline.tables_before_heading.append(len(self.outline.tables))
        if tag in HEADINGS or tag in ("td", "th") or (tag == "code" and self._in_pre):
            self._text = []
        if tag == "table":
            self.outline.tables.append([])
        elif tag == "tr":
            self._row = []
        elif tag == "pre":
            self._in_pre = True
        elif tag == "code" and self._in_pre:
            self._language = (dict(attrs).get("class") or "").removeprefix("language-")

    def handle_endtag(self, tag):
        text = "".join(self._text or [])
        if tag in HEADINGS:
            self.outline.headings.append((int(tag[1]), text))
        elif tag in ("td", "th") and self._row is not None:
            self._row.append(text)
        elif tag == "tr" and self._row is not None:
            self.outline.tables[-1].append(self._row)
            self._row = None
        elif tag == "code" and self._in_pre:
            self.outline.code.append((self._language, text))
        elif tag == "pre":
            self._in_pre = False
        if tag in HEADINGS or tag in ("td", "th") or (tag == "code" and self._in_pre):
            self._text = None

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)


def read(markdown: str) -> Outline:
    reader = _Reader()
    reader.feed(_to_html(markdown))
    reader.close()
    return reader.outline
