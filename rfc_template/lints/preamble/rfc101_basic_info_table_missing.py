from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC101",
    "basic-info-table-missing",
    DRAFT,
    fails=edit("| 项目 | 内容 |\n| --- | --- |\n", "项目 内容\n\n", at="## 1. 基本信息"),
    passes=edit("| 项目 | 内容 |\n| --- | --- |\n", "| 项目 | 内容 |\n|:---|:---|\n"),
)
def basic_info_table_missing(ctx: Context) -> list[Finding]:
    """the basic-info table (1. 基本信息) is missing

    ## What it checks
    Section `1. 基本信息` (`1. Basic information`) holds a table whose header is the
    template's, `项目 | 内容` (`Item | Content`). Reported at the section's heading, or at
    line 1 when the heading is missing too.

    ## Why a reviewer cares
    The table says who wrote the RFC, what it touches and where it stands: `rfc index`,
    the stage the RFC is checked at and every rule that reads the backend, category or
    modules read it from there. Without it none of them can.
    """
    if ctx.basic_info.table is not None:
        return []
    header = " | ".join(ctx.edition.name(cell) for cell in ("项目", "内容"))
    return [Finding(ctx.basic_info.heading_line, 1, "RFC101", f"the basic-info table ({header}) is missing")]
