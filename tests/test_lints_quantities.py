"""Quantities as RFCs state them (RFC330 to RFC335): numbers with units, ranges, bounds and
changes read with confidence or not at all, and the rules that compare them, on mistakes
and on natural writing of the hand-filled RFCs."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import document
from rfc_template.editions import edition_of
from rfc_template.lint.context import Context
from rfc_template.lint.registry import rules_by_code
from rfc_template.lints.quantities import claims_in, normal
from rfc_template.lints.quantities.claims import ABS, DELTA, DOWN, GE, LE, RATIO_OF, TRANSITION, UP
from rfc_template.lints.quantities.ranges import named_in_rest, outside, read_default, read_range
from rfc_template.lints.quantities.units import BYTES, COUNT, PERCENT, RATIO, TIME, quantities
from rfc_template.template import load_rules

TESTS = Path(__file__).resolve().parent
PROJECT = TESTS.parent
OFFLOAD = TESTS / "corpus" / "zh-optimizer-offload"
ULYSSES = PROJECT / "examples" / "ulysses-sequence-parallel"
HAND_FILLED = sorted(
    p.parent
    for pattern in ("tests/corpus/*/rfc.md", "tests/precision/*/rfc.md", "examples/*/rfc.md")
    for p in PROJECT.glob(pattern)
)
CODES = [f"RFC33{n}" for n in range(6)]


def findings(text: str, folder: Path = OFFLOAD) -> list:
    """This family's findings on `text`, as `rfc check --stage review` reports them."""
    doc = document.parse(text)
    ctx = Context(doc, edition_of(doc), load_rules(), folder / "rfc.md", requested_stage="review")
    return sorted(f for code in CODES for f in rules_by_code()[code].check(ctx))


def offload_line(start: str) -> str:
    """The line of the offload RFC that starts with `start` (`- 目标指标：`, `| 性能劣化 |`)."""
    return next(line for line in (OFFLOAD / "rfc.md").read_text(encoding="utf-8").split("\n") if line.startswith(start))


def edited(folder: Path, old: str, new: str) -> tuple[str, int]:
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return text.replace(old, new), text[: text.index(old)].count("\n") + 1


# --- numbers and units ---------------------------------------------------------------


@pytest.mark.parametrize(
    "text, number, dim, low",
    [
        ("6.81 s", 6.81, TIME, 6.81),
        ("2 h 20 min", 2, TIME, 8400),
        ("9 min 40 s", 9, TIME, 580),
        ("10,900 ms/step", 10900, TIME, 10.9),
        ("30 分钟", 30, TIME, 1800),
        ("74.2 GB/卡", 74.2, BYTES, 74.2e9),
        ("60 GiB", 60, BYTES, 60 * 2**30),
        ("12.3 GB / rank", 12.3, BYTES, 12.3e9),
        ("38.5%", 38.5, PERCENT, 38.5),
        ("1.12×", 1.12, RATIO, 1.12),
        ("1.5 倍", 1.5, RATIO, 1.5),
        ("128K", 128, COUNT, 128e3),
        # a rate in thousands keeps its unit (met in held-back round 7: `228k tokens/s`)
        ("228k tokens/s", 228, "rate:tokens", 228e3),
        ("1.2M tokens/s", 1.2, "rate:tokens", 1.2e6),
    ],
)
def test_a_quantity_is_read_as_written(text, number, dim, low):
    (quantity,) = quantities(normal(text))
    assert (quantity.number, quantity.dim) == (number, dim)
    assert quantity.low == pytest.approx(low)


def test_a_models_size_before_a_rate_is_no_rate_of_billions():
    assert quantities(normal("Qwen 7B tokens/s 提升 10%"))[0].dim == COUNT


@pytest.mark.parametrize(
    "text, bare",
    [
        ("当前指标：PT 后端 step time 4.6、吞吐约 228k tokens/s", "4.6"),  # from held-back set 7
        ("step time 分别为 6.95、7.60 s", None),  # one unit for both
        ("step time 分别为 6.95、约 7.60 s。", None),
        ("step time 分别为 6.95、 7.60 s", None),
        ("step time 6.81、~7.42 s", None),
        # (held-back round 15) an aside of another number after it; not its unit in brackets
        ("step time 96.0 (65,536 tokens per card per step)", "96.0"),
        ("step time 96.0 s (65,536 tokens per card per step)", None),
        ("step time 6.81 (s)", None),
        # (session 41, from held-back rounds 14, 18, 22) whose the metric is, between it and its
        # value; a stage's number is no value of it; the capacity after `out of`
        ("peak memory per rank 57.6.", "57.6"),
        ("peak memory per rank 57.6 GiB.", None),
        ("Peak memory on stage 0, the fullest stage, is 60.0 per card.", "60.0"),
        ("Peak memory on stage 0, the fullest stage, is 60.0 GiB per card.", None),
        ("Peak device memory is 57.8 per NPU out of 64.", "57.8"),
        ("Peak device memory is 57.8 GiB per NPU out of 64 GiB.", None),
    ],
)
def test_a_bare_number_before_another_item_has_no_unit(text, bare):
    from rfc_template.lints.quantities.rfc331_number_without_unit import bare_after_metric

    found = bare_after_metric(normal(text))
    assert (found[1] if found else None) == bare


@pytest.mark.parametrize(
    "goal, vague",
    [
        ("2. 在 Llama2-13B、8 卡场景下：卡间负载不均衡度从 1.85 降到 ≤ 1.15；峰值显存明显下降。", True),
        ("2. 在 Llama2-13B、8 卡场景下显著降低峰值显存，目标 <= 56.2，并保持 step time 不变。", False),
        ("2. Noticeably lower step time in the Llama3-8B 8 × H100 scenario, at most 18.4 on PT.", False),
        # (held-back round 24) a clause that names the quantity in a label and holds another's number
        ("3. 性能 / 显存目标：step time 劣化 ≤ 1%；每卡峰值显存增量尽量小。", True),
        ("3. 性能 / 显存目标：step time 劣化 ≤ 1%；每卡峰值显存增量 ≤ 1 MiB。", False),
        ("3. 显存目标：峰值显存明显下降，≤ 30 GB，step time 劣化 ≤ 1%。", False),
        # (held-back round 26) as little affected as it can be: no number
        ("- 后台落盘期间的 step time 尽量不受影响。", True),
        ("- 后台落盘期间的 step time 不受影响（≤ 5.10 s）。", False),
        # (held-back round 27) kept so with no number
        ("3. Memory: peak memory stays acceptable in the same scenario.", True),
        ("3. Memory: peak memory stays within 60 GB per device in the same scenario.", False),
    ],
)
def test_a_bound_with_no_unit_is_the_goals_within_its_part_of_the_sentence(goal, vague):
    from rfc_template.lints.quantities.rfc332_goal_without_number import vague_goal

    assert bool(vague_goal(normal(goal))) is vague


def test_a_size_is_either_reading_and_a_rate_keeps_its_items():
    (gb,) = quantities("1 GB")
    assert (gb.low, gb.high) == (1e9, 2**30)
    (per_gpu,) = quantities("941 tokens/s per GPU")
    (total,) = quantities("13,470 tokens/s")
    assert per_gpu.dim == "rate:tokens/device" and total.dim == "rate:tokens"


@pytest.mark.parametrize("text", ["Llama2-13B", "PP4", "1F1B", "fp32", "Qwen2.5-32B", "2026-08", "v2", "A100", "bf16"])
def test_names_and_dates_hold_no_number(text):
    assert quantities(normal(text)) == ()


def test_a_count_of_cards_is_no_ratio():
    assert [q.dim for q in quantities(normal("8×A100 80GB"))] == [COUNT, BYTES]


# --- 5.1's ranges ----------------------------------------------------------------------


@pytest.mark.parametrize(
    "valid, default, out",
    [
        ("16 ~ 4096", "256", False),
        ("16 ~ 4096", "8192", True),
        ("16–4096", "8192", True),
        ("1 to 64; must divide the world size", "128", True),
        # what follows `的` narrows a two-sided range (held-back round 10)
        ("32 ~ 1024 之间的 2 的幂，且整除 hidden_size", "128", False),
        ("256 ~ 1024 之间的 2 的幂，且整除 hidden_size", "128", True),
        ("[32, 1024] 内的 2 的幂", "2048", True),
        ("[1, 8]", "0", True),
        ("(0, 1]", "0", True),
        ("(0, 1]", "1", False),
        ("0 < ratio <= 1.0", "1.5", True),
        ("> 0", "0", True),
        (">= 0.0; 0.0 turns the aux loss off", "-0.01", True),
        ("正整数", "0", True),
        ("正整数", "0.5", True),
        ("非负整数", "0", False),
        ("True / False", "True", False),
        ("True / False", '"auto"', True),
        ('"alltoall", "allgather"', '"a2a"', True),
        ('"1f1b"、"interleaved_1f1b"，大小写不敏感', '"1F1B"', False),
        ('"raise"：抛 CheckpointSaveError；"warn"：打 WARNING 日志', '"ignore"', True),
        ("1 / 2 / 4 / 8", "3", True),
        # (held-back round 12) a list said to be one of, and infinity among numbers
        ("1、2、4、8 之一", "16", True),
        ("1、2、4、8 之一", "8", False),
        ('2.0 or `float("inf")`', "1.0", True),
        ('2.0 or `float("inf")`', 'float("inf")', False),
        ("2.0 / inf", "math.inf", False),
        ("64 MB ~ 1 GB", "256 MB", False),
        ("64 MB ~ 1 GB", "2 GB", True),
        ("64 MB ~ 1 GB", "1000 MB", False),
        ("1K ~ 64K", "4096", False),
        ("1K ~ 64K", "128K", True),
        ("None, or a float in (0, 64]", "128", True),
        ("None, or a float in (0, 64]", "None", False),
        ("16 ~ 4096", "`1 << 20`", True),
        # one more value a program can read: outside both, or that one
        ('> 0, or `float("inf")`', "0.0", True),
        ('> 0, or `float("inf")`', "-1", True),
        ('> 0, or `float("inf")`', "2.0", False),
        ("1 ~ 8, or None", "0", True),
        ("1 ~ 8，或 -1 自动", "0", True),
        ("1 ~ 8，或 -1 自动", "-1", False),
        ("True / False", "2", True),
        ("True / False", "1", False),  # passes as a bool
        # a condition that narrows (`整除`, `相等` are no `除` or `等`), a count's noun
        ("1 ~ 8，且序列长度能被 TP 大小 × num_chunks 整除", "12", True),
        ("1 ~ 8，且与 dp 相等", "12", True),
        ("0 ~ 100 steps", "200", True),
        ("0 ~ 10000 steps", "200", False),
        ("1 ~ 8 层", "12", True),
        # a sequence of the listed strings
        ('Non-empty subset of `"softmax"`, `"dropout"`', '("softmax", "scale")', True),
        ('Non-empty subset of `"softmax"`, `"dropout"`', '("dropout",)', False),
        ('"all_to_all"、"all_gather" 的非空子集', '["all_to_all", "ring"]', True),
        ('"all_to_all"、"all_gather" 的非空子集', '["all_gather"]', False),
        # (held-back round 18) what narrows the range said before it
        ("power of two, 32 ~ 128", "16", True),
        ("power of two, 1 ~ 128", "16", False),
        ("8 的倍数，64 ~ 4096", "8192", True),
        # and what it narrows to, where a number is written (held-back round 19)
        ("16 ~ 1024，且为 16 的倍数", "200", True),
        ("16 ~ 1024，且为 16 的倍数", "256", False),
        ("8 ~ 64, multiple of 8.", "12", True),
        ("power of two, 1 ~ 128", "48", True),
        ("[32, 1024] 内的 2 的幂", "96", True),
        ("4,096-65,536 tokens, multiple of 2 × cp_size", "5000", False),  # no number alone
        ("64 MB ~ 1 GB, multiple of 64 MB", "96 MB", False),  # a value with a unit is not judged
        # (held-back round 21) a lower bound that is another parameter: the upper still holds
        ("pp_size ≤ n ≤ 512", "1024", True),
        ("pp_size ≤ n ≤ 512", "32", False),
        ("pp_size ≤ n < 512", "512", True),
        # (a review) narrowing that is negated, advised or conditional, or of another parameter
        ("1 to 1024; not required to be a power of two", "96", False),
        ("1 to 10000, ideally a multiple of 100 for tidy logs", "50", False),
        ("16 ~ 1024，通常取 2 的幂", "96", False),
        ("1 ~ 8192，为 128 的倍数时走对齐路径", "100", False),
        ("1 ~ 16, world_size must be a multiple of 8", "3", False),
        # (session 41, from held-back rounds 15, 20, 22) a bracketed interval's unit after it, and
        # a bound named, not written: the other bound still holds
        ("(0, 168) h", "168 h", True),  # (a bare 168.0 is read in the name's unit: `mtbf_window_h`)
        ("(0, 720] h", "168 h", False),
        ("[1, 8] GiB", "16 GiB", True),
        ("[1, world_size // ep_size] 中能整除 world_size // ep_size 的值", "-1", True),
        ("[1, world_size // ep_size] 中能整除 world_size // ep_size 的值", "4", False),
        ("(0, num_layers)", "64", False),
        ("[pp_size, 512]", "1024", True),
        # (held-back round 24) a parameter's symbol in the range, the largest int32, a power in Python
        ("0 ≤ μ < 0.9", "0.95", True),
        ("0 ≤ μ < 1", "0.95", False),
        ("0 ~ 2^31 − 1", "2**32", True),
        ("0 ~ 2**31 - 1", "2147483647", False),
        ("1 ~ 16", "2 ** 4", False),
        ("1 ~ 16", "**2**5**", True),  # (bold around a power)
        ("1 ~ 8", "**64**", True),
        # (held-back round 25's author, writing the base RFC) a bound in thousands before a comma
        ("2,048 – 262,144, and a multiple of 2 × cp_size", "32768", False),
        ("2,048 – 262,144, and a multiple of 2 × cp_size", "524288", True),
    ],
)
def test_a_default_is_judged_against_a_range_that_can_be_read(valid, default, out):
    allowed, value = read_range(valid), read_default(default)
    assert allowed is not None and value is not None
    assert (outside(value, allowed) and not named_in_rest(value, allowed.rest)) is out


