from __future__ import annotations

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import model
from rfc_template.lints.slots import lines_holding, per_table, rows, section_spans


@rule(
    "RFC302",
    "choice-left-unchosen",
    REVIEW,
    fails=edit("和已有接口是否一致：不一致。", "和已有接口是否一致：一致 / 不一致。"),
    passes=edit(
        "| Step time <= 2.71 s and peak memory <= 41.7 GB |",
        "| Step time <= 2.71 s and peak memory <= 41.7 GB |\n\nStrong / Weak scaling: the 256K and 512K rows "
        "keep 16K tokens per rank, so together they also show the weak scaling from 16 to 32 ranks.",
        rfc="en",
    ),
)
def choice_left_unchosen(ctx: Context) -> list[Finding]:
    """a choice list (是 / 否, 强 / 弱 / 不涉及, ...) is left unchosen

    ## What it checks
    A choice list kept whole: two or more of the edition's choice words joined by `/` or `／` (是, 否,
    强, 弱, 不涉及, 一致, 不一致; `Yes`, `No`, `Strong`, `Weak`, `N/A`, `Consistent`, `Inconsistent`).
    It is looked for only where the template offers that choice: in the columns that offer it
    (6.5 是否影响已有行为, 6.6 是否选择, 7 强依赖 / 弱依赖, 9.2 是否验证), reported at the row, and
    after 5.3's `和已有接口是否一致：` (`Consistent with existing interfaces:`), reported at the
    list. Anywhere else (`Strong / Weak scaling` in prose) it is the author's own words.

    ## Why a reviewer cares
    The choice is the answer the review asks for: `是 / 否` left in 6.5 does not say whether
    existing behaviour changes, and `强 / 弱 / 不涉及` in 7 does not say what happens when a
    dependency is not ready.
    """
    m = model(ctx.edition.language)
    findings = []
    for table in ctx.doc.tables:
        if any(m.column_choices.get((table.section, column)) for column in table.header):
            findings += per_table(ctx, table, _unchosen_in)
    for heading, start, end in section_spans(ctx):
        for prefix in m.choice_prefixes.get(heading, ()):
            for number, line in lines_holding(ctx, prefix, start, end):
                at = line.find(prefix)
                match = not line.lstrip().startswith("|") and m.choice_list.search(line, at + len(prefix))
                if match:
                    findings.append(Finding(number, match.start() + 1, "RFC302", f"choose one of '{match.group()}'"))
    return findings


def _unchosen_in(ctx: Context, table: document.Table) -> list[Finding]:
    """The choice lists left in a table's cells (kept for the RFCs that share the table: per_table)."""
    m = model(ctx.edition.language)
    offered = [(i, column) for i, column in enumerate(table.header) if m.column_choices.get((table.section, column))]
    findings = []
    for line, row in rows(table):
        for i, column in offered:
            match = i < len(row) and m.choice_list.search(row[i])
            if match:
                findings.append(
                    Finding(line, 1, "RFC302", f"choose one of '{match.group()}' in '{table.section}' ({column})")
                )
    return findings
