from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.model import SLOT

ISSUE, MODULES = "相关 issue / PR", "相关模块"
SEPARATORS = re.compile(r"\s*[、,，;；]\s*|\s+")
# A web address that names no issue: a forge's list of them, or a stand-in.
NO_ISSUE = re.compile(
    r"(?i)<?https?://(?:[^/\s]*\.)?example\.(?:com|org|net)(?:/\S*)?>?"
    r"|<?https?://\S*?/(?:issues|pulls?|merge_requests|-/issues|-/merge_requests)/?>?"
    r"|<?https?://\S*(?:tbd|todo|待定|待补|待创建)\S*>?"
)


@rule(
    "RFC339",
    "issue-empty-at-review",
    REVIEW,
    WARNING,
    fails=(
        edit("| 相关 issue / PR | #301 |", "| 相关 issue / PR |  |"),
        edit(
            "| Related issue / PR | #327 |",
            "| Related issue / PR | https://gitcode.com/mindspore/hyper-parallel/issues |",
            rfc="en",
        ),
    ),
    passes=edit(
        "| 相关 issue / PR | #301 |", "| 相关 issue / PR | <https://gitcode.com/mindspore/hyper-parallel/issues/301> |"
    ),
)
def issue_empty_at_review(ctx: Context) -> list[Finding]:
    """the related issue / PR is empty (or names no issue) at review

    ## What it checks
    At the review stage, the 相关 issue / PR (Related issue / PR) row of 1. 基本信息: reported
    at the row when it is empty (or holds only a comment), or when every entry is a web
    address that names no issue (a forge's issue list, `/issues`, `/pulls`; an
    `example.com` address; `TBD` in the address); at the row after 相关模块 (Modules), where
    the template writes it, when the row is left out. A draft may leave it empty. Entries
    that are no link, `#N` or `!N` at all (`无`, `TBD`, `见群聊`) are RFC109's, and `xxx` RFC301's.

    ## Why a reviewer cares
    The issue (or the RFC's PR) is where the review is discussed and recorded: without it
    the reviewers' questions have no place, and the decision is not linked to the RFC.
    """
    ed = ctx.edition
    rows = [row for row in ctx.basic_info.rows if row.known == ISSUE]
    shown = ed.name(ISSUE)
    if not rows:
        table = ctx.basic_info.table
        if table is None:
            return []  # RFC101
        after = ctx.info_lines.get(MODULES)
        last = table.line + 1 + len(table.rows)
        line = after + 1 if after is not None and after < last else table.line
        return [
            Finding(
                line,
                1,
                "RFC339",
                f"'{ed.basic_info}' has no '{shown}' row: at review, name the issue or PR where the RFC is "
                "discussed (#123, !123 or a link)",
            )
        ]
    value = rows[0].value.strip()
    if value:
        entries = [e for e in SEPARATORS.split(value) if e]
        if SLOT.search(value) or not all(NO_ISSUE.fullmatch(e) for e in entries):
            return []
        problem = f"'{value}' names no issue"
    else:
        problem = "it is empty"
    return [
        Finding(
            rows[0].line,
            1,
            "RFC339",
            f"{shown}: {problem}; at review, name the issue or PR where the RFC is discussed (#123, !123 or a link)",
        )
    ]
