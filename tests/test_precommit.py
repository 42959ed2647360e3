"""The `rfc-check` pre-commit hook, run by pre-commit itself on commits of a repository of RFCs.

A commit that changes only an RFC's diagrams/*.mmd runs the hook on the rfc.md beside it
(RFC203: the copy differs from rfc.md's block), and `args: [--fix]` is a fixer: it
rewrites the copy, pre-commit fails the commit because a file changed, and the next run
passes. The hook repository is this working tree as a commit would take it (tracked and
new files, .gitignore applied), in a throwaway git repository, so that what is tested is
.pre-commit-hooks.yaml and the code as they are now; pre-commit installs it as a Python hook
into a PRE_COMMIT_HOME of the module's own (one install for every test here, about 15 s).

Also `rfc check` with the paths `git diff --name-only` gives: each RFC once, in order.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from rfc_template.cli import main

PROJECT = Path(__file__).resolve().parents[1]
GIT = ["git", "-c", "user.name=t", "-c", "user.email=t@example.com", "-c", "commit.gpgsign=false"]
HOOKS = {hook["id"]: hook for hook in yaml.safe_load((PROJECT / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))}


def rfc(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def new_rfc(capsys, folder: Path, slug: str) -> Path:
    status, _, err = rfc(capsys, "new", "--no-input", "--author", "X", "--slug", slug, "--output-dir", folder)
    assert status == 0, err
    return folder / slug / "rfc.md"


def git(cwd: Path, *args: str, env: dict | None = None, check: bool = True) -> subprocess.CompletedProcess:
    return subprocess.run([*GIT, *args], cwd=cwd, env=env, check=check, capture_output=True, text=True, timeout=600)


def block_line(rfc: Path) -> int:
    """The line of rfc.md's first mermaid block (6.1's flowchart), where RFC203 reports it."""
    return rfc.read_text(encoding="utf-8").splitlines().index("```mermaid") + 1


def later(path: Path, than: Path) -> None:
    """`path` saved after `than` (file times of a second apart, whatever the clock's grain)."""
    when = than.stat().st_mtime_ns + 10**9
    os.utime(path, ns=(when, when))


# --- the hook's files pattern --------------------------------------------------------------


@pytest.mark.parametrize(
    "path, checked",
    [
        ("rfc.md", True),
        ("docs/design/offload/rfc.md", True),
        ("docs/design/offload/diagrams/flowchart.mmd", True),  # one of an RFC's diagrams: its RFC is checked
        ("diagrams/flowchart.mmd", True),  # an RFC at the repository's top
        ("docs/design/offload/diagrams/old/flowchart.mmd", False),  # below diagrams/: no RFC's copy
        ("docs/arch.mmd", False),
        ("README.md", False),
        ("docs/design/offload/rfc.md.orig", False),
        ("docs/design/offload/myrfc.md", False),
    ],
)
def test_the_hook_runs_on_rfcs_and_their_diagrams(path, checked):
    assert bool(re.search(HOOKS["rfc-check"]["files"], path)) == checked


# --- rfc check with a change's paths --------------------------------------------------------


def test_a_diagram_path_checks_its_rfc_once_in_the_order_given(capsys, tmp_path, monkeypatch):
    one, two = new_rfc(capsys, tmp_path, "one"), new_rfc(capsys, tmp_path, "two")
    flow = one.parent / "diagrams" / "flowchart.mmd"
    flow.write_text(flow.read_text(encoding="utf-8").replace("flowchart TD", "flowchart LR", 1), encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    stale = f"one/rfc.md:{block_line(one)}:1: RFC203 diagrams/flowchart.mmd differs from the mermaid block in '6.1 总体流程'"
    status, out, err = rfc(capsys, "check", "one/diagrams/flowchart.mmd")
    assert status == 1 and out.startswith(stale) and len(out.splitlines()) == 1, out + err

    # as `git diff --name-only` lists a change: one's diagrams, two, then one itself
    paths = ["one/diagrams/flowchart.mmd", "one/diagrams/sequence.mmd", "two/rfc.md", "one/rfc.md"]
    edit_two = two.read_text(encoding="utf-8").replace("| 作者 | X |", "| 作者 |  |", 1)
    two.write_text(edit_two, encoding="utf-8")
    status, out, err = rfc(capsys, "check", "--format", "json", *paths)
    assert status == 1
    assert [line.split('"')[3] for line in out.splitlines()] == ["one/rfc.md", "two/rfc.md"]
    assert err == ""
    status, _, err = rfc(capsys, "check", *paths)
    assert err.splitlines()[-1] == "2 errors, 0 warnings in 2 files"  # each RFC once

    # from inside the RFC's folder
    monkeypatch.chdir(one.parent)
    status, out, _ = rfc(capsys, "check", "diagrams/flowchart.mmd")
    assert status == 1 and out.startswith(f"rfc.md:{block_line(one)}:1: RFC203 ")


def test_a_diagram_of_no_rfc_is_skipped_with_a_note(capsys, tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    new_rfc(capsys, tmp_path, "one")
    Path("arch.mmd").write_text("flowchart LR\n    A --> B\n", encoding="utf-8")
    Path("moved/diagrams").mkdir(parents=True)
    Path("moved/diagrams/flow.mmd").write_text("flowchart LR\n    A --> B\n", encoding="utf-8")
    status, out, err = rfc(capsys, "check", "arch.mmd", "one/diagrams/flowchart.mmd", "moved/diagrams/flow.mmd")
    assert (status, out) == (0, "")
    assert err.splitlines() == [
        "rfc check: note: arch.mmd: skipped: the diagram of no RFC (an RFC's diagrams are in the diagrams/ folder "
        "beside its rfc.md); rfc check --diagrams parses it",
        "rfc check: note: moved/diagrams/flow.mmd: skipped: the diagram of no RFC (no moved/rfc.md beside its "
        "diagrams/ folder); rfc check --diagrams parses it",
    ]
    assert rfc(capsys, "check", "arch.mmd")[0] == 0  # nothing to check is no failure: the hook passes


def test_other_paths_are_what_they_were(capsys, tmp_path, monkeypatch):
    """A file is still checked as an RFC (a Markdown file that is none is an error), a
    missing path is an error: a change's list is filtered by name, as the hook's files do."""
    monkeypatch.chdir(tmp_path)
    new_rfc(capsys, tmp_path, "one")
    Path("README.md").write_text("# RFCs\n\nThe designs.\n", encoding="utf-8")
    status, out, err = rfc(capsys, "check", "one/diagrams/flowchart.mmd", "README.md", "gone/diagrams/x.mmd")
    assert (status, out) == (2, "")
    assert err.splitlines() == [  # a PATH's problem first, then each file's
        "rfc check: gone/diagrams/x.mmd: no such file or directory",
        "rfc check: README.md: not an RFC: none of the template's sections (such as '## 1. 基本信息') is in it",
    ]


def test_the_documented_change_filter_picks_rfcs_and_their_diagrams(capsys, tmp_path):
    """docs/rfc-command.md's `git diff --name-only ... | xargs -r rfc check`, on a change
    that touches a diagram, the README and a deleted RFC."""
    page = (PROJECT / "docs" / "rfc-command.md").read_text(encoding="utf-8")
    [command] = [line.strip() for line in page.splitlines() if line.startswith("git diff --name-only")]
    new_rfc(capsys, tmp_path, "one")
    new_rfc(capsys, tmp_path, "gone")
    (tmp_path / "README.md").write_text("# RFCs\n", encoding="utf-8")
    git(tmp_path, "init", "-q")
    git(tmp_path, "add", "-A")
    git(tmp_path, "commit", "-q", "-m", "RFCs")
    shutil.rmtree(tmp_path / "gone")
    (tmp_path / "README.md").write_text("# RFCs\n\nMore.\n", encoding="utf-8")
    flow = tmp_path / "one" / "diagrams" / "flowchart.mmd"
    flow.write_text(flow.read_text(encoding="utf-8").replace("flowchart TD", "flowchart LR", 1), encoding="utf-8")
    bin_dir = Path(sys.executable).parent  # `rfc` of this environment
    env = {**os.environ, "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}"}
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert done.returncode == 123, done.stderr  # xargs's status when the command fails
    line = block_line(tmp_path / "one" / "rfc.md")
    assert done.stdout.startswith(f"one/rfc.md:{line}:1: RFC203 diagrams/flowchart.mmd differs")
    flow.write_text(flow.read_text(encoding="utf-8").replace("flowchart LR", "flowchart TD", 1), encoding="utf-8")
    done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True)
    assert (done.returncode, done.stdout, done.stderr) == (0, "", "")  # only the README changed: nothing to check


# --- pre-commit itself ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def hook(tmp_path_factory) -> dict:
    """This working tree as a hook repository (its path and commit), and the environment
    pre-commit runs in: a PRE_COMMIT_HOME of this module's, shared by its tests."""
    if shutil.which("git") is None:
        pytest.skip("git is not on PATH")
    root = tmp_path_factory.mktemp("pre-commit")
    listed = subprocess.run(
        ["git", "ls-files", "--cached", "--others", "--exclude-standard", "-z"],
        cwd=PROJECT,
        capture_output=True,
        check=True,
    ).stdout.decode("utf-8")
    repo = root / "hook"
    for name in filter(None, listed.split("\0")):
        source = PROJECT / name
        if source.is_file():  # a deleted, not yet committed file is listed too
            (repo / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, repo / name, follow_symlinks=False)
    git(repo, "init", "-q")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "hook")
    rev = git(repo, "rev-parse", "HEAD").stdout.strip()
    env = {key: value for key, value in os.environ.items() if not key.startswith(("GIT_", "PRE_COMMIT"))}
    env["PRE_COMMIT_HOME"] = str(root / "home")
    return {"repo": repo, "rev": rev, "env": env}


def documented(fix: bool) -> dict:
    """docs/rfc-command.md's .pre-commit-config.yaml, with this working tree for the
    repository and only the rfc-check hook (the Node hook is tests/test_diagrams_mermaid.py's);
    `fix`: its rfc-check entry as the page's `args: [--fix]` block has it."""
    page = (PROJECT / "docs" / "rfc-command.md").read_text(encoding="utf-8")
    blocks = [yaml.safe_load(block) for block in re.findall(r"^```yaml\n(.*?)^```", page, re.M | re.S)]
    [config] = [block for block in blocks if isinstance(block, dict) and "repos" in block]
    [fixer] = [block for block in blocks if isinstance(block, list) and block[0].get("args") == ["--fix"]]
    [entry] = fixer if fix else [hook for hook in config["repos"][0]["hooks"] if hook["id"] == "rfc-check"]
    assert entry["id"] == "rfc-check" and config["repos"][0]["repo"] == "https://github.com/mindspore/rfc-template"
    return {"repos": [{**config["repos"][0], "hooks": [entry]}]}


def rfcs_repository(capsys, folder: Path, hook: dict, fix: bool = False) -> Path:
    """A repository of RFCs whose commits run the rfc-check hook as the docs configure it
    (`pre-commit install`), with one RFC, `docs/one`, committed."""
    folder.mkdir()
    git(folder, "init", "-q")
    config = documented(fix)
    config["repos"][0].update(repo=str(hook["repo"]), rev=hook["rev"])
    (folder / ".pre-commit-config.yaml").write_text(yaml.safe_dump(config), encoding="utf-8")
    installed = subprocess.run(
        [sys.executable, "-m", "pre_commit", "install"], cwd=folder, env=hook["env"], capture_output=True, text=True
    )
    assert installed.returncode == 0, installed.stdout + installed.stderr
    new_rfc(capsys, folder / "docs", "one")
    git(folder, "add", "-A")
    first = git(folder, "commit", "-q", "-m", "an RFC", env=hook["env"], check=False)  # the hook passes it
    assert first.returncode == 0, first.stdout + first.stderr
    return folder


def commit(folder: Path, hook: dict, *paths: str) -> subprocess.CompletedProcess:
    git(folder, "add", "--", *paths)
    return git(folder, "commit", "-m", "change", env=hook["env"], check=False)


def run_hook(folder: Path, hook: dict, *paths: str) -> subprocess.CompletedProcess:
    command = [sys.executable, "-m", "pre_commit", "run", "rfc-check", "--files", *paths]
    return subprocess.run(command, cwd=folder, env=hook["env"], capture_output=True, text=True, timeout=600)


def commits(folder: Path) -> int:
    return int(git(folder, "rev-list", "--count", "HEAD").stdout)


def test_a_commit_of_only_a_diagram_checks_its_rfc(capsys, tmp_path, hook):
    repo = rfcs_repository(capsys, tmp_path / "rfcs", hook)
    flow = repo / "docs" / "one" / "diagrams" / "flowchart.mmd"
    flow.write_text(flow.read_text(encoding="utf-8").replace("flowchart TD", "flowchart LR", 1), encoding="utf-8")
    done = commit(repo, hook, "docs/one/diagrams/flowchart.mmd")
    said = done.stdout + done.stderr
    assert done.returncode == 1 and commits(repo) == 1, said
    assert re.search(r"^rfc check\.+Failed$", said, re.M), said
    line = block_line(repo / "docs" / "one" / "rfc.md")
    assert (
        f"docs/one/rfc.md:{line}:1: RFC203 diagrams/flowchart.mmd differs from the mermaid block in '6.1 总体流程'"
        in said
    )

    flow.write_text(flow.read_text(encoding="utf-8").replace("flowchart LR", "flowchart TD", 1), encoding="utf-8")
    (repo / "docs" / "arch").mkdir()  # a diagram of no RFC: skipped, so the commit passes
    (repo / "docs" / "arch" / "diagrams").mkdir()
    (repo / "docs" / "arch" / "diagrams" / "overview.mmd").write_text("flowchart LR\n    A --> B\n", encoding="utf-8")
    done = commit(repo, hook, "docs/one/diagrams/flowchart.mmd", "docs/arch/diagrams/overview.mmd")
    assert done.returncode == 0 and commits(repo) == 2, done.stdout + done.stderr
    assert re.search(r"^rfc check\.+Passed$", done.stdout + done.stderr, re.M)


def test_fix_leaves_a_copy_drawn_after_rfc_md(capsys, tmp_path, hook):
    repo = rfcs_repository(capsys, tmp_path / "rfcs", hook, fix=True)
    one = repo / "docs" / "one"
    sequence = one / "diagrams" / "sequence.mmd"

    # the copy changed after rfc.md (drawn there): left alone, and the commit fails
    drawn = sequence.read_text(encoding="utf-8").replace("sequenceDiagram", "sequenceDiagram\n    autonumber", 1)
    sequence.write_text(drawn, encoding="utf-8")
    later(sequence, than=one / "rfc.md")
    done = commit(repo, hook, "docs/one/diagrams/sequence.mmd")
    said = done.stdout + done.stderr
    assert done.returncode == 1 and commits(repo) == 1, said
    assert "files were modified by this hook" not in said
    assert "docs/one/diagrams/sequence.mmd was changed after rfc.md, so it is not rewritten" in said
    assert "docs/one/rfc.md:" in said and "RFC203 diagrams/sequence.mmd differs" in said
    assert sequence.read_text(encoding="utf-8") == drawn


def test_fix_after_editing_a_block_is_the_usual_fixer_round(capsys, tmp_path, hook):
    """The block edited in rfc.md and only rfc.md staged: the hook rewrites the copy, the
    commit fails; stage the copy, and the commit passes."""
    repo = rfcs_repository(capsys, tmp_path / "rfcs", hook, fix=True)
    one = repo / "docs" / "one"
    text = (one / "rfc.md").read_text(encoding="utf-8")
    (one / "rfc.md").write_text(text.replace("flowchart TD", "flowchart LR", 1), encoding="utf-8")
    later(one / "rfc.md", than=one / "diagrams" / "flowchart.mmd")
    done = commit(repo, hook, "docs/one/rfc.md")
    assert done.returncode == 1 and "files were modified by this hook" in done.stdout + done.stderr
    assert (one / "diagrams" / "flowchart.mmd").read_text(encoding="utf-8").startswith("flowchart LR")
    done = commit(repo, hook, "docs/one/rfc.md", "docs/one/diagrams/flowchart.mmd")
    assert done.returncode == 0 and commits(repo) == 2, done.stdout + done.stderr


def test_a_staged_drawing_is_never_lost_to_the_fixer(capsys, tmp_path, hook):
    """With unstaged edits in rfc.md, pre-commit sets them aside and writes rfc.md anew,
    so rfc.md is the newer file; the drawing staged in the copy is still left as drawn."""
    repo = rfcs_repository(capsys, tmp_path / "rfcs", hook, fix=True)
    one = repo / "docs" / "one"
    sequence = one / "diagrams" / "sequence.mmd"
    drawn = sequence.read_text(encoding="utf-8").replace("sequenceDiagram", "sequenceDiagram\n    autonumber", 1)
    sequence.write_text(drawn, encoding="utf-8")
    git(repo, "add", "docs/one/diagrams/sequence.mmd")
    text = (one / "rfc.md").read_text(encoding="utf-8")
    (one / "rfc.md").write_text(text.replace("flowchart TD", "flowchart LR", 1), encoding="utf-8")  # not staged
    later(one / "rfc.md", than=sequence)
    done = git(repo, "commit", "-m", "a drawing", env=hook["env"], check=False)
    said = done.stdout + done.stderr
    assert done.returncode == 1 and commits(repo) == 1, said
    assert "docs/one/diagrams/sequence.mmd has a change staged for commit, so it is not rewritten" in said
    assert "files were modified by this hook" not in said
    assert sequence.read_text(encoding="utf-8") == drawn
    assert git(repo, "show", ":docs/one/diagrams/sequence.mmd").stdout == drawn
    assert "flowchart LR" in (one / "rfc.md").read_text(encoding="utf-8")  # the unstaged edit is back too
