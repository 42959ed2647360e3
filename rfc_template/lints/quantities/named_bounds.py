"""A valid range bounded by another parameter of the same table (`1 ~ bucket_size_mb`, `[1,
bucket_size_mb]`, `大于 0 且 ≤ last_bucket_size_mb`), held to the values that parameter takes
(RFC330): its default beside the other's, and an example's keyword beside the other's in
the same call, or the other's default when the call leaves it out.

Read only where it is certain: the bound is the other parameter's bare name (not `2 *
pp_size`, not `world_size // ep_size`, not `sink_size 的整数倍`), the cell states no
condition (`bucket_order 为 backward 时`), and both values are plain numbers in one unit
(the same unit their names give, or none).
"""

from __future__ import annotations

import ast
import re
from functools import lru_cache
from typing import NamedTuple

from rfc_template.lints.code.parsing import Parsed, called_name, nodes
from rfc_template.lints.quantities import Parameter
from rfc_template.lints.quantities.ranges import python_value, read_default, unit_of_name
from rfc_template.lints.quantities.units import normal

HIGH, LOW = "high", "low"


class NamedBound(NamedTuple):
    """One side of a parameter's range that another parameter sets."""

    side: str  # HIGH or LOW
    other: str  # the other parameter's name
    open: bool  # `< other`: the other's value itself is outside


# what stands right before a bound that is a name: an operator (a negated one first: `不得小于` is
# `≥`, `no less than` no `less than`), or a range's separator after a number (INTERVAL: `1 ~`, `[1,`)
_NOT = r"(?:不|不得|不能|不应|不可|不宜)"
_BEFORE = (
    (LOW, False, rf"(?:{_NOT}(?:小于|低于|少于)|(?:no|not) (?:less|lower|fewer|smaller) than|at least|>=|≥|⩾|至少)"),
    (
        HIGH,
        False,
        rf"(?:{_NOT}(?:大于|高于|超过|多于)|(?:no|not) (?:more|greater|higher|larger) than|at most|(?:must|may|should) not exceed"
        r"|not exceeding|<=|≤|⩽|至多)",
    ),
    (HIGH, True, r"(?:<|小于|低于|less than|lower than|smaller than)"),
    (LOW, True, r"(?:>|大于|高于|greater than|more than|larger than|higher than)"),
)
INTERVAL = re.compile(r"(?:\d\s*(?:~|～|–|—|-|to|至|到)|(?P<bracket>[\[(])\s*\d[\d.]*\s*,)\s*$")
_OPERATOR_BEFORE = [(side, is_open, re.compile(rf"(?i){pattern}\s*$")) for side, is_open, pattern in _BEFORE]
# a name that is one term of an expression (`2 * pp_size`, `pp_size - 1`), or a multiple (`的倍数`)
IN_EXPRESSION_BEFORE = re.compile(r"[*/+×·%-]\s*$")
IN_EXPRESSION_AFTER = re.compile(r"\s*(?:[*/+×·%(-]|的|倍)")
# a condition or an alternative the bound holds under only (`bucket_order 为 backward 时`, `或 -1`)
CONDITIONAL = re.compile(r"(?i)时|若|如果|否则|除非|或|\b(?:when|if|unless|otherwise|or)\b")


def named_bounds(valid: str, others: set[str]) -> tuple[NamedBound, ...]:
    """The bounds a 合法范围 (Valid range) cell sets with the names of `others`."""
    text = normal(valid.replace("`", "").replace("**", ""))
    if CONDITIONAL.search(text):
        return ()
    found = []
    for other in others:
        if other not in text:
            continue
        for match in re.finditer(rf"(?<![\w.]){re.escape(other)}(?![\w.])", text):
            before, after = text[: match.start()], text[match.end() :]
            if IN_EXPRESSION_AFTER.match(after) or IN_EXPRESSION_BEFORE.search(before.rstrip("[(")):
                continue
            interval = INTERVAL.search(before)
            if interval:  # `[1, bucket_size_mb)`: its closing bracket says whether it is allowed
                found.append(NamedBound(HIGH, other, bool(interval["bracket"]) and after.lstrip().startswith(")")))
                continue
            for side, is_open, pattern in _OPERATOR_BEFORE:
                if pattern.search(before):
                    found.append(NamedBound(side, other, is_open))
                    break
    return tuple(found)


