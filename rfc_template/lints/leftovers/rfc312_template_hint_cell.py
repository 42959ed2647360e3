from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import model
from rfc_template.lints.slots import rows


@rule(
    "RFC312",
    "template-hint-cell",
    REVIEW,
    fails=edit("| 性能收益 | Llama2-13B", "| 性能收益 | 场景、指标、目标 |\n| 性能收益（实测） | Llama2-13B"),
    passes=edit("| 是 | offload 状态下 save，分别在", "| 是 | save / load 后可继续训练：offload 状态下 save，分别在"),
)
def template_hint_cell(ctx: Context) -> list[Finding]:
    """a table cell still holds the template's hint

    ## What it checks
    A cell that is, character for character, the template's hint for its row and column: 8's
    `场景、指标、目标` or `差异、原因、迁移方式`, 9.1's `最小训练闭环`, 9.2's `save / load 后可继续训练`,
    9.3's `step time / throughput / peak memory` (`Scenario, metric, target`, ... in the English
    edition); or a row still named as 4's `相关框架 / 原生实现 / 模型写法`. Reported at the row.
    A cell that begins with the hint's words and goes on is the author's.

    ## Why a reviewer cares
    A hint says what to write: left in place it fills the table without saying anything, e.g.
    性能收益 `场景、指标、目标` names no scenario, metric or target that 9.3 could verify.
    """
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        keys = m.hint_keys.get(table.section, ())
        for line, row in rows(table):
            if row and row[0] in keys:
                findings.append(
                    Finding(
                        line, 1, "RFC312", f"'{table.section}': '{row[0]}' is the template's hint; name the real one"
                    )
                )
            for column, cell in zip(table.header[1:], row[1:]):
                hint = m.hints.get((table.section, row[0], column)) or m.hints.get((table.section, "", column))
                if cell and hint == cell:
                    findings.append(
                        Finding(
                            line,
                            1,
                            "RFC312",
                            f"'{table.section}' row '{row[0]}': {column} is still the template's hint '{cell}'",
                        )
                    )
    return findings
