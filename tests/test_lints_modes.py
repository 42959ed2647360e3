"""MindSpore's modes an RFC leaves out, as the held-back RFCs' authors wrote them (rounds 8,
17 and 21; the examples): read by RFC327 and RFC328 (lints/code/modes.py). The rows and code
they report are those rounds' cases (test_semantic_cases.py)."""

from __future__ import annotations

import pytest

from rfc_template.lints.code.modes import ALONE, GRAPH, NOT_SUPPORTED, ONLY, PYNATIVE, SUPPORTED


@pytest.mark.parametrize(
    "text, mode",
    [
        ("2. 本期不支持 MS 静态图（GRAPH_MODE / jit），原因是静态图下的梯度通信由编译器决定。", GRAPH),
        ("- GRAPH_MODE is not supported in this release: the hooks need PyNative.", GRAPH),
        ("本期不考虑 MindSpore 动态图。", PYNATIVE),
        ("- No support for graph mode.", GRAPH),
    ],
)
def test_a_mode_said_not_supported(text, mode):
    assert NOT_SUPPORTED[mode].search(text)


@pytest.mark.parametrize(
    "text",
    [
        "MS GRAPH_MODE 下跨 dp 复用编译缓存不支持",  # something in the mode, not the mode
        "本期不支持静态图下的 dropout 融合",
        "不支持 graph mode's fused kernel",
        "PyNative 下性能目标低 5 个百分点",
    ],
)
def test_something_in_a_mode_is_not_the_mode_left_out(text):
    assert not any(pattern.search(text) for pattern in NOT_SUPPORTED.values())


@pytest.mark.parametrize(
    "text, only",
    [
        ("3. 支持 PT / MS 的 fully_shard 与 TP；MS 本期只支持 PyNative 模式。", PYNATIVE),
        ("MS is supported only in static graph mode; PyNative falls back to all-reduce.", GRAPH),
        ("MS: PyNative only in this phase.", PYNATIVE),
        ("MS 仅支持静态图", GRAPH),
    ],
)
def test_a_mode_said_the_only_one(text, only):
    assert ONLY[only].search(text)
    assert not ONLY[GRAPH if only == PYNATIVE else PYNATIVE].search(text)


@pytest.mark.parametrize(
    "text, mode",
    [
        ("3. 支持 PT / MS 的组合范围；MS 支持 PyNative 与 GRAPH_MODE。", GRAPH),
        ("The MS backend supports both PyNative and graph mode.", GRAPH),
    ],
)
def test_a_mode_said_supported_is_not_left_out(text, mode):
    assert SUPPORTED[mode].search(text)


@pytest.mark.parametrize(
    "item, alone",
    [
        ("MS 静态图（GRAPH_MODE / jit）", True),
        ("MS 静态图（GRAPH_MODE / jit）下的 optimizer", True),
        ("MindSpore GRAPH_MODE", True),
        ("MS GRAPH_MODE 下跨 dp 复用编译缓存", False),
        ("静态图下的 dropout 融合", False),
    ],
)
def test_an_item_of_the_not_supported_row_is_the_mode_alone(item, alone):
    assert (ALONE[GRAPH].fullmatch(item) is not None) is alone


def test_something_that_only_works_in_one_mode_leaves_no_mode_out():
    """(a newcomer's review) `comm_fusion 仅静态图生效`: comm_fusion's, not the feature's support."""
    assert not ONLY[GRAPH].search("MS 自带的 comm_fusion 仅静态图生效，本特性不依赖它。")
