"""What 2, 3.1, 8 and 9.3 each state of a metric, read for RFC334: each claim as a target
with its key (a bound, a gain, a limit, a ratio), backend, starting value and setting."""

from __future__ import annotations

import re
from dataclasses import dataclass

from rfc_template.lint.context import Context, per_document
from rfc_template.lints.quantities import (
    BACKGROUND,
    CONSTRAINTS,
    GOALS,
    MEMORY_GAIN,
    PERFORMANCE_GAIN,
    REGRESSION,
    VERIFICATION,
    Statement,
    VerificationRow,
    gains,
    goals,
    targets,
    verification,
)
from rfc_template.lints.quantities.claim_words import ESTIMATE_WORDS, EXTRA, OPERATOR_WORDS
from rfc_template.lints.quantities.claims import (
    ABS,
    DELTA,
    DOWN,
    GE,
    GT,
    LE,
    LT,
    RATIO_OF,
    TRANSITION,
    UP,
    WORSE,
    Claim,
    backend_of,
    backend_of_scenario,
    claims_in,
)
from rfc_template.lints.quantities.gain_rows import gain_stated
from rfc_template.lints.quantities.metrics import LOWER, metrics_in
from rfc_template.lints.quantities.scenarios import condition
from rfc_template.lints.quantities.units import Quantity


@dataclass(frozen=True)
class Stated:
    claim: Claim
    source: str
    line: int
    where: str
    key: tuple
    backend: str
    anchor: Quantity | None  # the value it starts from: its transition's, or the 9.3 row's baseline
    klass: str  # "target" (better than its anchor), "tolerance" (worse), "" (no anchor)
    context: str
    condition: frozenset[tuple[str, str]] = frozenset()  # the setting it is stated at: `at v = 5`

    @property
    def value(self) -> Quantity:
        return self.claim.quantity

    @property
    def shown(self) -> str:
        metric = self.claim.metric.name if self.claim.metric else ""
        q = self.claim.quantity
        kind = self.key[0]
        said = self.claim.clause[q.start : q.end].strip()
        if kind == "bound" or kind.startswith("ratio"):
            op = {LE: "<=", LT: "<", GE: ">=", GT: ">", "": "<="}[self.claim.op]
            return f"{metric} {op} {said}"
        direction, limit = kind.split(":")[1], kind.startswith("limit")
        verb = ("up by" if direction == UP else "down by") + (" at most" if limit else " at least")
        return f"{metric} {verb} {said}"


# a comparison with something named that is not the baseline
AGAINST_OTHER = re.compile(
    r"(?i)\b(?:than|against|versus|vs\.?|compared (?:with|to)|relative to)\s+(?!(?:the |today's |its )?(?:baseline|base)\b)"
    r"|(?:相比|相对于?|较)(?!\s*(?:基线|baseline|当前|现状))"
)


def key_of(claim: Claim) -> tuple | None:
    metric = claim.metric
    if metric is None or claim.relative:
        return None
    if claim.cost and not (claim.kind == DELTA and claim.op in (LE, LT)):
        return None  # a cost is a target only as a limit (`overhead … ≤ 16 MB of extra memory`)
    dim = claim.quantity.dim
    good = (LE, LT) if metric.better == LOWER else (GE, GT)
    if claim.kind in (ABS, TRANSITION):
        if claim.op in good or (claim.kind == TRANSITION and claim.op == ""):
            return ("bound", metric.name, dim)
        return None
    # a regression said as such (`劣化 ≤ 1%`, `slowdown ≤ 2%`) is the metric's change the bad way,
    # from the baseline (not `≤ 8% slower than the bf16 exchange`: against another run of its own)
    worse = claim.kind == DELTA and claim.change == WORSE
    change = claim.direction if worse and not AGAINST_OTHER.search(claim.clause) else claim.change
    if claim.kind == DELTA and change in (UP, DOWN):
        if claim.op == "" and _of_an_estimate(claim):
            return None  # `≤ 136.7 s（预估 131.4 s，约 −11.6%）`: the estimate's change, no target
        if claim.op in (GE, GT, ""):
            return (f"gain:{change}", metric.name, dim)
        return (f"limit:{change}", metric.name, dim)
    if claim.kind == RATIO_OF and claim.op:
        return ("ratio:" + ("le" if claim.op in (LE, LT) else "ge"), metric.name, dim)
    return None


ESTIMATE = re.compile(rf"(?i){ESTIMATE_WORDS}")
BOUND_WORD = re.compile(rf"(?i){OPERATOR_WORDS}")


def _of_an_estimate(claim: Claim) -> bool:
    """The change follows an estimate in the brackets it is in, with no bound between them
    (`≤ 136.7 s（预估 131.4 s，约 −11.6%）`; not `预计 step time 下降 10%`: a target said so)."""
    lead = claim.clause[: claim.quantity.start]
    opened = lead.rfind("(")
    if opened < 0 or lead.rfind(")") > opened:
        return False
    said = list(ESTIMATE.finditer(lead, opened))
    return bool(said) and not BOUND_WORD.search(lead, said[-1].end())


