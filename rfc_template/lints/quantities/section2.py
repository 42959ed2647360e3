"""Section 2 against itself and against what the other parts start from (RFC334): its target
metric and its success criterion giving one target two numbers, and its current value unlike
the one value 3.1, 8 and 9.3 start from."""

from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lints.quantities import BACKGROUND, Statement, current
from rfc_template.lints.quantities.backend_words import backend_of
from rfc_template.lints.quantities.claim_words import PER_STEP_UNIT
from rfc_template.lints.quantities.claims import ABS, Claim, claims_in
from rfc_template.lints.quantities.metrics import metrics_in
from rfc_template.lints.quantities.scenarios import other_scenario
from rfc_template.lints.quantities.statements import Stated, compatible, same, statements_of


def background_twice(by_key: dict[tuple, list[Stated]]) -> list[tuple[Stated, Stated]]:
    """2's target metric and its success criterion, one scenario as the template asks, giving
    one target two numbers (`at most 4.02 s per step` and `the step time is at most 4.12 s`).
    Each line must state that target once. Reported at the one the other parts (3.1's, 8's
    and 9.3's values) do not agree with, where they agree with the other."""
    found = []
    for group in by_key.values():
        for backend in dict.fromkeys(s.backend for s in group if s.source == "2"):
            in_2 = [s for s in group if s.source == "2" and s.backend == backend]
            if any(ANOTHER_SCENE.search(_sentence_before(s)) for s in in_2):
                continue  # `并在扩展到 8 机 64 卡后 PT step time 仍 <= 6.20 s`: another scene's
            if len(in_2) == 2 and in_2[0].line != in_2[1].line:
                found += _odd_one(in_2[0], in_2[1], group)
    return found


# words that set another scene for what follows them in a sentence of 2
ANOTHER_SCENE = re.compile(
    r"(?i)扩展到|扩到|加到|增加到|提高到|改为|换成|不改|不开|仍|时(?![间延长])|\b(?:when|if|still|instead|scal\w+ to|at \d+)\b"
)


def _sentence_before(stated: Stated) -> str:
    """The words of the claim's clause and sentence before its number."""
    claim = stated.claim
    return claim.clause[: claim.quantity.start]


def _odd_one(first: Stated, second: Stated, group: list[Stated]) -> list[tuple[Stated, Stated]]:
    """The one of two differing statements of 2 that the other parts do not agree with, and the other."""
    if (
        not compatible(first, second)
        or first.condition != second.condition
        or other_scenario(first.context, second.context)
        or not first.value.differs(second.value)
    ):
        return []
    # reported only where the other parts agree with one of the two: the other may be
    # another scene's (`；seq 16384、mbs 1 可以训练，峰值 ≤ 48 GiB`)
    others = [s for s in group if s.source != "2" and compatible(s, first)]
    agrees = [any(same(s.value, mine.value) for s in others) for mine in (first, second)]
    if agrees == [False, True]:
        return [(first, second)]
    return [(second, first)] if agrees == [True, False] else []


def current_unlike(ctx: Context) -> list[Finding]:
    """2's current value of a metric against the one value that 3.1, 8 and 9.3 start from
    (`step time 从 24.0 s 降到 ≤ 19.5 s`, a 9.3 baseline of 24.0 s) when 2 says 26.0 s: at least
    two of those parts, all alike, of the same backend and scenario."""
    stated = [s for s in statements_of(ctx) if s.source != "2" and s.anchor is not None]
    if not stated:
        return []
    findings = []
    for statement, claim, name, own in todays(ctx):
        starts = _of_one_scenario(_starts(stated, statement, claim, name, own))
        if len({s.source for s in starts}) < 2:
            continue
        anchor = starts[0].anchor
        assert anchor is not None
        if all(s.anchor is not None and same(s.anchor, anchor) for s in starts) and claim.quantity.differs(anchor):
            said = claim.clause[claim.quantity.start : claim.quantity.end].strip()
            where = _places(starts)
            findings.append(
                Finding(
                    statement.line,
                    1,
                    "RFC334",
                    f"'{ctx.edition.name(BACKGROUND)}' gives today's {name} as {said}, but {where} start from "
                    f"{anchor.shown}",
                )
            )
    return findings