@pytest.mark.parametrize(
    "valid, default",
    [
        ("≥ 0，-1 表示不限", "-1"),  # the rest names the value
        ("1 ~ 8；PP 时为 1", "0"),  # a condition with a value of its own
        ("> 0, or a callable returning the order", "-1"),  # an alternative that cannot be read
        ("1, 2, 4, 8, ...", "16"),  # a list that goes on
    ],
)
def test_a_range_that_may_allow_more_says_nothing(valid, default):
    allowed, value = read_range(valid), read_default(default)
    assert allowed is None or value is None or not outside(value, allowed) or named_in_rest(value, allowed.rest)


@pytest.mark.parametrize(
    "valid",
    [
        "1f1b 时只能为 1；interleaved 时 2 ~ 8",
        ">= dp × micro_batch_size",
        "1 ~ world_size",
        "None 时取参数 DTensor 的 mesh",
        "A non-empty tuple",
        "2 的幂",
        "int ≥ 1",
    ],
)
def test_a_range_in_prose_is_not_read(valid):
    allowed = read_range(valid)
    value = read_default("3")
    assert allowed is None or not outside(value, allowed)


def test_a_bare_default_takes_the_unit_of_the_parameters_name():
    allowed = read_range("64 MB ~ 1 GB")
    assert not outside(read_default("256"), allowed, "")  # no unit known: nothing said
    assert outside(read_default("2048"), allowed, "MB")
    assert not outside(read_default("256"), allowed, "MB")


# --- what a text claims --------------------------------------------------------------


def test_claims_read_bounds_changes_and_transitions():
    claims = claims_in(normal("step time <= 5.79 s（下降 >= 15%），峰值显存增加 <= 2 GB/卡"))
    kinds = [(c.metric.key, c.kind, c.op, c.change) for c in claims]
    assert kinds == [("step time", ABS, LE, ""), ("step time", DELTA, GE, DOWN), ("memory", DELTA, LE, UP)]
    (transition, delta) = claims_in(normal("step time from 4.86 s to 3.89 s or less (at least 20% lower)"))
    assert transition.kind == TRANSITION and transition.direction == DOWN and delta.direction == DOWN
    (ratio,) = claims_in(normal("加载耗时不超过同切分加载的 1.5 倍"))
    assert (ratio.kind, ratio.op, ratio.metric.key) == (RATIO_OF, LE, "load time")


def test_a_number_belongs_to_the_backend_before_it():
    claims = claims_in(normal("恢复耗时 PT <= 25 min、MS <= 32 min"))
    assert [(c.backend, c.quantity.number) for c in claims] == [("PT", 25), ("MS", 32)]
    assert {c.backend for c in claims_in(normal("PT 和 MS 都达到 step time <= 5 s"))} == {""}


@pytest.mark.parametrize(
    "text, change",
    [
        ("extra peak ≤ 16 MB", UP),
        ("额外显存 ≤ 2 GB", UP),
        ("additional memory of at most 16 MB", UP),
        # after another metric's value, an amount that names its own metric after it
        ("a clipping overhead of ≤ 5 ms per step and ≤ 16 MB of extra peak device memory", UP),
        ("peak memory ≤ 60 GB", ""),
        ("PT 峰值显存 <= 56.2 GB 且不引入额外显存", ""),  # (found by a review) an addition said elsewhere
    ],
)
def test_an_extra_amount_is_a_change_not_the_whole(text, change):
    """(from held-back set 1) `extra peak ≤ 16 MB` limits what the feature adds, not the peak."""
    (claim,) = [c for c in claims_in(normal(text)) if c.quantity.dim == "bytes"]
    assert (claim.metric.key, claim.change) == ("memory", change)


def test_a_number_belongs_to_the_backend_named_right_after_it():
    # (met writing a held-back RFC: the MS target was read as PT's, and reported unlike 3.1's)
    claims = claims_in(
        normal(
            "the step time drops from 32.8 s to at most 24.0 s on PT (8 × A800) and from 36.0 s to at most 26.5 s on MS"
        )
    )
    assert [(c.backend, c.quantity.number) for c in claims] == [("PT", 24.0), ("MS", 26.5)]
    claims = claims_in(normal("峰值显存 61.3 GB（MS），74.2 GB（PT）"))
    assert [(c.backend, c.quantity.number) for c in claims] == [("MS", 61.3), ("PT", 74.2)]
    # a bracket that goes on to values is no backend of the value before it
    claims = claims_in(normal("step time 下降 >= 15%（PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 6.31 s）"))
    assert [(c.backend, c.quantity.number) for c in claims] == [("", 15), ("PT", 5.79), ("MS", 6.31)]
    assert {c.backend for c in claims_in(normal("step time <= 6.3 s on PT and MS"))} == {""}


# --- the rules on the hand-filled RFCs ------------------------------------------------


@pytest.mark.parametrize("folder", HAND_FILLED, ids=[f.name for f in HAND_FILLED])
def test_hand_filled_rfcs_have_no_finding(folder):
    assert findings((folder / "rfc.md").read_text(encoding="utf-8"), folder) == []


MISTAKES = [
    # (folder, find, replace, code)
    (OFFLOAD, "| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 8192 |", "RFC330"),
    (OFFLOAD, "| 16 ~ 4096 |", "| 512 ~ 4096 |", "RFC330"),
    (OFFLOAD, "bucket_size_mb=256)\n", "bucket_size_mb=8192)\n", "RFC330"),
    (OFFLOAD, "| 6.81 s / 74.2 GB | 预估 5.72 s / 71.8 GB |", "| 6.81 / 74.2 | 预估 5.72 s / 71.8 GB |", "RFC331"),
    (OFFLOAD, "step time 6.81 s，峰值显存 74.2 GB/卡", "step time 6.81，峰值显存 74.2 GB/卡", "RFC331"),
    (
        OFFLOAD,
        "达到峰值显存下降 >= 18 GB/卡、改用选择性重计算后 step time 下降 >= 15% 的性能 / 显存目标。",
        "显著降低峰值显存，并明显缩短 step time。",
        "RFC332",
    ),
    (OFFLOAD, "（PT 74.2 GB → <= 56.2 GB）", "（PT 74.2 GB → <= 92.2 GB）", "RFC333"),
    (OFFLOAD, "（PT <= 5.79 s，MS <= 6.31 s）", "（PT <= 7.83 s，MS <= 8.53 s）", "RFC333"),
    (
        OFFLOAD,
        "| step time <= 6.31 s（下降 >= 15%），不 OOM |",
        "| step time >= 6.31 s（下降 >= 15%），不 OOM |",
        "RFC333",
    ),
    (
        OFFLOAD,
        "| 峰值显存下降 >= 18 GB，step time 增加 <= 12% |",
        "| 峰值显存下降 >= 12 GB，step time 增加 <= 12% |",
        "RFC334",
    ),
    (ULYSSES, "Step time <= 27.8 s and peak memory <= 45 GB", "Step time <= 29.5 s and peak memory <= 45 GB", "RFC334"),
    # a bare value followed by whose it is, or after a rank's name
    (OFFLOAD, "step time 6.81 s，峰值显存 74.2 GB/卡", "step time 6.81 s，峰值显存 74.2/卡", "RFC331"),
    (OFFLOAD, "| 6.81 s / 74.2 GB |", "| 6.81 s / rank-0 peak 74.2 |", "RFC331"),
    (OFFLOAD, "每步多搬约 39 GB", "每步多搬约 2 × 19.5 ≈ 45 GB", "RFC335"),
    (
        OFFLOAD,
        "峰值显存 61.3 GB/卡。",
        "峰值显存 61.3 GB/卡。PT 的 74.2 GB/卡由参数 3.3 GB、梯度 3.3 GB、优化器状态 19.5 GB、激活 42.6 GB 和其他 9.5 GB 组成。",
        "RFC335",
    ),
]


@pytest.mark.parametrize("folder, old, new, code", MISTAKES, ids=[f"{m[3]}:{m[2][:30]}" for m in MISTAKES])
def test_a_mistake_of_meaning_is_caught_at_its_line(folder, old, new, code):
    text, line = edited(folder, old, new)
    found = [f for f in findings(text, folder) if f.code == code]
    assert found and any(f.line == line or f"line {line}" in f.message for f in found), found


@pytest.mark.parametrize(
    "target, wrong", [("step time <= 7.20 s（下降 >= 15%）", True), ("step time <= 5.79 s（下降 >= 15%）", False)]
)
def test_a_target_of_no_backend_is_held_to_the_current_value_of_the_one_named(target, wrong):
    """(met in a held-back RFC) the current value said of one backend (`PT 后端，…：step time
    8.00 s`), the target of none: the target is that scenario's."""
    text = (OFFLOAD / "rfc.md").read_text(encoding="utf-8")
    lines = text.split("\n")
    at = next(i for i, line in enumerate(lines) if line.startswith("- 当前指标："))
    lines[at] = "- 当前指标：PT 后端，Llama2-13B、8×A100 80GB、seq 4096：step time 6.81 s，峰值显存 74.2 GB/卡。"
    lines[at + 1] = f"- 目标指标：{target}。"
    found = [f for f in findings("\n".join(lines)) if f.code == "RFC333" and f.line == at + 2]
    assert bool(found) is wrong, found


VARIATIONS = [
    (OFFLOAD, "| 16 ~ 4096 |", "| 16 MB ~ 4 GB |"),
    (OFFLOAD, "| 16 ~ 4096 |", "| [16, 4096]，须为 16 的整数倍 |"),
    (OFFLOAD, "| 0 < ratio <= 1.0 |", "| (0, 1] |"),
    (OFFLOAD, "offload_ratio=1.0, bucket_size_mb=256)", "offload_ratio=0.5, bucket_size_mb=512)"),
    (OFFLOAD, "每卡约 19.5 GB", "每卡约 18.2 GiB"),
    (
        OFFLOAD,
        "step time 6.81 s，峰值显存 74.2 GB/卡",
        "step time 6.81 s（第 20 到 60 步的中位数，3 次复测），峰值显存 74.2 GB/卡",
    ),
    (OFFLOAD, "step time 多出约 30%", "step time 约为选择性重计算时的 1.3×"),
    (
        OFFLOAD,
        "step time 下降 >= 15%（PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 6.31 s）",
        "step time 下降 >= 15%：PT 从 6.81 s 降到 5.79 s 以下，MS 从 7.42 s 降到 6.31 s 以下",
    ),
    (
        OFFLOAD,
        "| step time <= 6.31 s（下降 >= 15%），不 OOM |",
        "| step time 不超过 6.31 s（较基线 7.42 s 下降 15% 以上），不 OOM |",
    ),
    (OFFLOAD, "| step time <= 6.31 s（下降 >= 15%），不 OOM |", "| step time <= 6310 ms（下降 >= 15%），不 OOM |"),
    (OFFLOAD, "| 峰值显存下降 >= 18 GB，step time 增加 <= 12% |", "| 峰值显存下降 >= 18.5 GB，step time 增加 <= 12% |"),
    (OFFLOAD, "每步多搬约 39 GB", "每步多搬约 2 × 19.5 ≈ 39 GB"),
    (
        OFFLOAD,
        "峰值显存 61.3 GB/卡。",
        "峰值显存 61.3 GB/卡。PT 的 74.2 GB/卡由参数 3.3 GB、梯度 3.3 GB、优化器状态 19.5 GB、激活 38.6 GB 和其他 9.5 GB 组成。",
    ),
    (OFFLOAD, "| 预估 6.25 s / 60.1 GB |", "| 预估 6.25 s / 62.0 GB |"),
    (OFFLOAD, "step time 6.81 s，峰值显存 74.2 GB/卡", "step time 6.81 s，峰值显存 74.2 GB 每卡"),
    (OFFLOAD, "| 6.81 s / 74.2 GB |", "| 6.81 s / rank-0 peak 74.2 GB |"),
    # a gain's breakdown: a part that adds beside the net gain (tests/precision/zh-async-tensor-parallel)
    (
        OFFLOAD,
        "同场景峰值显存下降 >= 18 GB/卡（PT 74.2 GB → <= 56.2 GB）",
        "同场景峰值显存下降 >= 18 GB/卡：卸载优化器状态节省 19.5 GB，换入缓冲增加 1.5 GB（PT 74.2 GB → <= 56.2 GB）",
    ),
    (
        ULYSSES,
        "Step time <= 2.71 s and peak memory <= 41.7 GB",
        "No regression: step time at most 2.71 s, peak memory up to 0.5 GB higher",
    ),
    (ULYSSES, "is 18% slower", "is 18% slower (attention 52%, all-to-all 30%, other 18% of the step time)"),
    # values split at `and`, a thousands separator kept in its number
    (ULYSSES, "Step time <= 2.71 s and peak memory <= 41.7 GB", "Step time <= 2,710 ms and peak memory <= 41.7 GB"),
]


