"""Links (RFC321 form, RFC322 files beside the RFC, RFC323 #anchors), judged on copies of
the filled RFCs of tests/corpus/ with the links authors write: mistakes are caught at
their line, natural ways of linking pass review."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.lints.links.anchors import Slugger, heading_text, slug
from rfc_template.lints.links.targets import form_problem

CORPUS = Path(__file__).resolve().parent / "corpus"
ZH, EN = CORPUS / "zh-optimizer-offload", CORPUS / "en-moe-expert-parallel"
LINK_CODES = ("RFC321", "RFC322", "RFC323")
# Lines of the Chinese RFC to put links into.
SLOW = "- 哪个场景慢："  # a list item of 2. 背景
NEEDS = "完整能力需要："  # a paragraph of 7. 组件依赖
UT_ROW = "| UT | 24 |"  # a row of 9.1 用例分层


def copy_of(folder: Path, tmp_path: Path) -> Path:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    return copy / "rfc.md"


def review(rfc: Path, *edits: tuple[str, str]) -> tuple[list, str]:
    """The review findings of the RFC after the edits (each of a text found once)."""
    text = rfc.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    rfc.write_text(text, encoding="utf-8")
    return check.check_text(text, rfc, check.REVIEW).findings, text


def line_of(text: str, fragment: str) -> int:
    return text[: text.index(fragment)].count("\n") + 1


@pytest.fixture
def zh(tmp_path) -> Path:
    return copy_of(ZH, tmp_path)


@pytest.fixture
def en(tmp_path) -> Path:
    return copy_of(EN, tmp_path)


MISTAKES = [
    # (code, the edit, a fragment of the line the finding is at)
    ("RFC321", (SLOW, SLOW + "（见[基线数据]()）"), "基线数据"),
    ("RFC321", (SLOW, SLOW + "（见[基线数据](<>)）"), "基线数据"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](https://)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](http:/gitcode.com/mindspore/hyper-parallel/issues/301)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](https//gitcode.com/mindspore/hyper-parallel/issues/301)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](htps://gitcode.com/mindspore/hyper-parallel/issues/301)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](https://gitcode.com/mindspore/hyper parallel/issues/301)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[工单](www.gitcode.com/mindspore/hyper-parallel/issues/301)）"), "工单"),
    ("RFC321", (NEEDS, NEEDS + "（[负责人](mailto:)）"), "负责人"),
    ("RFC321", (NEEDS, NEEDS + "（设计稿：[设计稿](file:///home/liming/offload.md)）"), "设计稿"),
    ("RFC321", (NEEDS, NEEDS + "<https://gitcode.com/mindspore/hyper parallel/issues/301> "), "issues/301"),
    # a bare address runs on into the Chinese text after it: GitHub links `…/301，锁页…`
    (
        "RFC321",
        (NEEDS, NEEDS + "见 https://gitcode.com/mindspore/hyper-parallel/issues/301，锁页内存接口"),
        "issues/301",
    ),
    ("RFC321", (NEEDS, NEEDS + "（https://gitcode.com/mindspore/hyper-parallel/issues/301）"), "issues/301"),
    ("RFC321", (NEEDS, NEEDS + "见 https//gitcode.com/mindspore/hyper-parallel/issues/301 "), "issues/301"),
    # a reference definition with no target, and a reference no definition names
    ("RFC321", (NEEDS, "[锁页内存]: <>\n\n" + NEEDS), "[锁页内存]:"),
    ("RFC321", (NEEDS, "[锁页内存]:\n\n" + NEEDS), "[锁页内存]:"),
    ("RFC321", (NEEDS, NEEDS + "见[锁页内存接口][pinned] "), "[pinned]"),
    # files
    ("RFC322", (NEEDS, NEEDS + "（流程图源文件见 [flow.mmd](diagrams/flow.mmd)）"), "flow.mmd"),
    ("RFC322", (NEEDS, NEEDS + "（流程图源文件见 [flowchart.mmd](Diagrams/flowchart.mmd)）"), "flowchart.mmd"),  # case
    ("RFC322", (NEEDS, NEEDS + "\n\n![显存曲线](memory-curve.png)\n"), "显存曲线"),
    ("RFC322", (NEEDS, NEEDS + "（[评审记录](../reviews/offload.md)）"), "评审记录"),
    ("RFC322", (NEEDS, NEEDS + "（[流程图](<diagrams/flow chart.mmd>)）"), "流程图"),
    ("RFC322", (NEEDS, "[flow]: diagrams/flow.mmd\n\n" + NEEDS + "（[流程图][flow]）"), "[flow]: "),
    ("RFC322", (UT_ROW, "| UT [用例清单](tests/cases.md) | 24 |"), "用例清单"),
    # meant as a note, but `[label]: word` is a link definition: GitHub shows nothing of it
    ("RFC322", (NEEDS, "[注]: 锁页内存要求MS2.7及以上\n\n" + NEEDS), "[注]:"),
    # anchors
    ("RFC323", (NEEDS, NEEDS + "（接口见 [5.1](#5.1-接口定义)）"), "5.1-接口定义"),
    ("RFC323", (NEEDS, NEEDS + "（见 [9.3](#93-性能-显存验证)）"), "93-性能-显存验证"),
    ("RFC323", (NEEDS, NEEDS + "（见 [6.6](#方案取舍)）"), "方案取舍)"),
    ("RFC323", (NEEDS, NEEDS + "（见 [6.6](rfc.md#66-取舍)）"), "66-取舍"),
    ("RFC323", (UT_ROW, "| [UT](#91-用例分层-1) | 24 |"), "91-用例分层-1"),
]


@pytest.mark.parametrize("code, edit, at", MISTAKES, ids=[f"{c}-{i}" for i, (c, _, _) in enumerate(MISTAKES)])
def test_a_link_mistake_is_caught_at_its_line(zh, code, edit, at):
    findings, text = review(zh, edit)
    named = [f for f in findings if f.code == code]
    assert [f.line for f in named] == [line_of(text, at)], findings
    assert not [f for f in findings if f.code in LINK_CODES and f.code != code], findings


VARIATIONS = [
    # reference links, a title, angle brackets, a query and a fragment on a file, a folder
    (
        NEEDS,
        '[flow]: diagrams/flowchart.mmd "流程图源文件"\n[时序]: <diagrams/sequence.mmd>\n\n'
        + NEEDS
        + "（流程图见[源文件][flow]，时序图见[时序][]。）",
    ),
    (NEEDS, NEEDS + '（[流程图](diagrams/flowchart.mmd "流程图源文件")、[全部图](diagrams/)、[图目录](./diagrams)）'),
    (
        NEEDS,
        NEEDS + "（[第 3 行](diagrams/flowchart.mmd?plain=1#L3)、[本文](rfc.md)、[本文 5.1](./rfc.md#51-接口定义)）",
    ),
    (NEEDS, NEEDS + "（[同目录](../zh-optimizer-offload/rfc.md)）"),
    # anchors to Chinese headings, as GitHub makes them (`/` dropped, spaces kept as `-`)
    (
        NEEDS,
        NEEDS + "（见 [5.1 接口定义](#51-接口定义)、[9.3](#93-性能--显存验证)、[9.2](#92-交互验证举例)、[顶部](#)）",
    ),
    (NEEDS, NEEDS + "（见 [5.1](#51-%E6%8E%A5%E5%8F%A3%E5%AE%9A%E4%B9%89)、[6.6](#user-content-66-方案取舍)）"),
    # an explicit anchor, in HTML
    (NEEDS, '<a id="offload-limits"></a>\n\n' + NEEDS + "（见[限制](#offload-limits)）"),
    (NEEDS, '<a name="pinned">锁页内存</a>\n\n' + NEEDS + "（见[锁页](#pinned)）"),
    # footnotes, escaped brackets, code spans, autolinks, bare addresses ended by a space
    (NEEDS, NEEDS + "锁页内存[^1]。\n\n[^1]: MS 2.7 起提供。"),
    (NEEDS, NEEDS + r"写法 \[PR1\](待定) 不是链接，`[x](y)` 与 `buckets[i](j)` 也不是。"),
    (
        NEEDS,
        NEEDS + "<https://gitcode.com/mindspore/hyper-parallel/issues/301>、<liming@example.com>、"
        "https://gitcode.com/mindspore/hyper-parallel/issues/301 、(https://www.mindspore.cn/docs) 。",
    ),
    (NEEDS, NEEDS + "见https://gitcode.com/mindspore/hyper-parallel/issues/301 与 www.mindspore.cn 。"),
    (NEEDS, NEEDS + "支持 https:// 与 file:// 前缀的路径。"),
    # brackets and parentheses in prose and type names: no link meant, none made
    (SLOW, "- 哪个场景慢（mesh 类型为 Optional[DeviceMesh](默认 None)，[注](见下文 9.3)）："),
    (NEEDS, "[注]: 锁页内存要求 MS 2.7 及以上。\n\n" + NEEDS),
    # links in a table, images (one in a link: a badge), HTML comments, a link over two lines
    (UT_ROW, "| [UT](diagrams/flowchart.mmd) | 24 |"),
    (NEEDS, NEEDS + "\n\n[![流程图](diagrams/flowchart.mmd)](https://gitcode.com/mindspore/hyper-parallel)\n"),
    (NEEDS, NEEDS + "<!-- 旧链接：[x](missing.md)、[y](#nowhere)、[z]() -->"),
    (SLOW, "- 哪个场景慢（见 [9.3 性能\n  显存验证](#93-性能--显存验证)）："),
    # links folded away in <details>
    (
        NEEDS,
        "<details>\n<summary>锁页内存的背景</summary>\n\n见 [5.1](#51-接口定义) 与 [流程图](diagrams/flowchart.mmd)。\n\n</details>\n\n"
        + NEEDS,
    ),
    # a code block in a list item: `a[1](2)` is code
    (SLOW, "- 代码：\n\n  ```python\n  x = table[1](2)\n  ```\n\n" + SLOW),
]


@pytest.mark.parametrize("edit", VARIATIONS, ids=[str(i) for i in range(len(VARIATIONS))])
def test_a_natural_link_passes_review(zh, edit):
    findings, _ = review(zh, edit)
    assert findings == [], findings


def test_duplicate_headings_are_numbered_as_github_numbers_them(zh):
    # a second `### 风险` gets `#风险-1`; a third would get `#风险-2`
    risk = "### 风险\n\n显存不足时回退到 device。\n\n"
    findings, _ = review(
        zh, ("## 7. 组件依赖", risk + risk + "## 7. 组件依赖"), (NEEDS, NEEDS + "（见[风险](#风险)与[回退](#风险-1)）")
    )
    assert [f for f in findings if f.code in LINK_CODES] == []
    findings, text = review(zh, (NEEDS + "（", NEEDS + "（[再一次](#风险-2)）（"))
    assert [(f.code, f.line) for f in findings if f.code in LINK_CODES] == [("RFC323", line_of(text, "再一次"))]


def test_the_files_of_the_copy_are_what_counts(zh):
    """A link to a file the author adds beside rfc.md passes; names with spaces or
    non-ASCII letters, written as GitHub accepts them, too."""
    (zh.parent / "my flow.svg").write_text("<svg/>", encoding="utf-8")
    (zh.parent / "显存曲线.png").write_bytes(b"\x89PNG")
    findings, _ = review(
        zh, (NEEDS, NEEDS + "（![流程](<my flow.svg>)、![流程](my%20flow.svg)、![显存](显存曲线.png)）")
    )
    assert findings == []


def test_without_a_path_files_are_not_judged():
    text = (ZH / "rfc.md").read_text(encoding="utf-8").replace(NEEDS, NEEDS + "（[x](nowhere.md)、[y](#nowhere)）", 1)
    codes = [f.code for f in check.check_text(text, None, check.REVIEW).findings]
    assert codes == ["RFC323"]


def test_english_rfc_link_mistakes_speak_english(en):
    text = (EN / "rfc.md").read_text(encoding="utf-8")
    assert "## 10. Implementation plan" in text
    findings, text = review(
        en,
        (
            "Success criteria when done:",
            "Success criteria when done (see [9.3](#93-performance-memory-verification), "
            "[the benchmark](benchmarks/moe.md) and [接口](#51-接口定义)):",
        ),
    )
    assert [f.code for f in findings] == ["RFC323", "RFC322", "RFC323"]
    assert "did you mean '#93-performance--memory-verification'" in findings[0].message
    assert all(not any("\u4e00" <= c <= "\u9fff" for c in f.message) for f in findings), findings


def test_a_link_whose_text_spans_lines_is_checked_where_it_ends(en):
    findings, text = review(
        en,
        (
            "Success criteria when done:",
            "Success criteria when done (see the [performance\nverification](#93-performance)):",
        ),
    )
    assert [(f.code, f.line) for f in findings] == [("RFC323", line_of(text, "verification]("))]


# ---- the anchors GitHub gives headings ----------------------------------------------------


@pytest.mark.parametrize(
    "heading, anchor",
    [
        # GitHub's own documented examples (docs: "Section links")
        ("Sample Section", "sample-section"),
        (
            "This'll  be a Helpful Section About the Greek Letter Θ!",
            "thisll--be-a-helpful-section-about-the-greek-letter-θ",
        ),
        # the template's numbered headings: dots, slashes and full-width brackets dropped
        ("5.1 接口定义", "51-接口定义"),
        ("9.3 性能 / 显存验证", "93-性能--显存验证"),
        ("9.2 交互验证（举例）", "92-交互验证举例"),
        ("10. Implementation plan", "10-implementation-plan"),
        ("9.3 Performance / memory verification", "93-performance--memory-verification"),
        # `_` and `-` stay; other dashes, symbols and emoji go; other scripts are lower-cased
        ("snake_case and kebab-case", "snake_case-and-kebab-case"),
        ("en–dash — em dash", "endash--em-dash"),
        ("😄 Emoji ♥ heading", "-emoji--heading"),
        ("Привет мир 你好", "привет-мир-你好"),
        ("Ⓐ circled", "ⓐ-circled"),
        ("Version 2.0 (beta)?", "version-20-beta"),
    ],
)
def test_slug_is_githubs(heading, anchor):
    assert slug(heading) == anchor


def test_repeated_anchors_get_the_next_free_number():
    slugger = Slugger()
    # as GitHub numbers them: a heading whose own anchor is taken by a numbered one moves on
    got = [slugger.slug(h) for h in ("Risk", "Risk", "Risk 1", "Risk-1", "Risk", "Other")]
    assert got == ["risk", "risk-1", "risk-1-1", "risk-1-2", "risk-2", "other"]


@pytest.mark.parametrize(
    "line, text",
    [
        ("## 5.1 `enable_x` 接口 **定义**", "5.1 enable_x 接口 定义"),
        ("### 风险 ###", "风险"),
        ('## 限制 <a id="limits"></a>', "限制 "),
        ("## [API](https://example.com) notes", "API notes"),
        ("## Logo ![logo](logo.png) and text", "Logo  and text"),
        ("## A &amp; B", "A & B"),
        ("Setext title", "Setext title"),
    ],
)
def test_heading_text_is_what_github_shows(line, text):
    assert heading_text(line) == text


@pytest.mark.parametrize(
    "url, ok",
    [
        ("https://gitcode.com/mindspore/hyper-parallel/issues/301", True),
        ("http://localhost:8080/metrics", True),
        ("https://[::1]:8443/x", True),
        ("https://user@example.com/", True),
        ("ftp://ftp.example.com/a.tar.gz", True),
        ("mailto:liming@example.com", True),
        ("HTTPS://EXAMPLE.COM", True),
        ("https://", False),
        ("https:///path", False),
        ("http:/example.com", False),
        ("https//example.com", False),
        ("htps://example.com", False),
        ("javascript:alert(1)", False),
        ("mailto:", False),
        ("www.example.com", False),
        ("https://exa mple.com/", False),
    ],
)
def test_form_of_absolute_targets(url, ok):
    assert (form_problem(url) == "") is ok, form_problem(url)


def test_relative_targets_are_left_to_the_file_check():
    assert form_problem("diagrams/flowchart.mmd") is None
    assert form_problem("../README.md#usage") is None
