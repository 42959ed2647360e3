"""5.1's valid ranges and values, read where a program can read them.

A range is read from the start of its cell, in the forms people write: `60 ~ 3600`, `1 to 64`,
`16 - 4096`, `[1, 8]`, `(0, 1]`, `>= 0`, `> 0, finite`, `0 < ratio <= 1.0`, `正整数`, `非负整数`, `负整数`,
`positive integer`, `True / False`, `"a" / "b"`, `"alltoall", "allgather"`, `1 / 2 / 4`, a single
value, `None, or a float in (0, 64]`, and with units (`64 MB ~ 1 GB`, `1K ~ 64K`). What follows
it may only narrow it (`；须为 sink_size 的整数倍`): a range whose rest names other values,
alternatives or conditions (`或 -1 表示不限`, `PP 时为 1`, `or float("inf")`) is read as the
author may mean it, which is to say not at all for the values it could allow.

This is one module because reading a range and comparing a value with it share one grammar
(the number forms, the bounds, the rest that may only narrow): split, each half would import
the other's private patterns.
"""

from __future__ import annotations

import ast
import dataclasses
import re
from dataclasses import dataclass
from functools import lru_cache

from rfc_template.lints.code.values import NO_DEFAULT, joined_thousands, literal, written_value
from rfc_template.lints.quantities.units import _UNIT, BOLD, COUNT, NUMBER, Quantity, _half_ulp, _scale, normal

NUMBER_VALUE = re.compile(
    rf"(?P<sign>[+\-])?(?P<number>{NUMBER})(?P<times>(?!))?(?:(?P<mult>[kKMB](?![A-Za-z0-9])|万|亿)?(?:\s?(?:{_UNIT}))?)(?![A-Za-z0-9_.])"
)
INFINITE = re.compile(r"""(?i)\+?(?:infinity|inf|∞|float\(["']inf["']\)|math\.inf|无穷大?|无限)""")


@dataclass(frozen=True)
class Value:
    """A default or an example's value: a number (with its unit), a bool, None or a string."""

    kind: str  # "number", "bool", "none", "str" (quoted), "word" (a bare name: `alltoall`), "seq" (of strings)
    quantity: Quantity | None = None
    text: str = ""  # a string's text, or the value as written
    items: tuple[Value, ...] = ()  # a sequence's strings: `("softmax", "dropout")`

    @property
    def integral(self) -> bool:
        return self.quantity is not None and float(self.quantity.number).is_integer()


@dataclass(frozen=True)
class Range:
    """The values 5.1 allows a parameter."""

    text: str  # as written (its first clause), for the message
    low: Quantity | None = None  # None: no lower bound
    high: Quantity | None = None
    low_open: bool = False
    high_open: bool = False
    integer: bool = False
    choices: tuple[Value, ...] = ()  # a list of values (booleans, strings, numbers)
    subset: bool = False  # the value is a sequence of the choices: `non-empty subset of "a", "b"`
    rest: str = ""  # what the cell says after the range
    step: int = 0  # a multiple of it (`且为 16 的倍数`, `multiple of 8`), 0 for none said
    power_of_two: bool = False  # `2 的幂`, `power of two`

    @property
    def numeric(self) -> bool:
        return not self.choices


def _number(match: re.Match) -> Quantity:
    written = match.group("number")
    number = float(written.replace(",", ""))
    low_factor, high_factor, dim, unit = _scale(match)
    value = -number if match.group("sign") == "-" else number
    low, high = sorted((value * low_factor, value * high_factor))
    return Quantity(
        low, high, dim, unit, value, _half_ulp(written) * high_factor, match.start(), match.end(), False, "", ""
    )


