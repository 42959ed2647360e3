"""The template's hints left in an RFC (RFC312): the template says which of its cells are hints,
with a mark that renders to nothing (templates/rfc/*.md, read by rfc_template/lints/model.py);
its other words are definitions an RFC may keep."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import check, structure
from rfc_template.editions import edition
from rfc_template.lints.model import HINT_MARK, model
from rfc_template.template import rfc_template_path

CORPUS = Path(__file__).resolve().parent / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"
MOE = CORPUS / "en-moe-expert-parallel" / "rfc.md"

HINTS = {
    "zh": {
        ("8. 约束与兼容性", "性能收益", "内容"): "场景、指标、目标",
        ("8. 约束与兼容性", "显存收益", "内容"): "场景、指标、目标",
        ("8. 约束与兼容性", "性能劣化", "内容"): "场景、原因、是否可接受",
        ("8. 约束与兼容性", "PT / MS 差异", "内容"): "支持范围、行为差异",
        ("8. 约束与兼容性", "和已有行为不一致", "内容"): "差异、原因、迁移方式",
        ("9.3 性能 / 显存验证", "", "指标"): "step time / throughput / peak memory",
    },
    "en": {
        ("8. Constraints and compatibility", "Performance gain", "Content"): "Scenario, metric, target",
        ("8. Constraints and compatibility", "Memory gain", "Content"): "Scenario, metric, target",
        (
            "8. Constraints and compatibility",
            "Performance regression",
            "Content",
        ): "Scenario, cause, whether acceptable",
        ("8. Constraints and compatibility", "PT / MS differences", "Content"): "Supported scope, behavior differences",
        ("8. Constraints and compatibility", "Inconsistent with existing behavior", "Content"): (
            "Difference, cause, migration"
        ),
        ("9.3 Performance / memory verification", "", "Metric"): "step time / throughput / peak memory",
    },
}


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_hints_are_the_cells_the_template_marks(language):
    m = model(language)
    assert m.hints == HINTS[language]
    assert (
        m.hint_keys
        == {
            "zh": {"4. 相关实现参考": {"相关框架 / 原生实现 / 模型写法"}},
            "en": {"4. Related implementations": {"Related frameworks / native implementations / model code"}},
        }[language]
    )


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_marks_leave_no_trace_in_what_the_rules_read(language):
    assert HINT_MARK.search(rfc_template_path(language).read_text(encoding="utf-8"))
    cells = [cell for row in structure.template_rows(language) for cell in row]
    assert not any("{#" in cell for cell in cells)
    assert not any("{#" in column for table in model(language).doc.tables for column in table.header)
    # the rows a mark stands in are still read for the editions' names
    assert edition("en").name("性能收益") == "Performance gain"
    assert edition("en").name("PT / MS 差异") == "PT / MS differences"


def review(path: Path, old: str, new: str) -> list[tuple[str, str]]:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return [(f.code, f.message) for f in check.check_text(text.replace(old, new), path, check.REVIEW).findings]


@pytest.mark.parametrize(
    "path, old, new",
    [
        (
            OFFLOAD,
            "| 8 卡 Llama2-13B：fully_shard / hsdp / TP / PP / 重计算组合，以及 9.3 的性能与显存场景 |",
            "| 分布式、多组件组合、性能 / 显存 |",
        ),
        (
            OFFLOAD,
            "| 是 | offload 状态下 save，分别在 offload、不 offload 两种配置下 load，继续训练 50 step 的 loss 与不中断训练一致 |",
            "| 是 | save / load 后可继续训练 |",
        ),
        (
            OFFLOAD,
            "| 是 | 同一模型、同一数据下，PT 与 MS 的峰值显存下降比例相差 <= 5%，loss 曲线差异在现有 PT / MS 对齐标准内 |",
            "| 是 | 行为一致或差异符合文档 |",
        ),
        (
            MOE,
            "| The five verified 9.2 combinations on DeepSeek-MoE-16B (32 cards, EP = 8) and the three 9.3 benchmarks |",
            "| Distributed, multi-component combinations, performance / memory |",
        ),
        (  # each level's coverage is the template's definition of the level, UT's and Level0's too
            OFFLOAD,
            "| offload_optimizer_states 参数校验、分桶划分、HostStatePool 分配与释放、state_dict 往返，"
            "tests/torch 与 tests/mindspore 各一套 |",
            "| 接口、参数校验、核心函数 |",
        ),
    ],
)
def test_a_definition_kept_as_written_is_the_rfcs_own(path, old, new):
    assert review(path, old, new) == []


@pytest.mark.parametrize(
    "path, old, new",
    [
        (OFFLOAD, "| 性能收益 | Llama2-13B", "| 性能收益 | 场景、指标、目标 |\n| 性能收益（实测） | Llama2-13B"),
        (
            OFFLOAD,
            "| step time / peak memory | step time <= 5.79 s",
            "| step time / throughput / peak memory | step time <= 5.79 s",
        ),
        (
            MOE,
            "| Megatron-Core MoE (`MoEAlltoAllTokenDispatcher`) |",
            "| Related frameworks / native implementations / model code |",
        ),
    ],
)
def test_a_marked_hint_left_in_place_is_found(path, old, new):
    assert [code for code, _ in review(path, old, new)] == ["RFC312"]
