"""RFC335: a stated total, product or breakdown that its own numbers contradict.

It is one module: the three shapes it reads (a total with its parts, a product, a ratio) share the
same tolerance for rounding, and no other rule reads them.
"""

from __future__ import annotations

import bisect
import math
import re
from dataclasses import dataclass
from functools import lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.quantities import prose
from rfc_template.lints.quantities.changes import change_messages
from rfc_template.lints.quantities.claim_words import ESTIMATE_WORDS, FROM, TO
from rfc_template.lints.quantities.expressions import conversion_messages, expression_messages
from rfc_template.lints.quantities.formulas import defaults, formula_messages
from rfc_template.lints.quantities.layouts import layouts, named_layouts, nodes_of_cards
from rfc_template.lints.quantities.signed_sums import signed_sum_messages
from rfc_template.lints.quantities.units import BANDWIDTH, BYTES, COUNT, PERCENT, TIME, Quantity, quantities
from rfc_template.met_twice import MetTwice

ESTIMATE = "预估 21 min（检测 1 min + rendezvous 2 min + 启动与建 mesh 3 min + 重新切分加载 14.5 min）"


@rule(
    "RFC335",
    "parts-do-not-add-up",
    REVIEW,
    WARNING,
    fails=(
        edit("每步多搬约 39 GB", "每步多搬约 2 × 19.5 ≈ 45 GB"),
        edit("每步多搬约 39 GB", "每步多搬约 2 × 7 / 8 × 2.23 GB ≈ 39 GB"),
        edit("每步多搬约 39 GB", "每步多搬约 2 × 19.5 GB ≈ 45 GB"),  # a decimal with a unit rounds as little
        edit(
            "峰值显存 61.3 GB/卡。",
            "峰值显存 61.3 GB/卡。PT 的 74.2 GB/卡由参数分片 3.3 GB、梯度分片 3.3 GB、优化器状态 19.5 GB、激活 42.6 GB 和其他 9.5 GB 组成。",
        ),
        edit(
            "is 18% slower",
            "is 18% slower (attention 55%, all-to-all 30%, other 20% of the step time)",
            rfc="en",
        ),
    ),
    passes=(
        edit(
            "is 18% slower",
            "is 18% slower (attention 52%, all-to-all 30%, other 18% of the step time)",
            rfc="en",
        ),
        edit(
            "峰值显存 61.3 GB/卡。",
            "峰值显存 61.3 GB/卡。PT 的 74.2 GB/卡由参数分片 3.3 GB、梯度分片 3.3 GB、优化器状态 19.5 GB、激活 38.6 GB 和其他 9.5 GB 组成。",
        ),
        edit("每步多搬约 39 GB", "每步多搬约 2 × 19.5 ≈ 39 GB"),
        edit("每步多搬约 39 GB", "每步多搬约 2 × 7 / 8 × 22.3 GB ≈ 39 GB"),
        # a number in a part's name (`fp32`) and a sum whose first part has an aside with
        # arithmetic of its own (met writing held-back RFCs)
        edit(
            "峰值显存 61.3 GB/卡。",
            "峰值显存 61.3 GB/卡。每个参数迁移 bf16 权重 2 B + fp32 主权重 4 B + Adam 两个状态 8 B = 14 B。",
        ),
        edit(
            "is 18% slower",
            "is 18% slower; error buffers 1.86 GiB (1.0B × 2 bytes) + P / Q buffers 0.04 GiB + workspace 0.08 GiB = 1.98 GiB",
            rfc="en",
        ),
    ),
)
def parts_do_not_add_up(ctx: Context) -> list[Finding]:
    """a total, a product or a breakdown does not match its own parts

    ## What it checks
    Arithmetic the RFC writes out, in its text and in a Python block's comment lines (`# 3 GB /
    7 = 0.43 GB per card`), reported at its line:

    - a sum given with its total: `21 min（1 min + 2 min + 3 min + 14.5 min）`, `a + b = T`, with
      the parts' labels in between, before or after each (`检测 1 min + rendezvous 2 min`,
      `9.6 GB parameters + 14.4 GB optimizer states = 24.0 GB`, `… + 180 s recompile from the
      compile cache = 270 s`; bare parts in the total's unit,
      `40.0 + 12.0 + 0.75 = 52.75 GB`; a total with its own name before its `=`, `105 GB 状态 =
      75 GB + 30 GB`), asides in brackets left out
      (`(fp32, DP = 4)`), a number in a part's name too (`fp32 主权重 4 B`), and a count times
      an amount as one part (`2 × 64 MiB`; a count right after a `+` that multiplies its part,
      `+ 2 个动量各 52 GB`, leaves the sum unread); a setting after the sum is no total of it (`… with
      bucket size = 256 MB`, `… for bucket_size_mb = 256 MB`), nor is the rest of a sum whose first part has arithmetic of its
      own in brackets (`1.86 GiB (1.0B × 2 bytes) + 0.04 GiB + …`), nor a subtotal worked out inside a
      running sum (`22 GB + 8 × 0.6 GB = 4.8 GB + 6 GB = 32.8 GB`: which parts it is of is not said);
    - a difference given with its result: `56.0 − 20.0 − 4.5 = 31.5 GiB`, `64 GB - 52.1 GB =
      11.9 GB`, with sums in it and its parts named in brackets (`8.0 s − 2.0 s（原暴露通信）+
      0.3 s（…）= 6.4 s`) (a minus sign, or a hyphen with spaces round it; one unit throughout,
      or bare);
    - a quotient given with its result: `131,072 / 8 = 16,384`, `24 GB / 8 = 3 GB`, `7 / 39 =
      17.9 %`, `2 s / 360 s = 0.56%`, and a size over a bandwidth given as a time (`1.3 GiB ÷ 20 GB/s ≈ 70 ms`, the
      size restated in brackets too: `192 MiB（约 201 MB）÷ 20 GB/s ≈ 10.1 ms`);
    - a value restated in another unit: `9 h = 32,400 s`, `2,048 MB ≈ 2 GB` (not the last part
      of a sum: `4 s + 8 s = 12 s`);
    - a size at a bandwidth given as the time it takes: `28 GB per node at 2 GB/s = 14 s`,
      `240 GB 按 16 GB/s 写回需要 15 s`;
    - tokens over a time, and over the cards for a rate per card, given as a throughput:
      `2,097,152 tokens / 5.2 s ≈ 403k tokens/s`, `273 tokens/s/卡（524,288 tokens ÷ 30.0 s ÷ 64
      卡）` (a K of tokens may be 1,000 or 1,024; a rate per card with no cards in its quotient,
      and tokens that are a product's last factor, `4 × 131,072 tokens / 21.6 s`, are not read);
    - numbers in brackets, minus signs and quotients worked out and set equal side by side:
      `512 × (1 − 19.2 / 25.6) = 512 × 0.25 = 128`, `(7 − 1) / (32 + 7 − 1) = 15.8%` (numbers
      only, no names; each decimal may be rounded by half its last digit, a result by 1% and a
      whole-number result by half its last digit: `(80 − 62) / 80 = 23%`);
    - a share of the value just before it, said with what it is: `256 MiB，其中跨机约 3/4，即
      192 MiB`, `64 GB, of which about 75%, i.e. 48 GB` (a share is read as approximate); and a
      value given as a share of another of its kind: `3 ms per step, 0.05 % of 6.00 s`, `24 GB, 37.5%
      of the 64 GB`, `3 ms（占 6.00 s 的 0.05%）`, or with the quotient in brackets, `0.22%（38 ms / 17.02 s）`
      (or the change it is: `下降 7.5%（14.8 s / 16.0 s）`), and a part of the one whole of its
      kind its sentence gives before `其中` / `of which`, with its share: `step time 18.4 s；其中
      attention 11.0 s，约占 60%` (the share said alone: not `约占 75% 的 GPU 计算时间`, `about 55%
      of all HCCL time`);
    - a product of numbers given with its result: `4096 × 5120 × 2 字节` for `约 40 MB`,
      `16K × 32 × 128 × 2 bytes = 128 MiB`, `8192 × 4 B = 32 KiB`, `2 × 19.5 ≈ 39 GB`, and one
      with divisions by numbers (`2 × 7 / 8 × 0.04 GB = 0.07 GB`, a ring all-reduce's volume; not
      a product that is a term of a sum, its words between: `64 MiB 缓冲 + 2 个临时通信域约 2 × 192
      MiB = 448 MiB`, read as the sum);
      sums of products set equal side by side (`12 × 0.4 + 5 × 5.0 = 4.8 + 25.0 = 29.8 ms`); and
      whole numbers with what each counts (`4 种深度 × 4 种桶大小 = 16 个候选`, `4 depths × 4
      bucket sizes = 16 candidates`, after other words: `on 32 nodes × 8 cards = 256 cards`; a sum of
      counts in brackets, `16 个 micro-batch × (97 次前向 fork + 97 次重计算 fork) = 3,104 次 fork`); a factor
      said approximately (`768 × 约 50 µs ≈ 38 ms`) makes its total approximate;
    - parts each with its sign, then their net: `−256 MiB dense mask, +4 MiB index plan, +144 MiB
      segments = −107 MiB`, or the value they change (`54.6 GiB: +2 GiB, +3 GiB = 59.6 GiB`; not a
      figure of its own after a comma: `+0.12 s、−0.08 s，均值 = 16.03 s`; signed_sums.py);
    - a whole and what it is made of: `74.2 GB 由 a、b 和 c 组成`, `T consists of a, b and c`;
    - a table with a 合计 / 总计 / Total row, column by column (a part's aside in brackets left
      out: `26 GiB（20 层）`; a part worked out in its cell is its result: `2 × 0.50 GB = 1.00
      GB`), or whose last row is shown a
      total by a column that adds up to it (`| Step time | 8.00 s | 6.39 s |` under the parts
      of the step; a part written `none` / `无` / `—` adds nothing);
    - a table's column headed a computation (Computation, 计算, 公式, Formula) read with the
      result in the cell beside it: `| 14 + 24 | 38 GiB |`, `| 8 ranks × 4 workers × 256 MiB |
      8 GiB |` (whole numbers each with what it counts, times one amount);
    - a breakdown of percentages of one whole (in brackets, with an `other` / `其他` share or
      said `of` the whole) adding up to more than 100%, or with its `other` share to less;
    - a card count given as machines × cards each: `32 cards (4 nodes × 8 cards)`, `32 卡（4 机 ×
      8 卡）`;
    - a card count given with its parallel layout: `32 卡（TP 4 × PP 2 × fsdp 4）`, `TP 4 × PP 2
      × FSDP 4 = 32 devices`, or with
      its degrees named one by one in the same sentence or cell (`256 × 910B, TP=8 / PP=8 /
      DP=4`; a layout that does not name its data-parallel degree, or names EP or SP, is not
      read, nor a node's cards as the count: `每节点 8 卡`, `8 ranks per node`, `（DP 4 × TP 8，4 机
      × 8 卡）`; `FSDP2` is a name);
    - a change written beside the before and after it is made of: `下降 >= 20%（4.00 s → <=
      3.20 s）`, `多占约 22.8 GB（3.25 GB → 26 GB）`, and the one change of a sentence held to
      its other befores and afters too (`…，PT 38.4 GB → 约 61.2 GB`; `changes.py`), when it
      comes before the before and after it works out (`48 GB → 58 GB (+10 GB), model states 18
      → 24 GB`: the `+10 GB` is the total's alone), and not to a before and after said of a
      thing named, no metric (`(48 GB → 58 GB): model states 18 → 24 GB`: a part); a sum in
      brackets after a before and after may add up to the step between them (`1,420 ms → 1,480
      ms (38 ms + 12 ms + 10 ms)`: what was added; after-first too, `1,480 ms instead of 1,420 ms`,
      and a difference for a fall, `falls to 11.9 s or less from 14.2 s (3.9 s − 1.6 s …)`); a total may follow the brackets of its parts
      (`（6.5 GB + 6.5 GB + 6.5 GB）共 19.5 GB`; not a list left open, `等`, parts per card, or
      brackets that are one term after a value), a part may carry its own product in brackets
      (`0.9 GB (28 layers × 32 MiB)`, an estimate's too, `+11.0 GB expected (8 kept units ×
      1.38 GB)`, and a fall its size's, `−11.0 GB（8 层 × 1.38 GB）`; not `(×2)`, which multiplies
      it), and a factor may say what it counts (`20 层 × 15 块 × 128 MiB`, `2,048 tokens × 2048 ×
      2 bytes`, `8 kept units`; not a unit or a multiplier, `2 字节`, `1 万`);
    - a formula of 5.1's parameters given with its value at their defaults: `(prefetch_buckets
      + 2) × bucket_size_mb，默认 1 GB` against the defaults 2 and 256 (a name with a unit,
      `_mb`, gives the formula's unit when the formula is proportional to it).

    Rounding is allowed (each number may hide half of its last digit; an equation of one unit
    is worked on its parts as written, its total rounded to its own last digit: `26.0 GiB +
    4.37 GiB = 30.4 GiB` is right, `3 GB + 3 GB + 0.5 GB = 6 GB` is not),
    `约`, `~`, `≈` and
    `about` allow 5% more (2% for a total written to four digits or more: `≈ 15.48 s`, but not
    `≈ 1,000 ms`, whose zeros are no digits), and `1 GB` may be 10^9 or 2^30 bytes. Sums whose parts are not
    all of the total's unit, products with words between their numbers (`3 GiB per layer ×
    32 layers`), products of a count of something named (`8192 × 152064 个元素`), products
    more than 10^7 times their total or less (a misreading: `32 × 910B`, the Ascend 910B) and
    layouts with EP (EP is carved from DP, not multiplied) are not read.

    ## Why a reviewer cares
    When the parts and the total disagree, one of them is wrong, and the reviewer cannot
    tell which: a memory budget that does not add up hides where the memory goes; a layout
    that is not the card count is a different job.
    """
    findings = []
    source = ctx.doc.source
    numbers = candidate_lines(source, ctx.edition.language)
    if numbers:
        visible, commented = ctx.visible_lines, _code_comments(ctx)
        for number in numbers:
            text = visible[number - 1] if number <= len(visible) else ""
            text = text or commented.get(number, "")
            for message in arithmetic(prose(text)) if text.strip() else ():
                findings.append(Finding(number, 1, "RFC335", message))
    # a formula of 5.1's parameters with its value at their defaults (5.1 read only then)
    said = _default_lines(source)
    known = defaults(ctx) if said else {}
    for number in said if known else ():
        text = ctx.visible_lines[number - 1] if number <= len(ctx.visible_lines) else ""
        for message in formula_messages(prose(text), known) if text.strip() else ():
            findings.append(Finding(number, 1, "RFC335", message))
    for table in ctx.doc.tables:
        # a total is the last row (a table's own order: parts, then their total)
        last = table.rows[-1] if table.rows else None
        # (a last row with no digit past its name is no total: most tables, passed over quickly)
        if (
            last
            and any(DIGIT.search(cell) for cell in last[1:])
            and (len(table.rows) > UNNAMED_PARTS or TOTAL_ROW.match(last[0]))
        ):
            for line, message in totals(table.header, table.rows, table.line):
                findings.append(Finding(line, 1, "RFC335", message))
        computing = tuple(i for i, h in enumerate(table.header) if i and COMPUTATION_HEADER.fullmatch(h))
        for offset, row in enumerate(table.rows if computing else ()):
            for message in computed_cells(tuple(row), computing):
                findings.append(Finding(table.line + 2 + offset, 1, "RFC335", message))
    return findings


