"""The hook scripts as functions (hooks/__init__.py makes them importable)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

from hooks import post_gen_project, pre_gen_project
from rfc_template.jinja import package_root

PROJECT = Path(__file__).resolve().parents[1]

GOOD = {
    "language": "zh",
    "rfc_title": "Ring Attention",
    "rfc_slug": "ring-attention",
    "author": "O'Brien",
    "modules": "distributed",
    "backend": "PT",
    "related_issue": "!42",
    "rfc_type": "能力增强",
    "date": "2026-12-01",
}


def hook_input(**data) -> str:
    return json.dumps({"package_root": package_root(), **data})


def rendered_hook(name: str, answers: dict, tmp_path) -> subprocess.CompletedProcess:
    """The hook as cookiecutter runs it: its source rendered with the template's
    extension and these answers, then run by this interpreter in the RFC folder."""
    from cookiecutter.environment import StrictEnvironment

    context = {**json.loads((PROJECT / "cookiecutter.json").read_text(encoding="utf-8")), **answers}
    env = StrictEnvironment(context={"cookiecutter": context})
    source = (PROJECT / "hooks" / f"{name}.py").read_text(encoding="utf-8")
    script = tmp_path / f"{name}.py"
    script.write_text(env.from_string(source).render(cookiecutter=context), encoding="utf-8")
    return subprocess.run([sys.executable, str(script)], cwd=tmp_path, capture_output=True, text=True)


def test_pre_gen_accepts_good_answers(tmp_path):
    done = rendered_hook("pre_gen_project", GOOD, tmp_path)
    assert (done.returncode, done.stderr) == (0, "")


def test_pre_gen_reports_each_problem_on_its_own_line(tmp_path):
    done = rendered_hook("pre_gen_project", {**GOOD, "author": "", "backend": "TF"}, tmp_path)
    assert done.returncode == 1
    lines = done.stderr.splitlines()
    assert lines[0] == "ERROR: cannot generate the RFC:"
    assert lines[1:] == [
        "  - author: required; it must not be empty",
        "  - backend: 'TF' is not allowed; choose one of: PT + MS, PT, MS",
    ]


def test_hook_sources_read_answers_only_through_tojson():
    for module in (pre_gen_project, post_gen_project):
        assert module.HOOK_INPUT.startswith("{{ {") and module.HOOK_INPUT.endswith("} | tojson }}")
        source = open(module.__file__, encoding="utf-8").read()
        # a JSON object, so the raw string never ends in a quote; and nothing else rendered
        assert 'HOOK_INPUT = r"""{{ {' in source
        assert source.count("{{") == 1 and source.count("{%") == 0


def test_post_gen_passes_a_good_rfc_and_prints_next_steps(bake, capsys):
    baked = bake(ok=True)
    capsys.readouterr()
    assert post_gen_project.main(hook_input(), str(baked.project)) == 0
    said = capsys.readouterr()
    assert "Next steps" in said.err and "rfc check" in said.err  # on stderr: cruft diff's output stays a patch
    assert said.out == ""


def broken_copy(baked, tmp_path, *edits: tuple[str, str]):
    """A copy of a baked RFC directory with rfc.md edited (each old text must be there)."""
    broken = tmp_path / "broken"
    shutil.copytree(baked.project, broken)
    text = (broken / "rfc.md").read_text(encoding="utf-8")
    for old, new in edits:
        assert old in text, old
        text = text.replace(old, new)
    (broken / "rfc.md").write_text(text, encoding="utf-8")
    return broken


def test_post_gen_fails_on_a_missing_section(bake, tmp_path, capsys):
    broken = broken_copy(bake(ok=True), tmp_path, ("### 6.4 关键逻辑\n", ""))
    capsys.readouterr()
    assert post_gen_project.main(hook_input(), str(broken)) == 1
    err = capsys.readouterr().err
    assert "RFC001 missing section '### 6.4 关键逻辑'" in err


def test_post_gen_fails_on_unrendered_syntax_and_disorder(bake, tmp_path, capsys):
    broken = broken_copy(
        bake(ok=True),
        tmp_path,
        ("## 10. 实现计划", "## 10. 实现计划 {{ cookiecutter.x }}"),
        ("### 3.1 目标", "### 3.x"),
        ("### 3.2 非目标", "### 3.2 非目标\n\n### 3.1 目标"),
    )
    assert post_gen_project.main(hook_input(), str(broken)) == 1
    err = capsys.readouterr().err
    assert "RFC004 unrendered template syntax '{{'" in err
    assert "RFC002 section '3.2 非目标' is out of order: it must come after '3.1 目标'" in err


def test_post_gen_runs_the_same_draft_check_as_rfc_check(bake, tmp_path, capsys):
    broken = broken_copy(bake(ok=True), tmp_path, ("| 相关模块 | distributed |", "| 相关模块 | pipeline |"))
    capsys.readouterr()
    assert post_gen_project.main(hook_input(), str(broken)) == 1
    assert "RFC105 modules: unknown 'pipeline'" in capsys.readouterr().err


def test_post_gen_degrades_without_mistune(bake):
    """Hooks run under cookiecutter's interpreter, which may lack mistune."""
    baked = bake(ok=True)
    script = (
        "import sys; sys.modules['mistune'] = None\n"
        "from rfc_template.generated import check_generated\n"
        f"problems, note = check_generated({str(baked.project)!r})\n"
        "print(problems, note)"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=package_root())
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith("[] mistune is not installed")


def test_next_steps_say_how_to_get_rfc_when_it_is_not_installed(tmp_path, monkeypatch):
    from rfc_template.generated import INSTALL_COMMAND, next_steps

    monkeypatch.setenv("PATH", str(tmp_path))  # no rfc here
    without = next_steps("x")
    assert INSTALL_COMMAND in without and "pipx" in without
    fake = tmp_path / "rfc"
    fake.write_text("#!/bin/sh\n")
    fake.chmod(0o755)
    with_rfc = next_steps("x")
    assert INSTALL_COMMAND not in with_rfc and "rfc check x/rfc.md" in with_rfc


def test_no_rendered_hook_is_left_in_the_temporary_folder(tmp_path):
    """cookiecutter writes each rendered hook to a temporary file and never removes it;
    the hooks remove theirs (thousands pile up otherwise, and slow every later hook)."""
    temporary = tmp_path / "tmp"
    temporary.mkdir()
    env = {**os.environ, "TMPDIR": str(temporary)}
    done = subprocess.run(
        [sys.executable, "-m", "cookiecutter", "--no-input", package_root(), "author=张三", "-o", tmp_path / "out"],
        capture_output=True,
        text=True,
        env=env,
    )
    assert done.returncode == 0, done.stdout + done.stderr
    assert (tmp_path / "out" / "fsdp-ti-du-tong-xin-zhong-die" / "rfc.md").is_file()
    assert sorted(p.name for p in temporary.iterdir() if p.suffix == ".py") == []


def test_post_gen_waits_for_the_verdict_written_while_it_starts(tmp_path, capsys):
    """cookiecutter's process writes the verdict while the hook's interpreter starts: the
    hook waits for the file, and never reads it half written (it appears whole, renamed)."""
    import threading
    import time

    verdict_file = tmp_path / "verdict.json"

    def write_later():
        time.sleep(0.3)
        part = tmp_path / "verdict.part"
        part.write_text(json.dumps({"problems": ["rfc.md:1:1: RFC001 late"], "note": "", "next_steps": ""}))
        os.replace(part, verdict_file)

    writer = threading.Thread(target=write_later)
    writer.start()
    hook_input = json.dumps({"verdict": {"file": str(verdict_file)}, "package_root": package_root()})
    assert post_gen_project.main(hook_input, str(tmp_path)) == 1
    writer.join()
    assert "rfc.md:1:1: RFC001 late" in capsys.readouterr().err