_OPERATOR = (
    (r"<=|≤|≦|=<|不超过|不大于|不高于|至多|最多|小于等于|小于或等于|at most|no more than|no greater than", "le"),
    (r">=|≥|≧|=>|不小于|不低于|不少于|至少|最少|大于等于|大于或等于|at least|no less than", "ge"),
    (r"<|小于|less than|below", "lt"),
    (r">|大于|greater than|more than|above", "gt"),
)
OPERATOR = re.compile(r"\s*(?:" + "|".join(f"(?P<{name}>{pattern})" for pattern, name in _OPERATOR) + ")", re.I)
NAME = r"[A-Za-z_][A-Za-z0-9_.]*"
# the name in a comparison, which may be the parameter's symbol (`0 ≤ μ < 1`, `β ∈ ...`)
SYMBOL = r"[A-Za-z_\u0370-\u03ff][A-Za-z0-9_.\u0370-\u03ff]*"
BETWEEN = re.compile(r"\s*(?:~|-|to|至|到|and)\s*", re.I)
INTEGER_WORDS = re.compile(
    r"(?i)(?P<pos>正整数|positive integers?|大于 ?0 的整数)|(?P<nonneg>非负整数|non-negative integers?|nonnegative integers?|自然数|natural numbers?)"
    r"|(?P<positive>正数|正浮点数|positive(?: numbers?| floats?| values?| reals?)?)|(?P<nonneg_real>非负(?:数|实数|浮点数)?|non-negative(?: numbers?| floats?| values?)?)"
    r"|(?P<neg>负整数|negative integers?)"
)
# words that say the range is of integers, after it
INTEGER_SUFFIX = re.compile(r"(?i)\s*(?:的)?(?:整数|int(?:eger)?s?)\b")
FILLER = re.compile(
    r"(?i)(?:(?:an?|any)\s+)?(?:float|int|integer|number|value|real)s?\s+(?:in|of|from|between|within)\s+|取值(?:范围)?(?:为|是|:)?\s*|范围(?:为|是|:)\s*"
)
SUFFIX = re.compile(r"(?i)\s*(?:之间|以内|内|(?:的)?闭区间|inclusive|both inclusive|(?:中的?)?(?:之一|其一|一个|一种))")
END = re.compile(r"\s*(?:$|[;,。(]|\s(?:and|且)\s)")
NARROWED = re.compile(r"\s*(?:的|中)")  # `32 ~ 1024 之间的 2 的幂`, `[1, n] 中能整除 n 的值`: narrows a range
# what a count may name after its bound: `0 ~ 10000 steps`, `1 ~ 8 层`
COUNTED = re.compile(
    r"(?i)\s?(?:steps?|iterations?|layers?|buckets?|chunks?|micro-?batch(?:es)?|stages?|ranks?|nodes?|experts?|times|tokens?|rows?"
    r"|步|次|层|个|块|桶|轮)(?![A-Za-z])"
)
SEPARATOR = re.compile(r"\s*(?:/|,|、|\||或者?|\bor\b)\s*", re.I)
LITERAL = re.compile(rf"""(?P<quoted>"[^"]*"|'[^']*')|(?P<word>True|False|None)\b|(?P<ident>{NAME})(?![\w(])""")
# rest of a cell that may allow more than its range: alternatives, special values, and
# conditions that bring values of their own (`PP 时为 1`); a condition that only narrows
# (`图模式下须为 sink_size 的整数倍`) brings none
WIDENS = re.compile(
    r"(?i)或|也可|以及|另外|此外|特殊|不限|无限|无穷|负数|负值|任意|其他|其它|(?<!整)除|否则|(?<![相均对])等(?![于同])|\.\.\.|…|\betc\b"
    r"|\b(?:or|also|special|negative|any|unlimited|infinite|otherwise|except|unless)\b"
    r"|(?:时|则|若|如果|\bwhen\b|\bif\b).*\d"
)


def _quantity_at(text: str, position: int) -> tuple[Quantity | str | None, int]:
    """A number (or infinity, as "inf" / "-inf") at `position`, and where it ends."""
    infinite = re.compile(r"(?i)[+-]?(?:inf|infinity|∞|float\([\"']-?inf[\"']\)|math\.inf)").match(text, position)
    if infinite:
        return ("-inf" if infinite.group().startswith("-") or "-inf" in infinite.group() else "inf"), infinite.end()
    match = NUMBER_VALUE.match(text, position)
    if match is None:
        return None, position
    return _number(match), match.end()


@lru_cache(maxsize=4096)
def read_range(cell: str) -> Range | None:
    """The range a 合法范围 (Valid range) cell states, or None where it cannot be read."""
    text = normal(BOLD.sub("", cell.replace("`", ""))).strip()
    narrowed = NARROWING_FIRST.match(text)
    if narrowed:  # `power of two, 1 ~ 128`: the bounds hold whatever narrows them
        text = text[narrowed.end() :]
    if not text or not (text[0].isdigit() or text[0] in "[(<>≤≥≦≧+-'\"TFNnpPasS正非负自大小不至最"):
        return None
    for reader in (_interval, _between, _comparison, _words, _choices, _none_or, _subset):
        found = reader(text)
        if found is not None:
            return _narrowed(found, normal(cell.replace("`", "")))
    return None


