from __future__ import annotations

from rfc_template import answers
from rfc_template.editions import CHOICE_WORDS
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.consistency import change_said, used_as_is
from rfc_template.lints.model import CHANGES
from rfc_template.lints.slots import cell_value, is_placeholder, rows


@rule(
    "RFC314",
    "modules-disagree-with-changes",
    REVIEW,
    WARNING,
    fails=(
        edit(
            "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 |",
            "| trainer | 新增 Trainer 配置项 optimizer_offload |",
        ),
        edit(
            "| **optimizer** | 新增 offload_optimizer_states、OffloadedOptimizer、BucketPlanner、HostStatePool | 否 |",
            "| **optimizer** | 无需修改 | 否 |",
        ),
    ),
    passes=(
        edit(
            "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
            "| trainer | 本期不加 Trainer 配置项，由用户脚本显式调用接口 | 不涉及 |",
        ),
        # "no change", however it is written
        edit(
            "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
            "| trainer | 无代码改动：只使用 trainer 已有的 hook | 否 |",
        ),
        edit(
            "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
            "| trainer | 不需要改动（用户脚本显式调用接口） | 否 |",
        ),
        edit(
            "| model | 不改动：offload 只作用于优化器状态，模型结构、前向和反向不变 | 否 |",
            "| model | 本期不改，offload 只作用于优化器状态 | 否 |",
        ),
        edit(
            "| trainer | Not changed: the dataloader still yields",
            "| trainer | No code change: the dataloader still yields",
            ("already computes | N/A |", "already computes | No |"),
            (
                "| optimizer | Not changed: parameters and gradients",
                "| optimizer | Unchanged: parameters and gradients",
            ),
            ("as over any data-parallel rank | N/A |", "as over any data-parallel rank | No |"),
            rfc="en",
        ),
        # read with no confidence either way: a negation that is no whole "no change"
        edit(
            "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
            "| trainer | 本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
        ),
    ),
)
def modules_disagree_with_changes(ctx: Context) -> list[Finding]:
    """相关模块 and 6.5 代码改动点 disagree

    ## What it checks
    相关模块 / Modules against the rows of 6.5 代码改动点 (Code changes) that name a module of
    the template (markup and case aside), at the row: a listed module whose change is empty or
    says unchanged (or 不涉及 / N/A in the third column), and an unlisted module whose row
    describes a change (a placeholder aside). A listed module said unchanged and then used as
    it is (`无代码改动：只使用 trainer 已有的 hook`, `No code change: called through its existing
    hook`) is related without a change: listing it is the author's choice, not reported.

    "Unchanged" is the change's first clause (up to a colon, comma, full stop, bracket or dash)
    saying so whole, in either edition's words: 不改动, 无改动, 无代码改动, 本期不改, 不需要改动,
    无需修改, 不用改, 不涉及, 保持不变, 无; unchanged, not changed, no code change, no changes
    needed, none, N/A, nothing to change (`无代码改动：只使用 trainer 已有的 hook`, `No code
    change: reuses the existing hook`), unless the rest takes it back (`无改动，但新增配置项`,
    `..., but adds a flag`). "A change" is a first clause with no negation and no reuse of what
    exists (`新增 Trainer 配置项`). Anything else is not read with confidence, and the rule says
    nothing: `本期不加 Trainer 配置项` (a negation, no whole "no change"), `reuses the existing
    hook`. Other rows, and an RFC with no 相关模块 or no 6.5 table, are not judged.

    ## Why a reviewer cares
    Both say which modules the feature touches: when they disagree the reader cannot tell which
    holds, and a module's owners may miss a change to their code or look for one that is not there.
    """
    listed = set(answers.canonical_modules(ctx.info.get("相关模块", ""), ctx.rules))
    ed = ctx.edition
    table = ctx.doc.table_in(ed.name(CHANGES))
    if not listed or table is None:
        return []
    na = CHOICE_WORDS[ed.language][CHOICE_WORDS["zh"].index("不涉及")]
    findings = []
    for line, row in rows(table):
        module = row[0].strip("*_` ").lower()
        if module not in ctx.rules.modules or len(row) < 2:
            continue
        change, affects = cell_value(row[1]), (cell_value(row[2]) if len(row) > 2 else "")
        said = False if affects == na else change_said(change)  # None: not read with confidence
        if module in listed and (not change or (said is False and (affects == na or not used_as_is(change)))):
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC314",
                    f"{ed.name('相关模块')} lists '{module}', but '{ed.name(CHANGES)}' does not change it",
                )
            )
        elif module not in listed and said is True and not is_placeholder(change):
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC314",
                    f"'{ed.name(CHANGES)}' changes '{module}', which {ed.name('相关模块')} does not list",
                )
            )
    return findings
