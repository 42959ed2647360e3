"""The words claims are read by, in both editions: operators (`<=`, `不超过`, `at most`), changes
(`下降`, `reduced by`, `lower`), a transition's arrow or verb (`→`, `降到`), and the words that
make a number relative, a cost or a time of something named (`恢复`, `per step`)."""

from __future__ import annotations

import re

from rfc_template.lints.quantities.metrics import LOWER, Metric, metrics_in
from rfc_template.lints.quantities.units import TIME, Quantity

# Operators, in the order they are tried (`<=` before `<`).
_LE = (
    r"<=|≤|≦|=<|⩽|不超过|不高于|不大于|不多于|不超出|至多|最多|小于等于|小于或等于|低于或等于|控制在|at most|no more than"
    r"|no higher than|no greater than|no longer than|not (?:more|higher|greater|longer|larger) than|not exceeding|up to|within"
    r"|at or below|at or under|not (?:above|over)"
)
_LT = r"<|小于|低于|below|under|less than|lower than|fewer than|shorter than"
_GE = (
    r">=|≥|≧|=>|⩾|不低于|不少于|不小于|至少|最少|大于等于|大于或等于|at least|no less than|no lower than|no fewer than|not less than"
    r"|at or above|at or over|not (?:below|under)|not (?:lower|fewer|shorter|smaller) than"
)
_GT = r">|大于|高于|超过|above|more than|greater than|higher than"
_OP = rf"(?P<le>{_LE})|(?P<ge>{_GE})|(?P<lt>{_LT})|(?P<gt>{_GT})"
_APPROX = r"(?:约|大约|预估|预计|估计|expected|estimated|about|around|roughly|approximately|~|≈)?"
# what says a value is an estimate, not a target nor a measure (`预估 131.4 s`, `+11.0 GB expected`)
ESTIMATE_WORDS = (
    r"预估|预计|估计|估算|预测|预期|推算|模拟|理论值|原型|estimat\w*|expected|projected|predicted|prototype"
)
# a change written before its number (中文 and English verbs) and after it (comparatives)
_DOWN_BEFORE = (
    r"下降了?|降低了?|减少了?|缩短了?|减小了?|节省了?|节约了?|少了|"
    r"(?:reduc(?:e|es|ed|ing)|decreas(?:e|es|ed|ing)|drop(?:s|ped|ping)?|cut(?:s|ting)?|sav(?:e|es|ed|ing)|shrink(?:s|ing)?|lower(?:s|ed)?)(?: by| of)?"
)
_UP_BEFORE = (
    r"提升了?|提高了?|增加了?|上升了?|增长了?|增大了?|多出了?|升高了?|多占了?|多用了?|"
    r"(?:increas(?:e|es|ed|ing)|grow(?:s|n|ing)?|rais(?:e|es|ed|ing)|ris(?:e|es|ing)|add(?:s|ed|ing)?)(?: by| of)?"  # (`an increase of no more than 11.5 GB`)
    r"|overhead(?: of)?"  # `step time … (overhead ≤ 1 %)`: what it grows by
    r"|增量|增幅|growth(?: of)?"  # `峰值显存增量 ≤ 0.6 GB`, `memory growth ≤ 1 GB`: the same
)
_BETTER_BEFORE = (
    r"加速了?|提速了?|快了?|收益|节省量|降幅|improv(?:e|es|ed|ing)(?: by)?|speed(?:s)? up(?: by)?|gains?(?: of)?"
    r"|savings?(?: of)?|reduction(?: of)?"
)
_WORSE_BEFORE = (
    r"劣化了?|退化了?|回退了?|变慢了?|慢了?|regress(?:es|ed|ion(?: of)?)?|slowdown(?: of)?|slow(?:s|ed)? down(?: by)?"
)
_CHANGE_BEFORE = (
    rf"(?P<down>{_DOWN_BEFORE})|(?P<up>{_UP_BEFORE})|(?P<better>{_BETTER_BEFORE})|(?P<worse>{_WORSE_BEFORE})"
)
LEAD = re.compile(
    rf"(?i)(?:(?:{_OP})\s*)?(?:(?:{_CHANGE_BEFORE})\s*)?(?:(?:{_OP.replace('?P<', '?P<x')})\s*)?{_APPROX}\s*$"
)


def unnamed(pattern: str) -> str:
    """A pattern's named groups as plain groups, to be used again in another pattern."""
    return re.sub(r"\?P<\w+>", "?:", pattern)