def _klass(claim: Claim, anchor: Quantity | None) -> str:
    if (
        anchor is None
        or claim.metric is None
        or claim.kind not in (ABS, TRANSITION)
        or anchor.dim != claim.quantity.dim
    ):
        return ""
    lower = claim.metric.better == LOWER
    value = claim.quantity
    if value.less(anchor) if lower else anchor.less(value):
        return "target"
    if anchor.less(value) if lower else value.less(anchor):
        return "tolerance"
    return ""


def _clause_anchor(claim: Claim, claims: tuple[Claim, ...]) -> Quantity | None:
    """The start of the one transition of the same metric in the claim's clause."""
    if claim.kind == TRANSITION:
        return claim.origin
    starts = {
        (c.origin.low, c.origin.high): c.origin
        for c in claims
        if c.kind == TRANSITION
        and c.origin is not None
        and c.clause == claim.clause
        and c.metric is not None
        and claim.metric is not None
        and c.metric.key == claim.metric.key
    }
    return next(iter(starts.values())) if len(starts) == 1 else None


def _gain(statement: Statement) -> Statement | None:
    """An 8 row that states targets: a regression's limits, a gain's parts that say there is one."""
    if statement.kind == REGRESSION:
        return statement
    return gain_stated(statement) if statement.kind in (PERFORMANCE_GAIN, MEMORY_GAIN) else None


@per_document  # RFC334 reads them for its comparisons and for what 9.3 leaves unverified
def statements_of(ctx: Context) -> list[Stated]:
    ed = ctx.edition
    found: list[Stated] = []
    places = (
        [(s, f"'{ed.name(BACKGROUND)}'") for s in targets(ctx)]
        + [(s, f"'{ed.name(GOALS)}'") for s in goals(ctx)]
        + [(stated, f"'{ed.name(CONSTRAINTS)}' {ed.name(s.kind)}") for s in gains(ctx) if (stated := _gain(s))]
    )
    for statement, where in places:
        claims = claims_in(statement.text)
        backend = backend_of(statement.context)
        for claim in claims:
            key = key_of(claim)
            if key is None or (statement.kind == REGRESSION and not key[0].startswith("limit")):
                continue  # 8's regression row: only its limits (`step time 上升 ≤ 3%`) are targets
            anchor = _clause_anchor(claim, claims)
            found.append(
                Stated(
                    claim,
                    statement.source,
                    statement.line,
                    where,
                    key,
                    claim.backend or backend,
                    anchor,
                    _klass(claim, anchor),
                    statement.context,
                    condition(claim),
                )
            )
    section, column = ed.name(VERIFICATION), ed.name("通过标准")
    for row in verification(ctx):
        if not row.criterion or not row.metrics:
            continue
        backend = backend_of_scenario(row.scenario)
        baselines = claims_in(row.baseline, row.metrics) if row.baseline else ()
        for claim in claims_in(row.criterion, row.metrics):
            if _added_in_cell(row, claim):  # `| Extra pinned host memory per node | ≤ 30 GB |`: a limit on the growth
                claim = claim._replace(kind=DELTA, change=UP)
            key = key_of(claim)
            if key is None or claim.metric is None:
                continue
            own = claim.backend or backend
            anchor = _baseline(baselines, claim.metric.key, own)
            found.append(
                Stated(
                    claim,
                    "9.3",
                    row.line,
                    f"'{section}' {column}",
                    key,
                    own,
                    anchor,
                    _klass(claim, anchor),
                    row.scenario + " " + row.criterion,
                    condition(claim),
                )
            )
    return found


def _added_in_cell(row: VerificationRow, claim: Claim) -> bool:
    """The 指标 cell names the claim's metric as an addition (`Extra pinned host memory`,
    `额外显存`) and the criterion bounds it, naming no metric of its own."""
    if claim.kind != ABS or claim.op not in (LE, LT) or claim.metric is None or metrics_in(row.criterion):
        return False
    named = [m for m in metrics_in(row.metric) if m.key == claim.metric.key]
    return len(named) == 1 and EXTRA.search(row.metric, max(0, named[0].start - 12), named[0].start) is not None


def _baseline(claims: tuple[Claim, ...], metric: str, backend: str) -> Quantity | None:
    values = [
        c.quantity
        for c in claims
        if c.kind == ABS
        and c.metric is not None
        and c.metric.key == metric
        and not c.op
        and not c.relative
        and c.backend in (backend, "")
    ]
    return values[0] if len({(q.low, q.high, q.dim) for q in values}) == 1 else None


def compatible(a: Stated, b: Stated, alike: bool = True) -> bool:
    """Of one backend (or either of none) and, when `alike`, both targets or both tolerances."""
    return (a.backend == b.backend or not a.backend or not b.backend) and (
        not alike or a.klass == b.klass or not a.klass or not b.klass
    )


def same(a: Quantity, b: Quantity) -> bool:
    return not a.differs(b)
