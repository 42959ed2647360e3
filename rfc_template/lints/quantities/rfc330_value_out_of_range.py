"""RFC330: a default or an example's value outside the valid range 5.1 states for it."""

from __future__ import annotations

import ast
import re
from functools import lru_cache

from rfc_template.editions import edition
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code import Interface, python_code
from rfc_template.lints.code.parsing import Parsed, called_name, nodes
from rfc_template.lints.quantities import PARAMETERS, USAGE, Parameter, parameter_names, parameters
from rfc_template.lints.quantities.named_bounds import bounded, calls_broken, defaults_broken, said
from rfc_template.lints.quantities.ranges import (
    Range,
    Value,
    named_in_rest,
    outside,
    python_value,
    read_default,
    read_range,
    unit_of_name,
)


@rule(
    "RFC330",
    "value-out-of-range",
    REVIEW,
    WARNING,
    fails=(
        edit("| 256 | 否 | 每个参数桶的状态大小上限（MB）", "| 8192 | 否 | 每个参数桶的状态大小上限（MB）"),
        edit("offload_ratio=1.0, bucket_size_mb=256)", "offload_ratio=1.5, bucket_size_mb=256)"),
        edit("| kv_head_replication | bool | True |", '| kv_head_replication | bool | "auto" |', rfc="en"),
    ),
    passes=(
        edit("| 16 ~ 4096 | 越界抛 ValueError |", "| [16, 4096]，须为 16 的整数倍 | 越界抛 ValueError |"),
        edit("offload_ratio=1.0, bucket_size_mb=256)", "offload_ratio=0.5, bucket_size_mb=1024)"),
        edit("| 0 < ratio <= 1.0 |", "| (0, 1] |"),
        edit("kv_head_replication=True,", "kv_head_replication=False,", rfc="en"),
    ),
)
def value_out_of_range(ctx: Context) -> list[Finding]:
    """a default or an example's value lies outside the valid range 5.1 gives it

    ## What it checks
    Each row of 5.1 接口定义 (Interface definition)'s parameter table whose 合法范围 (Valid range)
    a program can read: an interval (`16 ~ 4096`, `1 to 64`, `[1, 8]`, `(0, 1]`, `(0, 720] h`, its unit
    after it; `[1, world_size // ep_size]`, a bound named, not written, leaves the other; `0 ~ 2^31 − 1`),
    a bound (`>= 0`, `> 0`, `0 < ratio <= 1.0`, `0 ≤ μ < 1`, `1 以上`; `pp_size ≤ n ≤ 512`, whose lower bound is another
    parameter, for its upper), `正整数` / `positive integer` and the like, `True /
    False`, a list of values (`"alltoall", "allgather"`, `1 / 2 / 4`, `"raise"：...；"warn"：...`),
    one value, `None, or` one of those, or a subset of strings (`Non-empty subset of "softmax",
    "dropout"`, `"a"、"b" 的非空子集`: a tuple or list of them); a range with one more value
    (`> 0, or float("inf")`, `1 ~ 8，或 -1 自动`) allows that value too, and one narrowed after
    `的` keeps its bounds (`32 ~ 1024 之间的 2 的幂`, `[32, 1024] 内的 2 的幂`), as does one narrowed before it (`power of two, 32 ~ 128`, `8 的倍数，64 ~
    4096`); a whole number written bare must also be a multiple of the number a range names
    (`16 ~ 1024，且为 16 的倍数` against `200`; not `multiple of 2 × cp_size`) and a power of two
    where it asks one, when the cell says it as a requirement (not `建议为 8 的倍数`, `not required
    to be a power of two`, `为 128 的倍数时…`). With units (`64 MB ~
    1 GB` against `256 MB`, `1K ~ 64K` against `4096`; a bare number takes the unit of the
    parameter's name, `bucket_size_mb`). A number other than 0 and 1 is no `True / False`.
    Reported: at the row, a 默认值 (Default) outside it; at the value, a literal (or a size
    worked out: `2**32`, `256 * 1024`) that 5.2 使用示例 (Usage example) passes for that parameter, by keyword to a function 5.1 defines, by an
    assignment to `<...>.name` or as a `name: value` line of a YAML block; a keyword set to a
    name the block assigns a literal once, at its top (`ACC_STEPS = 256`), is set to that literal. A parameter written
    with the configuration key that sets it (`offload_fraction（optimizer.offload.fraction）`)
    is known by both (`config.optimizer.offload.fraction = 1.5`).

    A bound that is another parameter of the table, by its bare name (`1 ~ bucket_size_mb`,
    `[1, bucket_size_mb)`, `大于 0 且 ≤ last_bucket_size_mb`, `且不得小于 window_steps`, `no less
    than`, `must not exceed`), is that parameter's value: a default is held to the other's
    default, and a value 5.2 passes to the other's value in the same call, or to its default
    when the call leaves it out (not a call with `**options`, or with more than one argument
    by position: the other may be one), both bare numbers in one unit.

    Nothing is said where the reading is uncertain: a range that is prose, that depends on
    an expression of other parameters (`>= dp × micro_batch_size`) or on conditions (`1f1b 时只能为 1`); a
    rest of the cell that names the value or may allow more (`；-1 表示不限`, `, or a
    callable`, `PP 时为 1`); a bare number against a range in units when the name gives
    none; strings compared without case (`"1F1B"` is `"1f1b"`). A default of None is never
    reported: None commonly means "decide for me", whatever the range says of other values.

    ## Why a reviewer cares
    A default the parameter's own check rejects raises on the first call without arguments;
    an example outside the range is the first thing users copy, and it fails. Either way the
    table, the code and the example cannot all be right, and the reviewer has to ask which is.
    """
    ed = ctx.edition
    section, valid_column = ed.name(PARAMETERS), ed.name("合法范围")
    findings = []
    readable: dict[str, tuple[Parameter, Range]] = {}
    for table in ctx.doc.tables:
        if table.section != section:
            continue
        # read once for each table's text (the template's own rows are in every draft)
        outside_rows, names = _table(ed.language, tuple(table.header), tuple(map(tuple, table.rows)))
        for offset, message in outside_rows:
            findings.append(Finding(table.line + 2 + offset, 1, "RFC330", message))
        for name, offset, default, valid, allowed in names:
            readable.setdefault(name, (Parameter(table.line + 2 + offset, name, default, valid), allowed))
    if readable and _any_outside(ctx, readable):
        usage = ed.name(USAGE)
        for line, col, name, value, written in example_values(ctx, set(readable)):
            parameter, allowed = readable[name]
            if _outside(value, allowed, parameter):
                findings.append(
                    Finding(
                        line,
                        col,
                        "RFC330",
                        f"'{usage}' sets {name} to {written}, outside the {valid_column} {allowed.text} "
                        f"that '{section}' gives it at line {parameter.line}",
                    )
                )
    return findings + _named_bounds_broken(ctx)