@pytest.mark.parametrize("folder, old, new", VARIATIONS, ids=[v[2][:40] for v in VARIATIONS])
def test_a_natural_variation_is_quiet(folder, old, new):
    text, _ = edited(folder, old, new)
    assert findings(text, folder) == []


ALIASED = ("| bucket_size_mb | int | 256 |", "| bucket_size_mb（`optimizer.offload.bucket_size_mb`） | int | 256 |")
EXAMPLE_CALL = "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)\n"


@pytest.mark.parametrize(
    "example, caught",
    [
        (EXAMPLE_CALL, False),
        (EXAMPLE_CALL.replace("=256", "=8192"), True),  # the parameter, by its name
        # the configuration key the table names beside it, set as an attribute
        ("config.optimizer.offload.bucket_size_mb = 8192\n" + EXAMPLE_CALL.replace(", bucket_size_mb=256", ""), True),
        ("config.optimizer.offload.bucket_size_mb = 512\n" + EXAMPLE_CALL.replace(", bucket_size_mb=256", ""), False),
    ],
)
def test_a_parameter_is_known_by_its_configuration_key_too(example, caught):
    text = (OFFLOAD / "rfc.md").read_text(encoding="utf-8").replace(*ALIASED).replace(EXAMPLE_CALL, example)
    line = text[: text.index(example)].count("\n") + 1
    found = findings(text, OFFLOAD)
    assert [f.line for f in found if f.code == "RFC330"] == ([line] if caught else []), found
    assert not [f for f in found if f.code != "RFC330"]


REGRESSION_ROW = "step time 增加约 10%（PT 6.81 s → 7.52 s）"


@pytest.mark.parametrize("criterion, weaker", [("step time 增加 <= 12% |", False), ("step time 增加 <= 20% |", True)])
def test_a_regression_limit_in_8_binds_the_pass_criterion(criterion, weaker):
    """8's 性能劣化 row states a limit (`step time 增加 <= 12%`): a 9.3 criterion allowing more is weaker."""
    text = (OFFLOAD / "rfc.md").read_text(encoding="utf-8")
    text = text.replace(REGRESSION_ROW, "step time 增加 <= 12%（PT 6.81 s → 7.52 s）")
    text = text.replace("step time 增加 <= 12% |", criterion)
    line = text[: text.index(criterion)].count("\n") + 1
    found = [f for f in findings(text, OFFLOAD) if f.code == "RFC334"]
    assert [f.line for f in found] == ([line] if weaker else []), found


INTERLEAVED = TESTS / "precision" / "en-pp-interleaved-schedule"
GOAL_AT_V = "≤ 15.0 s at v = 5 (≥ 9 % throughput gain) and ≤ 15.5 s at v = 2"
GAIN_AT_V = "≤ 15.0 s at v = 5 (≥ 9 % throughput) and ≤ 15.5 s at v = 2"


@pytest.mark.parametrize(
    "gain, finding",
    [
        (GAIN_AT_V, False),
        (GAIN_AT_V.replace("15.5 s at v = 2", "15.8 s at v = 2"), True),  # the v = 2 target, unlike 3.1's
        (GAIN_AT_V.replace("15.0 s at v = 5", "14.5 s at v = 5"), True),
        ("≤ 15.5 s at v = 2 and ≤ 15.0 s at v = 5 (≥ 9 % throughput)", False),  # the same, in another order
    ],
)
def test_values_stated_at_a_setting_are_compared_at_that_setting(gain, finding):
    """3.1 and 8 each state a step time at v = 5 and at v = 2: each is paired with its own."""
    text = (INTERLEAVED / "rfc.md").read_text(encoding="utf-8")
    assert GOAL_AT_V in text and GAIN_AT_V in text
    text = text.replace(GAIN_AT_V, gain)
    line = text[: text.index(gain)].count("\n") + 1
    found = [f for f in findings(text, INTERLEAVED) if f.code == "RFC334"]
    assert [f.line for f in found] == ([line] if finding else []), found


DEFAULTS = {"prefetch_buckets": 2.0, "bucket_size_mb": 256.0, "max_inflight_buckets": 2.0, "num_layers": 32.0}


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("device 缓冲池大小为 (prefetch_buckets + 2) × bucket_size_mb，默认 1 GB", False),
        ("device 缓冲池大小为 (prefetch_buckets + 2) × bucket_size_mb，默认 512 MB", True),
        ("device 缓冲池大小为 (prefetch_buckets + 2) × bucket_size_mb，默认约 1,024 MB", False),
        ("the pool holds max_inflight_buckets × bucket_size_mb (by default 512 MB)", False),
        ("the pool holds max_inflight_buckets × bucket_size_mb (by default 2 GB)", True),
        ("the pool holds max_inflight_buckets × bucket_size_mb, by default 0.5 GiB", False),
        # not read: a name that is no parameter, a change of unit, a value in words
        ("unknown_buckets × bucket_size_mb，默认 512 MB", False),
        ("bucket_size_mb × prefetch_buckets × 2 / 1024，默认 8 GB", False),
        # (found by a review) a factor before the names, a value worked out after 默认
        ("共 32 层 × bucket_size_mb × prefetch_buckets（默认 16 GB）", False),
        ("prefetch_buckets × bucket_size_mb，默认 256 MB × 2 = 512 MB", False),
        ("num_layers × 2，默认 60 层", False),
    ],
)
def test_a_formula_of_parameters_is_checked_at_their_defaults(text, wrong):
    from rfc_template.lints.quantities.formulas import formula_messages

    assert bool(formula_messages(normal(text), DEFAULTS)) is wrong


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("256 × Ascend 910B in 32 nodes, TP=8 inside a node, PP=8 across nodes, DP=4, seq_len 8192", False),
        ("256 × Ascend 910B in 32 nodes, TP=8 inside a node, PP=8 across nodes, DP=8, seq_len 8192", True),
        ("| 70B, 256 × 910B, TP=8 / PP=8 / DP=4, m = 32 | 16.4 s |", False),
        ("| 70B, 256 × 910B, TP=8 / PP=8 / DP=2, m = 32 | 16.4 s |", True),
        ("64 卡，TP=8，PP=2，DP=4", False),
        ("64 卡，TP=8，PP=2，DP=2", True),
        # not read: no data-parallel degree, EP carved from DP, two card counts
        ("64 卡，TP=8，PP=2", False),
        ("64 卡，TP=8，EP=8，DP=2", False),
        ("64 cards or 32 cards, TP=8, DP=2", False),
        # (found by a review) FSDP2 is a name, not a degree; a node's cards are not the job's
        ("Level1: FSDP2 + TP=2 on 16 GPUs", False),
        ("每节点 8 卡，TP=8，DP=4，共 4 个节点", False),
        ("8 ranks per node, TP=8, DP=2", False),
        ("Cluster: 4 nodes × 8 × A100, TP=8, DP=4", False),
        ("DP=4 × 2 nodes of 8 GPUs, TP=8", False),
    ],
)
def test_a_layout_named_degree_by_degree_is_its_card_count(text, wrong):
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import arithmetic

    assert bool(arithmetic(normal(text))) is wrong


