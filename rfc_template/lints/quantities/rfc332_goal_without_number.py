"""RFC332: a performance or memory goal that names no number."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.quantities import GOALS, by_sections, goals
from rfc_template.lints.quantities.claims import top_level_stops
from rfc_template.lints.quantities.metrics import metrics_in
from rfc_template.lints.quantities.units import COUNT, PERCENT, POINTS, RATIO, quantities

OFFLOAD_GOAL = (
    "2. 在 Llama2-13B、8 卡、seq 4096 场景下达到峰值显存下降 >= 18 GB/卡、改用选择性重计算后 step time "
    "下降 >= 15% 的性能 / 显存目标。"
)
ULYSSES_GOAL = (
    "2. Reach a step time at least 12% lower (13.9 s to 12.2 s or less) and a peak memory of 43 GB or less "
    "(from 46.8 GB) than the K/V all-gather mode"
)


@rule(
    "RFC332",
    "goal-without-number",
    REVIEW,
    WARNING,
    fails=(
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡、seq 4096 场景下显著降低峰值显存，并提升训练速度。"),
        edit(
            ULYSSES_GOAL,
            "2. Significantly reduce the step time and the peak memory compared with the K/V all-gather mode",
            rfc="en",
        ),
        edit(ULYSSES_GOAL, "2. Reach a negligible step time overhead against the K/V all-gather mode", rfc="en"),
        edit(ULYSSES_GOAL, "2. Keep the peak memory well below that of the K/V all-gather mode", rfc="en"),
        # no worse by a hedge alone (held-back rounds 29 and 30)
        edit(
            ULYSSES_GOAL,
            "2. Reach a step time at least 12% lower (13.9 s to 12.2 s or less); peak memory should not grow noticeably",
            rfc="en",
        ),
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下峰值显存下降 >= 18 GB/卡，step time 尽量接近全量重计算前。"),
        # the step time of another scene, in another sentence, is not this one's
        edit(
            OFFLOAD_GOAL,
            "2. 在 Llama2-13B、8 卡、seq 4096 场景下显著缩短 step time。在 Llama3.2-3B、8 卡场景下 step time 6.0 s → <= 5.1 s。",
        ),
        # the number in the item is another quantity's: the memory has none
        edit(
            OFFLOAD_GOAL,
            "2. 在 Llama2-13B、8 卡、seq 4096 场景下显著降低峰值显存，改用选择性重计算后 step time 下降 >= 15%。",
        ),
        # a bound with no number
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下，step time 下降 >= 15%，峰值显存增加控制在可接受范围内。"),
        # a change against something named, with no number
        edit(
            OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下，step time 相比全量重计算明显下降，峰值显存下降 >= 18 GB/卡。"
        ),
        # a bound with no unit in another clause is that clause's (met in a held-back RFC)
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下：卡间负载不均衡度从 1.85 降到 ≤ 1.15；峰值显存明显下降。"),
        # `持平` is the memory's, not the step time's (held-back round 8)
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡、seq 4096 场景下显著缩短 step time，峰值显存与全量重计算时持平。"),
    ),
    passes=(
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下降低峰值显存和 step time，目标值见 9.3。"),
        edit(OFFLOAD_GOAL, "2. 峰值显存减半，step time 不劣化。"),
        # the number of the same quantity in another clause of the item
        edit(OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡场景下显著降低峰值显存，目标 <= 56 GB/卡。"),
        edit(
            OFFLOAD_GOAL, "2. 在 Llama2-13B、8 卡、seq 4096 场景下 step time 下降 >= 15%，峰值显存与全量重计算时持平。"
        ),
        edit(ULYSSES_GOAL, "2. Keep the step time of the K/V all-gather mode without any regression", rfc="en"),
    ),
)
@by_sections("3.1 目标")
def goal_without_number(ctx: Context) -> list[Finding]:
    """a performance or memory goal in 3.1 says better without saying how much

    ## What it checks
    Each item of 3.1 目标 (Goals) that asks for a measurable quantity to get better: a verb of
    change next to a quantity (`降低显存`, `显存显著下降`, `step time 相比同步 TP 明显下降`, `提升吞吐`, `缩短恢复时间`, `降低 PT 与
    MS 的 step time`, `降低单次保存阻塞`, `reduce the peak memory`, `improve throughput`,
    `faster`), an amount said with an adjective alone, before it or after (`a negligible clipping
    overhead`, `keep start-up overhead (profiling + solving) small`, `keep the snapshot memory
    small in host DRAM`, `额外占用尽量小`, `额外 workspace 尽量小`, `step time 尽量不受影响`; not in a
    condition, `when free device memory is low`), or below
    or above something by an adverb alone (`peak memory well below what cp_size = 1 needs`,
    `显存明显低于全复制`), or kept so with no number (`peak memory stays acceptable`, `显存控制在可接受范围`), or no worse by an adverb alone (`step time 不明显慢于手工最优配置`,
    `not noticeably slower than`, or by a hedge: `HBM 峰值基本不增加`, `peak memory should not grow
    noticeably`; not as a premise: `在 step time 不明显增加的前提下，…`), or as close or as small
    as can be (`step time 尽量接近场景 A`, `a moderate peak memory increase`), for
    memory, step time, latency,
    throughput, bandwidth, MTTR, recovery or load time, overhead or performance. Reported at
    the item when it gives no number for it: no value with a unit (`18 GB`, `15%`, `1.12×`,
    `1.5 倍`), no bound, no word for a number (`减半`, `halve`, `double`), and no pointer to
    where the numbers are (`见 9.3`, `see 9.3`, another goal: `见目标 4`, `goal 4 bounds it`); nor
    a condition (`provided peak memory does not grow noticeably`, `前提是峰值显存基本不增加`).

    A goal that keeps a quantity as it is (`不劣化`, `without regression`, `不降低吞吐`) asks for
    no amount, nor does one set by something named (`降到 1F1B 的水平`, `吞吐提升，达到 Megatron 同等水平`;
    but in `缩短 step time，峰值显存基本持平` the `持平` is the memory's); names and counts (`Llama2-13B`, `8 卡`, `seq 4096`) are no target number; items
    still holding the template's `xxx` are RFC301's.

    A number counts for the quantity when the item's clause holding it (split at `，` `;` `。`)
    names no other metric and does not set the scene (`8 × 64 GB 的场景下`): in `显存显著降低，
    吞吐提升 ≥ 20%` the 20% is the throughput's, and the memory goal has none (a label opening
    the item names what it is about, not whose its numbers are: in `性能 / 显存目标：step time
    劣化 ≤ 1%；显存增量尽量小` the 1% is the step time's); where the
    sentence sets a scene of its own (`在 Llama2-13B、64 卡场景下显著缩短 step time。`), the
    numbers of another sentence are another scene's. A bound with no unit (`≤ 1.15`) counts
    only in the vague words' part of the sentence (not across a `；`). A bound with no
    number (`显存增加控制在可接受范围内`, `within an acceptable range`) is vague too.

    ## Why a reviewer cares
    "显著降低显存" cannot be verified: 9.3 has no pass criterion to hold it to, and the gain
    cannot be weighed against its cost. A goal states the number the feature must reach.
    """
    findings = []
    section = ctx.edition.name(GOALS)
    for goal in goals(ctx):
        if "xxx" in goal.text:
            continue
        vague = vague_goal(goal.text)
        if vague:
            findings.append(
                Finding(
                    goal.line,
                    1,
                    "RFC332",
                    f"'{section}' asks to {vague!r} with no number: state the target value (and where 9.3 verifies it)",
                )
            )
    return findings


# what is better lower and what is better higher, and the verbs that make each better:
# `降低显存`, `缩短恢复时间`, `提升吞吐`, `reduce the peak memory`, `improve throughput`
_NOT_THE_QUANTITY = r"(?!碎片|拷贝|分配|管理|布局|复用|泄漏|泄露|池)"
_ZH_LOWER = (
    rf"(?:显存|内存){_NOT_THE_QUANTITY}|耗时|(?:训练|恢复|加载|保存|编译|启动|通信|迭代|单步|等待|阻塞|故障恢复)时间|时延|延迟"
    r"|(?:保存|加载|恢复|通信|同步)?阻塞"
    r"|MTTR|step ?time|(?:显存|内存|通信|计算|额外|运行时|性能|时间)开销"
)
_ZH_HIGHER = r"吞吐(?:量|率)?|带宽|性能|(?:训练|推理|加载|保存|恢复|通信|计算)?速度|(?:训练|通信|计算|显存|内存|并行|扩展)效率|MFU|加速比"
_ZH_DOWN = r"降低|减少|下降|节省|节约|缩短|减小|压缩|优化(?!器)|改善|更少|更低|更短"
_ZH_UP = r"提升|提高|增加|增大|加快|加速|优化(?!器)|改善|更快|更高"
_EN_LOWER = (
    r"memory|latency|step time|MTTR|(?:memory|communication|compute|runtime|time|performance|clipping"
    r"|checkpoint(?:ing)?|step|per-step|start-?up|planning|profiling|planner|tuning|save|load) overhead"
    r"|training time|recovery time|load(?:ing)? time|time to recover|blocking time|save time|stall time|footprint"
)
_EN_HIGHER = r"throughput|bandwidth|performance|speed|MFU"
_EN_DOWN = (
    r"reduc\w*|lower\w*|decreas\w*|cut(?:s|ting)?|sav(?:e|es|ed|ing)|shorten\w*|minimi[sz]\w*|optimi[sz]\w*|improv\w*"
)
_EN_UP = r"improv\w*|increas\w*|boost\w*|rais\w*|maximi[sz]\w*|optimi[sz]\w*|accelerat\w*"
# a negation or a condition just before the verb: `不降低吞吐`, `在不明显增加 step time 的前提下`
NEGATION = (
    r"(?:不|无|没有|未|不会|不得|不能|避免|不再|without|not|no|never|avoid\w*|keep\w*)"
    r"(?:明显|显著|大幅|会|再|致|影响|明显地|significantly|noticeably)?\W{0,2}$"
)
VAGUE = re.compile(
    rf"(?i)(?P<zh1>(?:{_ZH_DOWN})了?[^\d,;。，；]{{0,14}}?(?:{_ZH_LOWER}))"
    rf"|(?P<zh2>(?:{_ZH_UP})了?[^\d,;。]{{0,8}}?(?:{_ZH_HIGHER}))"
    rf"|(?P<zh3>(?:{_ZH_LOWER})(?:占用|开销|峰值)?\s*(?:(?:相比|相对|较)[^\d,;。，；]{{0,32}}?)?[^\d,;。]{{0,4}}?(?:{_ZH_DOWN}))"
    rf"|(?P<zh4>(?:{_ZH_HIGHER})[^\d,;。]{{0,4}}?(?:{_ZH_UP}))"
    rf"|(?P<en1>\b(?:{_EN_DOWN})\b(?:[^\w\d.;:]+[^\W\d]\w*){{0,3}}?[^\w\d.;:]+(?:{_EN_LOWER})\b)"
    rf"|(?P<en2>\b(?:{_EN_UP})\b(?:[^\w\d.;:]+[^\W\d]\w*){{0,3}}?[^\w\d.;:]+(?:{_EN_HIGHER})\b)"
    rf"|(?P<en3>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,4}}?\W+(?:lower|smaller|less|reduced|shorter)\b)"
    rf"|(?P<en4>\b(?:{_EN_HIGHER})\b(?:\W+\w+){{0,2}}?\W+(?:higher|more|increased|better)\b)"
    r"|(?P<en5>\b(?:faster|quicker|lower memory|less memory|higher throughput|better performance|more efficient)\b)"
    # a bound with no number: `显存增加控制在可接受范围内`, `memory kept within an acceptable range`
    rf"|(?P<zh5>(?:{_ZH_LOWER})[^\d,;。，；]{{0,8}}?(?:控制|保持|维持)在(?:可接受|合理|可控|较低|较小|一定)的?(?:范围|水平|程度)?)"
    rf"|(?P<en7>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,4}}?\W+(?:within|at|to) (?:an? )?(?:acceptable|reasonable|manageable) (?:range|level|limits?|bounds?)\b)"
    # kept so with no number: `peak memory stays acceptable`, `memory remains under control`
    rf"|(?P<en13>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,2}}?\W+(?:stays?|remains?|is kept|kept) (?:acceptable|reasonable|manageable|under control|in check)\b)"
    # below or above something by an adverb alone: `peak memory well below what cp_size = 1 needs`
    rf"|(?P<en8>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,2}}?\W+(?:well|far|much|significantly|considerably|substantially) (?:below|under|lower|less|smaller)\b)"
    rf"|(?P<en9>\b(?:{_EN_HIGHER})\b(?:\W+\w+){{0,2}}?\W+(?:well|far|much|significantly|considerably|substantially) (?:above|over|higher|more)\b)"
    rf"|(?P<zh6>(?:{_ZH_LOWER})[^\d,;。，；]{{0,8}}?(?:明显|显著|远|大幅)(?:低于|小于|少于|短于))"
    # no worse by an adverb alone: `step time 不明显慢于手工最优配置`, `step time not noticeably slower than`
    # (or by a hedge: `HBM 峰值基本不增加`, `peak memory should not grow noticeably`)
    rf"|(?P<zh9>(?:{_ZH_LOWER}|峰值)[^\d,;。，；]{{0,8}}?(?:不(?:明显|显著|会明显|会显著)|(?:基本|几乎)(?:不|没有))(?:慢于|高于|多于|长于|大于|差于|劣于|增加|上升|增长|变慢))"
    rf"|(?P<en11>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,3}}?\W+(?:is |are |be )?not (?:noticeably|significantly|measurably|much) (?:slower|higher|larger|longer|worse|more)\b)"
    rf"|(?P<en14>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,3}}?\W+not (?:grow|increase|rise|regress)\w* (?:noticeably|significantly|measurably|much|appreciably)\b)"
    # as small as it can be: `量化缓冲额外占用尽量小`
    rf"|(?P<zh8>(?:{_ZH_LOWER}|占用|开销|workspace|缓冲)[^\d,;。，；]{{0,8}}?(?:尽量|尽可能)(?:小|少|低|短|接近|不受影响|不变慢|不劣化))"  # (not `越大…越少`: a trade-off)
    rf"|(?P<zh7>(?:{_ZH_HIGHER})[^\d,;。，；]{{0,8}}?(?:明显|显著|远|大幅)(?:高于|大于|多于|快于))"
    # an amount said with an adjective alone, before (`a negligible clipping overhead`, `a small extra peak
    # memory`) or after (`keep start-up overhead (profiling + solving) small`)
    rf"|(?P<en10>\b(?:{_EN_LOWER})\b(?:\W+\w+){{0,6}}?\W+(?:small|low|negligible|minimal|minor|tiny|modest|moderate|limited)(?=\s*(?:$|[.,;)]|(?:in|on|for|during)\b)))"
    # kept small, and then another clause: `keep the extra pinned host memory small and do not …`
    rf"|(?P<en12>\bkeep\b(?:\W+\w+){{0,6}}?\W+(?:small|low|negligible|minimal)(?=\s+(?:and|but|while)\b))"
    rf"|(?P<en6>\b(?:negligible|small|minimal|minor|low|little|tiny|modest|moderate)\b(?:\W+\w+){{0,3}}?\W+(?:{_EN_LOWER})\b)"
)
NEGATED = re.compile(NEGATION, re.I)
KEPT_SMALL = re.compile(NEGATION.replace("|keep\\w*", ""), re.I)  # `keep` asks for what follows
# a condition, not a goal: `when free device memory is low`, `if the overhead is small`
CONDITION_BEFORE = re.compile(
    r"(?i)\b(?:when|if|whenever|unless|once|until|while|provided|as long as|so long as)\b[^.,;]*$|前提是[^。，；]*$"
)
BY_ADVERB = ("en8", "en9", "zh6", "zh7")  # below or above something, by an adverb alone
NUMBER_WORDS = re.compile(
    r"(?i)一半|减半|翻倍|翻番|[一二两三四五六七八九十]+倍|[一二三四五六七八九]成|百分之|\b(?:halve[sd]?|half|double[sd]?|twice|triple[sd]?|zero)\b"
)
# a pointer to where the goal's numbers are: `见 9.3`, `9.3 中`, `see 9.3`, `section 9.3`
POINTER = re.compile(
    r"(?i)(?:见|参见|详见|按|如|同|see|in|per|under|section|§|第)\s*\d+(?:\.\d+)+|\d+\.\d+\s*(?:节|中|所列|的|列出)"
    # another goal of the list that gives the number: `（见目标 4）`, `(goal 4 bounds it)`, `see item 4`
    r"|(?:见|参见|详见|同|see|as in|per)\s*(?:第\s*)?(?:目标|goal|item)\s*\d|\b(?:goal|item)\s*\d\s*(?:bounds|sets|gives)\b"
)
# a bare section number (`targets of 9.3`; not a model's version, `Llama3.2-3B`), and a
# target set by something named (`降到 1F1B 的水平`)
SECTION = re.compile(
    r"(?<![\w.])(?<![A-Za-z]-)(?:[2-9]|10)\.[1-6](?!\d|\.\d)(?!-\d+[BbMK]\b)(?!\s?(?:s\b|ms\b|min\b|h\b|[KMGT]i?B|%|×|x\b|倍|秒|分钟|小时|tokens))"
)
# a value that moves, no section: `不均衡度从 2.6 降至 ≤ 1.3`, `from 2.6 to 1.3`
MOVING = re.compile(r"(?i)(?:从|from)\s?$")
MOVES = re.compile(r"(?i)\s?(?:降|到|→|->|提升|增|to\b)")
RELATIVE = re.compile(
    r"(?i)的水平|持平|相当|一致|同等|不低于|不高于|不超过|不劣于|\b(?:same as|on par|that of|as (?:fast|low|high|good) as|matches|match)\b"
)
OPERATOR = re.compile(r"(?:<=|>=|≤|≥|<|>|不超过|不低于|至少|至多|不高于|at least|at most|or less|or more)\s*\d")


@lru_cache(maxsize=2048)
def vague_goal(text: str) -> str:
    """The words of a goal that ask for a quantity to improve with no number; "" if none."""
    if NUMBER_WORDS.search(text) or POINTER.search(text) or any(_a_section(text, m) for m in SECTION.finditer(text)):
        return ""
    relative = RELATIVE.search(text) is not None
    for match in VAGUE.finditer(text):
        if relative and match.lastgroup not in BY_ADVERB and _set_by_something(text, match):
            continue  # a target set by something named (`降到 1F1B 的水平`); `well below that of` is none
        if match.lastgroup in ("zh9", "en11", "en14") and (
            "在" in _clause_before(text, match.start()) or PREMISE.match(text, match.end())
        ):
            continue  # a premise: `在 step time 不明显增加的前提下，峰值显存下降 >= 18 GB`
        negated = KEPT_SMALL if match.lastgroup in ("en10", "en12") else NEGATED  # (`keep … small` asks for an amount)
        if negated.search(text, max(0, match.start() - 12), match.start()) or (
            match.lastgroup in ("en10", "en11", "en14", "zh9")
            and CONDITION_BEFORE.search(text, max(0, match.start() - 40), match.start())
        ):  # (a condition, not a goal: `provided peak memory does not grow noticeably`, `前提是峰值显存基本不增加`)
            continue
        found = match.group()
        dims = {d for m in metrics_in(found) for d in m.dims}
        within, at = _own_scene(text, match.start())
        clauses = _clauses_for(within, match.start() - at, found)
        # a bound with no unit is the quantity's only within its own part of the sentence:
        # `…不均衡度从 1.85 降到 ≤ 1.15；…峰值显存明显下降` gives the memory no number
        if not any(_has_number(clause, dims) or (near and _bare_bound(clause, dims)) for clause, near in clauses):
            return found.strip()
    return ""


def _a_section(text: str, match: re.Match[str]) -> bool:
    """A section number (`见 9.3`, `the numbers from 9.3`, `sections 9.2-9.3`), not a value moving
    (`从 2.6 降至`), nor a version after a name (`Llama 3.1 8B`, `MindSpore 2.6`, `Llama-3.1-8B`)."""
    named = NAMED_BEFORE.search(text, 0, match.start())
    if named and not POINTER_WORD.fullmatch(named.group(1)):
        return False
    return not (MOVING.search(text, 0, match.start()) and MOVES.match(text, match.end()))


NAMED_BEFORE = re.compile(r"([A-Za-z][\w]*)\s?$")
POINTER_WORD = re.compile(r"(?i)see|in|of|to|per|under|sections?|and|or|from|by|at|with|also|§")


PREMISE = re.compile(r"(?i)[^,;。，；]{0,6}?(?:的?前提|的同时|的情况下|\bwhile\b|\bprovided\b)")


def _clause_before(text: str, at: int) -> str:
    """The text of `at`'s clause before it."""
    ends = [e for e in _clause_ends(text) if e < at]
    return text[(ends[-1] + 1) if ends else 0 : at]


def _set_by_something(text: str, match: re.Match[str]) -> bool:
    """The vague words' target is set by something named: in their own clause (`降到 1F1B 的
    水平`), or in the clauses before or after them in their part of the sentence that name no
    metric of their own (`吞吐提升，达到 Megatron 同等水平`, `达到 Megatron-LM 同等水平，step time
    降低`); not by another metric's (`缩短 step time，峰值显存基本持平`)."""
    ends = _clause_ends(text)
    begin = max((e + 1 for e in ends if e < match.start()), default=0)
    for end in reversed([e for e in ends if e < begin]):  # the clauses before, nearest first
        if PART_END.match(text, end):
            break
        before = text[max((e + 1 for e in ends if e < end), default=0) : end]
        if metrics_in(before):
            break
        if RELATIVE.search(before):
            return True
    for end in ends:
        if end < match.end():
            continue
        part = text[begin:end]
        if begin > match.end() and metrics_in(part):
            return False  # another metric's clause
        if RELATIVE.search(part):
            return True
        if PART_END.match(text, end):
            return False
        begin = end + 1
    return False


def _has_number(text: str, dims: set[str]) -> bool:
    """A number that may be the amount of a quantity of `dims` (any, without): a share or a
    ratio may be of anything, a size is no time."""
    return any(
        (q.dim != COUNT or q.multiplier in ("万", "亿"))
        and (not dims or q.dim in dims or q.dim.split(":")[0] in dims or q.dim in AMOUNTS)  # `rate:tokens` is a rate
        for q in quantities(text)
    )


def _bare_bound(text: str, dims: set[str]) -> bool:
    """A bound (`≤ 5`) whose number may be the quantity's: none of another dimension."""
    return OPERATOR.search(text) is not None and not any(
        dims and q.dim not in dims and q.dim.split(":")[0] not in dims and q.dim not in AMOUNTS and q.dim != COUNT
        for q in quantities(text)
    )


AMOUNTS = (PERCENT, POINTS, RATIO)
# a clause that sets the scene (`在 Llama2-13B、8 × 64 GB 的场景下`): its sizes are the hardware's
SCENE = re.compile(r"(?i)(?:场景|环境|配置|规模)(?:下|中|里)?\s*$|\b(?:scenario|setting|setup|configuration)\s*$")


CLAUSE_END = re.compile(r"[，；;。]|,(?!\d{3}(?!\d))")  # (`1,600 GB` is one number)


def _clause_ends(text: str) -> list[int]:
    """Where the clauses of `text` (normalised) end, and its end: not inside brackets."""
    return [stop for stop, _ in top_level_stops(text, CLAUSE_END)] + [len(text)]


PART_END = re.compile(r"[；;。]")  # what ends a part of a sentence, not only a clause
SENTENCE_END = re.compile(r"[。；;]|\.\s")
# a sentence that names its own scene: `在 Llama2-13B、64 卡场景下 …。在 Llama3.2-3B 场景下 …`
OWN_SCENE = re.compile(r"(?i)场景|\b(?:scenario|setting|setup)\b")


def _own_scene(text: str, start: int) -> tuple[str, int]:
    """The part of a goal whose numbers may be the vague quantity's, and where it starts:
    the sentence holding it when that sentence sets a scene of its own (another
    sentence's numbers are another scene's), else the whole goal."""
    ends = [m.end() for m in SENTENCE_END.finditer(text)]
    begin = max((e for e in ends if e <= start), default=0)
    end = min((e for e in ends if e > start), default=len(text))
    sentence = text[begin:end]
    if (begin, end) != (0, len(text)) and OWN_SCENE.search(sentence):
        return sentence, begin
    return text, 0


# a label that opens an item (`3. 性能 / 显存目标（同上配置）:`, `Memory and speed goals:`)
LABEL = re.compile(r"(?i)^\s*(?:\d+[.、)]\s*)?[^:\d]{1,24}?(?:目标|goals?|targets?)(?:\([^)]*\))?\s*:")


def _clauses_for(text: str, start: int, vague: str) -> list[tuple[str, bool]]:
    """The parts of a goal whose numbers may be the vague quantity's, each with whether it
    stands in the vague words' part of the sentence (no `；` between them): the vague words'
    own clause, and every other clause but one that names a metric of its own other than the
    vague one's (`显存显著降低，吞吐提升 ≥ 20%`: the 20% is the throughput's, the memory has none)."""
    own = metrics_in(vague)
    keys = {m.key for m in own}
    parts, begin = [], 0
    for end in _clause_ends(text):
        part = text[begin:end]
        label = LABEL.match(part)  # `性能 / 显存目标:` names what the item is about, not whose its numbers are
        named = {m.key for m in metrics_in(part[label.end() if label else 0 :])}
        holds = begin <= start <= end
        if holds or not keys or (not named and not SCENE.search(part)) or named & keys:
            near = holds or not PART_END.search(text, min(end, start), max(begin, start))
            parts.append((part, near))
        begin = end + 1
    return parts
