"""RFC012, merge conflicts left in an RFC, with conflicts made by real git: `git apply -3`
as `cruft update` runs it, `git merge-file` (also diff3 style), `git merge` and cruft
itself.

Each conflict is one finding, at its `<<<<<<<` line, and nothing else is reported that
the RFC with every conflict resolved to its first side would not report: git writes
that text itself (`git merge-file --ours`), and its findings are expected at the lines
they read in the conflicted file.
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

from rfc_template import check, config, document
from rfc_template.cli import main
from rfc_template.findings import Finding
from rfc_template.lint.context import merge_conflicts

PROJECT = Path(__file__).resolve().parents[1]
FILLED_EN = PROJECT / "examples" / "ulysses-sequence-parallel"  # passes review, diagrams beside it
CODE = "RFC012"
GIT = ("git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false")


def git(cwd: Path, *args: str, ok: tuple[int, ...] = (0,)) -> subprocess.CompletedProcess:
    done = subprocess.run([*GIT, *args], cwd=cwd, capture_output=True, text=True)
    assert done.returncode in ok, f"git {' '.join(args)}: exit {done.returncode}\n{done.stdout}{done.stderr}"
    return done


def replaced(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


@pytest.fixture(scope="module")
def generated(tmp_path_factory) -> Path:
    """A fresh draft, as `rfc new` writes it (with its diagrams/)."""
    out = tmp_path_factory.mktemp("generated")
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "new", "--no-input", "--output-dir", str(out)]
        + ["--title", "Ring Attention 上下文并行", "--slug", "ring", "--author", "张三", "--date", "2026-12-01"],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    return out / "ring"


@pytest.fixture
def folder(tmp_path: Path, request) -> Path:
    """A copy of an RFC's folder to check in: the filled English example, or `generated`."""
    source = request.getfixturevalue("generated") if getattr(request, "param", "") == "generated" else FILLED_EN
    copy = tmp_path / "rfc"
    shutil.copytree(source, copy)
    return copy


def merge_file(tmp: Path, ours: str, base: str, theirs: str, *options: str) -> str:
    """`git merge-file -p`: the three-way merge of ours and theirs, conflicts as git writes
    them; and git's own resolution to ours (`--ours`) is what `kept_lines` keeps of it."""
    for name, text in (("ours", ours), ("base", base), ("theirs", theirs)):
        (tmp / f"{name}.md").write_text(text, encoding="utf-8")
    merged = []
    for resolution in ((), ("--ours",)):
        labels = ("-L", "ours", "-L", "base", "-L", "theirs")
        args = ("merge-file", "-p", *resolution, *options, *labels, "ours.md", "base.md", "theirs.md")
        merged.append(git(tmp, *args, ok=tuple(range(128))).stdout)  # exit: how many conflicts
    conflicted, resolved_by_git = merged
    lines = conflicted.split("\n")
    assert "\n".join(lines[n - 1] for n in kept_lines(conflicted)) == resolved_by_git
    return conflicted


def kept_lines(conflicted: str) -> list[int]:
    """The lines of `conflicted` that resolving each conflict to ours keeps, read the way
    git writes the markers (the reading under test is rfc_template's own)."""
    kept, state = [], "out"
    for number, line in enumerate(conflicted.split("\n"), start=1):
        marker = line.split(" ", 1)[0]
        if state == "out" and marker == "<" * 7:
            state = "ours"
        elif state == "ours" and marker in ("|" * 7, "=" * 7):
            state = "skip"
        elif state == "skip" and marker == ">" * 7:
            state = "out"
        elif state in ("out", "ours"):
            kept.append(number)
    return kept


def findings(folder: Path, text: str, stage: str = check.REVIEW) -> list[Finding]:
    (folder / "rfc.md").write_text(text, encoding="utf-8")
    return check.check_text(text, folder / "rfc.md", stage).findings