def test_a_copy_with_another_head_is_placed_at_its_own_lines():
    """Findings kept by text (copies of one RFC are read once) follow each copy's head."""
    text, line = edited(OFFLOAD, "| 6.81 s / 74.2 GB |", "| 6.81 / 74.2 |")
    first = [f for f in findings(text) if f.code == "RFC331"]
    longer = text.replace("# 优化器状态 offload 到 host 内存\n", "# 优化器状态 offload 到 host 内存\n\n> 草案\n", 1)
    second = [f for f in findings(longer) if f.code == "RFC331"]
    assert [f.line for f in first] == [line] and [f.line for f in second] == [line + 2]


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("预估 21 min（检测 1 min + rendezvous 2 min + 启动 3 min + 加载 14.5 min）", False),  # 20.5: rounding
        ("预估 21 min（检测 1 min + rendezvous 2 min + 启动 3 min + 加载 18.5 min）", True),
        # (held-back rounds 12 and 13) an equation in one unit worked to a tenth; a part's words
        ("3 GB local shard + 3 GB buddy replica + 0.5 GB staging = 6 GB", True),
        ("3 GB local shard + 3 GB buddy replica + 0.5 GB staging = 6.5 GB", False),
        ("1 GB + 2.5 GB = 3.5 GB", False),
        ("0.33 GB + 0.33 GB + 0.33 GB = 1 GB", False),  # rounding at the parts' own precision
        ("500 MiB + 501 MiB = 1 GiB", False),  # another unit: rounded
        ("30 s heartbeat + 45 s group rebuild + 15 s reshard + 240 s recompile from the compile cache = 270 s", True),
        ("250.5 MiB for the gathered bf16 buffer + 501 MiB for the squared temporary = 1,002 MiB", True),
        ("2 GB + 3 GB with bucket size = 256 MB", False),  # the `=` of a clause of its own
        # (held-back round 14) a difference with sums in it, each part named in brackets
        ("step time：8.0 s − 2.0 s（原暴露通信）+ 0.3 s（fp8 后的暴露通信）+ 0.1 s（量化）= 6.4 s", False),
        ("step time：8.0 s − 2.0 s（原暴露通信）+ 1.3 s（fp8 后的暴露通信）+ 0.1 s（量化）= 6.4 s", True),
        ("(24.0 − 19.5) / 24.0 = 18.75%", False),
        # (a review of session 39's readings) totals rounded to their own digit, counts that
        # multiply a part, a card count with a thousands separator, a setting after a sum
        ("激活 26.0 GiB + 通信缓冲 4.37 GiB = 30.4 GiB", False),
        ("参数 1.7 GB + 梯度 2.4 GB + 换入缓冲 0.96 GB = 5.1 GB", False),
        ("fp32 主权重 52 GB + 2 个动量各 52 GB = 156 GB", False),
        ("fp32 master weights 26 GB + 2 moments 26 GB each = 78 GB", False),
        ("activations 12 GB + 4 buffers of 0.5 GB = 14 GB", False),
        ("后续扩展目标为 1,024 卡（128 机 × 8 卡），本期不验证。", False),
        ("1,024 卡（64 机 × 8 卡）", True),
        ("staging buffers: 2 × 256 MB + 16 MB for bucket_size_mb = 256 MB.", False),
        # (held-back round 16's reviewer) a difference in brackets is a term, no aside
        ("核算：PT 14.4 − (2.60 − 1.00) + 0.20 = 13.0 s", False),
        # (held-back round 14's reviewer) a count in a part's name
        (
            "model states 19.0 GiB + activations of 8 micro-batches in flight 36.0 GiB + buffers 5.0 GiB = 60.0 GiB",
            False,
        ),
        (
            "model states 19.0 GiB + activations of 8 micro-batches in flight 36.0 GiB + buffers 5.0 GiB = 62.0 GiB",
            True,
        ),
        ("每次约 40 MB（4096 × 5120 × 2 字节）", False),  # 40 MiB
        ("16K × 32 × 128 × 2 bytes = 128 MiB", False),
        ("每步多搬约 2 × 19.5 ≈ 39 GB", False),
        ("每步多搬约 2 × 19.5 ≈ 45 GB", True),
        ("默认配置下约 2 × 256 MB + 0.4 GB ≈ 0.9 GB", False),  # a product that is a term of a sum
        ("32 卡（TP 4 × PP 2 × fsdp 4）", False),
        ("32 卡（TP 4 × PP 2 × fsdp 8）", True),
        # (held-back round 14) machines × cards per machine for a card count
        ("on 32 cards (2 nodes × 8 cards, 80 GB each)", True),
        ("on 32 cards (4 nodes × 8 cards, 80 GB each)", False),
        ("128 卡（16 机 × 8 卡/机）", False),
        ("8 卡（TP 2 × PP 2）", False),  # the data-parallel degree left unsaid
        ("(attention 31%, expert matmuls 27%, allgather and reduce-scatter 38%, other 12%)", True),
        ("(PT 95%, MS 93%, overall 94%)", False),  # no shares of one whole
        # a power as written (NFKC alone reads 10⁹ as 109), and a product that goes on past a word
        ("每卡约 13 GB（13 × 10⁹ 参数 × 8 B ÷ 8 卡）", False),  # tests/issues/zh-offload-optimizer-states.md
        ("每卡约 13 GB（13 × 10^9 × 8 B ÷ 8）", False),
        ("每卡约 13 GB（13 × 10⁹ × 8 B）", True),  # 104 GB; a product with ÷ in it is not read at all
        ("1 GiB (2^30 B)", False),
        # each part named after its amount, asides in brackets, a count times an amount as a part
        ("9.6 GB params (bf16) + 14.4 GB optimizer states (fp32, DP = 4) + 18.0 GB activations = 42.0 GB", False),
        ("9.6 GB params (bf16) + 14.4 GB optimizer states (fp32, DP = 4) + 20.0 GB activations = 42.0 GB", True),
        ("workspace 256 MiB + 双缓冲输出 2 × 64 MiB + 预留 128 MiB = 512 MiB", False),
        ("workspace 256 MiB + 双缓冲输出 2 × 96 MiB + 预留 128 MiB = 512 MiB", True),
        ("UT 24 cases + Level0 3 runs = 27", False),  # counts are not read
        # (found by a review) a `name = value` after the sum is no total of it
        ("activations 1.5 GB + comm buffers 0.5 GB with bucket size = 256 MB", False),
        ("激活 1.5 GB + 通信缓冲 0.5 GB 在 bucket 大小 = 256 MB 时", False),
        ("forward 2 s + backward 4 s at timeout = 30 s", False),
        # (met writing a held-back RFC) bytes written `B`, a count of something named, a chip's name
        ("fp32 logits 为 8192 × 152064 × 4 B = 4.64 GiB", False),
        ("fp32 logits 为 8192 × 152064 × 4 B = 4.2 GiB", True),
        ("每次 8192 × 4 B = 32 KiB", False),
        ("每次 8192 × 4 B = 64 KiB", True),
        ("单卡 logits 4.64 GiB（8192 × 152064 个元素，每个 4 字节）", False),
        ("训练配置为 TP=8、DP=4（32 × 910B）", False),
        ("world_size=32（8 × 8）", True),
        ("约 40 GB（4096 × 5120 × 2 字节）", True),  # a unit's slip (MB for GB) is no misreading
        # a change written beside its before and after (changes.py)
        ("峰值显存下降 >= 18 GB（74.2 GB → <= 56.2 GB）", False),
        ("峰值显存下降 >= 18 GB（74.2 GB → <= 60.2 GB）", True),
        ("step time 4.00 s → <= 3.20 s（下降 >= 20%）", False),
        ("step time 4.00 s → <= 3.50 s（下降 >= 20%）", True),
        ("step time 8.00 s → 6.40 s (25% faster)", False),  # a share of the after: the speed
        ("step time 下降 >= 15%（PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 6.31 s）", False),
        ("step time 下降 >= 15%（PT 6.81 s → <= 5.79 s，MS 7.42 s → <= 6.61 s）", True),
        ("PT 下降 >= 14%（1.92 s → <= 1.65 s）、MS 下降 >= 12%（2.31 s → <= 2.03 s）", False),
        ("每卡多占约 22.8 GB（3.25 GB → 26 GB），PT 峰值显存 38.4 GB → 约 61.2 GB；MS 33.8 GB → 约 56.6 GB", False),
        ("每卡多占约 22.8 GB（3.25 GB → 26 GB），PT 峰值显存 38.4 GB → 约 51.2 GB；MS 33.8 GB → 约 56.6 GB", True),
        ("+17.5 % at v = 5 (+4.0 GB, 39.6 GB → ≤ 44.0 GB)", False),  # a cap with room above the change
        # (held-back round 27) a change in brackets after its own before and after is theirs alone
        (
            "Peak per device 48 GB → 58 GB (+10 GB), limit 60 GB, model states 18 → 24 GB, "
            "activations 24 → 27 GB, buffers 6 → 7 GB",
            False,
        ),
        # (a newcomer's review) the change before its own, and parts named after it
        ("+10 GB per device (48 GB → 58 GB): model states 18 → 24 GB, activations 24 → 27 GB", False),
        ("每卡多占 2 GB 缓冲，峰值显存 70 GB → 50 GB", False),  # a change of one thing, values of another
        # (found by a review) read as no change, points, another scenario, a part, a term, no number
        ("暴露的通信时间 350 ms → 0 ms（-350 ms）", False),
        ("MFU 40% → 50%（+10%）", False),
        ("7B 模型 step time 8.00 s → 6.40 s（-20%），13B 模型 16.0 s → 13.6 s", False),
        ("显存 10 GB → 8 GB（-2 GB），其中 bucket 512 MB → 256 MB", False),
        ("D2H: 2 × 4 GB / 20 GB/s = 0.4 s", False),
        ("每卡约 1e309 GB（1e309 × 1 GB）", False),
        # (held-back round 28) what a factor counts, an aside with a part's own product, a total after the brackets
        ("前 20 层卸载（20 × 15 块 × 128 MiB = 30 GiB）", True),
        ("前 16 层卸载（16 × 15 块 × 128 MiB = 30 GiB）", False),
        ("2,048 tokens × 2048 × 2 bytes = 4 MiB", True),
        ("2,048 tokens × 2048 × 2 bytes = 8 MiB", False),
        ("52.4 GB + 0.9 GB re-route buffers (28 layers × 32 MiB) + 1.5 GB from adapted factors = 53.8 GB", True),
        ("52.4 GB + 0.9 GB re-route buffers (28 layers × 32 MiB) + 0.5 GB from adapted factors = 53.8 GB", False),
        ("优化器状态（主权重 6.5 GB + exp_avg 6.5 GB + exp_avg_sq 8.5 GB）共 19.5 GB/卡", True),
        ("优化器状态（主权重 6.5 GB + exp_avg 6.5 GB + exp_avg_sq 6.5 GB）共 19.5 GB/卡", False),
        ("发送量 101.1 GB（8 次 × 13.48 GB bf16 梯度 × (16 − 1)/16）", False),  # a factor not read: no total
        ("新增缓冲 824 KiB（通信缓冲 4 KiB × 2 个在途 micro-batch = 8 KiB，本地概率均值 8 KiB）", False),
        # (a newcomer's review) a unit or a multiplier after the number is no count's noun
        ("每块 2 字节 × 16,384 × 4,096 = 128 MiB", False),
        ("跨机 P2P 约为 1,860 毫秒 × 15 ≈ 27.9 s", False),
        ("数据加载每步读 1 万 × 4 KB = 40 MB", False),
        ("前 5 千步 × 0.5 s = 2500 s", False),
        # an aside that multiplies its part, a list left open, parts per card, brackets that are a term
        ("KV 8 MiB (×2 for send and receive) + index 1 MiB = 17 MiB", False),
        ("优化器状态（主权重 6.5 GB + exp_avg 6.5 GB 等）共 19.5 GB/卡", False),
        ("全机（每卡主权重 6.5 GB + exp_avg 6.5 GB + exp_avg_sq 6.5 GB）共 156 GB", False),
        ("基线 41.1 GiB +（本层 1.875 GiB + 预取 0.5 GiB）共 43.5 GiB", False),
        # a quotient with its result
        ("131,072 / 8 = 16,384 tokens per rank", False),
        ("131,072 / 8 = 32,768 tokens per rank", True),
        ("24 GB / 8 = 3 GB", False),
        ("吞吐 = 8192 / 3.2 ≈ 2560 tokens/s", False),
        ("7 / 39 = 17.9 %", False),
        ("7 / 39 = 27.9 %", True),
        ("4 GB / 2 GB/s = 2 s", False),
        ("a = 64 / 8 + 2 = 10", False),  # a term of a longer expression
        # a size over a bandwidth, given as a time (from held-back set 6)
        ("1.3 GiB ÷ 20 GB/s ≈ 70 ms", False),
        ("1.3 GiB ÷ 20 GB/s ≈ 45 ms", True),
        ("4 GB / 2 GB/s = 3 s", True),
        # a product with divisions (from held-back set 7), and what a review of it found
        ("2 × 7 / 8 × 0.04 GB = 0.07 GB", False),
        ("0.07 GB (2 × 7 / 8 × 0.4 GB)", True),
        ("228k / 200k × 100% = 114%", False),  # a divisor's k counts
        ("228k / 200k = 1.14", False),
        ("228k / 200k = 1.34", True),
        ("128K / 8 = 8K", True),
        ("DP × micro batch = 8 × 4 / 16 × 2 = 32（两种配置）", False),  # `/` for "or"
        ("1e199 × 1e199 / 2 × 0 GB = 0 GB", False),  # no number anyone measures
        ("2 × 19.5 GB ≈ 45 GB", True),  # a decimal with a unit rounds as little as one without
        # a number in a part's name; the rest of a sum whose head has arithmetic in brackets
        ("迁移 bf16 权重 2 B + fp32 主权重 4 B + Adam 两个状态 8 B = 14 B/参数", False),
        ("迁移 bf16 权重 2 B + fp32 主权重 4 B + Adam 两个状态 8 B = 17 B/参数", True),
        ("error buffers 1.86 GiB (1.0B × 2 bytes) + P / Q buffers 0.04 GiB + workspace 0.08 GiB = 1.98 GiB", False),
        # a node's cards beside the layout in its bracket (met writing held-back round 8)
        ("32 卡（DP 4 × TP 8，4 机 × 8 卡 Atlas 800T A2，单卡 64 GB HBM）上训练", False),
        ("16 卡（DP 4 × TP 8，4 机 × 8 卡）", True),
        # bare parts in the total's unit (held-back round 8)
        ("激活 40.0 + 12.0 + 0.75 + 1.0 + 2.25 = 56.0 GB", False),
        ("激活 40.0 + 12.0 + 0.75 + 1.0 + 2.25 = 55.0 GB", True),
    ],
)
def test_written_arithmetic_is_checked_with_rounding(text, wrong):
    from rfc_template.lints.quantities import prose
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import arithmetic

    assert bool(arithmetic(prose(text))) is wrong


@pytest.mark.parametrize(
    "text, keys",
    [
        ("rank-0 peak ≤ 46.0 GB", ["memory"]),
        ("pinned host staging memory per node ≤ 5 GB", ["host memory"]),  # (held-back round 10)
        ("token drop rate ≤ 1.0%", ["drop rate"]),  # (held-back round 11)
        ("padding ≤ 21%", ["padding"]),
        ("丢弃率从 2.4% 降到 ≤ 1.0%", ["drop rate"]),
        ("peak pinned host memory per node ≤ 6.5 GB", ["host memory"]),
        ("峰值 ≤ 58 GB", ["memory"]),
        ("peak throughput 300 tokens/s", ["throughput"]),  # a peak of something named
        ("单次保存阻塞从约 55 s 降到 ≤ 3 s", ["save time"]),
        ("用户怎么使用；当前阻塞点；完成后怎么验收", []),  # the template's own 阻塞点 is no time
        ("the peak season", []),
        # (held-back round 7) what a step sends over the network
        ("DP communication volume ≤ 0.1 GB per GPU per step", ["communication volume"]),
        ("DP traffic from 3.5 GB to ≤ 0.1 GB", ["communication volume"]),
        ("每 step 通信量 ≤ 0.1 GB", ["communication volume"]),
        ("通信时间 ≤ 2 s", ["communication time"]),
        ("通信量化后 loss 偏差 ≤ 0.01", []),  # quantization, not a volume
        # (held-back round 12) the communication left after overlap; clipping's time, named by its verb
        ("每 step 暴露通信从 3,050 ms 降到 ≤ 600 ms", ["exposed communication"]),
        ("exposed comm time ≤ 0.6 s", ["exposed communication"]),
        ("clipping from 385 ms to ≤ 3 ms", ["clipping time"]),
        ("clipping takes ≤ 3 ms per step", ["clipping time"]),
        ("extra peak memory during clipping ≤ 2 MiB", ["memory"]),  # when, not what
        ("AdamW，gradient clipping 1.0，warmup 2000 步", []),  # the max norm, no time (a review)
        ("≤ 6 GB of host DRAM per card", ["host memory"]),  # (held-back round 13)
        # (held-back round 15) a copy's own time is no step time; a migration's blocking
        ("exposed (not overlapped) PCIe copy time ≤ 0.5 s per step", ["copy time"]),
        ("单次迁移阻塞 ≤ 250 ms", ["save time"]),
    ],
)
def test_a_metric_is_named_as_engineers_name_it(text, keys):
    from rfc_template.lints.quantities.metrics import metrics_in

    assert [m.key for m in metrics_in(text)] == keys


STEP_PARTS = [
    ["TP linear GEMMs", "4.30 s", "2.69 s"],
    ["FP8 casts", "none", "0.25 s"],
    ["Attention", "1.35 s", "1.35 s"],
    ["Exposed TP communication", "0.95 s", "0.70 s"],
    ["Other", "1.40 s", "1.40 s"],
]


@pytest.mark.parametrize(
    "last, rows, wrong",
    [
        (["Step time", "8.00 s", "6.39 s"], STEP_PARTS, False),
        (["Step time", "8.00 s", "6.39 s"], [["TP linear GEMMs", "4.30 s", "2.96 s"], *STEP_PARTS[1:]], True),
        # no column adds up to the last row: it is no total, said nothing of
        (["Step time", "9.00 s", "7.39 s"], STEP_PARTS, False),
        (["合计", "8.00 s", "6.66 s"], STEP_PARTS, True),  # a row named a total is one
        # an aside in a part's cell (from held-back set 6)
        (["合计", "8.00 s", "6.39 s"], [["TP linear GEMMs", "4.30 s（20 层）", "2.69 s"], *STEP_PARTS[1:]], False),
        (["合计", "8.00 s", "6.39 s"], [["TP linear GEMMs", "4.80 s（20 层）", "2.69 s"], *STEP_PARTS[1:]], True),
    ],
)
def test_a_last_row_is_a_total_when_a_column_adds_up_to_it(last, rows, wrong):
    """(met in a held-back RFC: the breakdown of a step, its last row the step time)"""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import totals

    found = totals(["Part of the step", "BF16 today", "Estimate with FP8"], [*rows, last], 10)
    assert bool(found) is wrong, found
    if wrong:
        assert found[0][0] == 12 + len(rows) and f"(lines 12–{11 + len(rows)})" in found[0][1]


