"""No false alarms on RFCs people write: tests/precision/ holds RFCs filled by hand for
real hyper-parallel features by people who had not read the rules (both editions, all
four categories, every backend), each with natural variations (`variations.json`: one
find/replace each, applied alone). Every RFC and every variation passes review with no
finding at all, errors or warnings.

The variations edit a diagram in its `diagrams/*.mmd` copy too, as an author keeps the
two in step (`rfc check --fix` does the same).
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from rfc_template import check

PRECISION = Path(__file__).resolve().parent / "precision"
RFCS = sorted(p.parent for p in PRECISION.glob("*/rfc.md"))


def variations():
    for folder in RFCS:
        for case in json.loads((folder / "variations.json").read_text(encoding="utf-8"))["variations"]:
            yield pytest.param(folder, case, id=f"{folder.name}:{case['id']}")


def reviewed(folder: Path, tmp_path: Path, case: dict | None = None) -> list[str]:
    copy = tmp_path / folder.name
    shutil.copytree(folder, copy)
    if case is not None:
        for path in [copy / "rfc.md", *sorted((copy / "diagrams").glob("*.mmd"))]:
            text = path.read_text(encoding="utf-8")
            if path.name == "rfc.md":
                assert text.count(case["find"]) == 1, f"{case['id']}: 'find' must occur once"
            path.write_text(text.replace(case["find"], case["replace"]), encoding="utf-8")
    found = check.check_text((copy / "rfc.md").read_text(encoding="utf-8"), copy / "rfc.md", check.REVIEW).findings
    return [f.format("rfc.md") for f in found]


def test_the_corpus_is_what_the_issue_asks_for():
    from rfc_template.editions import edition_of
    from rfc_template.template import load_rules

    rules = load_rules()
    read = [check.check_text((folder / "rfc.md").read_text(encoding="utf-8")) for folder in RFCS]
    assert len(RFCS) >= 4 and {c.language for c in read} == {"zh", "en"}
    assert {c.info["类型"] for c in read} == set(rules.rfc_types)
    assert {c.info["适用后端"] for c in read} == set(rules.backends)
    assert sum(1 for _ in variations()) >= 40
    assert edition_of  # the edition is read from the RFC itself


@pytest.mark.parametrize("folder", RFCS, ids=[folder.name for folder in RFCS])
def test_hand_filled_rfc_passes_review(folder, tmp_path):
    assert reviewed(folder, tmp_path) == []


@pytest.mark.parametrize("folder, case", list(variations()))
def test_natural_variation_passes_review(folder, case, tmp_path):
    assert reviewed(folder, tmp_path, case) == [], case["why"]
