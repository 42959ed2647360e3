"""Variants newcomers wrote when they reviewed a session's readings (tests/newcomer-reviews/):
the natural writing a reading first flagged passes review with no finding, and the mistakes a
reading first lost are found at a line of their edit."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from test_review_corpus import review

TESTS = Path(__file__).resolve().parent
PROJECT = TESTS.parent
CASES = [
    pytest.param(case, id=f"{path.stem}:{case['id']}")
    for path in sorted((TESTS / "newcomer-reviews").glob("*.json"))
    for case in json.loads(path.read_text(encoding="utf-8"))["cases"]
]


def edited(case: dict) -> tuple[str, set[int]]:
    """The base RFC with the case's edits, and the lines the edits wrote."""
    text = (PROJECT / case["rfc"]).read_text(encoding="utf-8")
    lines: set[int] = set()
    for find, replace in case["edits"]:
        assert text.count(find) == 1, find
        start = text[: text.index(find)].count("\n") + 1
        text = text.replace(find, replace)
        lines |= set(range(start, start + replace.count("\n") + 1))
    return text, lines


@pytest.mark.parametrize("case", CASES)
def test_a_reviewed_variant(case, tmp_path):
    text, lines = edited(case)
    found = review(text, tmp_path, (PROJECT / case["rfc"]).parent)
    if case["kind"] == "ok":
        assert not found, f"{case['note']}: " + "; ".join(f"{f.line}:{f.code} {f.message}" for f in found)
    else:
        assert any(f.line in lines for f in found), case["note"]
