"""The mermaid blocks and their copies under diagrams/."""

from __future__ import annotations

import re

from rfc_template import structure
from rfc_template.findings import Finding
from rfc_template.lints import Context

# Mermaid's diagram types (the first word of a diagram).
MERMAID_TYPES = (
    "flowchart", "graph", "sequenceDiagram", "classDiagram", "stateDiagram", "stateDiagram-v2",
    "erDiagram", "journey", "gantt", "pie", "quadrantChart", "requirementDiagram", "gitGraph",
    "C4Context", "C4Container", "C4Component", "C4Dynamic", "C4Deployment", "mindmap", "timeline",
    "zenuml", "sankey-beta", "xychart-beta", "block-beta", "packet-beta", "kanban", "architecture-beta",
    "radar-beta", "treemap-beta",
)


def mermaid_blocks(ctx: Context) -> list[Finding]:
    """RFC201, RFC202: quick checks that need no Mermaid; `rfc check --diagrams` asks Mermaid itself."""
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info != "mermaid":
            continue
        code, skipped = without_front_matter(block.code)
        lines = [l for l in code.splitlines() if l.strip() and not l.strip().startswith("%%")]
        first = lines[0].split()[0] if lines else ""
        if first not in MERMAID_TYPES:
            findings.append(Finding(block.line + 1, 1, "RFC201", f"mermaid block starts with '{first}', not a diagram type such as flowchart or sequenceDiagram"))
        findings += [Finding(block.line + 1 + skipped + n, c, "RFC202", m) for n, c, m in _unbalanced(code, first)]
    return findings


FRONT_MATTER = re.compile(r"\A\s*---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.S)


def without_front_matter(code: str) -> tuple[str, int]:
    """The diagram after its YAML front matter (`---` ... `---`), and how many lines that took."""
    match = FRONT_MATTER.match(code)
    return (code[match.end():], match.group().count("\n")) if match else (code, 0)


# A flowchart's asymmetric node, `id>text]`, opens with `>` right after the node id.
ASYMMETRIC_NODE = re.compile(r"(?<=\w)>")
SEQUENCE_FREE_TEXT = re.compile(r"(:| as ).*")
BRACKET_OR_QUOTE = re.compile(r'[()\[\]{}"]')


def _unbalanced(code: str, diagram: str) -> list[tuple[int, int, str]]:
    """Per line: quotes must pair; brackets must close across the block. (line, col, msg)."""
    problems = []
    stack: list[tuple[str, int, int]] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for number, line in enumerate(code.splitlines()):
        if line.strip().startswith("%%"):
            continue
        if diagram == "sequenceDiagram":
            # a message's text and a participant's alias are free: `A->>B: ok :)`
            line = SEQUENCE_FREE_TEXT.sub("", line)
        elif diagram in ("flowchart", "graph"):
            line = ASYMMETRIC_NODE.sub("[", line)
        if line.count('"') % 2:
            problems.append((number, line.rfind('"') + 1, "unbalanced double quote"))
            continue
        in_quote = False
        for match in BRACKET_OR_QUOTE.finditer(line):
            ch, col = match.group(), match.start() + 1
            if ch == '"':
                in_quote = not in_quote
            elif in_quote:
                continue
            elif ch in "([{":
                stack.append((ch, number, col))
            elif stack and stack[-1][0] == pairs[ch]:
                stack.pop()
            else:
                problems.append((number, col, f"'{ch}' closes nothing"))
    if stack:  # the innermost is the likely culprit; a flood of the rest would hide it
        ch, n, c = stack[-1]
        more = f" (and {len(stack) - 1} more before it)" if len(stack) > 1 else ""
        problems.append((n, c, f"'{ch}' is never closed{more}"))
    return problems


def diagram_files(ctx: Context) -> list[Finding]:
    """RFC203: diagrams/*.mmd are copies of the blocks in rfc.md."""
    if ctx.path is None:
        return []
    doc, ed = ctx.doc, ctx.edition
    folder = ctx.path.parent / "diagrams"
    findings = []
    for name, section in structure.diagram_sections(ed.language).items():
        file = folder / name
        block = next((b for b in doc.code_blocks if b.section == section and b.info == "mermaid"), None)
        if not file.is_file() or block is None:
            continue
        kept = file.read_text(encoding="utf-8", errors="replace")
        if kept.strip() != block.code.strip():
            findings.append(Finding(block.line, 1, "RFC203", f"diagrams/{name} differs from the mermaid block in '{section}'; edit rfc.md and copy it over, or delete the file"))
    return findings