COMPUTATION = re.compile(r"\d\s*(?:[A-Za-z\u4e00-\u9fff ]{0,24}?)[+×*÷−]\s*\d")
# a column that holds computations: `| Part | Computation | Host memory |`
# (the header is that word alone, or with an aside: `计算耗时`, `Compute time` are no computations)
COMPUTATION_HEADER = re.compile(
    r"(?i)\s*(?:计算|计算方法|计算过程|计算式|算式|公式|推导|估算方法|computation|calculation|formula|derivation|how computed)"
    r"\s*(?:[(（][^()（）]*[)）])?\s*"
)
BOUNDED = re.compile(r"(?i)[≤≥<>]|<=|>=|以内|以下|上限|不超过|至多|budget|at most|or less|limit")


@lru_cache(maxsize=4096)
def computed_cells(row: tuple[str, ...], computing: tuple[int, ...]) -> tuple[str, ...]:
    """A cell of a column headed a computation (`14 + 24`, `8 ranks × 4 workers × 256 MiB`)
    beside the cell of its result (`38 GiB (target ≤ 40 GiB)`): the two read as one equation."""
    found: list[str] = []
    for index in (i for i in computing if i < len(row) - 1):
        cell = prose(row[index])
        if "=" in cell or "≈" in cell or not COMPUTATION.search(cell):
            continue
        result = _one(row[index + 1])
        if result is None or BOUNDED.search(ASIDE.sub(" ", prose(row[index + 1]))):
            continue  # a budget beside it (`≤ 8 GB`) is no result
        equation = f"{cell} = {_written(prose(row[index + 1]), result)}"
        found += arithmetic(equation) or _counted_product(cell, result)
    return tuple(dict.fromkeys(found))


def _counted_product(cell: str, result: Quantity) -> list[str]:
    """`8 ranks × 4 workers × 256 MiB` for `8 GiB`: whole numbers each with what it counts, and
    one amount in the result's dimension."""
    factors = [quantities(part) for part in re.split(r"\s*[×*]\s*", cell)]
    if len(factors) < 2 or any(len(f) != 1 for f in factors):
        return []
    amounts = [f[0] for f in factors if f[0].dim != COUNT]
    counts = [f[0] for f in factors if f[0].dim == COUNT]
    if len(amounts) != 1 or amounts[0].dim != result.dim or any(not float(c.number).is_integer() for c in counts):
        return []
    times = math.prod(c.number for c in counts)
    amount = amounts[0]
    low, high = amount.low * times, amount.high * times
    if _close(result, low, high, amount.ulp * times, result.approx or amount.approx):
        return []
    return [f"{cell} is {_amount(low, high, result)}, not the {result.number:g} {result.unit} it is given as"]


def _code_comments(ctx: Context) -> dict[int, str]:
    """Line -> the text of a comment line in a Python block (`# 3 GB / 7 = 0.43 GB per card`):
    prose the author wrote in the code."""
    found = {}
    for block in ctx.doc.code_blocks:
        if block.info in ("python", "py") and "#" in block.code:
            for offset, line in enumerate(block.code.split("\n"), start=block.line + 1):
                if line.lstrip().startswith("#"):
                    found[offset] = line.lstrip()[1:]
    return found


# What written arithmetic needs, looked for with str.find (in C, faster than any regex over
# the whole text, and a character faster than a word): a `+` or a `×` with a digit on both
# sides, a whole made of parts (`由 … 组成`, `consists of`), three percentages on one line, a
# difference (`−`, ` - `), a share of what comes before (`其中`, `of which`).
# a share, then the quotient it is in brackets: `2.2%（38 ms / 17.02 s）`
PERCENT_QUOTIENT = re.compile(r"[%％]\s*[（(][^()（）]*[/÷]")
MARKS = {
    "zh": ("+", "×", "由", "DP", "dp", "→", "/", "÷", "−", " - ", "其中"),
    "en": ("+", "×", "consists of", "made up of", "DP", "dp", "→", "/", "÷", "−", " - ", "of which"),
}
DIGIT = re.compile(r"\d")
NEAR = 32  # how far a sum's or a product's numbers stand from its sign


def _default_lines(source: str) -> tuple[int, ...]:
    """The lines saying what something is by default with an operator on them (str.find:
    most RFCs have none, and need no line of theirs read)."""
    starts = set()
    for word in ("默认", "default"):
        at = source.find(word)
        while at >= 0:
            start, end = _line_at(source, at)
            line = source[start:end]
            if "×" in line or "*" in line or "+" in line or "/" in line:
                starts.add(start)
            at = source.find(word, end)
    return tuple(source.count("\n", 0, start) + 1 for start in sorted(starts))


def _line_at(source: str, at: int) -> tuple[int, int]:
    start = source.rfind("\n", 0, at) + 1
    end = source.find("\n", at)
    return start, len(source) if end < 0 else end


# Each line is read alone, so a document can be read a section at a time; a section's
# answer is kept, for RFCs share most of their sections (fresh drafts, copies under review).
def candidate_lines(source: str, language: str = "zh") -> list[int]:
    """The lines that may hold written arithmetic."""
    lines: list[int] = []
    before = 0  # lines above the section
    for section in _sections(source):
        found = _candidates.get((section, language))
        if found is None:
            found = _section_candidates(section, language)
            _candidates.met((section, language), found)
        lines += (before + n for n in found)
        before += section.count("\n")
    return lines


# (kept when met twice: a section being edited in `rfc lsp` is new each time, and not kept)
_candidates: MetTwice[tuple[str, str], tuple[int, ...]] = MetTwice(kept=512)


def _sections(source: str) -> list[str]:
    """`source` cut before each `## ` line (str.find: a regex would scan every position)."""
    parts, start = [], 0
    at = source.find("\n## ")
    while at >= 0:
        parts.append(source[start : at + 1])
        start = at + 1
        at = source.find("\n## ", start)
    parts.append(source[start:])
    return parts


