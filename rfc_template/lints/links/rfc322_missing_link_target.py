from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.links import links


@rule(
    "RFC322",
    "missing-link-target",
    REVIEW,
    fails=edit("完整能力需要：", "完整能力需要：（流程图源文件见 [flow.mmd](diagrams/flow.mmd)）"),
    passes=edit("完整能力需要：", "完整能力需要：（流程图源文件见 [flowchart.mmd](./diagrams/flowchart.mmd)）"),
)
def missing_link_target(ctx: Context) -> list[Finding]:
    """a relative link points to a file that does not exist beside the RFC

    ## What it checks
    A relative target (of a link, an image or a `[label]: path` definition) names a file or
    folder beside rfc.md, part by part and case as written (a forge's file names are
    case-sensitive); `/path` starts at the repository's root, `..` goes up as a browser does,
    and `?query` and `#fragment` are dropped. At the target. Not checked: an RFC checked as
    text with no file, and `/path` outside a repository.

    ## Why a reviewer cares
    The diagram sources, logs and notes a reviewer is sent to must be in the PR: a file left
    out, renamed or spelt `Diagrams/` is a 404 on the forge.
    """
    return [finding for finding in links(ctx) if finding.code == "RFC322"]
