"""RFC333: a target or a gain that moves its metric the wrong way.

It is one module: the rule's own reading of which way each metric should move (higher is better
for throughput, lower for memory and time) is used only here, beside the check that needs it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.quantities import (
    CONSTRAINTS,
    GOALS,
    MEMORY_GAIN,
    PERFORMANCE_GAIN,
    REGRESSION,
    VERIFICATION,
    Statement,
    VerificationRow,
    by_sections,
    current,
    gains,
    goals,
    targets,
    verification,
)
from rfc_template.lints.quantities.claim_words import BRACKETS, CHANGE_WORDS, COMPARED_WORDS
from rfc_template.lints.quantities.claims import (
    ABS,
    BETTER,
    DELTA,
    DOWN,
    GE,
    GT,
    LE,
    LT,
    TRANSITION,
    UP,
    WORSE,
    Claim,
    backend_of_scenario,
    claims_in,
)
from rfc_template.lints.quantities.gain_rows import gain_stated
from rfc_template.lints.quantities.metrics import LOWER, Metric, time_named
from rfc_template.lints.quantities.signed_changes import bound_signs, wrong_signs
from rfc_template.lints.quantities.units import BYTES, RATE, TIME, Quantity, quantities


@rule(
    "RFC333",
    "wrong-direction",
    REVIEW,
    WARNING,
    fails=(
        edit("（PT 74.2 GB → <= 56.2 GB）", "（PT 74.2 GB → <= 92.2 GB）"),
        edit("（PT <= 5.79 s，MS <= 6.31 s）", "（PT <= 7.83 s，MS <= 8.53 s）"),
        edit("| step time <= 6.31 s（下降 >= 15%），不 OOM |", "| step time >= 6.31 s（下降 >= 15%），不 OOM |"),
        edit("| 预估 6.25 s / 60.1 GB |", "| 预估 7.65 s / 60.1 GB |"),
        # the 开启本特性 column written as a target (held-back round 8)
        edit("| 预估 6.25 s / 60.1 GB |", "| <= 7.65 s / 60.1 GB |"),
        # the row's own value with the feature fails its pass criterion (held-back round 10)
        edit("| 预估 6.25 s / 60.1 GB |", "| 预估 6.60 s / 60.1 GB |"),
        # a gain of another scene, after a part that says the main one has none (held-back round 8)
        edit(
            "| 显存收益 | 同场景峰值显存下降 >= 18 GB/卡（PT 74.2 GB → <= 56.2 GB），随 offload_ratio 线性变化 |",
            "| 显存收益 | 主场景无显存收益；保持全量重计算时峰值显存下降 >= 18 GB/卡（PT 74.2 GB → <= 92.2 GB） |",
        ),
        # a throughput allowed below its baseline while the step time must fall (met in a held-back RFC)
        edit(
            "| 6.81 s / 74.2 GB | 预估 5.72 s / 71.8 GB | step time / peak memory | step time <= 5.79 s（下降 >= 15%），",
            "| 6.81 s / 1203 tokens/s | 预估 5.72 s / 1432 tokens/s | step time / throughput | "
            "step time <= 5.79 s（下降 >= 15%），单卡吞吐 >= 1150 tokens/s，",
        ),
        edit(
            "Step time <= 27.8 s and peak memory <= 45 GB",
            "Step time <= 27.8 s and peak memory increases by at least 2 GB",
            rfc="en",
        ),
        # the metric after its amount (`... of peak memory`) in the memory gain row
        edit(
            "peak memory from 46.8 GB to 43 GB or less, because",
            "adding about 3.8 GB of peak memory, because",
            rfc="en",
        ),
        # an overhead counted into the figure (`含通信开销的`) is no cost the row admits to
        edit(
            "：step time 下降 >= 15%（PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 6.31 s） |",
            "：含通信开销的 step time 下降 >= 15%（PT 6.81 s → <= 7.20 s，MS 7.42 s → <= 6.31 s） |",
        ),
        # one backend's target the wrong way beside the other's better one (held-back round 30)
        edit(
            "2. 在 Llama2-13B、8 卡、seq 4096 场景下达到峰值显存下降 >= 18 GB/卡、改用选择性重计算后 step time "
            "下降 >= 15% 的性能 / 显存目标。",
            "2. 在 Llama2-13B、8 卡、seq 4096 场景下 step time PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 7.60 s。",
        ),
    ),
    passes=(
        edit("（PT 74.2 GB → <= 56.2 GB）", "（PT 从 74.2 GB 降到 56.2 GB 以下）"),
        # a bound on what the feature costs asks no better step time (held-back round 17's reviewer)
        edit(
            "| 峰值显存下降 >= 18 GB，step time 增加 <= 15% |",
            "| 峰值显存下降 >= 18 GB，step time 开销 <= 15%（<= 1.2 s） |",
        ),
        edit(
            "| 6.81 s / 74.2 GB | 预估 5.72 s / 71.8 GB | step time / peak memory | step time <= 5.79 s（下降 >= 15%），",
            "| 6.81 s / 1203 tokens/s | 预估 5.72 s / 1432 tokens/s | step time / throughput | "
            "step time <= 5.79 s（下降 >= 15%），单卡吞吐 >= 1380 tokens/s，",
        ),
        edit(
            "| step time <= 6.31 s（下降 >= 15%），不 OOM |",
            "| step time 不超过 6.31 s（较基线 7.42 s 下降 15% 以上），不 OOM |",
        ),
        edit("| 预估 6.25 s / 60.1 GB |", "| 预估 6.25 s / 62.0 GB |"),
        edit("| 预估 6.25 s / 60.1 GB |", "| <= 6.30 s / 60.1 GB |"),
        # a row that says there is no gain, and what it costs
        edit(
            "| 显存收益 | 同场景峰值显存下降 >= 18 GB/卡（PT 74.2 GB → <= 56.2 GB），随 offload_ratio 线性变化 |",
            "| 显存收益 | 主场景无显存收益；峰值显存增加 1.5 GB（74.2 GB → 75.7 GB），用于换入缓冲 |",
        ),
        edit(
            "Step time <= 2.71 s and peak memory <= 41.7 GB",
            "No regression: step time at most 2.71 s, peak memory up to 0.5 GB higher",
            rfc="en",
        ),
    ),
)
@by_sections("2. 背景", "3.1 目标", "8. 约束与兼容性", "9.3 性能 / 显存验证")
def wrong_direction(ctx: Context) -> list[Finding]:
    """a target, a gain or a pass criterion moves its metric the wrong way

    ## What it checks
    Which way is better is read from the metric's name: lower for step time, latency,
    memory, communication volume, recovery (MTTR), load and save time; higher for throughput, MFU, speedup and
    bandwidth. A metric not known is not judged. Reported, at its row or line:

    - a 9.3 通过标准 (Pass criteria) or an 8 收益 (gain) row bounding the metric from the wrong
      side (`step time >= 6.31 s`, `throughput <= 1400 tokens/s`), and so do 2's target lines and
      3.1's goals (`目标指标：峰值显存 ≥ 30.5 GiB`, `throughput after the shrink ≤ 70,000
      tokens/s`; not a requirement: `需要 ≥ 64 GB 显存`), and 9.3's 开启本特性 (With this
      feature) written as a bound (`MTTR ≥ 300 s` for a criterion `≤ 300 s`), and 8's 性能劣化
      (Performance regression) row bounding the good side (`throughput ≤ 662 tokens/s per card
      instead of 683`: a limit on a regression bounds the worse side);
    - a change asked for as a target in the wrong direction (`step time 增加 >= 15%`, `peak
      memory increases by at least 2 GB`) in 2's success criterion or target metric, 3.1, 8's
      gains or 9.3's criteria; in 8's gain rows (performance for time and throughput, memory
      for device memory) also a plain one (`峰值显存增加 3 GB`);
    - a value going the other way than the change it is written with (`下降 >= 18 GB（74.2 GB
      → <= 92.2 GB）`, `从 6.81 s 降到 7.2 s`), and in a gain row a value that gets worse; in 2,
      3.1 and 8, one backend's value that gets worse beside the other's that gets better in the
      same sentence (`PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 7.60 s`; not one whose clause sets a
      setup of its own, `只开 offload 时 MS 7.42 s → <= 8.53 s`, `with nothing kept (…)`, or labels
      its baseline, `MS 34.6 GB（全量重计算）→ ≤ 56 GB`);
    - in 2, 3.1, 8 or 9.3, a change in brackets right after a transition, with the other sign
      (`从 111.92 GB 降到 102.48 GB（+9.44 GB，+8.4%）`), when it is that transition's step or its
      share of the start, alone in its brackets (not `(+2 GiB 缓冲)`: a part of it); and in 2's
      target lines and 3.1, a bound with its change from today's value in 2 in brackets
      with the other sign (`当前指标：MS 9.6 s/step` then `MS 不高于 8.0 s/step（+16.7%）`). A
      verb opening the brackets gives the sign as well (`62.4 GB → ≤ 62.6 GB（节省 0.2 GB）`,
      `≤ 2.16 s（上升 10%）`), unless it names another metric or caps the change (`增加 ≤ 0.2 GB`);
      `提升` and `提高` give none (said of a step time, they mean its speed);
    - a bound on the wrong side of the baseline while the same sentence claims an
      improvement (`step time 下降 >= 15%（PT <= 7.83 s）` against 2's current 6.81 s, or
      9.3's baseline), and a 9.3 row whose value with the feature, or its bound there (`≤
      34.5 s`), is worse than its baseline while its pass criterion asks for better, or whose
      value with the feature its own pass criterion rejects (`预估 60.8 s` against `≤ 59.0 s`;
      not a bound on a difference, `peak memory difference ≤ 0.5 GiB`, `增量 ≤ 1.5 GiB`, which is
      no bound on the metric anywhere in the row, nor one ten times off);
    - a 9.3 bound past its baseline (past the worst of several: `42 s（同步）/ 9.5 s（async_save）`)
      while the value with the feature is better than it;
    - a 9.3 row that asks step time to get better than its baseline and lets throughput be
      worse than its own (`step time <= 3.20 s（下降 >= 20%），单卡吞吐 >= 1960 tokens/s` against
      4.00 s / 2048 tokens/s), or the other way round: in one scenario they move together;
      also across a row and the one under it that continues its scenario (`同上`, `PT, same`)
      and whose baseline says the same run.

    A bound on a regression is no target (`step time 增加 <= 12%`, `Regression <= 3%`, `peak
    memory <= 60 GiB` above a baseline of 23.6 GiB: a trade-off stated as a limit); a clause
    stating a cost (`代价`, `但`, `at the cost of`), a sentence that trades (`多用约 18.7 GB，以换取
    0.80 s/step`, `Memory is traded for time: …`, `the price of the overlap`; unless it claims a
    gain of the metric it spends), in a gain row a part that adds beside
    the net gain it belongs to (`下降 ≥ 7.5 GiB：节省 8.0 GiB，缓冲增加 0.5 GiB`), a gain row that says there is none (`无显存
    收益`, `None targeted`, `设备侧不省显存`; but a part after `；` that claims a gain for another scene is judged: `主场景无显存收益；序列
    8192 场景 … 降低 ≥ 3.2 GB`, and a value its own verb, or the change it is written with, sends
    the other way is a slip in any gain row: `本特性不以降显存为目标：… 从 33.1 GB 降到 35.3 GB`,
    `无显存收益；峰值显存降低 0.1 GiB（71.4 GiB → 71.5 GiB）`), host memory in a memory gain row, and anything said against
    something other than the baseline (`≤ baseline + 1 %`) are not judged.

    ## Why a reviewer cares
    A target above today's step time, or a memory gain that adds memory, is a typo or a
    misunderstanding of the baseline: the pass criterion then passes a regression, or the
    gain the RFC is accepted for does not exist.
    """
    findings: list[Finding] = []
    ed = ctx.edition
    baselines = _section_baselines(ctx)
    for statement, where in _statements(ctx):
        # 2's current metric is the baseline of 2's own target metric (one scenario, as the
        # template asks); elsewhere a bound is said of a scenario of its own
        own = baselines if statement.source == "2" else _no_baseline
        # (in a memory gain row, a size with no metric named is device memory's: `节省约 0.3 GiB`)
        context = (MEMORY,) if statement.kind == MEMORY_GAIN else ()
        findings += _judge(statement, claims_in(statement.text, context), where, own)
    findings += _said_the_other_way(ctx) + _regression_limits(ctx)
    findings += [Finding(line, 1, "RFC333", message) for line, message in wrong_signs(ctx) + bound_signs(ctx)]
    section = ed.name(VERIFICATION)
    rows = verification(ctx)
    for index, row in enumerate(rows):
        findings += _judge_row(row, section, ed.name("通过标准"), ed.name("开启本特性"), ed.name("基线"))
        before = rows[index - 1] if index else None
        if (
            before is not None
            and row.continues
            and not BATCH.search(row.scenario + " " + row.criterion)
            and row.metrics
            and before.metrics
            and _run_of(before.baseline) == _run_of(row.baseline)
        ):
            # a row that continues the one above (`PT, same`): one scenario, its metrics linked
            findings += [
                Finding(row.line, 1, "RFC333", message)
                for message in _linked_rows(before, row, f"'{section}' {ed.name('通过标准')}", ed.name("基线"))
            ]
    return findings


MEMORY = Metric("memory", LOWER, (BYTES,))


def _statements(ctx: Context) -> Iterable[tuple[Statement, str]]:
    ed = ctx.edition
    for statement in targets(ctx):
        yield statement, f"'{ed.name('2. 背景')}'"
    for statement in goals(ctx):
        yield statement, f"'{ed.name(GOALS)}'"
    for statement in gains(ctx):
        stated = gain_stated(statement) if statement.kind in (PERFORMANCE_GAIN, MEMORY_GAIN) else None
        if stated is not None:
            yield stated, f"'{ed.name(CONSTRAINTS)}' {ed.name(statement.kind)}"


# what is used up, no figure of merit: `换入占用 PCIe 带宽 <= 12 GB/s`, `bandwidth used ≤ 12 GB/s`
USED = re.compile(r"(?i)占用|消耗|用掉|\bus(?:ed|es|ing)\b|\bconsum\w*")


def _regression_limits(ctx: Context) -> list[Finding]:
    """8's 性能劣化 (Performance regression) row bounding a metric on its good side: a limit on
    a regression bounds how bad it may get (`throughput ≥ 662 tokens/s`, not `≤ 662`)."""
    ed = ctx.edition
    found = []
    for statement in gains(ctx):
        if statement.kind != REGRESSION:
            continue
        for claim in claims_in(statement.text):
            if (
                claim.kind == ABS
                and claim.metric is not None
                and not claim.relative
                and not claim.cost
                and _wrong_operator(claim)
                and not (NEEDS.search(claim.clause) or CONDITION.search(claim.clause) or USED.search(claim.clause))
            ):
                found.append(
                    Finding(
                        statement.line,
                        1,
                        "RFC333",
                        f"'{ed.name(CONSTRAINTS)}' {ed.name(REGRESSION)} bounds {claim.metric.name} with "
                        f"{_op_word(claim.op)} {_said(claim)}, but {_better(claim.metric)}: a limit on a "
                        "regression bounds the worse side",
                    )
                )
    return found


def _said_the_other_way(ctx: Context) -> list[Finding]:
    """An 8 gain row that says it has no gain is not judged for its direction, but a value its
    own verb sends the other way is a slip still (`本特性不以降显存为目标：…PP rank 7 从 33.1 GB 降到
    35.3 GB`), as is one the change it is written with does (`无显存收益；峰值显存降低 0.1 GiB（71.4 GiB
    → 71.5 GiB）`)."""
    found = []
    for statement in gains(ctx):
        if statement.kind not in (PERFORMANCE_GAIN, MEMORY_GAIN) or gain_stated(statement) is not None:
            continue
        claims = claims_in(statement.text)
        for claim in claims:
            said = "" if claim.kind != TRANSITION else claim.verb or _claimed(claim, claims, plain=True)
            if claim.kind == TRANSITION and claim.origin is not None and said and claim.direction not in ("", said):
                what = claim.metric.name if claim.metric else "the value"
                found.append(
                    Finding(
                        statement.line,
                        1,
                        "RFC333",
                        f"'{ctx.edition.name(CONSTRAINTS)}' {ctx.edition.name(statement.kind)} says {what} "
                        f"{_moves(said)} but writes it from "
                        f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}",
                    )
                )
    return found


def _in_gain_row(statement: Statement, metric: Metric | None) -> bool:
    """The claim is of the kind of gain its 8 row states (device memory in 显存收益)."""
    if metric is None or statement.source != "8":
        return False
    if statement.kind == MEMORY_GAIN:
        return metric.key == "memory"
    return any(d in (TIME, RATE) for d in metric.dims) or metric.key in ("bubble", "MFU", "speedup")


def _said(claim: Claim) -> str:
    q = claim.quantity
    return claim.clause[q.start : q.end].strip()


def _judge(statement: Statement, claims: tuple[Claim, ...], where: str, baselines) -> list[Finding]:
    found: list[str] = []
    for claim in claims:
        metric = claim.metric
        if claim.kind == TRANSITION and metric is None and claim.verb and claim.origin is not None:
            # `从 2 小时降到 2.5 小时`, `the overhead falls from 6.5% to 13%`: the verb says which way,
            # whatever is measured (a cost too)
            moved = claim.direction
            if moved and moved != claim.verb:
                found.append(
                    f"says {_moves(claim.verb)} but writes "
                    f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}"
                )
            continue
        if metric is None or claim.relative:
            continue
        gain_row = _in_gain_row(statement, metric)
        if (
            statement.source in ("2", "3.1")
            and claim.kind == ABS
            and _wrong_operator(claim)
            and not claim.cost
            and metric.key not in ("host memory",)
            and not NEEDS.search(claim.clause)
            and not CHANGED.search(EVENT.sub(" ", claim.clause))
            and not CONDITION.search(claim.clause, max(0, claim.quantity.start - CONDITION_REACH))
            and not DESCRIBED.search(claim.clause)
        ):
            # a target from the wrong side: `目标指标：峰值显存 ≥ 30.5 GiB`, `step time at least 6.4 s`
            found.append(f"bounds {metric.name} with {_op_word(claim.op)} {_said(claim)}, but {_better(metric)}")
            continue
        # (a gain row's `>= 18 GB` may be the gain itself: bounds are judged in 9.3 only)
        if (
            claim.kind == DELTA
            and claim.change in (UP, DOWN)
            and claim.sense == WORSE
            and not claim.cost
            and not NOT_BEFORE.search(claim.clause[: claim.quantity.start][-64:])
        ):  # (`does not rise above 1%` bounds it: no change asked for)
            # a gain row's breakdown: a part that adds (`缓冲增加 0.5 GiB`) beside the net gain it is part of
            if gain_row and claim.op == "" and _nets_out(claim, claims):
                continue
            if claim.op in (GE, GT) or (gain_row and claim.op == ""):
                found.append(f"asks {metric.name} to {_move(claim.change)} by {_said(claim)}, but {_better(metric)}")
        elif (
            claim.kind == TRANSITION
            and claim.origin is not None
            and claim.verb
            and claim.direction not in ("", claim.verb)
        ):
            # its own verb against its numbers (`the save overhead falls from 6.5% to 13%`), a cost too
            found.append(
                f"says {metric.name} {_moves(claim.verb)} but writes it from "
                f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}"
            )
        elif claim.kind == TRANSITION and claim.origin is not None and not claim.cost:
            said = _claimed(claim, claims)
            moved = claim.direction
            if said and moved and said != moved:
                found.append(
                    f"says {metric.name} {_moves(said)} but writes it from "
                    f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}"
                )
            elif gain_row and not said and claim.sense == WORSE and not _own_baseline_beside_a_gain(claim, claims):
                found.append(
                    f"gives a gain whose {metric.name} gets worse, from "
                    f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}"
                )
            elif not said and claim.sense == WORSE and _other_backend_better(statement, claim, claims):
                # `14.2 s → ≤ 11.9 s on PT and 15.6 s → ≤ 16.1 s on MS`: one backend's target the wrong way
                found.append(
                    f"writes {metric.name} on {claim.backend} from "
                    f"{claim.clause[claim.origin.start : claim.origin.end].strip()} to {_said(claim)}, worse, "
                    f"beside a target that makes it better on the other backend"
                )
    found += _bounds_against_baseline(claims, baselines)
    return [Finding(statement.line, 1, "RFC333", f"{where} {message}") for message in dict.fromkeys(found)]


# a change said not to happen: `does not rise above 1%`, `keep … from rising above`, `不会增加`
NOT_BEFORE = re.compile(
    r"(?i)(?:\b(?:not|never|no longer|won't|doesn't|don't)\b|from)\s+(?:\w+\s+){0,5}?(?:ris\w*|grow\w*|increas\w*|go\w* up)"
    r"(?:\s+(?:above|beyond|over|by))?[^.;]*$|(?:不会?|不再|避免)(?:增加|上升|增长|提高)"
)


# how far before its number a condition's word sets it (`On GPUs with at least 80 GB of memory`;
# not `Reach the memory target on the same job: … stays at or above 57.6 GiB`)
CONDITION_REACH = 40
# a clause that describes what is (`jobs whose buffers today keep the peak memory at or above 62 GB`)
DESCRIBED = re.compile(r"(?i)\b(?:whose|that|which|because|today|currently)\b|当前|目前|现在|因为|由于")
# what a requirement says, not a target: `需要 ≥ 64 GB 显存`, `requires at least 80 GB of memory`
NEEDS = re.compile(r"(?i)需要|需|要求|至少需要|\brequire[sd]?\b|\bneeds?\b|\bminimum\b")
# a condition, not a target: `On GPUs with at least 80 GB of memory`, `对于 step time ≥ 10 s 的大模型`
CONDITION = re.compile(r"(?i)\b(?:with|on|for|when|if|where|whose)\b|对于|针对|当|如果|若|的(?:场景|模型|卡|机器|任务)")
# a clause that speaks of a change may bound the change (`cut … the peak memory by at least 5 GB`)
# (claims' own change words, and `by` for the English said after the metric)
CHANGED = re.compile(rf"(?i)\bby\b|{CHANGE_WORDS}|\bimprov\w*|\brais\w*")
# a change that names when, not what the bound is of: `throughput after the shrink to 56 cards ≤ …`
EVENT = re.compile(r"(?i)\b(?:after|before|during|following|upon)\s+(?:the\s+|a\s+|each\s+)?\w+")


def _other_backend_better(statement: Statement, claim: Claim, claims: tuple[Claim, ...]) -> bool:
    """A goal (2, 3.1, 8) whose same sentence moves the same metric the better way on the other
    backend: a target worse on one backend is then no overhead limit but a slip."""
    if (
        claim.origin is None
        or OWN_CONDITION.search(claim.clause, 0, claim.origin.start)
        or BRACKET_OPENS.search(claim.clause, claim.origin.end, claim.quantity.start)
    ):  # (`MS 34.6 GB（全量重计算）→ ≤ 56 GB`: a baseline of its own, labelled)
        return False  # `只开 offload 时 MS 7.42 s → <= 8.53 s`, `with nothing kept (…) 14.2 s → …`: another setup
    return (
        statement.source in ("2", "3.1", "8")
        and claim.backend in ("PT", "MS")
        and any(
            other.kind == TRANSITION
            and other.sentence == claim.sentence
            and other.metric is not None
            and claim.metric is not None
            and other.metric.key == claim.metric.key
            and other.backend in ("PT", "MS")
            and other.backend != claim.backend
            and other.sense == BETTER
            and not other.cost
            for other in claims
        )
    )


BRACKET_OPENS = re.compile(r"[(（]")


def _own_baseline_beside_a_gain(claim: Claim, claims: tuple[Claim, ...]) -> bool:
    """`PT 93.3 GB（不做重计算）→ ≤ 56 GB，MS 34.6 GB（全量重计算）→ ≤ 56 GB`: a before labelled as a
    baseline of its own, beside a transition of the metric that gets better."""
    return (
        claim.origin is not None
        and BRACKET_OPENS.search(claim.clause, claim.origin.end, claim.quantity.start) is not None
        and any(
            other.kind == TRANSITION
            and other.metric is not None
            and claim.metric is not None
            and other.metric.key == claim.metric.key
            and other.sense == BETTER
            for other in claims
        )
    )


# a change said against something named: `比场景 A 节省 5.0 GiB`, `5 GB less than option B`
AGAINST = re.compile(rf"(?i)比|较|{COMPARED_WORDS}")
# a clause that sets its own setup before its value: a condition, a setting, a baseline in brackets
OWN_CONDITION = re.compile(r"(?i)时|(?:场景|模式|情况|配置|条件)下|若|如果|[(（=]|\b(?:when|with|if|under|without)\b")


def _nets_out(claim: Claim, claims: tuple[Claim, ...]) -> bool:
    """The same statement also moves this metric the better way: a change that makes it
    worse is then one part of the net change (`下降 ≥ 7.5 GiB：…节省 8.0 GiB，缓冲增加 0.5 GiB`)."""
    key = claim.metric.key if claim.metric else None
    return any(
        other is not claim
        and other.kind == DELTA
        and other.metric is not None
        and other.metric.key == key
        and other.change in (UP, DOWN)
        and other.sense != WORSE
        for other in claims
    )


def _wrong_operator(claim: Claim) -> bool:
    lower = claim.metric is not None and claim.metric.better == LOWER
    return claim.op in ((GE, GT) if lower else (LE, LT))


def _op_word(op: str) -> str:
    return {LE: "<=", LT: "<", GE: ">=", GT: ">"}[op]


def _better(metric: Metric) -> str:
    return f"{metric.key} is better {'lower' if metric.better == LOWER else 'higher'}"


def _move(change: str) -> str:
    return "rise" if change == UP else "fall"


def _moves(change: str) -> str:
    return "rises" if change == UP else "falls"


def _claimed(transition: Claim, claims: tuple[Claim, ...], plain: bool = False) -> str:
    """The direction a transition is said to go: its verb's (降到), or a change claimed as
    a target of the same metric in the same sentence (`下降 >= 18 GB（74.2 GB → ...）`; with
    `plain`, a change said against nothing named: not `比场景 A 节省 5.0 GiB`)."""
    if transition.verb:
        return transition.verb
    said = {
        c.direction
        for c in claims
        if c.kind == DELTA
        and c.sentence == transition.sentence
        and not (plain and AGAINST.search(c.clause, 0, c.quantity.start))
        and c.metric is not None
        and transition.metric is not None
        and c.metric.key == transition.metric.key
        and c.target
        and c.change in (UP, DOWN)
        and not c.cost
    }
    return said.pop() if len(said) == 1 else ""


def _improves(claims: Iterable[Claim], metric: Metric, sentence: int | None = None) -> bool:
    """A change of `metric` for the better claimed as a target (in that sentence)."""
    return any(
        c.kind == DELTA
        and c.metric is not None
        and c.metric.key == metric.key
        and (sentence is None or c.sentence == sentence)
        and c.target
        and c.sense == BETTER
        and not c.cost
        for c in claims
    )


def _is_bound(claim: Claim) -> bool:
    """An absolute bound on the good side's operator: `<= X` for what is better lower."""
    if claim.kind not in (ABS, TRANSITION) or claim.metric is None or claim.relative:
        return False
    lower = claim.metric.better == LOWER
    return claim.op in ((LE, LT) if lower else (GE, GT)) or (claim.kind == TRANSITION and claim.op == "")


def _worse(value: Quantity, than: Quantity, metric: Metric) -> bool:
    """`value` is definitely worse than `than` for `metric`."""
    if value.dim != than.dim:
        return False
    return than.less(value) if metric.better == LOWER else value.less(than)


def _bounds_against_baseline(claims: tuple[Claim, ...], baselines) -> list[str]:
    """A bound on the wrong side of the baseline in a sentence that claims an improvement;
    a floor well below the current value of what is better higher (MFU, throughput)."""
    found = []
    for claim in claims:
        if not _is_bound(claim) or claim.metric is None or claim.kind == TRANSITION:
            continue
        baseline = baselines(claim.metric, claim.backend)
        if baseline is None or not _worse(claim.quantity, baseline, claim.metric):
            continue
        if _improves(claims, claim.metric, claim.sentence):
            found.append(
                f"sets {claim.metric.name} to {_said(claim)} while claiming it improves, but the baseline "
                f"is {baseline_text(baseline)}"
            )
        elif claim.metric.better != LOWER and claim.quantity.below(baseline, FAR * abs(baseline.high)):
            found.append(
                f"sets {claim.metric.name} to {_said(claim)}, well below the current {baseline_text(baseline)}, "
                f"but {_better(claim.metric)}"
            )
    return found


# how far past the baseline a bound is no tolerance (a regression allowed) but a slip: a
# floor 10% under today's MFU, a cap 5% over today's step time that the feature beats
FAR, PAST = 0.10, 0.05


def _no_baseline(metric: Metric, backend: str) -> None:
    return None


def baseline_text(quantity: Quantity) -> str:
    return f"{quantity.number:g}{quantity.multiplier} {quantity.unit}".strip()


def _section_baselines(ctx: Context):
    """metric, backend -> the one current value section 2 states for it, or None."""
    values: dict[tuple[str, str], set[tuple[float, float, str]]] = {}
    kept: dict[tuple[str, str], Quantity] = {}
    for statement in current(ctx):
        for claim in claims_in(statement.text):
            if claim.kind == ABS and claim.metric is not None and not claim.op and not claim.relative:
                key = (claim.metric.name, claim.backend)
                q = claim.quantity
                values.setdefault(key, set()).add((q.low, q.high, q.dim))
                kept[key] = q

    def lookup(metric: Metric, backend: str) -> Quantity | None:
        key = (metric.name, backend)
        if not backend and key not in values:
            # a target said of no backend, a current value said of one (`PT backend, ...:
            # step time 8.00 s`): that one, when no other backend's differs
            said = [k for k in values if k[0] == metric.name]
            if len({v for k in said for v in values[k]}) == 1:
                key = said[0]
        if len(values.get(key, ())) != 1:
            return None
        return kept[key]

    return lookup