def _section_candidates(source: str, language: str) -> tuple[int, ...]:
    starts: set[int] = set()
    results = "=" in source or "≈" in source or "%" in source or "tokens/s" in source
    for mark in MARKS.get(language, MARKS["en"]):
        if mark in ("/", "÷") and not results:
            continue  # a quotient is read only with its result (`tokens/s` is no division)
        at = source.find(mark)
        while at >= 0:
            if mark in ("/", "÷"):
                start, end = _line_at(source, at)
                written = source[start:end]
                if (
                    "=" not in written
                    and "≈" not in written
                    and not PERCENT_QUOTIENT.search(written)
                    and not ("tokens" in written and TOKENS_OVER.search(written))
                ):
                    at = source.find(mark, end)  # (on another line, perhaps)
                    continue
            if len(mark) == 1 and mark != "由":
                # a digit near it on both sides, in the same cell (`UT + Level0` is no sum)
                left = source[max(0, at - NEAR) : at].rsplit("|", 1)[-1].rsplit("\n", 1)[-1]
                right = source[at + 1 : at + 1 + NEAR].split("|", 1)[0].split("\n", 1)[0]
                if not (DIGIT.search(left) and DIGIT.search(right)):
                    at = source.find(mark, at + 1)
                    continue
            start, end = _line_at(source, at)
            if mark != "由" or "组成" in source[at:end] or "构成" in source[at:end]:
                starts.add(start)
            at = source.find(mark, end)
    if source.count("%") >= 3:
        at = source.find("%")
        while at >= 0:
            start, end = _line_at(source, at)
            if source.count("%", start, end) >= 3:
                starts.add(start)
            at = source.find("%", end)
    lines, line, at = [], 1, 0
    for start in sorted(starts):  # counted once, start to end
        line += source.count("\n", at, start)
        at = start
        lines.append(line)
    return tuple(lines)


APPROX = 0.05  # what 约 / ~ / ≈ / about allow, of the larger value
# but a total written to four digits or more (`≈ 15.48 s`) says it is near: 2%
PRECISE, APPROX_PRECISE = 0.001, 0.02


def _written_to(q: Quantity) -> float:
    """How finely a value is written, in its base unit: trailing zeros of a whole number say
    nothing (`≈ 1,000 ms` is a round number, `≈ 15.48 s` a near one)."""
    number, ulp = abs(q.number), q.ulp
    while number >= 10 and float(number).is_integer() and number % 10 == 0:
        number, ulp = number / 10, ulp * 10
    return ulp


def _written(text: str, q: Quantity) -> str:
    return text[q.start : q.end].strip()


def _close(total: Quantity, low: float, high: float, slack: float, approx: bool) -> bool:
    """`total` can be the parts' value, `low` in the reading of decimal prefixes (`1 GB` is
    10^9 bytes, `1K` 1,000) and `high` in the binary one: in either reading, all alike."""
    share = APPROX if _written_to(total) > PRECISE * abs(total.high) else APPROX_PRECISE
    margin = total.ulp + slack + (share * max(abs(total.high), abs(high)) if approx else 0.0)
    return abs(total.low - low) <= margin or abs(total.high - high) <= margin


@lru_cache(maxsize=8192)
def arithmetic(text: str) -> tuple[str, ...]:
    """What one line's written arithmetic gets wrong, as messages."""
    found: list[str] = []
    if "+" in text:
        found += _sums(text)
    if "−" in text or " - " in text:
        found += _differences(text)
        if "=" in text or "≈" in text:
            found += expression_messages(text)
    if "×" in text:
        found += _products(text)
        found += layouts(text)
        found += nodes_of_cards(text)
        if "/" in text or "÷" in text:
            found += _mixed(text)
    if "DP" in text or "dp" in text:
        found += named_layouts(text)
    if ("由" in text and ("组成" in text or "构成" in text)) or COMPOSED.search(text):
        found += _compositions(text)
    if text.count("%") >= 3:
        found += _shares(text)
    if "→" in text:
        found += change_messages(text)
    if ("/" in text or "÷" in text) and ("=" in text or "≈" in text):
        found += _quotients(text)
    if "=" in text or "≈" in text or "即" in text or "i.e." in text:
        found += conversion_messages(text)
    if "/s" in text and (" at " in text or "@" in text or "按" in text or "以" in text):
        found += _at_rates(text)
    if "/" in text or "%" in text:
        found += _fractions(text)
    if "+" in text and "×" in text:
        found += _sums_of_products(text)
    if "×" in text and "=" in text:
        found += _counted_products(text)
    if "=" in text and ("+" in text or "-" in text):
        found += signed_sum_messages(text)
    if "%" in text and (" of " in text or "占" in text or "/" in text or "÷" in text):
        found += _percent_of(text)
    if "%" in text and ("其中" in text or "of which" in text):
        found += _share_of_which(text)
    if "tokens" in text and ("÷" in text or "/" in text):
        found += _throughputs(text)
    return tuple(dict.fromkeys(found))


# whole numbers each with what it counts after it, multiplied: `4 种深度 × 4 种桶大小 = 16 个候选`,
# `4 depths × 4 bucket sizes = 16 candidates` (a degree named first, `TP 4`, is a layout's)
COUNTED_FACTOR = re.compile(r"\s*(\d+)(?![\d.,])\s*([^\d×=]{0,16}?)\s*")
# (a result in a unit is a quantity's, `16,384 × 8 × 128 × 2 bytes = 32 MiB`: `_products`')
COUNTED_RESULT = re.compile(
    r"=\s*(\d{1,3}(?:,\d{3})+|\d+)(?![\d.,]|\s*[×*/÷+]|\s*(?:[KMGTP]i?B|B|bytes?|s|ms|min|h|%|tokens?/s|GB/s)(?![A-Za-z]))"
)
# a factor that is a sum of counts in brackets: `16 个 micro-batch × (97 次前向 fork + 97 次重计算 fork)`
BRACKETED_SUM = re.compile(r"\s*\(([^()]*\+[^()]*)\)\s*")
SENTENCE_BREAK = re.compile(r"[，。;；:：(（)）|]|,(?!\d{3})")
RANGE_BEFORE = re.compile(r"(?i)(?:\bto|~|～|-|–|至|到|或|\bor)\s*$")
FIRST_COUNT = re.compile(r"(?<![\w.,])\d+(?![\d.,])\s*[^\d×=]{0,16}?\s*$")


def _counts(pieces: list[str], result: str) -> bool:
    """Every factor and the result read as a count: no unit (`20 分钟`, `1 hour`), no multiplier
    (`32K tokens`): a quantity's product is `_products`'."""
    for written in [*pieces, result]:
        read = quantities(written)
        if not read or read[0].dim not in ("", COUNT) or read[0].multiplier:
            return False
    return True


def _counted_products(text: str) -> list[str]:
    found = []
    for result in COUNTED_RESULT.finditer(text):
        head = text[: result.start()]
        masked = BRACKETED_SUM.sub(lambda m: "#" * len(m.group()), head)  # (its brackets are no break)
        breaks = [m.end() for m in SENTENCE_BREAK.finditer(masked)]
        pieces = head[breaks[-1] if breaks else 0 :].split("×")
        first = FIRST_COUNT.search(pieces[0])  # `… trained on 16 nodes × 8 cards`: from the first factor's count
        if first and RANGE_BEFORE.search(pieces[0], 0, first.start()):
            continue  # `2 to 4 nodes × 8 cards = 16 to 32 cards`: a range of products
        if first and pieces[0][: first.start()].rstrip().endswith(("+", "-", "−")):
            continue  # `56 次 + 1 次 flush × (8 + 24 层) = 88 次`: one term of a sum
        pieces[0] = pieces[0][first.start() :] if first else pieces[0]
        factors = [_count_factor(piece) for piece in pieces]
        if len(pieces) < 2 or not all(factors):
            continue
        if not any(f[1] for f in factors if f):
            continue  # plain numbers: `_products`'
        numbers = [f[0] for f in factors if f]
        total = result.group(1).replace(",", "")
        if len(total) > 15 or not _counts(pieces, text[result.start() + 1 :]):
            continue
        product = math.prod(numbers)
        if product != int(total):
            shown = " × ".join(piece.strip() for piece in pieces)
            said = f"{product:,}" if "," in result.group(1) else str(product)  # (written as the result is)
            found.append(f"{shown} is {said}, not {result.group(1)}")
    return found


def _count_factor(piece: str) -> tuple[int, bool] | None:
    """A factor's count and whether it says what it counts: `16 个 micro-batch`, or a sum of
    counts in brackets, `(97 次前向 fork + 97 次重计算 fork)`."""
    bracketed = BRACKETED_SUM.fullmatch(piece)
    parts = bracketed.group(1).split("+") if bracketed else [piece]
    terms = [term for term in (COUNTED_FACTOR.fullmatch(part) for part in parts) if term is not None]
    if len(terms) != len(parts) or any(len(term.group(1)) > 15 for term in terms):
        return None  # (int() refuses thousands of digits)
    return sum(int(term.group(1)) for term in terms), any(bool(term.group(2).strip()) for term in terms)


# numbers, products and sums written out and set equal: `12 × 0.4 + 5 × 5.0 = 4.8 + 25.0 = 29.8 ms`
_NUMBER = r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?"
_TERM = rf"(?:{_NUMBER})(?:\s?×\s?(?:{_NUMBER}))*"
_SIDE = rf"{_TERM}(?:\s?\+\s?{_TERM})*"
EQUATION = re.compile(
    rf"(?<![\w.,×+\-−*/÷(（])(?<![×+\-−*/÷=≈(（] )({_SIDE}(?:\s?[=≈]\s?{_SIDE})+)"
    r"(?![\d.,]|\s?[×+\-−*/÷^(（]|\s?[KkMGT万亿千](?![A-Za-z]))"  # (`= 16K tokens`: a number with its multiplier)
)
SIDES = re.compile(r"\s?([=≈])\s?")


def _sums_of_products(text: str) -> list[str]:
    """Each side of a written equation of sums of products against the one after it, with
    the rounding of the numbers each side shows (a product alone or a sum alone is read by
    `_products` and `_sums`)."""
    found = []
    for match in EQUATION.finditer(text):
        parts = SIDES.split(match.group(1))
        sides, marks = parts[::2], parts[1::2]
        if not any("×" in side and "+" in side for side in sides):
            continue
        values = [_side_value(side) for side in sides]
        if not all(math.isfinite(value) and value < 1e15 for value, _ in values):
            continue  # (a number of hundreds of digits is no arithmetic to check)
        for (left, right), (value, slack), (other, other_slack), mark in zip(
            zip(sides, sides[1:]), values, values[1:], marks
        ):
            margin = slack + other_slack + (APPROX * abs(other) if mark == "≈" else 0.0)
            if abs(value - other) > margin:
                found.append(f"{left} is {value:.6g}, not the {right} it is given as")
                break
    return found


def _side_value(side: str) -> tuple[float, float]:
    """A side's value, and how far the rounding of its written numbers may move it."""
    total, slack = 0.0, 0.0
    for term in re.split(r"\s?\+\s?", side):
        written = re.split(r"\s?×\s?", term)
        factors = [float(f.replace(",", "")) for f in written]
        total += math.prod(factors)
        for index, number in enumerate(written):
            if "." in number:  # a decimal may be rounded by half its last digit
                rest = math.prod(f for i, f in enumerate(factors) if i != index)
                slack += abs(rest) * 0.5 * 10 ** -len(number.split(".")[1])
    return total, slack


