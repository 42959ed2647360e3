from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.diagrams import mermaid_blocks


@rule(
    "RFC201",
    "unknown-diagram-type",
    DRAFT,
    fails=edit("```mermaid\nflowchart TD", "```mermaid\nflowchat TD"),
    passes=edit(
        "```mermaid\nflowchart TD", "```mermaid\n---\ntitle: offload_optimizer_states 总体流程\n---\nflowchart TD"
    ),
)
def unknown_diagram_type(ctx: Context) -> list[Finding]:
    """a mermaid block does not start with a known diagram type

    ## What it checks
    The first word of each ```` ```mermaid ```` block is a diagram type Mermaid 11.17.2
    knows (`flowchart`, `graph`, `sequenceDiagram`, `classDiagram`, `stateDiagram-v2`,
    `gantt`, ... and `zenuml`), cased as Mermaid writes it. YAML front matter
    (`---` ... `---`), `%%{init: ...}%%` directives and `%%` comment lines before it are
    skipped. Reported at the block's first line; an empty block is reported too.

    ## Why a reviewer cares
    Mermaid draws no diagram it cannot name: the forge shows an error box where the design
    should be. A misspelt `flowchat` is the usual cause, and found without Mermaid.
    """
    return [finding for finding in mermaid_blocks(ctx) if finding.code == "RFC201"]
