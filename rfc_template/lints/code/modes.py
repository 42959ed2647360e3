"""MindSpore's execution modes an RFC leaves out, and the verification rows (RFC328) and the
code (RFC327) that run in one anyway: `MS 本期只支持 PyNative` with a 9.3 row on `MS GRAPH_MODE`.

A mode is left out where the RFC says so plainly: named in 8's 不支持项 (Not supported) row
or in a 3.2 非目标 (Non-goals) item that names no other mode, or the other mode said to be
the only one (`只支持 PyNative`, `static graph mode only`) in 3.1, 3.2 or 8, and no item
saying the mode left out is supported.
"""

from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints import quantities
from rfc_template.lints.code.backends import NOT_RUN
from rfc_template.lints.quantities import section_lines
from rfc_template.lints.slots import rows

GRAPH, PYNATIVE = "GRAPH_MODE", "PyNative"
WORDS = {
    GRAPH: r"GRAPH_MODE|graph mode|静态图|图模式|static graph",
    PYNATIVE: r"PYNATIVE_MODE|PyNative|动态图",
}
MODE = {mode: re.compile(rf"(?i){words}") for mode, words in WORDS.items()}
OTHER = {GRAPH: PYNATIVE, PYNATIVE: GRAPH}
ONLY = {
    mode: re.compile(
        # said of the feature's support (`MS 本期只支持 PyNative`), not of something that only works
        # in one mode (`comm_fusion 仅静态图生效`)
        rf"(?i)(?:只|仅)(?:支持|限于?|能在)\s?(?:MS\s?)?(?:的\s?)?(?:{words})"
        rf"|(?:{words})(?:\s?mode)?\s?only\b|\b(?:supported|supports?)\s?only\s(?:in|on|with|under)?\s?(?:the\s)?(?:{words})"
    )
    for mode, words in WORDS.items()
}
_BRACKET = r"(?:\s?模式|\s?mode)?\s?(?:[(（][^()（）]*[)）])?"  # `静态图（GRAPH_MODE / jit）`
# a mode said not supported (`本期不支持 MS 静态图`, `GRAPH_MODE is not supported`), itself: not
# something in it (`静态图下的编译缓存复用`, `graph mode's fusion`)
_ITSELF = rf"{_BRACKET}(?!\s?(?:下|中|里)\S|\s?'s|\s?[A-Za-z\u4e00-\u9fff])"
NOT_SUPPORTED = {
    mode: re.compile(
        rf"(?i)(?:不支持|不做|不覆盖|不考虑|不包括|暂不支持|not support(?:ed|ing)?|no support for|excludes?)\s?"
        rf"(?:MS|MindSpore)?\s?(?:的\s?)?(?:{words}){_ITSELF}"
        rf"|(?:{words}){_BRACKET}\s?(?:is |are )?(?:not supported|unsupported|out of scope|不支持|暂不支持)"
    )
    for mode, words in WORDS.items()
}
# a mode said supported (`MS 支持 PyNative 与 GRAPH_MODE`): it is not left out, whatever else says
SUPPORTED = {
    mode: re.compile(
        rf"(?i)(?<![不只仅])支持[^。；;，,]{{0,16}}?(?:{words})|(?<!not )(?<!n't )\bsupports? [^.;,]{{0,24}}?(?:{words})"
    )
    for mode, words in WORDS.items()
}
# 8's 不支持项 row: an item that is the mode alone (`MS 静态图（GRAPH_MODE / jit）`, `… 下的 optimizer`)
UNSUPPORTED = "不支持项"
ITEM = re.compile(r"[；;、]|,\s|，")
ALONE = {
    mode: re.compile(
        rf"(?i)\s*(?:MS|MindSpore)?\s?(?:的\s?)?(?:{words}){_BRACKET}\s?"
        r"(?:下的?\s?(?:本特性|该特性|optimizer|优化器)?|for this feature)?\s*"
    )
    for mode, words in WORDS.items()
}
GOALS, NON_GOALS, CONSTRAINTS = quantities.GOALS, quantities.NON_GOALS, quantities.CONSTRAINTS
MS_WORDS = re.compile(r"\b(?:MS|MindSpore)\b|昇思")
PT_WORDS = re.compile(r"(?i)\b(?:PT|PyTorch|torch\w*)\b")
# a row that tests the mode is refused, or its fallback: the RFC's own promise
REFUSED = re.compile(
    r"(?i)报错|抛出|告警|回退|降级|不支持|拒绝|raises?|error|warn|fall(?:s|ing)? ?back|refus|unsupported|not supported"
)


