"""A change written in brackets right after a transition, with the other sign: `从 111.92 GB
降到 102.48 GB（+9.44 GB，+8.4%）` (RFC333).

Read only where it is certain that the brackets work out that transition: the change has an
explicit sign, or a verb that says which way opening the brackets (`（节省 0.2 GB）`,
`(increased by 10%)`), and the size of the step (`9.44 GB`) or its share of the start (`8.4%`), rounding
allowed (each figure by half its last digit: Quantity.ulp).
"""

from __future__ import annotations

import re

from rfc_template.lint.context import Context
from rfc_template.lints.quantities import BACKGROUND, FAMILY_SECTIONS, goals, prose, section_lines, targets
from rfc_template.lints.quantities.claims import ABS, DELTA, DOWN, TRANSITION, UP, Claim, claims_in
from rfc_template.lints.quantities.section2 import todays
from rfc_template.lints.quantities.units import Quantity

# a verb opening brackets that says which way its figure goes (not `overhead`, `growth`,
# `收益`: a cost or a gain is no sign; nor `提升`, `提高`, said of a step time for its speed)
_VERBS = (
    r"上升|下降|增加|减少|降低|节省|节约|缩短|增长|减小|增大|升高|多占"
    r"|(?:in|de)creas(?:e|es|ed)|reduc(?:e|es|ed)|sav(?:e|es|ed)|grow(?:s|n)?|ris(?:e|es)|drop(?:s|ped)?"
)
# a signed figure, or a figure after such a verb, opening brackets: most lines have none
# (found with one search)
SIGNED_IN_BRACKETS = re.compile(rf"(?i)[（(]\s*(?:[+\-−]|(?:约|about)?\s*(?:{_VERBS})\s*(?:了|by|约|about)?\s*)\s*\d")
OPENING = re.compile(r"\s*\(\s*")
VERB_OPENING = re.compile(rf"(?i)\s*\(\s*(?:约|about)?\s*(?:{_VERBS})\s*(?:了|by|约|about)?\s*")
NEXT = re.compile(r"\s*[,、;]\s*")
ITEM_END = re.compile(r"\s*[,、;)]")


def wrong_signs(ctx: Context) -> list[tuple[int, str]]:
    """(line, message) of each signed change in brackets that goes the other way than the
    transition it follows, in 2, 3.1, 8 and 9.3."""
    found = []
    for name in FAMILY_SECTIONS:
        for number, line in section_lines(ctx, name):
            if SIGNED_IN_BRACKETS.search(line):
                found += [(number, message) for message in _wrong_signs_in(prose(line.replace("|", " ; ")))]
    return found


def bound_signs(ctx: Context) -> list[tuple[int, str]]:
    """(line, message) of each bound in 2's target lines or 3.1's goals followed by a signed
    change in brackets that is its step from today's value in 2 with the other sign:
    `当前指标：MS 后端 9.6 s/step` then `MS 不高于 8.0 s/step（+16.7%）`."""
    if not any(SIGNED_IN_BRACKETS.search(s.text) for s in targets(ctx) + goals(ctx)):
        return []
    today = {(name, own): claim.quantity for _, claim, name, own in todays(ctx)}
    found = []
    for statement in targets(ctx) + goals(ctx):
        if not SIGNED_IN_BRACKETS.search(statement.text):
            continue
        claims = claims_in(statement.text)
        for bound, change in zip(claims, claims[1:]):
            if bound.kind != ABS or bound.metric is None or bound.clause != change.clause:
                continue
            start = today.get((bound.metric.name, bound.backend)) or today.get((bound.metric.name, ""))
            q = change.quantity
            sign = _sign(change, bound.clause[bound.quantity.end : q.start], bound)
            if (
                start is None
                or change.kind != DELTA
                or q.unit != "%"
                or not sign
                or ITEM_END.match(bound.clause, q.end) is None
            ):
                continue
            end = bound.quantity
            if _contradicts(start, end, q, sign):
                said = bound.clause
                way = "below" if end.low < start.low else "above"
                found.append(
                    (
                        statement.line,
                        f"{said[end.start : end.end].strip()} is {way} today's {start.shown} in "
                        f"'{ctx.edition.name(BACKGROUND)}', but the change beside it is written "
                        f"{_written(said, said[end.end : q.start], q)}: one of the values or the sign is wrong",
                    )
                )
    return found


def _wrong_signs_in(text: str) -> list[str]:
    claims = claims_in(text)
    found = []
    for index, transition in enumerate(claims):
        start, end = transition.origin, transition.quantity
        if transition.kind != TRANSITION or start is None or start.unit != end.unit:
            continue
        at, separator = end.end, OPENING
        for change in claims[index + 1 :]:
            q = change.quantity
            gap = transition.clause[at : q.start]
            if change.clause != transition.clause:
                break
            sign = _sign(change, gap, transition) if separator is OPENING else q.sign
            if not separator.fullmatch(gap) and not (sign and separator is OPENING):
                break
            at, separator = q.end, NEXT
            alone = ITEM_END.match(transition.clause, q.end) is not None  # not `(+2 GiB 缓冲)`: a part
            if change.kind == DELTA and alone and _contradicts(start, end, q, sign):
                found.append(_message(transition, _written(transition.clause, gap, q)))
                break
    return found


def _sign(change: Claim, gap: str, of: Claim) -> str:
    """`+` or `-` as the change opening the brackets after `of` says it (`gap` is what stands
    between them): its sign (`(+9.44 GB`), or its verb (`（节省 0.2 GB`) when it names no other
    metric and is no bound (`（增加 ≤ 0.2 GB）`: a cap); else ""."""
    q = change.quantity
    if q.sign in ("+", "-"):
        return q.sign if OPENING.fullmatch(gap) else ""
    if change.op or change.change not in (UP, DOWN) or not VERB_OPENING.fullmatch(gap):
        return ""
    if change.metric is not None and (of.metric is None or change.metric.key != of.metric.key):
        return ""
    return "+" if change.change == UP else "-"


def _contradicts(start: Quantity, end: Quantity, change: Quantity, sign: str) -> bool:
    """`change` is the step from `start` to `end` (of their dimension) or its share of the
    start (a percentage), as written (each rounded by half its last digit), with the other
    sign (`sign`, as written)."""
    if sign not in ("+", "-") or start.dim != end.dim or end.low == start.low or not start.low:
        return False
    step, size = abs(end.low - start.low), abs(change.low)
    if change.dim == start.dim:
        works_out = abs(size - step) <= change.ulp + start.ulp + end.ulp
    elif change.unit == "%":
        share = 100 * step / abs(start.low)
        works_out = abs(size - share) <= change.ulp + share * (start.ulp + end.ulp) / step
    else:
        return False
    return works_out and (sign == "+") != (end.low > start.low)


def _written(said: str, gap: str, q: Quantity) -> str:
    """The change as written, with the verb that gives its sign (`节省 0.2 GB`)."""
    verb = gap.strip().lstrip("(").strip() if VERB_OPENING.fullmatch(gap) else ""
    return f"{verb} {said[q.start : q.end].strip()}".strip()


def _message(transition: Claim, change: str) -> str:
    start, end = transition.origin, transition.quantity
    assert start is not None
    said = transition.clause
    way = "a fall" if end.number < start.number else "a rise"
    return (
        f"{said[start.start : start.end].strip()} to {said[end.start : end.end].strip()} is {way}, "
        f"but the change beside it is written {change}: one of the values or the sign is wrong"
    )
