from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, WARNING, edit, rule
from rfc_template.lints.diagrams import diagram_header, meant_as_mermaid


@rule(
    "RFC205",
    "untagged-diagram",
    DRAFT,
    WARNING,
    fails=edit("```mermaid\nflowchart TD", "```mmd\nflowchart TD"),
    passes=edit(
        "### 6.3 时序参考",
        "host 与 device 上缓冲的布局：\n\n```text\n"
        "device:  [桶 k 计算中] [桶 k+1 换入缓冲]\n"
        "              | D2H          ^ H2D\n"
        "              v              |\n"
        "host:    [桶 0] [桶 1] ... [桶 n-1]   锁页内存\n```\n\n### 6.3 时序参考",
    ),
)
def untagged_diagram(ctx: Context) -> list[Finding]:
    """a diagram is in a block not tagged mermaid, so it is never drawn

    ## What it checks
    A code block not tagged `mermaid` that holds a diagram, reported at its opening line.
    A block tagged like Mermaid (`Mermaid`, `mmd`, `mermaid-js`, a slip such as `mermiad`)
    counts whatever it holds; any other block (untagged, Typora's ```` ```sequence ````,
    ```` ```text ````) when its first line, after front matter, is a diagram's header alone:
    `sequenceDiagram`, or `flowchart` / `graph` with a direction (`LR`, `TD`). ASCII art and
    code that starts with such a word (`graph = build()`) are left alone.

    ## Why a reviewer cares
    Only ```` ```mermaid ```` is drawn: any other block shows the diagram's source as text,
    and RFC201-RFC204 never check it.
    """
    findings = []
    for block in ctx.doc.code_blocks:
        tag = block.info.split()[0] if block.info else ""
        if tag == "mermaid":
            continue
        if meant_as_mermaid(tag) or diagram_header(block.code):
            shown = f"tagged '{tag}'" if tag else "untagged"
            findings.append(
                Finding(
                    block.line,
                    1,
                    "RFC205",
                    f"this block holds a diagram but is {shown}, so it is shown as "
                    "text, never drawn; open it with ```mermaid",
                )
            )
    return findings