class Broken(NamedTuple):
    """A value that a bound named by another parameter rules out."""

    name: str
    value: float
    bound: NamedBound
    other_value: float
    how: str  # where the other's value comes from: `its default`, `in the same call`


def _number(value) -> float | None:
    """A bare number's value (`64`; not `64 MB`, whose unit the other may not share)."""
    if value is None or value.kind != "number" or value.quantity is None or value.quantity.unit:
        return None
    return value.quantity.number


def _breaks(value: float, bound: NamedBound, other: float) -> bool:
    if bound.side == HIGH:
        return value > other or (bound.open and value == other)
    return value < other or (bound.open and value == other)


def defaults_broken(rows: list[Parameter]) -> list[tuple[Parameter, Broken]]:
    """Each row whose default its named bound rules out, given the other's default."""
    by_name = {row.name: row for row in rows if row.name}
    found = []
    for row in rows:
        for bound in bounded(rows).get(row.name, ()):
            mine, theirs = _number(read_default(row.default)), _number(read_default(by_name[bound.other].default))
            if mine is not None and theirs is not None and _breaks(mine, bound, theirs):
                found.append((row, Broken(row.name, mine, bound, theirs, "its default")))
    return found


def bounded(rows: list[Parameter]) -> dict[str, tuple[NamedBound, ...]]:
    """name -> the bounds other parameters set it, for the rows that have any."""
    return _bounded(tuple((row.name, row.valid) for row in rows if row.name))


@lru_cache(maxsize=256)  # (a table is read by two checks, and the template's rows are in every draft)
def _bounded(rows: tuple[tuple[str, str], ...]) -> dict[str, tuple[NamedBound, ...]]:
    names = {name for name, _ in rows}
    found = {}
    for name, valid in rows:
        others = {other for other in names if other != name and unit_of_name(other) == unit_of_name(name)}
        bounds = named_bounds(valid, others) if others else ()
        if bounds:
            found[name] = bounds
    return found


def calls_broken(parsed: Parsed, rows: list[Parameter], called: set[str]) -> list[tuple[ast.expr, Broken]]:
    """Each keyword of a call of 5.1's API whose value its named bound rules out, given the
    other parameter's value in the same call, or its default where the call leaves it out."""
    by_name = {row.name: row for row in rows if row.name}
    found = []
    for node in nodes(parsed.tree):
        if (
            not isinstance(node, ast.Call)
            or called_name(node) not in called
            or any(k.arg is None for k in node.keywords)
        ):
            continue  # (`**options`: what else it sets is not known)
        given = {k.arg: k.value for k in node.keywords if k.arg}
        for name, bounds in bounded(rows).items():
            if name not in given:
                continue
            mine = _number(python_value(given[name], ast.unparse(given[name])))
            for bound in bounds:
                if bound.other in given:
                    theirs, how = _number(python_value(given[bound.other], "")), "in the same call"
                elif len(node.args) > 1 or any(isinstance(a, ast.Starred) for a in node.args):
                    continue  # (the other may be passed by its position)
                else:
                    theirs, how = _number(read_default(by_name[bound.other].default)), "its default"
                if mine is not None and theirs is not None and _breaks(mine, bound, theirs):
                    found.append((given[name], Broken(name, mine, bound, theirs, how)))
    return found


def said(broken: Broken) -> str:
    """`128, above bucket_size_mb (64, in the same call)`."""
    way = ("above" if broken.bound.side == HIGH else "below") if broken.value != broken.other_value else "equal to"
    return f"{broken.value:g}, {way} {broken.bound.other} ({broken.other_value:g}, {broken.how})"
