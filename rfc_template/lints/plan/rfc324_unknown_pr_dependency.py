from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.plan import dependencies


@rule(
    "RFC324",
    "unknown-pr-dependency",
    REVIEW,
    WARNING,
    fails=edit("| PR2、PR3 | UT + Level0 |", "| PR2、PR6 | UT + Level0 |"),
    passes=edit("| PR2、PR3 | UT + Level0 |", "| PR2、PR3、上游 PR412（已合入） | UT + Level0 |"),
)
def unknown_pr_dependency(ctx: Context) -> list[Finding]:
    """section 10 names a dependency that is no PR of its own table

    ## What it checks
    Section 10. 实现计划 (Implementation plan), when it is a table with a 依赖 / Depends on
    column: each PR a dependency cell names as the table names its own (the prefix of the first
    column: `PR2`, `PR 2`, a range `PR2-PR4`; separated by `、`, `,`, `和`, `and`, ...) is a row
    of the table. At the row. Not read: 无 / None, names of another kind (`#1234` beside `PRn`),
    and a part said to be outside the plan (已合入, merged, upstream, external) or linked.

    ## Why a reviewer cares
    A dependency on a PR the plan lacks (a typo, a PR renumbered or dropped) hides work the
    feature needs, and the order in which the PRs can be merged no longer follows from the table.
    """
    return [finding for finding in dependencies(ctx) if finding.code == "RFC324"]
