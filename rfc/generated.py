"""The post-generation check of a freshly rendered RFC directory (used by the hook).

mistune is optional here: the hook runs under whatever interpreter runs cookiecutter,
so without it only the unrendered-syntax check runs, and a one-line note says so.
"""

from __future__ import annotations

from pathlib import Path

from rfc.findings import unrendered_syntax


def check_generated(rfc_dir: str | Path) -> tuple[list[str], str]:
    """Problems as `file:line:col: CODE message` lines, and a note (empty when none)."""
    rfc_dir = Path(rfc_dir)
    problems = []
    for path in sorted(p for p in rfc_dir.rglob("*") if p.is_file()):
        text = path.read_text(encoding="utf-8")
        problems += [f.format(str(path.relative_to(rfc_dir))) for f in unrendered_syntax(text)]
    try:
        from rfc import document, structure
    except ImportError:
        return problems, "mistune is not installed, so the section check was skipped (pip install mistune)"
    rfc_md = rfc_dir / "rfc.md"
    doc = document.parse(rfc_md.read_text(encoding="utf-8"))
    problems += [f.format("rfc.md") for f in structure.section_findings(doc)]
    return problems, ""
