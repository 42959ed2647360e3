"""6.5 代码改动点 against 相关模块 (RFC314): what a 改动内容 cell says of its module, in either
edition's words, and nothing where it cannot be read with confidence."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.lints.consistency import change_said, used_as_is

CORPUS = Path(__file__).resolve().parent / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"  # 相关模块: distributed / checkpoint / optimizer
TRAINER = "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |"  # not listed
OPTIMIZER = "| **optimizer** | 新增 offload_optimizer_states、OffloadedOptimizer、BucketPlanner、HostStatePool | 否 |"


@pytest.mark.parametrize(
    "text",
    [
        "无代码改动：只使用 trainer 已有的 hook",
        "不改动",
        "无改动",
        "本期不改",
        "本期不改，复用已有的 4 个 hook",
        "不需要改动",
        "无需修改（只调用已有 `state_dict()`）",
        "不用改，优化器只拿本 rank 的 parameters()",
        "不涉及，模型定义和包装都不动",
        "保持不变",
        "代码不变",
        "无",
        "No code change: reuses the existing hook",
        "No code changes needed",
        "No changes needed: gradients are reduced by FSDP",
        "Unchanged",
        "unchanged",
        "Not changed: the state dict is the same",
        "none",
        "None",
        "N/A",
        "n/a",
        "N/A — nothing to change; users place the call in the existing hook",
        "Nothing to change",
        "Does not change",
    ],
)
def test_no_change_is_read_however_it_is_written(text):
    assert change_said(text) is False


@pytest.mark.parametrize(
    "text",
    [
        "新增 Trainer 配置项 optimizer_offload",
        "Optimizer 基类新增 load_resharded_state，按新切分重建状态",
        "Save expert shards under an `experts/` prefix",
        "Trainer adds `model.moe_aux_loss` to the loss when present",
    ],
)
def test_a_change_is_read(text):
    assert change_said(text) is True


@pytest.mark.parametrize(
    "text",
    [
        "本期不加 Trainer 配置项，由用户脚本显式调用接口",  # a negation, no whole "no change"
        "不改接口，只改内部实现",
        "无改动，但新增一个配置项",  # taken back
        "无需改动，只需注册一个回调",
        "No change, but adds a flag",
        "reuses the existing hook",
        "",
    ],
)
def test_what_cannot_be_read_with_confidence_is_neither(text):
    assert change_said(text) is None


def test_no_change_then_how_the_module_is_used():
    assert used_as_is("无代码改动：只使用 trainer 已有的 hook")
    assert used_as_is("No code change: called through its existing hook")
    assert not used_as_is("不涉及：本期不改 checkpoint")
    assert not used_as_is("Not changed")


def findings(*edits: tuple[str, str]) -> list[tuple[str, str]]:
    text = OFFLOAD.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return [(f.code, f.message) for f in check.check_text(text, OFFLOAD, check.REVIEW).findings]


@pytest.mark.parametrize(
    "change",
    ["无代码改动：只使用 trainer 已有的 hook", "本期不改", "不需要改动", "无需修改", "N/A", "本期不加 Trainer 配置项"],
)
def test_an_unlisted_module_said_unchanged_or_unclear_passes(change):
    assert findings((TRAINER, f"| trainer | {change} | 否 |")) == []


def test_an_unlisted_module_changed_is_found():
    assert findings((TRAINER, "| trainer | 新增 TrainerConfig.optimizer_offload 配置项 | 是 |")) == [
        ("RFC314", "'6.5 代码改动点' changes 'trainer', which 相关模块 does not list")
    ]


@pytest.mark.parametrize("change", ["无需修改", "本期不改", "No code change", "不涉及：本期不改 optimizer"])
def test_a_listed_module_said_unchanged_is_found(change):
    assert findings((OPTIMIZER, f"| **optimizer** | {change} | 否 |")) == [
        ("RFC314", "相关模块 lists 'optimizer', but '6.5 代码改动点' does not change it")
    ]


@pytest.mark.parametrize(
    "change", ["无代码改动：只包装调用已有的优化器", "本期不加新的优化器类型", "不改 step 的接口，只改内部实现"]
)
def test_a_listed_module_used_as_it_is_or_unclear_passes(change):
    assert findings((OPTIMIZER, f"| **optimizer** | {change} | 否 |")) == []


@pytest.mark.parametrize(
    "goal, later",
    [
        # (held-back round 15)
        ("5. Support PT (PyTorch 2.1 + torch_npu, eager mode) only in this phase, with FSDP; MS follows later.", True),
        ("5. Support PT (eager mode) and MS (PyNative), with FSDP and pipeline parallel.", False),
        ("3. 本期只支持 PT，MS 后端放到下个版本。", True),
        ("3. MS 本期只支持 PyNative 模式。", False),  # a restriction within a backend
        # (a review) a feature of one backend, a mode of one, a version at or below
        ("| PT / MS 差异 | 换入与计算的 overlap 本期只支持 PT，MS 的 overlap 放到下个版本 |", False),
        ("4. Modes: PT only supports eager mode in this phase; MS graph mode comes later.", False),
        ("| PT / MS 差异 | 锁页内存仅支持 PT，MS 2.6 及以下版本用普通 host 内存 |", False),
    ],
)
def test_a_goal_that_leaves_a_backend_for_later(goal, later):
    from rfc_template.lints.consistency.rfc344_goal_backend_scope import ONE_FIRST

    assert bool(ONE_FIRST.search(goal)) is later
