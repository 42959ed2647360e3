"""Tables are read as GitHub draws them: the checker's tables equal cmark-gfm's.

`rfc_template/gfm_tables.py` replaces mistune's table rules (PHP Markdown Extra, where a
short row or a row without its closing pipe turns the whole table into a paragraph) by
GFM's. The judge here is cmark-gfm, GitHub's own parser (the `cmarkgfm` package): for
hand-written cases and for any mix of table-like lines, the tables, their rows and the
text of every cell must be the same.
"""

from __future__ import annotations

import os
from html.parser import HTMLParser

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rfc_template import document

try:
    import cmarkgfm
except ImportError:  # pragma: no cover - a test dependency
    cmarkgfm = None


def _cmark():
    if cmarkgfm is None:
        message = "cmarkgfm, GitHub's Markdown parser, is not installed (pip install -e '.[test]')"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    return cmarkgfm


class _Tables(HTMLParser):
    """The tables of cmark-gfm's HTML as lists of rows of cell texts."""

    def __init__(self) -> None:
        super().__init__()
        self.tables: list[list[list[str]]] = []
        self._cell: list[str] | None = None

    def handle_starttag(self, tag, attrs):  # type: ignore[no-untyped-def]
        if tag == "table":
            self.tables.append([])
        elif tag == "tr" and self.tables:
            self.tables[-1].append([])
        elif tag in ("td", "th") and self.tables:
            self._cell = []

    def handle_endtag(self, tag):  # type: ignore[no-untyped-def]
        if tag in ("td", "th") and self._cell is not None:
            self.tables[-1][-1].append(document.normalise("".join(self._cell)))
            self._cell = None

    def handle_data(self, data):  # type: ignore[no-untyped-def]
        if self._cell is not None:
            self._cell.append(data)


def github_tables(source: str) -> list[list[list[str]]]:
    parser = _Tables()
    parser.feed(_cmark().github_flavored_markdown_to_html(source))
    return parser.tables


def checker_tables(source: str) -> list[list[list[str]]]:
    return [[t.header, *t.rows] for t in document.parse(source).tables]


CASES = {
    "short row drawn with an empty cell": "| a | b |\n| - | - |\n| 1 |\n| 2 | 3 |\n",
    "long row cut to the header": "| a | b |\n| - | - |\n| 1 | 2 | 3 |\n",
    "row without its closing pipe": "| a | b |\n| --- | --- |\n| 1 | 2\n| 3 | 4 |\n",
    "no outer pipes": "a | b\n--|--\n1 | 2\n",
    "escaped pipes": "| a | b |\n| - | - |\n| x \\| y | `p \\| q` |\n",
    "a text line right after is a row": "| a | b |\n| - | - |\n| 1 | 2 |\nplain line\n\nafter\n",
    "a heading ends the table": "| a | b |\n| - | - |\n| 1 | 2 |\n# h\n| 3 | 4 |\n",
    "a list item ends the table": "| a | b |\n| - | - |\n| 1 | 2 |\n- item\n",
    "no delimiter row: no table": "| a | b |\n| 1 | 2 |\n",
    "delimiter of another width: no table": "| a | b |\n| - |\n| 1 | 2 |\n",
    "alignment": "| a | b | c |\n| :- | :-: | -: |\n| 1 | 2 | 3 |\n",
    "one column": "| a |\n| - |\n| 1 |\n",
    "after a paragraph": "text\n| a | b |\n| - | - |\n| 1 | 2 |\n",
    "jinja lines in the template": "| a | b |\n| --- | --- |\n{%- for x in y %}\n| {{ x }} | z |\n{%- endfor %}\n",
}


@pytest.mark.parametrize("source", list(CASES.values()), ids=list(CASES))
def test_tables_read_as_github_draws_them(source):
    assert checker_tables(source) == github_tables(source)


# Not among them: a 4-space-indented line right above a delimiter row. mistune appends such
# a line to the paragraph before any block rule sees it, where GFM could make it a
# table's header; nobody writes a table that way.
LINES = st.sampled_from(
    [
        "| a | b |",
        "| a |",
        "| a | b | c |",
        "a | b",
        "| a | b",
        "|---|---|",
        "| --- | --- |",
        "--|--",
        "| :-: | --: |",
        "|---|",
        "| x \\| y | z |",
        "",
        "# h",
        "- item",
        "> quote",
        "text",
        "| 张三 | `c|d` |",
    ]
)


@settings(max_examples=400, deadline=None)
@given(st.lists(LINES, min_size=1, max_size=8))
def test_any_mix_of_table_lines_reads_as_github_draws_it(lines):
    source = "\n".join(lines) + "\n"
    assert checker_tables(source) == github_tables(source)
