"""`rfc check --fix`: rewrite what has one right answer, and say what was changed.

Only a copy is ever rewritten, never a line someone wrote in rfc.md: rfc.md is the
source of each diagram (docs/template.md, "Which diagram to edit"), so a diagrams/*.mmd that
differs from its block (RFC203) becomes the block again, unless someone drew there: the
copy was changed after rfc.md, or a change of it is staged for commit (under pre-commit,
which sets unstaged edits aside and writes rfc.md anew, file times alone would not say).
Such a copy is left for them to copy over.

Nothing is rewritten from an rfc.md with merge conflicts left in it (RFC012): its blocks
are not yet the author's, and which side is meant is theirs to say.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path
from typing import NamedTuple

from rfc_template import document
from rfc_template.editions import edition_of
from rfc_template.lint.context import merge_conflicts
from rfc_template.lints.diagrams import StaleCopy, stale_copies

FIXED_CODES = ("RFC203",)


class Fix(NamedTuple):
    done: bool  # False: left alone, and why
    message: str


class Planned(NamedTuple):
    """A stale copy and what --fix does with it: rewrite it (`drawn` empty), or leave it,
    because someone drew there (`drawn` says how it was changed)."""

    stale: StaleCopy
    drawn: str | None

    def where(self, rfc: Path) -> str:
        return f"the mermaid block at {rfc}:{self.stale.block.line} ('{self.stale.section}')"


def plan(rfc: Path, text: str) -> tuple[list[Planned], str | None]:
    """What --fix would do to the RFC at `rfc` (its text given), without doing it: each
    stale copy, planned; or, with merge conflicts left in, nothing and why (`rfc lsp` offers
    the same fixes as code actions)."""
    doc = document.parse(text)
    conflicts = merge_conflicts(doc)
    if conflicts:
        at = ", ".join(str(conflict.line) for conflict in conflicts)
        many = "s" if len(conflicts) > 1 else ""
        return [], (
            f"{rfc} has {len(conflicts)} merge conflict{many} left in (line{many} {at}, RFC012): nothing is "
            f"rewritten from it; resolve {'them' if many else 'it'}, then run rfc check --fix again"
        )
    planned = []
    for stale in stale_copies(doc, edition_of(doc), rfc):
        drawn = (
            f"was changed after {rfc.name}"
            if _edited_after(stale.file, rfc)
            else "has a change staged for commit"
            if _staged(stale.file)
            else None
        )
        planned.append(Planned(stale, drawn))
    return planned, None


def fix(rfc: Path, text: str) -> list[Fix]:
    """Fix the RFC at `rfc` (its text given): what was changed, and what was left alone."""
    planned, refused = plan(rfc, text)
    if refused:
        return [Fix(False, refused)]
    fixes = []
    for step in planned:
        if step.drawn:  # someone drew in the copy: rewriting it would lose their work
            fixes.append(
                Fix(
                    False,
                    f"{step.stale.file} {step.drawn}, so it is not rewritten: copy it into {step.where(rfc)}, "
                    "or delete it (RFC203)",
                )
            )
            continue
        _replace(step.stale.file, step.stale.block.code)
        fixes.append(Fix(True, f"{step.stale.file}: rewritten from {step.where(rfc)} (RFC203)"))
    return fixes


def _edited_after(copy: Path, rfc: Path) -> bool:
    try:
        return copy.stat().st_mtime_ns > rfc.stat().st_mtime_ns
    except OSError:
        return False


def _staged(copy: Path) -> bool:
    """A change of the copy is in git's index (staged), against HEAD; False outside git."""
    try:
        done = subprocess.run(
            ["git", "diff", "--cached", "--quiet", "--", copy.name],
            cwd=copy.parent,
            capture_output=True,
            timeout=30,
        )
    except (OSError, subprocess.SubprocessError):
        return False
    return done.returncode == 1  # 0: no staged change; 128 and others: not in a repository


def _replace(path: Path, content: str) -> None:
    """Write through a temporary file: a reader never sees half a diagram, and a symlinked
    diagrams/*.mmd becomes a file of its own instead of writing where the link points."""
    temporary = path.with_name(f".{path.name}.rfc-fix.tmp")
    try:
        temporary.write_text(content, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
