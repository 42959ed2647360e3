"""What `rfc lsp` offers on a finding: the fixes `rfc check --fix` knows, a waiver, the rule's page.

Waive: the waiver comment of rfc_template/lint/waivers.py, with a reason for the author to
write, where `rfc check` reads it for that line:
- on the finding's line, `<!-- rfc-disable-line CODE -- reason -->` at its end (inside the
  last cell of a table row, so that the row keeps its cells);
- in a code block, where a waiver would be code, `rfc-disable` before the block and
  `rfc-enable` after it.

Fix: RFC203, a diagrams/*.mmd copy that differs from its block, becomes the block again:
rfc_template/fixes.py's plan, as an edit of the copy (nothing is offered where someone drew
in the copy, or while merge conflicts are left).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from lsprotocol import types
from pygls.workspace.position_codec import PositionCodec, ServerTextPosition, ServerTextRange

from rfc_template import document, fixes
from rfc_template.findings import Finding
from rfc_template.lint import docs, registry, waivers
from rfc_template.lsp.diagnostics import lines_of
from rfc_template.mermaid import CODE as MERMAID_CODE

REASON = "reason"  # the placeholder the author replaces with why the finding is intended
NOT_WAIVED = waivers.NOT_WAIVABLE | {MERMAID_CODE}  # Mermaid's verdict is not waived (docs/rfc-command.md)


def waiver_edits(text: str, finding: Finding) -> tuple[str, list[tuple[ServerTextPosition, str]]] | None:
    """(title, insertions at positions of `text`, in code points) that waive `finding`
    where it stands, or None where it cannot be waived."""
    if finding.code in NOT_WAIVED or not finding.code:
        return None
    rule = registry.rules_by_code().get(finding.code)
    named = f"{finding.code} ({rule.name})" if rule is not None else finding.code
    lines = lines_of(text)
    number = min(max(finding.line, 1), len(lines))
    block = _code_block_around(text, number)
    if block is not None:
        first, last = block
        return f"Waive {named} in this code block", [
            (ServerTextPosition(first - 1, 0), f"<!-- rfc-disable {finding.code} -- {REASON} -->\n"),
            (
                ServerTextPosition(last - 1, len(lines[last - 1])),
                f"\n<!-- rfc-enable {finding.code} -->",
            ),
        ]
    line = lines[number - 1]
    comment = f"<!-- rfc-disable-line {finding.code} -- {REASON} -->"
    body = line.rstrip()
    at = len(line)
    if body.lstrip().startswith("|") and body.endswith("|") and not body.endswith("\\|") and len(body.strip()) > 1:
        at = len(body) - 1  # inside the last cell: after the row's last pipe it would be a cell of its own
    if _in_comment(lines, number, at):
        return None  # its `-->` would end the comment there, and show what the comment hid
    new = f"{comment} " if at < len(line) else f" {comment}"
    return f"Waive {named} on this line", [(ServerTextPosition(number - 1, at), new)]


def _in_comment(lines: list[str], number: int, column: int) -> bool:
    """Whether the place (1-based line, 0-based column) is inside an HTML comment, one left
    open included."""
    offset = sum(len(line) + 1 for line in lines[: number - 1]) + column
    text = "\n".join(lines)
    closed_before = 0
    for match in document.COMMENT.finditer(text):
        if match.start() >= offset:
            break
        if offset < match.end():
            return True
        closed_before = match.end()
    return "<!--" in text[closed_before:offset]  # opened after the last closed one, and never closed


def _code_block_around(text: str, number: int) -> tuple[int, int] | None:
    """The first and last line of the code block `number` is in (its fences included), or None."""
    last_line = len(lines_of(text))
    for block in document.parse(text).code_blocks:
        first = block.line
        last = min(block.last_line, last_line)
        if first <= number <= last:
            return first, last
    return None


def fix_edits(rfc: Path, text: str, finding: Finding, read) -> tuple[str, Path, str, str] | None:
    """(title, the copy, its text now, its text fixed) for an RFC203 finding, or None.
    `read(path)`: a file's text as the editor has it (open and unsaved, or on disk)."""
    if finding.code not in fixes.FIXED_CODES:
        return None
    planned, refused = fixes.plan(rfc, text)
    if refused:
        return None
    for step in planned:
        if step.stale.block.line == finding.line and not step.drawn:
            copy = step.stale.file
            return (
                f"Rewrite diagrams/{copy.name} from this block (rfc check --fix)",
                copy,
                read(copy),
                step.stale.block.code,
            )
    return None


def replace_all(old: str, new: str, codec: PositionCodec) -> types.TextEdit:
    """One edit that makes a document whose text is `old` read `new`."""
    lines = lines_of(old)
    end = ServerTextPosition(len(lines) - 1, len(lines[-1]))
    whole = ServerTextRange(ServerTextPosition(0, 0), end)
    return types.TextEdit(range=codec.range_to_client_units(lines, whole), new_text=new)


def hover_text(findings: Sequence[Finding]) -> str:
    """The page of each rule with a finding here (`rfc rule CODE`), for the hover."""
    pages = []
    for code in dict.fromkeys(f.code for f in findings if f.code):
        rule = registry.rules_by_code().get(code)
        if rule is not None:
            pages.append(f"{docs.page(rule).rstrip()}\n\n[{rule.code} on the web]({rule.url})")
    return "\n\n---\n\n".join(pages)
