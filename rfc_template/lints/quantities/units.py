"""Numbers and their units, as engineers write them in either edition.

`quantities(text)` reads every number of a (normalised) text that is not part of a name
(`Llama2-13B`, `A100`, `fp32`, `PP4`, `1F1B`), with its unit when one follows: sizes, times
(`2 h 20 min` is one), rates (`tokens/s`, `tokens/s per GPU`), bandwidths, percentages,
ratios (`1.12×`, `1.5 倍`) and counts with a multiplier (`128K`, `1.5B`, `2 万`).

A value is an interval in base units (bytes, seconds, items per second, percent): `1 GB`
is 10^9 to 2^30 bytes, `1K` is 1,000 to 1,024, since writers mean either; `ulp` is half of
the last digit written, what rounding can hide.
"""

from __future__ import annotations

import math
import re
import unicodedata
from functools import lru_cache
from typing import NamedTuple

BYTES, TIME, PERCENT, RATIO, BANDWIDTH, FLOPS, COUNT = "bytes", "time", "percent", "ratio", "bandwidth", "flops", ""
POINTS = "points"  # percentage points (个百分点): a difference of percentages, not a percentage
RATE = "rate"  # items per second; the dimension is "rate:<items>" (tokens, samples, ...), "/device" when per card
CALLS = "calls"  # how many times a collective is called (`150 次`, `339 calls`): read as such by claims.py only


class Quantity(NamedTuple):
    low: float  # in base units, the smallest reading
    high: float  # the largest reading (== low but for 1000/1024 prefixes)
    dim: str  # BYTES, TIME, ... or "rate:tokens", "rate:tokens/device"; COUNT for a bare number
    unit: str  # as written ("" for none)
    number: float  # the number as written, before its unit
    ulp: float  # half of the last digit written, in base units
    start: int
    end: int
    approx: bool = False  # 约, ~, ≈, about
    sign: str = ""  # "+", "-" or "±" written before it
    multiplier: str = ""  # K, M, B, 万, 亿 attached to a count or a rate (`228k tokens/s`)

    @property
    def shown(self) -> str:
        """As a message writes it: `228k tokens/s`, `4.6 s`, `20%`."""
        if self.unit == "%":
            return f"{abs(self.number):g}%"
        return f"{abs(self.number):g}{self.multiplier} {self.unit}".strip()

    @property
    def bare(self) -> bool:
        """Written with no unit, no multiplier, no percent."""
        return not self.unit and not self.multiplier

    def below(self, other: Quantity, slack: float = 0.0) -> bool:
        """Smaller than `other` in every reading, by more than the coarser of the two can
        round away: read with one convention for both (`1 GB` 10^9 bytes in each, or 2^30
        in each; a GiB is 2^30 in either)."""
        margin = max(self.ulp, other.ulp) + slack  # the coarser of the two: `5.79` is `5.8`, `1.5` is no `2`
        return self.low + margin <= other.low and self.high + margin <= other.high

    def less(self, other: Quantity) -> bool:
        """Smaller than `other` as written (no allowance for rounding), in every reading."""
        return self.low < other.low and self.high < other.high

    def differs(self, other: Quantity, slack: float = 0.0) -> bool:
        return self.below(other, slack) or other.below(self, slack)


# Markdown's bold marks, not a power between two numbers (`2**32`)
BOLD = re.compile(r"(?<![\d)])\*\*(?=\S)|(?<=\S)\*\*(?![\d(])")


def normal(text: str) -> str:
    """NFKC (full-width `（，：～＜` as ASCII), one space for runs of spaces, `−` as `-`;
    a power (`10⁹`, `10^9`, `2**30`) as the number it is (NFKC alone reads `10⁹` as 109)."""
    if "^" in text or "**" in text:
        text = POWER.sub(_power, text)
    if text.isascii():
        return " ".join(text.split())
    text = SUPERSCRIPT_POWER.sub(lambda m: _power(m, m[2].translate(SUPERSCRIPTS)), text)
    return " ".join(unicodedata.normalize("NFKC", text).replace("−", "-").replace("–", "-").split())


SUPERSCRIPTS = str.maketrans("⁰¹²³⁴⁵⁶⁷⁸⁹", "0123456789")
SUPERSCRIPT_POWER = re.compile(r"(?<![\d.])(\d{1,3})([⁰¹²³⁴⁵⁶⁷⁸⁹]{1,2})")
# (with the `- 1` of a largest integer: `2^31 - 1`, `2**32 − 1`)
POWER = re.compile(r"(?<![\d.])(\d{1,3})\s?(?:\^|\*\*)\s?(\d{1,2})(?!\d)(?P<less_one>\s?[-−]\s?1(?![\d.]))?")


def _power(match: re.Match, exponent: str | None = None) -> str:
    less = 1 if exponent is None and match["less_one"] else 0
    return str(int(match[1]) ** int(exponent or match[2]) - less)


