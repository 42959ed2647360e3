"""Arithmetic as round 9's reviewers wrote it (tests/semantic-held-back-9), RFC335: a
difference (`56.0 − 20.0 − 4.5 = 31.5 GiB`), a share of the value before it (`256 MiB，其中跨机约
3/4，即 192 MiB`), sums of products set equal side by side (`12 × 0.4 + 5 × 5.0 = 4.8 + 25.0 =
29.8 ms`), a layout's product written out (`TP 4 × PP 2 × FSDP 4 = 32 devices`) and a size
restated in brackets before a bandwidth (`192 MiB（约 201 MB）÷ 20 GB/s ≈ 10.1 ms`). Each is
checked against Python's own arithmetic on numbers written as people write them."""

from __future__ import annotations

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rfc_template.lints.quantities import normal
from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import arithmetic


def wrong(text: str) -> bool:
    return bool(arithmetic(normal(text)))


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("56.0 − 20.0 − 4.5 = 31.5 GiB", False),
        ("56.0 − 20.0 − 4.0 = 31.5 GiB", True),
        ("56.0 GiB − 20.0 GiB − 4.5 GiB = 31.5 GiB", False),
        ("64 GB - 52.1 GB = 11.9 GB", False),
        ("64 GB - 52.1 GB = 12.9 GB", True),
        ("64 GB − 512 MiB = 63.5 GB", False),  # two units: no one reading of both
        ("(24.0 − 19.5) / 24.0 ≈ 18.8%", False),  # a term of a quotient
        ("hidden - 1 = 4095", False),
    ],
)
def test_a_difference_is_its_first_value_less_the_others(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("发出 256 MiB，其中跨机约 3/4，即 192 MiB。", False),
        ("发出 256 MiB，其中跨机约 3/4，即 128 MiB。", True),
        ("64 GB, of which about 75%, i.e. 48 GB", False),
        ("64 GB, of which about 75%, i.e. 40 GB", True),
        ("带宽 20 GB/s，其中 3/4 即 15 GB/s", False),
        ("发出 256 MiB，其中 3/4 走跨机链路。", False),  # no value given for the share
    ],
)
def test_a_share_of_the_value_before_it(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("12 × 0.4 + 5 × 5.0 = 4.8 + 25.0 = 29.8 ms", False),
        ("12 × 0.4 + 5 × 4.0 = 4.8 + 25.0 = 29.8 ms", True),
        ("12 × 0.08 + 5 × 0.66 = 0.96 + 3.30 = 4.26 GiB", False),
        ("17 × 481.0 + 12.8 = 8,189.8 ms ≈ 8.19 s", False),
        ("17 × 481.0 + 12.8 = 8,289.8 ms", True),
    ],
)
def test_sums_of_products_set_equal(text, is_wrong):
    assert wrong(text) is is_wrong


DECIMALS = st.decimals(min_value=Decimal("0.1"), max_value=Decimal("99.9"), places=1)


@given(st.lists(st.tuples(st.integers(1, 64), DECIMALS), min_size=2, max_size=4))
def test_a_sum_of_products_as_python_computes_it_passes(terms):
    left = " + ".join(f"{count} × {value}" for count, value in terms)
    total = sum(count * value for count, value in terms)
    assert not wrong(f"{left} = {total} ms"), (left, total)


