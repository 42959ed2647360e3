"""Section 10's PR table: a dependency names a PR of the table (RFC324), and the
dependencies form no cycle (RFC325); judged on copies of the filled RFCs of tests/corpus/."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from rfc_template import check

CORPUS = Path(__file__).resolve().parent / "corpus"
ZH, EN = CORPUS / "zh-optimizer-offload", CORPUS / "en-moe-expert-parallel"
PLAN_CODES = ("RFC324", "RFC325")
# The rows of the Chinese RFC's plan (PR1 .. PR5), by the cells that make them unique.
PR1 = "HostStatePool | 无 |"
PR2 = "OffloadedOptimizer.step | PR1 |"
PR3 = "PyNative 下的换入换出与 step | PR1 |"
PR4 = "| PR2、PR3 | UT + Level0 |"
PR5 = "用户文档 | PR4 |"


def review(folder: Path, tmp_path: Path, *edits: tuple[str, str]) -> tuple[list, str]:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    text = (copy / "rfc.md").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (copy / "rfc.md").write_text(text, encoding="utf-8")
    return check.check_text(text, copy / "rfc.md", check.REVIEW).findings, text


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def plan_findings(findings) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code in PLAN_CODES]


@pytest.mark.parametrize(
    "edit",
    [
        (PR4, "| PR2、PR6 | UT + Level0 |"),  # PR6 was merged into PR5 but the row still names it
        (PR4, "| PR2、PR 7 | UT + Level0 |"),
        (PR4, "| PR2，pr-6 | UT + Level0 |"),
        (PR5, "用户文档 | PR4 和 PR0 |"),
        (PR2, "OffloadedOptimizer.step | PR0-PR1 |"),  # a range from a PR before the first
    ],
)
def test_a_dependency_on_no_pr_of_the_table_is_caught_at_its_row(tmp_path, edit):
    findings, text = review(ZH, tmp_path, edit)
    assert plan_findings(findings) == [("RFC324", line_of(text, edit[1]))], findings


def test_the_finding_names_the_table_s_prs(tmp_path):
    findings, _ = review(ZH, tmp_path, (PR4, "| PR2、PR6 | UT + Level0 |"))
    message = next(f.message for f in findings if f.code == "RFC324")
    assert "'PR6'" in message and "(PR1, PR2, PR3, PR4, PR5)" in message and "'10. 实现计划' row 'PR4'" in message


def unlined(message: str) -> str:
    """A cycle's message without the line of each PR: `(PR1 -> PR3 -> PR1)`."""
    return re.sub(r" \(line \d+\)", "", message)


def test_a_pr_depending_on_itself_is_a_cycle(tmp_path):
    findings, text = review(ZH, tmp_path, (PR3, "PyNative 下的换入换出与 step | PR1、PR3 |"))
    assert plan_findings(findings) == [("RFC325", line_of(text, "PR1、PR3"))]
    line = line_of(text, "PR1、PR3")
    assert f"(PR3 (line {line}) -> PR3)" in next(f.message for f in findings if f.code == "RFC325")


def test_a_cycle_is_named_and_found_at_the_row_that_closes_it(tmp_path):
    # PR1 -> PR3 -> PR1: PR3's row is where a reader from the top sees the circle close
    findings, text = review(ZH, tmp_path, (PR1, "HostStatePool | PR3 |"))
    assert plan_findings(findings) == [("RFC325", line_of(text, PR3))]
    message = next(f.message for f in findings if f.code == "RFC325")
    assert "(PR1 -> PR3 -> PR1)" in unlined(message)
    # each PR of the cycle with its row's line: the edit may be at any of them
    assert f"PR1 (line {line_of(text, 'HostStatePool | PR3 |')})" in message


def test_each_cycle_is_one_finding(tmp_path):
    # PR1 on PR5 closes two cycles, through PR2 and through PR3: one finding each, none twice
    findings, text = review(ZH, tmp_path, (PR1, "HostStatePool | PR5 |"))
    cycles = sorted(unlined(f.message) for f in findings if f.code == "RFC325")
    assert plan_findings(findings) == [("RFC325", line_of(text, PR5))] * 2
    assert "(PR1 -> PR5 -> PR4 -> PR2 -> PR1)" in cycles[0] and "(PR1 -> PR5 -> PR4 -> PR3 -> PR1)" in cycles[1]


@pytest.mark.parametrize(
    "edits",
    [
        [(PR4, "| PR2, PR3 | UT + Level0 |")],
        [(PR4, "| PR2，PR3 | UT + Level0 |")],
        [(PR4, "| PR 2 和 pr3 | UT + Level0 |")],
        [(PR4, "| PR2 / PR3 | UT + Level0 |")],
        [(PR4, "| **PR2**、`PR3` | UT + Level0 |")],
        [(PR4, "| PR1-PR3 | UT + Level0 |")],
        [(PR4, "| PR2、PR3（均需先合入） | UT + Level0 |")],
        # things outside the plan, said so: another numbering, merged, external, a link
        [(PR1, "HostStatePool | 无依赖（TP 已合入） |")],
        [(PR1, "HostStatePool | 依赖 #1234（已合入） |")],
        [(PR1, "HostStatePool | PR 812（上游，已合并） |")],
        [(PR1, "HostStatePool | [PR 812](https://gitcode.com/mindspore/hyper-parallel/pulls/812) |")],
        [(PR1, "HostStatePool | 不依赖其他 PR |")],
    ],
)
def test_natural_dependencies_pass_review(tmp_path, edits):
    findings, _ = review(ZH, tmp_path, *edits)
    assert findings == [], findings


@pytest.mark.parametrize("none", ["-", "—", "N/A", "None", "无", ""])
def test_no_dependency_written_any_way_is_no_plan_finding(tmp_path, none):
    # (a dash or N/A is RFC308's business, an empty cell RFC303's)
    findings, _ = review(ZH, tmp_path, (PR1, f"HostStatePool | {none} |"))
    assert plan_findings(findings) == []


def test_the_english_edition(tmp_path):
    findings, text = review(EN, tmp_path, ("| PR2, PR3 | UT + Level0 |", "| PR2 and PR7 | UT + Level0 |"))
    assert plan_findings(findings) == [("RFC324", line_of(text, "PR2 and PR7"))]
    assert "'10. Implementation plan' row 'PR4' depends on 'PR7'" in findings[0].message
    findings, text = review(
        EN,
        tmp_path / "cycle",
        ("| PR1 | UT |", "| PR1 | UT |"),
        (
            "signature, argument validation and ep mesh creation; API docs | None |",
            "signature, argument validation and ep mesh creation; API docs | PR6 |",
        ),
    )
    assert {f.code for f in findings} == {"RFC325"}, findings


def test_a_plan_written_as_a_list_is_not_judged(tmp_path):
    text = (ZH / "rfc.md").read_text(encoding="utf-8")
    start = text.index("| PR | 内容 | 依赖 | 验证 |")
    end = text.find("\n\n", start)
    table = text[start:end] if end >= 0 else text[start:].rstrip("\n")  # the table may end the RFC
    findings, _ = review(ZH, tmp_path, (table, "- PR1：接口，依赖 PR9\n- PR2：实现，依赖 PR2"))
    assert plan_findings(findings) == []