def _named_bounds_broken(ctx: Context) -> list[Finding]:
    """A default, or an example's value, that a bound named by another parameter rules out
    (`1 ~ bucket_size_mb`): named_bounds.py."""
    rows = [row for row in parameters(ctx) if row.name and row.valid]
    if len(rows) < 2 or not bounded(rows):
        return []
    ed = ctx.edition
    section, valid_column = ed.name(PARAMETERS), ed.name("合法范围")
    findings = [
        Finding(
            row.line,
            1,
            "RFC330",
            f"'{section}' gives {row.name} the {ed.name('默认值')} {said(broken)}, outside its "
            f"{valid_column} {_shown(row.valid)}",
        )
        for row, broken in defaults_broken(rows)
    ]
    python = python_code(ctx)
    if python.usage and python.api is not None:
        row_of, called = {row.name: row for row in rows}, _api_names(python.api)
        for parsed in python.usage:
            for node, broken in calls_broken(parsed, rows, called):
                at, row = parsed.at(node, "RFC330", ""), row_of[broken.name]
                findings.append(
                    Finding(
                        at.line,
                        at.col,
                        "RFC330",
                        f"'{ed.name(USAGE)}' sets {broken.name} to {said(broken)}, outside the {valid_column} "
                        f"{_shown(row.valid)} that '{section}' gives it at line {row.line}",
                    )
                )
    return findings


