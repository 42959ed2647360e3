"""The two ways a user generates an RFC, run in-process the way their commands run:
`cookiecutter --no-input TEMPLATE key=value ...` (cookiecutter's own command-line entry
point, hooks included) and `rfc new --no-input --title=... ...`.
"""

from __future__ import annotations

import contextlib
import io
import json
import traceback
from dataclasses import dataclass
from pathlib import Path

from click.testing import CliRunner
from cookiecutter.cli import main as cookiecutter_main

from rfc_template.cli import main as rfc_main
from rfc_template.generate import NEW_OPTIONS
from rfc_template.template import template_dir

COOKIECUTTER, RFC_NEW = "cookiecutter --no-input", "rfc new"
OPTION_OF = {variable: option for option, variable in NEW_OPTIONS.items()}


@dataclass
class Outcome:
    way: str
    values: dict
    exit_code: int
    output: str  # what the user saw (stdout and stderr)
    traceback: str  # an exception that escaped the command, formatted; "" when none
    output_dir: Path

    @property
    def ok(self) -> bool:
        return self.exit_code == 0 and not self.traceback

    def describe(self) -> str:
        return f"{self.way} with {self.values!r}: exit {self.exit_code}\n{self.output}{self.traceback}"


def snapshot(folder: Path) -> list[str]:
    """Every path under `folder`, to prove a refusal left it exactly as it was."""
    return sorted(str(p.relative_to(folder)) for p in folder.rglob("*"))


def cookiecutter_config(folder: Path) -> Path:
    """A cookiecutter config that keeps replay files out of the user's home."""
    config = folder / "cookiecutter-config.yaml"
    if not config.exists():
        config.write_text(
            f"replay_dir: {json.dumps(str(folder / 'replay'))}\ncookiecutters_dir: {json.dumps(str(folder / 'cookiecutters'))}\n",
            encoding="utf-8",
        )
    return config


def with_cookiecutter(values: dict, output_dir: Path, workspace: Path, *extra_args: str) -> Outcome:
    args = [
        str(template_dir()),
        "--no-input",
        "--output-dir",
        str(output_dir),
        "--config-file",
        str(cookiecutter_config(workspace)),
        *extra_args,
    ]
    args += [f"{name}={value}" for name, value in values.items()]
    result = CliRunner().invoke(cookiecutter_main, args, catch_exceptions=True)
    escaped = result.exception if result.exception and not isinstance(result.exception, SystemExit) else None
    trace = "".join(traceback.format_exception(escaped)) if escaped else ""
    return Outcome(COOKIECUTTER, values, result.exit_code, result.output, trace, output_dir)


def with_rfc_new(values: dict, output_dir: Path) -> Outcome:
    argv = ["new", "--no-input", f"--output-dir={output_dir}"]
    argv += [f"--{OPTION_OF[name]}={value}" for name, value in values.items()]
    out, err = io.StringIO(), io.StringIO()
    trace = ""
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = rfc_main(argv)
        except SystemExit as exit:  # argparse
            code = exit.code if isinstance(exit.code, int) else 2
        except BaseException:  # noqa: BLE001 - what a user would see as a traceback
            code, trace = 1, traceback.format_exc()
    return Outcome(RFC_NEW, values, code, out.getvalue() + err.getvalue(), trace, output_dir)


def fresh_dir(parent: Path, name: str) -> Path:
    folder = parent / name
    folder.mkdir()
    return folder