# what narrows a numeric range, anywhere in its cell: a multiple of a number written, a power of two
MULTIPLE = re.compile(
    r"(?i)(?<![\w.])(?<![×*·/+-] )(?<![×*·/+-])(\d+) ?的(?:整数)?倍数|multiples? of (\d+)(?!\w|\.\d|\s?[×*·/+-])"
)  # (`2 × cp_size 的倍数`, `multiple of 2 × cp_size`: no number alone)
POWER_OF_TWO = re.compile(r"(?i)2 的(?:整数)?(?:次)?幂|powers? of (?:two|2)\b")


# the rest of a cell that only narrows (`，且为 16 的倍数`, `, multiple of 8.`, `之间的 2 的幂`); not one that
# is negated, advised or conditional (`not required to be a power of two`, `建议为 8 的倍数`, `为 128 的倍数时`)
NARROWING_REST = re.compile(
    r"(?i)^[,，;；]?\s*(?:且|并且|and)?\s*(?:须|必须|需|需要)?\s*(?:为|是|must be|be)?\s*(?:an? )?(?:之间|内)?的?\s*"
    r"(?:\d+ ?的(?:整数)?倍数|multiples? of \d+|2 的(?:整数)?(?:次)?幂|powers? of (?:two|2))\s*[.。]?$"
)


def _narrowed(found: Range, cell: str) -> Range:
    if found.choices or (found.low is None and found.high is None):
        return found
    if not (NARROWING_FIRST.match(cell) or NARROWING_REST.match(found.rest)):
        return found
    multiple, power = MULTIPLE.search(cell), POWER_OF_TWO.search(cell)
    step = int(next(g for g in multiple.groups() if g)) if multiple else 0
    said = ", ".join(m.group() for m in (multiple, power) if m)  # shown in the message: `16 ~ 1024 (16 的倍数)`
    text = f"{found.text} ({said})" if said else found.text
    return dataclasses.replace(found, text=text, step=step, power_of_two=power is not None)


# what narrows a range, said before it: `power of two, 1 ~ 128`, `8 的倍数，64 ~ 4096`
NARROWING_FIRST = re.compile(
    r"(?i)^(?:(?:an? )?(?:powers? of (?:two|2)|multiples? of \d+|even(?: numbers?)?|integers?)|2 的(?:整数)?幂|\d+ 的(?:整数)?倍数|偶数|整数)"
    r"\s*[,，;；:：]\s*(?=\S)"
)
SUBSET_OF = re.compile(r"(?i)^(?:an? |the )?(?:non-?empty )?subset of\s*")
SUBSET_ZH = re.compile(r"\s*的\s*(?:非空)?子集\s*(?=$|[;,。(])")


def _subset(text: str) -> Range | None:
    """`Non-empty subset of "softmax", "dropout"`, `"a"、"b" 的非空子集`: a sequence of strings each of which is one of them."""
    english = SUBSET_OF.match(text)
    chinese = SUBSET_ZH.search(text) if english is None else None
    if english is None and chinese is None:
        return None
    listed = text[english.end() :] if english else text[: chinese.start()] + text[chinese.end() :]  # type: ignore[union-attr]
    found = _choices(listed)
    if found is None or not all(c.kind == "str" for c in found.choices):
        return None
    return Range(text, choices=found.choices, subset=True, rest=found.rest)


def _finish(text: str, end: int, **parts) -> Range | None:
    """The range ending at `end`, if nothing but its rest follows."""
    suffix = SUFFIX.match(text, end)
    if suffix:
        end = suffix.end()
    integer = INTEGER_SUFFIX.match(text, end)
    if integer:
        parts["integer"] = True
        end = integer.end()
    counted = COUNTED.match(text, end)
    if counted and all(q is None or q.dim == COUNT for q in (parts.get("low"), parts.get("high"))):
        end = counted.end()  # `0 ~ 10000 steps`: a count of what the range counts
    closing = END.match(text, end)
    if closing is None and (parts.get("low") is None or parts.get("high") is None or not NARROWED.match(text, end)):
        return None
    return Range(text[:end].strip(), rest=text[end:].strip(" ;,。"), **parts)


def _bounds(low, high) -> dict:
    return {
        "low": None if isinstance(low, str) else low,
        "high": None if isinstance(high, str) else high,
    }


