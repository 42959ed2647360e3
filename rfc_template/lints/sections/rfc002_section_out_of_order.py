from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.sections import section_findings


@rule(
    "RFC002",
    "section-out-of-order",
    DRAFT,
    fails=edit(
        "## 4. 相关实现参考\n", "", ("### 5.1 接口定义", "## 4. 相关实现参考\n\n### 5.1 接口定义"), at="## 5. 对外接口"
    ),
    passes=edit(
        "## 4. 相关实现参考\n",
        "### 3.3 术语\n\n- offload：把优化器状态从 device 显存搬到 host 内存。\n"
        "- 桶（bucket）：一次换入换出的一组参数的状态。\n\n## 4. 相关实现参考\n",
    ),
)
def section_out_of_order(ctx: Context) -> list[Finding]:
    """a required section is out of order

    ## What it checks
    The required sections come in the template's order. Taken in that order, a section
    whose first heading stands above that of the last one found in place is reported at
    its heading, naming the section it must follow. Only required sections count: the
    author's own sections (`### 3.3 术语`) may stand anywhere, a missing one is RFC001's
    and a repeated one RFC003's.

    ## Why a reviewer cares
    Every RFC is read in the same order at the review, and the numbers say where a topic
    is: `## 5.` above `## 4.` sends the reader looking back and forth for the design.
    """
    return [finding for finding in section_findings(ctx) if finding.code == "RFC002"]