@pytest.mark.parametrize(
    "floor, baseline, wrong",
    [
        ("≥ 1150 tokens/s", "1203 tokens/s", True),  # below today's while the step time must fall
        ("≥ 1380 tokens/s", "1203 tokens/s", False),
        ("≥ 1150 tokens/s", "原生实现 1203 tokens/s", False),  # another run's baseline: another comparison
    ],
)
def test_a_row_that_continues_the_one_above_is_one_scenario(floor, baseline, wrong):
    """(from held-back set 5) `| PT, same | … | throughput | ≥ 3,461 tokens/s |` under a step time
    row of that scenario: the step time falls, so the throughput cannot."""
    old = "| PT，同上，保持全量重计算 | 74.2 GB / 6.81 s | 预估 55.6 GB / 7.52 s | peak memory / step time | 峰值显存下降 >= 18 GB，step time 增加 <= 12% |"
    new = f"| PT，同上 | {baseline} | 预估 1432 tokens/s | throughput | {floor} |"
    text, line = edited(OFFLOAD, old, new)
    found = [f for f in findings(text) if f.code == "RFC333" and f.line == line]
    assert bool(found) is wrong, found


@pytest.mark.parametrize(
    "target, wrong",
    [
        ("峰值显存 ≥ 56.2 GB/卡，step time <= 5.79 s", True),  # (from held-back set 5) memory from below
        ("峰值显存 ≤ 56.2 GB/卡，step time <= 5.79 s", False),
        ("峰值显存 ≤ 56.2 GB/卡，step time ≥ 5.79 s", True),
        ("峰值显存 ≤ 56.2 GB/卡（需要 host 内存 ≥ 104 GB）", False),  # a requirement, not a target
        ("对于 step time ≥ 10 s 的大模型场景，峰值显存 ≤ 56.2 GB/卡", False),  # a condition (found by a review)
    ],
)
def test_a_target_bounded_from_the_wrong_side(target, wrong):
    old = offload_line("- 目标指标：")
    text, line = edited(OFFLOAD, old, f"- 目标指标：{target}。")
    found = [f for f in findings(text) if f.code == "RFC333" and f.line == line]
    assert bool(found) is wrong, found


def test_a_rate_with_its_items_is_a_number_for_a_rate_goal():
    """(found by a review) `tokens/s` is a rate: `well above 1000 tokens/s` names its number."""
    from rfc_template.lints.quantities.rfc332_goal_without_number import vague_goal

    assert vague_goal("Throughput well above 1000 tokens/s per GPU.") == ""
    assert vague_goal("Improve the throughput to 1,200 tokens/s.") == ""
    assert vague_goal("Throughput well above the baseline.") != ""


BACKEND_TABLE = """| Metric | PT (torch_npu) | MS |
| --- | --- | --- |
| Step time | {pt} | 7.42 s |
| Data received per rank | 7.66 GB | 7.66 GB |
"""


@pytest.mark.parametrize(
    "pt, code",
    [("6.81 s", None), ("6.81", "RFC331"), ("6,810 ms", None), ("7.81 s", "RFC334")],
)
def test_a_background_table_of_figures_per_backend_is_read_cell_by_cell(pt, code):
    """(held-back round 12) section 2's current figures as a table, a column per backend."""
    old = offload_line("- 当前指标：")
    text, line = edited(
        OFFLOAD, old, "当前指标见下表（PT 在 A800 上，MS 在 Atlas 800T A2 上）：\n\n" + BACKEND_TABLE.format(pt=pt)
    )
    found = [f for f in findings(text) if f.line == line + 4]
    assert [f.code for f in found] == ([code] if code else []), found


def test_background_cells_name_their_backend_and_skip_targets():
    from rfc_template.lints.quantities import prose
    from rfc_template.lints.quantities.background_tables import current_cells

    doc = document.parse(
        "## 2. 背景\n\n| 指标 | 当前 | 目标 |\n| --- | --- | --- |\n| step time | 6.81 s | ≤ 5.79 s |\n"
        "| 说明 | 见 9.3 | - |\n\n" + BACKEND_TABLE.format(pt="6.81 s")
    )
    cells = list(current_cells(doc.tables, "2. 背景", prose))
    assert [(c.text, c.backend) for c in cells] == [
        ("step time 6.81 s", ""),
        ("Step time 6.81 s（PT）", "PT"),
        ("Step time 7.42 s（MS）", "MS"),
    ]


@pytest.mark.parametrize(
    "scenario, backend",
    [("Same, MS", "MS"), ("同上（MS）", "MS"), ("MS，同上", "MS"), ("Same setup, PT and MS", "")],
)
def test_a_row_like_the_one_above_is_of_the_backend_it_names(scenario, backend):
    """(held-back round 12) `| Same, MS |` under a PT row is MS's row."""
    from rfc_template.lints.quantities.backend_words import backend_of_scenario

    assert backend_of_scenario(f"{scenario} 70B, 256 NPUs, PT") == backend


def test_arithmetic_in_a_python_comment_is_read():
    """(held-back round 13) `# … (3 GB / 7 = 0.43 GB per card)` in 6.4's key logic."""
    old = "```python\ndef offload_optimizer_states("
    text, _ = edited(OFFLOAD, old, old.replace("\n", "\n# 每卡分到 3 GB / 7 = 0.34 GB\n"))
    assert any("0.34 GB" in f.message for f in findings(text) if f.code == "RFC335")
    text, _ = edited(OFFLOAD, old, old.replace("\n", "\n# 每卡分到 3 GB / 7 = 0.43 GB\n"))
    assert not [f for f in findings(text) if f.code == "RFC335"]


@pytest.mark.parametrize("memory, code", [("42.5 GiB", None), ("42.5", "RFC331")])
def test_a_background_table_with_a_column_per_metric_asks_each_figure_its_unit(memory, code):
    """(held-back round 13) `| 现有做法 | 问题 | step time | 吞吐 | 单卡峰值显存 |`: a row per way of
    doing it today, a column per metric."""
    table = (
        "| 现有做法 | 问题 | step time | 吞吐 | 单卡峰值显存 |\n| --- | --- | --- | --- | --- |\n"
        f"| 纯 Ring | kernel 利用率低 | 16.0 s | 16384 tokens/s | {memory} |\n"
    )
    old = "本 RFC 要解决的问题："
    text, line = edited(OFFLOAD, old, table + "\n" + old)
    found = [f for f in findings(text) if f.line == line + 2]
    assert [f.code for f in found] == ([code] if code else []), found


@pytest.mark.parametrize(
    "text, key",
    [
        ("snapshot memory ≤ 6 GB of host DRAM per card", "host memory"),  # what the value is of, said after it
        ("snapshot memory ≤ 6 GB of host DRAM and ≤ 0.5 GB of extra device memory", "memory"),
        ("3,034 tokens/s per GPU, 45% MFU", "MFU"),
    ],
)
def test_a_value_is_of_the_metric_its_of_phrase_names(text, key):
    """(held-back round 13)"""
    assert [c.metric.key for c in claims_in(normal(text)) if c.metric][-1] == key


@pytest.mark.parametrize(
    "goal, wrong",
    [
        ("throughput after the shrink to 56 cards ≤ 70,000 tokens/s", True),  # (held-back round 13)
        ("throughput after the shrink to 56 cards ≥ 70,000 tokens/s", False),
        ("raise the throughput by at most 5%", False),  # a change bounded, not the metric
        # (held-back round 19) `at or above` is an operator; a scene set far before it no condition
        ("reach the memory target on the same job: peak memory stays at or above 57.6 GiB per card", True),
        ("reach the memory target on the same job: peak memory stays at or below 57.6 GiB per card", False),
        ("on GPUs with at least 80 GB of memory, step time ≤ 4.0 s", False),
        ("bring the dispatcher to the jobs whose buffers today keep the peak memory at or above 62 GB", False),
        # (held-back round 22) a growth said not to happen, its subject named at length between
        ("do not let peak memory per rank grow by more than 0.4 GiB over the 57.6 GiB baseline", False),
        ("let peak memory per rank grow by more than 0.4 GiB", True),
    ],
)
def test_a_goal_bounded_from_the_wrong_side_after_an_event(goal, wrong):
    from rfc_template.lints.quantities import Statement
    from rfc_template.lints.quantities.rfc333_wrong_direction import _judge

    statement = Statement(5, normal(f"- {goal}."), "3.1")
    found = _judge(statement, claims_in(statement.text), "'3.1 Goals'", lambda metric, backend: None)
    assert bool(found) is wrong, found


@pytest.mark.parametrize(
    "goal, vague",
    [
        # (held-back round 13) no worse by an adverb alone, and small in a place
        ("3. 短序列下 step time 不明显慢于手工最优配置（纯 Ulysses u=8）。", True),
        ("3. 短序列下 step time 不比手工最优配置慢 2% 以上，即 ≤ 1.224 s。", False),
        ("3. 短序列下 step time 不慢于手工最优配置。", False),  # set by something named
        ("3. The step time is not noticeably slower than the hand-tuned layout.", True),
        ("- keep the snapshot memory small in host DRAM and on the device;", True),
        ("- keep the snapshot memory ≤ 6 GB in host DRAM;", False),
        ("3. 在不明显增加 step time 的前提下，峰值显存下降 ≥ 5 GB。", False),
        # (held-back round 15) a value that moves is no section number: `从 2.6 降至`
        ("2. 负载不均衡度从 2.6 降至 ≤ 1.3；额外显存尽量小（`num_redundant_experts=1`）。", True),
        ("2. 额外显存尽量小，目标值见 9.3。", False),
        ("3. 显存目标：额外 workspace 尽量小，峰值显存基本不增加。", True),  # (held-back round 16)
        # (a review) a premise, and a pointer to 9.3 after `from`
        ("4. 只开 offload 时，在 step time 不明显增加的前提下，峰值显存下降 >= 18 GB/卡。", False),
        ("4. Reduce the peak memory per card at 256K tokens (the numbers from 9.3).", False),
        # (held-back round 17) against a setting named at length, still no number
        ("3. 性能目标：50B 只用两层时，单步时间相对现有 `offload_optimizer=True` 明显缩短。", True),
        ("3. 性能目标：单步时间相对现有 `offload_optimizer=True` 缩短 ≥ 15%。", False),
        # (held-back round 20) small, and then another clause
        ("3. Memory target: keep the extra pinned host memory small and do not grow peak memory.", True),
        ("3. Memory target: keep the extra pinned host memory ≤ 30 GB and small enough for 8 ranks.", False),
        ("3. Support the 16B model on nodes whose device memory is small and cannot hold the buffers.", False),
    ],
)
def test_a_goal_no_worse_or_small_by_words_alone_is_vague(goal, vague):
    from rfc_template.lints.quantities.rfc332_goal_without_number import vague_goal

    assert bool(vague_goal(normal(goal))) is vague


def test_a_devices_memory_is_one_devices_and_a_cards_throughput_is_not_the_jobs():
    """(held-back round 13) `单卡峰值显存 ≤ 44.0 GiB` in 3.1 is 9.3's `peak memory ≤ 44.0 GiB`."""
    from rfc_template.lints.quantities.metrics import metrics_in

    assert metrics_in("单卡峰值显存 ≤ 44.0 GiB")[0].name == metrics_in("peak memory ≤ 44.0 GiB")[0].name
    assert metrics_in("单卡吞吐 ≥ 2480 tokens/s")[0].name != metrics_in("吞吐 ≥ 2480 tokens/s")[0].name


def test_the_operator_next_to_a_number_is_its_own():
    """(held-back round 14's reviewer) `from about 11,200 up to ≥ 12,480 tokens/s` is a floor."""
    (claim,) = [c for c in claims_in(normal("throughput from about 11,200 up to ≥ 12,480 tokens/s")) if c.op]
    assert claim.op == GE


