"""An RFC's lifecycle: which RFCs it supersedes or is superseded by, and its status moving on.

The rows are optional rows of the basic-info table, named once in cookiecutter.json
(`_lifecycle_keys`): 替代 / Supersedes and 被替代 / Superseded by name other RFCs, as a
relative link or path to the other `rfc.md` (or its folder), or as the other RFC's folder
name beside this one's; several are separated by `、`, `,` or `;`. 状态变更 / Status changed
holds the date `rfc status` last moved the status.

RFC342 checks that both sides agree; `rfc site` draws the chain; `rfc status` moves the
status along the template's order and records the date.
"""

from __future__ import annotations

import datetime
import os
import re
from dataclasses import dataclass
from pathlib import Path

from rfc_template import document
from rfc_template.errors import UsageError
from rfc_template.template import load_rules

SUPERSEDES, SUPERSEDED_BY, STATUS_CHANGED = "替代", "被替代", "状态变更"
# the other side of each supersession row
OTHER_SIDE = {SUPERSEDES: SUPERSEDED_BY, SUPERSEDED_BY: SUPERSEDES}

LINK = re.compile(r"\[[^\[\]]*\]\(\s*<?([^()<>\s]+)>?(?:\s+\"[^\"]*\")?\s*\)")
ENTRY_SEPARATORS = re.compile(r"\s*[、,，;；]\s*")


@dataclass(frozen=True)
class Reference:
    written: str  # as the row names it
    path: Path | None  # the rfc.md it names, None when there is none


def row_cell(source_line: str) -> str:
    """The value cell of a two-cell table row, as written (`| 替代 | [x](../x/rfc.md) |`)."""
    cells = re.split(r"(?<!\\)\|", source_line.strip().strip("|"))
    return cells[1].strip() if len(cells) > 1 else ""


def references(cell: str, rfc: Path) -> list[Reference]:
    """The RFCs a 替代 / 被替代 cell (as written) names, each resolved from the RFC at `rfc`."""
    found = []
    linked = LINK.findall(cell)
    entries = linked or [e for e in ENTRY_SEPARATORS.split(document.COMMENT.sub("", cell)) if e.strip()]
    for entry in entries:
        entry = entry.strip().strip("`<>")
        if entry:
            found.append(Reference(entry, resolve(entry, rfc)))
    return found


def resolve(entry: str, rfc: Path) -> Path | None:
    """`../old/rfc.md`, `../old`, `old` (a folder beside this RFC's): the rfc.md it names."""
    if "://" in entry or entry.startswith("#"):
        return None
    folder = rfc.parent
    for candidate in (folder / entry, folder.parent / entry):
        target = candidate if candidate.name.endswith(".md") else candidate / "rfc.md"
        if target.is_file():
            return Path(os.path.normpath(target))
    return None


def same_file(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def lifecycle_rows(text: str) -> dict[str, tuple[int, str]]:
    """Each lifecycle row of an RFC's basic info (Chinese key) -> (its line, its value cell as written)."""
    from rfc_template.editions import edition_of
    from rfc_template.lint.context import read_basic_info

    doc = document.parse(text)
    info = read_basic_info(doc, edition_of(doc), load_rules())
    lines = normalise(text).split("\n")
    keys = load_rules().lifecycle_keys
    return {
        row.known: (row.line, row_cell(lines[row.line - 1]))
        for row in info.rows
        if row.known is not None and row.known in keys and row.first_line is None
    }


def normalise(text: str) -> str:
    return document.as_forges_read(text)


# --- rfc status ---------------------------------------------------------------------------


def change_status(rfc: Path, wanted: str, today: datetime.date | None = None) -> tuple[str, str]:
    """Move the RFC's status to `wanted` (either edition's words) along the template's order,
    and write the date in its 状态变更 row (added under 状态 if missing); (old, new) as the
    RFC's edition writes them. Every other byte of the file is kept."""
    from rfc_template.editions import edition_of
    from rfc_template.lint.context import read_basic_info

    rules = load_rules()
    raw = rfc.read_bytes()
    text = raw.decode("utf-8-sig")
    newline = "\r\n" if "\r\n" in text else "\n"
    doc = document.parse(text)
    ed = edition_of(doc)
    info = read_basic_info(doc, ed, rules)
    row = next((r for r in info.rows if r.known == "状态" and r.first_line is None), None)
    if row is None:
        raise UsageError(f"{rfc}: no {ed.name('状态')} row in its basic info ({ed.basic_info})")
    current = rules.status_index(row.value)
    target = rules.status_index(wanted)
    shown = [rules.in_edition(s, ed.language) for s in rules.statuses]
    if target is None:
        raise UsageError(f"{rfc}: unknown status {wanted!r}; the statuses are {', '.join(shown)}")
    if current is None:
        raise UsageError(
            f"{rfc}: its status {row.value!r} is none of {', '.join(shown)}; correct it by hand first (RFC107)"
        )
    later = shown[current + 1 :]
    if target <= current:
        allowed = f"it can move on to {', '.join(later)}" if later else "it is the last status"
        raise UsageError(
            f"{rfc}: the status is {shown[current]}; {shown[target]} {'is' if target == current else 'would go back'}"
            f" ({allowed}; a status only moves forward, in the template's order)"
        )
    lines = text.split(newline)
    new = shown[target]
    lines[row.line - 1] = _with_value(lines[row.line - 1], new)
    date = (today or datetime.date.today()).isoformat()
    changed = next((r for r in info.rows if r.known == STATUS_CHANGED and r.first_line is None), None)
    if changed is not None:
        lines[changed.line - 1] = _with_value(lines[changed.line - 1], date)
    else:
        key = STATUS_CHANGED if ed.language == "zh" else rules.lifecycle_keys[STATUS_CHANGED]
        lines.insert(row.line, f"| {key} | {date} |")
    written = newline.join(lines).encode("utf-8")
    if raw.startswith(b"\xef\xbb\xbf"):
        written = b"\xef\xbb\xbf" + written
    temporary = rfc.with_name(f".{rfc.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(written)
        os.replace(temporary, rfc)
    finally:
        temporary.unlink(missing_ok=True)
    return shown[current], new


def _with_value(line: str, value: str) -> str:
    """A `| key | value |` row with its value cell replaced, the key cell kept as written."""
    match = re.match(r"(\s*\|?[^|]*\|)", line)
    assert match, line
    return f"{match.group(1)} {value} |"