INTERVAL_OPEN = re.compile(r"([\[(])\s*")
INTERVAL_COMMA = re.compile(r"\s*,\s*")
INTERVAL_CLOSE = re.compile(r"\s*([\])])")
UNIT_AFTER = re.compile(r"(?i)\s*([KMGT]i?B|ms|s|min|h|hours?|seconds?|minutes?|%)(?![\w/])")


def _interval(text: str) -> Range | None:
    opening = INTERVAL_OPEN.match(text)
    if not opening:
        return None
    low, at = _quantity_or_name(text, opening.end())
    comma = INTERVAL_COMMA.match(text, at) if low is not None else None
    if comma is None:
        return None
    high, at = _quantity_or_name(text, comma.end())
    closing = INTERVAL_CLOSE.match(text, at) if high is not None else None
    if closing is None or low == "inf" or high == "-inf" or (low == NAMED and high == NAMED):
        return None
    at = closing.end()
    unit = UNIT_AFTER.match(text, at)
    if unit and isinstance(low, Quantity) and isinstance(high, Quantity) and not low.unit and not high.unit:
        # `(0, 720] h`, `[1, 8] GiB`: the unit after the brackets is both bounds'
        low, high = _in_unit(low, unit.group(1)), _in_unit(high, unit.group(1))
        if low is None or high is None:
            return None
        at = unit.end()
    parts = dict(_bounds(low, high), low_open=opening.group(1) == "(", high_open=closing.group(1) == ")")
    if NAMED in (low, high) and NARROWED.match(text, at):
        return Range(text[:at].strip(), rest=text[at:].strip(" ;,。"), **parts)  # (narrowed: fewer values still)
    return _finish(text, at, **parts)


# a bound named, not written (`[1, world_size // ep_size]`): unknown, so no bound on that side
NAMED = "name"  # what `_quantity_or_name` reads it as, beside `_quantity_at`'s "inf" / "-inf"
NAMED_BOUND = re.compile(r"[A-Za-z_][\w.]*(?:\s*(?://|\*|/|\+|-)\s*(?:[A-Za-z_][\w.]*|\d+))*(?=\s*[,\])])")


def _quantity_or_name(text: str, position: int) -> tuple[Quantity | str | None, int]:
    """`_quantity_at`, or a named bound, read as NAMED (no bound: it does not widen or narrow
    what is read of the other side)."""
    found, at = _quantity_at(text, position)
    if found is None and (named := NAMED_BOUND.match(text, position)):
        return NAMED, named.end()
    return found, at


def _between(text: str) -> Range | None:
    start = re.match(r"(?i)(?:from|between)\s+", text)
    low, at = _quantity_at(text, start.end() if start else 0)
    if not isinstance(low, Quantity):
        return None
    separator = BETWEEN.match(text, at)
    if separator is None:
        return None
    high, end = _quantity_at(text, separator.end())
    if high is None or high == "-inf":
        return None
    if isinstance(high, Quantity) and high.sign:
        return None  # `1 - -1`: no range
    return _finish(text, end, **_bounds(low, high))


def _operator(match: re.Match) -> str:
    return next(name for _, name in _OPERATOR if match.group(name))


def _comparison(text: str) -> Range | None:
    at = 0
    name = re.match(rf"({SYMBOL})\s*", text)
    chained_low = None
    if name and not OPERATOR.match(text, name.end()):
        name = None
    if name:
        at = name.end()
    else:
        # `0 < ratio <= 1.0`: a lower bound, the name, an upper bound
        low, after = _quantity_at(text, 0)
        if isinstance(low, Quantity):
            first = OPERATOR.match(text, after)
            middle = re.compile(rf"\s*{SYMBOL}\s*").match(text, first.end()) if first else None
            if first is None or middle is None or _operator(first) not in ("lt", "le"):
                return _postfix(text, low, after)
            chained_low = (low, _operator(first) == "lt")
            at = middle.end()
    operator = OPERATOR.match(text, at)
    if operator is None:
        return None
    at = operator.end()
    while at < len(text) and text[at] == " ":
        at += 1
    bound, end = _quantity_at(text, at)
    kind = _operator(operator)
    if bound is None:
        named = re.compile(rf"{NAME}\s*").match(text, at)
        return _name_between(text, named.end(), kind) if named and chained_low is None else None
    if chained_low is not None:
        if kind not in ("lt", "le") or isinstance(bound, str):
            return None
        return _finish(text, end, low=chained_low[0], low_open=chained_low[1], high=bound, high_open=kind == "lt")
    if isinstance(bound, str):
        return None
    if kind in ("ge", "gt"):
        return _finish(text, end, low=bound, low_open=kind == "gt")
    return _finish(text, end, high=bound, high_open=kind == "lt")