NUMBER = r"(?:\d{1,3}(?:,\d{3})+(?!\d|,\d)|\d+)(?:\.\d+)?(?:[eE][-+]?\d+)?"
_PER_DEVICE = r"(?:\s?/\s?(?:卡|GPU|NPU|card|device|rank|chip)|\s(?:per|/)\s?(?:GPU|NPU|card|device|rank|chip))"
_ITEMS = r"(?P<items>tokens?|tok|samples?|seqs?|sequences?|images?|imgs?|it|steps?|iters?|iterations?)"
_UNIT = (
    rf"(?P<rate>{_ITEMS}\s?/\s?(?:s|sec|秒)(?![A-Za-z])(?P<rate_dev>{_PER_DEVICE})?)"
    r"|(?P<flops>[PT]FLOPS|[PT]FLOPs|[PT]FLOP/s)"
    r"|(?P<bw>[KMGT]i?B/s|[KMGT]b/s|[KMGT]bps)"
    rf"|(?P<bytes>(?:[KMGTP]iB|[KMGTP]B|kB|bytes?|字节|(?<=\s)B)(?![A-Za-z])(?:{_PER_DEVICE})?)"  # `4 B`; `7B` is 7e9
    r"|(?P<time>(?:ms|μs|us|ns|minutes?|mins?|hours?|hrs?|h|seconds?|secs?|s|days?)(?![A-Za-z])(?:\s?(?:/|per)\s?(?:step|iter|iteration))?"
    r"|毫秒|微秒|秒钟|秒|分钟|小时|天)"
    r"|(?P<percent>%)|(?P<points>个百分点|percentage points?)"
    r"|(?P<ratio>倍)"
)
QUANTITY = re.compile(
    r"(?P<sign>[+\-±])?"
    rf"(?P<number>{NUMBER})"
    rf"(?:(?P<times>[×xX])(?![A-Za-z0-9])|(?P<mult>[kKMB](?![A-Za-z0-9])|万|亿)?(?:\s?(?:{_UNIT}))?)"
    r"(?![A-Za-z0-9_])(?!-\d)"
)

# `约 0.5 GB`, `~1.17×`, `≈ 39 GB`, `about 40 ms`: read just before a number (a regex that
# starts with the number is searched for fast; one that may start with anything is not)
APPROX_BEFORE = re.compile(r"(?:(?:约|大约|近|≈|about|around|approximately|roughly|approx\.)\s?|~)$")

HAS_DIGIT = re.compile(r"\d").search  # a text with no digit has no quantity: most cells, most lines
NAME_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_.")

_BYTE_UNITS = {
    "k": (1e3, 2.0**10),
    "m": (1e6, 2.0**20),
    "g": (1e9, 2.0**30),
    "t": (1e12, 2.0**40),
    "p": (1e15, 2.0**50),
}
_TIME_UNITS = {
    "ms": 1e-3,
    "μs": 1e-6,
    "us": 1e-6,
    "ns": 1e-9,
    "min": 60.0,
    "mins": 60.0,
    "minute": 60.0,
    "minutes": 60.0,
    "h": 3600.0,
    "hr": 3600.0,
    "hrs": 3600.0,
    "hour": 3600.0,
    "hours": 3600.0,
    "s": 1.0,
    "sec": 1.0,
    "secs": 1.0,
    "second": 1.0,
    "seconds": 1.0,
    "day": 86400.0,
    "days": 86400.0,
    "毫秒": 1e-3,
    "微秒": 1e-6,
    "秒": 1.0,
    "秒钟": 1.0,
    "分钟": 60.0,
    "小时": 3600.0,
    "天": 86400.0,
}
_MULTIPLIERS = {
    "k": (1e3, 1024.0),
    "K": (1e3, 1024.0),
    "M": (1e6, 2.0**20),
    "B": (1e9, 1e9),
    "万": (1e4, 1e4),
    "亿": (1e8, 1e8),
}


def unit_factors(q: Quantity, multiplied: bool = True) -> tuple[float, float]:
    """What one of `q`'s unit is in base units (low and high readings), with its multiplier
    (`154k tokens/s`: 1,000 tokens/s) or without it (1 token/s)."""
    low, high = q.low / q.number, q.high / q.number
    if not multiplied and q.multiplier in _MULTIPLIERS:
        by_low, by_high = _MULTIPLIERS[q.multiplier]
        if q.dim.startswith(RATE):
            by_high = by_low  # (a rate's k is 1,000)
        low, high = low / by_low, high / by_high
    return low, high


_ITEM_NAMES = {"tok": "tokens", "seq": "sequences", "seqs": "sequences", "img": "images", "imgs": "images"}


def _half_ulp(written: str) -> float:
    mantissa, _, exponent = written.replace(",", "").lower().partition("e")
    decimals = len(mantissa.split(".")[1]) if "." in mantissa else 0
    return 0.5 * 10.0 ** max(-300, min(300, int(exponent or 0) - decimals))