def assert_only_the_conflicts(folder: Path, conflicted: str, stage: str = check.REVIEW) -> list[Finding]:
    """RFC012 once at each `<<<<<<<` line; every other finding is one of the resolved
    text's (git's own `--ours` resolution), at the line it reads in the conflicted file."""
    lines = conflicted.split("\n")
    openings = [n for n, line in enumerate(lines, start=1) if line.split(" ", 1)[0] == "<" * 7]
    assert openings, "the merge left no conflict"
    kept = kept_lines(conflicted)
    resolved = "\n".join(lines[n - 1] for n in kept)
    expected = []
    for f in findings(folder, resolved, stage):
        message = re.sub(r"(at line )(\d+)", lambda m: f"{m.group(1)}{kept[int(m.group(2)) - 1]}", f.message)
        expected.append(f._replace(line=kept[f.line - 1], message=message))
    found = findings(folder, conflicted, stage)
    assert [f.line for f in found if f.code == CODE] == openings, [f.format("rfc.md") for f in found]
    assert sorted(f for f in found if f.code != CODE) == sorted(expected)
    return found


# --- git apply -3, as cruft update runs it --------------------------------------------


def apply_3(tmp: Path, base: str, ours: str, theirs: str) -> str:
    """The author's `ours` committed on `base`, then the change from `base` to `theirs`
    applied as cruft update applies the template's change: `git apply -3`."""
    repo = tmp / "repo"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    (repo / "rfc.md").write_text(base, encoding="utf-8")
    git(repo, "add", "rfc.md")
    git(repo, "commit", "-q", "-m", "base")
    (repo / "rfc.md").write_text(theirs, encoding="utf-8")
    patch = git(repo, "diff", "--binary").stdout
    (repo / "rfc.md").write_text(ours, encoding="utf-8")
    git(repo, "commit", "-q", "-am", "the author's")
    (tmp / "template.patch").write_text(patch, encoding="utf-8")
    applied = git(repo, "apply", "-3", str(tmp / "template.patch"), ok=(0, 1))
    assert "with conflicts" in applied.stderr, applied.stderr
    return (repo / "rfc.md").read_text(encoding="utf-8")


TEMPLATE_ROW = "| 和已有行为不一致 | 差异、原因、迁移方式 |\n"
AUTHORS_ROW = "| 和已有行为不一致 | 无：只新增接口，默认关闭 |\n"
TEMPLATES_ROW = "| 和已有行为不一致 | 差异、原因、迁移方式、废弃计划 |\n"


@pytest.mark.parametrize("folder", ["generated"], indirect=True)
@pytest.mark.parametrize("stage", [check.DRAFT, check.REVIEW])
def test_a_conflict_in_a_table_row_as_cruft_update_leaves_it(folder, tmp_path, stage):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    ours = replaced(base, (TEMPLATE_ROW, AUTHORS_ROW))
    theirs = replaced(base, (TEMPLATE_ROW, TEMPLATES_ROW))
    conflicted = apply_3(tmp_path, base, ours, theirs)
    assert f"<<<<<<< ours\n{AUTHORS_ROW}=======\n{TEMPLATES_ROW}>>>>>>> theirs\n" in conflicted
    assert conflicted == merge_file(tmp_path, ours, base, theirs)  # which git resolves to ours, as we read it
    found = assert_only_the_conflicts(folder, conflicted, stage)
    if stage == check.DRAFT:  # a fresh draft passes: the conflict is all there is
        assert [f.code for f in found] == [CODE]
    line = conflicted.split("\n").index("<<<<<<< ours") + 1
    assert found[[f.code for f in found].index(CODE)].message == (
        f"merge conflict left in at lines {line}-{line + 4}: keep 'ours' (line {line + 1}) or 'theirs' "
        f"(line {line + 3}), or combine the two, then delete the lines <<<<<<<, ======= and >>>>>>>; "
        "until then the other rules read 'ours'"
    )


@pytest.mark.parametrize("folder", ["generated"], indirect=True)
def test_without_the_resolution_the_markers_would_be_reported_as_damage(folder, tmp_path, monkeypatch):
    """What the issue saw: the table cut by the markers. The tests above can fail."""
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    ours, theirs = replaced(base, (TEMPLATE_ROW, AUTHORS_ROW)), replaced(base, (TEMPLATE_ROW, TEMPLATES_ROW))
    conflicted = apply_3(tmp_path, base, ours, theirs)
    monkeypatch.setattr(check, "merge_conflicts", lambda doc: ())
    assert {f.code for f in findings(folder, conflicted, check.DRAFT)} - {CODE}, "the markers did no damage"


