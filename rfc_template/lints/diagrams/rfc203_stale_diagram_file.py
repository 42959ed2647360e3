from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.diagrams import stale_copies


@rule(
    "RFC203",
    "stale-diagram-file",
    DRAFT,
    fails=edit(
        '    K -- "否" --> L["等待 offload stream，进入下一 step"]',
        '    K -- "否" --> L["synchronize offload stream，进入下一 step"]',
        at="```mermaid\nflowchart TD",
    ),
    passes=edit(
        "### 6.2 架构参考",
        "一个桶在一次 step 中的状态：\n\n```mermaid\nstateDiagram-v2\n    [*] --> Host\n"
        "    Host --> SwappingIn: H2D 预取\n    SwappingIn --> Device: 换入完成\n"
        "    Device --> SwappingOut: 更新完成\n    SwappingOut --> Host: D2H 写回\n```\n\n"
        "### 6.2 架构参考",
    ),
)
def stale_diagram_file(ctx: Context) -> list[Finding]:
    """a diagram under diagrams/ differs from its block in rfc.md

    ## What it checks
    `diagrams/flowchart.mmd`, `architecture.mmd` and `sequence.mmd` beside rfc.md are
    copies of the first `mermaid` block of 6.1 总体流程 / 6.1 Overall flow, 6.2 架构参考 /
    6.2 Architecture and 6.3 时序参考 / 6.3 Sequence. A copy that differs (white space at
    its ends aside) is reported at its block's opening fence. A missing file or block, other
    files and later blocks of the section are not compared, nor an RFC checked without its path.

    ## Why a reviewer cares
    Reviewers read the blocks in rfc.md; the copies feed Mermaid editors and renderers.
    A stale copy shows an older design to whoever opens it: `rfc check --fix` copies the
    block over.
    """
    if ctx.path is None:
        return []
    return [
        Finding(
            stale.block.line,
            1,
            "RFC203",
            f"diagrams/{stale.file.name} differs from the mermaid block in '{stale.section}'; "
            "edit rfc.md and run rfc check --fix to copy it over, or delete the file",
        )
        for stale in stale_copies(ctx.doc, ctx.edition, ctx.path)
    ]
