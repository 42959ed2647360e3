from __future__ import annotations

from rfc_template import lifecycle
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule


@rule(
    "RFC342",
    "supersession-disagrees",
    DRAFT,
    fails=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 评审中 Reviewing |\n| 替代 | ../fsdp-overlap-v1/rfc.md |"),
    passes=edit("| 状态 | 评审中 Reviewing |", "| 状态 | 评审中 Reviewing |\n| 替代 | |"),
)
def supersession_disagrees(ctx: Context) -> list[Finding]:
    """an RFC it supersedes (or is superseded by) is not there, or does not say so too

    ## What it checks
    The optional basic-info rows 替代 / Supersedes and 被替代 / Superseded by name other RFCs:
    a relative link or path to the other `rfc.md` (or its folder), or the name of its folder
    beside this RFC's, several separated by `、`, `,` or `;`. Each must be an RFC that exists,
    and its own row of the other side must name this RFC back: an RFC that 替代 the old one
    is named in the old one's 被替代, and the other way round. At the row. Not checked: an
    RFC checked as text with no file (`rfc check -` without `--stdin-filename`).

    ## Why a reviewer cares
    Readers follow the chain from an old decision to the one that replaced it (`rfc site`
    draws it): a name that leads nowhere, or an old RFC that does not point to its
    successor, leaves them reading a decision that no longer holds. PEPs check both sides
    of `Replaces` / `Superseded-By` for the same reason.
    """
    if ctx.path is None or not (lifecycle.OTHER_SIDE.keys() & ctx.info.keys()):
        return []  # most RFCs have neither row: nothing else is read
    findings = []
    source = ctx.visible_lines
    for key, other_key in lifecycle.OTHER_SIDE.items():
        line = ctx.info_lines.get(key)
        if line is None:
            continue
        own = key if ctx.edition.language == "zh" else ctx.rules.lifecycle_keys[key]
        for ref in lifecycle.references(lifecycle.row_cell(source[line - 1]), ctx.path):
            if ref.path is None:
                findings.append(
                    Finding(line, 1, "RFC342", f"{own} names '{ref.written}', which is no RFC beside this one")
                )
                continue
            rows = lifecycle.lifecycle_rows(ref.path.read_text(encoding="utf-8", errors="replace"))
            back = rows.get(other_key)
            named = back and any(
                r.path and lifecycle.same_file(r.path, ctx.path) for r in lifecycle.references(back[1], ref.path)
            )
            if not named:
                theirs = other_key if ctx.edition.language == "zh" else ctx.rules.lifecycle_keys[other_key]
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC342",
                        f"{own} names '{ref.written}', whose {theirs} row does not name this RFC back",
                    )
                )
    return findings