# a share of the value before it, and what that share is: `256 MiB，其中跨机约 3/4，即 192 MiB`,
# `64 GB, of which about 75%, i.e. 48 GB`
SHARE = re.compile(
    r"(?<![\d.,/+\-−])(?P<num>\d{1,2})\s?/\s?(?P<den>\d{1,2})(?![\d/]|[.,]\d|\s?[A-Za-z])"
    r"|(?<![\d.,+\-−])(?P<percent>\d+(?:\.\d+)?)\s?%"
)
THAT_IS = re.compile(r"(?i)^\s*[,，]?\s*(?:即|也就是|也即|i\.e\.,?|that is,?|=|≈)\s*(?:约|about|~|≈)?\s*$")
# (no change between: `其中跨机部分开启后下降 50%` is a fall, not a share)
OF_WHICH = re.compile(
    r"(?i)^\s*[,，]?\s*(?:其中|of which)"
    r"(?:(?!下降|降低|减少|增加|提升|增长|节省|开启|关闭|drop|fall|rise|grow|reduc|increas)[^\d。;；]){0,12}$"
)


def _fractions(text: str) -> list[str]:
    """The share a value is said to be of the value just before it, `其中 … 3/4，即 …`."""
    values = [q for q in quantities(text) if q.dim not in ("", COUNT, PERCENT)]
    starts = [q.start for q in values]
    found = []
    for share in SHARE.finditer(text):
        at = bisect.bisect_left(starts, share.end())  # the first value after it
        if at == 0 or at == len(values) or values[at - 1].end > share.start():
            continue
        whole, part = values[at - 1], values[at]
        if not OF_WHICH.match(text[whole.end : share.start()]):
            continue
        if not THAT_IS.match(text[share.end() : part.start]) or whole.dim != part.dim:
            continue
        if share["percent"]:
            ratio = float(share["percent"]) / 100
        else:
            num, den = int(share["num"]), int(share["den"])
            ratio = num / den if 0 < num < den else 0.0
        if not 0 < ratio < 1:
            continue
        low, high = whole.low * ratio, whole.high * ratio
        # (a share is rounded as often as not, `约 3/4`: read as approximate)
        if not _close(part, low, high, whole.ulp * ratio, approx=True):
            found.append(
                f"{share.group()} of {_written(text, whole)} is {_amount(low, high, part)}, "
                f"not the {_written(text, part)} it is given as"
            )
    return found


# a sum: quantities joined by `+`, each with the words that name it
PLUS = re.compile(r"\s*\+\s*")
OPENING = re.compile(r"^\s*[(\[]")
EQUALS = re.compile(r"\s*(?:=|≈|约等于|等于|是|共|合计|总计|in total|total)\s*")
# the last part's own name before the total's `=`: a few words (`workspace`, `recompile from
# the compile cache`), not a clause of its own (`with bucket size = 256 MB`, `在 bucket 大小 = 256 MB 时`)
LAST_LABEL = re.compile(r"\s*(?:[A-Za-z_][\w-]*(?:\s[A-Za-z_][\w-]*){0,4}|[\u4e00-\u9fff]{1,6})?(?=\s*(?:=|≈))")
# (a parameter's name, `bucket_size_mb`, sets what follows its `=`: `… for bucket_size_mb = 256 MB`)
CLAUSE_WORDS = re.compile(r"(?i)\b(?:with|at|when|if|in|on|per|by|size|timeout|interval|length|degree)\b|\w_\w")
# an aside in brackets with no arithmetic of its own: `(fp32, sharded over DP = 4)`
# (and a part's own product, `0.9 GB (28 layers × 32 MiB)`; not one that multiplies the part,
# `8 MiB (×2 for send and receive)`, `128 MiB/块（× 15 块）`: no aside, the sum is not read)
ASIDE = re.compile(r"[(（](?!\s*[×*])[^()（）+]*[)）]")
A_DIFFERENCE = re.compile(r"\d\s*[-−]\s*\d")  # `(2.60 − 1.00)`: a term of the sum, no aside


def _blank_aside(match: re.Match[str]) -> str:
    """An aside as spaces, but for a difference in brackets (`14.4 − (2.60 − 1.00) + 0.20`)."""
    return match.group() if A_DIFFERENCE.search(match.group()) else " " * len(match.group())


@dataclass
class _Sum:
    parts: list[Quantity]
    start: int
    end: int
    # the rest of a sum whose head was not read (`1.86 GiB (1.0B × 2 bytes) + 0.04 GiB + …`):
    # its total is the whole sum's, not this rest's
    rest: bool = False


# a number in a word's name (`fp32 主权重`, `H100 显存`, `Llama3`) is no part of a sum's arithmetic
NAMED_NUMBER = re.compile(r"[A-Za-z][A-Za-z0-9_.-]*")
ARITHMETIC_MARK = re.compile(r"[\d=≈;,。()\[\]+×]")
MULTIPLIER_AFTER = re.compile(r"\+\s*$")  # a count right after `+` starts its part: it multiplies it
# a whole number counting something named, inside a part's name: `8 micro-batches`, `2 层`
COUNT_NOUN = re.compile(r"(?<![\d.,])\d+\s?(?=[A-Za-z\u4e00-\u9fff])(?![KMGTkmgt]i?B\b|[KMB]\b|x\b|s\b|ms\b|min\b|h\b)")


def _chains(text: str, values: tuple[Quantity, ...], joiner: re.Pattern, labelled: bool) -> list[_Sum]:
    """Runs of quantities joined by `joiner` (with words of their own between, when
    `labelled`: `检测 1 min + rendezvous 2 min`)."""
    chains: list[_Sum] = []
    current: _Sum | None = None
    for q in values:
        if current is not None and q.dim == COUNT and not q.unit and COUNT_NOUN.match(text, q.start):
            if not MULTIPLIER_AFTER.search(text, current.end, q.start):
                continue  # `activations of 8 micro-batches in flight 36.0 GiB`: a count in a part's name
            # `+ 2 个动量各 52 GB`, `+ 4 buffers of 0.5 GB`: the count multiplies its part; the sum is
            # not read (what follows is the rest of a sum that could not be read)
            current = _Sum([q], q.start, q.end, rest=True)
            continue
        if current is not None:
            between = text[current.end : q.start]
            joined = joiner.match(between) or (joiner.search(between) if labelled else None)
            if joined and (labelled or joined.end() == len(between)):
                # the words naming each part, after the one before or before this one:
                # `检测 1 min + rendezvous 2 min`, `9.6 GB parameters + 14.4 GB optimizer states`
                labels = between[: joined.start()] + " " + between[joined.end() :]
                if not labelled or not ARITHMETIC_MARK.search(_words_only(labels)):
                    current.parts.append(q)
                    current.end = q.end
                    continue
            if len(current.parts) > 1:
                chains.append(current)
        current = _Sum([q], q.start, q.end, rest=current is not None and _added_to(text[current.end : q.start], joiner))
    if current is not None and len(current.parts) > 1:
        chains.append(current)
    return chains


def _added_to(between: str, joiner: re.Pattern) -> bool:
    """What stands before a quantity ends in a `+` and its own words: it is a part of what
    comes before, though that could not be read (`…) + P / Q buffers 0.04 GiB`)."""
    plus = [m.end() for m in joiner.finditer(between)]
    return bool(plus) and not ARITHMETIC_MARK.search(_words_only(between[plus[-1] :]))


def _words_only(label: str) -> str:
    """A part's name with the numbers that are words of it left out (`fp32`, `8 micro-batches`)."""
    return NAMED_NUMBER.sub(" ", COUNT_NOUN.sub(" ", label))


OPERATOR_NEXT = re.compile(r"\s*[-+×*/÷]")  # matched at a position: no `^`, which only the string's start matches
OPERATOR_BEFORE = re.compile(r"[-+×*/÷]\s*$")


def _a_term(text: str, chain: _Sum) -> bool:
    """The chain is only a term of a longer expression (`2 × 256 MB + 0.4 GB`, `a + b × c`):
    its total is the expression's, not its own."""
    return bool(
        OPERATOR_NEXT.match(text, chain.end)
        or OPERATOR_BEFORE.search(text[max(0, chain.start - 4) : chain.start])
        or _labelled_term(text, chain.start)
    )


def _labelled_term(text: str, start: int) -> bool:
    """A `+` before the chain in its clause with only the term's words between (`64 MiB 缓冲 + 2 个
    临时通信域约 2 × 192 MiB = 448 MiB`): the chain is that term."""
    clause = max(text.rfind(mark, 0, start) for mark in "，,;；。:：=") + 1
    plus = max(text.rfind("+", clause, start), text.rfind("−", clause, start))
    return plus >= 0 and not any(q.dim != COUNT for q in quantities(text[plus + 1 : start]))


def _total_of(text: str, values: tuple[Quantity, ...], chain: _Sum) -> tuple[Quantity, bool] | None:
    """The total a chain is given with: after `=` / `≈` (`... = 280 MiB`; where that side goes on,
    `= 7,600 GB + 25,152 GB = 32,752 GB`, the equation's last value), or the quantity right before
    its bracket (`21 min（...）`), or before `=` (`T = a + b`)."""
    before = [q for q in values if q.end <= chain.start]
    after = [q for q in values if q.start >= chain.end]
    if _running(text, chain.start):
        return None  # `a + b × c = 28.08 GB + 6 GB = 56.08 GB`: a subtotal inside a running sum
    if after and TOTAL_AFTER.fullmatch(text, chain.end, after[0].start) and _all_in_brackets(text, chain, after[0]):
        return after[0], after[0].approx  # `（6.5 GB + 6.5 GB + 6.5 GB）共 19.5 GB`
    if after:
        gap = text[chain.end : after[0].start]
        named = LAST_LABEL.match(gap)  # the last part's own words before its `=`
        if named and CLAUSE_WORDS.search(named.group()):
            named = None
        equals = EQUALS.match(gap, named.end() if named else 0)
        if equals and equals.end() == len(gap):
            last = _last_side(text, after)
            if last is None:
                return None
            return last, last.approx or "≈" in equals.group() or "约" in equals.group()
    head = text[: chain.start]
    bracket = re.search(r"[(\[]\s*[^()\[\]\d]*$", head)
    if bracket and before:
        between = text[before[-1].end : bracket.start()]
        if not between.strip():
            return before[-1], before[-1].approx
        if (
            ESTIMATED_AFTER.fullmatch(between)
            and not text[bracket.start() + 1 : chain.start].strip()
            and CLOSES.match(text, chain.end)
        ):  # `+11.0 GB expected (8 kept units × 1.38 GB)`: the brackets hold the working-out alone
            return before[-1], True
    if before:
        equals = TOTAL_NAMED.match(text[before[-1].end : chain.start])
        if equals and not CLAUSE_WORDS.search(equals.group(1) or ""):
            return before[-1], before[-1].approx or "≈" in equals.group()
    return None


