"""The checker's reading of a document equals mistune's own full parse.

`rfc_template.document` skips mistune's inline parse of paragraphs and lists, and reads
plain cells without the inline parser (issue 10, speed). Here the same Markdown goes
through `mistune.create_markdown(renderer=None, plugins=[gfm_tables])` as a user of
mistune would call it, and every heading and cell must read the same.
"""

from __future__ import annotations

from pathlib import Path

import mistune
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from strategies import RUNNING_PAST_A_HEADING, SECTION_LINES

from rfc_template import document, inline_text
from rfc_template.gfm_tables import gfm_tables

ROOT = Path(__file__).resolve().parents[1]
# Tables as GitHub draws them (rfc_template/gfm_tables.py, itself judged against
# cmark-gfm in tests/test_gfm_tables.py); everything else is mistune's full parse.
MISTUNE = mistune.create_markdown(renderer=None, plugins=[gfm_tables])


def _text(tokens: list[dict]) -> str:
    out = []
    for token in tokens:
        if token["type"] == "inline_html" and token["raw"].startswith("<!--"):
            continue  # a comment is drawn as nothing (a reader sees no waiver in a cell)
        out.append(token.get("raw", " " if token["type"] in ("softbreak", "linebreak") else ""))
        out.append(_text(token.get("children", [])))
    return "".join(out)


def _read_with_mistune(source: str) -> tuple[list[str], list[list[list[str]]]]:
    headings, tables = [], []
    for token in MISTUNE(source):
        if token["type"] == "heading":
            headings.append(document.normalise(_text(token["children"])))
        elif token["type"] == "table":
            head, *body = token["children"]
            rows = [[document.normalise(_text(cell["children"])) for cell in head["children"]]]
            rows += [
                [document.normalise(_text(c["children"])) for c in row["children"]]
                for part in body
                for row in part["children"]
            ]
            tables.append(rows)
    return headings, tables


def _read_with_checker(source: str) -> tuple[list[str], list[list[list[str]]]]:
    doc = document.parse(source)
    return [h.text for h in doc.headings], [[t.header, *t.rows] for t in doc.tables]


MARKDOWN_FILES = sorted(
    [*ROOT.glob("examples/*/rfc.md"), *ROOT.glob("tests/corpus/*/rfc.md"), *ROOT.glob("templates/rfc/*.md")]
)


@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_files_read_as_mistune_reads_them(path: Path) -> None:
    source = path.read_text(encoding="utf-8")
    assert _read_with_checker(source) == _read_with_mistune(source)


def test_inline_markup_and_reference_links_in_cells_and_headings() -> None:
    source = (
        "# A [linked][ref] *title* with `code`\n\n"
        "| key | value |\n| --- | --- |\n"
        "| **作者** | [张三][ref] &amp; <b>x</b> \\| y |\n"
        "| plain | 张三 / 李四 |\n\n"
        "[ref]: https://example.com\n"
    )
    assert _read_with_checker(source) == _read_with_mistune(source)


CELL_CHARS = st.sampled_from(list("ab 张三*_`[]()<>!\\&#|~-:/.") + ["\u3000", "\u00a0", "\t"])


@settings(max_examples=300, deadline=None)
@given(st.lists(st.text(CELL_CHARS, max_size=12), min_size=2, max_size=4), st.text(CELL_CHARS, max_size=12))
def test_any_cell_and_heading_read_as_mistune_reads_them(cells: list[str], heading: str) -> None:
    row = "| " + " | ".join(c.replace("|", "\\|") for c in cells) + " |"
    source = f"## {heading}\n\n| {' | '.join('h' for _ in cells)} |\n|{'---|' * len(cells)}\n{row}\n"
    assert _read_with_checker(source) == _read_with_mistune(source)


# The cells rfc_template/inline_text.py reads without mistune's inline parser: code
# spans, snake_case, bold around the whole cell, and `<`, `!`, `]` that start nothing;
# mixed with the markup that must still go to mistune.
SHORTCUT_PIECES = st.sampled_from(
    [
        "a",
        "b",
        "张",
        "1",
        " ",
        "_",
        "__",
        "`",
        "` ",
        " `",
        "*",
        "**",
        "<",
        ">",
        "<=",
        "!",
        "![",
        "[",
        "]",
        "\\",
        "&",
        ".",
    ]
)
SHORTCUT_CELLS = st.lists(SHORTCUT_PIECES, max_size=8).map("".join)