@pytest.mark.parametrize("total, wrong", [("1.04 GB", False), ("0.94 GB", True)])
def test_a_part_worked_out_in_its_cell_counts_as_its_result(total, wrong):
    """(held-back round 14) `| fp8 接收缓冲 | 2 × 0.50 GB = 1.00 GB |` above `| 合计 | 1.04 GB |`."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import totals

    rows = [
        ["fp8 接收缓冲", "2 × 0.50 GB = 1.00 GB"],
        ["发送缓冲", "0.03 GB"],
        ["amax 历史", "0.01 GB"],
        ["合计", total],
    ]
    assert bool(totals(["项目", "大小"], rows, 10)) is wrong


def test_an_extra_said_before_its_value_is_an_addition():
    """(held-back round 14) `≤ 64.0 GiB (extra ≤ 4.0 GiB per card)` under a 9.3 `peak memory`."""
    from rfc_template.lints.quantities.metrics import metrics_in

    read = claims_in(normal("≤ 64.0 GiB (extra ≤ 4.0 GiB per card)"), metrics_in("peak memory"))
    assert [(c.kind, c.change, c.quantity.number) for c in read] == [(ABS, "", 64.0), (DELTA, UP, 4.0)]


@pytest.mark.parametrize(
    "regression, wrong",
    [
        ("step time ≤ 98.9 s (overhead ≤ 3%); throughput ≥ 662 tokens/s per card instead of 683", False),
        ("step time ≤ 98.9 s (overhead ≤ 3%); throughput ≤ 662 tokens/s per card instead of 683", True),
        ("step time ≥ 98.9 s", True),
    ],
)
def test_a_regression_limit_bounds_the_worse_side(regression, wrong):
    """(held-back round 15) 8's 性能劣化 row: `throughput ≤ 662 tokens/s` limits nothing."""
    old = offload_line("| 性能劣化 |")
    text, line = edited(OFFLOAD, old, f"| 性能劣化 | {regression} |")
    found = [f for f in findings(text) if f.code == "RFC333" and f.line == line]
    assert bool(found) is wrong, found


@pytest.mark.parametrize(
    "computation, result, wrong",
    [
        ("14 + 24", "38 GiB (target ≤ 40 GiB)", False),  # (held-back round 16)
        ("14 + 24", "36 GiB (target ≤ 40 GiB)", True),
        ("8 ranks × 4 workers × 256 MiB", "8 GiB", False),
        ("8 ranks × 4 workers × 512 MiB", "8 GiB", True),
        ("measured", "2 GiB", False),
        ("2 × 3.5 GB", "≤ 8 GB", False),  # a budget beside it (a review)
    ],
)
def test_a_computation_column_is_read_with_the_result_beside_it(computation, result, wrong):
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import computed_cells

    assert bool(computed_cells(("Node peak", computation, result), (1,))) is wrong


@pytest.mark.parametrize(
    "header, computing",
    [
        ("计算", True),
        ("Computation", True),
        ("公式（默认配置）", True),
        ("计算耗时", False),
        ("Compute time", False),
        ("计算量", False),
    ],
)
def test_a_computation_column_is_one_headed_so(header, computing):
    """(a review) `计算耗时` is a time, no computation."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import COMPUTATION_HEADER

    assert bool(COMPUTATION_HEADER.fullmatch(header)) is computing


@pytest.mark.parametrize(
    "header, today",
    [
        ("PT (torch_npu)", True),
        ("PT 基线", True),
        ("当前", True),
        ("PT + offload（预估）", False),
        ("MS 本方案", False),
        ("PT (this RFC)", False),
        ("PT 理论值", False),
    ],
)
def test_a_background_column_is_todays_when_it_says_so(header, today):
    """(a review) an estimate's column is no current figure."""
    from rfc_template.lints.quantities.background_tables import _today

    assert _today(header) is today


def test_a_background_table_with_a_unit_column_asks_no_unit():
    """(a review) `| 指标 | 单位 | PT | MS |`: each figure's unit is in its row's 单位 cell."""
    table = "| 指标 | 单位 | PT | MS |\n| --- | --- | --- | --- |\n| step time | s | 6.81 | 7.42 |\n"
    old = "本 RFC 要解决的问题："
    text, _ = edited(OFFLOAD, old, table + "\n" + old)
    assert not [f for f in findings(text) if f.code == "RFC331"]


def test_a_regression_row_may_cap_what_it_uses():
    """(a review) `换入占用 PCIe 带宽 <= 12 GB/s` bounds a bandwidth used, rightly from above."""
    old = offload_line("| 性能劣化 |")
    text, line = edited(OFFLOAD, old, "| 性能劣化 | 换入占用 PCIe 带宽 <= 12 GB/s，与数据加载争用可忽略 |")
    assert not [f for f in findings(text) if f.code == "RFC333" and f.line == line]


@pytest.mark.parametrize("pt, code", [("6.81 s", None), ("7.81 s", "RFC334")])
def test_a_background_table_with_a_row_per_backend_is_read_cell_by_cell(pt, code):
    """(held-back round 16) `| 后端 | step time | 峰值显存 |` over a row per backend."""
    table = f"| 后端 | step time | 峰值显存 |\n| --- | --- | --- |\n| PT | {pt} | 74.2 GB/卡 |\n| MS | 7.42 s | 61.3 GB/卡 |\n"
    old = "本 RFC 要解决的问题："
    text, line = edited(OFFLOAD, old, table + "\n" + old)
    found = [f for f in findings(text) if f.line == line + 2]
    assert [f.code for f in found] == ([code] if code else []), found


def test_a_throughput_in_thousands_is_no_sequence_length():
    """(held-back round 11) `419k tokens/s` and `361k tokens/s` are two throughputs of one
    scenario, not two sequence lengths: RFC334 compares them."""
    from rfc_template.lints.quantities.scenarios import other_scenario

    assert not other_scenario("64 × 910B: throughput from 385.5k to ≥ 361k tokens/s", "64 × 910B, ≥ 419k tokens/s")
    assert other_scenario("Llama2-7B, 32K 序列", "Llama2-7B, 128K 序列")


def test_a_bare_start_in_thousands_keeps_its_own_last_digit():
    """`from 385.5k to ≥ 361k tokens/s`: the start is 385,500 ± 50 tokens/s, not ± 51,200."""
    (claim,) = claims_in(normal("throughput from 385.5k to ≥ 361k tokens/s"))
    assert claim.origin is not None and claim.origin.ulp == pytest.approx(50.0)


@pytest.mark.parametrize(
    "text",
    [
        "step time from 6.00 s to ≤ 6.06 s (overhead ≤ 1 %)",
        "step time overhead ≤ 1 %",
        "step time grows by at most 1 %",
    ],
)
def test_an_overhead_is_what_a_metric_grows_by(text):
    """(held-back round 23) `overhead ≤ 1 %` of a step time limits its growth, as `grows by at most`."""
    limits = [c for c in claims_in(normal(text)) if c.kind == DELTA]
    assert [(c.change, c.op, c.quantity.number) for c in limits] == [(UP, LE, 1.0)]


def test_lost_work_is_no_recovery_time():
    """(held-back round 23) `MTTR … ≤ 240 s; lost work per failure … ≤ 150 s`: two metrics, or
    3.1 would state three recovery times and be compared with nothing."""
    from rfc_template.lints.quantities.metrics import metrics_in

    named = metrics_in(normal("MTTR from 660 s to ≤ 240 s; lost work per failure from 1500 s to ≤ 150 s"))
    assert [m.key for m in named] == ["recovery time", "lost work"]


@pytest.mark.parametrize(
    "text, key",
    [
        ("step time 劣化 ≤ 1%", ("limit:up", "step time", "percent")),
        ("吞吐劣化 ≤ 1%", ("limit:down", "throughput", "percent")),
        ("step time ≤ 3.67 s (≤ 2 % slower)", ("limit:up", "step time", "percent")),
        ("相比基线 step time 劣化 ≤ 1%", ("limit:up", "step time", "percent")),
        # (a newcomer's review) against another run of its own, not the baseline: not compared
        ("step time ≤ 8% slower than the bf16 exchange", None),
        ("step time regression ≤ 8% against the bf16 exchange", None),
        ("相比 bf16 交换 step time 劣化 ≤ 8%", None),
    ],
)
def test_a_regression_said_as_such_is_the_change_the_bad_way(text, key):
    """(held-back round 24) `≤ 6.60 s/step（劣化 ≤ 3%）` in 9.3 against 3.1's `劣化 ≤ 1%`: a
    regression of a step time is its growth, of a throughput its fall, so the two compare."""
    from rfc_template.lints.quantities.statements import key_of

    keys = [key_of(c) for c in claims_in(normal(text))]
    assert key in keys if key else keys == [None]


def test_the_optimizer_step_is_a_phase_of_its_own():
    """(held-back round 24) `step time ≤ 5.04 s, optimizer step ≤ 0.30 s`: two metrics, or 3.1
    would state two step times and be compared with nothing."""
    from rfc_template.lints.quantities.metrics import metrics_in

    named = metrics_in(normal("step time ≤ 5.04 s, optimizer step ≤ 0.30 s; 9.3: optimizer step time, 优化器更新耗时"))
    assert [m.key for m in named] == [
        "step time",
        "optimizer phase time",
        "optimizer phase time",
        "optimizer phase time",
    ]
    # (a newcomer's review) with gradient accumulation the time per optimizer step is the step time
    assert [m.key for m in metrics_in(normal("time per optimizer step (32 micro-batches)"))] == ["step time"]


@pytest.mark.parametrize("text", ["峰值显存增量 ≤ 0.6 GB", "peak memory growth ≤ 0.6 GB", "显存增幅 ≤ 0.6 GB"])
def test_an_increment_is_what_a_metric_grows_by(text):
    """(held-back round 24) `峰值显存增量 ≤ 0.6 GB` limits the growth, as `增加 ≤ 0.6 GB` does:
    no bound on the memory itself."""
    (claim,) = claims_in(normal(text))
    assert (claim.kind, claim.change, claim.op, claim.quantity.number) == (DELTA, UP, LE, 0.6)


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("checkpoint 从 111.92 GB 降到 102.48 GB（+9.44 GB，+8.4%）", True),  # (held-back round 24)
        ("checkpoint 从 111.92 GB 降到 102.48 GB（−9.44 GB，−8.4%）", False),
        ("step time 6.40 s → 6.46 s (-0.06 s)", True),
        ("step time 6.40 s → 6.46 s (+0.06 s, +0.9%)", False),
        ("throughput 1,520 → 1,910 tokens/s (-25.7%)", True),
        ("throughput 1,520 → 1,910 tokens/s (+25.7%)", False),
        ("显存 52.3 GiB → 50.1 GiB（+2 GiB 缓冲）", False),  # a part of it, not the change
        ("显存 52.3 GiB → 50.1 GiB（+0.5 GiB）", False),  # not the step: what it is, unsure
        ("显存 52.3 GiB → 50.1 GiB（省下 2.2 GiB）", False),  # no sign
    ],
)
def test_a_signed_change_the_other_way_than_its_transition(text, wrong):
    """RFC333: the change in brackets right after a transition, when it is the step (or its
    share of the start) with the other sign."""
    from rfc_template.lints.quantities.signed_changes import _wrong_signs_in

    assert bool(_wrong_signs_in(normal(text))) is wrong


@pytest.mark.parametrize("text, op", [("throughput not below 2,560 tokens/s", GE), ("step time not above 5.0 s", LE)])
def test_a_bound_said_as_not_past_it(text, op):
    """(held-back round 25) `not below 2,560 tokens/s` is a lower bound, not `below`."""
    (claim,) = claims_in(normal(text))
    assert claim.op == op


@pytest.mark.parametrize(
    "text", ["MS 9.6 → ≤ 8.0 s/step（−16.7%）", "目标指标：MS 不高于 8.0 s/step", "reaches ≤ 1.25 s per step"]
)
def test_a_time_per_step_is_a_step_time(text):
    """(held-back round 25) a time per step with no metric named is the step time."""
    assert [c.metric.key if c.metric else None for c in claims_in(normal(text)) if c.quantity.dim == TIME] == [
        "step time"
    ]


@pytest.mark.parametrize("sign, wrong", [("−", False), ("+", True)])
def test_a_bound_with_its_change_from_todays_value(sign, wrong):
    """(held-back round 25) 2's target `PT <= 5.79 s（-15.0%）` against today's 6.81 s: a bound
    below it written with `+` goes the other way."""
    old = "（PT <= 5.79 s，MS <= 6.31 s）"
    text, line = edited(OFFLOAD, old, f"：PT <= 5.79 s（{sign}15.0%），MS <= 6.31 s（{sign}15.0%）")
    found = [f for f in findings(text) if f.code == "RFC333" and f.line == line and "today's" in f.message]
    assert bool(found) is wrong, found


@pytest.mark.parametrize("start, code", [("6.81", None), ("7.20", "RFC334")])
def test_todays_time_per_step_is_named_by_its_unit(start, code):
    """(held-back round 25) `当前指标：…PT 后端 6.81 s/step`: today's step time, though only its
    unit names it, held to the start 3.1, 8 and 9.3 give."""
    old = offload_line("- 当前指标：")
    text, line = edited(
        OFFLOAD,
        old,
        f"- 当前指标：PT 后端 {start} s/step，峰值显存 74.2 GB/卡；MS 后端 7.42 s/step，峰值显存 61.3 GB/卡。",
    )
    found = [f.code for f in findings(text) if f.line == line]
    assert found == ([code] if code else []), found


def test_an_examples_constant_is_read_where_it_is_passed():
    """(held-back round 25) `ACC_STEPS = 256` at the top of 5.2, then `accumulation_steps=ACC_STEPS`:
    the value passed is the constant's; a name bound twice (or in a loop) is not read."""
    import ast

    from rfc_template.lints.quantities.rfc330_value_out_of_range import _constants

    tree = ast.parse("ACC = 256\nN = 1\nN = 2\nfor I in range(3):\n    pass\nI = 4\nf(acc=ACC, n=N, i=I)\n")
    assert {name: ast.unparse(value) for name, value in _constants(tree).items()} == {"ACC": "256"}
    # (a newcomer's review) a parameter of that name shadows it
    assert _constants(ast.parse("ACC = 256\ndef build(m, ACC=8):\n    return f(m, acc=ACC)\n")) == {}