@given(st.lists(st.tuples(st.integers(1, 64), DECIMALS), min_size=2, max_size=4), st.integers(1, 9))
def test_a_sum_of_products_off_by_more_than_rounding_is_reported(terms, off):
    """Each decimal may have been rounded by half its last digit (`0.1` may be 0.149): off by
    more than that can explain."""
    left = " + ".join(f"{count} × {value}" for count, value in terms)
    rounding = sum(count * Decimal("0.05") for count, _ in terms) + Decimal("0.05")
    total = sum(count * value for count, value in terms) + rounding + off
    assert wrong(f"{left} = {total} ms"), (left, total)


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("TP 4 × PP 2 × FSDP 4 = 32 devices", False),
        ("TP 4 × PP 2 × FSDP 8 = 32 devices", True),
        ("TP 2 × PP 2 = 4 stages", False),  # no data-parallel degree: not read as cards
    ],
)
def test_a_layouts_product_written_out(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("192 MiB（约 201 MB）÷ 20 GB/s ≈ 10.1 ms", False),
        ("192 MiB（约 201 MB）÷ 20 GB/s ≈ 1.0 ms", True),
        ("（131,072 / 8 = 16,384）", False),  # a quotient in brackets is still read
        ("（131,072 / 8 = 32,768）", True),
    ],
)
def test_a_size_restated_in_brackets_before_a_bandwidth(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        ("调优开销：4 种深度 × 4 种桶大小 = 16 个候选", False),
        ("调优开销：4 种深度 × 4 种桶大小 = 12 个候选", True),  # (held-back round 8)
        ("4 depths × 4 bucket sizes = 12 candidates", True),
        ("4 机 × 8 卡 = 32 卡", False),
        ("One K/V block is 16,384 × 8 × 128 × 2 bytes = 32 MiB", False),  # a size: `_products`'
        # (held-back round 24) a factor that is a sum of counts in brackets, a result with thousands
        ("每个 step 16 个 micro-batch × (97 次前向 fork + 97 次重计算 fork) = 3,104 次 fork", False),
        ("每个 step 16 个 micro-batch × (97 次前向 fork + 97 次重计算 fork) = 1,552 次 fork", True),
        ("16 micro-batches × (97 forward forks + 97 recompute forks) = 3,104 forks", False),
        ("16 micro-batches × (97 forward forks + 97 recompute forks) = 3,000 forks", True),
    ],
)
def test_counts_multiplied_with_what_they_count(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (met writing held-back round 10) an equation whose next side is a sum: its last value is the total
        ("38 × 200 GB + 262 × 96 GB = 7,600 GB + 25,152 GB = 32,752 GB ≈ 32.8 TB", False),
        ("200 GB + 7 × 96 GB = 200 GB + 672 GB = 872 GB", False),
        ("1.5 GB + 2.5 GB = 1.5 GB + 3.5 GB = 5.0 GB", True),
        ("2 × 3 GB = 6 GB × 2 = 12 GB", False),  # a running computation, not one equation
        # a product in brackets with its own result is no part of the value before the bracket
        ("96 GB (the trainable parameters 8B × 4 B = 32 GB plus their optimizer state 64 GB)", False),
        ("96 GB (the trainable parameters 8B × 4 B = 40 GB plus their optimizer state 64 GB)", True),
    ],
)
def test_an_equation_of_several_sides(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text",
    [
        # (found by a review of this session's change) natural writing the new readings first took for arithmetic
        "- 全局 batch：4096 tokens × 8 卡 = 32K tokens，与基线一致。",
        "- 最坏情况下重试耗时：3 次 × 20 分钟 = 1 小时。",
        "Worst case: 2 retries × 30 minutes = 1 hour",
        "- 每步 tokens：2 × 4096 + 8192 = 16K tokens。",
        "总 2 × 1024 + 1024 = 3072 = 3K",
        "两者之比 0.85，降幅 1 − 0.85 = 15%。",
        "（PT 6.81 s → 7.52 s，7.52 / 6.81 = 1.10，即增加 1.10 − 1 = 10%）",
        "1 − 15% = 85%",
        "- step time 6.81 s, with overhead +10%, i.e. 7.49 s (6.81 s → 7.49 s).",
        "- 每步通信 256 MiB，其中跨机部分开启后下降 50%，即 64 MiB（128 MiB → 64 MiB）。",
    ],
)
def test_what_only_looks_like_the_new_shapes_is_quiet(text):
    assert not wrong(text)


@pytest.mark.parametrize(
    "text",
    [
        "- 候选：2 种 × 2 种 = " + "9" * 5000 + " 个候选。",
        "DP 2 × TP 2 = " + "9" * 5000,
        "DP " + "9" * 5000 + " × TP 2 = 4 卡",
        "2 × " + "9" * 400 + " + 1 = 3",
    ],
)
def test_a_number_of_thousands_of_digits_is_no_arithmetic(text):
    """(found by a review) Python's int() refuses 4,300 digits: no check may raise."""
    assert not wrong(text)


