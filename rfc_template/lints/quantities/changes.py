"""A change written beside the before and after it is made of, that they contradict (RFC335).

`PT 峰值显存 38.4 GB → 约 51.2 GB` in a sentence that says `每卡多占约 22.8 GB`, where its other
before and after (`3.25 GB → 26 GB`) do add 22.8 GB; `step time 4.00 s → <= 3.50 s（下降 >= 20%）`.
A change is held to the before and after in a bracket right beside it, and the one change
of a sentence also to the sentence's other befores and afters when the one in its bracket
agrees with it and comes before it (a change in brackets after its own before and after is
theirs alone: `48 GB → 58 GB (+10 GB), model states 18 → 24 GB`); each with the same metric (or none named), the same
backend, and both plain values or both bounds (a cap may leave room above the change it
holds: `+4.0 GB, 39.6 GB → ≤ 44.0 GB`). A sentence that says a change of one thing and the
values of another is not read. A share is read of the before or of the
after (`8.00 s → 6.40 s (25% faster)`: the speed, not the time, grew 25%); either reading
may round each number by half its last digit, and `约` / `~` / `about` allow 5% more. Which
way the change goes is RFC333's business.
"""

from __future__ import annotations

import re

from rfc_template.lints.quantities.backend_words import NAME
from rfc_template.lints.quantities.claims import DELTA, DOWN, TRANSITION, UP, Claim, claims_in
from rfc_template.lints.quantities.metrics import metrics_in
from rfc_template.lints.quantities.scenarios import other_scenario
from rfc_template.lints.quantities.units import PERCENT, Quantity, quantities

APPROX = 0.05
BACKEND = re.compile(rf"(?i){NAME}")


# a change with the before and after it is made of in a bracket right after it
# (`下降 >= 18 GB（74.2 GB → <= 56.2 GB）`, `多占约 22.8 GB（3.25 GB → 26 GB）`), or in a
# bracket right after them (`1.25 s → <= 1.30 s（劣化 <= 4%）`, `8.00 s → 6.40 s (25% faster)`)
BEFORE_BRACKET = re.compile(rf"\s*[(（]\s*(?:{NAME}\s*[,，:：]?\s*)?(?:从|from)?\s*$")
AFTER_BRACKET = re.compile(r"\s*[(（][^\d()（）,，;；]{0,12}$")


def change_messages(text: str) -> list[str]:
    claims = claims_in(text)
    found = []
    for sentence in {c.sentence for c in claims}:
        said = [c for c in claims if c.sentence == sentence]
        moves = [c for c in said if c.kind == TRANSITION and c.origin is not None]
        changes = [c for c in said if c.kind == DELTA and not c.relative]
        attached = {id(move): _attached(move, changes) for move in moves}
        for move in moves:
            change = attached[id(move)]
            if change is not None and not _fits(change, move):
                found.append(_message(change, move))
        # the one change of a sentence, said once for its befores and afters (`每卡多占约 22.8 GB
        # （3.25 GB → 26 GB），PT 38.4 GB → 约 61.2 GB`, `下降 >= 15%（PT 6.81 s → <= 5.79 s，MS …）`):
        # each without a change of its own is held to it
        if len(changes) != 1:
            continue
        change = changes[0]
        own = next((m for m in moves if attached[id(m)] is change and _fits(change, m)), None)
        if own is None or _after(change, own):
            continue  # a change in brackets after its own before and after is theirs alone
        for move in moves:
            if (
                attached[id(move)] is None
                and _comparable(change, move)
                and not PART_OF.search(move.clause)
                and not _named_apart(move)
                and not other_scenario(move.clause, own.clause)
                and not _fits(change, move)
            ):
                found.append(_message(change, move))
    return found


def _attached(move: Claim, changes: list[Claim]) -> Claim | None:
    """The change written right beside `move`, in a bracket, and comparable with it."""
    origin = move.origin
    assert origin is not None
    for change in changes:
        if change.clause != move.clause or not _comparable(change, move):
            continue
        clause = change.clause
        if change.quantity.end <= origin.start and BEFORE_BRACKET.fullmatch(clause[change.quantity.end : origin.start]):
            return change
        if move.quantity.end <= change.quantity.start and AFTER_BRACKET.fullmatch(
            clause[move.quantity.end : change.quantity.start]
        ):
            return change
    return None