# an estimate's word between a total and the brackets that work it out
CLOSES = re.compile(r"\s*[)\]）]")
ESTIMATED_AFTER = re.compile(rf"(?i)\s*(?:{ESTIMATE_WORDS}|左右)\s*")


def _all_in_brackets(text: str, chain: _Sum, total: Quantity) -> bool:
    """The brackets hold all the parts of `total`: not a list left open (`等`, `etc.`), nor parts
    said per card or per layer (`(send 8 MiB + receive 8 MiB per layer) total 448 MiB`), nor
    brackets that are one term after a value (`基线 41.1 GiB +（1.875 GiB + 0.5 GiB）共 43.5 GiB`)."""
    opening = max(text.rfind("(", 0, chain.start), text.rfind("（", 0, chain.start))
    if opening < 0 or PART_LIST.search(text, opening, total.start):
        return False
    clause = max(text.rfind(mark, 0, opening) for mark in "，,;；。:：") + 1
    return not quantities(text[clause:opening]) and not text[clause:opening].rstrip().endswith("+")


PART_LIST = re.compile(r"(?i)等|etc\b|and so on|…|每|\bper\b")


# a total right after the brackets its parts are in: `（主权重 6.5 GB + exp_avg 6.5 GB）共 13.0 GB`
TOTAL_AFTER = re.compile(
    r"(?i)[^()（）+=]{0,16}[)）]\s*(?:共|合计|总计|总共|一共|共计|in total|total(?:ling)?)\s*(?:为|是|约|about|~)?\s*"
)


# a total before `=`, with a name of its own between: `105 GB 状态 = 75 GB + 30 GB`
# (one word; not a part named inside the whole: `61.3 GB 其中激活 = …`, `step includes backward = …`)
TOTAL_NAMED = re.compile(
    r"^\s*((?!其中|中|含|包括)[A-Za-z_][\w-]*|(?!其中|中|含|包括)[\u4e00-\u9fff]{1,4})?\s*(?:=|≈)\s*$"
)


# the side before an `=` right before a chain, back to its clause's start
SIDE_BEFORE = re.compile(r"((?:[^=≈,;，；。.]|\.(?=\d))*)[=≈]\s*$")


def _running(text: str, start: int) -> bool:
    """The chain starts right after an `=` whose side before it is a sum (a `+` outside
    brackets): the sum runs on through it (`22 GB + 8 × 0.6 GB = 4.8 GB + 6 GB = …`)."""
    side = SIDE_BEFORE.search(text, 0, start)
    if side is None:
        return False
    depth = 0
    for char in side.group(1):
        depth += char in "(（[" and 1 or (char in ")）]" and -1 or 0)
        if char == "+" and depth == 0:
            return True
    return False


ONLY_EQUALS = re.compile(r"\s*[=≈]\s*")
PLUS_NEXT = re.compile(r"\s*\+")
ANOTHER_TERM = re.compile(r"\s*[-+×*/÷]\s*[\d(]")


def _last_side(text: str, after: list[Quantity]) -> Quantity | None:
    """The value after `=` that no operator follows: the first, or, where it is a term of a
    side of its own, the one after the next `=` (None where there is none)."""
    at = 0
    if PLUS_NEXT.match(text, after[0].end) and not ANOTHER_TERM.match(text, after[0].end):
        return None  # `= 4.8 GB + 预留 6 GB = …`: the value is a subtotal the sum runs on from
    while ANOTHER_TERM.match(text, after[at].end):  # (not `17 B/参数`: a unit per something)
        if not PLUS_NEXT.match(text, after[at].end):
            return None  # `= 6 GB × 2 = 12 GB`: a running computation, not one equation
        at = next(
            (j for j in range(at + 1, len(after)) if ONLY_EQUALS.fullmatch(text[after[j - 1].end : after[j].start])),
            -1,
        )
        if at < 0:
            return None
    return after[at]


def _given_totals(text: str, values: tuple[Quantity, ...], joiner: re.Pattern, labelled: bool):
    """Each chain of `joiner` that is an expression of its own, with the total it is given
    (`_total_of`) and whether that total is approximate."""
    for chain in _chains(text, values, joiner, labelled):
        if chain.rest or _a_term(text, chain):
            continue
        total = _total_of(text, values, chain)
        if total is not None:
            yield chain, *total


def _sums(text: str) -> list[str]:
    text = ASIDE.sub(_blank_aside, text) if "(" in text or "（" in text else text
    values = _counted(text, tuple(q for q in quantities(text) if not q.sign or q.sign == "+"))
    found = []
    for chain, whole, approx in _given_totals(text, values, PLUS, labelled=True):
        parts = chain.parts
        if whole.dim not in (COUNT, PERCENT) and whole.number and all(p.bare for p in parts):
            # `40.0 + 12.0 + 0.75 = 52.75 GB`: bare parts in the total's unit (a plain sum)
            factor_low, factor_high = whole.low / whole.number, whole.high / whole.number
            parts = [
                p._replace(low=p.low * factor_low, high=p.high * factor_high, ulp=p.ulp * factor_high, dim=whole.dim)
                for p in parts
            ]
        if whole.dim == COUNT or any(p.dim != whole.dim for p in parts):
            continue
        if _works_out_last(text, parts, whole, approx):
            continue
        low, high = sum(p.low for p in parts), sum(p.high for p in parts)
        slack = sum(p.ulp for p in parts)
        approx = approx or any(p.approx for p in parts)
        if not approx and "=" in text[chain.end : whole.start] and len({p.unit for p in parts} | {whole.unit}) == 1:
            # an equation in one unit is worked on the numbers as written, its total rounded to
            # its own last digit: `26.0 + 4.37 = 30.4` is right, `3 GB + 3 GB + 0.5 GB = 6 GB` is
            # not (a total given before its parts, `预估 21 min（1 min + … + 14.5 min）`, may be rounded)
            wrong = abs(sum(p.number for p in parts) - whole.number) >= _half_digit(text, whole) - 1e-9
        else:
            wrong = not _close(whole, low, high, slack, approx)
        if wrong and not _the_step(text, values, whole, low, high, slack):
            shown = " + ".join(_written(text, p) for p in parts)
            found.append(f"{shown} is {_amount(low, high, whole)}, not the {_written(text, whole)} it is given as")
    return found


def _the_step(text: str, values: tuple[Quantity, ...], whole: Quantity, low: float, high: float, slack: float) -> bool:
    """The parts add up to the step of a transition the whole ends (`1,420 ms → about 1,480 ms
    (38 ms + 12 ms + 10 ms)`, or after-first: `rises to about 1,480 ms from 1,420 ms (…)`: what
    was added, broken down), not to its after."""
    start = next((q for q in reversed(values) if q.end <= whole.start), None)
    if start is None or start.dim != whole.dim:
        return False
    between = text[start.end : whole.start]
    if TO.match(between):
        step = whole._replace(low=whole.low - start.low, high=whole.high - start.high, ulp=whole.ulp + start.ulp)
    elif FROM.match(between):
        step = whole._replace(low=start.low - whole.low, high=start.high - whole.high, ulp=whole.ulp + start.ulp)
    else:
        return False
    if step.high < 0:  # a fall broken down by its size: `falls to 11.9 s from 14.2 s (3.9 s − 1.6 s …)`
        step = step._replace(low=-step.high, high=-step.low)
    return _close(step, low, high, slack, whole.approx or start.approx)


def _works_out_last(text: str, parts: list[Quantity], whole: Quantity, approx: bool) -> bool:
    """`… + staging 8 × 0.5 GB = 4 GB, total 52 GB`: the `=` works out the last part, a product,
    as `8 × 3 GB = 24 GB + …` did the first; it gives no total of the sum."""
    last = parts[-1]
    return (
        len(parts) > 1
        and "×" in text[parts[-2].end : whole.start]
        and _close(whole, last.low, last.high, last.ulp, approx)
    )


# a difference: `56.0 − 20.0 − 4.5 = 31.5 GiB` (a minus sign, or a hyphen with spaces around it)
MINUS = re.compile(r"\s*(?:−|(?<=\s)-(?=\s))\s*")
SIGNED = re.compile(r"\s*(?:−|(?<=\s)-(?=\s)|\+)\s*")  # a difference with sums in it: `8.0 − 2.0 + 0.3`
# a part's name in brackets, with no number but in a word (`（fp8 后的暴露通信）`)
WORDS_ASIDE = re.compile(r"[(（](?:[^()（）\d]|(?<=[A-Za-z])\d)*[)）]")
IN_A_QUOTIENT = re.compile(r"\s*[)）]\s*[/÷×*]")  # `(24.0 − 19.5) / 24.0`: a term of more


def _half_digit(text: str, q: Quantity) -> float:
    """Half of the last digit `q` is written to, in its written unit (`30.4`: 0.05, `6`: 0.5)."""
    written = re.match(r"[\d,]*(?:\.(\d+))?", text[q.start : q.end].lstrip())
    decimals = len(written.group(1) or "") if written else 0
    return 0.5 * 10**-decimals


def _differences(text: str) -> list[str]:
    """A first value less the others, given with its result; computed on the numbers as
    written where they share the result's unit or are bare (one reading of GB for all)."""
    if "（" in text or "(" in text:  # `8.0 s − 2.0 s（原暴露通信）+ 0.3 s（…）= 6.4 s`: each part's name left out
        text = WORDS_ASIDE.sub(lambda m: " " * len(m.group()), text)
    values = tuple(q for q in quantities(text) if not q.sign)
    found = []
    for chain, whole, approx in _given_totals(text, values, SIGNED, labelled=False):
        if IN_A_QUOTIENT.match(text, chain.end):
            continue
        parts = chain.parts
        signs = [1] + [-1 if MINUS.fullmatch(text[a.end : b.start]) else 1 for a, b in zip(parts, parts[1:])]
        if -1 not in signs:
            continue  # a sum: `_sums`'s
        if whole.dim in (COUNT, "") or not whole.number or any(p.dim not in (whole.dim, "") for p in parts):
            continue
        if whole.dim == PERCENT and any(not p.dim for p in parts):
            continue  # `1 − 0.85 = 15%`, `1.10 − 1 = 10%`: a ratio written as a share
        if any(p.dim and p.unit != whole.unit for p in parts):
            continue  # (`64 GB − 512 MiB`: read by no one reading of both)
        number = sum(sign * p.number for sign, p in zip(signs, parts))
        low_factor, high_factor = whole.low / whole.number, whole.high / whole.number
        slack = sum(p.ulp * high_factor if not p.dim else p.ulp for p in parts)
        low, high = sorted((number * low_factor, number * high_factor))
        if not _close(whole, low, high, slack, approx or any(p.approx for p in parts)) and not _the_step(
            text, values, whole, low, high, slack
        ):  # (`falls to 11.9 s or less from 14.2 s (3.9 s − 1.6 s of exposed all-gather)`: the step)
            shown = _written(text, parts[0]) + "".join(
                f" {'−' if sign < 0 else '+'} {_written(text, p)}" for sign, p in zip(signs[1:], parts[1:])
            )
            found.append(
                f"{shown} is {_amount(number * low_factor, number * high_factor, whole)}, "
                f"not the {_written(text, whole)} it is given as"
            )
    return found


