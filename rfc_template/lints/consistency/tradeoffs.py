"""6.6 方案取舍 (Trade-offs): which options the table marks as chosen (RFC336).

The template's table has a 是否选择 (Chosen) column answered 是 / 否 (Yes / No); authors
write the marks in many ways (`✅`, `选用`, `不采用`, `Chosen`, `Rejected`, `是（默认）`, a 结论
column of `采用` / `放弃`). A mark is read as chosen, not chosen, or not read at all; one
cell that is not read leaves the whole table unread: nothing is said of it.
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass
from functools import lru_cache

from rfc_template import document
from rfc_template.lint.context import Context
from rfc_template.lints.slots import cell_value, rows

TRADE_OFFS = "6.6 方案取舍"
CHOSEN = "是否选择"
# The prose the template offers when there is one option only, in either edition: a
# table beside it may list the alternatives turned down, none of them chosen.
ONLY_ONE = ("只保留该方案的原因", "Why only this option is kept")
NOT_APPLICABLE = re.compile(r"(?i)(?:不适用|不涉及|无|N/?A|none|not applicable|[-—–])(?=\W|$)")

# Headers of the column that says which option is taken (folded: NFKC, case, spaces and
# a closing `?` / `：` aside).
CHOSEN_HEADERS = frozenset(
    (
        "是否选择",
        "是否选用",
        "是否采用",
        "是否采纳",
        "是否选中",
        "选择",
        "选用",
        "采用",
        "采纳",
        "选中",
        "选定",
        "结论",
        "决定",
        "决策",
        "取舍",
        "取舍结论",
        "选择结果",
        "评估结论",
        "chosen",
        "selected",
        "choice",
        "decision",
        "verdict",
        "conclusion",
        "adopted",
        "picked",
        "outcome",
        "use",
        "adopt",
    )
)

REASON_HEADERS = frozenset(("原因", "理由", "说明", "备注", "reason", "reasons", "why", "rationale", "notes", "note"))

_YES = (
    "是",
    "是的",
    "选择",
    "选用",
    "采用",
    "采纳",
    "选中",
    "选定",
    "入选",
    "已选",
    "已选择",
    "已选用",
    "已采用",
    "本方案",
    "推荐",
    "首选",
    "yes",
    "y",
    "chosen",
    "selected",
    "adopted",
    "accepted",
    "picked",
    "recommended",
    "preferred",
    "this rfc",
)
_NO = (
    "否",
    "不选",
    "不选择",
    "不选用",
    "不采用",
    "不采纳",
    "未选",
    "未选择",
    "未选用",
    "未采用",
    "未采纳",
    "落选",
    "放弃",
    "弃用",
    "舍弃",
    "淘汰",
    "排除",
    "否决",
    "不推荐",
    "不考虑",
    "暂不采用",
    "本期不采用",
    "本期不选",
    "no",
    "n",
    "not chosen",
    "not selected",
    "not adopted",
    "rejected",
    "dropped",
    "discarded",
)
# A choice left open (`待评审确定`, `To be decided after the prototype`): no option taken yet.
UNDECIDED = re.compile(
    r"(?i)(?:待定|待确定|待决定|待讨论|待评审|待评估后确定|未定|尚未确定|未决|tbd|tbc"
    r"|to be (?:decided|determined|confirmed|chosen)|undecided|not (?:yet )?decided|pending)(?![a-z])"
)
YES_MARKS = "✅✔☑√✓"
NO_MARKS = "❌✗✘×✕❎🚫"


def _alternatives(words: tuple[str, ...]) -> str:
    return "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))


# A mark: a lead word (or sign), alone or followed by a qualifier after a bracket, a
# comma, a colon, a dash or a space (`是（默认）`, `No — too slow`, `✅ 选用`).
MARK = re.compile(
    rf"(?i)(?P<sign>[{YES_MARKS}{NO_MARKS}]\ufe0f?)?\s*(?:(?P<yes>{_alternatives(_YES)})|(?P<no>{_alternatives(_NO)}))?"
    r"(?P<rest>(?:\s*(?:[（(，,：:；;—–\-]|\s)\s*.*)?)",
    re.S,
)
# What a note says that takes a "no" back: the option used after all (`否（二期采用）`,
# `No, kept as the fallback`); `否，不采用` says no twice.
TAKES_BACK = re.compile(
    r"(?i)(?<![不未没])(?:采用|选用|使用|保留|启用)|作为|\b(?:adopt\w*|use[sd]?|keep|kept|enabled?|chosen|selected)\b"
)
# What says the options are used together (a combination, a default and a fallback).
CHOICE_LEFT = re.compile(r"\s*[/／|]")
TOGETHER = re.compile(
    r"(?i)组合|结合|同时|一起|配合|叠加|并用|兼用|都用|两者|二者|分别|按场景|视场景|默认|可选|回退|兜底|降级|补充|互补|搭配"
    r"|\b(?:combin\w*|together|alongside|complement\w*|fall ?back|default|optional|depending on|per (?:backend|scenario|case))\b"
    r"|(?:用于|适用于|针对|仅在|只在|仅用于|只用于)\s*(?:PT|MS|PyTorch|MindSpore)|\b(?:for|on) (?:the )?(?:PT|MS|PyTorch|MindSpore)\b"
)


@dataclass(frozen=True)
class Mark:
    chosen: bool
    qualified: bool  # something follows the mark (`是（默认）`)


def folded(text: str) -> str:
    return " ".join(unicodedata.normalize("NFKC", text).split()).casefold().rstrip("?？:：").strip()


@lru_cache(maxsize=4096)  # the same marks in every RFC: 是, 否, Yes, No
def read_mark(cell: str) -> Mark | None:
    """What one cell of the chosen column says: chosen or not, or None (not read)."""
    value = unicodedata.normalize("NFKC", cell_value(cell)).strip()
    if UNDECIDED.match(value):
        return Mark(False, True)  # not chosen yet
    m = MARK.fullmatch(value)
    if not value or m is None or not (m.group("sign") or m.group("yes") or m.group("no")):
        return None
    if CHOICE_LEFT.match(m.group("rest")):
        return None  # `是 / 否`, `Yes/No`: the choice not made (RFC302)
    sign = m.group("sign")
    yes_sign = bool(sign) and sign[0] in YES_MARKS
    no_sign = bool(sign) and sign[0] in NO_MARKS
    if (yes_sign or m.group("yes")) and (no_sign or m.group("no")):
        return None  # `✅ 否`: says both
    rest = m.group("rest").strip(" （(，,：:；;—–-）)")
    chosen = yes_sign or bool(m.group("yes"))
    if not chosen and TAKES_BACK.search(rest):
        return None
    return Mark(chosen, bool(rest))


@dataclass(frozen=True)
class Option:
    line: int
    label: str  # the option as the reader names it: `A` of `A：状态放 host`
    mark: Mark
    written: str  # the mark as written
    row: tuple[str, ...]


@dataclass(frozen=True)
class TradeOffs:
    table: document.Table
    column: str  # the chosen column's header as written
    options: tuple[Option, ...]
    said: tuple[int, ...]  # the columns that say how an option is taken: its mark, its reason


@lru_cache(maxsize=4096)
def _label(cell: str) -> str:
    cell = cell.strip()
    head = re.split(r"[：:]", cell, maxsplit=1)[0].strip()
    if head and len(head) <= 16:
        return head
    return cell if len(cell) <= 24 else cell[:24].rstrip() + "…"


@lru_cache(maxsize=256)  # the same headers in every RFC
def chosen_column(header: tuple[str, ...], own: str) -> int | None:
    """The column that marks the chosen option: the edition's own header, or one of the
    headers people write for it; None when there is none, or more than one."""
    found = [i for i, column in enumerate(header) if i > 0 and (column == own or folded(column) in CHOSEN_HEADERS)]
    return found[0] if len(found) == 1 else None


def trade_offs(ctx: Context) -> list[TradeOffs]:
    """Each filled table of 6.6 whose every option has a mark that is read."""
    ed = ctx.edition
    section = ed.name(TRADE_OFFS)
    found = []
    for table in ctx.doc.tables:
        if table.section != section or not table.rows:
            continue
        column = chosen_column(tuple(table.header), ed.name(CHOSEN))
        if column is None:
            continue
        options: list[Option] = []
        for line, row in rows(table):
            mark = read_mark(row[column]) if column < len(row) else None
            if mark is None or not cell_value(row[0]):
                options = []
                break
            options.append(Option(line, _label(row[0]), mark, row[column], tuple(row)))
        if options:
            said = (column, *_reasons(tuple(table.header)))
            found.append(TradeOffs(table, table.header[column], tuple(options), said))
    return found


@lru_cache(maxsize=256)
def _reasons(header: tuple[str, ...]) -> tuple[int, ...]:
    return tuple(i for i, h in enumerate(header) if folded(h) in REASON_HEADERS)


def only_one_option_said(ctx: Context) -> bool:
    """6.6 fills the template's prose for a single option (`只保留该方案的原因：...`): a
    table beside it lists what was turned down."""
    ed = ctx.edition
    section = ed.name(TRADE_OFFS)
    heading = next((h for h in ctx.doc.headings if h.section == section), None)
    if heading is None:
        return False
    after = [h.line for h in ctx.doc.headings if h.line > heading.line and h.level <= heading.level]
    end = after[0] if after else len(ctx.visible_lines) + 1
    for number in range(heading.line + 1, end):
        line = ctx.visible_lines[number - 1]
        for prefix in ONLY_ONE:
            at = line.find(prefix)
            if at >= 0:
                rest = line[at + len(prefix) :].lstrip(" ：:").strip()
                if rest and rest.strip("。.") != "xxx" and not NOT_APPLICABLE.match(rest):
                    return True  # (`不适用，本节有三个方案`: the table is the choice)
    return False


def used_together(found: TradeOffs, chosen: tuple[Option, ...] | None = None) -> bool:
    """The chosen options (default: all) are said to be used together: every one but one
    (the main option) has a note on its mark (`是（回退）`) or says so in its mark or reason
    (a combination, a default and a fallback, one for each backend); the names, pros and
    cons describe the options (`combine kernels`)."""
    options = found.options if chosen is None else chosen
    said = sum(
        1 for o in options if o.mark.qualified or any(TOGETHER.search(o.row[i]) for i in found.said if i < len(o.row))
    )
    return said >= len(options) - 1