def _after(change: Claim, move: Claim) -> bool:
    return change.clause == move.clause and move.quantity.end <= change.quantity.start


def _comparable(change: Claim, move: Claim) -> bool:
    if change.metric is not None and move.metric is not None and change.metric.key != move.metric.key:
        return False
    if change.quantity.dim != PERCENT and change.quantity.dim != move.quantity.dim:
        return False
    if change.backend and move.backend and change.backend != move.backend:
        return False
    if bool(change.op) != bool(move.op):
        return False  # a cap with room above the change it holds (`+4.0 GB, 39.6 GB → ≤ 44.0 GB`)
    direction = move.direction
    return not (change.change in (UP, DOWN) and direction and direction != change.change)  # RFC333's


# a part of the whole the change is said of (`其中 bucket 512 MB → 256 MB`, `of which …`)
PART_OF = re.compile(r"(?i)其中|包括|包含|\bof which\b|\bincluding\b|\bwhere\b")


# what may stand before a before and after besides its backend and its metric: `PT 峰值显存 38.4 GB → …`
FILLER = re.compile(r"(?i)[\s:：,，;；、()（）\-—]+|\b(?:from|and|to|is|are|on|for)\b|从|的|为|和|及")


def _named_apart(move: Claim) -> bool:
    """The before and after is said of a thing its clause names, no metric nor backend (`…: model
    states 18 → 24 GB, activations 24 → 27 GB`): a part, not the one change's."""
    assert move.origin is not None
    start = max((q.end for q in quantities(move.clause) if q.end <= move.origin.start), default=0)
    lead = move.clause[start : move.origin.start]  # from the figure before it
    for mention in sorted(metrics_in(lead), key=lambda m: -m.start):
        lead = lead[: mention.start] + lead[mention.end :]
    rest = FILLER.sub("", BACKEND.sub("", lead))
    return len(rest) >= 2


def _fits(change: Claim, move: Claim) -> bool:
    """The change agrees with the before and after, or cannot be read against them."""
    before, after, amount = move.origin, move.quantity, change.quantity
    assert before is not None
    if not before.low or not after.low or not before.high or not after.high:
        return True  # a zero at either end (`350 ms → 0 ms（-100%）`): not read
    if (
        amount.dim == PERCENT
        and before.dim == PERCENT
        and abs(abs(after.number - before.number) - amount.number) <= (amount.ulp + before.ulp + after.ulp)
    ):
        return True  # points between two percentages (`MFU 40% → 50%（+10%）`)
    approx = any(q.approx for q in (before, after, amount))
    for low in (True, False):  # `1 GB` as 10^9 bytes in every number, then as 2^30
        a, b = (before.low, after.low) if low else (before.high, after.high)
        d = amount.low if low else amount.high
        ulps = before.ulp + after.ulp
        if amount.dim == PERCENT:
            for base in (a, b):  # a share of the before, or of the after
                share = abs(b - a) / abs(base) * 100
                slack = amount.ulp + ulps / abs(base) * 100 + (APPROX * share if approx else 0.0)
                if abs(share - amount.number) <= slack:
                    return True
        elif abs(abs(b - a) - abs(d)) <= ulps + amount.ulp + (APPROX * abs(d) if approx else 0.0):
            return True
    return False


def _message(change: Claim, move: Claim) -> str:
    before, after, amount = move.origin, move.quantity, change.quantity
    assert before is not None
    shown = f"{_written(before)} → {_written(after)}"
    if amount.dim == PERCENT:
        share = abs(after.low - before.low) / abs(before.low) * 100 if before.low else 0.0
        return f"{shown} is a change of {share:.3g}%, not the {_written(amount)} said of it"
    factor = amount.high / amount.number if amount.number else 1.0
    return (
        f"{shown} is a change of {abs(after.high - before.high) / factor:.3g} {amount.unit}, "
        f"not the {_written(amount)} said of it"
    )


def _written(q: Quantity) -> str:
    return q.shown