def _one(claims: Iterable[Claim], metric: Metric, backend: str, worst: bool = False) -> Quantity | None:
    """The one value a 9.3 cell states for `metric` (of `backend`, or of no backend); with
    `worst`, of several (`42 s（同步）/ 9.5 s（async_save）`) the worst, all of one dimension."""
    values = [
        c.quantity
        for c in claims
        if c.kind == ABS
        and c.metric is not None
        and c.metric.key == metric.key
        and not c.op
        and not c.relative
        and c.backend in (backend, "")
    ]
    distinct = {(q.low, q.high, q.dim) for q in values}
    if len(distinct) == 1:
        return values[0]
    if worst and len(distinct) > 1 and len({q.dim for q in values}) == 1:
        return max(values, key=lambda q: q.low) if metric.better == LOWER else min(values, key=lambda q: q.low)
    return None


def _past_the_baseline(
    criteria: tuple[Claim, ...],
    bounds: list[Claim],
    metric: Metric,
    baseline: Quantity | None,
    feature: Quantity | None,
    where: str,
    baseline_name: str,
    feature_name: str,
) -> list[str]:
    """A bound that allows the metric past its baseline, where the feature makes it better."""
    if baseline is None or feature is None or _improves(criteria, metric) or not _worse(baseline, feature, metric):
        return []
    return [
        f"{where} allows {metric.name} {_said(bound)}, past the {baseline_name} "
        f"{baseline_text(baseline)}, though {feature_name} gives {baseline_text(feature)}"
        for bound in bounds
        if _worse(bound.quantity, baseline, metric) and _far(bound.quantity, baseline, metric)
    ]