def start_unlike(ctx: Context) -> list[Finding]:
    """One part's start of a metric (3.1's `从 48.0 s`, a 9.3 row's baseline) unlike today's
    value in 2, which two other parts start from too, in the same scenario: reported at that
    part, where it states one start for the metric and backend (not one per scenario)."""
    stated = [s for s in statements_of(ctx) if s.source != "2" and s.anchor is not None]
    findings = []
    for statement, claim, name, own in todays(ctx) if stated else ():
        today, by_source = claim.quantity, dict[str, list[Stated]]()
        for s in _starts(stated, statement, claim, name, own):
            by_source.setdefault(s.source, []).append(s)
        for source, mine in by_source.items():
            others = [s for other, group in by_source.items() if other != source for s in group]
            if (
                len({s.source for s in others}) < 2
                or len({(s.anchor.low, s.anchor.high) for s in mine if s.anchor}) != 1
            ):
                continue  # two parts besides 2 agree, or it may be another moment's (`0 tokens/s` while it recovers)
            if any(other_scenario(mine[0].context, s.context) for s in others):
                continue
            start = mine[0].anchor
            if (
                start is not None
                and all(s.anchor is not None and same(s.anchor, today) for s in others)
                and start.differs(today)
            ):
                said = claim.clause[today.start : today.end].strip()
                findings.append(
                    Finding(
                        mine[0].line,
                        1,
                        "RFC334",
                        f"{mine[0].where} starts {name} from {start.shown}, but "
                        f"'{ctx.edition.name(BACKGROUND)}' gives it today as {said}, as {_places(others)} start from",
                    )
                )
    return findings


def _starts(stated: list[Stated], statement: Statement, claim: Claim, name: str, own: str) -> list[Stated]:
    """The statements that start `name` from a value, for the backend and scenario of 2's line."""
    return [
        s
        for s in stated
        if s.key[1] == name
        and s.anchor is not None
        and s.anchor.dim == claim.quantity.dim
        and s.backend == own  # (a current value of one backend against starts of that backend)
        and not other_scenario(statement.context, s.context)
    ]


def _of_one_scenario(starts: list[Stated]) -> list[Stated]:
    """The starts, less those of another scenario than all the rest (a 9.3 row on a 7B model
    beside the 70B scenario 3.1, 8 and the other rows start from), where 2's line names none."""
    kept = [s for s in starts if not all(other_scenario(s.context, t.context) for t in starts if t is not s)]
    return kept if len(kept) > 1 else starts


def todays(ctx: Context) -> list[tuple[Statement, Claim, str, str]]:
    """2's current value of each metric, named in its own clause and given once for its
    backend: (the line's statement, the claim, the metric's name, the backend)."""
    found = []
    for statement in current(ctx):
        values = [c for c in claims_in(statement.text) if c.metric and c.kind == ABS and not c.op and not c.relative]
        backend = backend_of(statement.context)
        for claim in (c for c in values if _named_before(c)):
            assert claim.metric is not None
            name, own = claim.metric.name, claim.backend or backend
            alike = [
                c
                for c in values
                if c.metric and c.metric.name == name and (c.backend or backend) == own and not _aside(c)
            ]
            if (
                _aside(claim)
                or len([c for c in alike if c.sentence == claim.sentence]) != 1
                or len([c for c in alike if _named_before(c)]) != 1
            ):
                continue  # a value per scenario (`首个 step 9.5 s、稳定后 6.81 s`): which one 3.1 starts from is not certain
            found.append((statement, claim, name, own))
    return found


def _places(stated: list[Stated]) -> str:
    """`'8. 约束与兼容性' (line 294) and '9.3 性能 / 显存验证' (lines 323, 324)`."""
    lines: dict[str, list[int]] = {}
    for s in stated:
        lines.setdefault("'" + s.where.split("'")[1] + "'", []).append(s.line)
    said = [
        f"{where} (line{'s' if len(set(found)) > 1 else ''} {', '.join(str(n) for n in dict.fromkeys(found))})"
        for where, found in lines.items()
    ]
    return ", ".join(said[:-1]) + " and " + said[-1] if len(said) > 1 else said[0]


def _named_before(claim: Claim) -> bool:
    """Its metric is named in its own clause, before it (`实测 step time 24.0 s`), not carried
    from an earlier clause (`其中 All-to-All 合计 10.3 s`)."""
    assert claim.metric is not None
    if claim.metric.key == "step time" and PER_STEP_UNIT.search(claim.quantity.unit):
        return True  # `MS 后端 9.6 s/step`: its unit names it
    return any(m.key == claim.metric.key for m in metrics_in(claim.clause[: claim.quantity.start]))


def _aside(claim: Claim) -> bool:
    """Said in brackets, in a working-out of another figure (`(131,072 tokens per step ÷ 11.7
    s)`): the clause's own value is the one outside."""
    before = claim.clause[: claim.quantity.start]
    return before.count("(") > before.count(")")
