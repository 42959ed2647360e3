"""RFC319: 5.1's parameter table against the signatures of 5.1's code."""

from __future__ import annotations

import ast
import re

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code import python_code
from rfc_template.lints.code.interface import Interface, did_you_mean
from rfc_template.lints.code.parsing import quietly
from rfc_template.lints.code.values import agree
from rfc_template.lints.model import PARAMETERS

# the parameter table's columns, as the template heads them (each edition names its own)
NAME_COLUMN, TYPE_COLUMN, DEFAULT_COLUMN, REQUIRED_COLUMN = "入参 / 配置项", "类型", "默认值", "是否必填"


@rule(
    "RFC319",
    "table-matches-signature",
    REVIEW,
    WARNING,
    fails=edit("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |"),
    passes=(
        edit("| offload_ratio | float | 1.0 |", "| offload_ratio | float | 1（全部 offload） |"),
        # the optimizer it wraps is what it transforms: no row needed for it
        edit(
            "| optimizer | Optimizer | 无 | 是 | 要 offload 状态的优化器，参数已经过 fully_shard / parallelize_module | PT：torch.optim.Adam、AdamW、SGD；MS：nn.Adam、AdamWeightDecay、SGD | 不支持的优化器类型抛 TypeError，并列出支持的类型 |\n",
            "",
        ),
    ),
)
def table_matches_signature(ctx: Context) -> list[Finding]:
    """5.1's parameter table and the signature in 5.1's code disagree (names or defaults)

    ## What it checks
    The parameter table of 5.1 接口定义 / Interface definition (first column 入参 / 配置项 or
    Parameter / config item, or a 默认值 / Default column) against 5.1's signatures. At the
    row: a name no signature takes (and none takes `**kwargs`), a default the code contradicts,
    是否必填 / Required 是 / Yes beside a default or 否 / No without one. At the code: a parameter
    of the function the table is about that has no row, except what the function transforms:
    its first positional parameter (`self` / `cls` aside) when it has no default, `model` of
    `enable_x(model, ...)` or `module` of `fully_shard(module, *, mesh=None)`, which the
    template's own table leaves out (it documents `enabled` and `mode`); a row for it is still
    read like any other. Values compare as values (`1e-3` and 0.001, `true` and True,
    `1（全部）`); prose or a unit (`1 GB`) is never held against the code.

    ## Why a reviewer cares
    Users read the table and the code runs the signature: a table that says 512 where the
    code says 256, or lists an option the function does not take, documents a different API
    from the one under review.
    """
    python = python_code(ctx)
    if python.api is None or python.definition is None or not python.api.signatures:
        return []
    tables = [t for t in ctx.doc.tables if t.line in python.definition and is_parameter_table(t, ctx.edition)]
    return table_and_signature(python.api, tables, ctx) if tables else []


def _column(table: document.Table, ed, chinese: str, *words: str) -> int | None:
    """The index of a column, by this edition's header, or a header with one of `words`."""
    own = ed.name(chinese)
    for index, header in enumerate(table.header):
        if header == own or any(w in header.lower() for w in words):
            return index
    return None


def is_parameter_table(table: document.Table, ed) -> bool:
    if not table.header:
        return False
    return table.header[0] == ed.name(NAME_COLUMN) or _column(table, ed, DEFAULT_COLUMN, "default", "默认") is not None


# `name`, `name (positional)`, `name: int`, `name=1`, `**kwargs`; not `config.foo.bar`,
# not `a / b`, not a sentence
TABLE_NAME = re.compile(r"\**([A-Za-z_][A-Za-z0-9_]*)(?=$|[\s(（:：=,，])")
NOT_PARAMETERS = {"return", "returns", "raises", "yields", "self", "cls"}


def _table_name(cell: str) -> tuple[str, str] | None:
    """The parameter a row names, and what its cell writes after `=` (a default)."""
    text = cell.strip().strip("`").strip()
    match = TABLE_NAME.match(text)
    if match is None:
        return None
    name = match.group(1)
    if name.lower() in NOT_PARAMETERS or (name.isupper() and len(name) > 1) or name in ("True", "False", "None"):
        return None  # a return row, an environment variable
    rest = text[match.end() :].strip()
    return name, rest[1:].strip() if rest.startswith("=") else ""


