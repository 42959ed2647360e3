from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.plan import dependencies


@rule(
    "RFC325",
    "pr-dependency-cycle",
    REVIEW,
    WARNING,
    fails=edit(
        "PyNative 下的换入换出与 step | PR1 |", "PyNative 下的换入换出与 step | PR4 |", at="| PR4 | checkpoint："
    ),
    passes=edit("| PR4 | Level1 |", "| PR2、PR4 | Level1 |"),
)
def pr_dependency_cycle(ctx: Context) -> list[Finding]:
    """section 10's PR dependencies form a cycle

    ## What it checks
    The dependencies among section 10's own PRs (those RFC324 reads) allow a merge order: no PR
    depends on itself through others. One finding per cycle, at the row that closes it (its last
    row in the table), naming it from its first row in the order the dependencies run, with
    each PR's line (`PR3 (line 438) -> PR4 (line 440) -> PR3`). A PR reached along two paths (PR5 on PR2 and on PR4) is no cycle.

    ## Why a reviewer cares
    None of the PRs of a cycle can be merged first: the plan cannot be carried out as written,
    and one of its dependencies usually points the wrong way.
    """
    return [finding for finding in dependencies(ctx) if finding.code == "RFC325"]
