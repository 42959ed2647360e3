from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.template import load_context


@rule(
    "RFC317",
    "default-title",
    REVIEW,
    fails=edit("# 优化器状态 offload 到 host 内存\n", "# FSDP 梯度通信重叠\n"),
    passes=edit("# 优化器状态 offload 到 host 内存\n", "# FSDP 梯度通信重叠：优化器状态 offload\n"),
)
def default_title(ctx: Context) -> list[Finding]:
    """the title is still the template's default

    ## What it checks
    At review, the RFC's title (its level-1 heading) is not the title the template offers
    when none is typed (the `_default_titles` of cookiecutter.json), in any case or spacing.

    ## Why a reviewer cares
    The title is how the RFC is found in `rfc index`, in the issue and in the review's
    agenda; the template's default names no feature.
    """
    title = next((h for h in ctx.doc.headings if h.level == 1), None)
    if title is None or " ".join(title.text.split()).casefold() not in default_titles():
        return []
    return [Finding(title.line, 1, "RFC317", f"the title '{title.text}' is the template's default; name the feature")]


def default_titles() -> frozenset[str]:
    return frozenset(" ".join(title.split()).casefold() for title in load_context()["_default_titles"].values())