TIMES = re.compile(r"\s*×\s*(?:约|~|about )?\s*")  # (`768 × 约 50 µs`: a factor said approximately)
NAMED_AFTER = re.compile(r"\s*(?:[A-Za-z]|[\u4e00-\u9fff])")


def _counted(text: str, values: tuple[Quantity, ...]) -> tuple[Quantity, ...]:
    """A count times an amount as one part of a sum: `2 × 64 MiB` is 128 MiB."""
    merged: list[Quantity] = []
    for q in values:
        last = merged[-1] if merged else None
        if (
            last is not None
            and last.dim == COUNT
            and not last.multiplier
            and q.dim != COUNT
            and TIMES.fullmatch(text[last.end : q.start])
        ):
            n = last.number
            merged[-1] = q._replace(
                low=q.low * n, high=q.high * n, number=q.number * n, ulp=q.ulp * n, start=last.start
            )
            continue
        merged.append(q)
    return tuple(merged)


def _counts_alone(text: str) -> str:
    """`text` with what each whole-number factor counts blanked (FACTOR_NOUN), where the number
    is a plain count: not `2 字节`, `1,860 毫秒`, `1 万` (a unit, a multiplier: units.py's)."""
    plain = {q.end for q in quantities(text) if q.dim == COUNT and not q.unit and not q.multiplier}
    return FACTOR_NOUN.sub(lambda m: " " * len(m.group()) if m.start() in plain else m.group(), text)


# what a whole-number factor counts, right before its `×` (`20 层 × 15 块 × 128 MiB`, `2,048 tokens ×
# 2048 × 2 bytes`, `8 kept units × 1.38 GB`): read as the number alone (blanked, so that every place stays where it was)
FACTOR_NOUN = re.compile(
    r"(?<=\d)(\s?(?:(?![万千亿百])[\u4e00-\u9fff]{1,2}|(?i:(?:[a-z]+\s){0,2}(?:layers?|blocks?|units?|ranks?|cards?|nodes?|experts?"
    r"|micro-batches|buffers?|copies|chunks?|steps?|GPUs?|NPUs?|devices?|tokens?|heads?|params?|parameters?))))(?=\s?×)"
)


def _products(written: str) -> list[str]:
    text = _counts_alone(written) if "×" in written else written
    values = quantities(text)
    found = []
    for chain in _chains(text, values, TIMES, labelled=False):
        if text[chain.start : chain.end].count("x") and "×" not in text[chain.start : chain.end]:
            if not re.search(r"\d\s+x\s+\d", text[chain.start : chain.end]):
                continue  # `2x` is a ratio, not a product
        if _a_term(text, chain) or _continued(text, chain):
            continue
        total = _total_of(text, values, chain)
        if total is None:
            continue
        whole, approx = total
        approx = approx or any(p.approx for p in chain.parts)  # (`768 × 约 50 µs`)
        if whole.number < 0:  # a fall broken down by its size: `−11.0 GB (8 layers × 1.38 GB)`
            whole = whole._replace(low=-whole.high, high=-whole.low, number=-whole.number)
        if whole.bare and COUNT_MULTIPLIER.match(text, whole.end):
            continue  # `= 40 Mi 个元素`, `= 40 M elements`: a count's multiplier after a space, not read
        units = [p for p in chain.parts if p.dim != COUNT]
        if len(units) > 1 or (units and units[0].dim != whole.dim) or any(p.sign for p in chain.parts):
            continue
        if not units and whole.dim not in (COUNT,) and whole.unit == "":
            continue
        if (
            not units
            and whole.dim != COUNT
            and NAMED_AFTER.match(text, chain.end)
            and not EQUALS.match(text, chain.end)
        ):
            continue  # `8192 × 152064 个元素`: a count of something, not the total's unit
        low, high = 1.0, 1.0
        for part in chain.parts:
            low, high = low * part.low, high * part.high
        if not units and whole.dim != COUNT:
            factor_low, factor_high = whole.low / whole.number, whole.high / whole.number
            low, high = low * factor_low, high * factor_high  # `2 × 19.5 ≈ 39 GB`: in the total's unit
        relative = _rounding(chain.parts)
        slack = relative * max(abs(high), abs(low))
        if _misread(whole, min(low, high), max(low, high)):
            continue
        if not _close(whole, min(low, high), max(low, high), slack, approx):
            shown = written[chain.start : chain.end]  # (as written, what each factor counts too)
            found.append(
                f"{shown} is {_amount(min(low, high), max(low, high), whole)}, not the {_written(text, whole)} it is given as"
            )
    return found


# A product more than this many times its total, or less, is a misreading, not a slip: a
# factor that is a name (`32 × 910B`, the Ascend 910B, is no 29 × 10^12), a unit not read.
# A slip of a unit (MB for GB, KB for GB) stays within it.
MISREAD = 1e7


def _rounding(parts) -> float:
    """What the decimals among `parts` may hide, each relative to its own size (`ulp` is in
    base units, as `high` is); a whole number is a count, exact."""
    return sum(p.ulp / abs(p.high) for p in parts if p.high and not float(p.number).is_integer())


def _misread(whole: Quantity, low: float, high: float) -> bool:
    if not whole.low or not low:
        return False
    ratio = max(low / whole.low, high / whole.high, whole.low / low, whole.high / high)
    return ratio > MISREAD


MUL_DIV = re.compile(r"\s*[×/÷]\s*")


def _mixed(text: str) -> list[str]:
    """`2 × 7 / 8 × 0.04 GB = 0.07 GB`: numbers multiplied and divided, given with their
    result. At most one factor has a unit, and it is the result's (unitless factors with a
    result in a unit are not read); a divisor has none."""
    values = quantities(text)
    found = []
    for chain in _chains(text, values, MUL_DIV, labelled=False):
        ops = [text[a.end : b.start].strip() for a, b in zip(chain.parts, chain.parts[1:])]
        if "×" not in ops or ("/" not in ops and "÷" not in ops):
            continue  # a product or a quotient alone: read as such
        if _a_term(text, chain) or _continued(text, chain) or any(p.sign for p in chain.parts):
            continue
        total = _total_of(text, values, chain)
        if total is None:
            continue
        whole, approx = total
        divisors = [part for op, part in zip(ops, chain.parts[1:]) if op != "×"]
        units = [p for p in chain.parts if p.dim != COUNT]
        if len(units) > 1 or any(p.dim != COUNT or not p.number for p in divisors):
            continue
        if (units[0].dim if units else COUNT) != whole.dim:
            continue
        low, high = 1.0, 1.0
        for op, part in zip(["×", *ops], chain.parts):
            low, high = (low * part.low, high * part.high) if op == "×" else (low / part.low, high / part.high)
        relative = _rounding(chain.parts)
        if not (math.isfinite(low) and math.isfinite(high)) or _misread(whole, min(low, high), max(low, high)):
            continue
        if _alternatives(chain, ops, whole, relative):
            continue  # `8 × 4 / 16 × 2 = 32`: two ways to the same total, `/` for "or"
        if not _close(whole, min(low, high), max(low, high), relative * max(abs(low), abs(high)), approx):
            shown = text[chain.start : chain.end].strip()
            found.append(
                f"{shown} is {_amount(min(low, high), max(low, high), whole)}, not the {_written(text, whole)} it is given as"
            )
    return found


def _alternatives(chain: _Sum, ops: list[str], whole: Quantity, relative: float) -> bool:
    """Some run of factors between the `/`s alone makes the total: the `/` says "or"."""
    groups, low, high = [], 1.0, 1.0
    for op, part in zip(["×", *ops], chain.parts):
        if op != "×":
            groups.append((low, high))
            low, high = 1.0, 1.0
        low, high = low * part.low, high * part.high
    groups.append((low, high))
    return any(_close(whole, a, b, relative * max(abs(a), abs(b)), True) for a, b in groups)


DIVIDED = re.compile(r"\s*[/÷]\s*")
SPACED_MULTIPLIER = re.compile(r"\s[kKMGB万亿](?![A-Za-z])")
COUNT_MULTIPLIER = re.compile(r"\s?(?:[kKMGT]i|[kKMGB万亿])(?![A-Za-z])")
# a bracket right after a value that holds only that value in another unit: `192 MiB（约 201 MB）`
RESTATED = re.compile(r"(?<=[A-Za-z])\s*[(（]\s*(?:约|~|≈|about|approx\.?)?\s*[\d.,]+\s*[KMGT]i?B\s*[)）]")
GIVES = re.compile(r"\s*(?:=|≈|约等于)\s*(?:约\s*)?")


def _quotients(text: str) -> list[str]:
    """`131,072 / 8 = 16,384`: a quotient written with its result (a unit on the dividend
    is the result's; a part of a longer expression is not read). A value restated in brackets
    is read as the value (`192 MiB（约 201 MB）÷ 20 GB/s ≈ 10.1 ms`)."""
    if "(" in text or "（" in text:
        text = RESTATED.sub(lambda m: " " * len(m.group()), text)
    values = quantities(text)
    found = []
    for a, b, c in zip(values, values[1:], values[2:]):
        if not (DIVIDED.fullmatch(text[a.end : b.start]) and GIVES.fullmatch(text[b.end : c.start])):
            continue
        if OPERATOR_BEFORE.search(text[max(0, a.start - 4) : a.start]) or OPERATOR_NEXT.match(text, b.end):
            continue  # a term of a longer expression (`2 × 4 GB / 20 GB/s = 0.4 s`)
        if a.dim == BYTES and b.dim == BANDWIDTH and c.dim == TIME and b.low and not (a.sign or b.sign or c.sign):
            found += _transfer_time(text, a, b, c)  # `1.3 GiB ÷ 20 GB/s ≈ 70 ms`
            continue
        if a.dim == b.dim != COUNT and c.dim == PERCENT and b.low and not (a.sign or b.sign or c.sign):
            found += _share_of(text, a, b, c)  # `2 s / 360 s = 0.56%`
            continue
        if b.dim != COUNT or not b.number or a.sign or b.sign or c.sign:
            continue  # `4 GB / 2 GB/s = 2 s` read above; other divisions of units are not
        if a.dim != c.dim and not (a.dim == COUNT and not a.unit):
            continue
        scale = 100.0 if c.dim == PERCENT and a.dim != c.dim else 1.0
        # (a divisor's K or M counts: `228k / 200k = 1.14`)
        if a.dim == c.dim:
            low, high = a.low / b.low, a.high / b.high  # (each reading alike: _close)
        else:  # a bare dividend: the quotient in the result's unit (`8192 / 3.2 ≈ 2560 tokens/s`, `7 / 39 = 17.9 %`)
            low = a.low / b.low * scale * c.low / c.number if c.number else 0.0
            high = a.high / b.high * scale * c.high / c.number if c.number else 0.0
        # a whole number is a count, exact; a decimal may be rounded
        a_err = 0.0 if float(a.number).is_integer() else a.ulp
        b_err = 0.0 if float(b.number).is_integer() else b.ulp
        slack = a_err / b.low * scale + max(abs(low), abs(high)) * b_err / b.high
        if _misread(c, min(low, high), max(low, high)):
            continue
        if c.bare and SPACED_MULTIPLIER.match(text, c.end):
            continue  # `≈ 273.4 M gradient elements`: its multiplier after a space, not read
        if not _close(c, low, high, slack, c.approx or "≈" in text[b.end : c.start]):
            shown = f"{_written(text, a)} / {_written(text, b)}"
            found.append(f"{shown} is {_amount(low, high, c)}, not the {_written(text, c)} it is given as")
    return found


