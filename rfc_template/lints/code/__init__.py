"""The Python in the RFC's code blocks, read with `ast`: every python block parses
(RFC318), 5.1's parameter table and 5.1's signature say the same (RFC319), and 5.2's
example calls 5.1's API by its name, with keywords its signature takes (RFC320).

Each python block is parsed once, by `ast.parse` (C), and none that is still the
template's example (RFC311's). What the rules read off the trees is small (5.1's
signatures, 5.2's calls), and 5.2's tree is walked only when its text names 5.1's API
or calls something like it: the cost stays near the parse.

The package: parsing.py (the blocks and their trees), interface.py (what 5.1 defines),
values.py (a default written in the table against the code's); here, `python_code`, the
parse the three rules share; each rule's own reading is in its file (rfc318_..., ...).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass, field

from rfc_template import document
from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.code.interface import Interface, Signature, interface
from rfc_template.lints.code.parsing import Parsed, is_python, nodes, parse_block, quietly
from rfc_template.lints.model import PARAMETERS, model

__all__ = [
    "USAGE",
    "Interface",
    "Parsed",
    "PythonCode",
    "Signature",
    "interface",
    "is_python",
    "nodes",
    "parse_block",
    "python_code",
    "section_lines",
]

USAGE = "5.2 使用示例"


def section_lines(doc: document.Document, name: str) -> range | None:
    """The lines of a section with its subsections (`#### 5.1.1 ...` belongs to 5.1)."""
    headings = doc.headings
    for index, heading in enumerate(headings):
        if heading.section == name:
            end = next((h.line for h in headings[index + 1 :] if h.level <= heading.level), sys.maxsize)
            return range(heading.line, end)
    return None


@dataclass
class PythonCode:
    """The RFC's python blocks, read once for RFC318, RFC319 and RFC320."""

    syntax: list[Finding] = field(default_factory=list)  # RFC318: the blocks Python cannot read
    definition: range | None = None  # 5.1's lines, subsections included
    api: Interface | None = None  # what 5.1's blocks define; None without a 5.1
    usage: list[Parsed] | None = None  # 5.2's blocks, parsed; None without a 5.2


@per_document
@quietly
def python_code(ctx: Context) -> PythonCode:
    """Each python block parsed, and 5.1's interface read off its blocks."""
    # A fence never closed swallows what follows as its code: RFC006 names the cause, once.
    # The template's own example, still in place, is valid Python and RFC311's to report.
    swallowing = {u.line for u in getattr(ctx.doc, "unclosed", ()) if u.kind == "fence"}
    examples = model(ctx.edition.language).example_code
    blocks = [
        b
        for b in ctx.doc.code_blocks
        if is_python(b)
        and b.line not in swallowing
        and not any(p.fullmatch(b.code) for p in examples.get(b.section, ()))
    ]
    if not blocks:
        return PythonCode()
    found, parsed = PythonCode(), []
    for block in blocks:
        tree, finding = parse_block(block, ctx.edition.language)
        if finding is not None:
            found.syntax.append(finding)
        elif tree is not None:
            parsed.append(tree)
    ed = ctx.edition
    definition, usage = section_lines(ctx.doc, ed.name(PARAMETERS)), section_lines(ctx.doc, ed.name(USAGE))
    if definition is None:
        return found
    found.definition = definition
    found.api = interface([p for p in parsed if p.block.line in definition])
    if usage is not None:
        found.usage = [p for p in parsed if p.block.line in usage]
    return found
