from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.code import python_code


@rule(
    "RFC318",
    "python-syntax-error",
    REVIEW,
    fails=edit("for batch in dataloader:", "for batch in dataloader"),
    passes=edit(
        "和已有接口是否一致：不一致。",
        "```python\n>>> optimizer = offload_optimizer_states(optimizer, offload_ratio=0.5)\n"
        ">>> type(optimizer).__name__\n'OffloadedOptimizer'\n```\n\n和已有接口是否一致：不一致。",
    ),
)
def python_syntax_error(ctx: Context) -> list[Finding]:
    """a python block is not valid Python

    ## What it checks
    Every fenced block tagged `python`, `py` or `python3` parses with `ast.parse`; the
    finding is at the line and column Python rejects (an error at the end of the input:
    the block's last line). A console session (first line `>>> `) is read as the code at
    its prompts, output lines aside, and an excerpt indented as a whole is read dedented.
    Not read: the template's example code (RFC311), a block with unrendered `{{ ... }}`
    (RFC004), and a fence left open (RFC006).

    ## Why a reviewer cares
    Code that does not parse cannot be the interface it shows: a missing `:` or a
    full-width `（` typed for `(` leaves the reader guessing, and RFC319 / RFC320 cannot
    compare a block they cannot read.
    """
    return list(python_code(ctx).syntax)
