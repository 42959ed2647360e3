from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.sections import section_findings


@rule(
    "RFC003",
    "duplicate-section",
    DRAFT,
    fails=edit("## 10. 实现计划", "## 7. 组件依赖\n\n## 10. 实现计划"),
    passes=edit(
        "### 6.4 关键逻辑\n",
        "#### 6.3.1 时序参考：checkpoint 保存\n\nsave 时 state_dict 直接读取 host 缓冲，"
        "不经过 OffloadStream。\n\n### 6.4 关键逻辑\n",
    ),
)
def duplicate_section(ctx: Context) -> list[Finding]:
    """a required section appears more than once

    ## What it checks
    A heading whose text is that of a required section (`## 7. 组件依赖`, `## 7.
    Dependencies`), at any level, after the first such heading: each repeat is reported at
    its line, naming the first. Only the whole text counts: a heading of the author's own
    that starts with a section's name (`#### 6.3.1 时序参考：checkpoint 保存`) is no repeat.

    ## Why a reviewer cares
    The rules read the first section of a name; a forge shows both, and a reader cannot
    tell which one holds. A link to `#7-组件依赖` opens the first one only.
    """
    return [finding for finding in section_findings(ctx) if finding.code == "RFC003"]
