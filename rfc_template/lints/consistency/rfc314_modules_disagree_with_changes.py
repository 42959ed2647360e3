from __future__ import annotations

from rfc_template import answers
from rfc_template.editions import CHOICE_WORDS
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.consistency import CHANGES, UNCHANGED
from rfc_template.lints.slots import cell_value, is_placeholder, rows


@rule(
    "RFC314",
    "modules-disagree-with-changes",
    REVIEW,
    fails=edit(
        "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 |",
        "| trainer | 新增 Trainer 配置项 optimizer_offload |",
    ),
    passes=edit(
        "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 | 否 |",
        "| trainer | 本期不加 Trainer 配置项，由用户脚本显式调用接口 | 不涉及 |",
    ),
)
def modules_disagree_with_changes(ctx: Context) -> list[Finding]:
    """相关模块 and 6.5 代码改动点 disagree

    ## What it checks
    相关模块 / Modules against the rows of 6.5 代码改动点 (Code changes) that name a module of
    the template (markup and case aside), at the row: a listed module whose change is empty or
    says unchanged (不改动, 无, N/A, not changed, ... or 不涉及 / N/A in the third column), and
    an unlisted module whose row describes a change (a placeholder aside). Other rows, and an
    RFC with no 相关模块 or no 6.5 table, are not judged.

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
        unchanged = bool(UNCHANGED.match(change)) or affects == na
        if module in listed and (unchanged or not change):
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC314",
                    f"{ed.name('相关模块')} lists '{module}', but '{ed.name(CHANGES)}' does not change it",
                )
            )
        elif module not in listed and change and not unchanged and not is_placeholder(change):
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC314",
                    f"'{ed.name(CHANGES)}' changes '{module}', which {ed.name('相关模块')} does not list",
                )
            )
    return findings