def _is_change(part: Quantity, whole: Quantity, percent: Quantity) -> bool:
    """The percentage is how far the quotient is from 1: a change, not a share."""
    change = abs(part.low / whole.low - 1) * 100
    rounded = (change + 100) * (part.ulp / max(abs(part.low), 1e-300) + whole.ulp / abs(whole.low))
    return abs(abs(percent.low) - change) <= max(percent.ulp, 0.01 * change) + rounded


def _share_of(text: str, part: Quantity, whole: Quantity, percent: Quantity) -> list[str]:
    """One value over another of its kind, given as a percentage, each rounded as written."""
    pairs = [(part.low, whole.low), (part.high, whole.high)]  # one reading for both: a GB over a GB
    if part.unit != whole.unit:  # a MB over a GB: 512 / 65,536 as much as 512 / 64,000
        pairs += [(part.low, whole.high), (part.high, whole.low)]
    ratios = [a / b * 100 for a, b in pairs]
    rounded = max(ratios) * (part.ulp / max(abs(part.low), 1e-300) + whole.ulp / abs(whole.low))
    low, high = min(ratios) - rounded, max(ratios) + rounded
    if _close(percent, low, high, 0.0, percent.approx or "≈" in text[whole.end : percent.start]) or (
        low <= percent.low <= high
    ):
        return []
    shown = f"{_written(text, part)} / {_written(text, whole)}"
    return [f"{shown} is {(low + high) / 2:.3g}%, not the {_written(text, percent)} it is given as"]


# a value, then its share of another: `3 ms per step, 0.05 % of 6.00 s`, `3 ms（占 6.00 s 的 0.05%）`
SHARE_BEFORE = re.compile(
    r"(?i)^\s*(?:(?:per|/)\s?(?:step|iteration|card|rank|node|GPU|NPU)\s*)?"
    r"(?:,|，|\(|（|\bis\b|=|i\.e\.,?|, i\.e\.,?|即|or)\s*(?:about|约|~|≈)?\s*(?:占\s*)?$"
)
PERCENT_OF = re.compile(r"(?i)^\s*(?:%|％)\s*of\s+(?:the\s+)?(?:about\s+|~\s*)?$")
QUOTIENT_OPENS, QUOTIENT_SLASH, QUOTIENT_CLOSES = (
    re.compile(r"\s*\(\s*"),
    re.compile(r"\s*[/÷]\s*"),
    re.compile(r"\s*\)"),
)
SHARE_OF_ZH = re.compile(r"^\s*的\s*$")


def _percent_of(text: str) -> list[str]:
    """`A, P % of B`, `A（占 B 的 P%）` and `P%（A / B）`: A over B, of one dimension, is P%."""
    values = quantities(text)
    found = []
    for i, percent in enumerate(values):
        if percent.dim != PERCENT or percent.sign:
            continue
        part = values[i - 1] if i else None
        whole = values[i + 1] if i + 1 < len(values) else None
        english = (
            part is not None
            and whole is not None
            and SHARE_BEFORE.match(text[part.end : percent.start])
            and PERCENT_OF.match(text[percent.end - 1 : whole.start])
            and not text[part.end : percent.start].strip().endswith("占")
        )
        chinese = (  # `A（占 B 的 P%）`: the whole between
            i >= 2
            and SHARE_BEFORE.match(text[values[i - 2].end : values[i - 1].start])
            and text[values[i - 2].end : values[i - 1].start].rstrip().endswith("占")
            and SHARE_OF_ZH.match(text[values[i - 1].end : percent.start])
        )
        quotient = (  # `P%（A / B）`: the quotient it is, in brackets right after it
            i + 2 < len(values)
            and QUOTIENT_OPENS.fullmatch(text[percent.end : values[i + 1].start])
            and QUOTIENT_SLASH.fullmatch(text[values[i + 1].end : values[i + 2].start])
            and QUOTIENT_CLOSES.match(text, values[i + 2].end)
        )
        if chinese:
            part, whole = values[i - 2], values[i - 1]
        elif quotient:
            part, whole = values[i + 1], values[i + 2]
            if part.dim == whole.dim and whole.low and _is_change(part, whole, percent):
                continue  # `下降 7.5%（14.8 s / 16.0 s）`, `慢 8.3%（10.4 s / 9.6 s）`: the change, not the share
        elif not english:
            continue
        if part is None or whole is None or part.dim != whole.dim or part.dim in (COUNT, PERCENT) or not whole.low:
            continue
        found += _share_of(text, part, whole, percent)
    return found


# a part of a whole said before it, then its share: `step time 18.4 s；其中 attention 11.0 s，约占 60%`,
# `step time 18.4 s, of which attention takes 11.0 s (about 60%)`
OF_THE_WHOLE = re.compile(r"(?i)其中|\bof which\b")
SHARE_AFTER = re.compile(
    r"(?i)^\s*[,，(（]?\s*(?:约|大约|about|~|≈|roughly)?\s*(?:占|i\.e\.,?)?\s*(?:约|about|~|≈)?\s*$"
)
WHOLE_SENTENCE_END = re.compile(r"[。\n]|\.\s")
SHARE_ENDS = re.compile(r"\s*(?:[，,。；;)）|]|\.(?:\s|$)|$)")  # the share said alone, its base unnamed


def _share_of_which(text: str) -> list[str]:
    """`A of which B, 约占 P%`: B over A is P%, where the sentence before `其中` / `of which` gives
    one value of B's dimension (its whole) and none of another beside it."""
    values = quantities(text)
    found = []
    for i, percent in enumerate(values):
        if percent.dim != PERCENT or percent.sign or not i:
            continue
        part = values[i - 1]
        if part.dim in (COUNT, PERCENT) or not SHARE_AFTER.match(text[part.end : percent.start]):
            continue
        if not SHARE_ENDS.match(text, percent.end):
            continue  # `约占 75% 的 GPU 计算时间`, `about 55% of all HCCL time`, `(25% exposed)`: of another base
        sentence = max((m.end() for m in WHOLE_SENTENCE_END.finditer(text, 0, part.start)), default=0)
        which = [m for m in OF_THE_WHOLE.finditer(text, sentence, part.start)]
        if len(which) != 1:
            continue
        wholes = {
            (q.low, q.high): q
            for q in values
            if sentence <= q.start and q.end <= which[0].start() and q.dim == part.dim
        }
        between = [q for q in values if which[0].end() <= q.start and q.end <= part.start]
        if len(wholes) != 1 or between:
            continue
        whole = next(iter(wholes.values()))
        if whole.low and part.high <= whole.low:
            found += _share_of(text, part, whole, percent)
    return found


# tokens over a time (and over the cards), given as a throughput: `4096 tokens ÷ 6.4 s = 640
# tokens/s/卡`, `273 tokens/s/卡（524,288 tokens ÷ 30.0 s ÷ 64 卡）`, `1,048,576 tokens / 8.0 s`
TOKENS_OVER = re.compile(r"(?i)\s?tokens?\s*[÷/]\s*")  # between the tokens and the time
BY_CARDS = re.compile(r"\s*[÷/]\s*")
CARDS_AFTER = re.compile(r"(?i)\s?(?:卡|cards?\b|GPUs?\b|NPUs?\b|ranks?\b|devices?\b)")
RATE_AFTER = re.compile(r"(?i)\s*(?P<eq>=|≈|约|~)\s*(?:约|about|~)?\s*")
RATE_BEFORE = re.compile(r"\s*[（(]\s*(?:=\s*)?")
FACTOR_BEFORE = re.compile(r"[×*x]\s*$")


def _throughputs(text: str) -> list[str]:
    """Tokens over a time (over the cards too, where the throughput is per card) given as a
    throughput, after it or before it in brackets, each value as units.py reads it (a K of
    tokens is 1,000 or 1,024) and rounded as written."""
    values = quantities(text)
    found = []
    for i, time in enumerate(values[1:], 1):
        tokens = values[i - 1]
        if time.dim != TIME or tokens.dim != COUNT or not TOKENS_OVER.fullmatch(text, tokens.end, time.start):
            continue
        if FACTOR_BEFORE.search(text, 0, tokens.start):
            continue  # `4 × 131,072 tokens / 21.6 s`: the tokens are a product's last factor, not read
        after = values[i + 1] if i + 1 < len(values) else None
        cards = after if after and after.dim == COUNT and BY_CARDS.fullmatch(text, time.end, after.start) else None
        word = CARDS_AFTER.match(text, cards.end) if cards else None
        end = word.end() if word else cards.end if cards else time.end
        rate, approx = _rate_given(text, values, tokens, end)
        if rate is None or rate.dim.endswith("/device") != (cards is not None):
            continue  # a per-card rate without its cards, or the other way: not read
        n = cards.number if cards else 1.0
        low, high = tokens.low / time.high / n, tokens.high / time.low / n
        if n and not _close(rate, low, high, _rounding([tokens, time]) * high, approx):
            shown = text[tokens.start : end].strip()
            found.append(f"{shown} is {_amount(low, high, rate)}, not the {_written(text, rate)} it is given as")
    return found


def _rate_given(text: str, values, tokens: Quantity, end: int) -> tuple[Quantity | None, bool]:
    """The throughput a quotient of tokens is given as: after `=` / `≈`, or just before the
    brackets it stands in; and whether it is said approximately."""
    later = [q for q in values if q.start >= end]
    if later and later[0].dim.startswith("rate:tokens"):
        equals = RATE_AFTER.fullmatch(text, end, later[0].start)
        if equals:
            return later[0], equals.group("eq") != "="
    earlier = [q for q in values if q.end <= tokens.start]
    if (
        earlier
        and earlier[-1].dim.startswith("rate:tokens")
        and RATE_BEFORE.fullmatch(text, earlier[-1].end, tokens.start)
    ):
        return (earlier[-1], False) if CLOSES.match(text, end) else (None, False)
    return None, False


