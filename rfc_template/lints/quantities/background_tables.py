"""Section 2's current figures written as a table, one column per backend or a column of
today's values (or one row per backend, each named alone, and a column per metric):

    | Metric     | PT (torch_npu) | MS     |
    | Step time  | 8.42 s         | 8.61 s |

Each cell is read as the line `当前指标：…` would say it: its row's metric, its value, and the
backend its column names (`Step time 8.42 s（PT）`). A column of targets (`目标` / `Target`)
is no current figure; nor is a row whose first cell names no metric, or more than one.

Any figure of section 2's tables, today's or not, is a cell of a row that names one metric,
or of a column that does (`| 现有做法 | 问题 | step time | 吞吐 | 单卡峰值显存 |`): what
RFC331 asks a unit of (`metric_cells`).
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterator
from typing import NamedTuple

from rfc_template.document import Table
from rfc_template.lints.quantities.backend_words import NAME, backend_of
from rfc_template.lints.quantities.metrics import TIME_NAMED, metrics_in, unit_given
from rfc_template.lints.quantities.units import COUNT, PERCENT, RATIO, quantities

TODAY = re.compile(r"(?i)当前|现状|现有|基线|current|today|baseline|before|\bnow\b")
TARGET = re.compile(
    r"(?i)目标|预期|预计|预估|估算|理论|本方案|优化后|开启|\+|target|goal|expected|estimat|theor|after|with\b|this RFC"
)
UNIT_HEADER = re.compile(r"(?i)\s*(?:单位|计量单位|units?)\s*")
# a header that is a backend's name and nothing more: `PT`, `PT (torch_npu)`, `MindSpore`
BACKEND_ONLY = re.compile(rf"\s*(?:{NAME})\s*(?:[(（][^()（）]*[)）])?\s*")


class CurrentCell(NamedTuple):
    line: int
    metric: str  # the row's first cell, as text
    value: str  # the cell
    backend: str  # the one its column names, or ""
    header: str  # its column's

    @property
    def text(self) -> str:
        """As a line of current figures says it: `Step time 8.42 s（PT）`."""
        return f"{self.metric} {self.value}" + (f"（{self.backend}）" if self.backend else "")


def current_cells(tables: list[Table], section: str, prose: Callable[[str], str]) -> Iterator[CurrentCell]:
    """Each current figure in the tables of `section`, row by row."""
    for table in tables:
        if table.section != section or len(table.header) < 2:
            continue
        if _by_backend(table, prose):
            yield from _backend_rows(table, prose)
            continue
        columns = [(index, backend_of(prose(h))) for index, h in enumerate(table.header) if index and _today(prose(h))]
        if len({b for _, b in columns}) < len(columns):
            continue  # two columns of today's for one backend (or none): which is today's is not certain
        for offset, row in enumerate(table.rows):
            named = prose(row[0])
            if len(metrics_in(named)) != 1:
                continue
            for index, backend in columns:
                value = prose(row[index]) if index < len(row) else ""
                if any(ch.isdigit() for ch in value):
                    yield CurrentCell(table.line + 2 + offset, named, value, backend, prose(table.header[index]))


def _by_backend(table: Table, prose: Callable[[str], str]) -> bool:
    """A table of a row per backend, each named alone, and no column of targets or estimates:
    `| 后端 | step time | 吞吐 |` over `| PT | 14.4 s | 284 tokens/s/卡 |`."""
    names = [prose(row[0]) for row in table.rows]
    backends = [backend_of(name) for name in names]
    return (
        len(table.rows) >= 1
        and all(BACKEND_ONLY.fullmatch(name) for name in names)
        and len(set(backends)) == len(backends)
        and not any(TARGET.search(prose(h)) for h in table.header)
    )


def _backend_rows(table: Table, prose: Callable[[str], str]) -> Iterator[CurrentCell]:
    metrics = {i: prose(h) for i, h in enumerate(table.header) if i and len(metrics_in(prose(h))) == 1}
    for offset, row in enumerate(table.rows):
        backend = backend_of(prose(row[0]))
        for index, named in metrics.items():
            value = prose(row[index]) if index < len(row) else ""
            if any(ch.isdigit() for ch in value):
                yield CurrentCell(table.line + 2 + offset, named, value, backend, prose(row[0]))


def metric_cells(tables: list[Table], section: str, prose: Callable[[str], str]) -> Iterator[tuple[int, str, str]]:
    """(line, metric as named, cell) of every figure of a metric in the tables of `section`,
    by row (`| Step time | 8.42 s | 8.61 s |`) or by column (a header `| … | step time | 吞吐 |`)."""
    for table in tables:
        if table.section != section or len(table.header) < 2:
            continue
        headers = [prose(h) for h in table.header]
        if any(UNIT_HEADER.fullmatch(h) for h in headers):
            continue  # `| 指标 | 单位 | PT | MS |`: the units in a column of their own
        by_column = {i: h for i, h in enumerate(headers) if i and len(metrics_in(h)) == 1}
        for offset, row in enumerate(table.rows):
            line, named = table.line + 2 + offset, prose(row[0])
            by_row = len(metrics_in(named)) == 1
            for index in range(1, len(row)):
                metric = named if by_row else by_column.get(index)
                if metric is not None:
                    yield line, metric, prose(row[index])


def _today(header: str) -> bool:
    """A column of today's values: today's (`当前`, `PT 基线`), or one backend's named alone
    (`PT (torch_npu)`); not an estimate or a target (`PT + offload（预估）`, `MS 本方案`)."""
    if TARGET.search(header):
        return False
    return TODAY.search(header) is not None or BACKEND_ONLY.fullmatch(header) is not None


# a cell that is one figure and nothing else (`15 min`, `约 6 min`, `6`)
ALONE = re.compile(r"\s*(?:约|大约|~|≈|about)?\s*(?P<figure>[\d.,]+\s*\S*?)\s*")
PLAIN = re.compile(r"\d+(?:,\d{3})*(?:\.\d+)?")


def bare_among_units(
    tables: list[Table], section: str, prose: Callable[[str], str]
) -> Iterator[tuple[int, str, str, str]]:
    """(line, header, the bare cell, the unit) of a figure written with no unit in a column
    of `section`'s tables that names one quantity (`平均耗时`, `Step time`) and whose other
    figures, two or more, all carry a unit of it (`| 环节 | 平均耗时 |` over `15 min`, `9 分钟`,
    `6`): the unit was left out. Not where the header gives the unit (`耗时（min）`), nor in a
    column of values of all sorts (`| 项目 | 数值 |`), of counts, ratios or percentages; a 0
    needs none."""
    for table in tables:
        if table.section != section or len(table.header) < 2:
            continue
        for index in range(1, len(table.header)):
            header = prose(table.header[index])
            if (
                unit_given(header)
                or UNIT_HEADER.fullmatch(header)
                or not (metrics_in(header) or TIME_NAMED.search(header))
            ):
                continue
            units, bare = [], []
            for offset, row in enumerate(table.rows):
                cell = prose(row[index]) if index < len(row) else ""
                alone = ALONE.fullmatch(cell)
                if alone is None:
                    continue
                figure = alone.group("figure")
                if PLAIN.fullmatch(figure):
                    if float(figure.replace(",", "")):
                        bare.append((table.line + 2 + offset, figure))
                    continue
                found = quantities(figure)
                if len(found) == 1 and found[0].unit and found[0].dim not in (COUNT, PERCENT, RATIO):
                    units.append(found[0])
            if len({q.dim for q in units}) == 1 and len(units) >= 2 and len(bare) == 1:
                yield bare[0][0], header, bare[0][1], Counter(q.unit for q in units).most_common(1)[0][0]
