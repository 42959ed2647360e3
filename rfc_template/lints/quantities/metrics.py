"""What a number measures: the metrics an RFC states targets for, in either edition, and
which way each is better (step time lower, throughput higher).

A metric is named by the words written (`step time`, `峰值显存`, `吞吐`, `MTTR`) and the
qualifiers around them that make it another quantity (`单卡` / per GPU, `端到端` / end to
end, `host`, `p99`): two mentions are the same quantity only when both agree. A metric the
lexicon does not know is no metric: the rules say nothing of it.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rfc_template.lints.quantities.units import BANDWIDTH, BYTES, CALLS, PERCENT, POINTS, RATE, RATIO, TIME

LOWER, HIGHER = "lower", "higher"


class Metric(NamedTuple):
    key: str  # the quantity: "step time", "memory", "host memory", "throughput", ...
    better: str  # LOWER or HIGHER
    dims: tuple[str, ...]  # the dimensions its values are written in
    qualifiers: frozenset[str] = frozenset()  # per-device, e2e, p99, ...
    start: int = 0
    end: int = 0

    def takes(self, dim: str) -> bool:
        """A value of `dim` can be this metric's own (or a change of it, % and ×)."""
        return any(dim == d or dim.startswith(d + ":") for d in self.dims) or dim in (PERCENT, RATIO, POINTS)

    @property
    def name(self) -> str:
        return " ".join(sorted(self.qualifiers)) + (" " if self.qualifiers else "") + self.key


_COLLECTIVES = r"all-?gather|reduce-?scatter|all-?reduce|all-?to-?all"
_PHASES = r"优化器|前向|反向|前反向|optimizer|forward|backward"
PHASE = re.compile(rf"(?i){_PHASES}")
PHASE_NAMES = {"优化器": "optimizer", "前向": "forward", "反向": "backward", "前反向": "forward-backward"}
COLLECTIVE = re.compile(rf"(?i){_COLLECTIVES}")
GRADIENT_SYNC = re.compile(r"(?i)梯度|gradient|grad ")
COLLECTIVE_NAMES = {
    "allgather": "all-gather", "reducescatter": "reduce-scatter", "allreduce": "all-reduce", "alltoall": "all-to-all"
}  # fmt: skip