OPERATOR_WORDS = unnamed(_OP)
CHANGE_WORDS = unnamed(_CHANGE_BEFORE)
APPROX_WORDS = _APPROX
_POSTFIX_LE = r"以内|以下|及以下|内(?!存)|or less|or lower|or below|or fewer|or under|or shorter|at most"
_POSTFIX_GE = r"以上|及以上|or more|or higher|or above|or greater|or longer"
_DOWN_AFTER = r"lower|less|fewer|smaller|shorter|below|(?:的)?下降|(?:的)?降低|(?:的)?减少"
_UP_AFTER = r"higher|more|larger|bigger|longer|above|(?:的)?增加|(?:的)?提升|(?:的)?增长"
POSTFIX_WORDS = f"{_POSTFIX_LE}|{_POSTFIX_GE}"
TAIL = re.compile(
    rf"(?i)^\s*(?:(?P<ple>{_POSTFIX_LE})|(?P<pge>{_POSTFIX_GE}))?\s*"
    rf"(?:(?P<down>{_DOWN_AFTER})|(?P<up>{_UP_AFTER})|(?P<better>faster|quicker|better)|(?P<worse>slower|worse))?(?![A-Za-z])"
)
# between a transition's two values: its arrow or verb, and what may stand around it
_TO_DOWN = r"降到|降至|降低到|降低至|下降到|下降至|减少到|减少至|减到|减至|缩短到|缩短至|压到|压缩到|down to"
_TO_UP = r"提升到|提升至|提高到|提高至|增加到|增加至|升到|升至|增长到|增长至|涨到|上升到|上升至"
TO = re.compile(
    rf"(?i)^\s*(?:(?P<down>{_TO_DOWN})|(?P<up>{_TO_UP})|→|->|⟶|=>|到|至|变为|变成|to)\s*(?:目标|target)?\s*(?:{_OP}|{_APPROX})?\s*{_APPROX}\s*$"
)  # (`148.6 s → 目标 ≤ 136.7 s`: the after labelled as the target)
# between a transition written after-first, its after and its before: `rises to 1,480 ms from 1,420 ms`,
# `falls to 11.9 s or less from 14.2 s`, `is about 1,480 ms instead of 1,420 ms`
FROM = re.compile(
    rf"(?i)^\s*(?:or (?:less|more|lower|higher|below|above)\s*)?,?\s*(?:(?:up |down )?from|instead of|rather than)\s*{_APPROX}\s*$"
)
# what a time with no metric of its own is the time of, by the action its clause names
ACTION_METRIC = re.compile(
    r"(?i)(?P<recover>恢复|recover(?:s|ed|y)?\b|resum(?:e|es|ed)\b)|(?P<load>加载|\bload(?:s|ed|ing)?\b)"
)
ACTION_KEYS = {"recover": "recovery time", "load": "load time"}
# a time per step with only a label before it (`target metric: at most 4.02 s per step`,
# `目标指标：每步 ≤ 4.02 s`): the step time, though no metric is named
PER_STEP_UNIT = re.compile(r"(?i)(?:/|\bper\s+)(?:step|iter(?:ation)?)\b|/步$")
PER_STEP_LEAD = re.compile(
    r"(?i)^\W*(?:(?:(?:current|target|baseline|goal)\s*(?:metrics?|values?)?|当前指标|目标指标|当前|目标|基线)\s*:)?"
    rf"\s*(?P<each>每步|per step)?\s*(?:{_OP.replace('?P<', '?P<_')})?\s*{_APPROX}\s*$"
)
STEP_TIME = Metric("step time", LOWER, (TIME,))
ORIGIN_POSTFIX = re.compile(r"(?i)^\s*(?:以上|以下|以内|左右|or more|or less)")
BRACKETS = re.compile(r"\([^()]*\)|\[[^\[\]]*\]")
BACKEND_WORD = re.compile(r"\b(?:PT|PyTorch|torch|MS|MindSpore)\b")
# (`较基线增加 ≤ 256 MiB` is a change from the baseline, as every change is: not relative)
RELATIVE = re.compile(r"(?i)baseline|基线|不开启?(?:本特性)?时|关闭时|原生|native")
# what a percentage is of, right after it: `≤ 3% above 8.0 s`, `5% of 19.2 s`
PERCENT_OF = re.compile(r"(?i)\s*(?:above|below|over|under|of|more than|less than|higher than|lower than)\s*")
ANY_OP = re.compile(rf"(?i){_OP}")
# a cost counted into the figure, not a cost of the feature: `含保存开销的端到端吞吐`, `including the save overhead`
COUNTED_COST = re.compile(
    r"(?i)(?:含|包含|包括|计入|算上)[^，,。；;]{0,10}?开销|\bincl(?:uding|\.)(?: the)?(?:\s[\w-]+){0,3}?\soverhead"
)
# words anywhere in a sentence that say it trades one thing for another: `Memory is traded for time`,
# `以显存换时间`, `the price of the overlap`
_TRADED = r"traded for|which buys|the price of|in (?:exchange|return) for|作为交换|以(?:空间|显存|内存)换时间"
TRADED = re.compile(rf"(?i){_TRADED}")
COST = re.compile(
    rf"(?i)代价|但是?|不过|换来|换回|换取|{_TRADED}|牺牲|额外|at the cost|in exchange"
    r"|trade-?off|cost(?:s|ing)?\b|regress|劣化|开销|overhead|slower|变慢"
)
# a clause that says what the clause before it was paid for: `多用约 18.7 GB，以换取 0.80 s/step`
PAID_FOR = re.compile(
    r"(?i)^[^,，;；。]{0,12}?(?:换取|换来|换回|作为交换|作为代价)|^\s*(?:被)?用(?:来|于)|^\s*换成"
    r"|^\s*(?:in (?:exchange|return) for|to buy back|which buys)"
)
# what says a value is compared with something named (`比场景 A 节省 5 GiB`, `与单卡 … 对齐`, `than X`)
COMPARED_WORDS = r"相比|相对于?|对比|\b(?:than|against|versus|vs\.?|compared|relative to)\b"
SENTENCE_END = re.compile(r"[;。\n]")
CLAUSE_END = re.compile(r",(?!\d{3}(?!\d))|、")
# an English verb before a transition's `from`: `the overhead falls from 13% to 6.5%`
VERB_FROM = re.compile(
    r"(?i)\b(?:(?P<down>falls?|fell|drops?|dropped|decreas(?:es|ed|e)|shrinks?|shrank|declines?|declined|goes down|went down"
    r"|(?:is|are|gets?) (?:cut|reduced|lowered))|(?P<up>rises?|rose|grows?|grew|increas(?:es|ed|e)|climbs?|climbed"
    r"|goes up|went up))\s+from\s*$"
)
# a change said against the baseline, as every change is: `较基线增加 ≤ 256 MiB`
FROM_BASELINE = re.compile(
    rf"(?:较|相比|相对于?|比)\s*基线\s*(?:增加|下降|降低|减少|提升|上升|增长|多|少)了?\s*(?:{OPERATOR_WORDS})?\s*{_APPROX}\s*$"
)


