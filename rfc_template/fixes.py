"""`rfc check --fix`: rewrite what has one right answer, and say what was changed.

Only a copy is ever rewritten, never a line someone wrote in rfc.md: rfc.md is the
source of each diagram (docs/template.md, "Which diagram to edit"), so a diagrams/*.mmd that
differs from its block (RFC203) becomes the block again.
"""

from __future__ import annotations

import os
from pathlib import Path

from rfc_template import document
from rfc_template.editions import edition_of
from rfc_template.lints.diagrams import stale_copies

FIXED_CODES = ("RFC203",)


def fix(rfc: Path, text: str) -> list[str]:
    """Fix the RFC at `rfc` (its text given); one line per file changed."""
    doc = document.parse(text)
    changed = []
    for stale in stale_copies(doc, edition_of(doc), rfc):
        _replace(stale.file, stale.block.code)
        changed.append(f"{stale.file}: rewritten from the mermaid block at {rfc}:{stale.block.line} "
                       f"('{stale.section}') (RFC203)")
    return changed


def _replace(path: Path, content: str) -> None:
    """Write through a temporary file: a reader never sees half a diagram, and a symlinked
    diagrams/*.mmd becomes a file of its own instead of writing where the link points."""
    temporary = path.with_name(f".{path.name}.rfc-fix.tmp")
    try:
        temporary.write_text(content, encoding="utf-8")
        os.replace(temporary, path)
    finally:
        temporary.unlink(missing_ok=True)