# --- git merge-file, on the filled English example (which passes review) -------------

DEPENDENCIES_END = (
    "The minimum deliverable of this phase: PT Ulysses for the Llama and Qwen models of `hyper_parallel.model` "
    "with KV-head replication and the packed all-to-all, composing with `fully_shard` / hsdp, TP and recompute.\n"
)
TRADE_OFF = "The main cost of option A: the replicated K and V traffic, and a hard upper bound of cp = `num_q_heads`.\n"


def test_a_paragraph_conflict_is_not_an_empty_section(folder, tmp_path):
    """The issue's case: the line above `=======` read as a heading, 6.6 as empty (RFC310)."""
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    ours = replaced(base, (TRADE_OFF, "The main cost of option A: the replicated K and V traffic.\n"))
    theirs = replaced(base, (TRADE_OFF, "The main cost of option A: cp is at most `num_q_heads`.\n"))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    assert [f.code for f in assert_only_the_conflicts(folder, conflicted)] == [CODE]


def test_a_conflict_spanning_headings(folder, tmp_path):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    later = "\n### 7.1 Later phases\n\nPP and the MS backend.\n"
    ours = replaced(base, (DEPENDENCIES_END, DEPENDENCIES_END.replace("recompute.", "recompute (PR5).") + later))
    theirs = replaced(base, (DEPENDENCIES_END, "The minimum deliverable: xxx.\n\n### 7.1 Open items\n\nxxx.\n"))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    conflict = conflicted[conflicted.index("<<<<<<<") : conflicted.index(">>>>>>>")]
    assert "\n### 7.1 Later phases\n" in conflict and "\n### 7.1 Open items\n" in conflict
    assert [f.code for f in assert_only_the_conflicts(folder, conflicted)] == [CODE]


def test_a_conflict_in_diff3_style(folder, tmp_path):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    row = "| checkpoint | N/A | Not affected: the state dict is the same with and without Ulysses | No impact |\n"
    ours = replaced(base, (row, row.replace("No impact", "No impact; resharding across cp sizes works")))
    theirs = replaced(base, (row, row.replace("N/A", "Weak")))
    conflicted = merge_file(tmp_path, ours, base, theirs, "--diff3")
    assert "\n||||||| base\n" in conflicted
    found = assert_only_the_conflicts(folder, conflicted)
    assert [f.code for f in found] == [CODE]
    assert "then delete the base (line " in found[0].message and "|||||||" in found[0].message


def test_two_conflicts_are_two_findings(folder, tmp_path):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    first = "| Author | Chen Jie |\n"
    ours = replaced(
        base, (first, "| Author | Chen Jie, Li Na |\n"), (TRADE_OFF, "The main cost of option A: traffic.\n")
    )
    theirs = replaced(base, (first, "| Author | Chen Jie (PT) |\n"), (TRADE_OFF, "Option A costs more traffic.\n"))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    found = assert_only_the_conflicts(folder, conflicted)
    assert [f.code for f in found] == [CODE, CODE]


@pytest.mark.parametrize("folder", ["generated"], indirect=True)
def test_the_other_findings_are_at_their_lines_in_the_file(folder, tmp_path):
    """A fresh draft at review: dozens of findings, each moved past the markers above it,
    and a message's `first at line N` too (a duplicate section below a conflict)."""
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    base = replaced(base, ("## 10. 实现计划\n", "## 7. 组件依赖\n\n见上。\n\n## 10. 实现计划\n"))
    ours = replaced(base, ("本 RFC 要解决的问题：xxx。\n", "本 RFC 要解决的问题：长序列放不下。\n\n再补一段。\n"))
    theirs = replaced(base, ("本 RFC 要解决的问题：xxx。\n", "本 RFC 要解决的问题：xxx（一句话）。\n"))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    found = assert_only_the_conflicts(folder, conflicted)
    assert len(found) > 30 and any("first at line" in f.message for f in found)


