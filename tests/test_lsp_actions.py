"""What `rfc lsp` offers on a finding, judged by `rfc check` itself (rfc_template/lsp/actions.py).

A waiver the server inserts must silence the finding it was offered for, where `rfc check`
reads it, and change nothing else: no new finding (a table split by a comment line, an
RFC009 unused waiver, a heading no longer read as the section), nothing else silenced but
that rule's findings on the same line or block. Tried on every finding of a fresh draft of
each edition at review (slots, choices, stubs, example code: lines, cells, code blocks) and
on every mistake of the hand-filled review corpus (tests/corpus/*/cases.json).
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.cli import main as rfc_main
from rfc_template.findings import Finding
from rfc_template.lsp import actions
from rfc_template.lsp.diagnostics import lines_of

CORPUS = Path(__file__).resolve().parent / "corpus"


@pytest.fixture(scope="module")
def drafts(tmp_path_factory) -> dict[str, Path]:
    """A fresh draft of each edition, as `rfc new` writes it."""
    out = tmp_path_factory.mktemp("drafts")
    for language, title in (("zh", "测试特性"), ("en", "Test feature")):
        code = rfc_main(
            ["new", "--no-input", f"--language={language}", f"--title={title}", "--author=Ann", "--module=distributed"]
            + [f"--slug={language}", f"--output-dir={out}"]
        )
        assert code == 0
    return {language: out / language / "rfc.md" for language in ("zh", "en")}


def inserted(text: str, insertions) -> str:
    lines = lines_of(text)
    for position, new in sorted(insertions, key=lambda item: (item[0].line, item[0].character), reverse=True):
        line = lines[position.line]
        lines[position.line] = line[: position.character] + new + line[position.character :]
    return "\n".join(lines)


def original_line(line: int, insertions) -> int:
    """A line of the waived text, as numbered before the waiver's lines were inserted."""
    added_before = sum(
        1
        for position, new in insertions
        if (new.endswith("\n") and line > position.line + 1) or (new.startswith("\n") and line > position.line + 2)
    )
    return line - added_before


def as_before(finding: Finding, insertions) -> tuple[int, str, str]:
    line = original_line(finding.line, insertions)
    return line, finding.code, finding.message.replace(f"'{finding.line}'", f"'{line}'")  # RFC303 names its row


def waiver_problems(path: Path, text: str) -> tuple[int, list[str]]:
    """How many findings were waived, and what went wrong with any of them."""
    before = check.check_text(text, path, check.REVIEW).findings
    problems, tried = [], 0
    for finding in before:
        waiver = actions.waiver_edits(text, finding)
        if waiver is None:
            continue
        tried += 1
        title, insertions = waiver
        after = check.check_text(inserted(text, insertions), path, check.REVIEW).findings
        now = Counter(as_before(f, insertions) for f in after)
        then = Counter((f.line, f.code, f.message) for f in before)
        gone, new = then - now, now - then
        silenced_other = [item for item in gone if item[1] != finding.code]
        if (finding.line, finding.code, finding.message) not in gone or new or silenced_other:
            problems.append(f"{path.name}:{finding.line} {finding.code} ({title}): new {list(new)}, gone {list(gone)}")
    return tried, problems


@pytest.mark.parametrize("language", ["zh", "en"])
def test_each_finding_of_a_fresh_draft_is_waived_where_it_stands(drafts, language):
    path = drafts[language]
    tried, problems = waiver_problems(path, path.read_text(encoding="utf-8"))
    assert tried > 50  # slots in lines and cells, choices, stubs and examples in code blocks
    assert problems == []


@pytest.mark.parametrize("folder", sorted(p.parent.name for p in CORPUS.glob("*/cases.json")))
def test_each_mistake_of_the_review_corpus_is_waived_where_it_stands(folder):
    path = CORPUS / folder / "rfc.md"
    text = path.read_text(encoding="utf-8")
    tried = 0
    problems: list[str] = []
    for case in json.loads((CORPUS / folder / "cases.json").read_text(encoding="utf-8"))["mistakes"]:
        if case["find"] not in text:
            continue
        count, found = waiver_problems(path, text.replace(case["find"], case["replace"], 1))
        tried += count
        problems += [f"{case['id']}: {problem}" for problem in found]
    assert tried > 20
    assert problems == []


def test_a_waiver_in_a_table_row_keeps_the_row_whole(drafts):
    text = drafts["zh"].read_text(encoding="utf-8")
    row = next(line for line in lines_of(text) if line.startswith("| UT |"))
    number = lines_of(text).index(row) + 1
    _, insertions = actions.waiver_edits(text, Finding(number, 1, "RFC301", "x"))
    waived = lines_of(inserted(text, insertions))[number - 1]
    assert waived.endswith("<!-- rfc-disable-line RFC301 -- reason --> |")
    assert waived.count("|") == row.count("|")


def test_what_is_never_waived_is_offered_no_waiver(drafts):
    text = drafts["en"].read_text(encoding="utf-8")
    for code in ("RFC009", "RFC010", "RFC204"):
        assert actions.waiver_edits(text, Finding(3, 1, code, "x")) is None


def test_the_fix_of_a_stale_diagram_copy_is_the_block_and_one_drawn_in_is_left(drafts, tmp_path):
    rfc = tmp_path / "rfc.md"
    rfc.write_text(drafts["zh"].read_text(encoding="utf-8"), encoding="utf-8")
    copy = tmp_path / "diagrams" / "flowchart.mmd"
    copy.parent.mkdir()
    copy.write_text("flowchart TD\n    A --> B\n", encoding="utf-8")
    os.utime(copy, (1, 1))  # older than rfc.md: a stale copy, nobody drew there since
    text = rfc.read_text(encoding="utf-8")
    stale = next(f for f in check.check_text(text, rfc).findings if f.code == "RFC203")
    title, target, old, new = actions.fix_edits(rfc, text, stale, lambda p: p.read_text(encoding="utf-8"))
    assert target == copy and old == "flowchart TD\n    A --> B\n"
    assert rfc_main(["check", "--fix", str(rfc)]) == 0  # what `rfc check --fix` writes, the file it rewrites
    assert new == copy.read_text(encoding="utf-8") and "A --> B" not in new
    copy.write_text("flowchart TD\n    A --> C\n", encoding="utf-8")  # now changed after rfc.md: someone drew
    assert actions.fix_edits(rfc, text, stale, lambda p: p.read_text(encoding="utf-8")) is None


def test_hover_shows_the_rule_page_rfc_rule_prints(capsys):
    assert rfc_main(["rule", "RFC312"]) == 0
    page = capsys.readouterr().out
    text = actions.hover_text([Finding(1, 1, "RFC312", "x"), Finding(1, 5, "RFC312", "y")])
    assert text.startswith(page.rstrip())
    assert text.count("# RFC312") == 1 and "docs/rules/RFC312.md" in text
