"""Review of meaning, judged on mistakes written by reviewers who had not seen the rules.

tests/semantic-cases/ was written while the rules of issue 21 were built (the rules'
authors could read it); tests/semantic-held-back/ by another reviewer, read only once
the rules were done; tests/semantic-held-back-2/ (2026-12-06) by two more who saw
neither the rules nor the cases, on two RFCs filed as issues for real features
(tests/precision/zh-offload-optimizer-states, en-pp-interleaved-schedule). Measured as
written, before any rule was changed for them: 29 of 49 mistakes caught at their line
(59%; the first held-back set 72 of 117, 62%; the development set 78 of 86, 91%), every
variation passing. Rules mended the same day with both held-back sets in view (so no
longer held back) bring them to 31 of 49 and 80 of 113 (four "missing units" of the
first set were reclassified as variations: the row's metric gives the unit).
tests/semantic-held-back-3/ (two more reviewers, two more RFCs) was sealed until the recall
work of 2026-12-06's second session was done, then run once as written: 35 of 48 mistakes
caught (73%), 43 of 44 variations passing; the misses and the one false finding are
marked as written. Rules mended afterwards (so none of these sets is held back now) bring
the four sets to 78 of 86, 90 of 113, 39 of 49 and 46 of 48, every variation passing but
one of the first held-back set. tests/semantic-held-back-4/ (two more RFCs) was sealed
until then and run once as written in the next session: 39 of 52 caught (75%), 44 of 46
variations passing. tests/semantic-held-back-5/ (two more RFCs, sealed while set 4 was
mended) was then run once as written: 36 of 60 caught (60%), 45 of 48 variations passing.
tests/semantic-held-back-6/ (two more RFCs, written while sets 4 and 5 were mended) was
then run once as written: 50 of 61 caught (82%), all 54 variations passing.
tests/semantic-held-back-7/ (two more RFCs, written after set 6 was mended and the review
made faster) was then run once as written: 53 of 69 caught (77%), all 62 variations passing;
mended the same session to 61 of 69. tests/semantic-held-back-8/ (two more RFCs, written
after that) was then run once as written: 54 of 71 caught (76%), all 58 variations passing
(mended since: 61 of 71). tests/semantic-held-back-9/ (two more RFCs, written while set 8
was mended) was then run once as written: 59 of 84 caught (70%), all 70 variations passing;
mended the same session to 74 of 84, later 75 (set 8 to 66 of 71). tests/semantic-held-back-10/ (two
more RFCs, written while set 9 was mended) was then run once as written: 60 of 82 caught
(73%), 67 of 68 variations passing; mended the same session to 74 of 82, all variations passing. tests/semantic-held-back-11/ (two
more RFCs, written while set 10 was mended) was then run once as written: 57 of 82 caught
(70%), all 67 variations passing; mended the same session to 65 of 82. tests/semantic-held-back-12/ (two more RFCs, written after
that) was then run once as written: 55 of 76 caught (72%), all 65 variations passing;
mended the next session to 65 of 76. tests/semantic-held-back-13/ (two more RFCs, written
while set 12 was mended) was then run once as written: 55 of 78 caught (71%), all 65
variations passing; mended the same session to 65 of 78. tests/semantic-held-back-14/ (two
more RFCs, written while set 13 was mended) was then run once as written: 61 of 79 caught
(77%), all 67 variations passing; mended the same session to 66 of 79.
tests/semantic-held-back-15/ (two more RFCs, written while set 14 was mended) was then run
once as written: 59 of 77 caught (77%), 62 of 63 variations passing (the 63rd's finding was
right: its pipes split a table cell; kept as a mistake); mended the same session to 65 of 78.
tests/semantic-held-back-16/ (two more RFCs, written while set 15 was mended) was then run
once as written: 52 of 75 caught (69%), all 63 variations passing; mended the same session
to 55 of 75, and in the next to 57. tests/semantic-held-back-17/ (two more RFCs) was then run
once as written: 61 of 80 caught (76%), all 69 variations passing; mended the same session
to 64 of 80. tests/semantic-held-back-18/ (two more RFCs, written while set 17 was mended)
was then run once as written: 63 of 79 caught (80%), 68 of 69 variations passing; mended the
same session to 68 of 79. tests/semantic-held-back-19/ (two more RFCs, written while set 18
was mended) was then run once as written: 59 of 76 caught (78%), all 68 variations passing;
mended the same session to 63 of 76. tests/semantic-held-back-20/ (two more RFCs, written
while set 19 was mended) was then run once as written: 57 of 82 caught (70%), all 66
variations passing; mended the same session to 67 of 82. tests/semantic-held-back-21/ (two
more RFCs, written while set 20 was mended) was then run once as written: 59 of 80 caught
(74%), all 64 variations passing; mended the same session to 63 of 80.
tests/semantic-held-back-22/ (two more RFCs, written after the session's review was mended)
was then run once as written: 64 of 83 caught (77%), 66 of 67 variations passing; the one
false finding mended. tests/semantic-held-back-23/ (three more RFCs, written while the
next session's readings were made, none from them) was then run once as written: 84 of
116 caught (72%), 99 of 100 variations passing; mended the same session to 94 of 116, all
variations passing. tests/semantic-held-back-24/ (three more RFCs, written after that, with no
rule changed since) was then run once as written: 82 of 120 caught (68%; without the
`beyond` kind 79 of 98, 81%, as set 23), all 102 variations passing; mended the same session
to 94 of 120. tests/semantic-held-back-25/ (three more RFCs, written while set 24 was mended)
was then run once as written: 93 of 124 caught (75%; without `beyond` 87 of 101, 86%), 100 of
101 variations passing; mended the same session to 104 of 124, all variations passing.
tests/semantic-held-back-26/ (three more RFCs, written after sets 24 and 25 were mended and
reviewed) was then run once as written: 92 of 123 caught (75%; without `beyond` 89 of 101,
88%), all 106 variations passing; mended the same session to 95 of 123.
tests/semantic-held-back-27/ (three more RFCs, written after set 26 was mended) was then run
once as written: 84 of 119 caught (71%; without `beyond` 82 of 97, 85%), 100 of 101
variations passing; mended the same session to 90 of 119, all variations passing.
tests/semantic-held-back-28/ (three more RFCs, written after set 27 was mended and reviewed)
was then run once as written: 83 of 119 caught (70%; without `beyond` 83 of 98, 85%), 101 of
103 variations passing; mended the same session to 90 of 119, all variations passing.
tests/semantic-held-back-29/ (three more RFCs, written after set 28 was mended and reviewed)
was then run once as written: 91 of 120 caught (76%; without `beyond` 88 of 98, 90%), all 101
variations passing; mended the same session to 96 of 120.
tests/semantic-held-back-30/ (three more RFCs, written after set 29 was mended and reviewed)
was then run once as written: 89 of 120 caught (74%; without `beyond` 83 of 96, 86%), 99 of
102 variations passing; mended the same session to 102 of 120, all variations passing.
tests/semantic-held-back-31/ (three more RFCs, written after set 30 was mended and reviewed)
was then run once as written: 95 of 120 caught (79%; without `beyond` 90 of 98, 92%), all 103
variations passing; mended the same session to 96 of 120.

A new round is sealed by leaving its folder out of CASE_FOLDERS until it is measured; a
test then checks only that its RFCs pass review and that every case's `find` occurs once.

Each case is one find/replace edit of a hand-filled RFC (the corpus, the precision
RFCs, the examples), with the kind of mistake it is:

- a mistake names the rule that catches it (`rule`), and is caught by that rule at a
  line of the edit; one no rule catches says why (`missed`), and is expected to stay
  missed (a strict xfail: a rule that starts catching it is noticed, and the case
  gets its rule);
- a natural variation of the same writing passes review with no finding at all; one a
  rule still rejects says so (`rejected`: a false finding, kept as a strict xfail until
  the rule is mended).
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from test_review_corpus import review

PROJECT = Path(__file__).resolve().parents[1]
CASE_FOLDERS = [
    Path(__file__).resolve().parent / "semantic-cases",
    Path(__file__).resolve().parent / "semantic-held-back",
    Path(__file__).resolve().parent / "semantic-held-back-2",
    Path(__file__).resolve().parent / "semantic-held-back-3",
    Path(__file__).resolve().parent / "semantic-held-back-4",
    Path(__file__).resolve().parent / "semantic-held-back-5",
    Path(__file__).resolve().parent / "semantic-held-back-6",
    Path(__file__).resolve().parent / "semantic-held-back-7",
    Path(__file__).resolve().parent / "semantic-held-back-8",
    Path(__file__).resolve().parent / "semantic-held-back-9",
    Path(__file__).resolve().parent / "semantic-held-back-10",
    Path(__file__).resolve().parent / "semantic-held-back-11",
    Path(__file__).resolve().parent / "semantic-held-back-12",
    Path(__file__).resolve().parent / "semantic-held-back-13",
    Path(__file__).resolve().parent / "semantic-held-back-14",
    Path(__file__).resolve().parent / "semantic-held-back-15",
    Path(__file__).resolve().parent / "semantic-held-back-16",
    Path(__file__).resolve().parent / "semantic-held-back-17",
    Path(__file__).resolve().parent / "semantic-held-back-18",
    Path(__file__).resolve().parent / "semantic-held-back-19",
    Path(__file__).resolve().parent / "semantic-held-back-20",
    Path(__file__).resolve().parent / "semantic-held-back-21",
    Path(__file__).resolve().parent / "semantic-held-back-22",
    Path(__file__).resolve().parent / "semantic-held-back-23",
    Path(__file__).resolve().parent / "semantic-held-back-24",
    Path(__file__).resolve().parent / "semantic-held-back-25",
    Path(__file__).resolve().parent / "semantic-held-back-26",
    Path(__file__).resolve().parent / "semantic-held-back-27",
    Path(__file__).resolve().parent / "semantic-held-back-28",
    Path(__file__).resolve().parent / "semantic-held-back-29",
    Path(__file__).resolve().parent / "semantic-held-back-30",
    Path(__file__).resolve().parent / "semantic-held-back-31",
]


def case_files() -> list[Path]:
    return sorted(path for folder in CASE_FOLDERS for path in folder.glob("*.json"))


def cases(kind: str):
    for path in case_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        folder = PROJECT / Path(data["rfc"]).parent
        for case in data[kind]:
            expects = f"{case['rule']}:" if case.get("rule") else ""
            known = case.get("missed") or case.get("rejected")
            marks = [pytest.mark.xfail(reason=known, strict=True)] if known else []
            yield pytest.param(folder, case, id=f"{path.parent.name}:{folder.name}:{expects}{case['id']}", marks=marks)


def edited(folder: Path, case: dict) -> tuple[str, range]:
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    assert text.count(case["find"]) == 1, f"{case['id']}: 'find' must occur once"
    start = text.index(case["find"])
    first = text.count("\n", 0, start) + 1
    last = first + case["replace"].count("\n")
    return text.replace(case["find"], case["replace"]), range(first, last + 1)


LINE_RANGE = re.compile(r"lines (\d+)–(\d+)")


def names_a_line(finding, lines: range) -> bool:
    """At a line of the edit, or naming one: `at line 21`, `lines 45–49` (a column's parts)."""
    if finding.line in lines or any(f"line {n}" in finding.message for n in lines):
        return True
    return any(int(a) <= n <= int(b) for a, b in LINE_RANGE.findall(finding.message) for n in lines)


@pytest.mark.parametrize("folder, case", list(cases("mistakes")))
def test_a_mistake_of_meaning_is_caught_at_its_line(folder, case, tmp_path):
    text, lines = edited(folder, case)
    findings = review(text, tmp_path, folder)
    if not case.get("rule"):  # marked missed: caught by any rule at its line, it is noticed (a strict xfail)
        at = [f for f in findings if names_a_line(f, lines)]
        assert at, f"{case['id']}: no rule catches it ({case.get('missed', 'not marked missed')})"
        return
    named = [f for f in findings if f.code == case["rule"]]
    assert named, f"{case['id']} ({case['why']}) is not caught by {case['rule']}; found: {findings}"
    # at a line of the edit; a rule comparing two places may stand at the other one and name this line
    assert any(names_a_line(f, lines) for f in named), (
        f"{case['id']}: {case['rule']} at {[f.line for f in named]}, not at {list(lines)}"
    )


@pytest.mark.parametrize("folder, case", list(cases("variations")))
def test_a_natural_variation_of_meaning_passes_review(folder, case, tmp_path):
    text, _ = edited(folder, case)
    assert review(text, tmp_path, folder) == [], f"{case['id']} ({case['why']}) is rejected"


def test_a_sealed_held_back_round_is_ready():
    """A held-back folder left out of CASE_FOLDERS is a sealed round (its cases not yet run):
    each of its RFCs passes review with no finding, and each case's edit applies. With no
    round sealed, every held-back folder is one CASE_FOLDERS runs."""
    from rfc_template import check

    here = Path(__file__).resolve().parent
    sealed = [folder for folder in sorted(here.glob("semantic-held-back*")) if folder not in CASE_FOLDERS]
    for path in (p for folder in sealed for p in sorted(folder.glob("*.json"))):
        data = json.loads(path.read_text(encoding="utf-8"))
        rfc = PROJECT / data["rfc"]
        text = rfc.read_text(encoding="utf-8")
        assert check.check_text(text, rfc, check.REVIEW).findings == [], path.stem
        for case in data["mistakes"] + data["variations"]:
            assert text.count(case["find"]) == 1, f"{path.stem}: {case['id']}"
