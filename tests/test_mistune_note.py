"""Run by a cookiecutter that has no mistune, the template says so, and its advice works.

Each way people run cookiecutter is installed for real, in a home of its own (pipx
install, pipx run, uv tool install, uvx, a plain virtual environment); the advice the
note gives is then run as written, and the next generation has no note: the full check ran.
"""

from __future__ import annotations

import os
import re
import shlex
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
NOTE = re.compile(
    r"^note: mistune is not installed here, so only the unrendered-syntax check ran; (?P<advice>.*)$", re.M
)
COMMAND = re.compile(r"`([^`]+)`")


@pytest.fixture(scope="module")
def home(tmp_path_factory):
    for tool in ("pipx", "uv"):
        if not (BIN / tool).is_file():
            message = f"{tool} is not installed (pip install -e '.[test]')"
            pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    root = tmp_path_factory.mktemp("cookiecutter-users")
    home = root / "home"
    (home / ".local" / "bin").mkdir(parents=True)
    env = {k: v for k, v in os.environ.items() if not k.startswith(("PIPX_", "UV_", "VIRTUAL_ENV", "PYTHON", "XDG_"))}
    env.update(
        HOME=str(home),
        PATH=f"{home / '.local' / 'bin'}:{BIN}:/usr/bin:/bin",
        PIPX_HOME=str(home / ".local" / "share" / "pipx"),
        PIPX_BIN_DIR=str(home / ".local" / "bin"),
        # caches only: they save downloads and change nothing a command does
        PIP_CACHE_DIR=os.environ.get("PIP_CACHE_DIR", str(Path.home() / ".cache" / "pip")),
        UV_CACHE_DIR=os.environ.get("UV_CACHE_DIR", str(Path.home() / ".cache" / "uv")),
    )
    return {"root": root, "env": env}


def sh(command: str, home: dict, cwd: Path) -> subprocess.CompletedProcess:
    done = subprocess.run(
        command, shell=True, cwd=cwd, env=home["env"], capture_output=True, text=True, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, f"{command}: exit {done.returncode}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    return done


def generate(runner: str, home: dict, tmp_path: Path, name: str) -> str:
    """The note of one generation (empty when there is none)."""
    done = sh(f"{runner} --no-input {shlex.quote(str(PROJECT))} author=张三 rfc_slug={name}", home, tmp_path)
    assert (tmp_path / name / "rfc.md").is_file()
    return "\n".join(line for line in done.stderr.splitlines() if line.startswith("note:"))


WAYS = {
    # how the tool is installed, and how cookiecutter is then run
    "pipx install": ("pipx install cookiecutter", "cookiecutter"),
    "pipx run": ("", "pipx run --spec cookiecutter cookiecutter"),
    "uv tool install": ("UV_TOOL_BIN_DIR=$HOME/uv-bin uv tool install cookiecutter", "$HOME/uv-bin/cookiecutter"),
    # uvx would run the tool uv tool install put in place: none here
    "uvx": ("", "UV_TOOL_DIR=$HOME/no-tools uvx cookiecutter"),
    "virtual environment": (
        "python3 -m venv $HOME/env && $HOME/env/bin/pip install -q cookiecutter",
        "$HOME/env/bin/cookiecutter",
    ),
}


@pytest.mark.parametrize("way", list(WAYS))
def test_the_advice_of_the_note_works(way, home, tmp_path):
    install, runner = WAYS[way]
    if install:
        sh(install, home, tmp_path)
    note = generate(runner, home, tmp_path, "first")
    advice = NOTE.search(note)
    assert advice, f"{way}: no advice in {note!r}"
    commands = COMMAND.findall(advice["advice"])
    if commands[0].endswith(" ..."):  # a one-off run: the advice is the command line to run instead
        settings, tool = re.match(r"((?:\S+=\S+ )*)(\S+)", runner).groups()
        (command,) = [c for c in commands if c.startswith(tool + " ")]
        assert generate(settings + command.removesuffix(" ..."), home, tmp_path, "second") == ""
    else:
        (command,) = commands
        sh(command.replace("uv tool install", "UV_TOOL_BIN_DIR=$HOME/uv-bin uv tool install"), home, tmp_path)
        assert generate(runner, home, tmp_path, "second") == ""


def test_plain_python_advice_names_the_interpreter():
    from rfc_template.generated import mistune_advice

    assert mistune_advice() == f"add it with: `{sys.executable} -m pip install mistune`"
