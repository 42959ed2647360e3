from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.slots import empty_cells


@rule(
    "RFC303",
    "empty-cell",
    REVIEW,
    fails=edit("| 不支持项 | MS 静态图", "| 不支持项 | <!-- 待写 --> |\n| 不支持项（旧） | MS 静态图"),
    passes=(
        edit("| 相关 issue / PR | #301 |", "| 相关 issue / PR |  |"),
        edit("| 作者 | 李明 |\n", "| 作者 | 李明 |\n| 评审人 | |\n"),  # a row the author adds to a form
        # a row its own answer says does not apply (met writing held-back RFCs): a module 相关模块
        # does not list, its change left empty as the template writes it; a dependency N/A
        edit("| model | 不改动：offload 只作用于优化器状态，模型结构、前向和反向不变 | 否 |", "| model | | 否 |"),
        edit(
            "| TP / PP | 弱 | TP、PP 1F1B 已合入；interleaved PP 开发中 | interleaved PP 未合入前只验证 1F1B |",
            "| TP / PP | 不涉及 | | |",
        ),
    ),
)
def empty_cell(ctx: Context) -> list[Finding]:
    """a table cell is empty

    ## What it checks
    A body row of any table but 5.1's (RFC304 reads those) with a cell that renders empty:
    nothing or white space, only an HTML comment (`<!-- 待写 -->`), only emphasis or code marks,
    or only a closing full stop. Reported at the row, naming its empty columns. The one row
    allowed to stay empty is the basic-info table's optional 相关 issue / PR (`Related issue / PR`),
    and so are the other cells of a row its own answer says does not apply: a choice answered
    不涉及 / N/A where its column offers it (7's `| TP / PP | 不涉及 | | |`), and 6.5's row of a
    module 相关模块 does not list (`| model | | 否 |`, as the template writes it).
    Only what the template asks for is read (as RFC308 reads it): its columns, not a column the
    author adds; in a form (1, 8), its rows, not a row the author adds; no table of a section
    whose template has none.

    ## Why a reviewer cares
    Every row of the template's tables asks something: an empty cell leaves 8's unsupported
    cases, a test level's pass criteria or an option's drawbacks unsaid, and in a rendered table
    it is easy to read past.
    """
    return [finding for finding in empty_cells(ctx) if finding.code == "RFC303"]