# between a number and the metric it measures: `45% MFU`, `250 MB of peak memory`, `30% less peak memory`
OF_METRIC = re.compile(r"(?i)\s*(?:of(?: the)?\s|的)?\s*(?:(?:extra|additional|额外的?)\s*)?")


# the metric is an addition: `extra peak`, `额外显存`, `16 MB of additional memory`
EXTRA = re.compile(
    r"(?i)(?:\b(?:extra|additional|added|(?:an? )?(?:increase|growth|rise) in)|额外的?|多出的?|新增的?)\s*$"
)
EXTRA_VALUE = re.compile(
    rf"(?i)(?:\b(?:extra|additional|added)|额外|多出|新增)\s*(?:{OPERATOR_WORDS})?\s*(?:{APPROX_WORDS})\s*$"
)


# the growth of the metric named before its value: `peak memory increase (≤ 11.5 GB`, `…increase, at most`
GROWTH_AFTER = re.compile(
    rf"(?i)\s*(?:per (?:device|card|GPU|NPU|rank)\s*)?(?:increase|growth|rise|增量|增幅)\s*(?:per (?:device|card|GPU|NPU|rank)\s*)?"
    rf"[,，(（:：]?\s*(?:{OPERATOR_WORDS})?\s*(?:{APPROX_WORDS})\s*"
)


def said_as_extra(clause: str, metric: Metric, quantity: Quantity) -> bool:
    """The metric the value is said of, named just before it (or right after it: `16 MB of
    extra peak memory`), is said as an addition (`extra peak ≤ 16 MB`); an addition said
    elsewhere in the clause (`≤ 56.2 GB 且不引入额外显存`) is another statement."""
    named = [m for m in metrics_in(clause) if m.key == metric.key]
    before = [m for m in named if m.end <= quantity.start]
    after = [m for m in named if m.start >= quantity.end and OF_METRIC.fullmatch(clause[quantity.end : m.start])]
    mention = before[-1] if before else (after[0] if after else None)
    if mention is None:  # none named: `≤ 64.0 GiB (extra ≤ 4.0 GiB per card)` under a 9.3 metric
        return EXTRA_VALUE.search(clause, max(0, quantity.start - 24), quantity.start) is not None
    if mention in before and GROWTH_AFTER.fullmatch(clause, mention.end, quantity.start):
        return True  # `a moderate peak memory increase (≤ 11.5 GB per device)`, `…increase, at most 11.5 GB`
    return EXTRA.search(clause, max(0, mention.start - 12), mention.start) is not None