# a size moved at a bandwidth, then the time it takes: `28 GB per node at 2 GB/s NVMe write = 14 s`
AT_RATE = re.compile(r"(?i)\s*(?:(?:per|each|on each)\s+\w+\s+)?(?:at|@|按|以)\s*(?:about|约|~|≈)?\s*")
PER_ONE = re.compile(r"(?i)\s*(?:per|each|/|每)\s*(?!second|s\b)\w")
TAKES = re.compile(r"(?i)[^\d=≈;；。,，]{0,32}?(?:=|≈|takes|需要|耗时)\s*(?:about|约|~|≈)?\s*")


def _at_rates(text: str) -> list[str]:
    """`3.5 GB at about 14 GB/s of PCIe bandwidth = 0.25 s`: a size at a bandwidth, given as a time."""
    values = quantities(text)
    found = []
    for size, rate, time in zip(values, values[1:], values[2:]):
        if (size.dim, rate.dim, time.dim) != (BYTES, BANDWIDTH, TIME) or not rate.low:
            continue
        if PER_ONE.match(text, rate.end):
            continue  # `28 GB at 2 GB/s per NPU = 1.75 s`: each device's rate, the aggregate not said
        if AT_RATE.fullmatch(text[size.end : rate.start]) and TAKES.fullmatch(text[rate.end : time.start]):
            if not (OPERATOR_NEXT.match(text, rate.end) or OPERATOR_BEFORE.search(text[: size.start])):
                found += _transfer_time(text, size, rate, time)
    return found


def _transfer_time(text: str, size: Quantity, rate: Quantity, time: Quantity) -> list[str]:
    """A size over a bandwidth given as a time, in any reading of decimal and binary prefixes
    (a GB may be 10^9 or 2^30 bytes), each number rounded as written, `≈` allowing 5% more."""
    readings = [a / r for a in (size.low, size.high) for r in (rate.low, rate.high)]
    low, high = min(readings), max(readings)
    relative = _rounding((size, rate))
    rounding = high * relative
    margin = time.ulp + rounding + (APPROX * max(time.high, high) if time.approx or "≈" in text else 0.0)
    if low - margin <= time.low <= high + margin:
        return []
    shown = f"{_written(text, size)} / {_written(text, rate)}"
    return [f"{shown} is {_amount(low, high, time)}, not the {_written(text, time)} it is given as"]


# A product goes on past a word: `13 × 10⁹ 参数 × 8 B ÷ 8 卡` is one product, not `13 × 10⁹`.
CONTINUED_AFTER = re.compile(
    r"\s*(?:[^\s,，。;；:：()（）=+]{1,12}\s*){0,3}[×*÷/]\s*[\d(（]"
)  # (`… GB bf16 梯度 × (16 − 1)/16`)
CONTINUED_BEFORE = re.compile(r"\d\s*[×*÷/]\s*[^\d\s,，。;；:：()（）]{1,8}\s*$")


def _continued(text: str, chain: _Sum) -> bool:
    """The chain is part of a longer product its reader cannot fold (a factor named by a word
    between): no total can be checked against it."""
    return bool(
        CONTINUED_AFTER.match(text, chain.end) or CONTINUED_BEFORE.search(text[max(0, chain.start - 20) : chain.start])
    )


def _amount(low: float, high: float, like: Quantity) -> str:
    """A value in base units, shown in the unit of `like`."""
    if like.number == 0 or like.low == 0:
        return f"{low:g}"
    factor = like.high / like.number if like.high else 1.0
    value = high / factor
    shown = f"{value:.3g}" if abs(value) < 1000 else f"{value:,.0f}"
    return f"{shown}{like.multiplier} {like.unit}".strip()  # (`16K`, `228k tokens/s`)


COMPOSED = re.compile(
    r"(?i)\b(?:consists of|is made up of|made up of|is composed of|composed of|breaks down into|is split into)\b"
)
LIST_SEPARATOR = re.compile(r"\s*(?:、|,|，|和|与|及|以及|\band\b|\bplus\b)\s*")


def _compositions(text: str) -> list[str]:
    found = []
    zh = re.search(r"由(?P<parts>[^。;]*?)(?:组成|构成)", text)
    en = COMPOSED.search(text)
    for match, parts_text, head in (
        (zh, zh.group("parts") if zh else "", text[: zh.start()] if zh else ""),
        (en, text[en.end() :].split(";")[0].split(".")[0] if en else "", text[: en.start()] if en else ""),
    ):
        if match is None:
            continue
        wholes = quantities(head)
        if not wholes:
            continue
        whole = wholes[-1]
        if head[whole.end :].strip(" 的") not in ("", "is", "=") and len(head[whole.end :].strip()) > 6:
            continue  # the whole must be what is made of the parts: `74.2 GB/卡 由 ...`
        parts = [q for q in quantities(parts_text) if q.dim == whole.dim]
        if len(parts) < 2 or len([q for q in quantities(parts_text) if q.dim != COUNT]) != len(parts):
            continue
        low, high = sum(p.low for p in parts), sum(p.high for p in parts)
        slack = sum(p.ulp for p in parts)
        if not _close(whole, low, high, slack, whole.approx or any(p.approx for p in parts)):
            shown = " + ".join(_written(parts_text, p) for p in parts)
            found.append(
                f"{shown} is {_amount(low, high, whole)}, not the {_written(head, whole)} it is said to be made of"
            )
    return found


OTHER = re.compile(r"(?i)\b(?:others?|rest|remaining|remainder|misc\w*)\b|其他|其余|其它|剩余|杂项")
SHARE_OF = re.compile(
    r"(?i)\bof (?:the )?(?:step|total|whole|time|memory|all)\b|占|占比|构成|组成|分布|breakdown|split"
)
BRACKET = re.compile(r"\(([^()]*)\)")


def _shares(text: str) -> list[str]:
    found = []
    for match in BRACKET.finditer(text):
        inside = match.group(1)
        items = []
        for item in re.split(r"\s*(?:,|、|;)\s*", inside):
            # `allgather and reduce-scatter 38%` is one share; `a 30% and b 20%` two
            items += re.split(r"\s+and\s+", item) if item.count("%") > 1 else [item]
        items = [item for item in items if item.strip()]
        values: list[tuple[Quantity, bool]] = []
        for item in items:
            numbers = quantities(item)
            if len(numbers) != 1 or numbers[0].dim != PERCENT or numbers[0].sign:
                values = []
                break
            values.append((numbers[0], bool(OTHER.search(item))))
        if len(values) < 3:
            continue
        has_other = any(other for _, other in values)
        said_of = SHARE_OF.search(inside) or SHARE_OF.search(text[max(0, match.start() - 30) : match.start()])
        if not has_other and not said_of:
            continue
        total = sum(q.number for q, _ in values)
        slack = sum(q.ulp for q, _ in values) + (APPROX * 100 if any(q.approx for q, _ in values) else 0.0)
        if total > 100 + slack or (has_other and total < 100 - slack):
            found.append(f"the shares ({inside}) add up to {total:g}%, not 100%")
    return found


TOTAL_ROW = re.compile(r"(?i)^\W*(?:合计|总计|总和|总共|共计|总量|总体|total|sum|overall)\b")
SUBTOTAL = re.compile(r"(?i)小计|subtotal|其中|of which|incl")


def totals(header: list[str], rows: list[list[str]], line: int) -> list[tuple[int, str]]:
    """A table with a total row whose columns are not the sums of the rows above it: a row
    named so (`合计`, `Total`), or else the last row when one of its columns is the sum of
    the rows above (`| Step time | 8.00 s | 6.39 s |` under the parts of the step)."""
    if not rows or any(SUBTOTAL.search(r[0]) for r in rows if r):
        return []
    named = [i for i, r in enumerate(rows) if r and TOTAL_ROW.match(r[0]) and i >= 2]
    found = []
    for index in named or ([len(rows) - 1] if len(rows) >= UNNAMED_PARTS + 1 else []):
        row, parts_rows = rows[index], rows[:index]
        sums = [_column_sum(header, row, parts_rows, column, bool(named)) for column in range(1, len(row))]
        if not named and not any(s is not None and s[0] for s in sums):
            continue  # no column shows the last row to be a total
        for column, said in enumerate(sums, start=1):
            if said is None or said[0]:
                continue
            _, low, high, whole = said
            name = header[column] if column < len(header) else str(column + 1)
            found.append(
                (
                    line + 2 + index,
                    f"the {name} column adds up to {_amount(low, high, whole)} (lines {line + 2}–{line + 1 + index}), "
                    f"not the {prose(row[column])} of its {prose(row[0])} row",
                )
            )
    return found


UNNAMED_PARTS = 3  # an unnamed total row needs this many parts above it
NOTHING = re.compile(r"(?i)^\W*(?:none|n/a|无|不涉及|—|–|-)\W*$")  # a part that adds nothing


WRITTEN_SUM = re.compile(r"^[^()（）=≈]*\+[^()（）=≈]*[=≈]\s*([^()（）=≈]+)$")
# a part worked out in its cell, `2 × 0.50 GB = 1.00 GB`: the part is its result (the line's
# arithmetic is checked as any line's)
WRITTEN_RESULT = re.compile(r"^[^()（）=≈]*[+×*/÷−][^()（）=≈]*=\s*([^()（）=≈]+)$")


def _result_of(cell: str) -> str:
    worked = WRITTEN_RESULT.match(cell)
    return worked.group(1) if worked else cell


def _column_sum(header, row, parts_rows, column: int, named: bool) -> tuple[bool, float, float, Quantity] | None:
    """(whether the column adds up to the total row's cell, the parts' sum, the cell), or
    None where the column is not read."""
    cell = row[column]
    summed = WRITTEN_SUM.match(cell)  # `8.25 + 66 + … = 238.25 MiB`: the total is the sum's result
    whole = _one(summed.group(1) if summed else cell)
    if whole is None or whole.dim == COUNT and (not header[column : column + 1] or not named):
        return None
    cells = [r[column] if column < len(r) else "" for r in parts_rows]
    parts = [None if NOTHING.match(prose(c)) else _one(_result_of(c)) for c in cells]
    values = [p for p in parts if p is not None]
    if any(p is None and not NOTHING.match(prose(c)) for p, c in zip(parts, cells)):
        return None
    if any(p.dim != whole.dim for p in values) or (not named and len(values) < UNNAMED_PARTS):
        return None
    if not named and (not whole.low or sum(1 for p in values if p.low) < UNNAMED_PARTS):
        return None  # a column of zeros (`0%`) adds up to anything's zero: it shows no total
    low, high = sum(p.low for p in values), sum(p.high for p in values)
    slack = sum(p.ulp for p in values)
    return _close(whole, low, high, slack, whole.approx or any(p.approx for p in values)), low, high, whole


@lru_cache(maxsize=4096)
def _one(cell: str) -> Quantity | None:
    """The one quantity a cell holds (with nothing but words around it, an aside in brackets
    left out: `26 GiB（20 层）`), or None."""
    text = prose(cell)
    if "(" in text or "（" in text:
        text = ASIDE.sub(lambda m: " " * len(m.group()), text)
    values = quantities(text)
    if len(values) != 1:
        return None
    return values[0]