@settings(max_examples=400, deadline=None)
@given(st.lists(st.one_of(SHORTCUT_CELLS, SHORTCUT_CELLS.map(lambda cell: f"**{cell}**")), min_size=2, max_size=4))
def test_cells_read_without_the_inline_parser_read_as_mistune_reads_them(cells: list[str]) -> None:
    row = "| " + " | ".join(cells) + " |"
    source = f"| {' | '.join('h' for _ in cells)} |\n|{'---|' * len(cells)}\n{row}\n"
    assert _read_with_checker(source) == _read_with_mistune(source)


def test_common_cells_take_the_shortcut_and_others_do_not() -> None:
    # the shortcut must be taken where it pays (else the speed it buys is gone unnoticed)
    for cell, seen in [
        ("**checkpoint**", "checkpoint"),
        ("`bucket_size_mb` in `config.comm`", "bucket_size_mb in config.comm"),
        ("误差 <= xxx", "误差 <= xxx"),
        ("!17", "!17"),
        ("enable_overlap", "enable_overlap"),
    ]:
        assert inline_text.without_parser(cell) == seen
    for cell in ["*a*", "_a_", "<b>x</b>", "[a](b)", "``a``", "`a", "a\\_b", "![a](b)", "使用` enable_x `开关"]:
        assert inline_text.without_parser(cell) is None


# rfc_template/sectioned.py parses an RFC a `## ` section at a time, each section once:
# it must read every RFC as the whole parse does, also where a block runs on past a heading.


def _read_whole(text: str, monkeypatch) -> document.Document:
    with monkeypatch.context() as patched:
        patched.setattr(document, "block_tokens", document.whole_block_tokens)
        return document.parse(text)


@settings(max_examples=600, deadline=None)
@given(st.lists(SECTION_LINES, max_size=24))
def test_an_rfc_read_a_section_at_a_time_reads_as_a_whole(lines):
    # (the tokens themselves may differ in order where mistune's own order is not the
    # text's: `> quote` then `- item` before a heading; what the checks read may not)
    text = "\n".join(lines) + "\n"
    with pytest.MonkeyPatch.context() as patched:
        assert document.parse(text) == _read_whole(text, patched)


@pytest.mark.parametrize("text", RUNNING_PAST_A_HEADING)
def test_blocks_that_run_past_a_heading_read_as_a_whole(text, monkeypatch):
    assert document.block_tokens(text) == document.whole_block_tokens(text)
    assert document.parse(text) == _read_whole(text, monkeypatch)
    assert _read_with_checker(text) == _read_with_mistune(text)


@pytest.mark.parametrize("path", MARKDOWN_FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_files_read_a_section_at_a_time_read_as_a_whole(path, monkeypatch):
    text = path.read_text(encoding="utf-8")
    assert document.parse(text) == _read_whole(text, monkeypatch)


def test_a_section_is_kept_once_met_again_and_the_kept_are_bounded(monkeypatch):
    """rfc lsp re-checks an RFC on every keystroke: the section being typed in is new each
    time and must not fill the memory; the others are met again and kept."""
    from rfc_template import sectioned
    from rfc_template.met_twice import MetTwice

    monkeypatch.setattr(sectioned, "_parses", MetTwice(kept=3))
    for n in range(20):  # one section typed in, one left alone
        document.parse(f"# T\n\n## 2. 背景\n\ntyped {n}\n\n## 3. 目标\n\nleft alone\n")
    kept = sectioned._parses.keys()
    assert "## 3. 目标\n\nleft alone\n" in kept and not any("typed" in part for part in kept)
    for n in range(10):  # many sections met twice: at most KEPT are kept
        for _ in range(2):
            document.parse(f"# T\n\n## 2. 背景\n\nagain {n}\n")
    assert len(sectioned._parses.keys()) == 3


def test_a_kept_sections_table_is_read_once_and_a_new_one_is_not_kept():
    """document._tables keeps a table's text by its tokens' identity: the tokens of a section
    sectioned.py keeps are the same objects in every RFC that has the section. An object met
    once is held by the cache (few of them), so that a freed object's id, reused by a new
    one, is never taken for an object met before: the section being typed in `rfc lsp`
    would otherwise be kept at every keystroke."""
    from rfc_template.met_twice import MetTwice, TheSame

    cache: MetTwice[TheSame, str] = MetTwice(kept=8, remembered=2, by_identity=True)
    shared = [{"type": "table"}]
    for _ in range(50):  # a new object each time, freed right after: ids are reused
        cache.met(TheSame([{"type": "table"}]), "typed")
    assert cache.keys() == []
    cache.met(TheSame(shared), "kept")
    cache.met(TheSame(shared), "kept")
    assert cache.get(TheSame(shared)) == "kept"
    assert cache.get(TheSame([{"type": "table"}])) is None  # equal, not the same
