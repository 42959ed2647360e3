from __future__ import annotations

from functools import cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import model
from rfc_template.lints.slots import rows


@rule(
    "RFC312",
    "template-hint-cell",
    REVIEW,
    fails=edit("| 性能收益 | Llama2-13B", "| 性能收益 | 场景、指标、目标 |\n| 性能收益（实测） | Llama2-13B"),
    passes=(
        # every candidate metric measured: the row gives a time, a throughput and a memory
        edit(
            "| step time / peak memory | step time <= 5.79 s（下降 >= 15%），峰值显存 <= 76 GB |",
            "| step time / throughput / peak memory | step time <= 5.79 s，吞吐 >= 2,900 tokens/s/卡，峰值显存 <= 76 GB |",
        ),
        edit("| 是 | offload 状态下 save，分别在", "| 是 | save / load 后可继续训练：offload 状态下 save，分别在"),
        # the template's definitions, kept as the RFC's own words: no hints
        edit(
            "| 8 卡 Llama2-13B：fully_shard / hsdp / TP / PP / 重计算组合，以及 9.3 的性能与显存场景 |",
            "| 分布式、多组件组合、性能 / 显存 |",
        ),
        edit(
            "| 是 | offload 状态下 save，分别在 offload、不 offload 两种配置下 load，继续训练 50 step 的 loss 与不中断训练一致 |",
            "| 是 | save / load 后可继续训练 |",
        ),
        edit(
            "| UT | 24 | offload_optimizer_states 参数校验、分桶划分、HostStatePool 分配与释放、state_dict 往返，tests/torch 与 tests/mindspore 各一套 |",
            "| UT | 24 | 接口、参数校验、核心函数 |",
        ),
        edit(
            "| The five verified combinations of 9.2 on 16 GPUs and the three benchmarks of 9.3 |",
            "| Distributed, multi-component combinations, performance / memory |",
            rfc="en",
        ),
    ),
)
def template_hint_cell(ctx: Context) -> list[Finding]:
    """a table cell still holds the template's hint

    ## What it checks
    A cell that is, character for character, the template's hint for its row and column, or a
    row still named as 4's hint; reported at the row. The template itself says which of its
    cells are hints, with a mark that renders to nothing (a Jinja comment after the cell, or
    after a header for its whole column; `rfc_template/lints/model.py` reads it). Hints say
    what to write, and are no answer: 4's source `相关框架 / 原生实现 / 模型写法`, every content
    cell of 8 (`场景、指标、目标`, `场景、原因、是否可接受`, `支持范围、行为差异`,
    `差异、原因、迁移方式`), 9.3's candidate metrics `step time / throughput / peak memory`
    (`Scenario, metric, target`, ... in the English edition).

    Not hints: the template's definitions, which an RFC may keep as its own words: 9.1's
    coverage of each level (UT `接口、参数校验、核心函数`, Level0 `最小训练闭环`, Level1
    `分布式、多组件组合、性能 / 显存`: what the level is, detailed by 9.2 and 9.3) and 9.2's
    pass criteria (`save / load 后可继续训练`). A cell that begins with a hint's words and goes on
    is the author's.

    9.3's candidate metrics are the author's answer too where the row measures all of them:
    a time, a throughput and a memory size among its other cells' values (`≤ 15.0 s/step,
    ≥ 273 tokens/s/card, rank-0 peak ≤ 44.0 GB`).

    ## Why a reviewer cares
    A hint says what to write: left in place it fills the table without saying anything, e.g.
    性能收益 `场景、指标、目标` names no scenario, metric or target that 9.3 could verify.
    """
    m = model(ctx.edition.language)
    findings = []
    hinted = _hinted_sections(ctx.edition.language)
    for table in ctx.doc.tables:
        if table.section not in hinted:
            continue  # most tables: their section's template has no hint
        keys = m.hint_keys.get(table.section, ())
        for line, row in rows(table):
            if row and row[0] in keys:
                findings.append(
                    Finding(
                        line, 1, "RFC312", f"'{table.section}': '{row[0]}' is the template's hint; name the real one"
                    )
                )
            for column, cell in zip(table.header[1:], row[1:]):
                hint = m.hints.get((table.section, row[0], column)) or m.hints.get((table.section, "", column))
                if cell and hint == cell and not _measures_them_all(cell, row):
                    findings.append(
                        Finding(
                            line,
                            1,
                            "RFC312",
                            f"'{table.section}' row '{row[0]}': {column} is still the template's hint '{cell}'",
                        )
                    )
    return findings


@cache
def _hinted_sections(language: str) -> frozenset[str]:
    """The sections whose template tables hold a hint, in a cell or as a row's first cell."""
    m = model(language)
    return frozenset(section for section, _, _ in m.hints) | frozenset(m.hint_keys)


def _measures_them_all(cell: str, row: list[str]) -> bool:
    """A metric cell naming a time, a throughput and a memory (9.3's candidates) in a row whose
    other cells give values of all three: the metrics it measures, not a hint."""
    from rfc_template.lints.quantities.units import BYTES, RATE, TIME, quantities

    if "/" not in cell:
        return False
    given = {q.dim.split(":")[0] for other in row if other != cell for q in quantities(other)}
    return {TIME, RATE, BYTES} <= given
