"""A collective's calls counted (`每 step reduce-scatter ≤ 150 次`, `reduce-scatter 次数从 339 降到 ≤
150`): the counts read as quantities of their own (CALLS) for claims.py, where every other
count is no quantity (`8 卡`, `24` cases)."""

from __future__ import annotations

import re

from rfc_template.lints.quantities.metrics import COLLECTIVE, LOWER, Metric, calls_of, metrics_in
from rfc_template.lints.quantities.units import CALLS, COUNT, Quantity

# a count of something else after the calls' name (`… 192 to 128 (32 layers)`): no calls
COUNTS_ANOTHER = re.compile(
    r"(?i)\s?(?:layers?|层|ranks?|cards?|卡|GPUs?|NPUs?|nodes?|节点|experts?|stages?|micro-?batch(?:es)?|steps?|步"
    r"|tokens?|buckets?|桶)(?![A-Za-z])"
)
# a count said as calls (`150 次`, `≤ 150 次/step`, `339 calls`; not `次数`)
CALLED = re.compile(r"(?i)\s?(?:次(?!数)|calls?\b|launches\b)")


def counted_as_calls(clause: str, read: tuple[Quantity, ...], context: tuple[Metric, ...]) -> tuple[Quantity, ...]:
    """The counts said as calls (`≤ 150 次`), where the clause names a collective, and every
    count where it names a collective's calls (`reduce-scatter 次数从 339 降到 ≤ 150`) or
    9.3's 指标 does: of dimension CALLS."""
    named = COLLECTIVE.search(clause)
    if not (named or context):
        return read
    # a collective's calls named as such (`reduce-scatter 次数`, `all-gather calls`: metrics.py's lexicon)
    said = next((m for m in metrics_in(clause) if CALLS in m.dims), None) if named else None
    every = said.end if said else 0 if any(CALLS in m.dims for m in context) else None  # (from there on)
    if named is None and every is None:
        return read
    found = []
    for q in read:
        called = CALLED.match(clause, q.end) if q.dim == COUNT and not q.multiplier else None
        if called or (
            every is not None
            and q.start >= every
            and q.dim == COUNT
            and not q.multiplier
            and not COUNTS_ANOTHER.match(clause, q.end)
        ):
            q = q._replace(dim=CALLS, unit=called.group().strip() if called else "")
        found.append(q)
    return tuple(found)


def one_collectives_calls(clause: str) -> Metric | None:
    """The calls of the one collective the clause names (`每 step reduce-scatter ≤ 150 次`);
    None when it names none or several (`1 次 all-reduce 和 2 次 all-gather`)."""
    named = {calls_of(m.group()) for m in COLLECTIVE.finditer(clause)}
    return Metric(named.pop(), LOWER, (CALLS,)) if len(named) == 1 else None