# key, better, dims, pattern (matched case-insensitively on normalised text)
LEXICON = (
    (
        "step time",
        LOWER,
        (TIME,),
        r"step[ -]?time|step ?(?:时间|耗时)|单步(?:耗时|时间)|每步(?:耗时|时间)|每个 ?step (?:的)?(?:耗时|时间)"
        r"|iteration time|time per (?:optimizer )?(?:step|iteration)|step latency|迭代(?:耗时|时间)",
    ),
    (
        "host memory",
        LOWER,
        (BYTES,),
        r"(?:(?:peak|pinned) )*host (?:(?:peak|pinned|staging|side) )*(?:memory|内存)(?: ?峰值)?|(?:主机|CPU) ?(?:(?:pinned|锁页|侧) ?)?内存(?:峰值)?|(?:pinned|锁页)内存"
        r"|host 侧内存|(?:host )?DRAM|host RSS",
    ),
    (
        "memory",
        LOWER,
        (BYTES,),
        r"峰值显存|显存峰值|显存(?:占用|开销|用量)?|(?:peak )?(?:allocated |device |GPU |NPU |HBM )?memory(?: peak| footprint| usage)?"
        r"|(?<=B )peak\b(?! (?:host|CPU|DRAM|pinned))"  # `≤ 47.1 GiB peak`: a size's peak is the memory's
        r"|HBM(?: 占用)?|激活显存|activation memory"
        # `rank-0 peak ≤ 44.0 GB`, `峰值 ≤ 58 GB`: a peak given in bytes (the dimension is checked)
        r"|(?:rank-?\d+ )?peak(?= ?(?:≤|<=|<|≥|>=|>|约|~|≈|of|at)? ?\d)|峰值(?= ?(?:≤|<=|<|≥|>=|>|约|~|≈|为|仅|只有|高达|达到?)? ?\d)",
    ),
    (
        "recovery time",
        LOWER,
        (TIME,),
        r"MTTR|恢复(?:耗时|时间|时长)|recovery time|time to recover(?:y)?|故障到恢复(?:训练)?的?(?:耗时|时间)",
    ),
    ("load time", LOWER, (TIME,), r"加载(?:耗时|时间)|load(?:ing)? time"),
    # the training a failure throws away (`lost work per failure ≤ 150 s`): not the time to recover
    (
        "lost work",
        LOWER,
        (TIME,),
        r"lost (?:work|progress|training(?: time)?)|丢失(?:的)?(?:训练)?(?:进度|时间|工作量)",
    ),
    (
        "save time",
        LOWER,
        (TIME,),
        r"保存(?:耗时|时间)|save time|(?:主线程)?阻塞(?:时间|耗时)|(?:保存|单次)阻塞|blocking time|stall time"
        r"|迁移阻塞"  # (`单次迁移阻塞 ≤ 250 ms`: a blocking time as 9.3's `单次迁移阻塞时间`)
        r"|(?:training )?stall per (?:save|checkpoint)|(?:训练|保存)(?:停顿|卡顿|阻塞)",  # (`Training stall per save`)
    ),
    ("latency", LOWER, (TIME,), r"时延|延迟|latency"),
    # the communication left on the step's critical path once overlap is done: not all of it
    (
        "exposed communication",
        LOWER,
        (TIME,),
        r"暴露(?:的)?通信(?:耗时|时间)?|通信暴露(?:耗时|时间)?|exposed (?:communication|comm)(?: time)?"
        # one collective's (`暴露的 all-gather ≤ 60 ms`): a metric of its own (COLLECTIVE)
        rf"|暴露(?:的)? ?(?:参数 ?)?(?:{_COLLECTIVES})(?: ?(?:耗时|时间))?|exposed (?:[a-z]+-[a-z]+ )?(?:{_COLLECTIVES})(?: time)?"
        r"|暴露(?:的)?梯度(?:规约|同步)(?:耗时|时间)?|exposed (?:gradient |grad )(?:reduction|sync)(?: time)?"
        # the wait for a transfer left exposed (`暴露 P2P 等待 ≤ 0.8 s/step`, `exposed P2P wait`,
        # `exposed P2P ≤ 0.2 s per step`)
        r"|暴露(?:的)? ?(?:P2P|点对点|通信) ?等待(?:时间|耗时)?|exposed (?:P2P|communication) wait(?:ing)?(?: time)?"
        r"|暴露(?:的)? ?(?:P2P|点对点)(?:通信)?(?:时间|耗时)?|exposed P2P(?: communication)?(?: time)?",
    ),
    ("communication time", LOWER, (TIME,), r"通信(?:耗时|时间)|communication time|comm time"),
    # a copy's own time (`exposed PCIe copy time ≤ 0.5 s per step`): no step time's
    ("copy time", LOWER, (TIME,), r"(?:拷贝|搬运|传输)(?:耗时|时间)|(?:copy|transfer|swap) time"),
    ("compile time", LOWER, (TIME,), r"编译(?:耗时|时间)|compil(?:e|ation) time"),
    # one phase of a step, named (`优化器阶段 270 ms`, `optimizer phase time`, the optimizer's own
    # `optimizer step ≤ 0.30 s`): a metric of its own (PHASE), no step time
    (
        "phase time",
        LOWER,
        (TIME,),
        rf"(?:{_PHASES}) ?(?:阶段|段)(?:的)?(?:耗时|时间|时长)?|(?:{_PHASES}) phase(?: time)?"
        r"|(?<!per )(?<!each )(?<!every )optimizer step(?: time)?|优化器 ?(?:step|更新)(?:的)? ?(?:耗时|时间|时长)?",
    ),
    ("startup time", LOWER, (TIME,), r"启动(?:耗时|时间)|startup time|start-up time"),
    (
        "clipping time",
        LOWER,
        (TIME,),
        # `clipping from 385 ms to ≤ 3 ms`, `clipping takes ≤ 3 ms`; not `memory during clipping`
        # (`gradient clipping 1.0` is the max norm: a time has its unit)
        r"clipping time|(?<!during )(?<!while )(?<!after )(?<!before )clipping"
        r"(?= (?:from|takes|costs|per (?:step|iteration))\b| ?(?:≤|<=|<|≈|~)? ?\d[\d.,]*\s?(?:ms|s|min)\b)|裁剪(?:耗时|时间)",
    ),
    ("throughput", HIGHER, (RATE,), r"吞吐(?:量|率)?|throughput"),
    ("MFU", HIGHER, (PERCENT,), r"MFU"),
    ("speedup", HIGHER, (RATIO,), r"加速比|speed-?up"),
    ("bandwidth", HIGHER, (BANDWIDTH,), r"带宽|bandwidth"),
    (
        "communication volume",
        LOWER,
        (BYTES,),
        r"通信(?:数据)?量(?!化)|comm(?:unication)? volume|(?:network |all-reduce |DP )?traffic",  # (通信量化: quantization)
    ),
    # what a rank sends to its peer (`每层前向 ring 发送量`, `ring send per layer`): a volume of its own,
    # not the whole communication volume
    (
        "send volume",
        LOWER,
        (BYTES,),
        r"发送(?:数据)?量|(?<=ring )发送(?=\s?\d)|send volume|ring send(?:s)?(?= (?:per|volume|\d))",
    ),
    # what a save writes to storage (`单次保存上传量`, `bytes uploaded per save`): a volume of its own
    (
        "upload volume",
        LOWER,
        (BYTES,),
        r"(?:保存)?(?:上传|写入|落盘)(?:数据)?量|上传(?=\s?\d)|(?:upload|write)(?:ed)? volume|bytes (?:uploaded|written)(?: per save)?",
    ),
    ("bubble", LOWER, (PERCENT,), r"bubble(?: ?占比| ratio| rate)?|气泡(?:占比|率)"),
    # MoE routing: the share of tokens dropped, and of the all-to-all sent as padding
    ("drop rate", LOWER, (PERCENT,), r"(?:token )?drop(?:ped)?[- ]?(?:rate|ratio)|(?:token ?)?丢弃率|丢 ?token 比例"),
    ("padding", LOWER, (PERCENT,), r"padding(?: ratio| rate| waste| share)?|填充(?:率|比例|占比)"),
    # how many times one collective is called (`reduce-scatter 次数`, `all-gather calls per step`,
    # `number of all-to-alls`): a metric of its own per collective, of counts said as calls (a
    # collective named alone, `每 step reduce-scatter ≤ 150 次`, is its calls' for a count said
    # as calls only: claims.py)
    (
        "collective calls",
        LOWER,
        (CALLS,),
        rf"(?:number|count) of (?:{_COLLECTIVES})(?:s\b)?|(?:{_COLLECTIVES})(?:s\b)? ?(?:(?:调用)?次数|calls?\b|counts?\b|launches\b)"
        # (`all-gathers per stage rank per step 384 → 136`; not per micro-batch or per layer, nor
        # summed over ranks: `per step over the 16 ranks of a stage`)
        rf"|(?:{_COLLECTIVES})s(?= per (?:(?:stage |pipeline )?(?:rank|device|GPU|NPU|card) per )?(?:step|iteration)\b"
        r"(?! over| across| summed| in total| of all))",
    ),
)
MENTION = re.compile("|".join(f"(?P<m{i}>{pattern})" for i, (_, _, _, pattern) in enumerate(LEXICON)), re.I)
# what makes a mention another quantity than the same words alone, read just before it
# what says a value is one device's: `单卡`, `每个 rank 的`, `per GPU`
PER_DEVICE_WORDS = r"单卡|每卡|单个 ?rank ?的?|每个 ?rank ?的?|per[- ](?:GPU|NPU|card|device|rank)|单 ?rank"
QUALIFIERS = (
    ("per-device", re.compile(rf"(?i)(?:{PER_DEVICE_WORDS})\s?$")),
    ("e2e", re.compile(r"(?i)(?:端到端|end[- ]to[- ]end|e2e)\s?$")),
    ("total", re.compile(r"(?i)(?:总|整体|全局|total|overall|aggregate|global)\s?$")),
    ("stat", re.compile(r"(?i)(?:p\d\d|中位数|median|平均|average|mean)\s?$")),
    ("stage", re.compile(r"(?i)stage ?\d+ ?(?:的)?\s?$")),
    # what a volume is counted over (`每层前向 ring 发送量` against `每个 micro-batch 前向 ring 发送`)
    ("per-layer", re.compile(r"(?i)(?:每层|单层|per[- ]layer)[^，,；;。]{0,12}$")),
    ("per-micro-batch", re.compile(r"(?i)(?:每个? ?micro-?batch|per[- ]micro-?batch)[^，,；;。]{0,12}$")),
    # the optimizer states' share of the memory (`优化器状态显存 19.5 GB → 13.0 GB`): no peak memory
    ("optimizer-state", re.compile(r"(?i)(?:优化器状态|optimizer[- ]states?)\s?(?:的)?\s?$")),
)


