from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule


@rule(
    "RFC310",
    "empty-section",
    REVIEW,
    fails=edit("### 6.5 代码改动点\n", "### 6.5 代码改动点\n\n### 6.6 方案取舍\n"),
    passes=edit("### 6.5 代码改动点\n", "### 6.5 代码改动点\n\n#### 6.5.1 按模块\n"),
)
def empty_section(ctx: Context) -> list[Finding]:
    """a required section has nothing under its heading

    ## What it checks
    Under each heading of a required section, up to the next heading, some line a reader
    sees: text, a table, a list, a code block. A heading directly followed by a deeper one
    has content (its subsections, also the author's own `#### 6.5.1`). Guidance comments
    (`<!-- ... -->`) render as nothing, so a section holding only them is reported, at its
    heading. Runs at the review stage.

    ## Why a reviewer cares
    A bare heading reads as a question skipped: the reviewer cannot tell "does not apply"
    from "not written yet"; one line such as "不涉及" / "N/A" and its reason says which.
    """
    required = {s.text for s in ctx.edition.sections}
    headings = ctx.doc.headings
    lines = ctx.uncommented_lines
    findings = []
    for index, heading in enumerate(headings):
        if heading.section not in required:
            continue
        following = headings[index + 1] if index + 1 < len(headings) else None
        if following is not None and following.level > heading.level:
            continue  # a subsection follows: the section has content
        end = following.line if following else len(lines) + 1
        if not any(lines[n - 1].strip() for n in range(heading.line + 1, end)):
            findings.append(
                Finding(heading.line, 1, "RFC310", f"section '{heading.section}' has nothing under its heading")
            )
    return findings
