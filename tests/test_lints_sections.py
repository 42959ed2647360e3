"""Which template section a heading heads (rfc_template/document.py `section_of`): by its
number and title, whatever the author appends; and the section a table or code block under
the author's own `####` stands in. Every rule reads sections through these two.

Each case edits a copy of a hand-filled RFC of tests/corpus/: a heading written another way
must leave the review with nothing to report, a different heading must still be missing.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import check, document, structure

CORPUS = Path(__file__).resolve().parent / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"  # zh, 性能优化, PT + MS
MOE = CORPUS / "en-moe-expert-parallel" / "rfc.md"  # en


def review(path: Path, old: str, new: str) -> list[tuple[str, str]]:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return [(f.code, f.message) for f in check.check_text(text.replace(old, new), path, check.REVIEW).findings]


@pytest.mark.parametrize(
    "written, section",
    [
        ("6.4 关键逻辑（Key Logic）", "6.4 关键逻辑"),
        ("6.4 关键逻辑 (Key Logic)", "6.4 关键逻辑"),
        ("6.4 关键逻辑：草图", "6.4 关键逻辑"),
        ("9. 验证设计（Test Plan）", "9. 验证设计"),
        ("9 验证设计", "9. 验证设计"),
        ("9.2 交互验证", "9.2 交互验证（举例）"),  # the template's own note left out
        ("9.2 交互验证（示例）", "9.2 交互验证（举例）"),
        ("６.４ 关键逻辑", "6.4 关键逻辑"),  # full-width digits
        ("6.4 Key logic (sketch)", "6.4 Key logic"),
        ("6.4 Key Logic", "6.4 Key logic"),
        ("9.3 Performance / memory verification [Level1, 8 cards]", "9.3 Performance / memory verification"),
        ("9.2 Interaction verification", "9.2 Interaction verification (examples)"),
    ],
)
def test_a_heading_is_its_section_with_what_the_author_appends(written, section):
    assert document.section_of(written) == section


@pytest.mark.parametrize(
    "written",
    [
        "6.5 代码改动点说明",  # the title goes on: another title
        "6.4 关键实现",  # another title
        "6.7 关键逻辑",  # another number
        "6.4.1 关键逻辑",  # the author's own subsection
        "关键逻辑",  # no number
        "6.4 Key logics",
        "Appendix: 6.4 Key logic",
    ],
)
def test_another_heading_is_its_own(written):
    assert document.section_of(written) == written


def test_the_templates_headings_are_themselves():
    for language in ("zh", "en"):
        for heading in structure.required_sections(language):
            assert document.section_of(heading.text) == heading.text


@pytest.mark.parametrize(
    "path, old, new",
    [
        (OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4 关键逻辑（Key Logic）\n"),
        (OFFLOAD, "## 9. 验证设计\n", "## 9. 验证设计（Test Plan）\n"),
        (OFFLOAD, "### 9.2 交互验证（举例）\n", "### 9.2 交互验证\n"),
        (OFFLOAD, "### 9.3 性能 / 显存验证\n", "### 9.3 性能 / 显存验证（Level1，8 卡）\n"),
        (OFFLOAD, "### 5.1 接口定义\n", "### 5.1 接口定义 [PT / MS 相同]\n"),
        (MOE, "### 6.4 Key logic\n", "### 6.4 Key logic (sketch)\n"),
        (MOE, "### 9.1 Test levels\n", "### 9.1 Test levels (both backends)\n"),
        (MOE, "## 8. Constraints and compatibility\n", "## 8. Constraints and compatibility [draft numbers]\n"),
    ],
)
def test_a_glossed_heading_passes_review_and_its_section_is_read(path, old, new):
    assert review(path, old, new) == []


def test_a_glossed_heading_is_still_read_for_its_contents():
    """The section's rules still read what is under a glossed heading: 5.1's table, 8's hints."""
    findings = review(OFFLOAD, "| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |")
    text = OFFLOAD.read_text(encoding="utf-8").replace("### 5.1 接口定义\n", "### 5.1 接口定义（Interface）\n")
    glossed = [
        (f.code, f.message)
        for f in check.check_text(
            text.replace("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |"), OFFLOAD, check.REVIEW
        ).findings
    ]
    assert [code for code, _ in glossed] == [code for code, _ in findings] == ["RFC319"]


def test_a_heading_twice_is_a_duplicate_however_written():
    found = review(OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4 关键逻辑\n\n草图见下。\n\n### 6.4 关键逻辑（续）\n")
    assert [code for code, _ in found] == ["RFC003"]


def test_a_different_title_is_still_missing():
    found = review(OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4 关键实现\n")
    assert ("RFC001", "missing section '### 6.4 关键逻辑'") in found


def test_a_table_under_the_authors_subsection_stands_in_the_section():
    """9.3's table under `#### 9.3.1`: still 9.3's (RFC307 reads its baseline and criteria)."""
    assert review(OFFLOAD, "### 9.3 性能 / 显存验证\n\n", "### 9.3 性能 / 显存验证\n\n#### 9.3.1 测量方法\n\n") == []
    doc = document.parse(
        OFFLOAD.read_text(encoding="utf-8").replace(
            "### 9.3 性能 / 显存验证\n\n", "### 9.3 性能 / 显存验证\n\n#### 9.3.1 测量方法\n\n"
        )
    )
    assert doc.table_in("9.3 性能 / 显存验证") is not None
    assert [h.section for h in doc.headings if h.level == 4] == ["9.3.1 测量方法"]  # it heads its own


def test_a_table_under_a_later_section_of_its_own_is_not_the_previous_ones():
    doc = document.parse("## 10. 实现计划\n\n## 11. 附录\n\n| a | b |\n| --- | --- |\n| 1 | 2 |\n")
    assert doc.tables[0].section == "11. 附录"