def _api_names(api: Interface) -> set[str]:
    """What 5.2 may call of 5.1's API: its functions and methods (or, with none, what it calls)."""
    return set(api.functions) | set(api.methods) | (set() if api.functions or api.methods else api.called)


# `name = literal` / `name: literal` in 5.2's text: what is read first, before any tree
# (a number may be a size worked out: `2**32`, `256 * 1024`, `1 << 20`)
SET_TO = re.compile(
    r"""\s*[=:]\s*("[^"\n]*"|'[^'\n]*'|[-+]?\.?\d[\w.+-]*(?:\s*(?:\*\*|\*|<<|//)\s*\d[\w.]*)*|True|False"""
    r"""|[(\[](?:\s*(?:"[^"\n]*"|'[^'\n]*')\s*,?)+\s*[)\]])"""
)
WORD_CHARS = frozenset("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_")
SET_TO_NAME = re.compile(r"\s*=\s*([A-Z_][A-Z0-9_]*)\b")  # `accumulation_steps=ACC_STEPS`


def _constant(code: str, end: int) -> re.Match[str] | None:
    """`name=CONSTANT` where the block assigns CONSTANT a literal at its top level
    (`ACC_STEPS = 8`): that literal, found as SET_TO finds one."""
    named = SET_TO_NAME.match(code, end)
    if named is None:
        return None
    assigned = re.search(rf"(?m)^{named.group(1)}(?=\s*=)", code)  # (not `ACC_STEPS_MAX = …`)
    return SET_TO.match(code, assigned.end()) if assigned else None


def _any_outside(ctx: Context, readable: dict[str, tuple[Parameter, Range]]) -> bool:
    """5.2's text sets one of the parameters to a literal outside its range (the tree is
    walked only then, to say where). Found with str.find, then read where found."""
    usage = ctx.edition.name(USAGE)
    for block in ctx.doc.code_blocks:
        if block.section != usage:
            continue
        code = block.code
        for name, (parameter, allowed) in readable.items():
            at = code.find(name)
            while at >= 0:
                end = at + len(name)
                if (at == 0 or code[at - 1] not in WORD_CHARS) and (end == len(code) or code[end] not in WORD_CHARS):
                    match = SET_TO.match(code, end) or _constant(code, end)
                    if match:
                        value = read_default(match.group(1))
                        if value is not None and _outside(value, allowed, parameter):
                            return True
                at = code.find(name, end)
    return False


@lru_cache(maxsize=512)
def _table(language: str, header: tuple[str, ...], rows: tuple[tuple[str, ...], ...]) -> tuple[tuple, tuple]:
    """A 5.1 table's rows whose default is outside their range ((offset, message), ...), and
    the parameters whose range can be read ((name, offset, default, valid, range), ...)."""
    ed = edition(language)
    section, default_column, valid_column = ed.name(PARAMETERS), ed.name("默认值"), ed.name("合法范围")
    columns = [h.strip("* ") for h in header]
    if default_column not in columns or valid_column not in columns:
        return (), ()
    at_default, at_valid = columns.index(default_column), columns.index(valid_column)
    outside_rows, names = [], []
    for offset, row in enumerate(rows):
        if len(row) <= max(at_default, at_valid) or not row[at_valid]:
            continue
        allowed = read_range(row[at_valid])
        if allowed is None:
            continue
        spellings = parameter_names(row[0])  # also `offload_fraction（optimizer.offload.fraction）`'s key
        name = spellings[0] if spellings else ""
        parameter = Parameter(offset, name, row[at_default], row[at_valid])
        for spelling in spellings:
            names.append((spelling, offset, row[at_default], row[at_valid], allowed))
        value = read_default(row[at_default])
        if value is not None and _outside(value, allowed, parameter):
            outside_rows.append(
                (
                    offset,
                    f"'{section}' gives {name or 'this parameter'} the {default_column} "
                    f"{_shown(row[at_default])}, outside its {valid_column} {allowed.text}",
                )
            )
    return tuple(outside_rows), tuple(names)


