"""Every generated RFC, and every example, passes markdownlint-cli2's default rules.

Only MD013 (line length) is off: the template's guidance and tables are long lines by
design. Each tailoring is generated once, the way `rfc new --no-input` does, and the
real markdownlint-cli2 from package-lock.json (node_modules) lints them all in one run.
"""

from __future__ import annotations

import itertools
import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from generation import with_rfc_new

PROJECT = Path(__file__).resolve().parents[1]
MARKDOWNLINT = PROJECT / "node_modules" / ".bin" / "markdownlint-cli2"
EXAMPLES = sorted((PROJECT / "examples").rglob("*.md"))  # diagrams/*.mmd are not Markdown

# markdownlint's defaults, with only the line length off.
CONFIG = {"config": {"default": True, "MD013": False}}

LANGUAGES = ["zh", "en"]
BACKENDS = ["PT + MS", "PT", "MS"]
TYPES = ["功能补全", "性能优化", "能力增强", "用户需求"]
MODULE_SETS = ["model", "model, distributed, checkpoint, optimizer, trainer"]
ISSUES = ["", "#284", "https://example.com/x"]

# Every tailoring the template makes: edition, backend rows, background category,
# bold modules and their change cells, the issue cell empty or filled.
SUPPORTED_COMBINATIONS = [
    {"language": language, "backend": backend, "rfc_type": rfc_type, "modules": modules, "related_issue": issue}
    for language, backend, rfc_type, modules, issue in itertools.product(
        LANGUAGES, BACKENDS, TYPES, MODULE_SETS, ISSUES
    )
]
BASE_ANSWERS = {"author": "张三", "date": "2026-12-01"}

# `path:line[:column] error MD060/table-column-style ...`, as markdownlint-cli2 prints it.
FINDING = re.compile(r"^(?P<path>.+?):\d+(?::\d+)? (?:error|warning) MD\d{3}/")
LINTED = re.compile(r"^Linting: (\d+) file\(s\)$", re.M)


def combination_id(combination: dict) -> str:
    return "-".join(f"{key}:{value or '(none)'}" for key, value in combination.items())


def _markdownlint_missing() -> str | None:
    if not MARKDOWNLINT.is_file():
        return f"markdownlint-cli2 is not installed at {MARKDOWNLINT} (run `npm ci` in {PROJECT})"
    if not shutil.which("node"):
        return "Node.js is not installed (markdownlint-cli2 needs it; then run `npm ci`)"
    return None


class LintRun:
    """One markdownlint-cli2 run over all the files, and its findings by file."""

    def __init__(self, workdir: Path, files: list[Path]) -> None:
        config = workdir / ".markdownlint-cli2.jsonc"
        config.write_text(json.dumps(CONFIG), encoding="utf-8")
        # `:` marks a literal path (no globbing); run from the config's folder, with it
        # also named, so that no other configuration applies.
        command = [str(MARKDOWNLINT), "--config", str(config), *(f":{file}" for file in files)]
        result = subprocess.run(command, cwd=workdir, capture_output=True, text=True, timeout=120)
        self.exit_code = result.returncode
        self.output = result.stdout + result.stderr
        self.findings: dict[Path, list[str]] = {}
        for line in self.output.splitlines():
            match = FINDING.match(line)
            if match:
                path = (workdir / match["path"]).resolve()
                self.findings.setdefault(path, []).append(line)
        linted = LINTED.search(self.output)
        self.linted = int(linted.group(1)) if linted else None

    def problems_with(self, file: Path) -> str | None:
        """markdownlint's own lines about `file`, or None when it is clean."""
        if self.exit_code not in (0, 1) or self.linted is None:
            return f"markdownlint-cli2 did not run (exit {self.exit_code}):\n{self.output}"
        lines = self.findings.get(file.resolve())
        if lines:
            return f"markdownlint-cli2 reported {len(lines)} finding(s) in {file}:\n" + "\n".join(lines)
        return None


@pytest.fixture(scope="module")
def linted(tmp_path_factory):
    """Every combination generated once, then all of them and the examples linted once."""
    reason = _markdownlint_missing()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the markdownlint test must run in CI: {reason}")
        pytest.skip(reason)
    workdir = tmp_path_factory.mktemp("markdownlint")
    output_dir = workdir / "rfcs"
    output_dir.mkdir()
    generated: dict[str, Path | str] = {}  # combination id -> its rfc.md, or why it failed
    for number, combination in enumerate(SUPPORTED_COMBINATIONS):
        slug = f"rfc-{number:03d}"
        outcome = with_rfc_new({**BASE_ANSWERS, **combination, "rfc_slug": slug}, output_dir)
        generated[combination_id(combination)] = output_dir / slug / "rfc.md" if outcome.ok else outcome.describe()
    files = [path for path in generated.values() if isinstance(path, Path)] + EXAMPLES
    run = LintRun(workdir, files)
    assert run.linted == len(files), f"markdownlint-cli2 linted {run.linted} of {len(files)} files:\n{run.output}"
    return generated, run


@pytest.mark.parametrize("combination", SUPPORTED_COMBINATIONS, ids=combination_id)
def test_generated_rfc_passes_markdownlint(linted, combination):
    generated, run = linted
    rfc = generated[combination_id(combination)]
    assert isinstance(rfc, Path), f"the RFC was not generated: {rfc}"
    problems = run.problems_with(rfc)
    assert problems is None, problems


@pytest.mark.parametrize("example", EXAMPLES, ids=lambda path: str(path.relative_to(PROJECT)))
def test_example_passes_markdownlint(linted, example):
    _, run = linted
    problems = run.problems_with(example)
    assert problems is None, problems


def test_there_are_examples_to_lint():
    assert EXAMPLES, f"no Markdown under {PROJECT / 'examples'}"
