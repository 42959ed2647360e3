"""Review judged on RFCs people write: hand-filled RFCs for real features (tests/corpus/),
each with realistic mistakes a reviewer sends back and natural variations that pass.

Each case of `cases.json` is one find/replace edit of the RFC, applied alone to a copy:
a mistake must be caught by the rule it names, at a line of the edit (or at the
heading of the section it emptied); a variation must pass review with no finding.
Diagram mistakes (RFC204) need Mermaid itself: `rfc check --diagrams`.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template import check

CORPUS = Path(__file__).resolve().parent / "corpus"
RFCS = sorted(p.parent for p in CORPUS.glob("*/rfc.md"))
# Cases on the filled examples/, written afterwards by a reviewer who had not seen the
# rules' code (held back while the issue-12 rules were built): tests/examples-cases/<example>.json.
EXAMPLE_CASES = Path(__file__).resolve().parent / "examples-cases"


def case_files() -> list[tuple[Path, Path]]:
    """(the RFC's folder, its cases) for the corpus and for the examples."""
    return [(folder, folder / "cases.json") for folder in RFCS] + [
        (CORPUS.parent.parent / "examples" / path.stem, path) for path in sorted(EXAMPLE_CASES.glob("*.json"))
    ]


def cases(kind: str):
    for folder, path in case_files():
        data = json.loads(path.read_text(encoding="utf-8"))
        for case in data[kind]:
            # a mistake's id names the rule it expects: `pytest -k RFC319` runs its cases too
            expects = f"{case['rule']}:" if "rule" in case else ""
            yield pytest.param(folder, case, id=f"{folder.name}:{expects}{case['id']}")


def edited(folder: Path, case: dict) -> tuple[str, range]:
    """The RFC with the case's edit, and the lines the edit touched."""
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    assert text.count(case["find"]) == 1, f"{case['id']}: 'find' must occur once"
    start = text.index(case["find"])
    first = text.count("\n", 0, start) + 1
    last = first + max(case["replace"].count("\n"), 0)
    text = text.replace(case["find"], case["replace"])
    if case.get("transform") == "crlf":  # saved by a Windows editor
        text = text.replace("\n", "\r\n")
    return text, range(first, last + 1)


def review(text: str, tmp_path: Path, folder: Path | None = None) -> list:
    """The edited RFC reviewed in a copy of its folder (its relative links still lead
    somewhere), with diagrams/*.mmd brought in line with it as `rfc check --fix` does: an
    edited diagram must not also count as a stale copy (RFC203 is tested on its own)."""
    from rfc_template import fixes

    copy = tmp_path / "rfc"
    if folder is not None:
        shutil.copytree(folder, copy)
    copy.mkdir(exist_ok=True)
    path = copy / "rfc.md"
    path.write_text(text, encoding="utf-8")
    fixes.fix(path, text)
    return check.check_text(text, path, check.REVIEW).findings


@pytest.mark.parametrize("folder", RFCS, ids=[f.name for f in RFCS])
def test_the_filled_rfc_passes_review(folder):
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    assert check.check_text(text, folder / "rfc.md").findings == []  # its status is 评审中 Reviewing


@pytest.mark.parametrize("folder, case", [c for c in cases("mistakes") if c.values[1]["rule"] != "RFC204"])
def test_a_mistake_is_caught_by_its_rule_at_its_line(folder, case, tmp_path):
    text, lines = edited(folder, case)
    findings = review(text, tmp_path, folder)
    named = [f for f in findings if f.code == case["rule"]]
    assert named, f"{case['id']} ({case['why']}) is not caught by {case['rule']}; found: {findings}"
    # at a line of the edit, at the fence just above it (a finding about a whole block),
    # or at the heading of the section the edit is in (a section emptied or missing)
    headings = [h.line for h in check.document.parse(text).headings if h.line < lines.start]
    allowed = {*lines, lines.start - 1, *headings[-1:]}
    assert any(f.line in allowed for f in named), (
        f"{case['id']}: {case['rule']} at {[f.line for f in named]}, not at {sorted(allowed)}"
    )


@pytest.mark.parametrize("folder, case", list(cases("variations")))
def test_a_natural_variation_passes_review(folder, case, tmp_path):
    text, _ = edited(folder, case)
    assert review(text, tmp_path, folder) == [], f"{case['id']} ({case['why']}) is rejected"


def test_the_corpus_is_as_large_as_promised():
    mistakes = [c for c in cases("mistakes")]
    variations = [c for c in cases("variations")]
    editions = {
        json.loads((f / ".rfc-answers.json").read_text(encoding="utf-8"))["cookiecutter"]["language"] for f in RFCS
    }
    assert len(RFCS) >= 5 and editions == {"zh", "en"} and len(list(EXAMPLE_CASES.glob("*.json"))) == 2
    assert len(mistakes) >= 300 and len(variations) >= 200


CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


@pytest.mark.parametrize(
    "folder, case",
    [
        c
        for c in cases("mistakes")
        if c.values[0].name.startswith("en-") and c.values[1]["rule"] not in ("RFC204", "RFC316")
    ],
)
def test_findings_on_an_english_rfc_speak_english(folder, case, tmp_path):
    """Sections, keys, rows and values are named as the English edition names them."""
    text, _ = edited(folder, case)
    for finding in review(text, tmp_path, folder):
        assert not CJK.search(finding.message), finding


EXAMPLES = sorted(p.parent for p in (CORPUS.parent.parent / "examples").glob("*/rfc.md"))


@pytest.mark.parametrize("folder", EXAMPLES, ids=[f.name for f in EXAMPLES])
def test_the_examples_pass_review(folder):
    """examples/ holds really filled RFCs: no stub, no example code, no hint left."""
    text = (folder / "rfc.md").read_text(encoding="utf-8")
    assert check.check_text(text, folder / "rfc.md", check.REVIEW).findings == []


def test_there_is_an_example_in_each_edition():
    languages = {
        json.loads((f / ".rfc-answers.json").read_text(encoding="utf-8"))["cookiecutter"]["language"] for f in EXAMPLES
    }
    assert languages == {"zh", "en"}


def run_diagram_check(paths: list[Path]) -> tuple[int, list[dict], str]:
    """`rfc check --diagrams --format json` over these files, in one run (one Node)."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "rfc_template",
            "check",
            "--diagrams",
            "--stage",
            "review",
            "--format",
            "json",
            *map(str, paths),
        ],
        capture_output=True,
        text=True,
    )
    if done.returncode == 2 and "--diagrams needs" in done.stderr:
        message = done.stderr.strip()
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    return done.returncode, [json.loads(line) for line in done.stdout.splitlines()], done.stderr


def test_diagram_mistakes_are_caught_by_mermaid_at_their_line(tmp_path):
    """The corpus's diagram mistakes (brackets all balanced) are Mermaid's to find: RFC204."""
    diagram_cases = [c.values for c in cases("mistakes") if c.values[1]["rule"] == "RFC204"]
    assert len(diagram_cases) >= 10
    expected = {}
    for folder, case in diagram_cases:
        text, lines = edited(folder, case)
        path = tmp_path / f"{folder.name}-{case['id']}" / "rfc.md"
        path.parent.mkdir()
        path.write_text(text, encoding="utf-8")
        # Mermaid names the line where it gave up: in the edit, or after it in the same
        # diagram (an `alt` never closed is found at the diagram's end)
        block = next(
            b
            for b in check.document.parse(text).code_blocks
            if b.info == "mermaid" and b.line < lines.start <= b.line + b.code.count("\n") + 1
        )
        expected[str(path)] = (case, range(lines.start, block.line + block.code.count("\n") + 2))
    status, findings, stderr = run_diagram_check(list(expected))
    assert status == 1, stderr
    for path, (case, lines) in expected.items():
        at = [f["line"] for f in findings if f["path"] == path and f["code"] == "RFC204"]
        assert any(line in lines for line in at), f"{case['id']}: RFC204 at {at}, edit at {list(lines)}"


def test_the_examples_pass_review_with_mermaid_too():
    status, findings, stderr = run_diagram_check(EXAMPLES)
    assert (status, findings) == (0, []), stderr
