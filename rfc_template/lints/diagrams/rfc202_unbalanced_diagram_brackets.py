from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, WARNING, edit, rule
from rfc_template.lints.diagrams import mermaid_blocks


@rule(
    "RFC202",
    "unbalanced-diagram-brackets",
    DRAFT,
    WARNING,
    fails=edit('A["调用 offload_optimizer_states"]', 'A["调用 offload_optimizer_states"'),
    passes=(
        edit('C["按 bucket_size_mb 把参数划分为桶"]', "C[按 bucket_size_mb<br>把参数划分为桶]"),
        # edge labels inside a subgraph, with `>`, `|`, brackets and quotes: what Mermaid draws
        edit(
            '        FSDP["fully_shard / hsdp 分片参数"]\n',
            '        FSDP["fully_shard / hsdp 分片参数"]\n'
            "        Bucket -->|桶数>1| Pool\n"
            "        Bucket -- ratio>0 时 offload[0:k] --> Pool\n"
            '        Pool -->|"H2D | D2H"| Wrapped\n',
        ),
    ),
)
def unbalanced_diagram_brackets(ctx: Context) -> list[Finding]:
    """a mermaid block has unbalanced brackets or quotes

    ## What it checks
    In `mermaid` flowchart, graph, block, classDiagram and stateDiagram blocks (where brackets
    are syntax; other types are left to RFC204), `(`, `[`, `{` close in order and a quoted
    label ends on its line (a "`markdown`" string may span lines). Reported at the line and
    column of a bracket closing nothing, an open quote, or the innermost bracket never closed.
    Read as Mermaid reads a flowchart: an edge's text (`A -- x > 0 --> B`, `== ... ==>`,
    `-. ... .->`) is free text, brackets included; in a `|label|` and in a node's text
    (`A[a > b]`, `subgraph S [x > 0]`) `<` and `>` are text; `>` opens an asymmetric node
    (`id>text]`) only where a node can start. Also accepted: brackets in quotes, HTML tags in
    labels (`<br>`), a state's text after `:` and `note ... end note`. Held to never reject a
    diagram Mermaid 11.17.2 draws (tests/diagrams/valid/).

    ## Why a reviewer cares
    One missing `]` or `"` and Mermaid rejects the whole diagram: the forge shows an error
    box instead of the flow. The slip is the commonest, and found here without Mermaid.
    """
    return [finding for finding in mermaid_blocks(ctx) if finding.code == "RFC202"]
