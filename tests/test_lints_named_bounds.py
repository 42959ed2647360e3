"""RFC330 on a valid range bounded by another parameter (`1 ~ bucket_size_mb`): named_bounds.py,
on a hand-filled RFC (held-back round 27's FSDP bucket fusion, MS) and on the cells people write."""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import document
from rfc_template.editions import edition_of
from rfc_template.lint.context import Context
from rfc_template.lint.registry import rules_by_code
from rfc_template.lints.quantities.named_bounds import HIGH, LOW, NamedBound, named_bounds
from rfc_template.template import load_rules

BUCKETS = Path(__file__).resolve().parent / "semantic-held-back-27" / "zh-fsdp-bucket-fusion"
OTHERS = {"bucket_size_mb", "last_bucket_size_mb", "window_steps", "pp_size"}


@pytest.mark.parametrize(
    "cell, bounds",
    [
        ("1 ~ `bucket_size_mb`", [NamedBound(HIGH, "bucket_size_mb", False)]),
        ("[1, bucket_size_mb)", [NamedBound(HIGH, "bucket_size_mb", True)]),
        ("大于 0 且 ≤ `last_bucket_size_mb`", [NamedBound(HIGH, "last_bucket_size_mb", False)]),
        ("50 至 10000，且不小于 window_steps", [NamedBound(LOW, "window_steps", False)]),
        ("[50, 10000]，且 ≥ window_steps", [NamedBound(LOW, "window_steps", False)]),
        ("1–100，且不大于 window_steps", [NamedBound(HIGH, "window_steps", False)]),
        # an expression, a multiple, a condition, an alternative: not read
        (">= 2 * pp_size, even", []),
        ("pp_size 的整数倍", []),
        ("1 ~ bucket_size_mb（bucket_order 为 backward 时）", []),
        ("≤ bucket_size_mb, or -1 for no limit", []),
        ("[1, world_size // ep_size]", []),
        # (a newcomer's review) negated comparatives, and an operator's bound closing a bracket
        ("1 ~ 512，且不得小于 last_bucket_size_mb", [NamedBound(LOW, "last_bucket_size_mb", False)]),
        ("1 ~ 512, and no less than `last_bucket_size_mb`", [NamedBound(LOW, "last_bucket_size_mb", False)]),
        ("1 ~ 50, not greater than window_steps", [NamedBound(HIGH, "window_steps", False)]),
        ("大于 0，且不得大于 `last_bucket_size_mb`", [NamedBound(HIGH, "last_bucket_size_mb", False)]),
        ("must not exceed last_bucket_size_mb", [NamedBound(HIGH, "last_bucket_size_mb", False)]),
        ("10 ~ 10000（且 ≤ window_steps）", [NamedBound(HIGH, "window_steps", False)]),
        ("1 ~ 50，且小于 window_steps", [NamedBound(HIGH, "window_steps", True)]),
    ],
)
def test_a_bound_named_by_another_parameter(cell, bounds):
    assert sorted(named_bounds(cell, OTHERS)) == bounds


def findings(text: str) -> list:
    doc = document.parse(text)
    ctx = Context(doc, edition_of(doc), load_rules(), BUCKETS / "rfc.md", requested_stage="review")
    return rules_by_code()["RFC330"].check(ctx)


def edited(old: str, new: str) -> tuple[str, int]:
    text = (BUCKETS / "rfc.md").read_text(encoding="utf-8")
    assert text.count(old) == 1, old
    return text.replace(old, new), text[: text.index(old)].count("\n") + 1


@pytest.mark.parametrize(
    "old, new, reported",
    [
        ("    last_bucket_size_mb=16,", "    last_bucket_size_mb=128,", True),  # above the 64 of the same call
        ("    last_bucket_size_mb=16,", "    last_bucket_size_mb=64,", False),  # `1 ~ bucket_size_mb`: up to it
        ("    fuse_threshold_mb=4.0,", "    fuse_threshold_mb=20.0,", True),  # `≤ last_bucket_size_mb` (16)
        (
            "    bucket_size_mb=64,\n    last_bucket_size_mb=16,",
            "    bucket_size_mb=256,\n    last_bucket_size_mb=128,",
            False,
        ),
        # left out of the call: the other's default (64) holds
        ("    bucket_size_mb=64,\n    last_bucket_size_mb=16,", "    last_bucket_size_mb=96,", True),
        ("    bucket_size_mb=64,\n    last_bucket_size_mb=16,", "    last_bucket_size_mb=32,", False),
        # passed by position, the other may be: its default is not assumed
        ("    bucket_size_mb=64,\n    last_bucket_size_mb=16,", "    128,\n    last_bucket_size_mb=96,", False),
        # `**options` may set the other: not read
        ("    bucket_size_mb=64,\n    last_bucket_size_mb=16,", "    last_bucket_size_mb=96,\n    **options,", False),
    ],
)
def test_an_examples_value_against_a_bound_another_parameter_sets(old, new, reported):
    text, line = edited(old, new)
    found = [f for f in findings(text) if "bucket_size_mb (" in f.message or "last_bucket_size_mb (" in f.message]
    assert bool(found) is reported, found
    if reported:
        assert line <= found[0].line <= line + new.count("\n")


def test_a_default_against_a_bound_another_parameter_sets():
    text, line = edited("| last_bucket_size_mb | int | 16 |", "| last_bucket_size_mb | int | 96 |")
    (found,) = [f for f in findings(text) if "above bucket_size_mb (64, its default)" in f.message]
    assert found.line == line