# --- what is no conflict -------------------------------------------------------------


def test_a_setext_heading_and_markers_shown_in_a_text_block_are_quiet(folder):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    text = replaced(
        base,
        (
            "### 6.6 Trade-offs\n",
            "Summary\n=======\n\nA resharding tool that meets two writers reports them as git does:\n\n"
            "```text\n<<<<<<< rank0\nstep: 1200\n||||||| saved\nstep: 1100\n=======\nstep: 1180\n>>>>>>> rank1\n```\n\n"
            "```\n<<<<<<< HEAD\n```\n\n"  # an example with its opening marker only
            "### 6.6 Trade-offs\n",
        ),
    )
    assert merge_conflicts(document.parse(text)) == ()
    assert CODE not in {f.code for f in findings(folder, text)}


def test_a_conflict_inside_a_python_block_counts(folder, tmp_path):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    line = "    fuse_qkv_all_to_all: bool = True,\n"
    assert line in base
    ours = replaced(base, (line, line.replace(",", ",  # one all-to-all for q, k and v")))
    theirs = replaced(base, (line, line.replace(",", ",  # packed")))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    assert [f.code for f in assert_only_the_conflicts(folder, conflicted)] == [CODE]


def test_an_unclosed_conflict_is_reported_once(folder):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    text = replaced(base, (TRADE_OFF, "<<<<<<< ours\n" + TRADE_OFF))
    line = text.split("\n").index("<<<<<<< ours") + 1
    found = findings(folder, text)
    assert [(f.line, f.code) for f in found] == [(line, CODE)]
    assert "has no >>>>>>> line closing it" in found[0].message


# --- waivers, configuration and --fix ------------------------------------------------


def conflicted_example(tmp_path: Path, above: str = "") -> tuple[str, int]:
    base = (FILLED_EN / "rfc.md").read_text(encoding="utf-8")
    ours = replaced(base, (TRADE_OFF, "TODO: measure the traffic on Atlas.\n"))
    theirs = replaced(base, (TRADE_OFF, "The main cost of option A: traffic.\n"))
    conflicted = merge_file(tmp_path, ours, base, theirs)
    conflicted = conflicted.replace("<<<<<<< ours\n", above + "<<<<<<< ours\n")
    return conflicted, conflicted.split("\n").index("<<<<<<< ours") + 1


def test_waivers_read_the_text_the_rules_read(folder, tmp_path):
    conflicted, line = conflicted_example(tmp_path)
    assert [(f.line, f.code) for f in findings(folder, conflicted)] == [(line, CODE), (line + 1, "RFC309")]
    # a waiver above the conflict is above what follows it in the resolved text: the first side
    waived, _ = conflicted_example(tmp_path, "<!-- rfc-disable-next-line RFC309 -- measured in PR5 -->\n")
    assert [f.code for f in findings(folder, waived)] == [CODE]
    waived, _ = conflicted_example(tmp_path, "<!-- rfc-disable-next-line RFC012 -- resolved in #12 -->\n")
    assert [f.code for f in findings(folder, waived)] == ["RFC309"]
    waived = "<!-- rfc-disable-file merge-conflict -->\n" + conflicted
    assert [f.code for f in findings(folder, waived)] == ["RFC309"]


def test_configuration_selects_and_grades_it(folder, tmp_path, capsys, monkeypatch):
    conflicted, line = conflicted_example(tmp_path)
    (folder / "rfc.md").write_text(conflicted, encoding="utf-8")
    monkeypatch.chdir(folder)
    assert main(["check", "--isolated", "--ignore", "RFC012,RFC309", "rfc.md"]) == 0
    assert capsys.readouterr().out == ""
    (folder / ".rfc.toml").write_text('severity = { "merge-conflict" = "warning" }\n', encoding="utf-8")
    assert main(["check", "--stage", "draft", "rfc.md"]) == 0
    assert capsys.readouterr().out.startswith(f"rfc.md:{line}:1: RFC012 [warning] merge conflict left in")
    settings = config.settings_for(folder / "rfc.md", config.Overrides(select=("RFC3",)))
    assert [f.code for f in check.check_text(conflicted, folder / "rfc.md", check.REVIEW, settings).findings] == [
        "RFC309"
    ]


