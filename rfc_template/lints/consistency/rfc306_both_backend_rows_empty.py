from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.consistency import BOTH_BACKEND_ROWS, ctx_choice, written_as_item
from rfc_template.lints.slots import asked_cells, cell_value, is_placeholder


@rule(
    "RFC306",
    "both-backend-rows-empty",
    REVIEW,
    fails=edit("| PT / MS 差异 | PT 支持 overlap", "| PT / MS 差异 | 待定 |\n| PT / MS 差异（草稿） | PT 支持 overlap"),
    passes=edit(
        "| PT / MS 对齐 | 是 | 同一模型、同一数据下，PT 与 MS 的峰值显存下降比例相差 <= 5%，loss 曲线差异在现有 PT / MS 对齐标准内 |",
        "\nPT / MS 对齐：已验证。同一模型、同一数据下，PT 与 MS 的峰值显存下降比例相差 <= 5%，loss 曲线差异在现有 PT / MS 对齐标准内。",
    ),
)
def both_backend_rows_empty(ctx: Context) -> list[Finding]:
    """PT + MS needs the PT / MS 差异 and PT / MS 对齐 rows filled

    ## What it checks
    When 适用后端 / Backend is PT + MS: 8. 约束与兼容性 (Constraints and compatibility) fills its
    PT / MS 差异 (PT / MS differences) row and 9.2 交互验证 (Interaction verification) its
    PT / MS 对齐 (PT / MS alignment) row: every cell with a value, no placeholder (xxx, 待定, TBD)
    and no choice left unmade (`是 / 否`), at the row; a missing row at the table (or heading).
    A section written as prose or a list may give it as an item instead: `PT / MS 差异：...`.

    ## Why a reviewer cares
    An RFC for both backends promises the feature on each: the reviewer needs to see where PT
    and MS differ and how their results are checked against each other, or the MS half goes
    unreviewed.
    """
    if ctx.info.get("适用后端") != ctx.rules.both_backends:
        return []
    findings = []
    for section, key in ((ctx.edition.name(s), ctx.edition.name(k)) for s, k in BOTH_BACKEND_ROWS):
        heading = next((h for h in ctx.doc.headings if h.section == section), None)
        if heading is None:
            continue  # RFC001
        table = ctx.doc.table_in(section)
        row = next(((line, c) for line, r, c in asked_cells(ctx, table) if r[0] == key), None) if table else None
        if row is not None:  # its cells in the template's columns (a 备注 column aside)
            line, asked = row
            cells = [cell for _, _, cell in asked]
            if all(cell_value(c) and not is_placeholder(c) for c in cells) and not ctx_choice(ctx).search(
                " ".join(cells)
            ):
                continue
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC306",
                    f"{ctx.stated('适用后端', ctx.rules.both_backends)}: fill the '{key}' row in '{section}'",
                )
            )
        elif not written_as_item(ctx.doc, heading, key):
            findings.append(
                Finding(
                    (table.line if table else heading.line),
                    1,
                    "RFC306",
                    f"{ctx.stated('适用后端', ctx.rules.both_backends)}: '{section}' needs its '{key}' row",
                )
            )
    return findings
