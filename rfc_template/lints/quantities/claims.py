"""What a text states of a metric: a bound (`step time <= 5.79 s`, `at most 60 GiB`), a change
(`峰值显存下降 >= 18 GB`, `at least 20% lower`, `增加 <= 12%`), a ratio (`≥ 1.12×`, `的 1.5 倍以内`)
or a transition (`从 2 h 20 min 降到 25 min`, `6.81 s → <= 5.79 s`, `from 21.6 s to 18.4 s or less`).

A text is cut into sentences (`;`, `。`) and those into clauses (`,`, `、`), never inside
brackets: `step time <= 5.79 s（下降 >= 15%）` is one clause. A number belongs to the last
metric named before it in its clause, or in the clause before it in the same sentence
(`PT 下降 >= 14%、MS 下降 >= 12%`), or to the one metric of the context that takes its unit
(a 9.3 row's 指标); otherwise to none, and no rule reads it. Only the words right before a
number and right after it are read as its operator and its change: what lies further off
may be said of something else.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rfc_template.lints.quantities.backend_words import backend_after, backend_before, backend_of, backend_of_scenario
from rfc_template.lints.quantities.claim_words import (
    ACTION_KEYS,
    ACTION_METRIC,
    ANY_OP,
    BACKEND_WORD,
    BRACKETS,
    CLAUSE_END,
    COST,
    COUNTED_COST,
    FROM_BASELINE,
    LEAD,
    OF_METRIC,
    ORIGIN_POSTFIX,
    PER_STEP_LEAD,
    PER_STEP_UNIT,
    PERCENT_OF,
    RELATIVE,
    SENTENCE_END,
    STEP_TIME,
    TAIL,
    TO,
    VERB_FROM,
    said_as_extra,
)
from rfc_template.lints.quantities.collective_calls import counted_as_calls, one_collectives_calls
from rfc_template.lints.quantities.metrics import HIGHER, LOWER, Metric, metrics_in
from rfc_template.lints.quantities.trades import spent, trades
from rfc_template.lints.quantities.units import (
    CALLS,
    COUNT,
    HAS_DIGIT,
    PERCENT,
    POINTS,
    RATIO,
    TIME,
    Quantity,
    quantities,
    unit_factors,
)

ABS, DELTA, RATIO_OF, TRANSITION = "abs", "delta", "ratio", "transition"
UP, DOWN, BETTER, WORSE = "up", "down", "better", "worse"
LE, LT, GE, GT = "le", "lt", "ge", "gt"


class Claim(NamedTuple):
    metric: Metric | None
    quantity: Quantity  # in the clause's own offsets
    kind: str  # ABS, DELTA, RATIO_OF, TRANSITION
    op: str = ""  # LE, LT, GE, GT or "" (stated as a value)
    change: str = ""  # DELTA: UP, DOWN, BETTER or WORSE as written
    origin: Quantity | None = None  # TRANSITION: the value it starts from
    verb: str = ""  # TRANSITION: UP / DOWN when its verb says (降到, 提升到), else ""
    clause: str = ""
    relative: bool = False  # said against something named (基线 + 1%, 不保存时的 99%)
    cost: bool = False  # its clause states a cost or a regression (代价, 但, at the cost of)
    backend: str = ""  # "PT" or "MS" when its clause names one backend only
    sentence: int = 0  # which sentence of the text it is in (claims of one sentence go together)

    @property
    def direction(self) -> str:
        """UP or DOWN: which way the claim moves its metric ("" when it cannot be told)."""
        if self.kind == TRANSITION and self.origin is not None:
            if self.quantity.less(self.origin):
                return DOWN
            if self.origin.less(self.quantity):
                return UP
            return ""
        if self.kind != DELTA:
            return ""
        if self.change in (UP, DOWN):
            return self.change
        if self.metric is None:
            return ""
        better = DOWN if self.metric.better == LOWER else UP
        return better if self.change == BETTER else (UP if better == DOWN else DOWN)

    @property
    def sense(self) -> str:
        """BETTER or WORSE for the metric, "" when unknown."""
        if self.metric is None:
            return ""
        if self.kind == DELTA and self.change in (BETTER, WORSE):
            return self.change
        direction = self.direction
        if not direction:
            return ""
        return BETTER if (direction == DOWN) == (self.metric.better == LOWER) else WORSE

    @property
    def target(self) -> bool:
        """A change claimed as a target (at least, or as a plain value), not a bound on one."""
        return self.op in (GE, GT, "")

    @property
    def tolerance(self) -> bool:
        """A bound on a change (`增加 <= 12%`, `Regression <= 3%`)."""
        return self.kind == DELTA and self.op in (LE, LT)


def _top_level_split(text: str, pattern: re.Pattern) -> list[str]:
    """`text` cut at `pattern` wherever no bracket is open."""
    if "(" not in text and "[" not in text:
        return pattern.split(text)  # (most texts: the split in C)
    parts, start = [], 0
    for stop, after in top_level_stops(text, pattern):
        parts.append(text[start:stop])
        start = after
    parts.append(text[start:])
    return parts


def top_level_stops(text: str, pattern: re.Pattern) -> list[tuple[int, int]]:
    """Where `pattern` matches in `text` (start, end) with no bracket open: `(4.0 s, ≤ 4.04 s)`
    is one aside of its clause."""
    stops = [(m.start(), m.end()) for m in pattern.finditer(text)]
    if not stops or ("(" not in text and "[" not in text):
        return stops
    depth, bracket = 0, BRACKET_MARKS.finditer(text)
    found = []
    mark = next(bracket, None)
    for stop, after in stops:
        while mark is not None and mark.start() < stop:
            depth = depth + 1 if mark.group() in "([" else max(0, depth - 1)
            mark = next(bracket, None)
        if depth == 0:
            found.append((stop, after))
    return found


BRACKET_MARKS = re.compile(r"[()\[\]]")


@lru_cache(maxsize=8192)
def clauses(text: str) -> tuple[tuple[str, ...], ...]:
    """The sentences of `text`, each as its clauses."""
    return tuple(tuple(_top_level_split(sentence, CLAUSE_END)) for sentence in _top_level_split(text, SENTENCE_END))


def _op(match: re.Match, prefix: str = "") -> str:
    for name in (LE, GE, LT, GT):
        if match.group(prefix + name):
            return name
    return ""


def _change(match: re.Match) -> str:
    for name in (DOWN, UP, BETTER, WORSE):
        if match.group(name):
            return name
    return ""


@lru_cache(maxsize=8192)
def claims_in(text: str, context: tuple[Metric, ...] = ()) -> tuple[Claim, ...]:
    """What `text` (normalised) claims of metrics; `context`: the metrics a number with
    no metric of its own may belong to (9.3's 指标), by its unit."""
    if not HAS_DIGIT(text) is not None:
        return ()
    found: list[Claim] = []
    before: list[Metric] = []  # the metrics named so far in the text
    last: tuple[Metric, ...] = ()  # what the clause before names, where it gives a time of it
    for number, sentence in enumerate(clauses(text)):
        in_sentence: list[Metric] = []
        sentence_backend = backend_of(" ".join(sentence))
        owns = []
        for index, clause in enumerate(sentence):
            if index == 0 and backend_of(clause):
                last = ()  # a new sentence on a backend's own (`…；MS ≤ 19.4 s per step`): another subject
            own = _clause_claims(clause, (tuple(before), tuple(in_sentence), last), context, sentence_backend)
            owns.append(own)
            named = metrics_in(clause)
            last = named if any(c.quantity.dim == TIME for c in own) else ()
            before.extend(named)
            in_sentence.extend(named)
        if trades(sentence):  # `多用约 18.7 GB，以换取 0.80 s/step`: what it spends is a cost it says
            gained = {c.metric.key for own in owns for c in own if c.kind == DELTA and c.sense == BETTER and c.metric}
            owns = spent(sentence, owns, gained)
        found.extend(claim._replace(sentence=number) for own in owns for claim in own)
    return tuple(found)


def _native(metric: Metric, dim: str) -> bool:
    return any(dim == d or dim.startswith(d + ":") for d in metric.dims)


def _carried(quantity: Quantity, carried: tuple[tuple[Metric, ...], ...]) -> Metric | None:
    """The metric a number with none of its own in its clause continues: for a time, a size,
    a rate, the last metric of the text that takes it (`...: from 47.2 s to 40.1 s or less`),
    but for a time per step only the one of the clause just before, where that gives a time
    of it (`暴露通信：PT 0.9 s/step，MS 0.8 s/step`; not `…, and with it MS ≤ 19.4 s per step`,
    nor `优化器阶段耗时大幅缩短。每步不超过 9.52 s/step`: the step time's); for a percentage or a ratio, the sentence's metric when it names only one."""
    before, in_sentence, last = carried
    if quantity.dim == TIME and PER_STEP_UNIT.search(quantity.unit):
        before = last
    if quantity.dim in (PERCENT, POINTS, RATIO):
        keys = {m.key for m in in_sentence}
        return in_sentence[-1] if len(keys) == 1 else None
    return next((m for m in reversed(before) if _native(m, quantity.dim)), None)


COMPARED = re.compile(r"(?i)\s*(?:less|lower|more|higher|smaller|larger)\s+")  # `30% less peak memory`


def _metric_for(quantity: Quantity, named: tuple[Metric, ...], carried, context, clause: str) -> Metric | None:
    after = next((m for m in named if m.start >= quantity.end), None)
    gap = clause[quantity.end : after.start] if after is not None else ""
    if after is not None and COMPARED.fullmatch(gap) and after.takes(quantity.dim):
        return after  # `30% less peak memory`: the one it is said of, whatever was named before
    if after is not None and gap.strip() and OF_METRIC.fullmatch(gap) and _native(after, quantity.dim):
        # `snapshot memory ≤ 6 GB of host DRAM`, `… and ≤ 0.5 GB of extra device memory`: its own
        return after
    before = [m for m in named if m.end <= quantity.start and m.takes(quantity.dim)]
    if before:
        return before[-1]  # `step time ≤ 17,410 ms and ≥ 941 tokens/s`: a rate is no step time's
    if after is not None and OF_METRIC.fullmatch(gap) and _native(after, quantity.dim):
        return after  # `… and ≤ 16 MB peak device memory`: its own, whatever came before
    if any(m.end <= quantity.start for m in named) and not context:
        return None  # a clause that names only other metrics, where nothing says whose this is
    if after is not None and OF_METRIC.fullmatch(gap):
        return after if after.takes(quantity.dim) else None  # `45% MFU`, `250 MB of peak memory`
    continued = None if CONSEQUENCE.match(clause) else _carried(quantity, carried)
    if continued is not None:
        return continued
    native = [m for m in context if _native(m, quantity.dim)]
    if len(native) == 1:
        return native[0]
    if len(context) == 1 and context[0].takes(quantity.dim):
        return context[0]
    if quantity.dim == CALLS:
        return one_collectives_calls(clause)  # `每 step reduce-scatter ≤ 150 次`
    if quantity.dim == TIME and not context:
        lead = PER_STEP_LEAD.match(clause[: quantity.start])
        if PER_STEP_UNIT.search(quantity.unit) or (lead is not None and lead["each"]):
            return STEP_TIME  # `MS 9.6 → ≤ 8.0 s/step`, `每步 ≤ 4.02 s`: a time per step, no other metric named
        verb = ACTION_METRIC.search(clause)
        if verb is not None:  # `25 min 内在 60 个节点上恢复训练`: the time it takes to recover
            return Metric(ACTION_KEYS[next(k for k, v in verb.groupdict().items() if v)], LOWER, (TIME,))
    return None


# a clause that says what follows from the one before (`…, and with it MS ≤ 19.4 s per step`,
# `，从而 step time …`): the metric of that one is not carried into it
CONSEQUENCE = re.compile(r"(?i)\s*(?:and\s+)?(?:with it|with that|so|thus|hence|therefore|从而|进而|因此|随之|使得?)\b")


def _with_bare_befores(clause: str, read: tuple[Quantity, ...]) -> list[Quantity]:
    """The clause's quantities, counts left out, but a bare number that goes to a quantity
    (`峰值显存 52.3 → ≤ 52.6 GiB`, `from 8 to 6 s`, `reduce-scatter 339 → ≤ 150 次`): the before,
    in its after's unit (one written out in full takes no K: `131,072 → 154k tokens/s`)."""
    values = []
    for index, q in enumerate(read):
        after = read[index + 1] if index + 1 < len(read) else None
        if (
            (q.bare or (q.multiplier and not q.unit and q.multiplier == getattr(after, "multiplier", None)))
            and not q.sign
            and after is not None
            and after.dim != COUNT
            and after.number
            and TO.match(clause[q.end : after.start])
        ):
            low, high = unit_factors(after, multiplied=not (q.bare and abs(q.number) >= 10 * abs(after.number)))
            own = q.ulp * q.number / q.high if q.high else q.ulp  # its last digit's half, unscaled (`385.5k`: 0.05)
            q = q._replace(low=q.number * low, high=q.number * high, ulp=own * high, dim=after.dim, unit=after.unit)
        if q.dim != COUNT:
            values.append(q)
    return values


def _verb_before(clause: str, origin: int) -> str:
    """The way an English verb before `from` says a transition goes: `falls from 13% to …`."""
    said = VERB_FROM.search(clause, max(0, origin - 32), origin)
    return "" if said is None else DOWN if said.group("down") else UP


def _clause_claims(clause: str, carried, context, sentence_backend: str) -> list[Claim]:
    values = _with_bare_befores(clause, counted_as_calls(clause, quantities(clause), context))
    if not values:
        return []
    named = metrics_in(clause)
    cost = COST.search(COUNTED_COST.sub("", clause)) is not None
    default_backend = backend_of(clause) or sentence_backend
    claims: list[Claim] = []
    origins: set[int] = set()
    taken: set[int] = set()  # backend words said of a value before them
    for index, quantity in enumerate(values):
        previous = values[index - 1] if index else None
        mentions = [m.end for m in named if m.end <= quantity.start]
        lead_start = max([0, *mentions, previous.end if previous else 0])
        lead = BACKEND_WORD.sub("", BRACKETS.sub("", clause[lead_start : quantity.start]))
        tail = clause[quantity.end : quantity.end + 24]
        metric = _metric_for(quantity, named, carried, context, clause)
        after = backend_after(clause, quantity.end)
        tagged: str | None = after[0] if after else backend_before(clause, quantity.start, frozenset(taken))
        if after is not None:
            taken.add(after[1])
        backend = default_backend if tagged is None else tagged
        of_percent = previous is not None and previous.dim == PERCENT and PERCENT_OF.fullmatch(lead)  # `3% above 8 s`
        relative = bool((RELATIVE.search(lead) and not FROM_BASELINE.search(lead)) or of_percent)
        ahead = TAIL.match(tail)
        postfix = ""
        tail_change = ""
        if ahead:
            postfix = LE if ahead.group("ple") else GE if ahead.group("pge") else ""
            tail_change = _change(ahead)
        # a transition: `A → B`, `从 A 降到 B`, `A to B or less`
        if previous is not None and previous.dim == quantity.dim and not (mentions and mentions[-1] > previous.end):
            between = BACKEND_WORD.sub("", BRACKETS.sub("", clause[previous.end : quantity.start]))
            between = ORIGIN_POSTFIX.sub("", between, count=1)  # `从 2 小时以上降到 ...`
            to = TO.match(between)
            if to:
                origins.add(index - 1)
                verb = DOWN if to.group("down") else UP if to.group("up") else _verb_before(clause, previous.start)
                claims.append(
                    Claim(
                        metric,
                        quantity,
                        TRANSITION,
                        _op(to) or postfix,
                        origin=previous,
                        verb=verb,
                        clause=clause,
                        cost=cost,
                        backend=backend,
                    )
                )
                continue
        before = LEAD.search(lead)
        op = (_op(before, "x") or _op(before)) if before else ""  # (the operator next to the number: `up to ≥ 12,480`)
        op = op or postfix
        change = (_change(before) if before else "") or tail_change
        if not change and metric is not None and said_as_extra(clause, metric, quantity):
            change = UP  # `extra peak ≤ 16 MB`, `额外显存 ≤ 2 GB`: what it adds, not what it is
        if not change and quantity.sign in ("+", "-"):
            change = UP if quantity.sign == "+" else DOWN
        if quantity.sign == "-" and change == DOWN:  # `-20%`, `降低 -20%`: a fall of 20%
            quantity = quantity._replace(low=-quantity.high, high=-quantity.low, number=-quantity.number)
        if quantity.sign == "±":
            continue
        if quantity.dim == RATIO:
            kind = RATIO_OF
            if not op:
                anywhere = ANY_OP.search(lead)
                op = _op(anywhere) if anywhere else ""
        elif change:
            kind = DELTA
        elif quantity.dim in (PERCENT, POINTS) and not (metric and PERCENT in metric.dims):
            continue  # a share or a percentage of something else (`占 21%`, `≤ 1 % of step time`)
        else:
            kind = ABS
        claims.append(Claim(metric, quantity, kind, op, change, None, "", clause, relative, cost, backend))
    return [claim for index, claim in enumerate(claims) if not _is_origin(claim, values, origins)]


def _is_origin(claim: Claim, values: list[Quantity], origins: set[int]) -> bool:
    return claim.kind != TRANSITION and any(values[i] is claim.quantity for i in origins)


__all__ = [
    "ABS",
    "BETTER",
    "DELTA",
    "DOWN",
    "GE",
    "GT",
    "HIGHER",
    "LE",
    "LOWER",
    "LT",
    "RATIO_OF",
    "TRANSITION",
    "UP",
    "WORSE",
    "Claim",
    "backend_of",
    "backend_of_scenario",
    "claims_in",
    "clauses",
    "top_level_stops",
]
