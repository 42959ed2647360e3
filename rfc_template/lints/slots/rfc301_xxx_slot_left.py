from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import SLOT


@rule(
    "RFC301",
    "xxx-slot-left",
    REVIEW,
    fails=edit("完整能力需要：", "完整能力需要：xxx。"),
    passes=(
        edit("完整能力需要：", "<!-- 作者注：本节模板中的 xxx 已全部替换，评审通过后删除本注释 -->\n完整能力需要："),
        # a family of functions named with `xxx` in inline code (met writing held-back round 9)
        edit("完整能力需要：", "与框架已有的 `enable_xxx(model, mesh, *, ...)` 形式一致。完整能力需要："),
    ),
)
def xxx_slot_left(ctx: Context) -> list[Finding]:
    """an xxx slot is left to fill

    ## What it checks
    Each `xxx` left in the RFC, the template's mark for a place to fill (`xxx 是待填写的位置`,
    `xxx marks a place to fill in`), reported at its line and column: in prose, in table cells
    and in code blocks too (5.1's `mode="xxx"`). Only lower-case `xxx` not touching an ASCII
    letter counts (`xxxx` and `maxxx` do not; `"xxx"` and `step_xxx` do). HTML comments are
    not read: the template's guidance kept at the top names `xxx` without leaving one. Nor is
    a name in inline code of prose that uses `xxx` for the part that varies (`` `enable_xxx(model,
    mesh, *, ...)` `` for a family of functions): the template writes no inline code with `xxx`.

    ## Why a reviewer cares
    Each `xxx` is a question the RFC does not answer yet: a goal, a reason, a dependency or an
    option value the reviewers would have to guess or ask for.
    """
    if "xxx" not in ctx.doc.source:
        return []
    fenced = {n for block in ctx.doc.code_blocks for n in range(block.line, block.last_line + 1)}
    return [
        Finding(number, m.start() + 1, "RFC301", "an xxx slot is left to fill")
        for number, line in enumerate(ctx.uncommented_lines, start=1)
        if "xxx" in line
        for m in SLOT.finditer(line)
        if number in fenced or not _a_family_name(line, m.start())
    ]


# an identifier in inline code with `xxx` for the part that varies: `enable_xxx(...)`, `xxx_config`
FAMILY_NAME = re.compile(r"[A-Za-z0-9]_xxx|xxx_[A-Za-z0-9]")


def _a_family_name(line: str, at: int) -> bool:
    """The `xxx` at `at` is part of a name in an inline code span of prose (`` `enable_xxx(model,
    mesh, *, ...)` `` for the framework's family of switches): the author's own wildcard, for
    the template writes none in inline code."""
    for span in INLINE_CODE.finditer(line):
        if span.start() < at < span.end():
            return FAMILY_NAME.search(line, max(span.start(), at - 2), min(span.end(), at + 5)) is not None
    return False


INLINE_CODE = re.compile(r"`[^`\n]+`")