SCOPES, SCOPE_REACH = frozenset({"per-layer", "per-micro-batch"}), 28  # (`每个 micro-batch 前向 ring 发送`)
# a device's memory is one device's: `单卡峰值显存` is 9.3's `peak memory` (a throughput per
# card is not the job's)
PER_DEVICE_ALREADY = frozenset({"memory"})
# and a step's time is the whole step's: `端到端 step time` is 3.1's `step time`
END_TO_END_ALREADY = frozenset({"step time"})


# Words every name of the lexicon holds one of: a text with none of them (most) names no
# metric, found with str.find; a text with some is matched only around them (the lexicon's
# alternation is slow to run over a whole text).
ANCHORS = (
    "time", "clipping", "dram", "时间", "耗时", "时长", "latency", "延迟", "时延", "显存", "内存", "memory", "hbm", "吞吐", "peak", "峰值",
    "throughput", "mttr", "mfu", "speed", "加速比", "带宽", "bandwidth", "bubble", "气泡", "阻塞",
    "通信量", "通信数据", "暴露", "exposed", "volume", "traffic", "drop", "丢", "padding", "填充", "阶段", "phase",
    "optimizer", "优化器", "gather", "scatter", "all-reduce", "allreduce", "all-to-all", "alltoall",
    "stall", "停顿", "卡顿", "lost", "丢失", "上传", "写入", "落盘", "upload", "written", "write", "发送", "send", "sent",
)  # fmt: skip
BEFORE, AFTER = (
    24,
    30,
)  # how far a name reaches around its anchor (`peak allocated memory footprint`, `exposed gradient reduction`,
# `all-gathers per stage rank per step`)


