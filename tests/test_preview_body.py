"""rfc_template/preview_body.py draws a page one `## ` section at a time, keeping each
section's HTML for the next RFC that has it: every page must be the page drawn whole."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st
from strategies import RUNNING_PAST_A_HEADING, SECTION_LINES

from rfc_template import preview, preview_body
from rfc_template.met_twice import MetTwice

ROOT = Path(__file__).resolve().parents[1]
FILES = sorted(
    [
        *ROOT.glob("examples/*/rfc.md"),
        *ROOT.glob("tests/corpus/*/rfc.md"),
        *ROOT.glob("tests/precision/*/rfc.md"),
        *ROOT.glob("tests/semantic-held-back-*/*/rfc.md"),
        *ROOT.glob("templates/rfc/*.md"),
    ]
)
SOURCE = Path("/rfcs/feature/rfc.md")


def _site_links(url: str) -> str:  # as rfc site points a link at another page
    return f"../pages/{url}"


def _whole(text: str, source: Path = SOURCE, **options) -> str:
    with pytest.MonkeyPatch.context() as patched:
        patched.setattr(preview_body, "SECTION_AT_A_TIME", False)
        return preview.render(text, source, **options)


def _drawn_alike(text: str, source: Path = SOURCE, **options) -> None:
    whole = _whole(text, source, **options)
    for _ in range(3):  # met once, then kept
        assert preview.render(text, source, **options) == whole


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_an_rfc_drawn_a_section_at_a_time_is_drawn_as_a_whole(path):
    text = path.read_text(encoding="utf-8")
    _drawn_alike(text, path)
    _drawn_alike(text, path, links=_site_links)


# mistune draws a list that follows a quote's line before the quote (`> quote` then `- item`:
# <ul> then <blockquote>), out of the text's order; a page drawn a section at a time draws
# them in order where the section ends there, as the forges do. Not compared.
QUOTE_THEN_LIST = re.compile(r"^>.*\n(?:[-*+] |\s+[-*+] )", re.M)


@settings(max_examples=300, deadline=None)
@given(st.lists(SECTION_LINES, max_size=24))
def test_any_text_drawn_a_section_at_a_time_is_drawn_as_a_whole(lines):
    text = "\n".join(lines) + "\n"
    assume(not QUOTE_THEN_LIST.search(text))
    _drawn_alike(text)


@pytest.mark.parametrize(
    "text",
    [
        *RUNNING_PAST_A_HEADING,
        "# T\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n| --- | --- |\n| 作者 | 张三 |\n\n"
        "## 1. 基本信息\n\n| 项目 | 内容 |\n| --- | --- |\n| 作者 | 李四 |\n",  # only the first is the header
        "# T\n\n## 1. 基本信息\n\n## 2. 背景\n\n| 项目 | 内容 |\n| --- | --- |\n| 作者 | 张三 |\n",
        "# T\n\n## A \ue000 mark\n\n### B\n\n## C\n\n### D\n",  # the mark the numbering uses
        "# T\n\n## A\n\nsee [x][r]\n\n## B\n\n[r]: https://example.com\n",  # a definition used before it
    ],
)
def test_blocks_and_sections_that_join_are_drawn_as_a_whole(text):
    _drawn_alike(text)


def test_a_section_with_links_links_from_its_own_rfc(monkeypatch):
    """Where a path leads depends on where the RFC is: the same section in two RFCs links
    beside each."""
    monkeypatch.setattr(preview_body, "_parts", MetTwice())
    text = "# T\n\n## 1. 背景\n\nsee [the flow](diagrams/flow.mmd)\n\n## 2. 目标\n\nplain\n\n"
    sources = [Path("/rfcs/a/rfc.md"), Path("/rfcs/b/rfc.md")]

    def links(source: Path):  # as rfc site leads each page's links to its RFC's folder
        return lambda url: f"../{source.parent.name}/{url}"

    wholes = [_whole(text, source, links=links(source)) for source in sources]
    assert 'href="../a/diagrams/flow.mmd"' in wholes[0] and 'href="../b/diagrams/flow.mmd"' in wholes[1]
    for _ in range(2):
        for source, whole in zip(sources, wholes):
            assert preview.render(text, source, links=links(source)) == whole
    assert [part for part, _, _ in preview_body._parts.keys()] == ["\n", "## 2. 目标\n\nplain\n\n"]  # not the links


def test_headings_are_numbered_through_the_page():
    page = preview.render("# T\n\n## A\n\n### A1\n\n## B\n\n### B1\n", SOURCE)
    assert [f'id="section-{n}"' in page for n in range(1, 5)] == [True] * 4
    assert preview_body.MARK not in page
