from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import SLOT, model
from rfc_template.lints.slots import (
    LEFT_TODO,
    NOT_APPLICABLE,
    PLACEHOLDER,
    cell_value,
    is_placeholder,
    maybe_placeholder,
    no_default,
    rows,
    section_spans,
)


@rule(
    "RFC308",
    "placeholder-value",
    REVIEW,
    fails=edit("| UT | 24 |", "| UT | 待定 |"),
    passes=edit("| optimizer | Optimizer | 无 | 是 |", "| optimizer | Optimizer | - | 是 |"),
)
def placeholder_value(ctx: Context) -> list[Finding]:
    """a required value is a placeholder (TBD, TODO, 待定, ?, -, ..., …, 略, 同上, N/A where no choice offers it)

    ## What it checks
    A whole value that only holds a place, in any case and brackets: TBD, TBA, TODO, to be decided,
    待定, 待补充, 待确认, 略, 同上, 见上, as above, ditto, `?`, a dash, `...`, `…`; or N/A, 不涉及 where
    the column offers no such choice. Read in table cells, at the row (a cell containing TODO, TBD
    or FIXME too), and after the prose slots the template writes `xxx` after (5.3's `为什么这样设计：`,
    7's `完整能力需要：`, ...). Accepted: a dash in 5.1's 默认值 (`Default`), "no default"; left to
    others: empty cells (RFC303), `xxx` (RFC301), N/A in a cell the answers fill (RFC314).

    ## Why a reviewer cares
    A placeholder makes a cell or a slot look filled, so it passes the empty-cell and slot rules,
    yet the value is still missing: 待定 as a test count, 同上 as a pass criterion.
    """
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        for line, row in rows(table):
            if not maybe_placeholder(row):
                continue
            for column, cell in zip(table.header, row):
                value = cell_value(cell)
                if not value or SLOT.fullmatch(value):
                    continue  # RFC303 / RFC301
                if (table.section, column) in m.answer_columns and value in NOT_APPLICABLE:
                    continue  # a cell the answers decide (6.5 for a module not listed): RFC314's business
                offered = m.column_choices.get((table.section, column), set())
                if no_default(ctx, table.section, column, value):
                    continue
                if is_placeholder(cell, offered) or LEFT_TODO.search(value):
                    findings.append(
                        Finding(
                            line,
                            1,
                            "RFC308",
                            f"'{table.section}' row '{row[0]}': {column} is a placeholder ('{value}')",
                        )
                    )
    visible = ctx.visible_lines
    for heading, start, end in section_spans(ctx):
        for prefix in m.slot_prefixes.get(heading, ()):
            if not prefix:
                continue
            for number in range(start, end):
                line = visible[number - 1]
                if prefix in line and (line.lstrip().startswith(prefix) or f" {prefix}" in line):
                    rest = cell_value(line[line.find(prefix) + len(prefix) :])
                    if (
                        rest
                        and PLACEHOLDER.fullmatch(rest)
                        and not SLOT.fullmatch(rest)
                        and not LEFT_TODO.fullmatch(rest)
                    ):
                        findings.append(Finding(number, 1, "RFC308", f"'{prefix}' is a placeholder ('{rest}')"))
    return findings