def _matches(text: str) -> list[re.Match]:
    lowered = text.lower()
    windows = []
    for anchor in ANCHORS:
        at = lowered.find(anchor)
        while at >= 0:
            windows.append((max(0, at - BEFORE), min(len(text), at + len(anchor) + AFTER)))
            at = lowered.find(anchor, at + len(anchor))
    if not windows:
        return []
    windows.sort()
    merged = [list(windows[0])]
    for start, end in windows[1:]:
        if start <= merged[-1][1]:
            merged[-1][1] = max(merged[-1][1], end)
        else:
            merged.append([start, end])
    found: list[re.Match] = []
    for start, end in merged:
        for match in MENTION.finditer(text, start, end):
            if not found or match.start() >= found[-1].end():
                found.append(match)
    return found


# what is done to the exposed time, said right after its name: no value of it follows
REMOVED = re.compile(
    r"(?i)\s*(?:wait(?:ing)?\s*)?(?:is |are |being |gets? )?(?:hidden|overlapped|removed|eliminated|covered)\b"
    r"|\s*(?:被|全部|完全)?(?:掩盖|隐藏|重叠|消除)"
)


@lru_cache(maxsize=8192)
def metrics_in(text: str) -> tuple[Metric, ...]:
    """Every metric named in `text` (normalised), in order, with its qualifiers."""
    found = []
    for match in _matches(text):
        index = int(match.lastgroup[1:])  # type: ignore[index]
        key, better, dims, _ = LEXICON[index]
        if key == "exposed communication" and REMOVED.match(text, match.end()):
            continue  # `with the exposed P2P overlapped, MS ≤ 19.4 s per step`: what is done, no value of it
        collective = COLLECTIVE.search(match.group()) if key == "exposed communication" else None
        if collective:
            key = "exposed " + COLLECTIVE_NAMES[collective.group().lower().replace("-", "")]
        elif key == "exposed communication" and GRADIENT_SYNC.search(match.group()):
            key = "exposed gradient reduction"
        if key == "collective calls":
            key = calls_of(match.group())
        if key == "phase time":
            phase = PHASE.match(match.group()).group().lower()  # type: ignore[union-attr]
            key = f"{PHASE_NAMES.get(phase, phase)} phase time"
        before = text[max(0, match.start() - 12) : match.start()]
        scope = text[max(0, match.start() - SCOPE_REACH) : match.start()]
        qualifiers = frozenset(
            name
            for name, pattern in QUALIFIERS
            if pattern.search(scope if name in SCOPES else before)
            and not (name == "per-device" and key in PER_DEVICE_ALREADY)
            and not (name == "e2e" and key in END_TO_END_ALREADY)
        )
        found.append(Metric(key, better, dims, qualifiers, match.start(), match.end()))
    return tuple(found)


