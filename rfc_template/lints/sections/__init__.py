"""What the headings say: every required section present once, in order, at its level,
and not left empty; and no template syntax left unrendered."""

from __future__ import annotations

from rfc_template import structure
from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.blocks import swallowed_sections


@per_document
def section_findings(ctx: Context) -> list[Finding]:
    """RFC001, RFC002, RFC003 and RFC005 in one pass over the headings. A section inside
    a fence or comment that is never closed is not reported missing: RFC006 names the
    cause, once."""
    swallowed = set(swallowed_sections(ctx)) if ctx.doc.unclosed else set()
    return structure.section_findings(ctx.doc, ctx.edition.language, not_missing=swallowed)