def test_fix_rewrites_nothing_while_conflicts_are_left(folder, tmp_path, capsys, monkeypatch):
    copy = folder / "diagrams" / "flowchart.mmd"
    drawn = copy.read_text(encoding="utf-8")
    copy.write_text(drawn + "    %% stale\n", encoding="utf-8")
    conflicted, line = conflicted_example(tmp_path)
    (folder / "rfc.md").write_text(conflicted, encoding="utf-8")
    os.utime(copy, ns=(1, 1))  # older than rfc.md: --fix would rewrite it
    monkeypatch.chdir(folder)
    main(["check", "--isolated", "--fix", "rfc.md"])
    out, err = capsys.readouterr()
    assert copy.read_text(encoding="utf-8") != drawn, "rewritten from a conflicted rfc.md"
    assert f"rfc.md has 1 merge conflict left in (line {line}, RFC012): nothing is rewritten from it" in err
    stale = [line for line in out.splitlines() if " RFC203 " in line]
    assert stale and all("rfc check --fix rewrites nothing while they are left" in s for s in stale)
    # resolved, the same --fix rewrites the copy
    (folder / "rfc.md").write_text((FILLED_EN / "rfc.md").read_text(encoding="utf-8"), encoding="utf-8")
    os.utime(copy, ns=(1, 1))
    assert main(["check", "--isolated", "--fix", "rfc.md"]) == 0
    assert copy.read_text(encoding="utf-8") == drawn


# --- git merge and cruft update, end to end ------------------------------------------


def test_a_git_merge_conflict(folder, tmp_path, capsys, monkeypatch):
    base = (folder / "rfc.md").read_text(encoding="utf-8")
    git(folder, "init", "-q", "-b", "main")
    git(folder, "add", "-A")
    git(folder, "commit", "-q", "-m", "RFC")
    git(folder, "checkout", "-q", "-b", "review")
    (folder / "rfc.md").write_text(replaced(base, (TRADE_OFF, "Option A costs traffic.\n")), encoding="utf-8")
    git(folder, "commit", "-q", "-am", "reviewer's wording")
    git(folder, "checkout", "-q", "main")
    (folder / "rfc.md").write_text(replaced(base, (TRADE_OFF, "Option A costs K/V traffic.\n")), encoding="utf-8")
    git(folder, "commit", "-q", "-am", "author's wording")
    git(folder, "merge", "-q", "review", ok=(1,))
    conflicted = (folder / "rfc.md").read_text(encoding="utf-8")
    assert "<<<<<<< HEAD\n" in conflicted and ">>>>>>> review\n" in conflicted
    line = conflicted.split("\n").index("<<<<<<< HEAD") + 1
    monkeypatch.chdir(folder)
    assert main(["check", "--isolated", "--stage", "review", "rfc.md"]) == 1
    out = capsys.readouterr().out
    assert out.splitlines() == [
        f"rfc.md:{line}:1: RFC012 merge conflict left in at lines {line}-{line + 4}: keep 'HEAD' (line {line + 1}) "
        f"or 'review' (line {line + 3}), or combine the two, then delete the lines <<<<<<<, ======= and >>>>>>>; "
        "until then the other rules read 'HEAD'"
    ]


CRUFT = Path(sys.executable).with_name("cruft")
TEMPLATE_FILES = (
    "cookiecutter.json",
    "local_extensions.py",
    "hooks",
    "templates",
    "{{cookiecutter.rfc_slug}}",
    "rfc_template",
)


