from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.consistency import PERFORMANCE
from rfc_template.lints.slots import cell_value, is_placeholder, rows


@rule(
    "RFC307",
    "performance-needs-baseline",
    REVIEW,
    fails=edit("| 6.81 s / 74.2 GB |", "| TBD |"),
    passes=edit("| 预估 5.72 s / 71.8 GB |", "| 待原型实测 |"),
)
def performance_needs_baseline(ctx: Context) -> list[Finding]:
    """性能优化 needs a 9.3 row with a real baseline and pass criterion

    ## What it checks
    When 类型 / Type is 性能优化 (Performance optimization): each row of 9.3 性能 / 显存验证
    (Performance / memory verification) has a 基线 (Baseline) and a 通过标准 (Pass criteria)
    with a value and no placeholder (xxx, TBD, 待定, `-`): at each row that lacks one, at the
    table when it has no row, at the heading when there is no table. Only those two columns
    are asked for; the measured value with the feature may still be to come.

    ## Why a reviewer cares
    A performance RFC is judged on numbers: without today's baseline and the criterion the
    feature must meet, the gain cannot be checked in Level1 and the RFC cannot be called done.
    """
    rfc_type, section, baseline, criterion = PERFORMANCE
    if ctx.info.get("类型") != rfc_type:
        return []
    ed = ctx.edition
    section, baseline, criterion = ed.name(section), ed.name(baseline), ed.name(criterion)
    shown = ed.name(rfc_type) if ed.language == "zh" else ctx.rules.en_labels.get(rfc_type, rfc_type)
    message = f"{ed.name('类型')} is {shown}: '{section}' needs a real {baseline} and {criterion}"
    table = ctx.doc.table_in(section)
    if table is None or not table.rows:
        line = table.line if table else next((h.line for h in ctx.doc.headings if h.section == section), None)
        return [] if line is None else [Finding(line, 1, "RFC307", message)]
    indexes = [table.header.index(c) for c in (baseline, criterion) if c in table.header]
    return [
        Finding(line, 1, "RFC307", message)
        for line, row in rows(table)
        if any(i >= len(row) or not cell_value(row[i]) or is_placeholder(row[i]) for i in indexes)
    ]
