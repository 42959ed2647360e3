from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, WARNING, edit, rule
from rfc_template.lints.preamble import misspelt


@rule(
    "RFC102",
    "misspelt-basic-info-key",
    DRAFT,
    WARNING,
    fails=edit("| 作者 | 李明 |", "| 作着 | 李明 |\n| 作者 | 李明 |"),
    passes=edit("| 作者 | 李明 |", "| 作者 | 李明 |\n| 评审人 | 王强 |"),
)
def misspelt_basic_info_key(ctx: Context) -> list[Finding]:
    """the basic-info table has a key that looks like a misspelt known key

    ## What it checks
    A key of the basic-info table that is one edit from a key of the template (two for
    long keys; swapped letters count as one), such as `作着` for `作者` or `Staus` for
    `Status`. Keys of either edition are known, in any case.

    ## Why a reviewer cares
    A misspelt key is a row no tool reads: the value under it is lost to `rfc index` and
    to the rules, and `RFC103` would only say the real key is missing. Keys of the
    author's own (`评审人`, `里程碑`) are far from every known key and are left alone.
    """
    known = ctx.edition.basic_info_keys
    findings = []
    for row in ctx.basic_info.rows:
        if row.known is None and (close := misspelt(row.key, known)):
            findings.append(
                Finding(row.line, 1, "RFC102", f"unknown basic-info key '{row.key}'; did you mean '{close}'?")
            )
    return findings