@quietly
def table_and_signature(api: Interface, tables: list[document.Table], ctx: Context) -> list[Finding]:
    """RFC319. A table row naming a parameter no signature of 5.1 has, giving a default
    its signature contradicts, or marking required what has a default (or the other way
    round): at the row. A parameter of the function the table is about (the one whose
    parameters it names most) that no row names: at the parameter."""
    ed = ctx.edition
    section = ed.name(PARAMETERS)
    rows = list(_rows(tables, ed))
    if not rows:
        return []
    findings = []
    takes = {p.arg for s in api.signatures for p in (*s.parameters, *s.star)}
    open_ended = any(s.any_keyword for s in api.signatures)  # options passed on through **kwargs
    for line, name, written, required in rows:
        if name not in takes:
            if not open_ended and name not in api.functions and name not in api.methods:
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC319",
                        f"'{section}' lists '{name}', which no signature in its code takes{did_you_mean(name, takes)}",
                    )
                )
            continue
        having = [s for s in api.signatures if any(p.arg == name for p in s.parameters)]
        if not having:
            continue  # *args, **kwargs
        defaults = [s.defaults.get(name) for s in having]
        if written is not None and all(agree(written, d) is False for d in defaults):  # (one that agrees will do)
            code = f"defaults to {ast.unparse(defaults[0])}" if defaults[0] is not None else "gives it no default"
            code += f" (line {_line_of(having[0], name, defaults[0])})"
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC319",
                    f"'{section}' gives '{name}' the default {_shown(written)}, but its signature {code}",
                )
            )
        elif required is not None and all((d is None) != required for d in defaults):
            marked = f"{'' if required else 'not '}required ({ed.name(REQUIRED_COLUMN)})"
            code = "gives it a default" if required else "gives it no default"
            code += f" (line {_line_of(having[0], name, defaults[0])})"
            findings.append(
                Finding(line, 1, "RFC319", f"'{section}' marks '{name}' {marked}, but its signature {code}")
            )
    named = {row[1] for row in rows}
    about = max(
        api.signatures,
        key=lambda s: (
            sum(p.arg in named for p in s.parameters),
            sum(p.arg in named for p in s.parameters) / max(len(s.parameters), 1),
        ),
    )
    if about.parsed is not None and any(p.arg in named for p in about.parameters):
        for parameter in about.parameters:
            if parameter.arg not in named and parameter.arg != about.subject:  # (what it transforms)
                findings.append(
                    about.parsed.at(
                        parameter,
                        "RFC319",
                        f"parameter '{parameter.arg}' of {about.name} has no row in the table of '{section}'",
                    )
                )
    return findings


def _rows(tables: list[document.Table], ed):
    """(line, parameter, the default written or None, whether marked required or None)
    of each row of the tables that names a parameter."""
    for table in tables:
        type_at = _column(table, ed, TYPE_COLUMN, "type", "类型")
        default_at = _column(table, ed, DEFAULT_COLUMN, "default", "默认")
        required_at = _column(table, ed, REQUIRED_COLUMN, "required", "必填")
        for offset, row in enumerate(table.rows):
            named = _table_name(row[0]) if row else None
            if named is None:
                continue
            name, written = named
            default = row[default_at].strip() if default_at is not None and default_at < len(row) else ""
            if not default and type_at is not None and type_at < len(row) and "=" in row[type_at]:
                default = row[type_at].split("=", 1)[1].strip()  # `bool = True` in the type column
            required = _required(row[required_at]) if required_at is not None and required_at < len(row) else None
            yield table.line + 2 + offset, name, default or written or None, required


# 是 / 否, Yes / No, as the template offers them, and what else people write
REQUIRED, OPTIONAL = re.compile(r"(?i)是|必填|必选|yes\b|required\b"), re.compile(r"(?i)否|可选|no\b|optional\b")


def _required(cell: str) -> bool | None:
    """Whether a cell marks its parameter required; None for neither, or both (a choice
    left unmade is RFC302's)."""
    text = cell.strip().strip("`*_ ")
    required, optional = REQUIRED.match(text), OPTIONAL.match(text)
    if required and not OPTIONAL.search(text):
        return True
    return False if optional and not REQUIRED.search(text) else None


def _shown(written: str) -> str:
    return written if len(written) <= 40 else written[:37] + "..."


def _line_of(signature, name: str, default) -> int:
    """The line of the RFC where the signature gives the parameter its default, or names it."""
    node = default if default is not None else next(p for p in signature.parameters if p.arg == name)
    return signature.parsed.at(node, "RFC319", "").line
