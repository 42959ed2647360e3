"""What the headings say: every required section present once, in order, at its level,
and not left empty; and no template syntax left unrendered."""

from __future__ import annotations

from rfc_template import structure
from rfc_template.findings import Finding, unrendered_syntax
from rfc_template.lints import Context


def required_sections(ctx: Context) -> list[Finding]:
    """RFC001, RFC002, RFC003, RFC005. A section inside a fence or comment that is never
    closed is not reported missing: RFC006 names the cause, once."""
    from rfc_template.lints.blocks import swallowed_sections

    swallowed = set(swallowed_sections(ctx)) if ctx.doc.unclosed else set()
    return structure.section_findings(ctx.doc, ctx.edition.language, not_missing=swallowed)


def unrendered(ctx: Context) -> list[Finding]:
    """RFC004. Mermaid's own syntax has `{{` (hexagon nodes), so its blocks are left out."""
    skip = set()
    for block in ctx.doc.code_blocks:
        if block.info == "mermaid":
            skip.update(range(block.line, block.line + block.code.count("\n") + 2))
    return [f for f in unrendered_syntax(ctx.doc.source) if f.line not in skip]


def empty_sections(ctx: Context) -> list[Finding]:
    """RFC310: a required heading with nothing a reader sees under it before the next
    heading of its level or above (its own subsections count as content; guidance
    comments render as nothing, so they do not)."""
    required = {s.text for s in ctx.edition.sections}
    headings = ctx.doc.headings
    lines = ctx.uncommented_lines
    findings = []
    for index, heading in enumerate(headings):
        if heading.text not in required:
            continue
        following = headings[index + 1] if index + 1 < len(headings) else None
        if following is not None and following.level > heading.level:
            continue  # a subsection follows: the section has content
        end = following.line if following else len(lines) + 1
        if not any(lines[n - 1].strip() for n in range(heading.line + 1, end)):
            findings.append(Finding(heading.line, 1, "RFC310", f"section '{heading.text}' has nothing under its heading"))
    return findings