def test_after_cruft_update_with_conflicts_rfc_check_reports_each_conflict(tmp_path):
    """The issue, end to end: cruft update says "Applied patch to rfc.md with conflicts"."""
    if not CRUFT.is_file():
        message = "cruft is not installed (pip install -e '.[test]')"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    template = tmp_path / "rfc-template"
    template.mkdir()
    for name in TEMPLATE_FILES:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, template / name, ignore=shutil.ignore_patterns("__pycache__", "_template"))
        else:
            shutil.copy2(source, template / name)
    git(template, "init", "-q", "-b", "main")
    git(template, "add", "-A")
    git(template, "commit", "-q", "-m", "template v1")
    repo = tmp_path / "rfcs"
    repo.mkdir()
    git(repo, "init", "-q", "-b", "main")
    answers = {"rfc_title": "Ring Attention 上下文并行", "rfc_slug": "ring", "author": "张三", "date": "2026-12-01"}
    created = subprocess.run(
        [str(CRUFT), "create", "--no-input", str(template), "--extra-context", json.dumps(answers, ensure_ascii=False)],
        cwd=repo,
        capture_output=True,
        text=True,
    )
    assert created.returncode == 0, created.stderr
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "RFC skeleton")  # the blob git apply -3 merges from
    rfc = repo / "ring" / "rfc.md"
    rfc.write_text(replaced(rfc.read_text(encoding="utf-8"), (TEMPLATE_ROW, AUTHORS_ROW)), encoding="utf-8")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "RFC")
    zh = template / "templates" / "rfc" / "zh.md"
    zh.write_text(replaced(zh.read_text(encoding="utf-8"), (TEMPLATE_ROW, TEMPLATES_ROW)), encoding="utf-8")
    git(template, "commit", "-q", "-am", "template v2")
    updated = subprocess.run([str(CRUFT), "update", "-y"], cwd=rfc.parent, capture_output=True, text=True)
    assert "with conflicts" in updated.stdout + updated.stderr, updated.stdout + updated.stderr
    conflicted = rfc.read_text(encoding="utf-8")
    line = conflicted.split("\n").index("<<<<<<< ours") + 1
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", "rfc.md"], cwd=rfc.parent, capture_output=True, text=True
    )
    assert done.returncode == 1
    assert [row.split(" ", 2)[:2] for row in done.stdout.splitlines()] == [[f"rfc.md:{line}:1:", CODE]]
    assert_only_the_conflicts(rfc.parent, conflicted, check.REVIEW)


def test_mermaids_findings_on_a_diagram_a_conflict_is_in_are_left_to_rfc012():
    """`rfc check --diagrams`: Mermaid reads rfc.md as written, markers and all."""
    text = (FILLED_EN / "rfc.md").read_text(encoding="utf-8")
    first = "flowchart TD\n"
    at = text.index(first) + len(first)
    line = text[at : text.index("\n", at) + 1]
    text = text[:at] + f"<<<<<<< ours\n{line}=======\n{line[:-1]} %% theirs\n>>>>>>> theirs\n" + text[at + len(line) :]
    lines = text.split("\n")
    opening = lines.index("<<<<<<< ours") + 1
    other = lines.index("```mermaid", opening) + 2  # a diagram no conflict is in
    mermaids = [Finding(opening, 1, "RFC204", "Mermaid: Parse error"), Finding(other, 1, "RFC204", "Mermaid: x")]
    assert check.outside_conflicts(mermaids, text) == mermaids[1:]
    assert check.outside_conflicts(mermaids, (FILLED_EN / "rfc.md").read_text(encoding="utf-8")) == mermaids


@pytest.mark.parametrize("newline", ["\n", "\r\n"])
def test_a_conflict_that_ends_the_file_and_windows_line_ends(folder, newline):
    """The last line a conflict with an empty first side, no newline after it: reported,
    and waived from the line above it as anywhere else."""
    base = (folder / "rfc.md").read_text(encoding="utf-8").rstrip("\n")
    conflict = "<<<<<<< ours\n=======\n| PR6 | Ring attention past `num_q_heads` | PR5 | Level1 |\n>>>>>>> theirs"
    text = f"{base}\n{conflict}"
    line = text.split("\n").index("<<<<<<< ours") + 1
    found = findings(folder, text.replace("\n", newline))
    assert [(f.line, f.code) for f in found] == [(line, CODE)] and "keep 'ours' (empty)" in found[0].message
    for waiver in ("<!-- rfc-disable-next-line RFC012 -->\n", "<!-- rfc-disable RFC012 -- until PR6 -->\n"):
        assert findings(folder, f"{base}\n{waiver}{conflict}".replace("\n", newline)) == []
