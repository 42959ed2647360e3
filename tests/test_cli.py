"""The `rfc` command: new, check (every rule failing and passing), index."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.cli import main
from rfc_template.lint.registry import all_rules

PROJECT = Path(__file__).resolve().parents[1]
# A filled RFC under review (PT + MS, 性能优化), written by hand for tests/corpus/.
EXAMPLE = PROJECT / "tests" / "corpus" / "zh-optimizer-offload"


@pytest.fixture
def example(tmp_path) -> Path:
    """A copy of a filled RFC (status 评审中 Reviewing), free to break."""
    copy = tmp_path / EXAMPLE.name
    shutil.copytree(EXAMPLE, copy)
    return copy / "rfc.md"


def edit(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, count), encoding="utf-8")


def run(capsys, *argv) -> tuple[int, str, str]:
    code = main([str(a) for a in argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_filled_example_passes_every_stage(capsys, example):
    for stage in ("draft", "review"):
        assert run(capsys, "check", "--stage", stage, example)[0] == 0


def test_diagram_copy_must_agree(capsys, example):
    assert run(capsys, "check", example)[0] == 0
    edit(example.parent / "diagrams" / "sequence.mmd", "participant L as 训练循环", "participant L as 训练主循环")
    status, out, _ = run(capsys, "check", example)
    assert status == 1 and "RFC203 diagrams/sequence.mmd differs" in out


def test_draft_rules_ignore_unfilled_slots_until_review(capsys, tmp_path):
    assert run(capsys, "new", "--no-input", "--author", "张三", "--slug", "demo", "--output-dir", tmp_path)[0] == 0
    rfc = tmp_path / "demo" / "rfc.md"
    assert run(capsys, "check", rfc)[0] == 0
    status, out, _ = run(capsys, "check", "--stage", "review", rfc)
    assert status == 1
    codes = {line.split(": ")[1].split()[0] for line in out.splitlines()}
    assert {"RFC301", "RFC302", "RFC303", "RFC304", "RFC305", "RFC306"} <= codes
    visible = re.sub(r"<!--.*?-->", "", rfc.read_text(encoding="utf-8"), flags=re.S)
    assert out.count("RFC301") == visible.count("xxx")


def test_status_decides_the_stage(capsys, example):
    edit(example, "完整能力需要：", "完整能力需要：xxx。")
    assert run(capsys, "check", example)[0] == 1  # 评审中 Reviewing: review rules apply
    edit(example, "| 状态 | 评审中 Reviewing |", "| 状态 | 草稿 Draft |")
    assert run(capsys, "check", example)[0] == 0


def test_output_formats(capsys, example):
    edit(example, "| 作者 | 李明 |", "| 作者 |  |")
    _, out, _ = run(capsys, "check", "--format", "json", example)
    finding = json.loads(out.splitlines()[0])
    assert finding["code"] == "RFC104" and finding["line"] == 18 and finding["path"] == str(example)
    _, out, _ = run(capsys, "check", "--format", "github", example)
    assert out.startswith(f"::error file={example},line=18,col=1,title=RFC104::")


def test_check_usage_errors_exit_2(capsys, tmp_path):
    assert run(capsys, "check", tmp_path / "missing.md")[0] == 2
    bad = tmp_path / "rfc.md"
    bad.write_bytes(b"\xff\xfe# x")
    status, _, err = run(capsys, "check", bad)
    assert status == 2 and "not UTF-8" in err and "Traceback" not in err


def test_check_reports_every_file_before_exiting_2_for_an_unreadable_one(capsys, tmp_path, example):
    edit(example, "| 作者 | 李明 |", "| 作者 |  |")
    bad = tmp_path / "a-bad" / "rfc.md"
    bad.parent.mkdir()
    bad.write_bytes(b"\xff\xfe# x")
    status, out, err = run(capsys, "check", tmp_path)
    assert status == 2
    assert f"{bad}: not UTF-8" in err and "RFC104" in out


# The failing example of each rule that is one edit of this RFC (rfc_template/lints/*/rfcNNN_*.py)
ONE_EDIT_BREAKS = [
    example.edits[0]
    for rule in all_rules()
    for example in rule.fails
    if example.rfc == "zh" and len(example.edits) == 1 and not rule.needs_mermaid
]


def test_check_in_parallel_reports_what_one_process_does(capsys, tmp_path):
    from rfc_template.batch import PARALLEL_FROM

    for number in range(PARALLEL_FROM + 3):
        copy = tmp_path / f"rfc-{number:02d}"
        shutil.copytree(EXAMPLE, copy)
        if number % 4 == 0:  # every fourth one broken, each in its own way
            edit(copy / "rfc.md", *ONE_EDIT_BREAKS[number % len(ONE_EDIT_BREAKS)])
    serial = run(capsys, "check", "--jobs", "1", tmp_path)
    parallel = run(capsys, "check", "--jobs", "2", tmp_path)
    assert serial[0] == parallel[0] == 1
    assert serial[1] == parallel[1] and serial[1].count("\n") >= 9


def test_check_jobs_must_be_positive(capsys, example):
    with pytest.raises(SystemExit) as exit:
        main(["check", "--jobs", "0", str(example)])
    assert exit.value.code == 2 and "--jobs: must be a whole number of at least 1" in capsys.readouterr().err


def test_new_runs_the_post_generation_check(capsys, tmp_path, monkeypatch):
    # rfc new runs the template's post-generation check itself, not through the hook:
    # a problem it reports must refuse the RFC and leave nothing behind.
    import rfc_template.generate

    monkeypatch.setattr(rfc_template.generate, "check_generated", lambda rfc_dir: (["rfc.md:1:1: RFC001 planted"], ""))
    status, _, err = run(capsys, "new", "--no-input", "--author", "a", "--slug", "x", "--output-dir", tmp_path)
    assert status == 2 and "RFC001 planted" in err and "was removed" in err
    assert list(tmp_path.iterdir()) == []


def test_new_asks_for_what_is_left_out(tmp_path):
    # the real command on a pipe: one line per prompt, in cookiecutter.json's order;
    # an empty line takes the default shown in brackets
    replies = ["", "Ring Attention {{ 7*7 }}", "", "李雷", "trainer, model", "TF", "2", "#42", "", "2026-10-01"]
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "new", "--output-dir", str(tmp_path)],
        input="\n".join(replies) + "\n",
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=60,
    )
    assert done.returncode == 0, done.stderr
    assert "作者" in done.stdout and "1 - PT + MS  2 - PT  3 - MS" in done.stdout  # the prompts were shown
    assert "'TF' is not one of the choices" in done.stderr  # and asked again
    (project,) = tmp_path.iterdir()
    assert project.name == "ring-attention-7-7"
    info = check.check_text((project / "rfc.md").read_text(encoding="utf-8")).info
    assert info["作者"] == "李雷" and info["相关模块"] == "model / trainer" and info["适用后端"] == "PT"
    assert info["相关 issue / PR"] == "#42" and info["类型"] == "功能补全" and info["创建日期"] == "2026-10-01"


def test_new_without_answers_on_its_input_says_what_to_pass(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "new", "--title", "x", "--output-dir", str(tmp_path)],
        stdin=subprocess.DEVNULL,
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=60,
    )
    assert done.returncode == 2 and "Traceback" not in done.stderr
    assert "no answer for language (input ended); pass --language, or --no-input" in done.stderr
    assert list(tmp_path.iterdir()) == []


def test_new_passes_values_literally(capsys, tmp_path):
    title = "{{ 7*7 }} {% if true %}注入{% endif %}"
    status, _, err = run(
        capsys,
        "new",
        "--no-input",
        "--title",
        title,
        "--slug",
        "literal",
        "--author",
        "O'Brien",
        "--output-dir",
        tmp_path,
    )
    assert status == 0, err
    rfc = (tmp_path / "literal" / "rfc.md").read_text(encoding="utf-8")
    assert "49" not in rfc.splitlines()[0]
    assert rfc.splitlines()[0].replace("\\", "") == f"# {title}"
    assert run(capsys, "check", tmp_path / "literal")[0] == 0


@pytest.mark.parametrize(
    "argv, field",
    [
        (["--backend", "TF"], "backend: 'TF' is not allowed"),
        (["--module", "fsdp"], "--module: unknown 'fsdp'"),
        (["--type", "重构"], "--type: '重构' is not allowed"),
        (["--slug", "../up"], "--slug: '../up'"),
        (["--date", "2026-02-30"], "date: '2026-02-30'"),
    ],
)
def test_new_refuses_bad_values_cleanly(capsys, tmp_path, argv, field):
    status, out, err = run(capsys, "new", "--no-input", "--author", "a", "--output-dir", tmp_path, *argv)
    assert status == 2
    assert field in err and "Traceback" not in err
    assert list(tmp_path.iterdir()) == []
    assert not (tmp_path.parent / "up").exists()


def test_new_never_overwrites(capsys, tmp_path):
    argv = ["new", "--no-input", "--author", "a", "--slug", "mine", "--output-dir", tmp_path]
    assert run(capsys, *argv)[0] == 0
    edited = tmp_path / "mine" / "rfc.md"
    edited.write_text("my own words", encoding="utf-8")
    status, _, err = run(capsys, *argv)
    assert status == 2 and "already exists" in err and "--slug" in err
    assert edited.read_text(encoding="utf-8") == "my own words"


def test_index_lists_rfcs_by_date(capsys, tmp_path):
    for slug, date in (("later", "2026-12-01"), ("earlier", "2026-01-05")):
        run(
            capsys,
            "new",
            "--no-input",
            "--author",
            "a",
            "--slug",
            slug,
            "--date",
            date,
            "--title",
            slug,
            "--output-dir",
            tmp_path,
        )
    _, out, _ = run(capsys, "index", "--format", "json", tmp_path)
    entries = json.loads(out)
    assert [e["title"] for e in entries] == ["earlier", "later"]
    assert entries[0]["path"] == "earlier/rfc.md" and entries[0]["status"] == "草稿 Draft"
    _, out, _ = run(capsys, "index", tmp_path)
    lines = out.splitlines()
    assert (
        lines[0] == "| 标题 | 作者 | 状态 | 相关模块 | 适用后端 | 相关 issue / PR | 创建日期 | 路径 |"
        and len(lines) == 4
    )


def test_docs_document_every_rule():
    readme = (Path(__file__).resolve().parents[1] / "docs" / "rfc-command.md").read_text(encoding="utf-8")
    for rule in all_rules():
        assert f"| [`{rule.code}`](rules/{rule.code}.md) | `{rule.name}` | {rule.stage} |" in readme, rule.code


def test_pre_commit_hook_works_on_a_fresh_repository(capsys, tmp_path):
    """`pre-commit try-repo` installs this project as a hook and runs it on staged RFCs."""
    repo = tmp_path / "rfcs"
    repo.mkdir()
    subprocess.run(["git", "init", "-q"], cwd=repo, check=True)
    assert run(capsys, "new", "--no-input", "--author", "a", "--slug", "good", "--output-dir", repo)[0] == 0

    def try_repo() -> subprocess.CompletedProcess:
        subprocess.run(["git", "add", "-A"], cwd=repo, check=True)
        command = [sys.executable, "-m", "pre_commit", "try-repo", str(PROJECT), "rfc-check", "--all-files"]
        return subprocess.run(command, cwd=repo, capture_output=True, text=True, timeout=600)

    passed = try_repo()
    assert passed.returncode == 0, passed.stdout + passed.stderr
    edit(repo / "good" / "rfc.md", "| 作者 | a |", "| 作者 |  |")  # an error (a warning alone, such as RFC102, passes)
    failed = try_repo()
    assert failed.returncode == 1
    assert "good/rfc.md:18:1: RFC104 作者 must not be empty" in failed.stdout


@pytest.mark.parametrize(
    "old, new",
    [
        ('A["调用 offload_optimizer_states"] -->', 'A>"调用 offload_optimizer_states"] -->'),  # asymmetric node shape
        ("participant L as 训练循环\n", "participant L as 训练循环 (主进程\n"),  # an alias is free text
        ('A["调用 offload_optimizer_states"] -->', 'A{{"调用 offload_optimizer_states"}} -->'),  # hexagon node
    ],
)
def test_valid_mermaid_shapes_are_not_flagged(capsys, example, old, new):
    edit(example, old, new)
    for name in ("flowchart", "sequence"):
        (example.parent / "diagrams" / f"{name}.mmd").unlink()
    status, out, _ = run(capsys, "check", example)
    assert status == 0, out


@pytest.mark.parametrize("value", ["--", "-x", "--help", "-"])
def test_new_passes_dash_values_literally(capsys, tmp_path, value):
    status, _, err = run(
        capsys,
        "new",
        "--no-input",
        f"--author={value}",
        f"--title={value} 标题",
        "--slug=dash",
        f"--output-dir={tmp_path}",
    )
    assert status == 0, err
    info = check.check_text((tmp_path / "dash" / "rfc.md").read_text(encoding="utf-8")).info
    assert info["作者"] == value


def _new_interactively(tmp_path, replies: list[str]) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rfc_template", "new", "--output-dir", str(tmp_path)],
        input="\n".join(replies) + "\n",
        capture_output=True,
        text=True,
        cwd=PROJECT,
        timeout=60,
    )


def test_new_checks_each_typed_answer_at_once_and_asks_again(tmp_path):
    (tmp_path / "taken").mkdir()
    replies = [
        "",  # language: zh
        "Ring Attention",
        "Bad Slug",
        "taken",
        "",  # slug: unsafe, then existing, then the default
        "",
        "李雷",  # author: empty is refused
        "gpu, model",
        "model",
        "",  # backend
        "42",
        "#42",
        "",  # category
        "2026-13-01",
        "2026-10-01",
    ]
    done = _new_interactively(tmp_path, replies)
    assert done.returncode == 0, done.stderr
    for problem in (
        "rfc_slug: 'Bad Slug' is not a safe directory name",
        "already exists and is left untouched; choose another rfc_slug",
        "author: required",
        "modules: unknown 'gpu'",
        "related_issue: '42' is not a link or an issue number",
        "date: '2026-13-01' is not a real date",
    ):
        assert problem in done.stderr
    assert done.stdout.count("作者 Author (required)") == 2 and done.stdout.count("目录名 Directory name") == 3
    assert sorted(p.name for p in tmp_path.iterdir()) == ["ring-attention", "taken"]
    info = check.check_text((tmp_path / "ring-attention" / "rfc.md").read_text(encoding="utf-8")).info
    assert (info["作者"], info["相关模块"], info["相关 issue / PR"], info["创建日期"]) == (
        "李雷",
        "model",
        "#42",
        "2026-10-01",
    )


def test_new_in_english_offers_english_choices_and_takes_either_words(tmp_path):
    replies = ["en", "", "", "Ada", "", "both", "", "Enhancement", "2026-10-01"]
    done = _new_interactively(tmp_path, replies)
    assert done.returncode == 0, done.stderr
    assert "1 - Missing capability  2 - Performance optimization" in done.stdout
    (rfc_dir,) = tmp_path.iterdir()
    text = (rfc_dir / "rfc.md").read_text(encoding="utf-8")
    assert "| Type | Enhancement |" in text and "| Backend | PT + MS |" in text


# --- a good Unix tool ------------------------------------------------------------------


def test_version_is_the_installed_distributions():
    from importlib.metadata import version

    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "--version"], capture_output=True, text=True, cwd=PROJECT
    )
    assert done.returncode == 0 and done.stdout.startswith(f"rfc {version('rfc-template')} ")


def test_check_help_explains_paths_stages_formats_and_exit_status(capsys):
    with pytest.raises(SystemExit):
        main(["check", "--help"])
    out = capsys.readouterr().out
    for heading in ("PATH\n", "stages\n", "formats\n", "exit status\n"):
        assert heading in out
    for word in (
        "rfc.md",
        "draft",
        "review",
        "--stage",
        "json",
        "github",
        "0  no errors",
        "1  errors",
        "warnings",
        "waivers",
        "sarif",
        "--strict",
        "--fix",
    ):
        assert word in out, word


def test_a_folder_with_no_rfc_is_an_error_not_a_pass(capsys, tmp_path, example):
    (tmp_path / "empty").mkdir()
    status, out, err = run(capsys, "check", tmp_path / "empty")
    assert (
        status == 2
        and out == ""
        and err.strip() == f"rfc check: {tmp_path / 'empty'}: no rfc.md in this folder or below it"
    )
    status, _, err = run(capsys, "check", example, tmp_path / "empty")  # also beside a real RFC
    assert status == 2 and "no rfc.md" in err


def test_markdown_that_is_no_rfc_is_one_line(capsys, tmp_path):
    notes = tmp_path / "NOTES.md"
    notes.write_text("# Meeting notes\n\n## Attendees\n\n- a\n\n| a | b |\n| - | - |\n| 1 | 2 |\n", encoding="utf-8")
    status, out, err = run(capsys, "check", "--stage", "review", notes)
    assert status == 2 and out == ""
    assert err.splitlines() == [
        f"rfc check: {notes}: not an RFC: none of the template's sections (such as '## 1. 基本信息') is in it"
    ]


def test_missing_sections_are_listed_in_the_templates_order(capsys, tmp_path):
    from seed import read_seed

    rfc = tmp_path / "rfc.md"
    rfc.write_text(
        "# 只有基本信息\n\n## 1. 基本信息\n\n| 项目 | 内容 |\n| --- | --- |\n| 作者 | a |\n", encoding="utf-8"
    )
    _, out, _ = run(capsys, "check", rfc)
    missing = re.findall(r"RFC001 missing section '#+ (.*)'", out)
    expected = [text for _, text in read_seed().headings if text != "1. 基本信息"]
    assert missing == expected  # 2, 3, ..., 9, 10: not 10 before 2 as the alphabet would have it


@pytest.mark.parametrize("command", [["check", "--stage", "review"], ["index"]])
def test_output_into_a_closed_pipe_ends_quietly(tmp_path, command):
    for n in range(3):
        assert main(["new", "--no-input", "--author", "a", "--slug", f"r{n}", "--output-dir", str(tmp_path)]) == 0
    process = subprocess.Popen(
        [sys.executable, "-m", "rfc_template", *command, str(tmp_path)],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=PROJECT,
    )
    process.stdout.close()  # the reader is gone before the first line, as with `| head -0`; `| head` too, sooner or later
    err = process.stderr.read().decode()
    assert process.wait(timeout=60) == 141 and err == ""


# --- rfc check --fix ------------------------------------------------------------------


def test_fix_copies_each_edited_diagram_to_diagrams(capsys, tmp_path):
    assert main(["new", "--no-input", "--author", "a", "--slug", "f", "--output-dir", str(tmp_path)]) == 0
    rfc = tmp_path / "f" / "rfc.md"
    edit(rfc, "flowchart TD", "flowchart LR")
    edit(rfc, "sequenceDiagram", "sequenceDiagram\n    autonumber")
    before = rfc.read_bytes()
    untouched = (tmp_path / "f" / "diagrams" / "architecture.mmd").stat().st_mtime_ns
    capsys.readouterr()
    status, out, _ = run(capsys, "check", "--format", "json", rfc)
    assert status == 1 and [json.loads(line)["code"] for line in out.splitlines()] == ["RFC203", "RFC203"]

    status, out, err = run(capsys, "check", "--fix", "--format", "json", rfc)
    assert status == 0 and out == ""  # stdout keeps its format: the fixes are said on stderr
    assert err.count("RFC203") == 2 and "diagrams/flowchart.mmd" in err and "diagrams/sequence.mmd" in err
    text = rfc.read_text(encoding="utf-8")
    for name, first_line in (("flowchart", "flowchart LR"), ("sequence", "sequenceDiagram\n    autonumber")):
        copy = (tmp_path / "f" / "diagrams" / f"{name}.mmd").read_text(encoding="utf-8")
        assert copy.startswith(first_line) and f"```mermaid\n{copy}```" in text
    assert rfc.read_bytes() == before  # rfc.md is the source: never rewritten
    assert (tmp_path / "f" / "diagrams" / "architecture.mmd").stat().st_mtime_ns == untouched
    assert sorted(p.name for p in (tmp_path / "f" / "diagrams").iterdir()) == [
        "architecture.mmd",
        "flowchart.mmd",
        "sequence.mmd",
    ]
    assert run(capsys, "check", "--fix", rfc) == (0, "", "")  # nothing left to fix: nothing said


def test_fix_replaces_a_symlinked_diagram_without_writing_through_it(capsys, tmp_path):
    import os

    assert main(["new", "--no-input", "--author", "a", "--slug", "f", "--output-dir", str(tmp_path)]) == 0
    outside = tmp_path / "outside.mmd"
    outside.write_text("flowchart TD\n    keep --> me\n", encoding="utf-8")
    link = tmp_path / "f" / "diagrams" / "flowchart.mmd"
    link.unlink()
    link.symlink_to(outside)
    later = outside.stat().st_mtime_ns + 10**9
    os.utime(tmp_path / "f" / "rfc.md", ns=(later, later))  # then the diagram was edited in rfc.md
    capsys.readouterr()
    status, _, err = run(capsys, "check", "--fix", tmp_path / "f")
    assert status == 0 and "flowchart.mmd" in err
    assert outside.read_text(encoding="utf-8") == "flowchart TD\n    keep --> me\n" and not link.is_symlink()


def test_fix_never_overwrites_a_copy_edited_after_rfc_md(capsys, tmp_path):
    import os

    assert main(["new", "--no-input", "--author", "a", "--slug", "f", "--output-dir", str(tmp_path)]) == 0
    rfc, copy = tmp_path / "f" / "rfc.md", tmp_path / "f" / "diagrams" / "sequence.mmd"
    drawn = copy.read_text(encoding="utf-8").replace("sequenceDiagram", "sequenceDiagram\n    autonumber")
    copy.write_text(drawn, encoding="utf-8")
    later = rfc.stat().st_mtime_ns + 10**9
    os.utime(copy, ns=(later, later))  # drawn in the copy, after rfc.md was saved
    capsys.readouterr()
    status, _, err = run(capsys, "check", "--fix", tmp_path / "f")
    assert status == 1 and "not rewritten" in err and "RFC203" in err
    assert copy.read_text(encoding="utf-8") == drawn  # the drawing is kept


def test_messages_a_newcomer_meets_name_options_and_suggest(capsys, tmp_path):
    status, _, err = run(
        capsys,
        "new",
        "--no-input",
        "--author",
        "a",
        "--module",
        "distribted",
        "--issue",
        "284",
        "--output-dir",
        tmp_path,
    )
    assert status == 2
    assert "--module: unknown 'distribted' (did you mean 'distributed'?)" in err and "(repeat --module for more)" in err
    assert "--issue: '284' is not a link or an issue number (did you mean '#284'?)" in err
    assert (
        run(capsys, "new", "--no-input", "--author", "a", "--language", "EN", "--slug", "x", "--output-dir", tmp_path)[
            0
        ]
        == 0
    )
    assert "| Author | a |" in (tmp_path / "x" / "rfc.md").read_text(encoding="utf-8")
    capsys.readouterr()
    status, out, err = run(capsys, "check", tmp_path / "x" / "diagrams" / "flowchart.mmd")
    assert (status, out, err) == (0, "", "")  # one of an RFC's diagrams: its rfc.md is checked (a fresh draft passes)


def test_version_is_one_line_whatever_the_path(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "--version"],
        capture_output=True,
        text=True,
        cwd=PROJECT,
        env={**__import__("os").environ, "COLUMNS": "20"},
    )
    assert len(done.stdout.splitlines()) == 1


def test_index_of_a_folder_with_no_rfc_is_an_error(capsys, tmp_path):
    status, out, err = run(capsys, "index", tmp_path)
    assert status == 2 and out == "" and "no rfc.md in this folder or below it" in err


def test_preview_into_a_missing_folder_makes_it(capsys, tmp_path, example):
    page = tmp_path / "site" / "rfcs" / "page.html"
    status, out, err = run(capsys, "preview", example, "-o", page)
    assert status == 0, err
    assert page.is_file() and f"wrote {page}" in out
    (tmp_path / "file").write_text("x")
    status, _, err = run(capsys, "preview", example, "-o", tmp_path / "file" / "page.html")
    assert status == 2 and "is not a folder" in err


# --- rfc rule ----------------------------------------------------------------------------


def test_rule_prints_the_rules_page(capsys):
    status, out, err = run(capsys, "rule", "RFC104")
    assert status == 0 and err == ""
    assert out.startswith("# RFC104 `author-empty`\n")
    assert "rfc.md:18:1: RFC104 作者 must not be empty" in out.splitlines()  # the page's example message
    assert run(capsys, "rule", "author-empty")[1] == out
    assert run(capsys, "rule", "rfc104")[1] == out


def test_rule_list_names_every_rule_once(capsys):
    status, out, _ = run(capsys, "rule", "--list")
    assert status == 0
    lines = out.splitlines()
    assert [line.split()[0] for line in lines] == [rule.code for rule in all_rules()]
    for line, rule in zip(lines, all_rules()):
        assert line.split()[1:4] == [rule.name, rule.stage, rule.severity] and line.endswith(f"  {rule.summary}")
    assert len({line.index(rule.summary) for line, rule in zip(lines, all_rules())}) == 1  # in columns


def test_rule_unknown_suggests_the_closest(capsys):
    status, out, err = run(capsys, "rule", "RFC1O4")
    assert status == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("rfc rule: ") and "'RFC1O4'" in err
    assert "did you mean 'RFC104'?" in err and "rfc rule --list" in err
    status, out, err = run(capsys, "rule", "author-emty")
    assert status == 2 and out == "" and "did you mean 'author-empty'?" in err


def test_json_findings_name_their_rule_and_its_page(capsys, example):
    from rfc_template.lint.registry import rules_by_code

    edit(example, "| 作者 | 李明 |", "| 作者 |  |")
    _, out, _ = run(capsys, "check", "--format", "json", example)
    finding = json.loads(out.splitlines()[0])
    assert list(finding) == ["path", "line", "col", "code", "name", "severity", "url", "message"]
    assert finding["code"] == "RFC104" and finding["name"] == "author-empty"
    assert finding["url"] == rules_by_code()["RFC104"].url and finding["url"].endswith("/docs/rules/RFC104.md")
