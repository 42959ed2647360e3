from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import OPTIONAL_KEYS, Context
from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC103",
    "basic-info-key-missing",
    DRAFT,
    fails=edit("| 创建日期 | 2026-11-20 |\n", "", at="| 项目 | 内容 |"),
    passes=edit("| 相关 issue / PR | #301 |\n", ""),
)
def basic_info_key_missing(ctx: Context) -> list[Finding]:
    """the basic-info table lacks a key

    ## What it checks
    Every key of the template's basic-info table has a row: 作者, 相关模块, 适用后端, 类型,
    状态 and 创建日期 (Author, Modules, Backend, Category, Status, Created in the English
    edition). 相关 issue / PR may be left out until there is one. Reported at the table's
    header.

    ## Why a reviewer cares
    The rules that check a value, `rfc index` and the stage an RFC is checked at read
    these rows; a row left out is a value nobody can check.
    """
    table = ctx.basic_info.table
    if table is None:
        return []  # RFC101
    ed = ctx.edition
    return [
        Finding(table.line, 1, "RFC103", f"the basic-info table lacks '{key}'")
        for key in ed.basic_info_keys
        if ed.chinese(key) not in ctx.info and ed.chinese(key) not in OPTIONAL_KEYS
    ]
