from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.slots import empty_cells


@rule(
    "RFC304",
    "parameter-column-empty",
    REVIEW,
    fails=edit("| 非 bool 抛 TypeError |", "|  |"),
    passes=edit("| mesh | Optional[DeviceMesh] | None |", "| mesh | DeviceMesh \\| None | None |"),
)
def parameter_column_empty(ctx: Context) -> list[Finding]:
    """a parameter in 5.1 has an empty column

    ## What it checks
    A parameter row of 5.1's table (接口定义, `Interface definition`) with a column that renders
    empty: nothing, only an HTML comment, only emphasis or code marks. Reported at the row, naming
    the empty columns (类型, 默认值, 是否必填, 含义, 合法范围, 错误处理; a column the author adds,
    such as 备注, is the author's). A `|` escaped as `\\|` (`DeviceMesh \\| None`) stays inside its cell.

    ## Why a reviewer cares
    5.1's table is the interface's contract: a parameter without its type, default, valid range
    or error handling leaves that part to whoever implements it, after the review.
    """
    return [finding for finding in empty_cells(ctx) if finding.code == "RFC304"]
