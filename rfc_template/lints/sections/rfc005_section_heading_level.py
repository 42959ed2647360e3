from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.sections import section_findings


@rule(
    "RFC005",
    "section-heading-level",
    DRAFT,
    fails=edit("### 3.1 目标", "## 3.1 目标"),
    passes=edit(
        "### 9.3 性能 / 显存验证\n",
        "### 9.3 性能 / 显存验证\n\n#### 9.3.1 测试环境\n\n"
        "PT：8×A100 80GB，torch 2.4；MS：8×Atlas 800T A2 64GB，PyNative。\n\n"
        "#### 9.3.2 场景与指标\n",
    ),
)
def section_heading_level(ctx: Context) -> list[Finding]:
    """a required section has the wrong heading level

    ## What it checks
    The first heading of each required section has the template's level: 2 for the
    numbered sections (`## 7. 组件依赖`, `## 7. Dependencies`), 3 for their subsections
    (`### 3.1 目标`, `### 3.1 Goals`). A heading at another level is reported at its line.
    The author's own headings may have any level, such as `####` under a subsection.

    ## Why a reviewer cares
    A forge draws the heading at that level and builds its outline from it: `## 3.1 目标`
    is drawn as large as `## 3.` and stands beside it in the outline, not under it.
    """
    return [finding for finding in section_findings(ctx) if finding.code == "RFC005"]