def _name_between(text: str, end: int, kind: str) -> Range | None:
    """`pp_size ≤ n ≤ 512`: a lower bound that is another parameter (not read), the name, and
    an upper bound that is a number."""
    second = OPERATOR.match(text, end)
    if kind not in ("lt", "le") or second is None or _operator(second) not in ("lt", "le"):
        return None
    bound, after = _quantity_at(text, second.end() + len(text[second.end() :]) - len(text[second.end() :].lstrip()))
    if not isinstance(bound, Quantity):
        return None
    return _finish(text, after, high=bound, high_open=_operator(second) == "lt")


POSTFIX_BOUND = re.compile(
    r"\s*(?:(?P<ge>及以上|以上|or more|or greater|or above)|(?P<le>及以下|以下|以内|or less|or fewer|or below))"
)


def _postfix(text: str, bound: Quantity, at: int) -> Range | None:
    """`1 以上`, `8 or less`."""
    match = POSTFIX_BOUND.match(text, at)
    if match is None:
        return None
    if match.group("ge"):
        return _finish(text, match.end(), low=bound)
    return _finish(text, match.end(), high=bound)


ZERO = Quantity(0.0, 0.0, COUNT, "", 0.0, 0.0, 0, 0)


def _words(text: str) -> Range | None:
    match = INTEGER_WORDS.match(text)
    if match is None:
        return None
    if match.group("pos"):
        return _finish(text, match.end(), low=ZERO, low_open=True, integer=True)
    if match.group("nonneg"):
        return _finish(text, match.end(), low=ZERO, integer=True)
    if match.group("positive"):
        return _finish(text, match.end(), low=ZERO, low_open=True)
    if match.group("neg"):
        return _finish(text, match.end(), high=ZERO, high_open=True, integer=True)
    return _finish(text, match.end(), low=ZERO)


def _literal(text: str, at: int) -> tuple[Value | None, int]:
    infinite = INFINITE.match(text, at)  # `2.0 or inf`, `2.0 / float("inf")`: a number among numbers
    if infinite and not text[infinite.end() : infinite.end() + 1].isalnum():
        inf = float("inf")
        return Value(
            "number", Quantity(inf, inf, COUNT, "", inf, 0.0, at, infinite.end()), infinite.group()
        ), infinite.end()
    number = NUMBER_VALUE.match(text, at)
    if number:
        return Value("number", _number(number), number.group()), number.end()
    match = LITERAL.match(text, at)
    if match is None:
        return None, at
    if match.group("quoted"):
        return Value("str", text=match.group("quoted")[1:-1]), match.end()
    word = match.group("word")
    if word:
        return (Value("none", text="None") if word == "None" else Value("bool", text=word)), match.end()
    return Value("word", text=match.group("ident")), match.end()


EXPLAINED = re.compile(r"\s*[:=]")


def _choices(text: str) -> Range | None:
    """A list of values (`True / False`, `"a" / "b"`, `1、2、4`), or one value, or values each
    with its explanation (`"raise"：...；"warn"：...`)."""
    explained = _explained_choices(text)
    if explained is not None:
        return explained
    values: list[Value] = []
    at, end = 0, 0
    while True:
        value, after = _literal(text, at)
        if value is None:
            break
        values.append(value)
        end = after
        separator = SEPARATOR.match(text, after)
        if separator is None:
            break
        at = separator.end()
    if not values:
        return None
    kinds = {v.kind for v in values}
    if "number" in kinds and kinds - {"number", "none"}:
        return None  # a list of mixed values: prose, most likely
    if kinds == {"word"} and len(values) < 2:
        return None  # one bare word is prose
    if "word" in kinds and not kinds <= {"word", "str", "none"}:
        return None
    return _finish(text, end, choices=tuple(values))


def _explained_choices(text: str) -> Range | None:
    segments = re.split(r"\s*;\s*", text)
    if len(segments) < 2:
        return None
    values = []
    for segment in segments:
        value, after = _literal(segment, 0)
        if value is None or value.kind != "str":
            return None
        if not EXPLAINED.match(segment, after):
            return None
        values.append(value)
    return Range(text, choices=tuple(values))


