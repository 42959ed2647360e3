"""What one part of the RFC says against another: the answers in 1. 基本信息 against
6.5, 8, 9.2 and 9.3."""

from __future__ import annotations

import re

from rfc_template import document
from rfc_template.lint.context import Context
from rfc_template.lints.model import model

BOTH_BACKEND_ROWS = (("8. 约束与兼容性", "PT / MS 差异"), ("9.2 交互验证（举例）", "PT / MS 对齐"))
PERFORMANCE = ("性能优化", "9.3 性能 / 显存验证", "基线", "通过标准")
CHANGES = "6.5 代码改动点"
# How people write "this module is not changed" in 6.5 (besides the template's own N/A choice).
UNCHANGED = re.compile(r"(?i)^\s*(?:不涉及|不改动|无改动|不修改|无|n/?a|none|no change|not changed|unchanged)\b")


def ctx_choice(ctx: Context) -> re.Pattern:
    return model(ctx.edition.language).choice_list


def written_as_item(doc: document.Document, heading: document.Heading, key: str) -> bool:
    """`PT / MS 差异：...` (or `PT / MS 差异: ...`) with some text, under that heading."""
    lines = doc.source.split("\n")
    after = [h.line for h in doc.headings if h.line > heading.line]
    end = after[0] if after else len(lines) + 1
    item = re.compile(rf"{re.escape(key)}\s*\**\s*[：:]\s*\S")
    return any(item.search(lines[n - 1]) for n in range(heading.line + 1, end))
