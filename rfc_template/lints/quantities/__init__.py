"""Quantities as an RFC states them: numbers with units, bounds and changes, read once per
RFC and shared by the rules of meaning that can be computed (RFC330 to RFC335).

A quantity is read as engineers write it, in either edition: `256 MB`, `1.92 s`, `2 h 20 min`,
`13,470 tokens/s`, `≥ 1.12×`, `1.5 倍`, `1K`, `约 0.5 GB`, `峰值显存下降 >= 18 GB/卡`, `at least 20%
lower`, `from 21.6 s to 18.4 s or less`, `PT 6.81 s → <= 5.79 s`. Units are our own small table
(pint would cost more to import than every rule of the family costs to run): a byte size is
an interval, `1 GB` being 10^9 or 2^30 bytes as its writer may mean, and so is `1K`; a rule
concludes only what holds for every reading. What cannot be read with confidence is not read.

The package: `units` (numbers and units), `metrics` (what a number measures, and which way
is better), `claims` (bounds and changes stated of a metric), `ranges` (5.1's valid ranges);
here, the readings of the RFC's parts that several rules share, each once per document.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import NamedTuple

from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.quantities import backend_words
from rfc_template.lints.quantities.background_tables import CurrentCell, current_cells
from rfc_template.lints.quantities.claims import Claim, claims_in, clauses
from rfc_template.lints.quantities.metrics import Metric, metrics_of_cell
from rfc_template.lints.quantities.sections import section_lines, spans
from rfc_template.lints.quantities.units import BOLD, Quantity, normal, quantities

__all__ = [
    "DOTTED",
    "parameter_names",
    "Claim",
    "Metric",
    "Quantity",
    "Statement",
    "by_sections",
    "VerificationRow",
    "claims_in",
    "clauses",
    "background_cells",
    "current",
    "gains",
    "goals",
    "metrics_of_cell",
    "normal",
    "quantities",
    "section_lines",
    "section_text",
    "spans",
    "targets",
    "verification",
]

PARAMETERS, USAGE = "5.1 接口定义", "5.2 使用示例"
GOALS, NON_GOALS = "3.1 目标", "3.2 非目标"
BACKGROUND = "2. 背景"
CONSTRAINTS = "8. 约束与兼容性"
VERIFICATION = "9.3 性能 / 显存验证"  # 9.3 alone: the table of quantities (9.1 / 9.2 are read elsewhere)
PERFORMANCE_GAIN, MEMORY_GAIN, REGRESSION = "性能收益", "显存收益", "性能劣化"


@dataclass(frozen=True)
class Statement:
    """A piece of prose or a cell that states targets: where it is, and what it says."""

    line: int
    text: str  # normalised (see units.normal)
    source: str  # "2", "3.1", "8", "9.3": the part of the RFC it is in
    context: str = ""  # what it is said of: a goal's whole item, a 9.3 row's scenario
    kind: str = ""  # 8's row: PERFORMANCE_GAIN or MEMORY_GAIN; else ""


@dataclass(frozen=True)
class VerificationRow:
    """One row of 9.3's table, its cells normalised ("" for a column it lacks)."""

    line: int
    scenario: str
    baseline: str
    feature: str
    metric: str
    criterion: str
    metrics: tuple[Metric, ...] = ()  # what the 指标 cell names, in order
    continues: bool = False  # its scenario is the row above's (`同上`, `PT, same`)


LINK = re.compile(r"!?\[([^\]]*)\]\([^)]*\)")
FOOTNOTE = re.compile(r"\[\^[^\]]*\]")


@lru_cache(maxsize=4096)
def prose(line: str) -> str:
    """A line of Markdown as text: links as their text, emphasis and code marks dropped,
    normalised (units.normal)."""
    if "[" in line:
        line = FOOTNOTE.sub("", LINK.sub(r"\1", line))
    return normal(BOLD.sub("", line.replace("`", "")) if "**" in line else line.replace("`", ""))


@per_document
def _section_texts(ctx: Context) -> dict[str, list[tuple[int, str]]]:
    return {}


def section_text(ctx: Context, name: str) -> list[tuple[int, str]]:
    """(line, text) of each visible line of a section that is no table row, normalised;
    read once per RFC and section."""
    known = _section_texts(ctx)
    found = known.get(name)
    if found is None:
        found = known[name] = _read_section(ctx, name)
    return found


def _read_section(ctx: Context, name: str) -> list[tuple[int, str]]:
    found = []
    for number, line in section_lines(ctx, name):
        text = line.strip()
        if text and not text.startswith("|") and not text.startswith("#"):
            found.append((number, prose(text)))
    return found


ITEM = re.compile(r"(?:\d+[.)、]|[-*+])\s+")


