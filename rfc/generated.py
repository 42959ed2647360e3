"""The post-generation check of a freshly rendered RFC directory (used by the hook).

`rfc.md` gets the same draft-stage check as `rfc check`; every other file is scanned
for unrendered template syntax. mistune is optional here: the hook runs under whatever
interpreter runs cookiecutter, so without it only the syntax scan runs, with a note.
"""

from __future__ import annotations

from pathlib import Path

from rfc.findings import unrendered_syntax


def check_generated(rfc_dir: str | Path) -> tuple[list[str], str]:
    """Problems as `file:line:col: CODE message` lines, and a note (empty when none)."""
    try:
        from rfc import check
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
    note = "" if check else "mistune is not installed, so only the unrendered-syntax check ran (pip install mistune)"
    return problems, note