DIFFERENCE = re.compile(
    r"(?i)differen|\bdiff\b|\bdelta\b|增量|差异|差值|额外|extra|additional|overhead|增加|增长|above|over"
    r"|波动|相差|差距|标准差|偏差|误差|variation|\bgap\b|deviation|spread|jitter|\bstd\b"  # a spread, not the value
)
NEAR_ENOUGH = 10.0  # a swapped or mistyped value is within this of the bound it fails


def _fails_own_criterion(
    feature: Quantity | None, bounds: list[Claim], metric: Metric, where: str, feature_name: str
) -> list[str]:
    """The row's value with the feature (`预估 60.8 s`) on the wrong side of its own pass
    criterion's one bound (`≤ 59.0 s`), by more than rounding: the row rejects its own result."""
    if feature is None or len(bounds) != 1 or bounds[0].kind != ABS:
        return []
    claim, bound = bounds[0], bounds[0].quantity
    if DIFFERENCE.search(claim.clause[: bound.start]):
        return []  # a bound on a difference (`peak memory difference ≤ 0.5 GiB`)
    if not (bound.low > 0 and 1 / NEAR_ENOUGH < feature.low / bound.low < NEAR_ENOUGH):
        return []  # values of another size: another quantity
    if feature.dim != bound.dim or not (bound.below(feature) if metric.better == LOWER else feature.below(bound)):
        return []
    return [
        f"{where} ({_op_word(claim.op)} {_said(claim)}) rejects the row's own {feature_name} value, "
        f"{metric.name} {baseline_text(feature)}"
    ]