def _scale(match: re.Match) -> tuple[float, float, str, str]:
    """(low factor, high factor, dimension, unit as written) of a match's unit."""
    group = match.group
    if group("times") or group("ratio"):
        return 1.0, 1.0, RATIO, group("times") or "倍"
    if group("rate"):
        items = group("items").lower()
        items = _ITEM_NAMES.get(items, items if items.endswith("s") else items + "s")
        dim = f"{RATE}:{items}" + ("/device" if group("rate_dev") else "")
        # `228k tokens/s`, `1.2M tokens/s`: a rate of thousands (a rate's k is 1,000, not 1,024);
        # a B before it is a model's size (`Qwen 7B tokens/s`), no rate of billions
        if group("mult") in ("k", "K", "M"):
            factor = _MULTIPLIERS[group("mult")][0]
            return factor, factor, dim, group("rate")
        if not group("mult"):
            return 1.0, 1.0, dim, group("rate")
    if group("mult"):
        low, high = _MULTIPLIERS[group("mult")]
        return low, high, COUNT, ""
    if group("bytes"):
        unit = group("bytes")
        prefix = unit[0].lower()
        if prefix in _BYTE_UNITS and unit[1:2] in ("i", "B"):
            low, high = _BYTE_UNITS[prefix]
            if unit[1:2] == "i":
                low = high  # GiB: exact
            return low, high, BYTES, unit
        return 1.0, 1.0, BYTES, unit  # bytes, 字节
    if group("bw"):
        unit = group("bw")
        low, high = _BYTE_UNITS[unit[0].lower()]
        if unit[1:2] == "i":
            low = high
        if unit[1:2] == "b" or unit.endswith("bps"):
            low, high = low / 8, high / 8
        return low, high, BANDWIDTH, unit
    if group("flops"):
        unit = group("flops")
        factor = 1e15 if unit[0] == "P" else 1e12
        return factor, factor, FLOPS, unit
    if group("time"):
        unit = group("time")
        key = re.split(r"\s?(?:/|per)\s?", unit)[0]
        factor = _TIME_UNITS.get(key, _TIME_UNITS.get(key.lower(), 1.0))
        return factor, factor, TIME, unit
    if group("percent"):
        return 1.0, 1.0, PERCENT, "%"
    if group("points"):
        return 1.0, 1.0, POINTS, group("points")
    return 1.0, 1.0, COUNT, ""


@lru_cache(maxsize=16384)
def quantities(text: str) -> tuple[Quantity, ...]:
    """Every number of `text` (normalised) that is not part of a name, with its unit."""
    if not HAS_DIGIT(text) is not None:
        return ()
    found: list[Quantity] = []
    for match in QUANTITY.finditer(text):
        before = text[match.start() - 2 : match.start()] if match.start() > 1 else " " + text[: match.start()]
        if before[-1:] in NAME_CHARS or (before[-1:] == "-" and before[:1] in NAME_CHARS):
            continue  # part of a name: `A100`, `fp32`, `Llama2-13B`, `v2.5`
        written = match.group("number")
        number = float(written.replace(",", ""))
        if not math.isfinite(number) or abs(number) > 1e200:
            continue  # `1e309`: no quantity anyone measures, and no arithmetic survives it
        low_factor, high_factor, dim, unit = _scale(match)
        sign = match.group("sign") or ""
        value = -number if sign == "-" else number
        low, high = sorted((value * low_factor, value * high_factor))
        quantity = Quantity(
            low,
            high,
            dim,
            unit,
            value,
            _half_ulp(written) * high_factor,
            match.start(),
            match.end(),
            APPROX_BEFORE.search(text, max(0, match.start() - 14), match.start()) is not None,
            sign,
            match.group("mult") or "",
        )
        previous = found[-1] if found else None
        if (
            previous is not None
            and dim == TIME
            and previous.dim == TIME
            and not sign
            and not quantity.approx
            and text[previous.end : quantity.start].strip() in ("", "零")
            and "/" not in previous.unit + unit
            and "per" not in previous.unit + unit
            and previous.number > 0
            and number * low_factor < previous.low / previous.number  # `2 h 20 min`, `9 min 40 s`: one time
        ):
            found[-1] = Quantity(
                previous.low + low,
                previous.high + high,
                TIME,
                previous.unit + " " + unit,
                previous.number,
                quantity.ulp,
                previous.start,
                quantity.end,
                previous.approx,
                previous.sign,
            )
            continue
        found.append(quantity)
    return tuple(found)


def same_kind(a: Quantity, b: Quantity) -> bool:
    """Comparable: the same dimension (a rate of the same items, per card or not alike)."""
    return a.dim == b.dim


def show(quantity: Quantity, text: str) -> str:
    """The quantity as the text writes it."""
    return text[quantity.start : quantity.end].strip()
