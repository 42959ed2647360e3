"""Section 10's PR table (实现计划): what each PR depends on names a PR of the table
(RFC324), and the dependencies can be merged in some order (RFC325).

The table names its PRs in its first column (PR1, PR2, ... in the template); a
dependency cell may name several (`PR1, PR2`, `PR1、PR3`, `PR1 和 PR2`, `PR1-PR3`) or
none (无, None, -, N/A, ...). Only names written as the table writes its own are read:
`#1234` or `TP 已合入` beside a table of `PRn` is something outside the plan, and so is
a name in a link or one marked merged or external.
"""

from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.model import DEPENDS, PLAN
from rfc_template.lints.slots import rows

# A PR's name: a prefix (PR, MR, `#`, `!`, ...) and a number, however spaced or cased:
# `PR1`, `PR 1`, `pr-1`, `PR#1`, `#1`.
NAME = re.compile(r"(?<![A-Za-z0-9])([A-Za-z]{1,8}|[#!])\s*[-_#]?\s*(\d{1,6})(?!\d)")
# `PR1-PR3`, `PR1~3`, `PR1 至 PR3`: every PR between.
RANGE = re.compile(r"\s*(?:-|–|—|~|～|\.\.|至|到|to)\s*(?:([A-Za-z]{1,8}|[#!])\s*[-_#]?\s*)?(\d{1,6})(?!\d)", re.I)
# Where one dependency ends and the next begins.
SEPARATOR = re.compile(r"[,，、/;；+&]|\band\b|和|与|及|以及")
# A dependency said to be outside the plan.
OUTSIDE = re.compile(
    r"(?i)已合入|已合并|已发布|已上线|上游|外部|社区|仓外|merged|landed|released|upstream|external|://"
)
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)|<[A-Za-z][A-Za-z0-9.+-]*:[^>]*>")


def _key(prefix: str, number: str) -> tuple[str, int]:
    return prefix.lower(), int(number)


def _own_name(cell: str) -> tuple[tuple[str, int], str] | None:
    """The PR a row is about, and its name as written: what its first cell starts with."""
    m = NAME.match(cell.strip().strip("*_`").strip())
    return (_key(*m.groups()), m.group()) if m else None


def _column(header: list[str], name: str) -> int | None:
    if name in header:
        return header.index(name)
    return next((i for i, h in enumerate(header) if "依赖" in h or "depend" in h.lower()), None)


@per_document
def dependencies(ctx: Context) -> list[Finding]:
    """RFC324 and RFC325, over section 10's table (when it is one)."""
    ed = ctx.edition
    section = ed.name(PLAN)
    table = ctx.doc.table_in(section)
    column = _column(table.header, ed.name(DEPENDS)) if table else None
    if table is None or column is None or column == 0:
        return []
    names = [(line, row, _own_name(row[0]) if row else None) for line, row in rows(table)]
    named = [(line, row, name[0] if name else None) for line, row, name in names]
    own = {name[0]: name[1] for _, _, name in names if name}  # key -> the name as written
    prefixes = {prefix for prefix, _ in own}
    if not own:
        return []
    findings: list[Finding] = []
    edges: dict[tuple[str, int], list[tuple[str, int]]] = {}
    for line, row, key in named:
        cell = row[column] if column < len(row) else ""
        linked = _linked_texts(ctx.uncommented_lines[line - 1]) if line <= len(ctx.uncommented_lines) else []
        for written, dependency in _named(cell, prefixes, linked):
            if dependency in own:
                if key:
                    edges.setdefault(key, []).append(dependency)
            else:
                known = ", ".join(own.values())
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC324",
                        f"'{section}' row '{own.get(key, row[0]) if key else row[0]}' depends on '{written}', which is no PR of the table ({known})",
                    )
                )
    return findings + _cycles(named, edges, own, section)


def _linked_texts(line: str) -> list[str]:
    """The texts of the links in a row: a linked name is a real PR elsewhere."""
    return [m.group(1) or m.group() for m in LINK.finditer(line)] if ("](" in line or "<" in line) else []


def _named(cell: str, prefixes: set[str], linked: list[str]):
    """(as written, key) of each PR a dependency cell names in the table's own way."""
    for part in SEPARATOR.split(cell):
        if not part.strip() or OUTSIDE.search(part) or any(text.strip() and text.strip() in part for text in linked):
            continue
        for m in NAME.finditer(part):
            prefix, number = m.groups()
            if prefix.lower() not in prefixes:
                continue
            yield m.group(), _key(prefix, number)
            span = RANGE.match(part, m.end())
            if span and (span.group(1) is None or span.group(1).lower() == prefix.lower()):
                for between in range(int(number) + 1, int(span.group(2)) + 1):
                    yield f"{prefix}{between}", (prefix.lower(), between)


def _cycles(named, edges: dict, own: dict, section: str) -> list[Finding]:
    """RFC325: one finding per cycle, named from its first row in the table and in the
    order the dependencies run (PR1 -> PR3 -> PR1), at the row that closes it: its last
    row in the table, where a reader from the top has seen it all."""
    order = {key: index for index, (_, _, key) in enumerate(named) if key}
    lines = {key: line for line, _, key in named if key}
    found: dict[frozenset, list] = {}
    state: dict = {}  # 1 while on the path, 2 when done

    def visit(key, path):
        state[key] = 1
        path.append(key)
        for dependency in edges.get(key, ()):
            if state.get(dependency) == 1:
                cycle = path[path.index(dependency) :]
                first = min(range(len(cycle)), key=lambda i: order[cycle[i]])
                cycle = cycle[first:] + cycle[:first]
                found.setdefault(frozenset(zip(cycle, cycle[1:] + cycle[:1])), cycle)
            elif dependency not in state:
                visit(dependency, path)
        path.pop()
        state[key] = 2

    for key in order:
        if key not in state:
            visit(key, [])
    return [
        Finding(
            lines[max(cycle, key=lambda node: order[node])],
            1,
            "RFC325",
            f"'{section}': the dependencies form a cycle ({_path(cycle, own, lines)}): none of its PRs can be merged first",
        )
        for cycle in found.values()
    ]


def _path(cycle: list, own: dict, lines: dict) -> str:
    """`PR3 (line 438) -> PR4 (line 440) -> PR3`: each PR of the cycle with the line of its row."""
    return " -> ".join(f"{own[k]} (line {lines[k]})" for k in cycle) + f" -> {own[cycle[0]]}"