def _feature_bounds(claims: Iterable[Claim], metric: Metric, backend: str) -> list[Claim]:
    """A 开启本特性 cell written as a target (`≤ 28.8 s`) rather than a measured value: its bounds
    on the good side's operator, when it states no plain value."""
    return [
        c
        for c in claims
        if c.kind == ABS
        and _is_bound(c)
        and c.metric is not None
        and c.metric.key == metric.key
        and c.backend in (backend, "")
    ]


def _judge_row(
    row: VerificationRow, section: str, criterion_name: str, feature_name: str, baseline_name: str
) -> list[Finding]:
    context = row.metrics or time_named(row.metric)
    if not row.criterion or not context:
        return []
    # (`增量 ≤ 1.5 GiB 且峰值 ≤ 54 GiB`: a bound on a difference is no bound on the metric)
    criteria = tuple(
        c
        for c in claims_in(row.criterion, context)
        if not (c.kind == ABS and DIFFERENCE.search(c.clause, max(0, c.quantity.start - 10), c.quantity.start))
    )
    found = []
    where = f"'{section}' {criterion_name}"
    for claim in criteria:
        metric = claim.metric
        if metric is None or claim.relative:
            continue
        if claim.kind == ABS and _wrong_operator(claim):
            found.append(
                f"{where} bounds {metric.name} with {_op_word(claim.op)} {_said(claim)}, but {_better(metric)}"
            )
        elif claim.kind == DELTA and claim.change in (UP, DOWN) and claim.sense == WORSE and claim.op in (GE, GT):
            if not claim.cost:
                found.append(
                    f"{where} asks {metric.name} to {_move(claim.change)} by {_said(claim)}, but {_better(metric)}"
                )
        elif claim.kind == TRANSITION and claim.origin is not None:
            said, moved = _claimed(claim, criteria), claim.direction
            if said and moved and said != moved:
                found.append(f"{where} says {metric.name} {_moves(said)} but writes it going the other way")
    backend_of_row = _row_backend(row)
    baselines = claims_in(row.baseline, context) if row.baseline else ()
    features = claims_in(row.feature, context) if row.feature else ()
    for metric in _distinct(context):
        if not _improves(criteria, metric) and not any(
            _is_bound(c) and c.metric is not None and c.metric.key == metric.key for c in criteria
        ):
            continue
        baseline = _one(baselines, metric, backend_of_row)
        bounds = [
            c
            for c in criteria
            if _is_bound(c)
            and c.metric is not None
            and c.metric.key == metric.key
            # (`overhead ≤ 0.5% (≤ 96 ms)` for a step time of 19.2 s: the amount of a cost,
            # which bounds no step time; a metric that costs more is not below its baseline)
            and not (c.cost and baseline is not None and _worse(baseline, c.quantity, metric))
        ]
        found += _fails_own_criterion(_one(features, metric, backend_of_row), bounds, metric, where, feature_name)
        if baseline is None:
            # several baselines (`42 s（同步）/ 9.5 s（async_save）`): a bound past the worst of them
            found += _past_the_baseline(
                criteria,
                bounds,
                metric,
                _one(baselines, metric, backend_of_row, worst=True),
                _one(features, metric, backend_of_row),
                where,
                baseline_name,
                feature_name,
            )
            continue
        improving = _improves(criteria, metric)
        for bound in bounds:
            if improving and _improves(criteria, metric, bound.sentence) and _worse(bound.quantity, baseline, metric):
                found.append(
                    f"{where} sets {metric.name} to {_said(bound)} while claiming it improves, but the "
                    f"{baseline_name} is {baseline_text(baseline)}"
                )
        asks_better = improving or any(_worse(baseline, b.quantity, metric) for b in bounds)
        feature = _one(features, metric, backend_of_row)
        found += _past_the_baseline(criteria, bounds, metric, baseline, feature, where, baseline_name, feature_name)
        if asks_better and feature is not None and _worse(feature, baseline, metric):
            found.append(
                f"'{section}' {feature_name} gives {metric.name} {baseline_text(feature)}, worse than the "
                f"{baseline_name} {baseline_text(baseline)}, while the {criterion_name} asks for better"
            )
        elif asks_better and feature is None:
            written = claims_in(BRACKETS.sub(" ", row.feature), context)
            # `MTTR ≥ 300 s` as the value with the feature, for a criterion `≤ 300 s`: the sign turned
            found += [
                f"'{section}' {feature_name} bounds {metric.name} with {_op_word(c.op)} {_said(c)}, but "
                f"{_better(metric)}"
                for c in written
                if c.kind == ABS
                and c.metric is not None
                and c.metric.key == metric.key
                and _wrong_operator(c)
                and c.backend in (backend_of_row, "")
                and any(_is_bound(b) for b in bounds)
            ]
            found += [
                f"'{section}' {feature_name} allows {metric.name} {_op_word(bound.op)} {_said(bound)}, worse than the {baseline_name} "
                f"{baseline_text(baseline)}, while the {criterion_name} asks for better"
                for bound in _feature_bounds(written, metric, backend_of_row)
                if _worse(bound.quantity, baseline, metric)
            ]
    if not BATCH.search(row.scenario + " " + row.criterion):  # (`micro batch 1 → 2`: other tokens per step)
        found += _linked(criteria, baselines, backend_of_row, where, baseline_name)
    return [Finding(row.line, 1, "RFC333", message) for message in dict.fromkeys(found)]


