"""Review rules that read meaning the RFC itself states (issue 21): a trade-off table
that chooses nothing or everything (RFC336), a link typed whole that the forge draws as
text (RFC337), a draft checked for review (RFC338), no issue at review (RFC339), a
category the background contradicts (RFC340), a PR verified with a later one (RFC341).

Each is judged on copies of the hand-filled RFCs of tests/corpus/: a mistake is caught
at its line, a natural variation passes with none of these codes.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.config import Settings
from rfc_template.lint.registry import all_rules
from rfc_template.lints.consistency.tradeoffs import read_mark

CORPUS = Path(__file__).resolve().parent / "corpus"
ZH, EN = CORPUS / "zh-optimizer-offload", CORPUS / "en-ulysses-sp"
DCP, ELASTIC, MOE = CORPUS / "zh-dcp-reshard", CORPUS / "zh-elastic-resume", CORPUS / "en-moe-expert-parallel"
CODES = ("RFC336", "RFC337", "RFC338", "RFC339", "RFC340", "RFC341")


def review(folder: Path, tmp_path: Path, *edits: tuple[str, str], stage: str | None = check.REVIEW, settings=None):
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    text = (copy / "rfc.md").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    (copy / "rfc.md").write_text(text, encoding="utf-8")
    return check.check_text(text, copy / "rfc.md", stage, settings).findings, text


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


def mine(findings, code: str | None = None) -> list[tuple[str, int]]:
    return [(f.code, f.line) for f in findings if f.code in CODES and (code is None or f.code == code)]


def test_the_rules_are_review_warnings():
    rules = {rule.code: rule for rule in all_rules()}
    assert all(rules[code].stage == check.REVIEW and rules[code].severity == "warning" for code in CODES)


@pytest.mark.parametrize("folder", sorted(p.parent for p in CORPUS.glob("*/rfc.md")), ids=lambda p: p.name)
def test_the_filled_rfcs_have_none_of_these_findings(folder, tmp_path):
    findings, _ = review(folder, tmp_path)
    assert mine(findings) == []


# RFC336 -----------------------------------------------------------------------------

ZH_A = "| 是 | 数值一致、两个后端都能实现"
ZH_B = "| 否 | MS 没有可用的 fused CPU AdamW"
ZH_C = "| 否 | 不满足 PT + MS 同一接口的要求"
ZH_HEADER = "| 方案 | 优点 | 缺点 | 是否选择 | 原因 |"


@pytest.mark.parametrize(
    "marks",
    [
        ("否", "否", "否"),
        ("❌", "❌", "❌"),
        ("不采用", "放弃", "淘汰"),
        ("否（数值一致但搬运太多）", "否", "否"),
        ("是", "是", "是"),
        ("✅", "✔", "选用"),
    ],
)
def test_a_table_choosing_nothing_or_everything_is_caught_at_the_table(tmp_path, marks):
    findings, text = review(
        ZH,
        tmp_path,
        (ZH_A, ZH_A.replace("是", marks[0], 1)),
        (ZH_B, ZH_B.replace("否", marks[1], 1)),
        (ZH_C, ZH_C.replace("否", marks[2], 1)),
    )
    assert mine(findings) == [("RFC336", line_of(text, ZH_HEADER))], findings
    message = next(f.message for f in findings if f.code == "RFC336")
    # the message names each option's line: an edit of any row is found there
    for option in ("| A：", "| B：", "| C："):
        assert f"{option[2]} '" in message and f"at line {line_of(text, option)}" in message


def test_a_conclusion_column_is_read(tmp_path):
    findings, text = review(
        ZH,
        tmp_path,
        (ZH_HEADER, "| 方案 | 优点 | 缺点 | 结论 | 原因 |"),
        (ZH_A, "| 不采用 | 数值一致、两个后端都能实现"),
        (ZH_B, "| 不采用 | MS 没有可用的 fused CPU AdamW"),
        (ZH_C, "| 放弃 | 不满足 PT + MS 同一接口的要求"),
    )
    assert mine(findings) == [("RFC336", line_of(text, "| 方案 | 优点 | 缺点 | 结论 | 原因 |"))]


@pytest.mark.parametrize(
    "edits",
    [
        [(ZH_A, "| ✅ | 数值一致、两个后端都能实现")],
        [(ZH_A, "| **是** | 数值一致、两个后端都能实现")],
        [(ZH_A, "| 采用 | 数值一致、两个后端都能实现"), (ZH_B, "| 不采用 | MS 没有可用的 fused CPU AdamW")],
        [(ZH_A, "| 是（本方案） | 数值一致、两个后端都能实现")],
        # a mark not read: nothing said of the table
        [(ZH_A, "| 部分 | 数值一致、两个后端都能实现"), (ZH_B, "| 否 | x"), (ZH_C, "| 否 | y")],
        [(ZH_A, "| 否 | 数值一致"), (ZH_B, "| 否（二期采用） | MS 没有"), (ZH_C, "| 否 | y")],
        # every option used: a default and fallbacks said so
        [
            (ZH_A, "| 是（默认） | 数值一致、两个后端都能实现"),
            (ZH_B, "| 是 | 作为 MS 没有 fused kernel 时的回退"),
            (ZH_C, "| 是 | 只有 PT 时作为补充"),
        ],
    ],
)
def test_natural_trade_off_tables_pass(tmp_path, edits):
    findings, _ = review(ZH, tmp_path, *edits)
    assert mine(findings) == [], findings


def test_the_template_s_table_left_in_place_is_rfc302_s(tmp_path):
    text = (DCP / "rfc.md").read_text(encoding="utf-8")
    assert "### 6.6 方案取舍\n\n" in text
    findings, _ = review(
        DCP,
        tmp_path,
        (
            "### 6.6 方案取舍\n\n",
            "### 6.6 方案取舍\n\n| 方案 | 优点 | 缺点 | 是否选择 | 原因 |\n| --- | --- | --- | --- | --- |\n"
            "| A | | | 是 / 否 | |\n| B | | | 是 / 否 | |\n\n",
        ),
    )
    assert mine(findings, "RFC336") == [] and any(f.code == "RFC302" for f in findings)


def test_a_table_of_alternatives_beside_the_single_option_prose_passes(tmp_path):
    findings, _ = review(
        DCP,
        tmp_path,
        (
            "只保留该方案的原因：",
            "| 方案 | 优点 | 缺点 | 是否选择 | 原因 |\n| --- | --- | --- | --- | --- |\n"
            "| 离线转换 | 实现简单 | 多占一份存储 | 否 | 耗时随大小线性增长 |\n"
            "| rank 0 读全量再 scatter | 无需读取计划 | 70B 需要约 1 TB host 内存 | 否 | 不可行 |\n\n只保留该方案的原因：",
        ),
    )
    assert mine(findings) == [], findings


@pytest.mark.parametrize(
    "said", ["不适用，本节有 A / B / C 三个方案，选择 A。", "N/A, three options were compared above."]
)
def test_the_single_option_prose_said_not_to_apply_excuses_nothing(tmp_path, said):
    """`只保留该方案的原因：不适用…`: the table is the choice, and it chooses nothing."""
    text = (ZH / "rfc.md").read_text(encoding="utf-8")
    last = next(line for line in text.splitlines() if ZH_C in line) + "\n"
    prose = f"{last}\n只保留该方案的原因：{said}\n"
    findings, text = review(ZH, tmp_path, (ZH_A, ZH_A.replace("是", "否", 1)), (last, prose))
    assert mine(findings) == [("RFC336", line_of(text, ZH_HEADER))], findings


def test_the_english_edition_trade_offs(tmp_path):
    findings, text = review(EN, tmp_path, ("| Yes | Fastest inside a node", "| Rejected | Fastest inside a node"))
    assert mine(findings) == [("RFC336", line_of(text, "Option | Pros | Cons | Chosen | Reason"))]
    assert "no option of '6.6 Trade-offs' is chosen (Chosen: A 'Rejected' at line" in findings[0].message
    findings, _ = review(EN, tmp_path / "2", ("| Yes | Fastest inside a node", "| Chosen | Fastest inside a node"))
    assert mine(findings) == []


@pytest.mark.parametrize(
    "cell, chosen",
    [
        ("是", True),
        ("Yes (default)", True),
        ("✔️", True),
        ("推荐", True),
        ("否", False),
        ("No — too slow", False),
        ("否，不采用", False),
    ],
)
def test_marks_are_read(cell, chosen):
    mark = read_mark(cell)
    assert mark is not None and mark.chosen is chosen


@pytest.mark.parametrize(
    "cell", ["是 / 否", "Yes/No", "N/A", "是否", "备选", "二期", "", "✅ 否", "No, we use it as a fallback"]
)
def test_marks_not_read(cell):
    assert read_mark(cell) is None


# RFC337 -----------------------------------------------------------------------------

PROSE = "本 RFC 要解决的问题："
LINK = "https://gitcode.com/mindspore/hyper-parallel/issues/301"


@pytest.mark.parametrize(
    "written, col",
    [
        (f"见 [工单] ({LINK}) 的讨论；", 3),
        (f"见 [工单]\t({LINK}) 的讨论；", 3),
        (f"见 [工单]({LINK} 的讨论；", 3),
        (f"见 [工单]({LINK}", 3),
        (f"见 [工单]（{LINK} ）；", 3),
        ("见 [设计](./design.md 的说明；", 3),
        ("见 [6.6 方案取舍] (#66-方案取舍)；", 3),
        ("![流程](diagrams/flow.png 的说明；", 1),
        ("![](diagrams/flow.png", 1),
        ("见 [设计](./design.md", 3),
        (f"| 见 [工单]({LINK} |", 5),
        # a note in brackets after the address is no `)` of the link, nor a closed title
        (f"见 [工单]({LINK} / 另见评审记录（`--pp`）(2024) 的讨论；", 3),
        (f"见 [工单]({LINK} (2.4+) 的讨论；", 3),
        (f"见 [`clip_grad_norm_`]({LINK} 的讨论；", 3),  # code in the link's text
    ],
)
def test_a_link_the_forge_draws_as_text_is_caught_at_its_bracket(tmp_path, written, col):
    findings, text = review(ZH, tmp_path, (PROSE, PROSE + written))
    found = [(f.code, f.line, f.col) for f in findings if f.code == "RFC337"]
    assert found == [("RFC337", line_of(text, written), len(PROSE) + col)], findings


@pytest.mark.parametrize(
    "written",
    [
        f"见 [工单]({LINK})；",
        f"见 [工单]( {LINK} )；",
        f"见 `[工单] ({LINK})`；",
        "区间 [0, 1] (inclusive)；",
        "区间 [0, size)；",
        "[1] (https://arxiv.org/abs/2309.14509)；",
        "[^1] (#66-方案取舍)；",
        "[x] (#301) 已合入；",
        "Optional[Mesh] (默认 None)；",
        "[PT] (TP/PP) 与 [MS] (#301)；",
        "数据放在 [共享内存] (/dev/shm) 中；",
        f'见 [工单]({LINK} "标题',  # the title goes on to the next line
        f'见 [工单]({LINK} "标题") 的讨论；',  # a title, then the `)`
        f"见 [工单]({LINK} (标题)) 的讨论；",
        f"见 [`clip_grad_norm_`]({LINK}) 的讨论；",
    ],
)
def test_brackets_that_are_no_link_pass(tmp_path, written):
    findings, _ = review(ZH, tmp_path, (PROSE, PROSE + written))
    assert mine(findings, "RFC337") == [], findings


def test_a_reference_link_then_a_bracket_passes(tmp_path):
    findings, _ = review(
        ZH,
        tmp_path,
        (PROSE, f"{PROSE}见 [工单] (#66-方案取舍 附近)；"),
        ("## 3. 目标和非目标\n", f"[工单]: {LINK}\n\n## 3. 目标和非目标\n"),
    )
    assert mine(findings, "RFC337") == []


def test_a_link_closed_on_the_next_line_passes(tmp_path):
    findings, _ = review(ZH, tmp_path, (PROSE, f"{PROSE}见 [工单]({LINK}\n) 的讨论；"))
    assert mine(findings, "RFC337") == []


def test_links_in_code_blocks_are_code(tmp_path):
    findings, _ = review(
        ZH,
        tmp_path,
        (PROSE, f"- 示例：\n\n  ```text\n  [工单] ({LINK})\n  ```\n\n{PROSE}"),
    )
    assert mine(findings, "RFC337") == []


def test_the_english_edition_links(tmp_path):
    fragment = "DeepSpeed-Ulysses ([arXiv:2309.14509](https://arxiv.org/abs/2309.14509))"
    findings, text = review(EN, tmp_path, (fragment, fragment.replace("] (", "](").replace("](", "] (")))
    assert mine(findings) == [("RFC337", line_of(text, "[arXiv:2309.14509] ("))]
    assert "the space between ']' and '(' keeps it from being one" in findings[0].message


# RFC338 -----------------------------------------------------------------------------

STATUS = "| 状态 | 评审中 Reviewing |"


@pytest.mark.parametrize("draft", ["草稿 Draft", "草稿", "Draft", "draft"])
def test_a_draft_checked_for_review_is_caught_at_its_status(tmp_path, draft):
    findings, text = review(ZH, tmp_path, (STATUS, f"| 状态 | {draft} |"))
    assert mine(findings) == [("RFC338", line_of(text, f"| 状态 | {draft} |"))]
    assert "状态 is still 草稿 Draft" in findings[0].message


def test_a_configured_review_stage_counts(tmp_path):
    settings = Settings(frozenset(rule.code for rule in all_rules()), stage=check.REVIEW)
    findings, _ = review(ZH, tmp_path, (STATUS, "| 状态 | 草稿 Draft |"), stage=None, settings=settings)
    assert [code for code, _ in mine(findings)] == ["RFC338"]


@pytest.mark.parametrize(
    "status, stage",
    [
        ("草稿 Draft", None),  # the status decides: a draft is checked as a draft
        ("草稿 Draft", check.DRAFT),
        ("已接受 Accepted", check.REVIEW),
        ("进行中", check.REVIEW),  # unknown: RFC107's
    ],
)
def test_no_draft_reviewed(tmp_path, status, stage):
    findings, _ = review(ZH, tmp_path, (STATUS, f"| 状态 | {status} |"), stage=stage)
    assert mine(findings, "RFC338") == []


@pytest.mark.parametrize(
    "status, known",
    [
        ("评审中（Reviewing）", True),  # both words, the English one in brackets
        ("评审中 / Reviewing", True),
        ("Reviewing (评审中)", True),
        ("评审中 (Accepted)", False),  # two statuses
        ("评审中（待定）", False),  # a word that is no status
    ],
)
def test_a_status_is_read_in_both_words_however_they_are_joined(tmp_path, status, known):
    findings, _ = review(ZH, tmp_path, (STATUS, f"| 状态 | {status} |"))
    assert any(f.code == "RFC107" for f in findings) is not known, findings


@pytest.mark.parametrize(
    "backend, known",
    [
        ("MS（MindSpore）", True),  # (from held-back set 5) the code and the name
        ("MindSpore", True),
        ("MS + PT", True),  # both, the other way round
        ("PyTorch 和 MindSpore", True),
        ("MS（PyTorch）", False),  # two backends
        ("Paddle", False),
    ],
)
def test_a_backend_is_read_by_its_code_or_its_name(tmp_path, backend, known):
    findings, _ = review(ZH, tmp_path, ("| 适用后端 | PT + MS |", f"| 适用后端 | {backend} |"))
    assert any(f.code == "RFC106" for f in findings) is not known, findings


def test_a_status_given_twice_is_rfc112_s(tmp_path):
    findings, _ = review(ZH, tmp_path, (STATUS, "| 状态 | 草稿 Draft |\n| 状态 | 评审中 Reviewing |"))
    assert mine(findings, "RFC338") == [] and any(f.code == "RFC112" for f in findings)


def test_the_english_edition_status(tmp_path):
    findings, _ = review(EN, tmp_path, ("| Status | Reviewing |", "| Status | Draft |"))
    assert [f.message for f in findings if f.code == "RFC338"] == [
        "Status is still Draft, but the RFC is checked for review: set it to Reviewing when it goes to review"
    ]


# RFC339 -----------------------------------------------------------------------------

ISSUE = "| 相关 issue / PR | #301 |"


@pytest.mark.parametrize(
    "value",
    [
        " ",
        " <!-- 评审前补 --> ",
        " https://gitcode.com/mindspore/hyper-parallel/issues ",
        " https://gitcode.com/mindspore/hyper-parallel/pulls/ ",
        " <https://example.com/issues/1> ",
    ],
)
def test_no_issue_at_review_is_caught_at_the_row(tmp_path, value):
    findings, text = review(ZH, tmp_path, (ISSUE, f"| 相关 issue / PR |{value}|"))
    assert mine(findings) == [("RFC339", line_of(text, "| 相关 issue / PR |"))]


def test_a_row_left_out_is_caught_where_the_template_writes_it(tmp_path):
    findings, text = review(ZH, tmp_path, (ISSUE + "\n", ""))
    assert mine(findings) == [("RFC339", line_of(text, "| 适用后端 |"))]


@pytest.mark.parametrize(
    "value",
    [
        "#301、!318",
        "<https://gitcode.com/mindspore/hyper-parallel/issues/301>",
        "https://gitee.com/mindspore/hyper-parallel/pulls/212",
    ],
)
def test_real_issues_pass(tmp_path, value):
    findings, _ = review(ZH, tmp_path, (ISSUE, f"| 相关 issue / PR | {value} |"))
    assert mine(findings) == []


@pytest.mark.parametrize("value", ["无", "TBD", "待创建"])
def test_what_is_no_issue_at_all_is_rfc109_s(tmp_path, value):
    findings, _ = review(ZH, tmp_path, (ISSUE, f"| 相关 issue / PR | {value} |"))
    assert mine(findings) == [] and any(f.code == "RFC109" for f in findings)


def test_a_draft_may_leave_it_empty(tmp_path):
    findings, _ = review(ZH, tmp_path, (ISSUE, "| 相关 issue / PR | |"), (STATUS, "| 状态 | 草稿 Draft |"), stage=None)
    assert mine(findings) == []


# RFC340 -----------------------------------------------------------------------------

CATEGORY = "| 类型 | 性能优化 |"
SENTENCE = "本 RFC 的类型是性能优化，需要说明："


@pytest.mark.parametrize("other", ["功能补全", "Missing capability", "用户需求"])
def test_a_category_the_background_contradicts_is_caught_naming_both_lines(tmp_path, other):
    findings, text = review(ZH, tmp_path, (CATEGORY, f"| 类型 | {other} |"))
    assert mine(findings) == [("RFC340", line_of(text, SENTENCE))]
    assert f"(at line {line_of(text, '| 类型 |')})" in findings[0].message


def test_the_sentence_contradicting_the_category_is_caught_there(tmp_path):
    findings, text = review(ZH, tmp_path, (SENTENCE, "本 RFC 的类型是**功能补全**，需要说明："))
    assert mine(findings) == [("RFC340", line_of(text, "本 RFC 的类型是**功能补全**"))]


def test_the_topics_say_the_category_when_the_sentence_is_gone(tmp_path):
    findings, text = review(ZH, tmp_path, (SENTENCE + "\n\n", ""), (CATEGORY, "| 类型 | 能力增强 |"))
    assert mine(findings) == [("RFC340", line_of(text, "- 哪个场景慢："))]


def test_the_table_cut_to_one_row_says_the_category(tmp_path):
    findings, text = review(
        ZH,
        tmp_path,
        ("| 功能补全 | 当前缺什么能力；影响什么场景 |\n", ""),
        ("| 能力增强 | 已有类似能力，但本 RFC 要增强什么 |\n", ""),
        ("| 用户需求 | 用户怎么使用；当前阻塞点；完成后怎么验收 |\n", ""),
        (SENTENCE + "\n\n", ""),
        ("- 哪个场景慢：", "- 场景："),
        ("- 当前指标：", "- 现状："),
        (CATEGORY, "| 类型 | 功能补全 |"),
    )
    assert mine(findings) == [("RFC340", line_of(text, "| 性能优化 | 哪个场景慢"))]


@pytest.mark.parametrize(
    "edits",
    [
        [(SENTENCE, "本 RFC 的类型是 Performance optimization，需要说明：")],
        [(CATEGORY, "| 类型 | Performance optimization |")],
        [(SENTENCE + "\n\n", ""), ("- 哪个场景慢：", "- 场景：")],  # one topic left: too little to read
        [(SENTENCE, "本 RFC 的类型是性能优化，也兼有功能补全，需要说明：")],
        [("| 性能优化 | 哪个场景慢；当前指标；目标指标 |", "| **性能优化** | 哪个场景慢；当前指标；目标指标 |")],
    ],
)
def test_a_background_that_agrees_or_says_nothing_sure_passes(tmp_path, edits):
    findings, _ = review(ZH, tmp_path, *edits)
    assert mine(findings) == [], findings


def test_the_english_edition_category(tmp_path):
    findings, _ = review(MOE, tmp_path, ("| Type | Enhancement |", "| Type | Missing capability |"))
    assert [f.message for f in findings if f.code == "RFC340"] == [
        "'2. Background' gives the category as Enhancement ('The type of this RFC is Enhancement'), but Type in "
        "'1. Basic information' is Missing capability (at line 22): make them one"
    ]


def test_the_one_topic_of_a_category_says_it(tmp_path):
    # zh-elastic-resume has no background table; without the sentence, its one 能力增强 topic is read
    findings, text = review(
        ELASTIC, tmp_path, ("本 RFC 的类型是能力增强，需要说明：\n", ""), ("| 类型 | 能力增强 |", "| 类型 | 用户需求 |")
    )
    assert mine(findings) == [("RFC340", line_of(text, "- 已有类似能力，但本 RFC 要增强什么："))]


# RFC341 -----------------------------------------------------------------------------

PR1 = "| PR1 | offload_optimizer_states 接口、参数校验、BucketPlanner 与 HostStatePool | 无 | UT（tests/torch、tests/mindspore） |"
PR2 = "| PR2 | PT 后端：offload stream、H2D / D2H 与计算重叠、OffloadedOptimizer.step | PR1 | UT + Level0（tests/torch） |"
PR3 = "| PR3 | MS 后端：PyNative 下的换入换出与 step | PR1 | UT + Level0（tests/mindspore） |"


@pytest.mark.parametrize(
    "row, old, new, later",
    [
        (PR2, "UT + Level0（tests/torch）", "UT；Level0 待 PR4 合入后补", "PR4"),  # PR4 depends on PR2
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（与 PR3 一起跑）", "PR3"),  # later, independent
        (PR1, "UT（tests/torch、tests/mindspore）", "UT；Level1 随 PR5", "PR5"),
        (PR3, "MS 后端：PyNative 下的换入换出与 step", "MS 后端：换入换出与 step，Level0 验证依赖 PR4", "PR4"),
        (PR3, "MS 后端：PyNative 下的换入换出与 step", "MS 后端：换入换出与 step（PR5 合入后启用）", "PR5"),
        # no PR named: it trains on the backend only PR3 brings
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（tests/torch、tests/mindspore）", "PR3"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0 (PT and MindSpore)", "PR3"),
        (PR1, "UT（tests/torch、tests/mindspore）", "UT + Level0（OffloadedOptimizer，tests/torch）", "PR2"),
    ],
)
def test_a_pr_verified_with_a_later_one_is_caught_at_its_row(tmp_path, row, old, new, later):
    edited = row.replace(old, new)
    findings, text = review(ZH, tmp_path, (row, edited))
    assert mine(findings) == [("RFC341", line_of(text, edited))], findings
    assert f"needs '{later}'" in findings[0].message


@pytest.mark.parametrize(
    "row, old, new",
    [
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（tests/torch，不依赖 PR3）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（同 PR3）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（复用 PR3 的用例脚本）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（在 PR3 之前即可验证）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（PR4 的回归也会覆盖）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（PR3 前完成）"),
        (PR2, "UT + Level0（tests/torch）", "UT；Level0 用 PR1 的 HostStatePool"),  # a dependency
        (PR1, "offload_optimizer_states 接口", "为 PR4 提供 offload_optimizer_states 接口"),
        (PR1, "offload_optimizer_states 接口", "offload_optimizer_states 接口（PR4 需要的 state 访问器）"),
        (PR1, "UT（tests/torch、tests/mindspore）", "UT（[PR 812](https://gitcode.com/x/pulls/812) 已合入）"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（#1234 已合入后）"),
        # a backend named where no training runs, or one the PR brings itself
        (PR2, "UT + Level0（tests/torch）", "UT（tests/torch、tests/mindspore）+ Level0（tests/torch）"),
        (PR2, "PT 后端：offload stream", "PT / MS 后端：offload stream"),
        (PR2, "UT + Level0（tests/torch）", "UT + Level0（tests/torch，MS 不涉及）"),
    ],
)
def test_natural_plans_pass(tmp_path, row, old, new):
    findings, _ = review(ZH, tmp_path, (row, row.replace(old, new)))
    assert mine(findings) == [], findings


@pytest.mark.parametrize("setting, caught", [("`overlap_h2d=False`", False), ("`overlap_h2d=True`", True)])
def test_an_option_set_off_needs_no_pr_that_brings_it(tmp_path, setting, caught):
    """PR3 brings `overlap_h2d`; PR2's Level0 of the cases with the option off (the
    behaviour before it) needs nothing of PR3, the cases with it on do."""
    pr3 = PR3.replace("step |", f"step，{setting} 时串行 |")
    pr2 = PR2.replace("UT + Level0（tests/torch）", f"UT + Level0（tests/torch，{setting} 的用例）")
    findings, text = review(ZH, tmp_path, (PR3, pr3), (PR2, pr2))
    assert mine(findings, "RFC341") == ([("RFC341", line_of(text, pr2))] if caught else []), findings


def test_a_pr_after_its_dependency_in_the_table_may_name_it(tmp_path):
    # PR2 depends on PR3, listed below it: PR3 is merged first, PR2 may be verified with it
    findings, _ = review(
        ZH,
        tmp_path,
        (PR2, PR2.replace("| PR1 | UT + Level0（tests/torch） |", "| PR1、PR3 | UT + Level0（需要 PR3） |")),
    )
    assert mine(findings, "RFC341") == []


def test_the_english_edition_plan(tmp_path):
    findings, text = review(
        EN, tmp_path, ("loss_reduce_group` | PR1 | UT |", "loss_reduce_group` | PR1 | UT, Level0 once PR4 is merged |")
    )
    assert mine(findings) == [("RFC341", line_of(text, "Level0 once PR4 is merged"))]
    assert findings[0].message.startswith(
        "'10. Implementation plan' row 'PR3': its Verification needs 'PR4', and PR4 depends on PR3"
    )
