from __future__ import annotations

from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC204",
    "mermaid-rejects-diagram",
    DRAFT,
    needs_mermaid=True,
    fails=edit(
        '    A["调用 offload_optimizer_states"] -->', '    A["调用 offload_optimizer_states"] --> end\n    A -->'
    ),
    passes=edit(
        '    A["调用 offload_optimizer_states"] -->', '    A["调用 offload_optimizer_states"] --> Z["end"]\n    A -->'
    ),
)
def mermaid_rejects_diagram() -> list:
    """Mermaid rejects a diagram (rfc check --diagrams)

    ## What it checks
    With `rfc check --diagrams`, every `mermaid` block of the RFC and every
    `diagrams/*.mmd` beside it is parsed by Mermaid itself (`mermaid.parse`, in one Node
    process, rfc_template/mermaid.py and rfc_template/node/check-diagrams.mjs). A diagram
    Mermaid rejects is reported at the line and column Mermaid names, with the first line
    of Mermaid's message. Without `--diagrams` no Node is started and this rule does not
    run; `RFC201` and `RFC202` are quick checks that never reject what Mermaid draws.

    ## Why a reviewer cares
    A diagram the forge cannot draw shows as a red error box where the design should be.
    Keywords used as node names (`end`), a `alt` without its `end` or an arrow Mermaid
    does not know pass every bracket check: only Mermaid itself can tell.
    """
    return []  # Mermaid reports it: rfc_template/mermaid.py