@per_document
def goals(ctx: Context) -> list[Statement]:
    """3.1's items: each numbered or bulleted item with its continuation lines, at the
    line it starts (a goal written as a paragraph is one item)."""
    items: list[list] = []
    for number, text in section_text(ctx, GOALS):
        if ITEM.match(text) or not items:
            items.append([number, ITEM.sub("", text, count=1)])
        else:
            items[-1][1] += " " + text
    return [Statement(line, text, "3.1", text) for line, text in items]


# the lines of section 2 that state what the feature must reach: the success criteria and
# a performance RFC's target metric (the template's own words in either edition)
TARGET_LINE = re.compile(
    r"(?i)^(?:[-*+]\s+)?(?:完成后的成功标准|目标指标|success criteria(?: when done)?|target metrics?)\s*(?:\([^()]*\)\s*)?[:：]"
)


@per_document
def targets(ctx: Context) -> list[Statement]:
    """Section 2's success criteria and target metric lines."""
    return [
        Statement(number, text, "2", text)
        for number, text in section_text(ctx, BACKGROUND)
        if TARGET_LINE.match(text) and "xxx" not in text
    ]


CURRENT_LINE = re.compile(r"(?i)^(?:[-*+]\s+)?(?:当前指标|current metrics?)\s*(?:\([^()]*\)\s*)?[:：]")


@per_document
def current(ctx: Context) -> list[Statement]:
    """Section 2's current metric lines (a performance RFC's baseline), and its tables' cells
    of current figures (background_tables)."""
    lines = [Statement(n, text, "2", text) for n, text in section_text(ctx, BACKGROUND) if CURRENT_LINE.match(text)]
    return lines + [Statement(c.line, c.text, "2", c.header) for c in background_cells(ctx)]


@per_document
def background_cells(ctx: Context) -> list[CurrentCell]:
    return list(current_cells(ctx.doc.tables, ctx.edition.name(BACKGROUND), prose))


@per_document
def gains(ctx: Context) -> list[Statement]:
    """Section 8's performance and memory gain rows (and its regression row, kind
    REGRESSION), as the template names them in the RFC's edition."""
    ed = ctx.edition
    kinds = {ed.name(kind): kind for kind in (PERFORMANCE_GAIN, MEMORY_GAIN, REGRESSION)}
    found = []
    for table in ctx.doc.tables:
        if table.section != ed.name(CONSTRAINTS) or len(table.header) < 2:
            continue
        for offset, row in enumerate(table.rows):
            kind = kinds.get(row[0].strip("* "))
            if kind and len(row) > 1 and row[1]:
                text = prose(row[1])
                found.append(Statement(table.line + 2 + offset, text, "8", text, kind))
    return found


# `同上`, `Same as above`, `PT, same`: the row above's scenario (on one backend)
SAME_AS_ABOVE = re.compile(rf"(?i)^(?:{backend_words.NAME}\s*[,，:：]?\s*)?(?:{backend_words.SAME_WORDS})")


@per_document
def verification(ctx: Context) -> list[VerificationRow]:
    """9.3's rows, from every table of the section with a 基线 (Baseline) or 通过标准 (Pass
    criteria) column. A scenario `同上` / `Same as above` / `PT, same` is its own words, then
    the row above's."""
    ed = ctx.edition
    section = ed.name(VERIFICATION)
    columns = [ed.name(c) for c in ("场景", "基线", "开启本特性", "指标", "通过标准")]
    found = []
    for table in ctx.doc.tables:
        if table.section != section:
            continue
        header = [h.strip("* ") for h in table.header]
        at = [header.index(c) if c in header else None for c in columns]
        if at[1] is None and at[4] is None:
            continue
        previous = ""
        for offset, row in enumerate(table.rows):
            cells = [prose(row[i]) if i is not None and i < len(row) else "" for i in at]
            scenario = cells[0]
            continues = SAME_AS_ABOVE.match(scenario) is not None
            if continues:  # its own words first: `MS，同上` is said of MS, whatever the row above's
                scenario = scenario + " " + _but_what_it_names(previous, scenario)
            previous = scenario
            found.append(
                VerificationRow(
                    table.line + 2 + offset,
                    scenario,
                    cells[1],
                    cells[2],
                    cells[3],
                    cells[4],
                    metrics_of_cell(cells[3]),
                    continues,
                )
            )
    return found


class Parameter(NamedTuple):
    """A row of 5.1's parameter table."""

    line: int
    name: str  # the identifier the row names (`bucket_size_mb`), "" when it names none
    default: str
    valid: str


DOTTED = re.compile(r"[A-Za-z_][A-Za-z0-9_.]*")
# a parameter with the configuration key that sets it too: `bucket_size_mb（optimizer.offload.bucket_size_mb）`
WITH_ALIAS = re.compile(r"([A-Za-z_][A-Za-z0-9_.]*)\s*[（(]\s*`?([A-Za-z_][A-Za-z0-9_.]*)`?\s*[）)]")