def _refused_or_not_run(text: str) -> bool:
    return REFUSED.search(text) is not None or NOT_RUN.search(text) is not None


VERIFICATION_TABLES = ("9.1 用例分层", "9.2 交互验证（举例）", "9.3 性能 / 显存验证")


@per_document
def left_out_modes(ctx: Context) -> dict[str, int]:
    """Mode -> the line that leaves it out."""
    ed = ctx.edition
    found: dict[str, int] = {}
    table = ctx.doc.table_in(ed.name(CONSTRAINTS))
    if table is not None:
        for line, row in rows(table):
            if row and row[0].strip() == ed.name(UNSUPPORTED):
                cells = " ".join(row[1:])
                if not any(word in cells.lower() for word in ANCHORS):
                    continue
                for item in ITEM.split(cells):
                    for mode, alone in ALONE.items():
                        if alone.fullmatch(item.strip()):
                            found.setdefault(mode, line)
    said = [item for name in (GOALS, NON_GOALS, CONSTRAINTS) for item in _lines(ctx, name)]
    for line, text in said:
        for mode in WORDS:
            if NOT_SUPPORTED[mode].search(text):
                found.setdefault(mode, line)
            elif ONLY[OTHER[mode]].search(text) and not ONLY[mode].search(text):
                found.setdefault(mode, line)
    for _, text in said:
        for mode in WORDS:
            if SUPPORTED[mode].search(text) and not NOT_SUPPORTED[mode].search(text):
                found.pop(mode, None)
    return found


def _lines(ctx: Context, name: str) -> list[tuple[int, str]]:
    return [(n, line) for n, line in section_lines(ctx, name) if any(word in line.lower() for word in ANCHORS)]


# a word every mode's name holds one of, found with str.find: most lines name no mode
ANCHORS = ("graph", "pynative", "静态图", "动态图", "图模式")


def rows_in_left_out_mode(ctx: Context) -> list[tuple[int, str, int]]:
    """(line, mode, the line leaving it out): a 9.1 / 9.2 / 9.3 row that runs in a mode the
    RFC leaves out, naming it and not the other, and testing no refusal or fallback."""
    left_out = left_out_modes(ctx)
    if not left_out:
        return []
    sections = {ctx.edition.name(s) for s in VERIFICATION_TABLES}
    found = []
    for table in ctx.doc.tables:
        if table.section not in sections:
            continue
        for line, row in rows(table):
            text = " ".join(row)
            if not any(word in text.lower() for word in ANCHORS):
                continue
            for mode, at in left_out.items():
                if MODE[mode].search(text) and not MODE[OTHER[mode]].search(text) and not _refused_or_not_run(text):
                    # MindSpore's mode: the row runs on MS, and the cell naming the mode names no PT
                    # (`PT torchair 图模式`, `PT（torch_npu，动态图）` are PyTorch's)
                    cell = next(c for c in row if MODE[mode].search(c))
                    if MS_WORDS.search(text) and not PT_WORDS.search(cell):
                        found.append((line, mode, at))
    return found


# MindSpore's mode set in code: `ms.set_context(mode=ms.GRAPH_MODE)`
MODE_SET = re.compile(r"^[^#]*\bmode\s?=\s?(?:[\w.]+\.)?(GRAPH_MODE|PYNATIVE_MODE)\b")
MODE_NAMES = {"GRAPH_MODE": GRAPH, "PYNATIVE_MODE": PYNATIVE}
REFUSAL_TESTED = re.compile(r"(?i)\braise|\bexcept\b|assertRaises|NotImplementedError")


def mode_set_in_code(ctx: Context, sections: set[str]) -> list[Finding]:
    """RFC327's: code of `sections` that sets MindSpore to a mode the RFC leaves out."""
    findings: list[Finding] = []
    for block in ctx.doc.code_blocks:
        if block.section not in sections or "_MODE" not in block.code or REFUSAL_TESTED.search(block.code):
            continue  # most blocks set no mode (a cheap str.find); a test that a mode is refused is the RFC's promise
        left_out_at = left_out_modes(ctx)
        for offset, text in enumerate(block.code.splitlines(), start=1):
            match = MODE_SET.search(text)
            mode = MODE_NAMES[match.group(1)] if match else None
            if mode in left_out_at:
                findings.append(
                    Finding(
                        block.line + offset,
                        1,
                        "RFC327",
                        f"'{block.section}' sets MindSpore to {match.group(1)}, a mode line {left_out_at[mode]} "  # type: ignore[union-attr]
                        f"leaves out: set the mode the RFC supports, or support {mode}",
                    )
                )
    return findings