# Two metrics of one scenario that move together: the same tokens in less time are more
# tokens per second. A row that asks one to get better cannot let the other get worse.
LINKED = ("step time", "throughput")


# a batch size changed in the row: the same step is then no longer the same tokens
BATCH = re.compile(
    r"(?i)(?:batch(?: size)?|\b(?:mbs|gbs)\b|批大小)\s*[=:：]?\s*\d+\s*(?:→|->|\bto\b|改为|变为|改成)\s*\d+"
)  # `micro batch 1 → 2`


def _linked(
    criteria: tuple[Claim, ...],
    baselines: tuple[Claim, ...],
    backend: str,
    where: str,
    name: str,
    only: set[int] | None = None,
) -> list[str]:
    """`only`: the bounds to report (their ids), where the criteria are two rows'."""
    found = []
    bounds = {k: [c for c in criteria if _is_bound(c) and c.metric is not None and c.metric.key == k] for k in LINKED}
    for key, other_key in (LINKED, LINKED[::-1]):
        if not bounds[key] or not bounds[other_key]:
            continue
        metric, other = bounds[key][0].metric, bounds[other_key][0].metric
        assert metric is not None and other is not None
        baseline, other_baseline = _one(baselines, metric, backend), _one(baselines, other, backend)
        if baseline is None or other_baseline is None:
            continue
        if not (_improves(criteria, metric) or any(_worse(baseline, b.quantity, metric) for b in bounds[key])):
            continue
        for bound in bounds[other_key]:
            if only is not None and id(bound) not in only:
                continue
            if _worse(bound.quantity, other_baseline, other):
                found.append(
                    f"{where} lets {other.name} be {_said(bound)}, worse than the {name} "
                    f"{baseline_text(other_baseline)}, while {metric.name} must get better than "
                    f"{baseline_text(baseline)}: in one scenario they move together"
                )
    return found


