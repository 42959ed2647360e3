from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.links import links


@rule(
    "RFC321",
    "malformed-link",
    REVIEW,
    fails=edit("完整能力需要：", "完整能力需要：（见 [工单](https//gitcode.com/mindspore/hyper-parallel/issues/301)）"),
    passes=edit(
        "完整能力需要：",
        '完整能力需要：（见 [工单](https://gitcode.com/mindspore/hyper-parallel/issues/301 "锁页内存接口")）',
    ),
)
def malformed_link(ctx: Context) -> list[Finding]:
    """a link's target is empty or not a well-formed URL

    ## What it checks
    Links, images, reference definitions (`[label]: url`), autolinks and bare addresses outside
    code, at the target: an empty one; a scheme other than http, https, mailto or ftp; no `//`
    or no host (`https:/x`, `https//x`); `www.` without `https://`; a space that unmakes the
    link; `[text][label]` with no definition; a bare address running on into Chinese punctuation;
    a web address the forge reads as a file (`https：//`). A title (`"..."`) and a target in
    `<...>` are fine; relative files are RFC322's, `#anchors` RFC323's; no network is used.

    ## Why a reviewer cares
    A malformed link is a dead end: the forge shows it as text or sends it into the repository,
    and the issue, design note or benchmark the RFC rests on cannot be opened from the review.
    """
    return [finding for finding in links(ctx) if finding.code == "RFC321"]
