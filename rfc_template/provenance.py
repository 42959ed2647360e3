"""Which template an RFC came from: this package's version and the template's git commit.

`.rfc-answers.json` records both, so that an RFC can be regenerated from the same
template (`cookiecutter --replay-file`) and linked to it later (`rfc link`, cruft).
Standard library only: cookiecutter's process reads this while it renders the template.

The commit is read from the checkout the template runs from (`cookiecutter gh:...` and
cruft clone the repository; a developer runs it from a checkout). An installed wheel
has no `.git`: hatch_build.py writes the commit it was built from into the package.
"""

from __future__ import annotations

import subprocess
from functools import cache
from pathlib import Path

from rfc_template import __version__

PACKAGE_DIR = Path(__file__).resolve().parent
BUILT_FROM = "_commit.txt"  # written into the wheel by hatch_build.py
NAME = "rfc-template"


@cache
def template_commit() -> str | None:
    """The full commit hash of the template, or None where nothing records it."""
    root = PACKAGE_DIR.parent
    if (root / ".git").exists():
        return checkout_commit(root)
    built = PACKAGE_DIR / BUILT_FROM
    if built.is_file():
        return built.read_text(encoding="ascii").strip() or None
    return None


def checkout_commit(root: Path) -> str | None:
    """HEAD of the git checkout at `root`, read from its files (no git process for the
    common layout: generation stays fast), else asked of git (worktrees, odd layouts)."""
    try:
        return _head_from_files(root / ".git") or _head_from_git(root)
    except OSError:
        return _head_from_git(root)


def _head_from_files(git_dir: Path) -> str | None:
    if not git_dir.is_dir():  # a worktree or submodule: `.git` is a file naming the real one
        return None
    head = (git_dir / "HEAD").read_text(encoding="utf-8").strip()
    if not head.startswith("ref: "):
        return head if _is_hash(head) else None  # a detached HEAD (cruft, cookiecutter --checkout)
    ref = head[len("ref: ") :]
    loose = git_dir / ref
    if loose.is_file():
        sha = loose.read_text(encoding="utf-8").strip()
        return sha if _is_hash(sha) else None
    packed = git_dir / "packed-refs"
    if packed.is_file():
        for line in packed.read_text(encoding="utf-8").splitlines():
            sha, _, name = line.partition(" ")
            if name == ref and _is_hash(sha):
                return sha
    return None


def _head_from_git(root: Path) -> str | None:
    try:
        done = subprocess.run(
            ["git", "-C", str(root), "rev-parse", "--verify", "-q", "HEAD"],
            capture_output=True,
            text=True,
            timeout=10,
        )
    except (OSError, subprocess.SubprocessError):
        return None
    sha = done.stdout.strip()
    return sha if done.returncode == 0 and _is_hash(sha) else None


def _is_hash(text: str) -> bool:
    return len(text) in (40, 64) and all(c in "0123456789abcdef" for c in text)


def record() -> dict[str, str | None]:
    """What `.rfc-answers.json` says of the template, beside the answers."""
    return {"name": NAME, "version": __version__, "commit": template_commit()}


def version_line(template_dir: Path) -> str:
    """`rfc --version`."""
    commit = template_commit()
    made_from = f"commit {commit[:12]}" if commit else "commit unknown"
    return f"rfc {__version__} ({made_from}; template: {template_dir})"