def parameter_names(cell: str) -> tuple[str, ...]:
    """The names a 5.1 row's first cell gives its parameter, the first its own: the name
    (a dotted key's last part), and the configuration key written beside it; () for prose."""
    written = cell.strip("`* ")
    aliased = WITH_ALIAS.fullmatch(written)
    spellings = aliased.groups() if aliased else (written,) if DOTTED.fullmatch(written) else ()
    return tuple(dict.fromkeys(spelling.rsplit(".", 1)[-1] for spelling in spellings))


@per_document
def parameters(ctx: Context) -> list[Parameter]:
    """5.1's rows that name a parameter, with its 默认值 (Default) and 合法范围 (Valid range)."""
    ed = ctx.edition
    section, default, valid = ed.name(PARAMETERS), ed.name("默认值"), ed.name("合法范围")
    found = []
    for table in ctx.doc.tables:
        if table.section != section:
            continue
        header = [h.strip("* ") for h in table.header]
        if default not in header or valid not in header:
            continue
        at_default, at_valid = header.index(default), header.index(valid)
        for offset, row in enumerate(table.rows):
            if len(row) <= max(at_default, at_valid):
                continue
            name = next(iter(parameter_names(row[0])), "")
            found.append(Parameter(table.line + 2 + offset, name, row[at_default], row[at_valid]))
    return found


CACHED = 64  # texts of the sections a rule reads whose findings it keeps


@per_document
def _section_sources(ctx: Context) -> dict[str, tuple[int, int, str]]:
    """name -> (first line, line after, its visible text), for the sections read below."""
    return {}


FAMILY_SECTIONS = (BACKGROUND, GOALS, CONSTRAINTS, VERIFICATION)


def _sources(ctx: Context, names: tuple[str, ...]) -> tuple[tuple[int, int, str] | None, ...]:
    known = _section_sources(ctx)
    if not known:
        _read_sources(ctx, known)
    return tuple(known.get(name) for name in names)


def _read_sources(ctx: Context, known: dict) -> None:
    """The visible text of each of FAMILY_SECTIONS, in one pass over the headings."""
    ed = ctx.edition
    wanted = {ed.name(name): name for name in FAMILY_SECTIONS}
    lines = ctx.visible_lines
    last = len(lines) + 1
    open_: list[tuple[str, int, int]] = []  # (name, level, first line)
    for heading in ctx.doc.headings:
        still = []
        for name, level, start in open_:
            if heading.level <= level:
                known[name] = (start, heading.line, "\n".join(lines[start - 1 : heading.line - 1]))
            else:
                still.append((name, level, start))
        open_ = still
        opened = wanted.get(heading.section)
        if opened is not None and opened not in known and all(n != opened for n, _, _ in open_):
            open_.append((opened, heading.level, heading.line + 1))
    for name, _, start in open_:
        known[name] = (start, last, "\n".join(lines[start - 1 : last - 1]))
    known.setdefault("", None)  # read


def by_sections(*names: str) -> Callable[[Callable[[Context], list[Finding]]], Callable[[Context], list[Finding]]]:
    """`check`, computed once for each text of the sections it reads (`names`, Chinese):
    RFCs whose parts it reads are alike (fresh drafts of one kind, copies) are read once.
    Findings are kept by line within their section, placed again in each RFC's own."""

    def wrap(check: Callable[[Context], list[Finding]]) -> Callable[[Context], list[Finding]]:
        known: dict[tuple, list[tuple[int, Finding]]] = {}

        @wraps(check)
        def cached(ctx: Context) -> list[Finding]:
            parts = _sources(ctx, names)
            key = (ctx.edition.language, tuple(p[2] if p else None for p in parts))
            found = known.get(key)
            if found is None:
                computed = check(ctx)
                placed = []
                for finding in computed:
                    where = next((i for i, p in enumerate(parts) if p and p[0] <= finding.line < p[1]), None)
                    if where is None:
                        return computed  # outside the sections read: not to be shared
                    placed.append((where, finding._replace(line=finding.line - parts[where][0])))  # type: ignore[index]
                if len(known) >= CACHED:
                    known.pop(next(iter(known)))
                found = known[key] = placed
            return [f._replace(line=f.line + parts[i][0]) for i, f in found]  # type: ignore[index]

        return cached

    return wrap


def _but_what_it_names(above: str, own: str) -> str:
    """The row above's scenario less what a continuing row names of its own (`Same model, seq
    1024` under `…, seq 4096, …`: the sequence length is its own)."""
    # (imported here: scenarios reads claims, which this package's readers import)
    from rfc_template.lints.quantities.scenarios import SCENARIO_TOKENS

    for pattern in SCENARIO_TOKENS:
        if pattern.search(own):
            above = pattern.sub(" ", above)
    return above
