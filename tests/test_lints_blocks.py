"""What a forge draws (rfc_template/lints/blocks.py): one finding for a fence or comment
left open, however much it swallows; rows of the wrong width reported while the rules
still read the table as GitHub draws it; pipe lines with no delimiter row."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import check

CORPUS = Path(__file__).resolve().parent / "corpus"
RFCS = sorted(p for p in CORPUS.glob("*/rfc.md"))


def review(text: str, path: Path) -> list[tuple[int, str]]:
    return [(f.line, f.code) for f in check.check_text(text, path, check.REVIEW).findings]


def _section_six(text: str) -> int:
    return next(i for i, line in enumerate(text.split("\n")) if line.startswith("## 6."))


@pytest.mark.parametrize("opening", ["```text", "~~~", "<!-- 待补充", "<!--"])
@pytest.mark.parametrize("rfc", RFCS, ids=[p.parent.name for p in RFCS])
def test_a_block_left_open_is_one_finding_at_its_opening(rfc, opening):
    lines = rfc.read_text(encoding="utf-8").split("\n")
    at = _section_six("\n".join(lines))
    text = "\n".join([*lines[:at], opening, "", *lines[at:]])
    # nothing else: not the sections it swallowed, nor links to them, nor what a later
    # fence, now out of step, opens
    assert review(text, rfc) == [(at + 1, "RFC006")]


def _example_then_53(rfc: Path) -> tuple[str, str, str]:
    """(5.2 up to its last line; 5.3's heading; the rest)."""
    text = rfc.read_text(encoding="utf-8")
    heading = next(line for line in text.split("\n") if line.startswith("### 5.3"))
    before, after = text.split("\n" + heading + "\n", 1)
    return before.rstrip("\n"), heading, after


# the RFCs whose 5.2 ends with its example's closing fence (one closes a <details> after it)
EXAMPLE_LAST = [rfc for rfc in RFCS if _example_then_53(rfc)[0].endswith("\n```")]


@pytest.mark.parametrize("rfc", EXAMPLE_LAST, ids=[p.parent.name for p in EXAMPLE_LAST])
def test_a_closing_fence_left_out_is_named_where_it_goes(rfc):
    """(held-back round 24) the closing fence of 5.2's example deleted: reported at its
    opening fence, naming the example's last line, where the closing fence goes."""
    code, heading, after = _example_then_53(rfc)
    last = code.removesuffix("```").rstrip("\n")
    broken = last + "\n\n" + heading + "\n" + after
    (finding,) = check.check_text(broken, rfc, check.REVIEW).findings
    assert finding.code == "RFC006" and f"after line {last.count(chr(10)) + 1} " in finding.message, finding


@pytest.mark.parametrize("rfc", RFCS, ids=[p.parent.name for p in RFCS])
def test_a_closing_fence_left_out_before_a_table_is_named_at_the_codes_last_line(rfc):
    """(a newcomer's review) 5.1's closing fence deleted, the parameter table after it: the
    table does not parse as Python, so the block ends at the code's last line."""
    text = rfc.read_text(encoding="utf-8")
    section = text.split("\n### 5.1", 1)[1].split("\n### 5.2", 1)[0]
    closing = section.index("\n```\n")
    broken = text.replace(section, section[:closing] + section[closing + 4 :], 1)
    last = text[: text.index(section) + closing].count("\n") + 1  # the code's last line
    (finding,) = check.check_text(broken, rfc, check.REVIEW).findings
    assert finding.code == "RFC006" and f"after line {last} " in finding.message, finding


def test_a_diagram_left_open_names_no_line(tmp_path):
    """Where a Mermaid block was meant to end nobody can tell: no line is named."""
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8")
    opening = text.index("```mermaid")
    closing = text.index("\n```\n", opening)
    broken = text[:closing] + text[closing + 4 :]
    (finding,) = [f for f in check.check_text(broken, rfc, check.REVIEW).findings if f.code == "RFC006"]
    assert "after line" not in finding.message, finding


def test_a_comment_closed_by_a_later_comment_is_still_left_open(tmp_path):
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8").replace("## 4. 相关实现参考\n", "<!-- 参考待补\n\n## 4. 相关实现参考\n", 1)
    findings = review(text, rfc)
    assert [code for _, code in findings] == ["RFC006"]


def test_a_short_row_is_reported_and_the_table_is_still_read(tmp_path):
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8")
    assert "| UT | 24 |" in text
    line = text[: text.index("| UT | 24 |")].count("\n") + 1
    # the row loses its last cells and another row of 9.1 holds a placeholder: with
    # mistune's own tables the whole table would be a paragraph and RFC308 silent
    broken = text.replace("| UT | 24 |", "| UT | TBD |", 1)
    row = broken.split("\n")[line - 1]
    broken = broken.replace(row, "|".join(row.split("|")[:3]) + "|", 1)
    assert (line, "RFC007") in review(broken, rfc) and (line, "RFC308") in review(broken, rfc)


@pytest.mark.parametrize(
    "table",
    [
        "| 方案 | 优点 |\n| A | 快 |\n| B | 省 |",
        "方案 | 优点 | 缺点\nA | 快 | 大\nB | 慢 | 小",
    ],
)
def test_pipe_lines_with_no_delimiter_row_are_no_table(table):
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8")
    at = _section_six(text)
    lines = text.split("\n")
    text = "\n".join([*lines[:at], table, "", *lines[at:]])
    assert review(text, rfc) == [(at + 1, "RFC008")]


@pytest.mark.parametrize("prose", ["We use a|b here\nand c|d there", "PT | MS 的差异见 8。\n两边都支持。"])
def test_pipes_in_prose_are_no_table(prose):
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8")
    at = _section_six(text)
    lines = text.split("\n")
    assert review("\n".join([*lines[:at], prose, "", *lines[at:]]), rfc) == []


def test_a_quote_right_above_a_heading_does_not_swallow_it():
    """GitHub ends a quote at a heading (cmark-gfm is the judge); mistune by itself ran the
    quote on over it, and the section went missing."""
    source = "> 注：本节只列差异。\n## 7. 组件依赖\n"
    cmarkgfm = pytest.importorskip("cmarkgfm")
    assert "<h2>7. 组件依赖</h2>" in cmarkgfm.github_flavored_markdown_to_html(source)
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    text = rfc.read_text(encoding="utf-8").replace("## 7. 组件依赖\n", source, 1)
    assert review(text, rfc) == []


@pytest.mark.parametrize("after", ["输出示例", "- 说明", "#### 说明"])
def test_prose_after_a_python_block_left_open_is_not_its_code(after):
    """(a newcomer's review) a line of Markdown after a blank line ends the code, though it
    parses as Python: the block ends at the code's last line."""
    rfc = CORPUS / "zh-optimizer-offload" / "rfc.md"
    code, heading, rest = _example_then_53(rfc)
    last = code.removesuffix("```").rstrip("\n")
    broken = last + "\n\n" + after + "\n\n" + heading + "\n" + rest
    (finding,) = check.check_text(broken, rfc, check.REVIEW).findings
    assert f"after line {last.count(chr(10)) + 1} " in finding.message, finding
