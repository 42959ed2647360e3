"""`rfc link`: an RFC made by `rfc new` or cookiecutter, linked to its template with cruft.

`cruft link` alone asks for every answer again (or, with `-y`, takes the defaults, which
the template refuses) and links to the template's newest commit, so that `cruft update`
would then miss every change made since the RFC was written. Here the answers come from
the RFC's `.rfc-answers.json`, cruft runs with them, and `.cruft.json` then names the
commit the RFC was made from. `.cruft.json` is the one record afterwards: the answers
file goes.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

from rfc_template import answers
from rfc_template.errors import UsageError

TEMPLATE_URL = "https://github.com/mindspore/rfc-template"
ANSWERS_FILE = ".rfc-answers.json"
CRUFT_FILE = ".cruft.json"


def recorded(rfc_dir: Path) -> tuple[dict, str | None]:
    """The answers and the template commit `.rfc-answers.json` records, checked."""
    path = rfc_dir / ANSWERS_FILE
    if (rfc_dir / CRUFT_FILE).is_file():
        raise UsageError(f"{rfc_dir / CRUFT_FILE}: this RFC is linked already (cruft update keeps it up to date)")
    if not path.is_file():
        raise UsageError(f"{path}: not found; rfc link needs the answers the RFC was made with")
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, ValueError) as error:
        raise UsageError(f"{path}: not a replay file the template wrote ({error})") from None
    given = data.get("cookiecutter") if isinstance(data, dict) else None
    if not isinstance(given, dict):
        raise UsageError(f'{path}: not a replay file the template wrote (no "cookiecutter" answers)')
    chosen = {name: given[name] for name in answers.ANSWER_NAMES if name in given}
    problems = answers.find_problems(chosen)
    if problems:
        raise UsageError(f"{path}: " + "; ".join(problems))
    made_by = data.get("rfc_template")
    commit = made_by.get("commit") if isinstance(made_by, dict) else None
    return chosen, commit if isinstance(commit, str) and commit else None


def link(rfc_dir: Path, template: str = TEMPLATE_URL, checkout: str | None = None) -> str | None:
    """Link with real cruft; returns the commit `.cruft.json` names."""
    chosen, made_from = recorded(rfc_dir)
    cruft = shutil.which("cruft")
    if cruft is None:
        raise UsageError("cruft is not installed; get it with: pipx install cruft")
    argv = [cruft, "link", template, "-y", "-p", str(rfc_dir), "--extra-context", json.dumps(chosen)]
    if checkout:
        argv += ["--checkout", checkout]
    done = subprocess.run(argv, capture_output=True, text=True, stdin=subprocess.DEVNULL)
    state_file = rfc_dir / CRUFT_FILE
    if done.returncode != 0 or not state_file.is_file():
        raise UsageError(f"cruft link {template} failed: {_last_words(done.stderr or done.stdout)}")
    state = json.loads(state_file.read_text(encoding="utf-8"))
    if made_from and not checkout:  # the commit the RFC was made from, so `cruft update` brings what came after
        state["commit"] = made_from
        state_file.write_text(json.dumps(state, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
    (rfc_dir / ANSWERS_FILE).unlink()
    return state.get("commit")


def _last_words(output: str) -> str:
    """cruft ends a failure in a traceback: its last line, or the template's own refusal."""
    lines = [line.strip() for line in output.splitlines() if line.strip()]
    refusal = [line[2:] for line in lines if line.startswith("- ")]
    if refusal:
        return "; ".join(refusal)
    return lines[-1] if lines else "no output"
