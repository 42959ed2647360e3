from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code.backends import NOT_RUN
from rfc_template.lints.consistency.tradeoffs import UNDECIDED, read_mark
from rfc_template.lints.slots import asked_cells, cell_value

ALIGNMENT = ("9.2 交互验证（举例）", "PT / MS 对齐")
# the template's `是 / 否`, `Yes/No`, still to choose (RFC306's)
CHOICE = re.compile(r"(?i)\s*(?:是|yes)\s*[/／|]\s*(?:否|no)(?![a-z])")


def not_verified(cell: str) -> bool:
    """The 是否验证 / Verified cell says the row is not run, now or yet: a "no" as 6.6's marks
    are read (`否`, `No — MS follows later`), or the words that say a row is not run
    (`本期不验证`, `后续`); a choice left open (`待定`, `是 / 否`) is a placeholder, RFC306's."""
    if UNDECIDED.match(cell) or CHOICE.match(cell):
        return False
    mark = read_mark(cell)
    return not mark.chosen if mark is not None else NOT_RUN.search(cell) is not None


ROW = "| PT / MS 对齐 | 是 | 同一模型、同一数据下，PT 与 MS 的峰值显存下降比例相差 <= 5%，loss 曲线差异在现有 PT / MS 对齐标准内 |"


@rule(
    "RFC343",
    "alignment-not-verified",
    REVIEW,
    WARNING,
    fails=(
        edit(ROW, "| PT / MS 对齐 | 否 | MS 在后续 RFC 中跟进 |"),
        edit(ROW, "| PT / MS 对齐 | No | MS follows in a later RFC |"),
        edit(ROW, "| PT / MS 对齐 | 本期不验证 | MS 在二期跟进 |"),
    ),
    passes=(
        edit(ROW, "| PT / MS 对齐 | 是（Level1） | 峰值显存下降比例相差 <= 5% |"),
        edit(ROW, "| PT / MS 对齐 | ✅ | 峰值显存下降比例相差 <= 5% |"),
        # the template's choice left to make is RFC306's (met on the benchmark's corpus)
        edit(ROW, "| PT / MS 对齐 | Yes / No | 峰值显存下降比例相差 <= 5% |"),
    ),
)
def alignment_not_verified(ctx: Context) -> list[Finding]:
    """an RFC for both backends does not verify PT / MS alignment

    ## What it checks
    When 适用后端 / Backend is PT + MS: 9.2 交互验证 (Interaction verification)'s PT / MS 对齐
    (PT / MS alignment) row is run. Reported at the row when its 是否验证 (Verified) cell says
    it is not, now or yet: a "no" read as 6.6's marks are (`否`, `No`, `❌`, alone or with a note:
    `No — MS follows in a later RFC`), or the words that say a row is not run (`本期不验证`,
    `暂不`, `后续`, `not verified`, `deferred`, `later`). An empty cell, a placeholder (`待定`)
    or the template's `是 / 否` is RFC306's; a row written otherwise is not read.

    ## Why a reviewer cares
    An RFC for both backends promises the same results on each. Without the alignment run, the
    MS half can drift from PT unnoticed; and a row that defers MS to later says the RFC is, for
    now, for one backend: 适用后端 says more than the plan.
    """
    if ctx.info.get("适用后端") != ctx.rules.both_backends:
        return []
    section, key = (ctx.edition.name(name) for name in ALIGNMENT)
    table = ctx.doc.table_in(section)
    if table is None:
        return []
    findings = []
    for line, row, asked in asked_cells(ctx, table):
        if row[0] != key or len(asked) < 2:
            continue
        verified = cell_value(asked[1][2]).strip()
        if not_verified(verified):
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC343",
                    f"{ctx.stated('适用后端', ctx.rules.both_backends)}, but '{section}' does not verify '{key}' "
                    f"({verified}): run it, or take the backend that is not ready out of {ctx.edition.name('适用后端')}",
                )
            )
    return findings