def test_a_total_row_written_as_its_sum_is_its_last_value():
    """(held-back round 10) `| 合计 | 8.25 + 66 + 32 = 106.25 MiB |`: the total is 106.25 MiB."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import totals

    rows = [["A", "8.25 MiB"], ["B", "66 MiB"], ["C", "32 MiB"], ["合计", "8.25 + 66 + 32 = 106.25 MiB"]]
    assert totals(["缓冲", "大小"], rows, 1) == []
    rows[0][1] = "16.5 MiB"
    assert totals(["缓冲", "大小"], rows, 1)


@pytest.mark.parametrize(
    "total",
    ["19.5 GB（8 卡合计 ≈ 156 GB）", "19.5 GB（上限 = 24 GB）", "19.5 GB, ≈ 2.4 GB per rank"],
)
def test_a_total_cell_with_an_aside_is_its_first_value(total):
    """(found by a second review) only `… + … = total` is read as a sum written out."""
    from rfc_template.lints.quantities.rfc335_parts_do_not_add_up import totals

    rows = [["a", "6.5 GB"], ["b", "6.5 GB"], ["c", "6.5 GB"], ["合计", total]]
    assert totals(["x", "每卡大小"], rows, 1) == []


def test_a_result_with_its_multiplier_after_a_space_is_not_read_bare():
    """(met writing held-back round 12) `70B / 256 ≈ 273.4 M gradient elements`."""
    assert not wrong("each rank holds 70B / 256 ≈ 273.4 M gradient elements")
    assert wrong("131,072 / 8 = 32,768")


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 17) brackets and a quotient, set equal side by side
        ("wastes 512 × (1 − 19.2 / 25.6) = 512 × 0.25 = 128 card-hours", False),
        ("wastes 512 × (1 − 19.2 / 25.6) = 512 × 0.33 = 170 card-hours", True),
        ("(24.0 − 19.5) / 24.0 = 0.19", False),
        ("(24.0 − 19.5) / 24.0 = 0.25", True),
        ("bubble (7 − 1) / (32 + 7 − 1) = 15.8%", False),
        ("bubble (7 − 1) / (32 + 7 − 1) = 25.8%", True),
        ("(p − 1) / (m + p − 1) = 7 / 39 = 17.9%", False),  # a formula of names, then its numbers
        ("8.0 − 2.0 + 0.5 + 0.1 = 6.4", False),  # within what one decimal each can round away
    ],
)
def test_arithmetic_with_brackets_is_worked_out(text, is_wrong):
    assert wrong(text) is is_wrong


@given(
    st.integers(2, 64),
    st.decimals("10.0", "99.9", places=1),
    st.decimals("0.1", "9.9", places=1),
    st.integers(2, 8),
)
def test_a_bracketed_expression_agrees_with_python(count, whole, part, divisor):
    exact = count * (whole - part / divisor)
    written = f"{count} × ({whole} − {part} / {divisor})"
    assert not wrong(f"{written} = {exact:.2f}")
    assert wrong(f"{written} = {exact * Decimal('1.5'):.2f}")


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back rounds 11 and 17) a total named between it and its `=`
        ("每个 rank 105 GB 状态 = 75 GB（DRAM）+ 30 GB（NVMe）", False),
        ("每个 rank 105 GB 状态 = 70 GB（DRAM）+ 30 GB（NVMe）", True),
        ("the 4096 MiB budget = 3840 MiB used + 256 MiB headroom", False),
        ("the 4096 MiB budget = 3840 MiB used + 512 MiB headroom", True),
        ("需要 2 GB when bucket = 256 MB + 256 MB", False),  # a clause between: not the sum's total
    ],
)
def test_a_total_may_be_named_before_its_equals(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 18's reviewer) a subtotal worked out inside a running sum: no reading
        # of it is certain, and the sum is right
        ("静态 22 GB + 激活 8 × 9 × 0.6 GB × (1 − 0.35) = 28.08 GB + 预留 6 GB = 56.08 GB ≤ 57.6 GB。", False),
        ("static 22 GB + activations 8 × 0.6 GB = 4.8 GB + reserve 6 GB = 32.8 GB", False),
        ("12 × 0.4 + 5 × 5.0 = 4.8 + 25.0 = 31.8 ms", True),  # sides of sums set equal: still read
        ("4.8 GB + 6 GB = 12.8 GB", True),
    ],
)
def test_a_subtotal_inside_a_running_sum_is_no_total(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 18) a total written to four digits says it is near, `≈` or not
        ("step time ≈ (32 + 8 − 1) × (128 + 256 + 12.8) ms = 39 × 396.8 ms ≈ 15.48 s", False),
        ("step time ≈ (32 + 8 − 1) × (128 + 256 + 12.8) ms = 40 × 396.8 ms ≈ 15.48 s", True),
        ("2 × 19.5 ≈ 40 GB", False),  # two digits: about
        ("384 × 3.1 ms ≈ 1.19 s", False),
    ],
)
def test_an_approximate_total_is_as_near_as_its_digits_say(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 20) a value restated in another unit, and a size at a bandwidth
        ("MTBF M = 9 h = 32,400 s", False),
        ("MTBF M = 9 h = 36,000 s", True),
        ("2,048 MB ≈ 2 GB", False),
        ("1.5 min = 80 s", True),
        ("4 s + 8 s = 12 s", False),  # a sum's last part, not a value restated
        ("28 GB per node at 2 GB/s NVMe write = 14 s stall;", False),
        ("28 GB per node at 2 GB/s NVMe write = 1.4 s stall;", True),
        ("240 GB 按 16 GB/s 写回需要 15 s", False),
        ("240 GB 按 16 GB/s 写回需要 25 s", True),
        # one value over another of its kind, as a percentage
        ("stall share 2 s / 360 s = 0.56%", False),
        ("stall share 2 s / 360 s = 5.6%", True),
        ("61.6 GB / 64 GB = 96.25%", False),
        ("61.6 GB / 64 GB = 92.5%", True),
        # (held-back round 21's reviewer) a count's binary multiplier after a space is not read
        ("记 sbh = 8192 × 1 × 5120 = 40 Mi 个元素、t = 8", False),
        ("8192 × 5120 = 41,943,000", True),
    ],
)
def test_a_value_in_another_unit_and_a_time_at_a_bandwidth(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text",
    [
        # (a review of session 40's readings) correct writing the new readings reported
        "显存节省 (80 − 62) / 80 = 23%",  # a whole-number result may be rounded
        "step time 增加 (8.35 − 7.42) / 7.42 = 13%",
        "每个 stage 约 (32 − 2) / 4 ≈ 8 层",
        "单桶换入 350 ms + 计算 420 ms + 换出 270 ms ≈ 1,000 ms",  # trailing zeros: a round number
        "单步 5.2 s × 1,000 步 ≈ 5,000 s",
        "两块换入缓冲共 1,024 MB / 64 GB = 1.56% 的显存",  # a MB over a GB, either reading
        "合计 6 s 即 1 h 保存间隔的 0.17%。",  # what 0.17% is of, no conversion
        "each node writes 28 GB at 2 GB/s per NPU = 1.75 s, since its 8 NPUs write in parallel",
        "The 4.86 s step includes backward = 1.9 s + 0.8 s of exposed all-to-all.",
        "MS 峰值显存 61.3 GB 其中激活 = 20.1 GB + 9.8 GB，其余是模型状态。",
    ],
)
def test_correct_writing_a_review_met_is_quiet(text):
    assert not wrong(text)


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 23's reviewer) each part worked out with its own `=`: the last `=`
        # gives the last part, a product, not the sum's total
        ("own snapshots 8 × 3 GB = 24 GB + one peer replica 24 GB + staging 8 × 0.5 GB = 4 GB, total 52 GB", False),
        ("参数 8 × 3 GB = 24 GB + 激活 24 GB + 缓冲 8 × 0.5 GB = 4 GB，共 52 GB", False),
        ("total 24 GB + 24 GB + 8 × 0.5 GB = 52 GB", False),
        ("total 24 GB + 24 GB + 8 × 0.5 GB = 50 GB", True),
    ],
)
def test_an_equals_after_a_product_may_work_out_that_product(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 23) a value, then its share of another; a count before its `×`
        # with words before it; a factor said approximately
        ("0.15 s / 50 = 3 ms per step, 0.05 % of 6.00 s", False),
        ("0.15 s / 50 = 3 ms per step, 0.5 % of 6.00 s", True),
        ("24 GB, 37.5% of the 64 GB host memory", False),
        ("24 GB, 40% of the 64 GB host memory", True),
        ("3 ms（占 6.00 s 的 0.05%）", False),
        ("3 ms（占 6.00 s 的 0.5%）", True),
        ("lost 10% of 200 steps", False),
        ("a 64B-parameter dense model trained with FSDP on 32 nodes × 8 cards = 256 cards", False),
        ("a 64B-parameter dense model trained with FSDP on 16 nodes × 8 cards = 256 cards", True),
        ("768 × 约 50 µs ≈ 38 ms 是小包通信时延", False),
        ("768 × 约 50 µs ≈ 3.8 ms 是小包通信时延", True),
        ("768 × 约 50 µs = 40 ms", False),  # an approximate factor: its total may be of the exact one
        # (held-back round 24) a share, then the quotient it is, in brackets
        ("原型实测同步只占 step time 的 0.22%（38 ms / 17.02 s）", False),
        ("原型实测同步只占 step time 的 2.2%（38 ms / 17.02 s）", True),
        ("the sync takes 0.22% (38 ms / 17.02 s) of the step", False),
        ("the sync takes 0.022% (38 ms / 17.02 s) of the step", True),
        ("吞吐 95%（1,900 / 2,000 tokens/s）", False),  # a bare part: not read
    ],
)
def test_shares_counts_and_approximate_factors(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text",
    [
        # (a newcomer's review) a range of counts multiplied: a range of products
        "The scaling runs use 2 to 4 nodes × 8 cards = 16 to 32 cards.",
        "2～4 节点 × 8 卡 = 16～32 卡",
        "cp 4 or 8 ranks × 2 nodes = 8 or 16 ranks",
    ],
)
def test_a_range_of_counts_multiplied_is_no_product(text):
    assert not wrong(text)


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 25) parts each with its sign, then their net
        (
            "S1: −256 MiB dense mask, +4 MiB compressed 2048 × 2048 mask, +1 MiB index plan, +144 MiB segments = −107 MiB",
            False,
        ),
        (
            "S1: −256 MiB dense mask, +4 MiB compressed 2048 × 2048 mask, +1 MiB index plan, +144 MiB segments = +107 MiB",
            True,
        ),
        ("显存：−8.0 GiB 优化器状态，+0.5 GiB 缓冲 = −7.5 GiB", False),
        ("显存：−8.0 GiB 优化器状态，+0.5 GiB 缓冲 = −8.5 GiB", True),
        ("a +2 GiB, b +3 GiB = 5 GiB", False),
        ("peak 54.6 GiB: +2 GiB buffers, +3 GiB staging = 59.6 GiB", False),  # a part unsigned before: not the list's
        # (a newcomer's review) deviations, then a figure of their own after a comma
        ("三次复现的 step time 偏差分别为 +0.12 s、−0.08 s、+0.05 s，均值 = 16.03 s", False),
        ("Across three reruns the step time moved by +0.4 s, −0.1 s, −0.3 s, so the mean we quote = 32.0 s", False),
        ("stage 0 +0.5 GiB, stage 7 +0.25 GiB, 取最大值 = 0.5 GiB", False),
        # a change given with its quotient, and a product that is one term of a sum
        ("step time 降到 14.8 s 以内，下降 7.5%（14.8 s / 16.0 s）", False),
        ("PT 比 MS 慢 8.3%（10.4 s / 9.6 s）", False),
        ("梯度通信量降幅 63%（37.3 GB / 101.1 GB）", False),
        ("开启后为 56 次 + 1 次 flush × (8 个未缓冲层 + 24 个缓冲层) = 88 次 reduce-scatter", False),
    ],
)
def test_signed_parts_and_their_net(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 30) an estimate's word before the brackets, words on what a factor counts
        ("B-34B peak per device +11.0 GB expected (8 kept units × 1.38 GB), at most +11.5 GB", False),
        ("B-34B peak per device +11.0 GB expected (6 kept units × 1.38 GB), at most +11.5 GB", True),
        ("峰值增加约 11.0 GB 预计（8 层 × 1.38 GB）", False),
        # a fall broken down by its size is no product of the other sign
        ("peak per device −11.0 GB (8 kept units × 1.38 GB freed)", False),
        ("显存 −11.0 GB（8 层 × 1.38 GB）", False),
        ("显存 −11.0 GB（6 层 × 1.38 GB）", True),
    ],
)
def test_an_estimate_worked_out_in_brackets(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 30) a part of the whole said before `其中` / `of which`, with its share
        ("step time 18.4 s，吞吐 7,123 tokens/s/GPU；其中 attention 前向 + 反向 11.0 s，约占 60%。", False),
        ("step time 18.4 s，吞吐 7,123 tokens/s/GPU；其中 attention 前向 + 反向 11.0 s，约占 45%。", True),
        ("step time 18.4 s, of which attention takes 11.0 s (about 60%).", False),
        ("step time 18.4 s, of which attention takes 11.0 s (about 45%).", True),
        # two wholes of the dimension before it: which one is not said
        ("PT 18.4 s / MS 19.0 s；其中 attention 11.0 s，约占 45%", False),
        # a share of something else named between
        ("step time 18.4 s；其中通信 4.0 s，exposed 1.0 s，约占 5%", False),
    ],
)
def test_a_part_of_the_whole_said_before_it_with_its_share(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # tokens over a time (over the cards), given as a throughput (held-back round 30), as the
        # corpus writes it
        ("| 基线 step time / 吞吐 | 30.0 s；273 tokens/s/卡（524,288 tokens ÷ 30.0 s ÷ 64 卡） |", False),
        ("| 基线 step time / 吞吐 | 30.0 s；273 tokens/s/卡（524,288 tokens ÷ 30.0 s ÷ 32 卡） |", True),
        ("对应吞吐 131072 tokens ÷ 64 s = 2048 tokens/s。", False),
        ("current metric: step time 8.0 s, throughput 131,072 tokens/s (1,048,576 tokens / 8.0 s)", False),
        ("i.e. 2,097,152 tokens / 5.2 s ≈ 403k tokens/s.", False),
        ("i.e. 2,097,152 tokens / 5.2 s ≈ 503k tokens/s.", True),
        ("| 538k tokens/s (2,097,152 tokens / 3.9 s) |", False),
        # a per-card rate without its cards: what the tokens are per is not said
        ("吞吐 4096 tokens ÷ 6.4 s = 640 tokens/s/卡。", False),
    ],
)
def test_tokens_over_a_time_given_as_a_throughput(text, is_wrong):
    assert wrong(text) is is_wrong


@pytest.mark.parametrize(
    "text, is_wrong",
    [
        # (held-back round 31, its writer's false finding) a product that is a named term of a sum
        ("带宽探测临时占用 64 MiB 缓冲 + 2 个临时通信域约 2 × 192 MiB = 448 MiB，在首个 step 前释放", False),
        ("64 MiB buffer + 2 temporary communicators of about 2 × 192 MiB = 448 MiB", False),
        ("64 MiB 缓冲 + 临时通信域 2 × 192 MiB = 548 MiB", True),
        ("2 个临时通信域约 2 × 192 MiB = 448 MiB", True),
    ],
)
def test_a_product_that_is_a_named_term_of_a_sum(text, is_wrong):
    assert wrong(text) is is_wrong
