from __future__ import annotations

from rfc_template.findings import Finding, unrendered_syntax
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC004",
    "unrendered-template-syntax",
    DRAFT,
    fails=edit("完整能力需要：", "完整能力需要：{{ cookiecutter.x }}"),
    passes=edit('B{"参数与优化器类型是否合法"}', 'B{{"参数与优化器类型是否合法"}}'),
)
def unrendered_template_syntax(ctx: Context) -> list[Finding]:
    """template syntax was left unrendered

    ## What it checks
    Jinja syntax as cookiecutter renders it, `{{ ... }}`, `{% ... %}` or `{# ... #}` on one
    line, anywhere in the RFC (text, tables, comments, code blocks), each reported at its
    line and column. Accepted: a brace escaped with a backslash (`\\{{`), a lone `%}`
    (Python's `f"{x:.1%}"`), and everything in a `mermaid` block, whose own syntax has `{{`
    (hexagon nodes).

    ## Why a reviewer cares
    A forge shows the braces as they are: a value the template meant to fill in was never
    filled, or template source was pasted instead of a generated RFC.
    """
    skip: set[int] = set()
    for block in ctx.doc.code_blocks:
        if block.info == "mermaid":
            skip.update(range(block.line, block.last_line + 1))
    return [f for f in unrendered_syntax(ctx.doc.source) if f.line not in skip]
