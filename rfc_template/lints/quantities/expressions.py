"""Written-out arithmetic with brackets or a minus, set equal to its value (RFC335):
`512 × (1 − 19.2 / 25.6) = 512 × 0.25 = 128`, `(24.0 − 19.5) / 24.0 ≈ 0.19`; and a value
restated in another unit (`9 h = 32,400 s`).

Each side is read as numbers only, no units and no names (`(p − 1) / (m + p − 1)` is a
formula, not arithmetic), and worked out as an interval: a decimal may have been rounded by
half its last digit (`19.2` is 19.15 to 19.25), a whole number is exact. Two sides disagree
when their intervals stay apart by more than a result is rounded by (1%, or 5% after `≈`).
Sums and products alone are other readers' (`_sums`, `_products`); this one reads the rest.
"""

from __future__ import annotations

import ast
import operator
import re

from rfc_template.lints.quantities.units import BANDWIDTH, BYTES, TIME, quantities

_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_SIDE = rf"[(\s]*(?:{_NUMBER})(?:[)\s]*(?:[-−+×*/÷])[(\s]*(?:{_NUMBER}))*[)\s]*"
EQUATION = re.compile(
    rf"(?<![\w.,×+\-−*/÷=≈(（)）^])(?<![.,×+\-−*/÷=≈(（)）^] )({_SIDE}(?:[=≈]{_SIDE})+)"
    r"(?![\d.,]|\s?[×+\-−*/÷^(（]|\s?[KkMGT万亿千](?![A-Za-z]))"
)
SIDES = re.compile(r"([=≈])")
THOUSANDS = re.compile(r"(?<=\d),(?=\d{3})")
MINUS = re.compile(r"(?<=[\d)])\s*−\s*|(?<=[\d)])\s+-\s+(?=[\d(])")  # `4-8` is a range, `4 − 8` no
EXACT, APPROXIMATE = 0.01, 0.05  # how far a result written after `=` / `≈` may be rounded
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


def expression_messages(text: str) -> list[str]:
    """`left is X, not the right it is given as`, for each equation whose sides disagree."""
    found = []
    for match in EQUATION.finditer(text):
        parts = SIDES.split(match.group(1))
        sides, marks = [side.strip() for side in parts[::2]], parts[1::2]
        if not any("(" in side or MINUS.search(side) for side in sides):
            continue
        values = [_interval(side, result=bool(LONE_NUMBER.fullmatch(side))) for side in sides]
        if any(value is None for value in values):
            continue
        percent = text[match.end() :].lstrip().startswith("%")
        for index, mark in enumerate(marks):
            left, right = values[index], values[index + 1]
            assert left is not None and right is not None
            if not _agree(left, right, mark, percent and index == len(marks) - 1):
                middle = (left[0] + left[1]) / 2
                last = percent and index == len(marks) - 1
                shown = f"{middle * 100:.3g}%" if last else f"{middle:.4g}"
                given = sides[index + 1] + ("%" if last else "")
                found.append(f"{sides[index]} is {shown}, not the {given} it is given as")
                break
    return found


def _agree(left: tuple[float, float], right: tuple[float, float], mark: str, percent: bool) -> bool:
    rounding = APPROXIMATE if mark == "≈" else EXACT
    scales = (1.0, 100.0) if percent else (1.0,)  # `7 / 39 = 17.9 %`
    for scale in scales:
        low, high = left[0] * scale, left[1] * scale
        margin = rounding * max(abs(low), abs(high), abs(right[0]), abs(right[1]))
        if low - margin <= right[1] and right[0] <= high + margin:
            return True
    return False


LONE_NUMBER = re.compile(r"\s*\d[\d,]*(?:\.\d+)?\s*")  # a result: a whole number may be rounded too (`= 23%`)


def _interval(side: str, result: bool = False) -> tuple[float, float] | None:
    """The side's value as an interval, or None where it is no arithmetic of numbers."""
    if side.count("(") != side.count(")"):
        return None
    if "-" in side and not MINUS.search(side):
        return None  # `4-8`: a range, no difference
    written = THOUSANDS.sub("", side).replace("×", "*").replace("÷", "/").replace("−", "-")
    try:
        tree = ast.parse(written, mode="eval").body
        low, high = _value(tree, written)
        if result and "." not in written:
            low, high = low - 0.5, high + 0.5  # `(80 − 62) / 80 = 23%`: 22.5% rounded
        return low, high
    except (SyntaxError, ValueError, ZeroDivisionError):
        return None


def _value(node: ast.expr, written: str) -> tuple[float, float]:
    if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
        literal = written[node.col_offset : node.end_col_offset]
        half = 0.5 * 10 ** -len(literal.split(".")[1]) if "." in literal else 0.0
        return node.value - half, node.value + half
    if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
        a, b = _value(node.left, written), _value(node.right, written)
        if isinstance(node.op, ast.Div) and b[0] <= 0 <= b[1]:
            raise ValueError("a divisor that may be zero")
        ends = [OPERATORS[type(node.op)](x, y) for x in a for y in b]
        return min(ends), max(ends)
    raise ValueError(ast.dump(node))


# one value set equal to itself in another unit: `9 h = 32,400 s`, `2,048 MB ≈ 2 GB`
SAME_AS = re.compile(r"\s*(?:=|≈|即|i\.e\.,?)\s*(?:约|about|~)?\s*")
SUMS_BEFORE = re.compile(r"[+×*/÷−]|\s-\s")  # a value at the end of arithmetic is its result
TERM_AFTER = re.compile(
    r"[^\d=≈;；。,，]{0,16}?[+×*/÷−]\s*[\d(]|\s*[×*/÷^]|\s*(?:[^\d\s]{0,12}的|of\b)"
)  # (`即 1 h 保存间隔的 0.17%`)
CLAUSE_START = re.compile(r"[=≈;；。,，:：(（]")
CONVERTED = {TIME, BYTES, BANDWIDTH}  # (a rate of items names what it counts: no conversion)


def conversion_messages(text: str) -> list[str]:
    """`9 h = 36,000 s`: a value restated in another unit, off by more than rounding (1%, or
    5% after `≈`); in either reading of a GB (10^9 or 2^30 bytes)."""
    values = quantities(text)
    found = []
    for before, after in zip(values, values[1:]):
        if before.dim != after.dim or before.dim not in CONVERTED or before.unit == after.unit:
            continue
        mark = SAME_AS.fullmatch(text[before.end : after.start])
        if mark is None or before.sign or after.sign or TERM_AFTER.match(text, after.end):
            continue
        clause = CLAUSE_START.split(text[: before.start])[-1]
        if SUMS_BEFORE.search(clause):
            continue  # `4 s + 8 s = 12 s`: a sum's last part, read by the sums
        share = APPROXIMATE if "≈" in mark.group() or "约" in mark.group() or after.approx else EXACT
        margin = after.ulp + before.ulp + share * max(after.high, before.high)
        if abs(after.low - before.low) > margin and abs(after.high - before.high) > margin:
            scale = after.high / after.number if after.number else 1.0
            value = before.high / scale
            shown = f"{value:.4g} {after.unit}" if abs(value) < 1000 else f"{value:,.0f} {after.unit}"
            written = text[before.start : before.end].strip(), text[after.start : after.end].strip()
            found.append(f"{written[0]} is {shown}, not the {written[1]} it is given as")
    return found
