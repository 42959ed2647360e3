"""Which template section a heading heads (rfc_template/document.py `section_of`): by its
number and title, whatever the author appends; a heading that nearly writes a missing
section's (`near_misses`, RFC011); and the section a table or code block under the author's
own `####` stands in. Every rule reads sections through these.

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


# A heading that nearly writes a missing section's (document.near_misses, RFC011): taken
# for that section, reported at its own line with the template's heading, and nothing else.


def line_of(path: Path, old: str) -> int:
    """The line the edit's heading (its first line) stands on."""
    text = path.read_text(encoding="utf-8")
    return text[: text.index(old)].count("\n") + 1


def findings(path: Path, old: str, new: str) -> list[tuple[int, str, str]]:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return [(f.line, f.code, f.message) for f in check.check_text(text.replace(old, new), path, check.REVIEW).findings]


@pytest.mark.parametrize(
    "path, old, new, right",
    [
        # the number's punctuation
        (OFFLOAD, "## 7. 组件依赖\n", "## 7、组件依赖\n", "## 7. 组件依赖"),
        (OFFLOAD, "## 7. 组件依赖\n", "## 7.组件依赖\n", "## 7. 组件依赖"),
        (OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4关键逻辑\n", "### 6.4 关键逻辑"),
        (OFFLOAD, "### 6.4 关键逻辑\n", "### ６.４．关键逻辑\n", "### 6.4 关键逻辑"),
        (OFFLOAD, "## 1. 基本信息\n", "## 1、基本信息\n", "## 1. 基本信息"),
        (MOE, "## 7. Dependencies\n", "## 7 - Dependencies\n", "## 7. Dependencies"),
        (MOE, "### 5.1 Interface definition\n", "### 5.1) Interface definition\n", "### 5.1 Interface definition"),
        # a word left out
        (OFFLOAD, "## 7. 组件依赖\n", "## 7. 依赖\n", "## 7. 组件依赖"),
        (OFFLOAD, "### 9.3 性能 / 显存验证\n", "### 9.3 性能验证\n", "### 9.3 性能 / 显存验证"),
        (MOE, "### 6.4 Key logic\n", "### 6.4 Logic\n", "### 6.4 Key logic"),
        (MOE, "## 1. Basic information\n", "## 1. Basic info\n", "## 1. Basic information"),
        # a word added, or changed
        (OFFLOAD, "## 7. 组件依赖\n", "## 7. 组件依赖关系\n", "## 7. 组件依赖"),
        (OFFLOAD, "### 5.1 接口定义\n", "### 5.1、接口的定义\n", "### 5.1 接口定义"),
        (OFFLOAD, "### 6.5 代码改动点\n", "### 6.5 代码改动点说明\n", "### 6.5 代码改动点"),
        (MOE, "### 6.4 Key logic\n", "### 6.4. Core logic\n", "### 6.4 Key logic"),
        (MOE, "### 5.1 Interface definition\n", "### 5.1 Interface definitions\n", "### 5.1 Interface definition"),
        # the other edition's heading, or nearly
        (OFFLOAD, "## 7. 组件依赖\n", "## 7. Dependencies\n", "## 7. 组件依赖"),
        (OFFLOAD, "## 7. 组件依赖\n", "## 7. Component dependencies\n", "## 7. 组件依赖"),
        (OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4 Key logic\n", "### 6.4 关键逻辑"),
        (MOE, "## 7. Dependencies\n", "## 7. 组件依赖\n", "## 7. Dependencies"),
        (MOE, "### 6.6 Trade-offs\n", "### 6.6 方案取舍\n", "### 6.6 Trade-offs"),
    ],
)
def test_a_nearly_written_heading_is_reported_at_its_line_and_nothing_else(path, old, new, right):
    written = new.rstrip("\n")
    section = right.lstrip("# ")
    assert findings(path, old, new) == [
        (
            line_of(path, old),
            "RFC011",
            f"heading '{written}' is read as section '{section}'; did you mean '{right}'?",
        )
    ]


@pytest.mark.parametrize(
    "path, old, new",
    [
        (OFFLOAD, "## 7. 组件依赖\n", "## 7 组件依赖\n"),  # the issue's own: already the section
        (OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4. 关键逻辑\n"),
        (MOE, "### 6.4 Key logic\n", "### 6.4. Key logic\n"),
        # the author's own headings: another number, under a section that is there, or an appendix
        (OFFLOAD, "## 7. 组件依赖\n", "### 6.7 风险\n\n锁页内存申请失败时回退为普通 host 内存。\n\n## 7. 组件依赖\n"),
        (OFFLOAD, "## 8. 约束与兼容性\n", "#### 7.1 依赖版本\n\nMindSpore 2.5 及以上。\n\n## 8. 约束与兼容性\n"),
        (OFFLOAD, "### 6.5 代码改动点\n", "#### 6.4.1 关键逻辑补充\n\n换入失败时重试一次。\n\n### 6.5 代码改动点\n"),
        (OFFLOAD, "### 6.5 代码改动点\n", "#### 6.4 关键逻辑补充\n\n换入失败时重试一次。\n\n### 6.5 代码改动点\n"),
        (
            MOE,
            "## 8. Constraints and compatibility\n",
            "### 7.1 Versions\n\nMindSpore 2.5.\n\n## 8. Constraints and compatibility\n",
        ),
        (MOE, "### 6.5 Code changes\n", "#### 6.4 Key logics\n\nAs above.\n\n### 6.5 Code changes\n"),
    ],
)
def test_a_heading_of_the_authors_own_is_no_near_miss(path, old, new):
    assert findings(path, old, new) == []


def test_a_heading_alike_to_a_section_that_is_there_is_not_taken_for_it():
    """7 is there: `## 7、组件依赖` below it is the author's own heading, no near miss."""
    text = OFFLOAD.read_text(encoding="utf-8").replace(
        "## 8. 约束与兼容性\n", "#### 7、组件依赖\n\n略。\n\n## 8. 约束与兼容性\n"
    )
    assert not any(h.near_miss for h in document.parse(text).headings)


def test_a_different_title_is_no_near_miss():
    """`关键实现` is 0.5 alike to `关键逻辑`: another title, and 6.4 is missing (RFC001)."""
    found = findings(OFFLOAD, "### 6.4 关键逻辑\n", "### 6.4 关键实现\n")
    assert [code for _, code, _ in found] == ["RFC001"]


def test_one_heading_is_taken_for_a_section_the_most_alike():
    text = OFFLOAD.read_text(encoding="utf-8").replace("## 7. 组件依赖\n", "## 7. 依赖\n\n略。\n\n## 7、组件依赖\n")
    claimed = [(h.text, h.section) for h in document.parse(text).headings if h.near_miss]
    assert claimed == [("7、组件依赖", "7. 组件依赖")]


def test_the_section_under_a_near_miss_is_read_as_the_sections():
    """Its tables and code are the section's: 5.1's table still meets 5.1's signature
    (RFC319), 7's table is 7's; an empty one is RFC310's, named as the section."""
    text = OFFLOAD.read_text(encoding="utf-8").replace("### 5.1 接口定义\n", "### 5.1、接口定义\n")
    doc = document.parse(text)
    assert doc.table_in("5.1 接口定义") is not None
    assert [(h.text, h.section) for h in doc.headings if h.near_miss] == [("5.1、接口定义", "5.1 接口定义")]
    broken = text.replace("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |")
    codes = [f.code for f in check.check_text(broken, OFFLOAD, check.REVIEW).findings]
    assert sorted(codes) == ["RFC011", "RFC319"]
    empty = OFFLOAD.read_text(encoding="utf-8")
    start, end = empty.index("## 7. 组件依赖\n"), empty.index("## 8. 约束与兼容性\n")
    found = check.check_text(empty[:start] + "## 7、组件依赖\n\n" + empty[end:], OFFLOAD, check.REVIEW).findings
    assert sorted((f.code, f.message) for f in found) == [
        ("RFC011", "heading '## 7、组件依赖' is read as section '7. 组件依赖'; did you mean '## 7. 组件依赖'?"),
        ("RFC310", "section '7. 组件依赖' has nothing under its heading"),
    ]


def test_a_near_miss_keeps_the_rfcs_edition():
    """A Chinese RFC with one English heading is still Chinese; the heading is its section."""
    from rfc_template.editions import edition_of

    text = OFFLOAD.read_text(encoding="utf-8").replace("## 7. 组件依赖\n", "## 7. Dependencies\n")
    doc = document.parse(text)
    assert edition_of(doc).language == "zh"
    assert next(h for h in doc.headings if h.near_miss).section == "7. 组件依赖"
