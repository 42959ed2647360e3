"""A formula of 5.1's parameters written with the value it has at their defaults (RFC335).

`device 缓冲池大小为 (prefetch_buckets + 2) × bucket_size_mb，默认 1 GB`: the parameter table
gives prefetch_buckets 2 and bucket_size_mb 256, so the formula is 1024 MB at the defaults,
which `1 GB` is; `默认 512 MB` is not. Only a formula whose every name is a parameter with a
numeric default is read, and its unit is the one parameter's whose name carries a unit
(`bucket_size_mb`), when the formula is proportional to it; else it is a count.
"""

from __future__ import annotations

import ast
import operator
import re
from functools import lru_cache

from rfc_template.lint.context import Context, per_document
from rfc_template.lints.quantities import PARAMETERS, parameter_names
from rfc_template.lints.quantities.ranges import read_default, unit_of_name
from rfc_template.lints.quantities.units import COUNT, Quantity, quantities

# a formula of names and numbers, then the value it has by default: `(a + 2) × b，默认 1 GB`,
# `a × b (by default 512 MB)`, `a * b = 1 GiB by default`
FORMULA = re.compile(
    r"(?P<formula>[(\s]*[A-Za-z_][A-Za-z0-9_]*(?:\s*[)]*\s*[-+×*/·]\s*[(]*\s*(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?))+[)\s]*"
    r"|[(\s]*\d+(?:\.\d+)?(?:\s*[)]*\s*[-+×*/·]\s*[(]*\s*(?:[A-Za-z_][A-Za-z0-9_]*|\d+(?:\.\d+)?))+[)\s]*)"
    r"(?:[,，;；]\s*|\s*[(（]\s*)(?:默认(?:为|是|值为|配置下|情况下)?|by default|defaults? to|with the defaults?|at the defaults?)\s*[:：]?\s*"
    r"(?:约|大约|about|around|~|≈)?\s*(?P<value>\d[\d,.]*\s*[A-Za-z]+)"
)
NAME = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")
OPERATOR_BEFORE = re.compile(r"[-+×*/·]\s*$")
OPERATOR_AFTER = re.compile(r"\s*[-+×*/·=]")
CONSTANT = re.compile(r"(?<![A-Za-z0-9_.])\d+(?:\.\d+)?")
OPERATORS = {ast.Add: operator.add, ast.Sub: operator.sub, ast.Mult: operator.mul, ast.Div: operator.truediv}


@per_document
def defaults(ctx: Context) -> dict[str, float]:
    """The numeric default of each 5.1 parameter (also under the configuration key written
    beside its name), read once per RFC."""
    known: dict[str, float] = {}
    ed = ctx.edition
    section, column = ed.name(PARAMETERS), ed.name("默认值")
    for table in ctx.doc.tables:
        header = [h.strip("* ") for h in table.header]
        if table.section != section or column not in header:
            continue
        at = header.index(column)
        for row in table.rows:
            if len(row) <= at:
                continue
            value = read_default(row[at])
            if value is None or value.kind != "number" or value.quantity is None or value.quantity.dim != COUNT:
                continue
            for name in parameter_names(row[0]):
                known[name] = value.quantity.number
    return known


def formula_messages(text: str, known: dict[str, float]) -> list[str]:
    """What is wrong with the formulas of one line (prose, normalised) at the defaults."""
    if not known or not any(name in text for name in known):
        return []
    found = []
    for match in FORMULA.finditer(text):
        if OPERATOR_BEFORE.search(text, 0, match.start("formula")) or OPERATOR_AFTER.match(text, match.end()):
            continue  # a factor before the names (`32 层 × bucket_size_mb`), a value worked out (`256 MB × 2`)
        formula = match.group("formula").strip()
        names = set(NAME.findall(formula))
        if not names or not names <= known.keys():
            continue  # a name that is no parameter with a numeric default: not read
        if any(float(number) >= 1000 for number in CONSTANT.findall(formula)):
            continue  # `/ 1024`: a change of unit the formula's unit does not follow
        value = _evaluate(formula, tuple(sorted((n, known[n]) for n in names)))
        stated = quantities(match.group("value"))
        if value is None or len(stated) != 1:
            continue
        result = _as_quantity(value, formula, names, known)
        if result is None or result.dim != stated[0].dim:
            continue
        if not _agrees(stated[0], result, approx="约" in match.group() or "~" in match.group() or "≈" in match.group()):
            at = ", ".join(f"{name} {known[name]:g}" for name in sorted(names))
            found.append(
                f"{formula} is {result.number:g} {result.unit} at the defaults 5.1 gives ({at}), "
                f"not the {match.group('value').strip()} given"
            )
    return found


@lru_cache(maxsize=1024)
def _evaluate(formula: str, values: tuple[tuple[str, float], ...]) -> float | None:
    try:
        tree = ast.parse(formula.replace("×", "*").replace("·", "*"), mode="eval").body
    except (SyntaxError, ValueError, RecursionError, MemoryError):
        return None
    names = dict(values)

    def value_of(node: ast.expr) -> float:
        if isinstance(node, ast.Constant) and isinstance(node.value, (int, float)) and not isinstance(node.value, bool):
            return float(node.value)
        if isinstance(node, ast.Name):
            return names[node.id]
        if isinstance(node, ast.BinOp) and type(node.op) in OPERATORS:
            return OPERATORS[type(node.op)](value_of(node.left), value_of(node.right))
        raise ValueError(ast.dump(node))

    try:
        return value_of(tree)
    except (ValueError, KeyError, ZeroDivisionError, OverflowError):
        return None


def _as_quantity(value: float, formula: str, names: set[str], known: dict[str, float]) -> Quantity | None:
    """The formula's value in the unit of its one parameter with a unit in its name, when
    the formula is proportional to it (doubling it doubles the value)."""
    units = {name: unit_of_name(name) for name in names if unit_of_name(name)}
    if len(units) > 1:
        return None
    if not units:
        unit = ""
    else:
        ((name, unit),) = units.items()
        doubled = _evaluate(formula, tuple(sorted((n, known[n] * (2 if n == name else 1)) for n in names)))
        if doubled is None or abs(doubled - 2 * value) > 1e-9 * max(1.0, abs(value)):
            return None
    read = quantities(f"{value:g} {unit}".strip())
    return read[0] if len(read) == 1 else None


def _agrees(stated: Quantity, result: Quantity, approx: bool) -> bool:
    """The stated value can be the result in either reading of its prefixes (`1 GB` for
    1024 MB), allowing the stated number's rounding and 5% for `约`."""
    margin = stated.ulp + (0.05 * max(abs(stated.high), abs(result.high)) if approx else 0.0)
    return (
        abs(stated.low - result.low) <= margin
        or abs(stated.high - result.high) <= margin
        or (abs(stated.low - result.high) <= margin or abs(stated.high - result.low) <= margin)
    )
