"""What one part of the RFC says against another: the answers in 1. 基本信息 against
6.5, 8, 9.2 and 9.3."""

from __future__ import annotations

import re

from rfc_template import document
from rfc_template.lint.context import Context
from rfc_template.lints.model import model

BOTH_BACKEND_ROWS = (("8. 约束与兼容性", "PT / MS 差异"), ("9.2 交互验证（举例）", "PT / MS 对齐"))
PERFORMANCE = ("性能优化", "9.3 性能 / 显存验证", "基线", "通过标准")

# How 6.5's 改动内容 says, in either edition's words, that a module is not changed: its first
# clause, whole (`无代码改动`, `本期不改`, `不需要改动`, `No code change`, `unchanged`, `N/A`).
_ZH_NOT = r"(?:本期|本次|这次|当前|目前|暂时?)?(?:都|均|也)?(?:无需|无须|不需要?|不用|不必|没有?|未|无|不|零)"
_ZH_CODE = r"(?:代码|任何|本模块的?|该模块的?|此模块的?|模块)?"
_ZH_CHANGE = r"(?:改动|修改|改变|变更|变动|更改|调整|变化|改|动|变|涉及)?"
_EN_VERB = r"(?:change|modification|modify|edit|touch|update)"
_EN_DONE = r"(?:changed|modified|edited|touched|updated|affected)"
UNCHANGED_CLAUSE = re.compile(
    rf"{_ZH_NOT}{_ZH_CODE}{_ZH_CHANGE}{_ZH_CODE}"
    rf"|{_ZH_CODE}(?:保持|维持)?(?:不变|原样|原状|现状)"
    r"|(?i:none|n/?a|nothing(?: to (?:change|do))?|not applicable|unchanged|untouched|unmodified|as[ -]is|no[ -]op"
    rf"|(?:(?:is|are|stays?|remains?|left) )?(?:not|un) ?{_EN_DONE}(?: here)?"
    rf"|no (?:code |source |api )?{_EN_VERB}s?(?: (?:is |are )?(?:needed|required|planned|here))?"
    rf"|(?:does not|doesn't|do not|don't|will not|won't|need not|needn't) (?:need to )?{_EN_VERB}"
    rf"|(?:needs|requires) no {_EN_VERB}s?)"
)
# Where the first clause ends: a colon, comma, full stop, semicolon, bracket or dash.
CLAUSE_END = re.compile(r"\s*(?:[：:，,。；;（(【\[—–]|\s-\s|\.(?:\s|$))")
# What makes the rest of the cell take back a "no change" (`无改动，但新增 ...`, `..., but adds ...`).
TAKEN_BACK = re.compile(
    r"但|不过|然而|除(?!以)|只需|仅需|需要(?:新增|增加|添加|修改)|新增|增加|添加|加入|引入|删除|移除|修改为|改为|改成|重构|替换"
    r"|(?i:\b(?:but|except|however|only needs?|adds?|added|adding|new|removes?|removed|modif\w*|replac\w*|refactor\w*)\b)"
)
# What makes a first clause no plain statement of a change: a negation, or reuse of what exists.
NOT_PLAINLY_A_CHANGE = re.compile(
    r"[不无没未免非零]|复用|沿用|保持|维持|已有|现有|原有"
    r"|(?i:\b(?:no|not|none|nothing|without|never|n/?a|unchanged|untouched|reuses?|reused|existing|already|as[ -]is)\b|n't\b)"
)


# What says a module not changed is still involved: the feature uses it as it is.
USED = re.compile(
    r"使用|复用|调用|沿用|依赖|借助|通过|基于|接入|挂在|注册到"
    r"|(?i:\b(?:uses?|used|using|reuses?|reused|calls?|called|relies|relying|through|via|hooks? into|builds? on)\b)"
)


def used_as_is(text: str) -> bool:
    """A 改动内容 that says no change, then how the feature uses the module as it is
    (`无代码改动：只使用 trainer 已有的 hook`): listing that module is the author's choice."""
    end = CLAUSE_END.search(text)
    return end is not None and USED.search(text, end.end()) is not None


def change_said(text: str) -> bool | None:
    """What a 6.5 改动内容 cell says of its module: True, a change; False, no change, in any
    wording of either edition, its first clause whole (`无代码改动：只使用已有的 hook`,
    `本期不改`, `No code change: reuses the existing hook`, `N/A — nothing to change`);
    None when it cannot be read with confidence: a first clause with a negation that is no
    whole "no change" (`本期不加配置项`, `不改接口`), a "no change" the rest takes back
    (`无改动，但新增一个配置项`), or no text."""
    text = text.strip()
    if not text:
        return None
    end = CLAUSE_END.search(text)
    first, rest = (text[: end.start()], text[end.end() :]) if end else (text, "")
    if UNCHANGED_CLAUSE.fullmatch(first.strip()):
        return None if TAKEN_BACK.search(rest) else False
    return None if NOT_PLAINLY_A_CHANGE.search(first) else True


def ctx_choice(ctx: Context) -> re.Pattern:
    return model(ctx.edition.language).choice_list


def written_as_item(doc: document.Document, heading: document.Heading, key: str) -> bool:
    """`PT / MS 差异：...` (or `PT / MS 差异: ...`) with some text, under that heading."""
    lines = doc.source.split("\n")
    after = [h.line for h in doc.headings if h.line > heading.line]
    end = after[0] if after else len(lines) + 1
    item = re.compile(rf"{re.escape(key)}\s*\**\s*[：:]\s*\S")
    return any(item.search(lines[n - 1]) for n in range(heading.line + 1, end))