def _outside(value: Value, allowed: Range, parameter: Parameter) -> bool:
    return outside(value, allowed, unit_of_name(parameter.name)) and not named_in_rest(value, allowed.rest)


def _shown(cell: str) -> str:
    text = cell.strip().strip("`")
    return text if len(text) <= 40 else text[:37] + "..."


YAML_LINE = re.compile(r"^\s*(?:-\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*:\s*([^#\s][^#]*?)\s*(?:#.*)?$")


def example_values(ctx: Context, names: set[str]) -> list[tuple[int, int, str, Value, str]]:
    """(line, column, parameter, value, as written) of each literal 5.2 gives a parameter
    of `names`: a keyword of a call of 5.1's API, an assignment to `<...>.name`, a YAML line."""
    found = []
    python = python_code(ctx)
    if python.usage and python.api is not None:
        called = _api_names(python.api)
        for parsed in python.usage:
            found += _python_values(parsed, names, called)
    usage = ctx.edition.name(USAGE)
    for block in ctx.doc.code_blocks:
        language = block.info.split(maxsplit=1)[0].lower() if block.info else ""
        if language in ("yaml", "yml") and block.section == usage:
            for offset, line in enumerate(block.code.split("\n"), start=1):
                match = YAML_LINE.match(line)
                if match and match.group(1) in names:
                    value = read_default(match.group(2))
                    if value is not None:
                        found.append((block.line + offset, match.start(2) + 1, match.group(1), value, match.group(2)))
    return found


def _python_values(parsed: Parsed, names: set[str], called: set[str]) -> list[tuple[int, int, str, Value, str]]:
    text = parsed.block.code
    if not any(name in text for name in names):
        return []
    key = (text, parsed.block.line, frozenset(names), frozenset(called))
    if key not in _KNOWN:
        if len(_KNOWN) > 1024:
            _KNOWN.clear()
        _KNOWN[key] = _walk(parsed, names, called)  # the same example in many RFCs: read once
    return _KNOWN[key]


_KNOWN: dict[tuple, list[tuple[int, int, str, Value, str]]] = {}


def _constants(tree: ast.Module) -> dict[str, ast.expr]:
    """The names a block assigns once, at its top level, a literal (`ACC_STEPS = 8`)."""
    stored: dict[str, int] = {}  # every binding of a name: assignments, loops, `with … as`, imports aside
    for node in ast.walk(tree):
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            stored[node.id] = stored.get(node.id, 0) + 1
        elif isinstance(node, ast.arg):  # a parameter of that name shadows it (`def build(ACC_STEPS=8)`)
            stored[node.arg] = stored.get(node.arg, 0) + 1
    top = {
        node.targets[0].id: node.value
        for node in tree.body
        if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name)
    }
    return {name: value for name, value in top.items() if stored.get(name) == 1}


def _walk(parsed: Parsed, names: set[str], called: set[str]) -> list[tuple[int, int, str, Value, str]]:
    found = []
    constants = _constants(parsed.tree)
    for node in nodes(parsed.tree):
        if isinstance(node, ast.Call):
            if called_name(node) not in called:
                continue
            pairs = [(k.arg, k.value) for k in node.keywords if k.arg in names]
        elif isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Attribute):
            target = node.targets[0]
            pairs = [(target.attr, node.value)] if isinstance(target, ast.Attribute) and target.attr in names else []
        else:
            continue
        for name, expression in pairs:
            written = ast.unparse(expression)
            if isinstance(expression, ast.Name) and expression.id in constants:
                assigned = constants[expression.id]  # `accumulation_steps=ACC_STEPS`, `ACC_STEPS = 256` above
                line = parsed.at(assigned, "RFC330", "").line
                written, expression = f"{written} ({ast.unparse(assigned)} at line {line})", assigned
            value = python_value(expression, written)
            if value is not None and value.kind != "none":
                finding = parsed.at(expression, "RFC330", "")
                found.append((finding.line, finding.col, name, value, written))
    return found