def _run_of(baseline: str) -> str:
    """What a baseline cell says of its run, its numbers aside: two rows whose baselines say
    the same (`32.8 s (load_balance=False)`, `3,996 tokens/s (load_balance=False)`) measured
    one run; `1F1B …` and `PyTorch 原生 … 手工组装` did not."""
    text = baseline
    for q in reversed(quantities(baseline)):
        text = text[: q.start] + text[q.end :]
    return " ".join(re.sub(r"[^\w=]+", " ", text).split()).casefold()


def _linked_rows(before: VerificationRow, row: VerificationRow, where: str, name: str) -> list[str]:
    """`_linked` over two rows of one scenario, for the bounds of the second."""
    context = tuple(dict.fromkeys(before.metrics + row.metrics))
    mine = claims_in(row.criterion, context)
    criteria = claims_in(before.criterion, context) + mine
    baselines = claims_in(before.baseline, context) + claims_in(row.baseline, context)
    return _linked(criteria, baselines, _row_backend(row), where, name, {id(c) for c in mine})


def _far(value: Quantity, baseline: Quantity, metric: Metric) -> bool:
    """Worse than the baseline by more than PAST of it: no tolerance of a few per cent."""
    slack = PAST * abs(baseline.high)
    return baseline.below(value, slack) if metric.better == LOWER else value.below(baseline, slack)


def _distinct(metrics: tuple[Metric, ...]) -> list[Metric]:
    seen, found = set(), []
    for metric in metrics:
        if metric.key not in seen:
            seen.add(metric.key)
            found.append(metric)
    return found


def _row_backend(row: VerificationRow) -> str:
    return backend_of_scenario(row.scenario)