def _none_or(text: str) -> Range | None:
    """`None, or a float in (0, 64]`, `None 或 [1, 8]`: None as well as a range."""
    match = re.match(r"(?i)None\s*(?:,|/|、|或者?|\bor\b)\s*(?:(?:or|或)\s+)?", text)
    if match is None:
        return None
    rest = text[match.end() :]
    filler = FILLER.match(rest)
    if filler:
        rest = rest[filler.end() :]
    for reader in (_interval, _between, _comparison, _words):
        found = reader(rest)
        if found is not None:
            return found
    return None


UNIT_SUFFIX = re.compile(r"(?i)_(kb|kib|mb|mib|gb|gib|bytes|s|sec|secs|seconds|ms|min|mins|minutes|h|hours)$")


def unit_of_name(name: str) -> str:
    """The unit a parameter's name gives its bare numbers (`bucket_size_mb`: MB), or ""."""
    match = UNIT_SUFFIX.search(name)
    if not match:
        return ""
    unit = match.group(1).lower()
    return {
        "kb": "KB",
        "kib": "KiB",
        "mb": "MB",
        "mib": "MiB",
        "gb": "GB",
        "gib": "GiB",
        "bytes": "bytes",
        "sec": "s",
        "secs": "s",
        "seconds": "s",
        "mins": "min",
        "minutes": "min",
        "hours": "h",
    }.get(unit, unit)


@lru_cache(maxsize=4096)
def read_default(cell: str) -> Value | None:
    """The value a 默认值 (Default) cell gives, or None: no default, prose, an expression."""
    text = normal(BOLD.sub("", cell.replace("`", ""))).strip()
    narrowed = NARROWING_FIRST.match(text)
    if narrowed:  # `power of two, 1 ~ 128`: the bounds hold whatever narrows them
        text = text[narrowed.end() :]
    if not text or NO_DEFAULT.match(text) and not text.startswith("None"):
        return None
    text = joined_thousands(text)  # `131 072`, `131,072`: one number
    if re.match(r"None(?:$|[\s(,;:])", text):
        return Value("none", text="None")
    node, whole = written_value(text)
    if isinstance(node, (ast.Tuple, ast.List)) and whole:
        return python_value(node, text)  # `("softmax", "dropout")`: a sequence of strings, or None
    if isinstance(node, (ast.BinOp, ast.UnaryOp)) and whole:
        value = literal(node)
        if type(value) in (int, float):
            written = str(value)
            return Value("number", Quantity(value, value, COUNT, "", value, 0.0, 0, len(written)), text)
        return None
    value, end = _literal(text, 0)
    if value is None:
        return None
    if value.kind == "word" and not re.fullmatch(NAME, text):
        return None  # a bare word is read only as the whole cell: `alltoall`
    if not re.match(r"\s*(?:$|[(;,。:]|\s)", text[end:]):
        return None
    return value


def python_value(node: ast.expr, written: str) -> Value | None:
    """An example's keyword value, when it is a literal."""
    value = literal(node)
    if value is None:
        return Value("none", text="None")
    if isinstance(value, bool):
        return Value("bool", text=str(value))
    if isinstance(value, str):
        return Value("str", text=value)
    if type(value) in (int, float):
        return Value("number", Quantity(value, value, COUNT, "", value, 0.0, 0, 0), written)
    if isinstance(value, (tuple, list)) and all(isinstance(item, str) for item in value):
        return Value("seq", text=written, items=tuple(Value("str", text=item) for item in value))
    return None


def _less(a: Quantity, b: Quantity) -> bool:
    return a.low < b.low and a.high < b.high


def _at_most(a: Quantity, b: Quantity) -> bool:
    return a.low <= b.low and a.high <= b.high


def _in_unit(quantity: Quantity, unit: str) -> Quantity | None:
    """A bare number read in `unit` (a parameter's own: `bucket_size_mb`)."""
    match = NUMBER_VALUE.fullmatch(f"{quantity.number:g} {unit}")
    return _number(match) if match else None


