"""The post-generation check of a freshly rendered RFC directory.

The template's post_gen_project hook runs it, and so does `rfc new` (in its own process).

`rfc.md` gets the same draft-stage check as `rfc check`; every other file is scanned
for unrendered template syntax. mistune is optional here: the hook runs under whatever
interpreter runs cookiecutter, so without it only the syntax scan runs, with a note.
"""

from __future__ import annotations

import shutil
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from rfc_template.findings import unrendered_syntax

# How a user gets the `rfc` command (README's first screen says the same; a test keeps them equal).
INSTALL_COMMAND = "pipx install git+https://github.com/mindspore/rfc-template"

NEXT_STEPS = """\
Created {path}
Next steps:
  1. Fill in sections 2 (背景 / Background) and 3 (目标 / Goals) first: every xxx is a
     slot to write, and in lists such as "是 / 否" ("Yes / No") keep the one that applies.
  2. Draw the design in the mermaid blocks of rfc.md; rfc check --fix copies them to diagrams/*.mmd.
  3. Check it: rfc check {path} (before review: rfc check --stage review {path})."""

NO_RFC_COMMAND = """\
     The rfc command is not installed here; get it with
       {install}
     (Debian/Ubuntu: sudo apt-get install -y pipx git first; then pipx ensurepath, and open a new shell)."""


def next_steps(rfc_dir: str | Path, under_cruft: bool = False) -> str:
    """What to do now; nothing where cruft renders a scratch copy to compare (`cruft diff`,
    `cruft update`): that is not the author's RFC."""
    if under_cruft and _is_scratch_copy(Path(rfc_dir)):
        return ""
    steps = NEXT_STEPS.format(path=Path(rfc_dir) / "rfc.md")
    # cookiecutter users may have only cookiecutter: a step naming a missing command
    # would end in "command not found".
    if shutil.which("rfc") is None:
        steps += "\n" + NO_RFC_COMMAND.format(install=INSTALL_COMMAND)
    return steps


def _is_scratch_copy(rfc_dir: Path) -> bool:
    """cruft diff and update render the template into a fresh temporary folder of their
    own (`<tmp>/tmpXXXXXXXX/<slug>`); cruft create renders where the user said."""
    folder = rfc_dir.resolve().parent
    return folder.name.startswith("tmp") and folder.parent == Path(tempfile.gettempdir()).resolve()


def verdict(rfc_dir: str | Path, under_cruft: bool = False) -> dict:
    """What the post-generation hook reports: problems, a note, the next steps."""
    problems, note = check_generated(rfc_dir)
    return {"problems": problems, "note": note, "next_steps": next_steps(rfc_dir, under_cruft)}


def check_generated(rfc_dir: str | Path) -> tuple[list[str], str]:
    """Problems as `file:line:col: CODE message` lines, and a note (empty when none)."""
    check: ModuleType | None
    try:  # mistune may be missing beside a bare cookiecutter: then only the unrendered-syntax check runs
        from rfc_template import check
    except ImportError:
        check = None
    rfc_dir = Path(rfc_dir)
    problems = []
    for path in sorted(p for p in rfc_dir.rglob("*") if p.is_file()):
        name = path.relative_to(rfc_dir).as_posix()
        text = path.read_text(encoding="utf-8")
        if check is not None and name == "rfc.md":
            findings = check.check_text(text, path, check.DRAFT).findings
        else:
            findings = unrendered_syntax(text)
        problems += [finding.format(name) for finding in findings]
    note = (
        "" if check else f"mistune is not installed here, so only the unrendered-syntax check ran; {mistune_advice()}"
    )
    return problems, note


def mistune_advice(prefix: str | None = None) -> str:
    """How to add mistune for the way this interpreter was installed (`sys.prefix`): a pipx
    or uv tool, a one-off `pipx run` / `uvx` environment, or any other Python."""
    where = Path(prefix or sys.prefix)
    tool = where.name
    one_off = (
        "run cookiecutter (or cruft) with it: `pipx run --with mistune cookiecutter ...` "
        "or `uvx --with mistune cookiecutter ...`"
    )
    # pipx run's environments (pipx hands them to uv when uv is installed); before
    # pipx_metadata.json, which pipx run writes too
    if where.parent.name == ".cache" and "pipx" in where.parts:
        return one_off
    if (where / "pipx_metadata.json").is_file():
        return f"add it with: `pipx inject {tool} mistune`"
    if (where / "uv-receipt.toml").is_file():
        return f"add it with: `uv tool install --with mistune {tool}`"
    if any(part.startswith("archive-v") for part in where.parts) and "uv" in where.parts:
        return one_off
    python = sys.executable if prefix is None else str(where / "bin" / "python")
    return f"add it with: `{python} -m pip install mistune`"
