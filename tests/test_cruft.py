"""cruft on the template, with real cruft and git: create, check, diff and update.

An RFC made with `cruft create` is kept up to date with `cruft update`: a change of the
template (a new row, a reworded hint, a new subsection) arrives, the author's text
stays, and a change that collides with the author's is reported as cruft reports it,
with nothing lost. cruft runs in its own process: it imports the template's code.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template.template import RFC_DIR_NAME

PROJECT = Path(__file__).resolve().parents[1]
CRUFT = Path(sys.executable).with_name("cruft")
# What a clone of the template repository needs; tests, docs and benchmarks are not.
TEMPLATE_FILES = ("cookiecutter.json", "local_extensions.py", "hooks", "templates", RFC_DIR_NAME, "rfc_template")
ANSWERS = {
    "rfc_title": "Ring Attention 上下文并行",
    "rfc_slug": "ring-attention",
    "author": "张三",
    "date": "2026-12-01",
}

# The template change of the test: one of each kind, in the Chinese edition.
NEW_ROW = (
    "| 和已有行为不一致 | 差异、原因、迁移方式 |\n",
    "| 和已有行为不一致 | 差异、原因、迁移方式 |\n| 安全影响 | 权限、数据、依赖 |\n",
)
REWORDED_HINT = (
    "<!-- 说明为什么要做。本节只保留和本特性直接相关的信息。 -->",
    "<!-- 说明为什么要做：只写和本特性直接相关的信息。 -->",
)
NEW_SUBSECTION = (
    "## 10. 实现计划\n",
    "### 9.4 文档验证\n\n| 文档 | 通过标准 |\n| --- | --- |\n| 用户指南 | 示例可运行 |\n\n## 10. 实现计划\n",
)
# The author's text.
FILLED = [
    ("本 RFC 要解决的问题：xxx。", "本 RFC 要解决的问题：128K 序列训练时单卡放不下注意力的激活。"),
    ("1. 支持 xxx。", "1. 支持 Ring Attention 形式的上下文并行。"),
]


def run(*argv: str | os.PathLike, cwd: Path, check: bool = True) -> subprocess.CompletedProcess:
    done = subprocess.run([str(a) for a in argv], cwd=cwd, capture_output=True, text=True)
    if check and done.returncode != 0:
        pytest.fail(f"{' '.join(map(str, argv))}: exit {done.returncode}\n{done.stdout}\n{done.stderr}")
    return done


def git(cwd: Path, *args: str) -> subprocess.CompletedProcess:
    return run(
        "git", "-c", "user.name=Test", "-c", "user.email=test@example.com", "-c", "commit.gpgsign=false", *args, cwd=cwd
    )


def edit(path: Path, *replacements: tuple[str, str]) -> None:
    text = path.read_text(encoding="utf-8")
    for old, new in replacements:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    path.write_text(text, encoding="utf-8")


@pytest.fixture
def cruft():
    if not CRUFT.is_file():
        message = "cruft is not installed (pip install -e '.[test]')"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    return CRUFT


@pytest.fixture
def template_repo(tmp_path: Path) -> Path:
    """The template repository as cruft clones it: a git repository with one commit."""
    repo = tmp_path / "rfc-template"
    repo.mkdir()
    for name in TEMPLATE_FILES:
        source = PROJECT / name
        if source.is_dir():
            shutil.copytree(source, repo / name, ignore=shutil.ignore_patterns("__pycache__", "_template"))
        else:
            shutil.copy2(source, repo / name)
    git(repo, "init", "-q", "-b", "main")
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "template v1")
    return repo


@pytest.fixture
def rfc_repo(tmp_path: Path, template_repo: Path, cruft: Path) -> Path:
    """An RFC repository with one RFC made by `cruft create`, filled in and committed."""
    repo = tmp_path / "rfcs"
    (repo / "docs" / "design").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    run(
        cruft,
        "create",
        "--no-input",
        template_repo,
        "--extra-context",
        json.dumps(ANSWERS, ensure_ascii=False),
        "--output-dir",
        "docs/design",
        cwd=repo,
    )
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "RFC skeleton")
    return repo


def rfc_dir(repo: Path) -> Path:
    return repo / "docs" / "design" / ANSWERS["rfc_slug"]


def change_template(template_repo: Path, *replacements: tuple[str, str]) -> None:
    edit(template_repo / "templates" / "rfc" / "zh.md", *replacements)
    git(template_repo, "commit", "-q", "-am", "template v2")


def test_cruft_create_records_the_answers_once(rfc_repo: Path, tmp_path: Path):
    rfc = rfc_dir(rfc_repo)
    state = json.loads((rfc / ".cruft.json").read_text(encoding="utf-8"))
    recorded = state["context"]["cookiecutter"]
    assert {name: recorded[name] for name in ANSWERS} == ANSWERS
    # .cruft.json is the one record: the replay file would be a second copy to disagree
    assert not (rfc / ".rfc-answers.json").exists()
    # the same RFC as `rfc new` makes from the same answers
    run(
        sys.executable,
        "-m",
        "rfc_template",
        "new",
        "--no-input",
        "--title",
        ANSWERS["rfc_title"],
        "--slug",
        ANSWERS["rfc_slug"],
        "--author",
        ANSWERS["author"],
        "--date",
        ANSWERS["date"],
        "--output-dir",
        tmp_path,
        cwd=tmp_path,
    )
    assert (rfc / "rfc.md").read_bytes() == (tmp_path / ANSWERS["rfc_slug"] / "rfc.md").read_bytes()


def test_cruft_update_brings_a_template_change_and_keeps_the_authors_text(
    rfc_repo: Path, template_repo: Path, cruft: Path
):
    rfc = rfc_dir(rfc_repo)
    edit(rfc / "rfc.md", *FILLED)
    git(rfc_repo, "commit", "-q", "-am", "fill in the background")
    assert run(cruft, "check", cwd=rfc).returncode == 0

    change_template(template_repo, NEW_ROW, REWORDED_HINT, NEW_SUBSECTION)
    stale = run(cruft, "check", cwd=rfc, check=False)
    assert stale.returncode != 0, stale.stdout
    # what the author changed against the template the RFC was made from
    diff = run(cruft, "diff", cwd=rfc).stdout
    assert all(filled in diff for _, filled in FILLED) and "安全影响" not in diff

    run(cruft, "update", "-y", cwd=rfc)
    text = (rfc / "rfc.md").read_text(encoding="utf-8")
    for _, filled in FILLED:
        assert filled in text
    for _, changed in (NEW_ROW, REWORDED_HINT, NEW_SUBSECTION):
        assert changed in text
    assert run(cruft, "check", cwd=rfc).returncode == 0
    assert run(sys.executable, "-m", "rfc_template", "check", rfc / "rfc.md", cwd=rfc).stdout == ""


def test_a_conflicting_template_change_is_reported_and_nothing_is_lost(
    rfc_repo: Path, template_repo: Path, cruft: Path
):
    rfc = rfc_dir(rfc_repo)
    authors_row = "| 和已有行为不一致 | 无：只新增接口，默认关闭 |\n"
    edit(rfc / "rfc.md", (NEW_ROW[0], authors_row))
    git(rfc_repo, "commit", "-q", "-am", "constraints")
    templates_row = "| 和已有行为不一致 | 差异、原因、迁移方式、废弃计划 |\n"
    change_template(template_repo, (NEW_ROW[0], templates_row))

    done = run(cruft, "update", "-y", cwd=rfc, check=False)
    output = done.stdout + done.stderr
    text = (rfc / "rfc.md").read_text(encoding="utf-8")
    rejected = "".join(p.read_text(encoding="utf-8") for p in rfc.rglob("*.rej"))
    # cruft's own report: git's three-way merge leaves conflict markers, or a .rej file
    # cruft's own report: git's three-way merge, with conflict markers in the file
    assert done.returncode == 0 and "with conflicts" in output, output
    assert "<<<<<<<" in text and ">>>>>>>" in text
    assert authors_row in text  # the author's row is kept
    assert templates_row.strip() in text + rejected  # and the template's change is shown, not dropped


def test_cruft_prints_the_next_steps_on_stderr_and_no_temporary_path(
    rfc_repo: Path, template_repo: Path, cruft: Path, tmp_path: Path
):
    rfc = rfc_dir(rfc_repo)
    edit(rfc / "rfc.md", *FILLED)
    git(rfc_repo, "commit", "-q", "-am", "fill in the background")
    diff = run(cruft, "diff", cwd=rfc)
    # `cruft diff > x.patch` is a patch: nothing of the template's own output in it
    assert diff.stdout.startswith("diff --git"), diff.stdout[:300]
    assert "Next steps" not in diff.stdout + diff.stderr
    change_template(template_repo, NEW_ROW)
    update = run(cruft, "update", "-y", cwd=rfc)
    assert "Next steps" not in update.stdout + update.stderr  # cruft renders scratch copies in a temporary folder
    created = run(
        cruft,
        "create",
        "--no-input",
        template_repo,
        "--extra-context",
        json.dumps({**ANSWERS, "rfc_slug": "second"}, ensure_ascii=False),
        "--output-dir",
        "docs/design",
        cwd=rfc_repo,
    )
    assert "Next steps" in created.stderr and "Next steps" not in created.stdout
    assert str(rfc_repo / "docs" / "design" / "second" / "rfc.md") in created.stderr


def rfc_new_from(template_repo: Path, output_dir: Path) -> Path:
    """`rfc new` as installed from the template repository (its package, its commit)."""
    run(
        sys.executable,
        "-m",
        "rfc_template",
        "new",
        "--no-input",
        *("--title", ANSWERS["rfc_title"], "--slug", ANSWERS["rfc_slug"], "--author", ANSWERS["author"]),
        *("--date", ANSWERS["date"], "--output-dir", output_dir),
        cwd=template_repo,  # `python -m` imports the package of the working directory
    )
    return output_dir / ANSWERS["rfc_slug"]


def test_rfc_link_links_an_rfc_made_by_rfc_new_and_cruft_update_then_brings_changes(
    tmp_path: Path, template_repo: Path, cruft: Path, monkeypatch
):
    repo = tmp_path / "rfcs"
    (repo / "docs" / "design").mkdir(parents=True)
    git(repo, "init", "-q", "-b", "main")
    rfc = rfc_new_from(template_repo, repo / "docs" / "design")
    made_from = json.loads((rfc / ".rfc-answers.json").read_text(encoding="utf-8"))["rfc_template"]["commit"]
    assert made_from == git(template_repo, "rev-parse", "HEAD").stdout.strip()
    edit(rfc / "rfc.md", *FILLED)
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "RFC: Ring Attention")
    change_template(template_repo, NEW_ROW, NEW_SUBSECTION)  # after the RFC was made, before it is linked

    env_path = f"{CRUFT.parent}{os.pathsep}{os.environ['PATH']}"
    monkeypatch.setenv("PATH", env_path)
    linked = run(sys.executable, "-m", "rfc_template", "link", "--template", template_repo, cwd=rfc)
    assert made_from[:12] in linked.stdout or made_from in linked.stdout
    state = json.loads((rfc / ".cruft.json").read_text(encoding="utf-8"))
    assert state["commit"] == made_from and state["template"] == str(template_repo)
    assert {name: state["context"]["cookiecutter"][name] for name in ANSWERS} == ANSWERS
    assert not (rfc / ".rfc-answers.json").exists()  # one record of the answers
    git(repo, "add", "-A")
    git(repo, "commit", "-q", "-m", "link the RFC to its template")

    assert run(cruft, "check", cwd=rfc, check=False).returncode != 0  # the template moved on since
    run(cruft, "update", "-y", cwd=rfc)
    text = (rfc / "rfc.md").read_text(encoding="utf-8")
    assert all(filled in text for _, filled in FILLED)
    assert all(changed in text for _, changed in (NEW_ROW, NEW_SUBSECTION))
    assert run(cruft, "check", cwd=rfc).returncode == 0


def test_rfc_link_refuses_in_one_line(tmp_path: Path, template_repo: Path, monkeypatch):
    rfc = rfc_new_from(template_repo, tmp_path)
    monkeypatch.setenv("PATH", f"{CRUFT.parent}{os.pathsep}{os.environ['PATH']}")
    answers_file = rfc / ".rfc-answers.json"
    recorded = json.loads(answers_file.read_text(encoding="utf-8"))
    recorded["cookiecutter"]["author"] = ""
    answers_file.write_text(json.dumps(recorded), encoding="utf-8")
    done = run(
        sys.executable, "-m", "rfc_template", "link", rfc, "--template", template_repo, cwd=tmp_path, check=False
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert done.stderr.strip().count("\n") == 0 and "author: required" in done.stderr
    assert not (rfc / ".cruft.json").exists()
    answers_file.unlink()
    done = run(sys.executable, "-m", "rfc_template", "link", rfc, cwd=tmp_path, check=False)
    assert done.returncode == 2 and ".rfc-answers.json: not found" in done.stderr