def _aligned(value: Quantity, bound: Quantity, unit: str) -> tuple[Quantity, Quantity] | None:
    """The two in one dimension: a bare number in the parameter's unit; None when the
    units cannot be told (a bare number against `64 MB`, with no unit in the name)."""
    if value.dim == bound.dim:
        return value, bound
    if not unit:
        return None
    if value.dim == COUNT and not value.multiplier:
        converted = _in_unit(value, unit)
        return (converted, bound) if converted is not None and converted.dim == bound.dim else None
    if bound.dim == COUNT and not bound.multiplier:
        converted = _in_unit(bound, unit)
        return (value, converted) if converted is not None and converted.dim == value.dim else None
    return None


def outside(value: Value, allowed: Range, unit: str = "") -> bool:
    """`value` is outside `allowed` however its units are read; False when unsure."""
    if value.kind == "none":
        return False
    if allowed.subset or value.kind == "seq":  # each of a sequence's strings against a subset's choices
        one_of = Range(allowed.text, choices=allowed.choices)
        return allowed.subset and value.kind == "seq" and any(outside(item, one_of) for item in value.items)
    if allowed.choices:
        kinds = {c.kind for c in allowed.choices} - {"none"}
        if kinds == {"bool"}:
            if value.kind == "str":
                return True  # `"auto"` for True / False (a bare word may be meant as one: `on`)
            if value.kind == "number" and value.quantity is not None:
                return value.quantity.number not in (0, 1)  # `2` for True / False (0 and 1 pass as bools)
            return value.kind == "bool" and value.text not in {c.text for c in allowed.choices}
        if kinds <= {"str", "word"}:
            return value.kind in ("str", "word") and value.text.casefold() not in {
                c.text.casefold() for c in allowed.choices
            }
        if kinds == {"number"} and value.kind == "number" and value.quantity is not None:
            for choice in allowed.choices:
                if choice.quantity is None:
                    return False
                pair = _aligned(value.quantity, choice.quantity, unit)
                if pair is None or not (_less(*pair) or _less(pair[1], pair[0])):
                    return False
            return True
        return False
    if value.kind != "number" or value.quantity is None:
        return False
    if allowed.integer and not value.integral:
        return True
    if _off_the_grid(value.quantity, allowed):
        return True
    if allowed.low is not None:
        pair = _aligned(value.quantity, allowed.low, unit)
        if pair is None:
            return False
        if _less(*pair) or (allowed.low_open and _at_most(*pair)):
            return True
    if allowed.high is not None:
        pair = _aligned(value.quantity, allowed.high, unit)
        if pair is None:
            return False
        if _less(pair[1], pair[0]) or (allowed.high_open and _at_most(pair[1], pair[0])):
            return True
    return False


def _off_the_grid(value: Quantity, allowed: Range) -> bool:
    """A whole number written bare that is no multiple of the range's step, or no power of
    two where it asks one (`200` for `16 ~ 1024 且为 16 的倍数`); a value with a unit is not judged."""
    if not value.bare or not float(value.number).is_integer() or value.number <= 0:
        return False
    number = int(value.number)
    if allowed.step and number % allowed.step:
        return True
    return allowed.power_of_two and number & (number - 1) != 0


# the rest of a range's cell that adds one value a program can read: `or float("inf")`, `或 -1`
ONE_MORE = re.compile(r"(?i)\s*(?:,\s*)?(?:or|或者?)\s*(?P<value>[^\s,;，；。][^,;，；。]*?)\s*[.。]?")


def _same_value(value: Value, written: str) -> bool:
    """`value` is the one value `written` names, or that value cannot be read."""
    if INFINITE.fullmatch(written.strip()):
        return value.kind == "number" and value.quantity is not None and value.quantity.number == float("inf")
    other = read_default(written)
    if other is None or other.kind != value.kind:
        return other is None
    if value.quantity is not None and other.quantity is not None:
        return value.quantity.number == other.quantity.number
    return value.text.casefold() == other.text.casefold()


def named_in_rest(value: Value, rest: str) -> bool:
    """The rest of the range's cell names the value, or may allow more than the range."""
    if not rest:
        return False
    also = ONE_MORE.fullmatch(rest)
    if also is not None:  # `> 0, or float("inf")`: the range and that one value
        return _same_value(value, also.group("value"))
    if WIDENS.search(rest):
        return True
    if value.kind == "number" and value.quantity is not None:
        for match in NUMBER_VALUE.finditer(rest):
            if float(match.group("number").replace(",", "")) == abs(value.quantity.number):
                return True
        return False
    return value.text.casefold() in rest.casefold()
