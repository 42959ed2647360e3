from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.consistency.tradeoffs import Option, only_one_option_said, trade_offs, used_together

A_ROW = "| 每步换入换出各搬一次状态（13B/8 卡每卡约 2 × 19.5 GB），占用 PCIe 带宽 | 是 |"
B_ROW = "| 需要 PT、MS 两套 CPU AdamW kernel；host 与 device 更新结果不逐位一致；与数据加载进程争抢 CPU | 否 |"
C_ROW = "| 参数和梯度也被 offload，step 在 CPU 上执行；只有 PT | 否 |"
HEADER = "| 方案 | 优点 | 缺点 | 是否选择 | 原因 |"


@rule(
    "RFC336",
    "trade-off-unchosen",
    REVIEW,
    WARNING,
    fails=(
        edit(A_ROW, A_ROW.replace("| 是 |", "| 否 |"), at=HEADER),
        edit(C_ROW, C_ROW.replace("| 否 |", "| 是 |"), at=HEADER),  # two of three, nothing said of using both
        edit(
            "across the all-gather ranks | No |",
            "across the all-gather ranks | Yes |",
            ("and two communication schemes to tune | No |", "and two communication schemes to tune | Yes |"),
            rfc="en",
            at="| Option | Pros | Cons | Chosen | Reason |",
        ),
        # the choice left open at review (held-back rounds 8 and 9)
        edit(A_ROW, A_ROW.replace("| 是 |", "| 待评审确定 |"), at=HEADER),
    ),
    passes=(
        # the marks as people write them
        edit(A_ROW, A_ROW.replace("| 是 |", "| ✅ 选用 |"), (C_ROW, C_ROW.replace("| 否 |", "| ❌ |"))),
        # every option used, and said how: the main one, a combination, a fallback
        edit(
            B_ROW,
            B_ROW.replace("| 否 |", "| 是（与 A 组合：MS 之外的后端） |"),
            (C_ROW, C_ROW.replace("| 否 |", "| 是（只有 PT 时的回退） |")),
        ),
        # two chosen, the second said to be for one backend
        edit("只有 PT | 否 | 不满足 PT + MS 同一接口的要求 |", "只有 PT | 是 | 仅用于 PT：13B 以上放不下时 |"),
        # one option taken, another left for later
        edit(C_ROW, C_ROW.replace("| 否 |", "| 待定（二期评估） |")),
    ),
)
def trade_off_unchosen(ctx: Context) -> list[Finding]:
    """the trade-off table of 6.6 chooses no option, or more than one without saying how they go together

    ## What it checks
    Each table of 6.6 方案取舍 (Trade-offs) with a column that marks the chosen option: the
    template's 是否选择 (Chosen), or a header people write for it (是否采用, 选用, 结论, 决策,
    Selected, Decision, Verdict, ...). Its marks are read the ways people write them: 是 / 否,
    Yes / No, `✅` / `❌`, 选用, 采用, 本方案, 推荐 / 不采用, 放弃, 淘汰, Chosen, Selected /
    Rejected, Dropped, each alone or with a note after it (`是（默认）`, `No — too slow`).
    Reported at the table, naming each option's line: no option chosen, or more than one
    chosen (every one, or two of three) where nothing says how they are used together.

    A choice left open (`待定`, `待评审确定`, `TBD`, `To be decided after the prototype`) is no
    option chosen: at review the RFC says which it takes. Nothing is said of a table with a
    mark that cannot be read (`部分`, `备选`, `二期`, an
    empty cell, the template's `是 / 否` left in place, which RFC302 reports; a "no" whose
    note takes it back, `否（二期采用）`), nor of one without a column for the choice. No option
    chosen is accepted beside the template's prose for a single option (`只保留该方案的原因：...`:
    the table lists what was turned down), unless that prose says it does not apply (`不适用`,
    `N/A`); more than one option chosen where every chosen row but one says the options are
    used together, in its mark or its reason (`组合`, `默认`, `回退`, `补充`, `用于 MS`,
    `combined`, `fallback`, `for PT`, ...), or has a note on its mark (`是（回退）`).

    ## Why a reviewer cares
    6.6 is where the RFC says which design it takes and why: a table that turns every
    option down, or takes them all, leaves the reviewer to guess what is being built.
    """
    findings = []
    for found in trade_offs(ctx):
        options = found.options
        chosen = [o for o in options if o.mark.chosen]
        section = ctx.edition.name("6.6 方案取舍")
        if not chosen and not only_one_option_said(ctx):
            findings.append(
                Finding(
                    found.table.line,
                    1,
                    "RFC336",
                    f"no option of '{section}' is chosen ({found.column}: {_marks(options)}): mark the one the RFC takes",
                )
            )
        elif len(chosen) >= 2 and not used_together(found, tuple(chosen)):
            which = "every option" if len(chosen) == len(options) else f"{len(chosen)} of {len(options)} options"
            findings.append(
                Finding(
                    found.table.line,
                    1,
                    "RFC336",
                    f"{which} of '{section}' are chosen ({found.column}: {_marks(options)}): "
                    "mark the one the RFC takes, or say how they are used together",
                )
            )
    return findings


def _marks(options: tuple[Option, ...]) -> str:
    return ", ".join(f"{o.label} '{o.written}' at line {o.line}" for o in options)