@pytest.mark.parametrize(
    "text", ["暴露 P2P 等待 2.0 → ≤ 0.8 s/step", "暴露的 P2P 等待压到 0.8 s/step 以内", "exposed P2P wait ≤ 0.8 s"]
)
def test_an_exposed_wait_is_exposed_communication(text):
    """(held-back round 25) the P2P wait left exposed is no step time, though said per step."""
    from rfc_template.lints.quantities.metrics import metrics_in

    assert [m.key for m in metrics_in(normal(text))] == ["exposed communication"]


def test_a_wait_for_data_is_no_communication():
    """(a newcomer's review) `数据加载的暴露等待` is the data loader's, not a transfer's."""
    from rfc_template.lints.quantities.metrics import metrics_in

    assert [m.key for m in metrics_in(normal("数据加载的暴露等待约 0.3 s/step"))] != ["exposed communication"]


@pytest.mark.parametrize(
    "text, key",
    [("MS reaches ≤ 4.40 s per step and ≤ 47.1 GiB peak", "memory"), ("≤ 32 GB peak host memory", "host memory")],
)
def test_a_sizes_peak_is_the_memorys(text, key):
    """(held-back round 26) `≤ 47.1 GiB peak`: the peak said after a size is the memory's."""
    assert [c.metric.key for c in claims_in(normal(text)) if c.metric and c.quantity.dim == BYTES] == [key]


def test_an_examples_constant_is_found_by_its_whole_name():
    """`ACC_STEPS_MAX = 1` above `ACC_STEPS = 256` is another constant (the text's pre-filter)."""
    from rfc_template.lints.quantities.rfc330_value_out_of_range import _constant

    code = "ACC_STEPS_MAX = 1\nACC_STEPS = 256\nf(accumulation_steps=ACC_STEPS)\n"
    found = _constant(code, code.index("accumulation_steps") + len("accumulation_steps"))
    assert found is not None and found.group(1) == "256"


@pytest.mark.parametrize(
    "text, wrong",
    [
        ("HBM 峰值 62.4 GB → ≤ 62.6 GB（节省 0.2 GB）", True),  # (held-back round 27)
        ("HBM 峰值 62.4 GB → ≤ 62.6 GB（增加 0.2 GB）", False),
        ("HBM 峰值 62.4 GB → ≤ 62.6 GB（增加 ≤ 0.2 GB）", False),  # a cap on the change
        ("step time 2.40 s → 2.16 s (increased by 10%)", True),
        ("step time 2.40 s → 2.16 s (reduced by 10%)", False),
        ("step time 2.40 s → 2.16 s（吞吐上升 11.1%）", False),  # another metric's change
        ("step time 2.40 s → 2.16 s（overhead 10%）", False),  # a cost is no sign
        ("step time 2.40 s → 2.16 s（提升 10%）", False),  # said of a step time for its speed
        ("HBM 峰值 62.4 GB → ≤ 62.6 GB（约节省 0.2 GB）", True),
    ],
)
def test_a_change_with_a_verb_the_other_way_than_its_transition(text, wrong):
    """RFC333: the verb opening the brackets (`节省`, `up`) says which way the change goes."""
    from rfc_template.lints.quantities.signed_changes import _wrong_signs_in

    assert bool(_wrong_signs_in(normal(text))) is wrong


@pytest.mark.parametrize("verb, wrong", [("下降", False), ("上升", True)])
def test_a_bound_with_a_verb_for_its_change_from_todays_value(verb, wrong):
    """(held-back round 27) `step time ≤ 2.16 s（上升 10%）` against today's 2.40 s."""
    old = "（PT <= 5.79 s，MS <= 6.31 s）"
    text, line = edited(OFFLOAD, old, f"：PT <= 5.79 s（{verb} 15.0%），MS <= 6.31 s（{verb} 15.0%）")
    found = [f for f in findings(text) if f.code == "RFC333" and f.line == line and "today's" in f.message]
    assert bool(found) is wrong, found


@pytest.mark.parametrize(
    "text, op", [("throughput not lower than 54.0k tokens/s", GE), ("peak memory not larger than 60 GB", LE)]
)
def test_a_bound_said_as_not_past_it_in_comparatives(text, op):
    """(held-back round 27) `not lower than 54.0k tokens/s` is a lower bound."""
    (claim,) = claims_in(normal(text))
    assert claim.op == op


def test_the_exposed_p2p_time_is_exposed_communication():
    """(held-back round 27) `exposed P2P ≤ 0.2 s per step` is no step time, though said per
    step: read as one, it made 3.1 state two step times and hid a goal unlike 2's."""
    from rfc_template.lints.quantities.metrics import metrics_in

    for text in ("exposed P2P ≤ 0.2 s per step", "暴露 P2P ≤ 0.2 s/step"):
        assert [m.key for m in metrics_in(normal(text))] == ["exposed communication"], text


@pytest.mark.parametrize("bare, code", [("6 min", None), ("6", "RFC331")])
def test_a_bare_figure_in_a_column_of_one_unit(bare, code):
    """(held-back round 27) a background table's column of `15 min`, `9 min`, … with one
    figure left bare."""
    old = "- 当前指标："
    table = (
        "\n| 环节 | 平均耗时 |\n| --- | --- |\n| 发现尖峰 | 15 min |\n| 重新排队 | 9 min |\n"
        f"| 加载 checkpoint | {bare} |\n\n"
    )
    text, line = edited(OFFLOAD, old, table + old)
    found = [f.code for f in findings(text) if f.line == line + 5]
    assert found == ([code] if code else []), found


def test_a_column_whose_header_gives_the_unit_or_of_counts_asks_nothing():
    from rfc_template.document import parse
    from rfc_template.lints.quantities import prose
    from rfc_template.lints.quantities.background_tables import bare_among_units

    for header, cells in (("耗时（min）", ("15 min", "9 min", "6")), ("次数", ("3 次", "5 次", "7"))):
        rows = "".join(f"| r{i} | {c} |\n" for i, c in enumerate(cells))
        doc = parse(f"## 2. 背景\n\n| 环节 | {header} |\n| --- | --- |\n{rows}")
        assert list(bare_among_units(doc.tables, "2. 背景", prose)) == [], header


@pytest.mark.parametrize(
    "text, key, number",
    [
        ("每 step reduce-scatter ≤ 150 次", "reduce-scatter calls", 150),
        ("reduce-scatter 339 → ≤ 150 次/step", "reduce-scatter calls", 150),
        ("每 step reduce-scatter 次数从 339 降到 ≤ 150", "reduce-scatter calls", 150),
        ("all-gather calls per step: 96 → 48", "all-gather calls", 48),
    ],
)
def test_a_collectives_calls_are_a_metric_of_their_own(text, key, number):
    """(held-back round 27) how many times a collective is called, compared across parts."""
    (claim,) = claims_in(normal(text))
    assert claim.metric is not None and (claim.metric.key, claim.quantity.number) == (key, number)


@pytest.mark.parametrize(
    "text",
    [
        "3. 目标：每 step 只做 1 次 all-reduce 和 2 次 all-gather",
        "单层 all-gather 耗时 ≥ 0.62 ms",
        "TP=8 的 all-gather",
    ],
)
def test_a_count_of_no_one_collective_or_a_collectives_time_is_no_calls_target(text):
    """Two collectives in one clause: whose count is whose is not read; a time stays a time."""
    assert not [c for c in claims_in(normal(text)) if c.metric is not None and c.metric.key.endswith(" calls")]


@pytest.mark.parametrize("criterion, code", [("≤ 150 次/step", None), ("≤ 200 次/step", "RFC334")])
def test_a_9_3_criterion_on_a_collectives_calls_weaker_than_the_goal(criterion, code):
    folder = TESTS / "semantic-held-back-27" / "zh-fsdp-bucket-fusion"
    text, line = edited(folder, "| reduce-scatter 次数 | ≤ 150 次/step |", f"| reduce-scatter 次数 | {criterion} |")
    found = [f.code for f in findings(text, folder) if f.line == line]
    assert found == ([code] if code else []), found


@pytest.mark.parametrize(
    "text",
    [
        "target metric: with the exposed P2P overlapped, MS ≤ 19.4 s per step, PT ≤ 20.5 s per step",
        "target metric: MS step time with the exposed P2P hidden ≤ 19.4 s per step",
        "exposed P2P from 0.9 s to ≤ 0.2 s per step, and with it MS ≤ 19.4 s per step, PT ≤ 20.5 s per step",
    ],
)
def test_a_step_time_after_the_exposed_p2p_is_the_step_times(text):
    """(a newcomer's review) the exposed time named as what is done to it, or in a clause before
    the one before, is not the metric of a time per step."""
    keys = [c.metric.key if c.metric else None for c in claims_in(normal(text)) if c.quantity.number > 10]
    assert keys and set(keys) == {"step time"}, keys


def test_a_time_per_step_continues_the_metric_of_the_clause_before():
    claims = claims_in(normal("暴露通信：PT 0.9 s/step，MS 0.8 s/step"))
    assert [c.metric.key if c.metric else None for c in claims] == ["exposed communication"] * 2


def test_host_pinned_memory_is_host_memory():
    """(a newcomer's review) `主机 pinned 内存每卡增加 ≤ 5.0 GB` is no device memory."""
    (claim,) = claims_in(normal("主机 pinned 内存每卡增加 ≤ 5.0 GB"))
    assert claim.metric is not None and claim.metric.key == "host memory"


@pytest.mark.parametrize(
    "header, cells, found",
    [
        ("平均耗时", ("15 分钟", "9 分钟", "6", "30 min"), ["6"]),  # one dimension, units spelled two ways
        ("平均耗时", ("15 min", "9 min", "0"), []),  # a zero needs no unit
        ("数值", ("64", "62.4 GB", "156 GB"), []),  # a column of values of all sorts
        ("Value", ("0.21 s", "0.62 s", "8"), []),
    ],
)
def test_a_bare_figure_among_units_in_a_column_of_one_quantity(header, cells, found):
    from rfc_template.document import parse
    from rfc_template.lints.quantities import prose
    from rfc_template.lints.quantities.background_tables import bare_among_units

    rows = "".join(f"| r{i} | {c} |\n" for i, c in enumerate(cells))
    doc = parse(f"## 2. 背景\n\n| 环节 | {header} |\n| --- | --- |\n{rows}")
    assert [bare for _, _, bare, _ in bare_among_units(doc.tables, "2. 背景", prose)] == found


# --- held-back round 28 --------------------------------------------------------------

ROUND_28 = TESTS / "semantic-held-back-28"


def test_a_default_in_thousands_is_the_signatures_number():
    """`131,072` in 5.1's table against `min_seq_len: int = 131072`: one number (RFC319)."""
    from rfc_template.lints.code.values import written_value

    for written in ("131,072", "131,072（128K）", "131,072 tokens", "131 072", "131\u2009072"):
        node = written_value(written)[0]
        assert node is not None and getattr(node, "value", None) == 131072, written
    assert written_value("(1, 2)")[0] is not None  # a tuple stays a tuple


@pytest.mark.parametrize("written", ["131 072", "131\u202f072", "131 072 tokens", "131 072（128K）"])
def test_a_default_grouped_by_spaces_is_one_number(written):
    """(a newcomer's review of session 43) `131 072` in the 默认值 cell is 131072, in range."""
    allowed = read_range("32768 ~ 1048576")
    assert not outside(read_default(written), allowed, "")
    assert outside(read_default(written), read_range("1 ~ 1000"), "")  # read whole, not as 131


@pytest.mark.parametrize(
    "text, key",
    [
        ("优化器阶段耗时 ≤ 130 ms/step（基线 420 ms/step）；开启 Kahan 补偿时 ≤ 150 ms/step", "optimizer phase time"),
        # (a newcomer's review) a clause before that gives no time of it, a backend's own sentence
        ("优化器阶段耗时大幅缩短。每步不超过 9.52 s/step", "step time"),
        ("bubble and exposed P2P at most what 9.3 asks; MS ≤ 19.4 s per step", "step time"),
        ("exposed P2P ≤ 0.2 s per step; MS ≤ 19.4 s per step", "step time"),
    ],
)
def test_a_time_per_step_continues_the_clause_before_where_it_gives_a_time(text, key):
    """(held-back round 28) `…；开启 Kahan 补偿时 ≤ 150 ms/step`: the optimizer phase's too."""
    last = [c for c in claims_in(normal(text)) if c.quantity.dim == TIME][-1]
    assert last.metric is not None and last.metric.key == key


@pytest.mark.parametrize(
    "cell, key", [("step time（optimizer 段）", "optimizer phase time"), ("端到端 step time", "step time")]
)
def test_a_phase_of_the_step_in_brackets_and_the_end_to_end_step_time(cell, key):
    from rfc_template.lints.quantities.metrics import metrics_of_cell

    assert [m.name for m in metrics_of_cell(normal(cell))] == [key]


