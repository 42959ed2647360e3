"""The template runs the code of its own checkout, whatever other copy of the package
is installed beside it (cookiecutter and cruft append the template folder to the END
of sys.path, so an installed `rfc_template` of another version would win)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

PROJECT = Path(__file__).resolve().parents[1]
MARKER = "SHADOW-COPY-RAN"


def installed_copy(site: Path) -> Path:
    """Another version of the package, importable before the checkout: its Markdown
    filter writes a marker instead of the title."""
    copy = site / "rfc_template"
    shutil.copytree(PROJECT / "rfc_template", copy, ignore=shutil.ignore_patterns("__pycache__"))
    (copy / "__init__.py").write_text('__version__ = "0.0.1"\n', encoding="utf-8")
    jinja = copy / "jinja.py"
    source = jinja.read_text(encoding="utf-8")
    assert "def markdown_text(value: str) -> str:\n" in source
    jinja.write_text(
        source.replace(
            "def markdown_text(value: str) -> str:\n", f"def markdown_text(value: str) -> str:\n    return {MARKER!r}\n"
        ),
        encoding="utf-8",
    )
    return copy


def test_the_checkout_code_runs_not_an_installed_copy(tmp_path):
    site = tmp_path / "site"
    copy = installed_copy(site)
    env = {**os.environ, "PYTHONPATH": str(site)}
    # the copy really is what a plain import finds first in this environment
    found = subprocess.run(
        [sys.executable, "-c", "import rfc_template; print(rfc_template.__file__)"],
        env=env,
        capture_output=True,
        text=True,
        check=True,
        cwd=tmp_path,
    ).stdout.strip()
    assert Path(found).parent == copy

    out = tmp_path / "out"
    out.mkdir()
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "cookiecutter",
            "--no-input",
            str(PROJECT),
            "author=张三",
            "rfc_title=Own code",
            "rfc_slug=own",
            "-o",
            str(out),
        ],
        env=env,
        capture_output=True,
        text=True,
        cwd=tmp_path,
    )
    assert done.returncode == 0, done.stderr
    rfc = (out / "own" / "rfc.md").read_text(encoding="utf-8")
    assert MARKER not in rfc and MARKER not in done.stdout
    assert rfc.startswith("# Own code\n")
