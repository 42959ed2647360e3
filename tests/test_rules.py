"""Every rule, as defined in its own file: its failing examples are reported at their
line, its passing ones are not, and its generated page is the one committed.

`pytest -k RFC319` runs one rule's cases. The examples are edits of filled RFCs written
by hand (rfc_template/lint/docs.py EXAMPLE_RFCS); the hand-filled corpus and the
held-back review cases (test_review_corpus.py) test the rules on many more.
"""

from __future__ import annotations

import datetime
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template.findings import LineIndex
from rfc_template.lint import docs
from rfc_template.lint.registry import all_rules, find_rule
from rfc_template.lint.rule import Example, Rule

PROJECT = Path(__file__).resolve().parents[1]
RULES = all_rules()


def cases(kind: str) -> list:
    return [
        pytest.param(rule, example, id=f"{rule.code}-{kind}-{number}")
        for rule in RULES
        for number, example in enumerate(getattr(rule, kind), start=1)
    ]


def expected_lines(example: Example) -> set[int]:
    """The lines the finding may be on: those `at` names, else those the edits wrote."""
    text = docs.edited(example)
    index = LineIndex(text)
    if example.at is not None:
        assert example.at in text, example.at
        return {index.position(text.index(example.at))[0]}
    lines: set[int] = set()
    base = (docs.CHECKOUT / docs.EXAMPLE_RFCS[example.rfc] / "rfc.md").read_text(encoding="utf-8")
    for old, new in example.edits:
        start = base.index(old)
        base = base.replace(old, new, 1)
        first, last = LineIndex(base).position(start)[0], LineIndex(base).position(start + max(len(new) - 1, 0))[0]
        lines.update(range(first, last + 1))
    return lines


def needs_mermaid(rule: Rule) -> None:
    if rule.needs_mermaid and shutil.which("node") is None and not os.environ.get("CI"):
        pytest.skip("RFC204 is Mermaid's verdict: it needs Node.js and `npm ci`")


@pytest.mark.parametrize("rule, example", cases("fails"))
def test_failing_example_is_reported_at_its_line(rule, example):
    needs_mermaid(rule)
    findings = docs.example_findings(rule, example)
    assert findings, f"{rule.code} reports nothing on its failing example"
    assert {f.code for f in findings} == {rule.code}, "a rule reports its own code only"
    assert {f.line for f in findings} & expected_lines(example), [f.format("rfc.md") for f in findings]


@pytest.mark.parametrize("rule, example", cases("passes"))
def test_passing_example_is_not_reported(rule, example):
    needs_mermaid(rule)
    assert docs.edited(example) != docs.edited(Example(())), "a passing example changes the RFC"
    assert docs.example_findings(rule, example) == []


@pytest.mark.parametrize("rule", RULES, ids=[rule.code for rule in RULES])
def test_rule_is_defined_whole(rule):
    assert re.fullmatch(r"RFC\d{3}", rule.code)
    assert re.fullmatch(r"[a-z0-9]+(?:-[a-z0-9]+)*", rule.name)
    assert rule.module.rpartition(".")[2] == f"{rule.code.lower()}_{rule.name.replace('-', '_')}", (
        "the file is named for the rule's code and name"
    )
    assert rule.summary and not rule.summary.endswith(".")
    assert "## What it checks" in rule.doc and "## Why a reviewer cares" in rule.doc
    assert rule.fails and rule.passes, "every rule has a failing and a passing example of its own"
    assert find_rule(rule.code) is rule is find_rule(rule.name)


def test_names_are_unique():
    names = [rule.name for rule in RULES]
    assert len(set(names)) == len(names)


def test_generated_docs_are_committed():
    """scripts/rule_docs.py --check: each page and the table are what the rules produce,
    every example message included."""
    done = subprocess.run(
        [sys.executable, "scripts/rule_docs.py", "--check"], cwd=PROJECT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr + "\nrun: python scripts/rule_docs.py"


@pytest.mark.parametrize("rule, example", [case for case in cases("fails") if not case.values[0].needs_mermaid])
def test_documented_messages_are_what_rfc_check_prints(rule, example, tmp_path, capsys, monkeypatch):
    """The messages on a rule's page are the lines `rfc check --stage review rfc.md` prints
    for the same edit (RFC111 names today, where the page names docs.EXAMPLE_DAY)."""
    from rfc_template.cli import main

    folder = tmp_path / "rfc"
    shutil.copytree(docs.CHECKOUT / docs.EXAMPLE_RFCS[example.rfc], folder)
    (folder / "rfc.md").write_text(docs.edited(example), encoding="utf-8")
    monkeypatch.chdir(folder)
    main(["check", "--stage", "review", "rfc.md"])
    printed = [line for line in capsys.readouterr().out.splitlines() if f" {rule.code} " in line]
    page = (PROJECT / "docs" / "rules" / f"{rule.code}.md").read_text(encoding="utf-8")
    if rule.code == "RFC111":  # its message names the day it is checked on
        page = page.replace(f"(today {docs.EXAMPLE_DAY.isoformat()})", f"(today {datetime.date.today().isoformat()})")
        page = page.replace(
            f"after today ({docs.EXAMPLE_DAY.isoformat()})", f"after today ({datetime.date.today().isoformat()})"
        )
    documented = [f.format("rfc.md") for f in docs.example_findings(rule, example)]
    assert printed and all(line in page for line in printed)
    assert len(printed) == len(documented)
