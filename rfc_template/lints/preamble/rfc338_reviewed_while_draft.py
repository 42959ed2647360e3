from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule

STATUS = "状态"


@rule(
    "RFC338",
    "reviewed-while-draft",
    REVIEW,
    WARNING,
    fails=(
        edit("| 状态 | 评审中 Reviewing |", "| 状态 | 草稿 Draft |"),
        edit("| Status | Reviewing |", "| Status | Draft |", rfc="en"),
    ),
    passes=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 评审中 |"),
)
def reviewed_while_draft(ctx: Context) -> list[Finding]:
    """the RFC is checked for review while its status still says 草稿 Draft

    ## What it checks
    `rfc check --stage review`, or a configured `stage = "review"`, on an RFC whose 状态
    (Status) is the template's first status, 草稿 Draft (`草稿`, `Draft`, in either edition's
    words): reported at the status row. A status that decides the stage by itself is never
    a draft here (a draft is checked as a draft); an unknown status is RFC107's, and a
    status given twice RFC112's: nothing is said of either.

    ## Why a reviewer cares
    The status is what the review meeting and the index read: an RFC sent to review as a
    draft is left off the agenda, or read as not ready. Checking a draft for review before
    sending it is what the template asks; this is the reminder to change the status then.
    """
    if ctx.requested_stage not in (None, REVIEW) or STATUS not in ctx.info:
        return []
    status, draft = ctx.info[STATUS], ctx.rules.statuses[0]
    if ctx.rules.status_index(status) != 0:
        return []
    if sum(1 for row in ctx.basic_info.rows if row.known == STATUS) > 1:
        return []
    ed = ctx.edition
    reviewing = ctx.rules.in_edition(ctx.rules.statuses[1], ed.language)
    return [
        Finding(
            ctx.info_lines[STATUS],
            1,
            "RFC338",
            f"{ed.name(STATUS)} is still {ctx.rules.in_edition(draft, ed.language)}, but the RFC is checked for review: "
            f"set it to {reviewing} when it goes to review",
        )
    ]