@pytest.mark.parametrize(
    "arrow, extra, wrong", [("→ about", "10 ms", False), ("→ about", "30 ms", True), ("→ roughly", "10 ms", False)]
)
def test_a_breakdown_of_a_transitions_step(arrow, extra, wrong):
    """(held-back round 28) `1,420 ms → about 1,480 ms (38 ms + 12 ms + 10 ms)`: the parts add
    up to what was added, not to the after."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import arithmetic

    text = f"step time 1,420 ms {arrow} 1,480 ms (38 ms extra all-to-all + 12 ms planning + {extra} more expert work)"
    assert bool(arithmetic(normal(text))) is wrong
    assert not arithmetic(normal("step time 从 6.81 s 增加到约 7.52 s（0.36 s 换入 + 0.35 s 写回）"))


@pytest.mark.parametrize("extra, wrong", [("10 ms", False), ("30 ms", True)])
def test_a_breakdown_of_a_transition_written_after_first(extra, wrong):
    """(a newcomer's review of session 43) `rises to about 1,480 ms from 1,420 ms (38 ms + 12 ms
    + 10 ms)`: the after first, the before after `from`; the parts are still the step."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import arithmetic

    text = f"step time rises to about 1,480 ms from 1,420 ms (38 ms + 12 ms + {extra});"
    assert bool(arithmetic(normal(text))) is wrong


@pytest.mark.parametrize(
    "bracket, code",
    [("（预估 131.4 s，约 −11.6%）", None), ("（下降 ≥ 8%；原型预估 131.4 s）", None), ("（下降 ≥ 12%）", "RFC334")],
)
def test_an_estimates_change_is_no_target(bracket, code):
    """(held-back round 28) a change after an estimate in its brackets is the estimate's."""
    folder = ROUND_28 / "zh-cp-ring-kv-offload"
    old = "MS step time 148.6 s → 目标 ≤ 136.7 s（下降 ≥ 8%；原型预估 131.4 s）"
    text, line = edited(folder, old, f"MS step time 148.6 s → 目标 ≤ 136.7 s{bracket}")
    found = sorted({f.code for f in findings(text, folder) if f.line == line})
    assert (code in found) if code else found == [], found


@pytest.mark.parametrize(
    "cell", ["设备侧不省显存，MS 41.1 GiB → ≤ 43.6 GiB", "does not save device memory: 41.1 GiB → 43.6 GiB"]
)
def test_a_gain_row_that_saves_none_by_its_verb(cell):
    from rfc_template.lints.quantities import Statement
    from rfc_template.lints.quantities.gain_rows import gain_stated

    assert gain_stated(Statement(1, normal(cell), "8", normal(cell))) is None


def test_the_after_labelled_as_the_target():
    (claim, *_) = claims_in(normal("MS step time 148.6 s → 目标 ≤ 136.7 s"))
    assert claim.kind == TRANSITION and claim.origin is not None and claim.origin.number == 148.6


@pytest.mark.parametrize(
    "goal, vague",
    [
        ("2. 在 Llama-3.1-8B、512K 场景下：MS 与 PT 的 step time 都有明显下降。", True),
        ("2. Reduce the step time of Llama 3.1 8B markedly.", True),
        ("2. 在 MindSpore 2.6 上明显降低 step time。", True),
        ("2. 在 Llama-3.1-8B 场景下 step time 明显下降，见 9.3。", False),
        # (a newcomer's review) a range of sections, a pointer at the sentence's end
        ("2. Reduce the step time markedly; sections 9.2-9.3 give the numbers.", False),
        ("2. Reduce the step time of Llama-3.1-8B to the targets of 9.3.", False),
    ],
)
def test_a_models_version_is_no_section_pointer(goal, vague):
    """`Llama-3.1-8B` names no section 3.1: the goal still has no number."""
    from rfc_template.lints.quantities.rfc332_goal_without_number import vague_goal

    assert bool(vague_goal(normal(goal))) is vague


def test_an_option_turned_on_is_a_setting_of_its_own():
    """`开启 Kahan 补偿时峰值显存 ≤ 58.2 GB`: that mode's value, beside the default's."""
    from rfc_template.lints.quantities.scenarios import condition

    on, default = claims_in(normal("开启 Kahan 补偿时峰值显存 ≤ 58.2 GB")) + claims_in(normal("峰值显存 ≤ 55.0 GB"))
    assert condition(on) == frozenset({("kahan补偿", "on")}) and condition(default) == frozenset()


def test_optimizer_state_memory_is_no_peak_memory():
    (claim,) = claims_in(normal("优化器状态显存从 19.5 GB/卡降到 13.0 GB/卡"))
    assert claim.metric is not None and claim.metric.name == "optimizer-state memory"


def test_a_count_of_parameters_per_card_is_no_model_size():
    from rfc_template.lints.quantities.scenarios import other_scenario

    assert not other_scenario("每卡本地分片约 1.625 B 参数，优化器阶段 420 ms/step", "LLaMA2-13B、8 卡")
    assert not other_scenario("每张卡约 1.625 B 参数", "LLaMA2-13B、8 卡")
    assert other_scenario("Llama 7B、8 卡", "LLaMA2-13B、8 卡")


def test_an_estimates_change_only_in_its_brackets():
    """(a newcomer's review) `预计 step time 下降 10%` in a row is a target said so, no estimate's aside."""
    from rfc_template.lints.quantities.statements import key_of

    (claim,) = [c for c in claims_in(normal("预计 step time 下降 10%")) if c.quantity.unit == "%"]
    assert key_of(claim) is not None


@pytest.mark.parametrize(
    "text, key",
    [
        ("单次保存上传量 ≤ 44 GB", "upload volume"),
        ("第 2 次保存起上传 320 GB → ≤ 44 GB", "upload volume"),
        ("bytes uploaded per save ≤ 160 GB", "upload volume"),
        ("训练阻塞 312 s → ≤ 90 s", "save time"),
    ],
)
def test_what_a_save_writes_and_blocks(text, key):
    """(held-back round 29) the volume a save writes to storage is a metric of its own."""
    claim = claims_in(normal(text))[-1]
    assert claim.metric is not None and claim.metric.key == key


def test_an_exposed_collective_with_a_word_of_its_own():
    """(held-back round 29) `exposed row-parallel all-reduce` is the exposed all-reduce."""
    from rfc_template.lints.quantities.metrics import metrics_in

    assert [m.key for m in metrics_in(normal("exposed row-parallel all-reduce ≤ 0.16 s per step"))] == [
        "exposed all-reduce"
    ]


def test_a_continuing_row_keeps_what_it_names_of_its_own():
    """`Same model, seq 1024` under a row at seq 4096: the sequence length is its own (and the
    row is another scenario than one at seq 4096)."""
    from rfc_template.lints.quantities import _but_what_it_names
    from rfc_template.lints.quantities.scenarios import other_scenario

    own = "Same model, seq 1024"
    scenario = own + " " + _but_what_it_names("LLaMA2-13B, TP=8, seq 4096, 8 × Ascend 910B", own)
    assert "4096" not in scenario and "13B" in scenario
    assert other_scenario(scenario, "On the reference job (LLaMA2-13B, TP=8, seq 4096)")


@pytest.mark.parametrize(
    "row, code",
    [
        (
            "同一场景每卡峰值 ≤ 56 GB（不做重计算需要 93.3 GB，无法运行）；相比全量重计算的 34.1 GB，多用约 18.7 GB 空闲显存换回 0.80 s/step",
            None,
        ),
        ("同一场景每卡峰值 ≤ 56 GB；相比全量重计算的 34.1 GB 多用约 18.7 GB，以换取 0.80 s/step", None),
        ("同一场景每卡峰值 ≤ 56 GB；相比全量重计算的 34.1 GB 增加约 18.7 GB", "RFC333"),
    ],
)
def test_memory_spent_on_purpose_is_no_gain_asked_to_rise(row, code):
    """(held-back round 29, its writer's false finding) a memory row that spends idle memory in
    exchange for step time (`多用约 18.7 GB 空闲显存换回 0.80 s/step`) says the cost it pays."""
    folder = TESTS / "semantic-held-back-29" / "zh-recompute-offload-budget"
    old = "| 显存收益 | 同一场景每卡峰值由不做重计算时的 93.3 GB（无法运行）降到 ≤ 56 GB；规划器预测峰值 52.82 GB，与实测误差 ≤ 5%。峰值高于全量重计算的 34.1 GB 是有意为之：把闲置显存换成 step time |"
    text, line = edited(folder, old, f"| 显存收益 | {row} |")
    assert {f.code for f in findings(text, folder) if f.line == line} == ({code} if code else set())


# --- held-back round 30 --------------------------------------------------------------


@pytest.mark.parametrize(
    "text", ["peak memory increase ≤ 11.5 GB per device", "peak memory increase of no more than 11.5 GB per device"]
)
def test_an_increase_of_a_bound_is_a_change(text):
    """(held-back round 30, a rejected variation) `an increase of no more than 11.5 GB` bounds
    what memory grows by, not memory itself."""
    (claim,) = claims_in(normal(text))
    assert (claim.kind, claim.change, claim.op) == (DELTA, UP, LE)


def test_a_backend_named_after_a_bounds_postfix():
    """(held-back round 30, two rejected variations) `13.1 s or less on MS`: the MS target."""
    text = "cut the step time from 14.2 s to 11.9 s or less on PT and from 15.6 s to 13.1 s or less on MS"
    assert [(c.quantity.number, c.backend) for c in claims_in(normal(text))] == [(11.9, "PT"), (13.1, "MS")]


ROUND_30 = TESTS / "semantic-held-back-30"


@pytest.mark.parametrize(
    "new, code",
    [
        ("峰值显存降低 0.1 GiB（71.4 GiB → 71.5 GiB） |", "RFC333"),
        ("峰值显存增加 0.1 GiB（71.4 GiB → 71.5 GiB） |", None),
        ("峰值 71.4 GiB → ≤ 71.5 GiB |", None),
    ],
)
def test_a_row_with_no_gain_still_writes_its_change_the_right_way(new, code):
    """(held-back round 30) a memory row that says it has no gain is not judged for its
    direction, but a change it writes its transition with is: `降低 0.1 GiB（71.4 → 71.5 GiB）`."""
    text, line = edited(ROUND_30 / "zh-cp-doc-mask-skip", "峰值 71.4 GiB → ≤ 71.5 GiB |", new)
    assert {f.code for f in findings(text, ROUND_30 / "zh-cp-doc-mask-skip") if f.line == line} == (
        {code} if code else set()
    )


@pytest.mark.parametrize(
    "criterion, found",
    [("≤ 29.5 s", "weaker than '8. 约束与兼容性' 性能收益 at line 401 (step time <= 29.0 s)"), ("≤ 28.9 s", None)],
)
def test_a_labelled_scenario_is_compared_with_its_own_label(criterion, found):
    """(held-back round 30) 3.1 and 8 give each labelled scenario its own step time (`场景 B：≤
    29.0 s`), and 9.3's rows name theirs (`B：device，int8`): row B is held to B's goal."""
    from rfc_template.lints.quantities.scenarios import labels

    assert labels('3. 场景 B（同模型，`cache_dtype="int8"`）：step time ≤ 29.0 s') == {"B"}
    assert labels("B:device，`int8`，cap 5.5 GiB") == {"B"} and not labels("Ascend 910B: 8 卡")
    folder = ROUND_30 / "zh-recompute-sp-gather-cache"
    text, line = edited(folder, "| 预估 28.8 s | step time | ≤ 29.0 s |", f"| 预估 28.8 s | step time | {criterion} |")
    messages = [f.message for f in findings(text, folder) if f.line == line]
    assert messages == (
        [f"'9.3 性能 / 显存验证' 通过标准 states step time <= {criterion[2:]}, {found}"] if found else []
    )


@pytest.mark.parametrize(
    "a, b, other",
    [
        ("序列长度 131,072", "128k packed（平均文档 6k）", False),
        ("seq 32k", "seq 32768", False),
        ("seq 4096", "seq 8192", True),
        ("128K context", "seq 65,536", True),
    ],
)
def test_a_sequence_length_is_one_number_however_written(a, b, other):
    """(held-back round 30) `序列长度 131,072` in 2 and `128k packed` in 8 are one scenario."""
    from rfc_template.lints.quantities.scenarios import other_scenario

    assert other_scenario(a, b) is other


@pytest.mark.parametrize(
    "text",
    [
        "每层前向 ring 发送量从 448 MiB 降到 ≤ 288 MiB",
        "每层前向 ring 发送 448 MiB → ≤ 288 MiB",
        "ring send per layer ≤ 288 MiB",
    ],
)
def test_what_a_rank_sends_is_a_volume_of_its_own(text):
    """(held-back round 30) a ring peer's send volume, not the whole communication volume."""
    assert claims_in(normal(text))[-1].metric.key == "send volume"


def test_a_collective_in_the_plural_per_step_is_counted():
    """(held-back round 30) `all-gathers per stage rank per step 384 → 136`: the calls counted."""
    (claim,) = claims_in(normal("all-gathers per stage rank per step 384 → 136"))
    assert claim.metric.key == "all-gather calls" and claim.quantity.number == 136
    assert not claims_in(normal("the all-gathers overlap with compute of 8 layers"))
