"""How closely the loss must follow its reference, where the RFC bounds it: `loss 与基线相对误差
≤ 1e-3`, `the loss curve within 0.5% of the fp32 run`, `逐 step 绝对误差 ≤ 1e-6`. 2's success
criterion, 3.1's goals and 8 set the bound; 9.1's levels and 9.2's rows verify it (RFC334).

No metric of the lexicon: the bound is a bare number or a percent, and what it is a bound of
is told by the words around it, which are read as qualifiers that make two bounds another
quantity each: against a single card or the run without the feature, relative or absolute, the mean or the largest step's (`平均`, `逐 step`, `max`),
over how many steps. A bound said of a resumed run (`续训`, after save / load), of the two
backends against each other (`PT / MS 对齐`) or of another quantity beside the loss (grad
norm, memory) is not read: it has a reference of its own.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.consistency.rfc343_alignment_not_verified import not_verified
from rfc_template.lints.quantities import prose, section_lines
from rfc_template.lints.quantities.claim_words import COMPARED_WORDS
from rfc_template.lints.quantities.units import NUMBER

GOAL_SECTIONS = (("2", "2. 背景"), ("3.1", "3.1 目标"), ("8", "8. 约束与兼容性"))
CHECK_SECTIONS = (("9.1", "9.1 用例分层"), ("9.2", "9.2 交互验证（举例）"))

LOSS = re.compile(r"(?i)\bloss(?:es)?\b|损失")
SENTENCES = re.compile(r"[。；;]|\.\s")
CLAUSE = re.compile(r",(?!\d{3}(?!\d))")  # `，` read as `,`; not `2,000`
# a number with a unit is no loss bound (`≤ 26 GB`, `≤ 1.05× the mean`, `within 30 steps`)
_UNIT = (
    r"\s?(?:[KMGT]i?B\b|B\b|s\b|ms\b|min|h\b|tokens?|samples?|steps?|x\b|×|倍|个|卡|步|层|秒|分钟|小时"
    r"|GPUs?|NPUs?|cards?|ranks?|nodes?|layers?|次|times\b|spikes?)"
)
_VALUE = rf"(?P<number>{NUMBER})(?![\deE]|\.\d)(?:\s?(?P<percent>%)|(?!{_UNIT}))"
_AFTER = rf"(?P<after>{NUMBER})(?![\deE]|\.\d)\s?(?P<after_percent>%)?"  # `0.5% 以内`
BOUND = re.compile(
    r"(?i)(?:≤|<=|<|不超过|不大于|不高于|小于|低于|控制在|\bwithin\b|\bat most\b|\bunder\b|\bbelow\b|no more than|"
    r"\bup to\b)\s?(?:(?:a|an|the)\s)?(?:(?:relative|absolute|mean|average|max(?:imum)?)\s)*"
    rf"(?:(?:loss\s)?(?:error|difference|deviation|diff)\s(?:of\s)?)?{_VALUE}"
    rf"|{_AFTER}\s?(?:以内|以下)"
)
# the bound is of something else, or against another reference than the goal's
OTHER_QUANTITY = re.compile(
    r"(?i)norm|范数|梯度|gradient|grad|显存|memory|吞吐|throughput|step time|耗时|drop|丢弃|imbalance|不均衡|logits?"
    r"|accuracy|准确率|perplexity|ppl|metric|指标"
)
_BACKEND = r"(?:PT|MS|PyTorch|MindSpore)"
OTHER_REFERENCE = re.compile(
    r"(?i)checkpoint|save|load|resum|restart|uninterrupted|unbroken|续训|保存|加载|恢复|中断|重启"
    rf"|{_BACKEND}\s?(?:/|与|和|and|vs\.?|versus)\s?{_BACKEND}|两(?:个)?后端|both backends|backends"
)
# another framework, or a scaling comparison (`单卡与 64 卡`), anywhere in the sentence: a reference of its own
OTHER_RUN = re.compile(
    r"(?i)Megatron|DeepSpeed|Colossal|torchtitan|MindFormers|(?:单卡|\d+\s?卡)\s?(?:与|和|vs\.?)\s?\d+\s?卡"
)
# what says the bound is of the loss's error, in its own clause: not a target of the loss
# itself (`the loss falls below 2.5`), nor another quantity's bound after it (`训练速度下降不超过 5%`)
ERROR = re.compile(r"(?i)误差|偏差|差异|差值|相对差|error|deviation|difference|diff\b|within|以内")
# the loss named just before `loss` (`aux loss`, `MTP loss`, `validation loss`): another quantity
# than the model's, unless a word any loss takes (`the`, `mean`, `training`, `lm`, `主`)
# (a Chinese word before `loss` is mostly context, `1000 step 内 loss`: only these name a loss)
NAMED_LOSS = re.compile(r"([A-Za-z][\w-]*|辅助|验证集?|评估)[\s_-]?$")
ANY_LOSS = frozenset(
    "the a an mean average final training train model lm main total overall its per-step step absolute relative"
    " max maximum per-token token".split()
)
RELATIVE = re.compile(r"(?i)相对|relative|%")
ABSOLUTE = re.compile(r"(?i)绝对|absolute")
MEAN = re.compile(r"(?i)平均|\bmean\b|\baverage\b")
EACH_STEP = re.compile(
    r"(?i)逐\s?(?:step|步)|单步|每\s?(?:个\s?)?(?:step|步)|\bmax(?:imum)?\b|最大|every step|each step|per[- ]step"
)
STEPS = re.compile(
    rf"(?i)(?P<n>{NUMBER})\s?(?P<k>[kK])?\s?(?:个\s?|-)?(?:steps?|步|iterations?)(?![A-Za-z])|steps?\s{NUMBER}[kK]?\s?(?:to|~|-)\s?(?P<last>{NUMBER})(?P<lk>[kK])?"
)


LEVEL0 = re.compile(r"(?i)\s*(?:level\s?0|L0)\b")
# a run without the parallelism as the reference (`和单卡 loss 对齐`, `单卡对照`, `against a single
# device`, `cp_size = 1`, `TP=1`): a bound against it is another quantity than one against the
# run without the feature (not `单卡峰值显存`, per card, nor `fits on one NPU`)
SINGLE_RUN = re.compile(
    r"(?i)(?:与|和|跟|同|对比|对照|相比)\s?(?:关闭\s?(?:CP|TP|PP|EP)\s?的?\s?)?单(?:机单)?(?:卡|\s?GPU|\s?NPU)"
    r"|单(?:卡|\s?GPU|\s?NPU)\s?(?:对照|基线|参考|运行|结果|训练|loss)|(?:关闭|不开)\s?(?:CP|TP|PP|EP)(?![A-Za-z])"
    r"|\b(?:vs\.?|against|with|to|than|of|versus)\s+(?:a\s+|the\s+)?(?:single|one)[- ](?:card|device|GPU|NPU|rank)\b"
    r"|\bsingle[- ](?:card|device|GPU|NPU)\s+(?:run|reference|baseline|result|loss)|\bwithout (?:CP|TP|PP|EP)\b"
    r"|\b(?:cp|tp|pp|ep)(?:_size)?\s?=\s?1(?![\d.])"
)
# a clause that names its own reference (`与不跳过的 CP 基线…`): a row's single-card context is not its
OWN_REFERENCE = re.compile(rf"(?i)与|和|跟|对照|{COMPARED_WORDS}")


class LossBound(NamedTuple):
    line: int
    source: str  # "2", "3.1", "8", "9.1", "9.2"
    value: float  # as a fraction: 0.5% is 0.005
    shown: str  # as written: `≤ 1e-3`
    relative: bool | None  # None: not said
    stat: str  # "mean", "each" (every step's, the largest) or ""
    steps: float | None  # over how many steps, when said
    smoke: bool = False  # 9.1's Level0: a short run, of its own window if not said the same
    which: str = ""  # the loss named (`aux`, `mtp`, `validation`), "" for the model's
    single: bool = False  # against a run without the parallelism (`和单卡 loss 对齐`)


def _number(text: str) -> float:
    return float(text.replace(",", ""))


def _steps(text: str) -> float | None:
    found = []
    for match in STEPS.finditer(text):
        if match.group("last"):
            found.append(_number(match.group("last")) * (1000 if match.group("lk") else 1))
        else:
            found.append(_number(match.group("n")) * (1000 if match.group("k") else 1))
    return max(found) if found else None


def bounds_in(text: str, line: int, source: str, context: str = "", smoke: bool = False) -> list[LossBound]:
    """The loss bounds a line (a row's cells joined, or prose) states; `context` is said of all
    of them (a 9.1 row's scenario: its steps)."""
    return [b._replace(line=line) for b in _bounds_in(text, source, context, smoke)]


@lru_cache(maxsize=4096)  # the template's rows, and lines every revision of an RFC keeps
def _bounds_in(text: str, source: str, context: str, smoke: bool) -> tuple[LossBound, ...]:
    line = 0  # each line's own is given by bounds_in
    found = []
    for sentence in SENTENCES.split(text):
        found_losses = list(LOSS.finditer(sentence))
        if not found_losses or OTHER_RUN.search(sentence):
            continue
        losses = [m.end() for m in found_losses]
        cuts = [0] + [m.end() for m in CLAUSE.finditer(sentence)] + [len(sentence)]
        said_from = 0
        read_before = False  # a loss error bound read earlier in the sentence
        for match in BOUND.finditer(sentence):
            loss = max((at for at in losses if at <= match.end()), default=None)  # (`within a loss error of`)
            begun, said_from = said_from, match.end()
            if loss is None or OTHER_QUANTITY.search(sentence, min(max(loss, begun), match.start()), match.start()):
                continue
            clause_start = max(at for at in cuts if at <= loss)
            clause_end = min(at for at in cuts if at >= match.end())
            if OTHER_REFERENCE.search(sentence, clause_start, clause_end):
                continue
            own = sentence[max(begun, clause_start) : clause_end]
            if not ERROR.search(own) and not (read_before and (EACH_STEP.search(own) or MEAN.search(own))):
                continue  # (`平均相对误差 ≤ 0.3%，单步最大 ≤ 1.0%`: the list of the error's bounds goes on)
            start = next(m.start() for m in found_losses if m.end() == loss)
            named = NAMED_LOSS.search(sentence, 0, start)
            which = named.group(1).lower() if named and named.group(1).lower() not in ANY_LOSS else ""
            number = _number(match.group("number") or match.group("after"))
            percent = (match.group("percent") or match.group("after_percent")) is not None
            relative = True if RELATIVE.search(own) else (False if ABSOLUTE.search(own) else None)
            stat = "mean" if MEAN.search(own) else ("each" if EACH_STEP.search(own) else "")
            found.append(
                LossBound(
                    line,
                    source,
                    number / 100 if percent else number,
                    match.group().strip(),
                    relative,
                    stat,
                    _steps(own) or _steps(sentence) or _steps(context),
                    smoke,
                    which,
                    SINGLE_RUN.search(own) is not None
                    or (SINGLE_RUN.search(context) is not None and not OWN_REFERENCE.search(own)),
                )
            )
            read_before = True
    return tuple(found)


def alike(a: LossBound, b: LossBound) -> bool:
    """The two bound the same thing: the model's loss and an auxiliary one are two, against a
    single card and against the run without the feature are two, relative and absolute are two, the mean and each step's are two, and so are two windows of steps (a
    short smoke run has its own bound)."""
    return (
        a.which == b.which
        and a.single == b.single
        and (a.relative is None or b.relative is None or a.relative == b.relative)
        and (not a.stat or not b.stat or a.stat == b.stat)
        and (a.steps is None or b.steps is None or a.steps == b.steps)
    )


@per_document
def loss_bounds(ctx: Context) -> list[LossBound]:
    """Every loss bound of 2, 3.1, 8 (prose and tables) and of 9.1 and 9.2's rows."""
    found: list[LossBound] = []
    for source, name in GOAL_SECTIONS:
        for number, text in section_lines(ctx, name):
            if _may_name_loss(text) and not text.lstrip().startswith("#"):
                found += bounds_in(prose(text.replace("|", " ; ")), number, source)
    for source, name in CHECK_SECTIONS:
        table = ctx.doc.table_in(ctx.edition.name(name))
        if table is None:
            continue
        for offset, row in enumerate(table.rows):
            if not row or not _may_name_loss(row[-1]) or OTHER_REFERENCE.search(row[0]) or _not_run(source, row):
                continue
            cells = [prose(cell) for cell in row]
            smoke = source == "9.1" and LEVEL0.match(cells[0]) is not None
            found += bounds_in(cells[-1], table.line + 2 + offset, source, " ; ".join(cells[:-1]), smoke)
    return found


def _may_name_loss(text: str) -> bool:
    """A cheap pre-filter (str.find, no regex): most lines name no loss."""
    return "loss" in text.lower() or "损失" in text


def _not_run(source: str, row: list[str]) -> bool:
    return source == "9.2" and len(row) >= 3 and not_verified(row[1])


def _same(a: float, b: float) -> bool:
    return abs(a - b) <= 1e-9 * max(abs(a), abs(b))


def weaker_checks(bounds: list[LossBound]) -> list[tuple[LossBound, LossBound]]:
    """(check, goal): a 9.1 or 9.2 bound looser than the one bound 2, 3.1 and 8 set of the
    same thing (they may state it several times, with one value)."""
    goals = [b for b in bounds if b.source in ("2", "3.1", "8")]
    found = []
    for check in bounds:
        if check.source not in ("9.1", "9.2"):
            continue
        matching = [g for g in goals if alike(g, check)]
        if check.smoke:
            matching = [g for g in matching if g.steps is not None and g.steps == check.steps]
        if not matching or any(not _same(g.value, matching[0].value) for g in matching):
            continue  # none, or several: which one the row verifies is not said
        if check.value > matching[0].value and not _same(check.value, matching[0].value):
            found.append((check, matching[0]))
    return found


def odd_goals(bounds: list[LossBound]) -> list[tuple[LossBound, LossBound]]:
    """(odd, other): a bound one of 2, 3.1 and 8 sets once, unlike the one value both other
    parts set of the same thing."""
    goals = [b for b in bounds if b.source in ("2", "3.1", "8")]
    found = []
    for odd in goals:
        mine = [g for g in goals if g.source == odd.source and alike(g, odd)]
        others = [g for g in goals if g.source != odd.source and alike(g, odd)]
        if len(mine) != 1 or len({g.source for g in others}) < 2:
            continue
        if all(_same(g.value, others[0].value) for g in others) and not _same(odd.value, others[0].value):
            found.append((odd, others[0]))
    return found


def loss_findings(ctx: Context) -> list[Finding]:
    """RFC334's findings of the loss's bound: a 9.1 / 9.2 row looser than the goal's, or one of
    2, 3.1 and 8 unlike the other two."""
    bounds = loss_bounds(ctx)
    if len(bounds) < 2:
        return []

    def where(b: LossBound) -> str:
        return f"'{ctx.edition.name(PLACES[b.source])}'"

    found = [
        Finding(
            check.line,
            1,
            "RFC334",
            f"{where(check)} bounds the loss's error at {check.shown}, weaker than {where(goal)} at line {goal.line} "
            f"({goal.shown})",
        )
        for check, goal in weaker_checks(bounds)
    ]
    found += [
        Finding(
            odd.line,
            1,
            "RFC334",
            f"{where(odd)} bounds the loss's error at {odd.shown}, unlike {where(other)} at line {other.line} "
            f"({other.shown}) and another part",
        )
        for odd, other in odd_goals(bounds)
    ]
    return found


PLACES = dict(GOAL_SECTIONS + CHECK_SECTIONS)
