from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.blocks import FENCE_OR_COMMENT, likely_end, short, swallowed_sections


@rule(
    "RFC006",
    "unclosed-block",
    DRAFT,
    fails=edit("## 4. 相关实现参考\n", "<!-- 相关实现参考待补\n\n## 4. 相关实现参考\n"),
    passes=edit(
        "## 8. 约束与兼容性\n",
        "<!-- PR4 合入后补充 load 的用法：\n```python\noptimizer.load_state_dict(state)\n```\n-->\n\n"
        "## 8. 约束与兼容性\n",
    ),
)
def unclosed_block(ctx: Context) -> list[Finding]:
    """a code fence or HTML comment is never closed: it swallows the rest of the RFC

    ## What it checks
    A fence (```` ``` ````, `~~~`) never closed, or closed only by a later block's bare fence
    (its ```` ```python ```` then held as code); a comment `<!--` with no `-->`, or whose
    first `-->` follows a second `<!--` or is a diagram arrow (`A --> B`) in a fence inside
    it. Reported once, at the opening line of the first: what follows is out of step. For a
    Python block, the finding names the last line of the longest run of its lines that
    parses, before the next required section: where the closing fence goes (a table or
    prose after the code does not parse); for a diagram or a comment, no line is named. A
    comment holding a closed code block is accepted. The required sections swallowed are
    not reported missing (RFC001).

    ## Why a reviewer cares
    A forge shows everything after an open fence as code and hides everything after an
    open comment, without an error: the reviewer reads half an RFC.
    """
    if not ctx.doc.unclosed:
        return []
    block = ctx.doc.unclosed[0]
    swallowed = swallowed_sections(ctx)
    what = FENCE_OR_COMMENT[block.kind]
    closing = "a line with the same fence" if block.kind == "fence" else "-->"
    shown = "shown as code" if block.kind == "fence" else "hidden"
    count = f"{len(swallowed)} required section{'s' if len(swallowed) > 1 else ''}"
    lost = f" ({count} from '{swallowed[0]}' on)" if swallowed else ""
    end = likely_end(ctx)
    where = f", after line {end} (the last line before '{swallowed[0]}')" if swallowed and end else ""
    return [
        Finding(
            block.line,
            1,
            "RFC006",
            f"the {what} '{short(block.opening)}' is never closed: what follows{lost} "
            f"is {shown} or out of place; close it with {closing}{where}",
        )
    ]