def calls_of(named: str) -> str:
    """The key of the calls of the collective `named` names: `reduce-scatter calls`."""
    collective = COLLECTIVE.search(named)
    assert collective is not None
    return COLLECTIVE_NAMES[collective.group().lower().replace("-", "")] + " calls"


CELL_PARTS = re.compile(r"\s*(?:/|,|、|;|\band\b|和|及)\s*")
UNIT_IN_CELL = re.compile(
    r"(?i)[(\[](?:[^()\[\]]*?)(?:\bs\b|ms|min|GB|GiB|MB|MiB|TB|tokens?/s|samples?/s|%|秒|分钟|小时)"
)


@lru_cache(maxsize=2048)
def metrics_of_cell(cell: str) -> tuple[Metric, ...]:
    """The metrics a 9.3 指标 (Metric) cell names, in order (`step time / peak memory`)."""
    named = metrics_in(cell)
    if len(named) == 2 and _refines(cell, *named):
        return named[1:]
    return named


REFINED_BY = re.compile(r"\s*[(（]\s*$")


def _refines(cell: str, general: Metric, bracketed: Metric) -> bool:
    """`peak memory (host RSS per node)`: the bracket says which memory is meant, one metric."""
    return (
        bracketed.key != general.key
        # (`step time（optimizer 段）`: one phase of the step)
        and (
            bracketed.key.endswith(" " + general.key)
            or (general.key == "step time" and bracketed.key.endswith(" phase time"))
        )
        and REFINED_BY.fullmatch(cell[general.end : bracketed.start]) is not None
        and not LEFT_OUT.search(re.split(r"[)）]", cell[general.end :])[0])  # `(host memory counted separately)`
    )


LEFT_OUT = re.compile(r"(?i)separately|not included|excluded|excluding|另计|不含|除外|不计")


def unit_given(cell: str) -> bool:
    """A 指标 cell that says its unit: `Clipping time per step (ms)`, `step time（s）`."""
    return UNIT_IN_CELL.search(cell) is not None


# a 指标 cell naming a time the lexicon does not know (`前向 dispatch + combine 耗时`, `Planner
# time`, `单次 AllGather 耗时（含量化 / 反量化）`): a time still, better lower, though no rule
# compares it with another part's
TIME_NAMED = re.compile(r"(?i)(?:耗时|用时|时长|\b(?:time|latency|duration))\s*(?:[(（][^()（）]*[)）])?\s*$")
SOME_TIME = Metric("time", LOWER, (TIME,))


def time_named(cell: str) -> tuple[Metric, ...]:
    return (SOME_TIME,) if TIME_NAMED.search(cell) and not metrics_in(cell) else ()
