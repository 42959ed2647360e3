"""RFC331: a measured value or a target of a quantity written as a bare number."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.quantities import (
    BACKGROUND,
    VERIFICATION,
    by_sections,
    gains,
    goals,
    prose,
    section_text,
    targets,
    verification,
)
from rfc_template.lints.quantities.background_tables import bare_among_units, metric_cells
from rfc_template.lints.quantities.claim_words import (
    APPROX_WORDS,
    CHANGE_WORDS,
    OPERATOR_WORDS,
    PER_STEP_LEAD,
    POSTFIX_WORDS,
    TO,
)
from rfc_template.lints.quantities.claims import clauses
from rfc_template.lints.quantities.metrics import SOME_TIME, Metric, metrics_in, metrics_of_cell, time_named, unit_given
from rfc_template.lints.quantities.units import BANDWIDTH, BYTES, HAS_DIGIT, RATE, TIME, quantities

QUANTITY_DIMS = (TIME, BYTES, RATE, BANDWIDTH)


@rule(
    "RFC331",
    "number-without-unit",
    REVIEW,
    WARNING,
    fails=(
        edit("| 6.81 s / 74.2 GB |", "| 6.81 / 74.2 |"),
        edit(
            "| step time <= 5.79 s（下降 >= 15%），峰值显存 <= 76 GB |",
            "| step time <= 5.79（下降 >= 15%），峰值显存 <= 76 GB |",
        ),
        edit(
            "K/V all-gather mode with load balancing: 13.9 s, 46.8 GB",
            "K/V all-gather mode with load balancing: 13.9, 46.8",
            rfc="en",
        ),
        edit("step time 6.81 s，峰值显存 74.2 GB/卡", "step time 6.81，峰值显存 74.2 GB/卡"),
        edit("step time 6.81 s，峰值显存 74.2 GB/卡", "step time 6.81、峰值显存 74.2 GB/卡"),
        # a time per step, its unit left out (held-back round 8)
        edit("step time 6.81 s，峰值显存 74.2 GB/卡", "每步 6.81，峰值显存 74.2 GB/卡"),
        edit("Step time <= 2.71 s and peak memory <= 41.7 GB", "Step time <= 2.71 and peak memory <= 41.7", rfc="en"),
        # a before with its unit, an after without (met in a held-back RFC)
        edit("（PT 74.2 GB → <= 56.2 GB）", "（PT 74.2 GB → <= 56.2）"),
        # whose it is said, the unit still left out (met in a held-back RFC)
        edit("| step time <= 6.31 s（下降 >= 15%），不 OOM |", "| step time <= 6.31 per card（下降 >= 15%），不 OOM |"),
    ),
    passes=(
        edit(
            "| 6.81 s / 74.2 GB |",
            "| 6.81 / 74.2 |",
            ("| step time / peak memory |", "| step time（s）/ peak memory（GB）|"),
        ),
        edit("| 6.81 s / 74.2 GB |", "| 6.81 秒 / 74.2 GiB |"),
        # two numbers sharing the unit written after the last
        edit("step time 6.81 s，峰值显存 74.2 GB/卡", "step time 分别为 6.81、6.90 s，峰值显存 74.2 GB/卡"),
        edit("| 峰值显存下降 >= 18 GB，step time 增加 <= 12% |", "| 峰值显存下降 >= 18 GB，step time 增加不超过 12% |"),
    ),
)
@by_sections("2. 背景", "3.1 目标", "8. 约束与兼容性", "9.3 性能 / 显存验证")
def number_without_unit(ctx: Context) -> list[Finding]:
    """a step time, a memory size or a throughput is given as a number with no unit

    ## What it checks
    9.3 性能 / 显存验证 (Performance / memory verification)'s 基线 (Baseline), 开启本特性 (With this
    feature) and 通过标准 (Pass criteria) cells, in rows whose 指标 (Metric) names quantities
    (step time, latency, memory, throughput, bandwidth, communication volume, recovery or load time,
    or another time: `前向 dispatch + combine 耗时`) and gives no unit of its own (`step time (ms)`
    does): a value written as a bare number, alone or after a label, an operator or a change (`14.2`, `1F1B：14.2`, `≤ 30`, `step time <= 5.79`,
    `下降 >= 15`, `6.81 / 74.2`, `step time <= 27.8 and peak memory <= 45`; `4,646` is one
    number; `rank-0 peak 39.6`: rank 0 names a rank; whose it is does not give it a unit: `≤ 26
    per device`, `≥ 63,000 on each backend`; nor does K or M alone: `≥ 162K`, nor a window
    after it: `≤ 56.0 over 1,000 steps`). A metric with a slash of its own (`H2D /
    D2H 有效带宽`) is one metric. Also section 2's lines where such a metric is followed by a
    bare number (`step time 6.81，`, `step time 4.6、吞吐 …`, `peak memory 23.6 per GPU`, `peak memory per
    rank 57.6`, `Peak memory on stage 0, the fullest stage, is 60.0 per card`, `57.8 per NPU out of 64`, `峰值仅 32.2`, `step
    time 96.0 (65,536 tokens …)`, `step time 12.8（global batch …）`, a time `80 per step`; not
    `分别为 4.6、4.4 s`, one unit for both), or a time per step as a bare decimal with only a label
    before it (`current metric: 4.20 per step`, `每步 6.81`), and the figures of its tables, in a
    row or a column that names one such metric (`| Step time | 8.42 | 8.61 |`, `42.5` under
    `单卡峰值显存`), or in a column that names one quantity and whose other figures, two or
    more, all carry a unit of it (`| 环节 | 平均耗时 |` over `15 min`, `9 分钟`, `6`; not under a
    header that gives the unit, `耗时（min）`, nor in a column of values of all sorts, `| 项目 |
    数值 |`; a 0 needs none); and in 2's target lines, 3.1's
    goals and 8's gain rows, a value with its unit that goes to a bare decimal (`from 71.2 GB to
    66.0 or less per GPU`, `74.2 GB → <= 56.2`; `from 8 to 6 s` is how a range is written).
    Reported at the row or line, once.

    Counts are no quantity (`24` cases, `v = 2`, `8 卡`, `10 次保存`), nor are MFU, ratios or
    other metrics the template does not name; a number inside brackets, next to other words
    (`10 次保存 p99 ≤ 3`) or in a row whose metric is not known is not read.

    ## Why a reviewer cares
    `14.2` could be seconds or milliseconds, `≤ 30` minutes or seconds, `74.2` GB or GiB:
    the pass criterion cannot be checked in Level1 against a measurement, and the baseline
    cannot be compared with the target.
    """
    findings = []
    ed = ctx.edition
    section = ed.name(VERIFICATION)
    names = {"baseline": ed.name("基线"), "feature": ed.name("开启本特性"), "criterion": ed.name("通过标准")}
    for row in verification(ctx):
        if not row.metric or unit_given(row.metric):
            continue
        known = _quantity_metrics(row.metric) or time_named(row.metric)
        if not known:
            continue
        named = known[0].key if len(known) == 1 and known[0] is not SOME_TIME else row.metric
        for column in ("baseline", "feature", "criterion"):
            cell = getattr(row, column)
            bare = bare_number(cell, known)
            if bare:
                findings.append(
                    Finding(
                        row.line,
                        1,
                        "RFC331",
                        f"'{section}' {names[column]} gives {bare} for {named} with no unit: write its unit "
                        "(s, ms, GB, tokens/s, ...)",
                    )
                )
                break
    background = ed.name(BACKGROUND)
    for line, text in section_text(ctx, BACKGROUND):
        said = bare_after_metric(text) or bare_per_step(text)
        if said:
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC331",
                    f"'{background}' gives {said[1]} for {said[0]} with no unit: write its unit (s, ms, GB, tokens/s, ...)",
                )
            )
    reported = {f.line for f in findings}
    # `| Step time | 8.42 | 8.61 |`, or `| 纯 Ring | … | 16.0 s | 16384 tokens/s | 42.5 |` under `| … | 单卡峰值显存 |`
    for line, metric, cell in background_figures(ctx):
        known = () if unit_given(metric) else _quantity_metrics(metric)
        bare = bare_number(cell, known) if known else ""
        if bare and line not in reported:
            reported.add(line)
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC331",
                    f"'{background}' gives {bare} for {known[0].key} with no unit: write its unit (s, ms, GB, tokens/s, ...)",
                )
            )
    # `| 从共享存储加载 checkpoint | 6 |` in a column of `15 min`, `9 min`, … under `平均耗时`
    for line, header, bare, unit in bare_among_units(ctx.doc.tables, background, prose):
        if line not in reported:
            reported.add(line)
            findings.append(
                Finding(
                    line,
                    1,
                    "RFC331",
                    f"'{background}' gives {bare} under {header} with no unit, where the column's other figures "
                    f"are in {unit}: write its unit",
                )
            )
    for statement in [*targets(ctx), *goals(ctx), *gains(ctx)]:
        moved = bare_after_move(statement.text)
        if moved and statement.line not in reported:
            reported.add(statement.line)
            findings.append(
                Finding(
                    statement.line,
                    1,
                    "RFC331",
                    f"{moved[0]} goes to {moved[1]} with no unit: write its unit ({moved[0].split()[-1]}?)",
                )
            )
    return findings


def background_figures(ctx: Context) -> list[tuple[int, str, str]]:
    return list(metric_cells(ctx.doc.tables, ctx.edition.name(BACKGROUND), prose))


CELL_PARTS = re.compile(r"\s*(?:/|,|、|;|\band\b|和|及)\s*")
# the same, between values: a comma between digits is a thousands separator (`4,646 ms`)
VALUE_PARTS = re.compile(r"\s*(?:/|(?<!\d),|,(?!\d{3}(?!\d))|、|;|\band\b|和|及)\s*")


@lru_cache(maxsize=2048)
def _quantity_metrics(cell: str) -> tuple[Metric, ...]:
    """The quantity metrics a 指标 cell names, when every part of it is one (`step time /
    peak memory`); () when any part is something else (`loss`, `OOM 次数`, MFU)."""
    parts = [p for p in CELL_PARTS.split(cell) if p.strip()]
    whole = metrics_in(cell)  # a metric that a slash is part of: `每卡单向 H2D / D2H 有效带宽`
    if len(whole) == 1 and any(d in QUANTITY_DIMS for d in whole[0].dims) and not all(metrics_in(p) for p in parts):
        return (whole[0],)
    found = []
    for part in parts:
        named = metrics_of_cell(part)  # (`step time（optimizer 段）`: the bracket says which time)
        if len(named) != 1 or not any(d in QUANTITY_DIMS for d in named[0].dims):
            return ()
        found.append(named[0])
    return tuple(found)


BRACKETED = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
_LABELS = r"预估|预计|估计|实测|原型实测|原型|理论|约|大约|expected|estimated|measured|prototype|about|around|~|≈"
# what may stand before a bare value: nothing, or its metric, a change, an operator, a label
# (`step time <= 5.79`, `下降 >= 15`, `预估 5.72`); other words (`PyTorch 2.4`) make it no value
LEAD = re.compile(
    rf"(?i)(?:(?:{CHANGE_WORDS})\s*)?(?:(?:{OPERATOR_WORDS})\s*)?(?:(?:{_LABELS})\s*)?(?:(?:{OPERATOR_WORDS})\s*)?{APPROX_WORDS}\s*$"
)
AFTER = re.compile(rf"(?i)^\s*(?:{POSTFIX_WORDS})?\s*[.。]?$")
SOFTWARE = re.compile(
    r"(?i)(?:torch|pytorch|mindspore|\bMS|\bPT|cuda|cudnn|nccl|hccl|cann|python|flash-attn|megatron|deepspeed"
    r"|transformers|版本|version|\bv|release|r)\s*$"
)
CONFIG = re.compile(
    r"(?i)(?:(?<![<>!=])=|第|#|\b(?:seq|batch|cp|sp|tp|pp|dp|ep|v|step|steps|layer|layers|rank|ranks)\s*)$"
)


@lru_cache(maxsize=4096)
def bare_number(cell: str, known: tuple[Metric, ...]) -> str:
    """The first bare number of a 9.3 cell that stands for a value of `known`, as written; ""."""
    if not cell or not HAS_DIGIT(cell) is not None:
        return ""
    text = cell
    while BRACKETED.search(text):
        text = BRACKETED.sub(" ", text)
    for sentence in clauses(text):
        for clause in sentence:
            for part in VALUE_PARTS.split(clause):  # `step time <= 27.8 and peak memory <= 45`: a value each
                part = RANK.sub(_unnumbered, part.rsplit(":", 1)[-1])  # `rank-0 peak 39.6`: rank 0 is a name
                part = WINDOW.sub("", part)  # `≤ 56.0 over 1,000 steps`: the steps are when, not the value
                values = quantities(part)
                if len(values) != 1 or not _bare(values[0]) or values[0].sign:
                    continue
                value = values[0]
                before, after = part[: value.start], part[value.end :]
                per = PER_DEVICE.match(after)  # `≤ 26 per device`: whose it is, and still no unit
                after = after[per.end() :] if per else after
                if CONFIG.search(before.rstrip()) or not AFTER.match(after) or re.search(r"\d", before):
                    continue
                lead = LEAD.search(before)
                words = before[: lead.start()].strip() if lead else before.strip()
                if SOFTWARE.search(words):
                    continue  # a version: `PyTorch 2.4`, `MindSpore 2.6`
                if value.multiplier and words:
                    continue  # `序列长度 >= 32K`: a count of something named, not the row's metric
                named = metrics_in(words)
                if named and not any(d in QUANTITY_DIMS for d in named[-1].dims):
                    continue
                return part[value.start : value.end]
    return ""


def _bare(value) -> bool:
    """No unit: a bare number, or one with only K / M after it (`≥ 162K`)."""
    return value.bare or (value.multiplier in ("k", "K", "M") and not value.unit)


# a window a value is measured over, after it: `over 1,000 steps`, `in the first 2,000 iterations`
WINDOW = re.compile(
    r"(?i)(?<=\S)\s+(?:over|across|for|in|within|during)\s+(?:the\s+)?(?:first\s+|last\s+)?\d[\d,]*\s*"
    r"(?:steps?|iterations?|runs?|epochs?)\s*[.。]?$"
)
RANK = re.compile(r"(?i)\b(rank|stage|卡|node)[- ]?(\d+)(?= )")


def _unnumbered(match: re.Match[str]) -> str:
    return match.group(1) + "-" + "n" * len(match.group(2))


# after a bare value, what leaves it one: the end, a comma, or whose it is (`23.6 per GPU`, `/卡`)
_PER_DEVICE = (
    r"\s*(?:per (?:GPU|NPU|card|device|rank)|/ ?(?:卡|GPU|NPU|card|rank)|每卡"
    r"|on (?:each|both|every) backends?|on (?:PT|MS|PyTorch|MindSpore)|(?:两个|每个)后端(?:上|均|都)?)\b"
)
PER_DEVICE = re.compile(rf"(?i){_PER_DEVICE}")
PER_STEP = re.compile(r"(?i)\s*(?:per (?:step|iteration)|/ ?(?:step|步)|每步)\b")  # a time's: `80 per step`
LINKING = r"(?:\s*|[^\d,;。()]{0,8}?(?:为|是|约|达到|仅|只有|高达|:|=|\bof|\bis|\bwas|\bat|\babout|~)\s*)"


# `、` before another number, perhaps approximate (`6.95、约 7.60 s`, `6.81、~7.42 s`)
ANOTHER_NUMBER = re.compile(rf"、\s*{APPROX_WORDS}\s*[-+]?\d")


@lru_cache(maxsize=4096)
def bare_after_metric(text: str) -> tuple[str, str] | None:
    """(metric, number) where a line names a quantity metric and then a bare number."""
    if not HAS_DIGIT(text) is not None:
        return None
    values = quantities(text)
    for metric in metrics_in(text):
        if not any(d in QUANTITY_DIMS for d in metric.dims):
            continue
        # (not a stage's or rank's number: `peak memory on stage 0, the fullest stage, is 60.0`)
        following = next((q for q in values if q.start >= metric.end and not NAMED_BY.search(text, 0, q.start)), None)
        if following is None or not following.bare or following.sign:
            continue
        between = text[metric.end : following.start]
        rest = text[following.end :]
        per = PER_DEVICE.match(rest) or (PER_STEP.match(rest) if TIME in metric.dims else None)
        after = rest[per.end() if per else 0 :][:2]
        # `、` ends it before another item (`step time 4.6、吞吐 …`), not before another number
        # sharing the unit written after the last (`分别为 4.6、4.4 s`)
        ends = (
            not after
            or after[0] in ",;。)；，"
            or (after[0] == "." and after[1:2] in ("", " "))  # the sentence's end
            or (per is not None and after.lstrip()[:1] in ("(", "（"))  # `52.0 per NPU (Ascend 910B, …)`
            or (per is not None and OUT_OF.match(rest, per.end()) is not None)  # `57.8 per NPU out of 64`
            # an aside that starts with a number of its own: `step time 96.0 (65,536 tokens …)`, not `(s)`
            or ASIDE_NUMBER.match(rest, per.end() if per else 0) is not None
            # or with words of its own, no unit and no backend: `step time 12.8（global batch 128 …）`
            or ASIDE_WORDS.match(rest, per.end() if per else 0) is not None
            or (after[0] == "、" and not ANOTHER_NUMBER.match(rest, per.end() if per else 0))
        )
        between = WHOSE.sub("", between, count=1)  # `peak memory per rank 57.6`, `… on stage 0, the fullest stage, is`
        if re.fullmatch(LINKING, between) and ends and not COUNTED.search(between):
            return metric.key, text[following.start : following.end]
    return None


ASIDE_NUMBER = re.compile(r"\s*[(（]\s*[\d约≈~]")
# whose the metric is, between it and its value: per device, or a stage or rank named (with an aside)
WHOSE = re.compile(
    r"(?i)^\s*(?:(?:per|on each|of each)\s+(?:card|rank|GPU|NPU|device)|单卡|每卡"
    r"|(?:on|of|for|at)\s+(?:stage|rank)\s?\d+(?:\s?,[^,\d]{1,30},)?)"
)
NAMED_BY = re.compile(r"(?i)(?<!per )(?<!each )(?:\bstage|\brank|stage-|rank-)\s?$")
OUT_OF = re.compile(r"(?i)\s+(?:out of|of the)\b")
COUNTED = re.compile(r"(?i)\b(?:count|number|times)\b|次数|个数")  # `all-gather count is 2 per step`: a count
ASIDE_WORDS = re.compile(
    r"(?i)\s*[(（]\s*(?!(?:s|ms|min|h|[KMGT]i?B|tokens?/s|秒|毫秒|分钟|PT|MS|PyTorch|MindSpore|torch)\b)"
    r"(?:global|micro|batch|seq|with|at|on|for|含|不含|全局|序列|在)"
)


# a time per step whose unit is left out, with only a label before it in its clause
# (`current metric: 4.20 per step`; a decimal: `4 per step` may count calls)
BARE_PER_STEP = re.compile(
    r"(?i)(?<![\w.])(\d+\.\d+)\s*(?:per step|/ ?step|/步)(?=$|[\s,;。()])|每步\s*(\d+\.\d+)(?=\s*(?:$|[,;。、()]))"
)
CLAUSE_START = re.compile(r".*[,;，；]")


def bare_per_step(text: str) -> tuple[str, str] | None:
    """("step time", number) where a line gives a time per step as a bare decimal."""
    for match in BARE_PER_STEP.finditer(text):
        lead = CLAUSE_START.sub("", text[: match.start()])
        if PER_STEP_LEAD.match(lead):
            return "step time", match.group(1) or match.group(2)
    return None


# a before with its unit and an after without: `from 71.2 GB to 66.0 or less per GPU`,
# `74.2 GB → <= 56.2` (a transition as claims.TO reads it); a bare before and an after
# with its unit is how ranges are written (`from 8 to 6 s`), and an after followed by any
# other word may be a count (`→ 2 nodes`)
BARE_END = re.compile(rf"(?i)\s*(?:$|[,，。;；)）|]|(?:{POSTFIX_WORDS})|(?:及|或)?以(?:下|内|上))|{_PER_DEVICE}")


@lru_cache(maxsize=4096)
def bare_after_move(text: str) -> tuple[str, str] | None:
    """(the before as written, the after) where a before with a unit goes to a bare after."""
    if "→" not in text and " to " not in text and "到" not in text and "至" not in text:
        return None
    values = quantities(text)
    for before, after in zip(values, values[1:]):
        if before.dim not in QUANTITY_DIMS or not after.bare or after.sign or "." not in text[after.start : after.end]:
            continue  # (a whole number after `to` is often a count: `8 to 16 卡`)
        if TO.match(text[before.end : after.start]) and BARE_END.match(text, after.end):
            return text[before.start : before.end].strip(), text[after.start : after.end]
    return None
