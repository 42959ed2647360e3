from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.links import links


@rule(
    "RFC323",
    "unknown-anchor",
    REVIEW,
    fails=edit("完整能力需要：", "完整能力需要：（接口见 [5.1](#5.1-接口定义)）"),
    passes=edit("完整能力需要：", "完整能力需要：（接口见 [5.1](#51-接口定义)）"),
)
def unknown_anchor(ctx: Context) -> list[Finding]:
    """an #anchor link names no heading of the RFC

    ## What it checks
    A `#fragment` target (also `rfc.md#...`, a link to the RFC itself) names an anchor of the
    RFC: a heading's, made as GitHub makes it (lower case, punctuation dropped, a space made
    `-`: `5.1 接口定义` is `#51-接口定义`; a repeated heading's gets `-1`, `-2`), or an HTML
    `id` / `name`. `#` alone, percent-encoding and a `user-content-` prefix are accepted. At
    the link, with the closest anchor as a hint.

    ## Why a reviewer cares
    A cross-reference that jumps nowhere leaves the reader searching the page; it is most often
    a heading renamed after the link was written, or the `.` of `5.1` that GitHub drops.
    """
    return [finding for finding in links(ctx) if finding.code == "RFC323"]
