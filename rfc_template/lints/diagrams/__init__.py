"""The mermaid blocks and their copies under diagrams/."""

from __future__ import annotations

import os
import re
from collections.abc import Iterator
from functools import lru_cache
from pathlib import Path
from typing import NamedTuple

from rfc_template import document, structure
from rfc_template.editions import Edition
from rfc_template.findings import Finding
from rfc_template.lint.context import Context, per_document

# Every diagram keyword Mermaid 11.17.2 detects (its diagram-api detectors), plus zenuml (a plugin).
MERMAID_TYPES = (
    "flowchart",
    "flowchart-elk",
    "graph",
    "sequenceDiagram",
    "classDiagram",
    "classDiagram-v2",
    "stateDiagram",
    "stateDiagram-v2",
    "erDiagram",
    "journey",
    "gantt",
    "pie",
    "quadrantChart",
    "requirementDiagram",
    "requirement",
    "gitGraph",
    "C4Context",
    "C4Container",
    "C4Component",
    "C4Dynamic",
    "C4Deployment",
    "mindmap",
    "timeline",
    "zenuml",
    "sankey",
    "sankey-beta",
    "xychart",
    "xychart-beta",
    "block",
    "block-beta",
    "packet",
    "packet-beta",
    "kanban",
    "architecture",
    "architecture-beta",
    "radar-beta",
    "treemap",
    "treemap-beta",
    "info",
    "venn-beta",
    "ishikawa",
    "ishikawa-beta",
    "wardley-beta",
    "treeView-beta",
    "eventmodeling",
    "cynefin-beta",
    "swimlane-beta",
    "railroad-beta",
    "railroad-ebnf-beta",
    "railroad-abnf-beta",
    "railroad-peg-beta",
)
# Where brackets are the syntax (node shapes, class and state bodies), so an unbalanced one is
# a mistake. Elsewhere they are free text (sequence messages and blocks, gantt tasks, pie and
# journey titles, timelines) or syntax of another kind (ER cardinalities `}o--o{`, mindmap
# shapes `))bang((`): those diagrams are left to `rfc check --diagrams`, which asks Mermaid.
BRACKET_DIAGRAMS = {
    "flowchart",
    "flowchart-elk",
    "graph",
    "block",
    "block-beta",
    "classDiagram",
    "classDiagram-v2",
    "stateDiagram",
    "stateDiagram-v2",
}
NODE_SHAPES = {"flowchart", "flowchart-elk", "graph", "block", "block-beta"}
STATE_DIAGRAMS = {"stateDiagram", "stateDiagram-v2"}
# `%%{init: ...}%%`, possibly over several lines; blanked keeping its newlines.
DIRECTIVE = re.compile(r"%%\{.*?\}%%", re.S)


@per_document
def mermaid_blocks(ctx: Context) -> list[Finding]:
    """RFC201, RFC202: quick checks that need no Mermaid; `rfc check --diagrams` asks Mermaid itself.

    Held to never reject a diagram Mermaid accepts (tests/test_diagrams_mermaid.py, over
    the valid diagrams of tests/diagrams/)."""
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info != "mermaid":
            continue
        code, skipped = without_front_matter(block.code)
        code = DIRECTIVE.sub(lambda m: "\n" * m.group().count("\n"), code)
        lines = [line for line in code.splitlines() if line.strip() and not line.strip().startswith("%%")]
        first = lines[0].split()[0] if lines else ""
        if first not in MERMAID_TYPES:
            findings.append(
                Finding(
                    block.line + 1,
                    1,
                    "RFC201",
                    f"mermaid block starts with '{first}', not a diagram type such as flowchart or sequenceDiagram",
                )
            )
        findings += [Finding(block.line + 1 + skipped + n, c, "RFC202", m) for n, c, m in _unbalanced(code, first)]
    return findings


# Tags people give a diagram that the forges do not draw: only ```mermaid is drawn.
NEAR_MERMAID_TAGS = ("mmd", "mermaidjs", "mermaid-js", "mermaid.js")
DIRECTIONS = ("TD", "TB", "BT", "RL", "LR")


@lru_cache(maxsize=256)  # a few tags (python, text, bash) over and over
def meant_as_mermaid(tag: str) -> bool:
    """`Mermaid`, `mmd`, `mermaid-js`, or a slip of the pen (`mermiad`)."""
    import difflib

    tag = tag.lower()
    return (
        tag == "mermaid"
        or tag in NEAR_MERMAID_TAGS
        or (len(tag) > 4 and difflib.SequenceMatcher(None, tag, "mermaid").ratio() >= 0.75)
    )


def diagram_header(code: str) -> bool:
    code, _ = without_front_matter(code)
    first = next((line.strip() for line in code.splitlines() if line.strip() and not line.strip().startswith("%%")), "")
    words = first.split()
    if not words or words[0] not in MERMAID_TYPES:
        return False
    if words[0] in ("flowchart", "graph", "flowchart-elk"):
        return len(words) == 1 or words[1].rstrip(";") in DIRECTIONS
    return len(words) == 1


FRONT_MATTER = re.compile(r"\A\s*---[ \t]*\n.*?\n---[ \t]*(?:\n|\Z)", re.S)


def without_front_matter(code: str) -> tuple[str, int]:
    """The diagram after its YAML front matter (`---` ... `---`), and how many lines that took."""
    match = FRONT_MATTER.match(code)
    return (code[match.end() :], match.group().count("\n")) if match else (code, 0)


# An HTML tag in a label (`<br>`, `<br/>`, `<b>`): its `>` is no asymmetric node.
HTML_TAG = re.compile(r"</?[A-Za-z][\w-]*\s*/?>")
STATE_FREE_TEXT = re.compile(r":.*")  # a transition's label, a state's description
BRACKET_OR_QUOTE = re.compile(r'[()\[\]{}"]')
# What a flowchart line's scan stops at: a bracket or quote; `|`, which opens and closes an
# edge's label (`A -->|text| B`); `>` right after a word, an asymmetric node `id>text]` where
# a node can start; and the start of an edge's text (`A -- text --> B`, `== text ==>`,
# `-. text .->`), Mermaid's START_LINK: the link's first dashes followed by a space.
FLOW_TOKEN = re.compile(r'[()\[\]{}"|]|(?<=\w)>|(?<![-=.<>xo])[xo<]?(?:--|==|-\.)(?=\s)')
# Where such a text ends: the rest of its link (`-->`, `---`, `--x`, `==>`, `.->`, `.-`).
EDGE_TEXT_END = re.compile(r"\s[xo<]?(?:-{2,}[-xo>]|={2,}[=xo>]|-?\.+-[xo>]?)")


def _tokens(line: str) -> Iterator[tuple[str, int]]:
    """(bracket or quote, its column) of a line, in order."""
    for match in BRACKET_OR_QUOTE.finditer(line):
        yield match.group(), match.start() + 1


def _flow_tokens(line: str, stack: list, quote: object) -> Iterator[tuple[str, int]]:
    """(bracket or quote, its column) of a flowchart line, read as Mermaid reads it: an
    edge's text (`A -- x > 0 --> B`) is free text, brackets and all; in a `|label|` and in
    a node's text (`A[a > b]`, `subgraph S [x > 0]`) `<` and `>` are text; only where a
    node can start does `id>` open an asymmetric node, closed by `]` (yielded as `[`).
    `stack` and `quote` are the caller's, read (not changed) as the caller updates them."""
    label, at, in_quote = False, 0, quote is not None
    while (match := FLOW_TOKEN.search(line, at)) is not None:
        token, at = match.group(), match.end()
        if token == '"':
            in_quote = not in_quote
            yield token, match.start() + 1
        elif in_quote:
            continue
        elif token == "|":
            label = not label if not stack else label
        elif token == ">":
            if not stack and not label:
                yield "[", match.start() + 1
        elif token in "()[]{}":
            yield token, match.start() + 1
        elif not stack and not label:  # an edge's text: skip to its end, unless a quote is in it
            end = EDGE_TEXT_END.search(line, at)
            if end is not None and '"' not in line[at : end.start()]:
                at = end.end()


@lru_cache(maxsize=1024)  # the template's stubs recur in every fresh draft, a diagram in each revision
def _unbalanced(code: str, diagram: str) -> tuple[tuple[int, int, str], ...]:
    """Quotes must pair within a line (a markdown string, "`...`", may span lines); brackets
    must close across the block; only where brackets are syntax. (line, col, msg)."""
    if diagram not in BRACKET_DIAGRAMS:
        return ()
    return tuple(_unbalanced_in(code, diagram))


def _unbalanced_in(code: str, diagram: str) -> list[tuple[int, int, str]]:
    problems: list[tuple[int, int, str]] = []
    stack: list[tuple[str, int, int]] = []
    markdown: tuple[int, int] | None = None  # where an open "`...`" string started
    in_note, flow = False, diagram in NODE_SHAPES
    for number, line in enumerate(code.splitlines()):
        if line.strip().startswith("%%"):
            continue
        if diagram in STATE_DIAGRAMS:
            words = line.split()
            if in_note or (words[:1] == ["note"] and ":" not in line):  # `note ...` to `end note` is free text
                in_note = words[:2] != ["end", "note"]
                continue
            line = STATE_FREE_TEXT.sub("", line)
        elif flow:
            line = HTML_TAG.sub(lambda m: " " * len(m.group()), line)
        if stack or markdown:
            markdown = _scan(line, number, stack, problems, markdown, flow)
            continue
        # most lines start with nothing open: read as any RFC's same line was (the stubs' lines recur)
        pushed, found, opened = _scanned_alone(line, flow)
        stack += [(ch, number, col) for ch, col in pushed]
        problems += [(number, col, message) for col, message in found]
        markdown = (number, opened) if opened is not None else None
    if markdown:
        problems.append((*markdown, "unbalanced double quote"))
    if stack:  # the innermost is the likely culprit; a flood of the rest would hide it
        ch, n, c = stack[-1]
        more = f" (and {len(stack) - 1} more before it)" if len(stack) > 1 else ""
        problems.append((n, c, f"'{ch}' is never closed{more}"))
    return problems


PAIRS = {")": "(", "]": "[", "}": "{"}


def _scan(line: str, number: int, stack: list, problems: list, markdown: tuple[int, int] | None, flow: bool):
    """One line's brackets and quotes onto `stack` and `problems`; the markdown string still
    open after it, if any."""
    before = (list(stack), len(problems))
    quote = markdown
    for ch, col in _flow_tokens(line, stack, quote) if flow else _tokens(line):
        if ch == '"':
            quote = None if quote else (number, col)
            markdown = quote if quote and line[col : col + 1] == "`" else None
        elif quote:
            continue
        elif ch in "([{":
            stack.append((ch, number, col))
        elif stack and stack[-1][0] == PAIRS[ch]:
            stack.pop()
        else:
            problems.append((number, col, f"'{ch}' closes nothing"))
    if quote and not markdown:  # a plain string must end on its line: only that is reported
        stack[:] = before[0]
        del problems[before[1] :]
        problems.append((number, line.rfind('"') + 1, "unbalanced double quote"))
    return markdown


@lru_cache(maxsize=8192)
def _scanned_alone(line: str, flow: bool):
    """_scan of a line with nothing open before it: (brackets left open, problems, the column
    of a markdown string left open), without line numbers."""
    stack: list[tuple[str, int, int]] = []
    problems: list[tuple[int, int, str]] = []
    markdown = _scan(line, 0, stack, problems, None, flow)
    return (
        tuple((ch, col) for ch, _, col in stack),
        tuple((col, message) for _, col, message in problems),
        markdown[1] if markdown else None,
    )


class StaleCopy(NamedTuple):
    file: Path  # diagrams/<name>.mmd
    block: document.CodeBlock  # the mermaid block in rfc.md it copies
    section: str


def stale_copies(doc: document.Document, ed: Edition, rfc: Path) -> list[StaleCopy]:
    """Each diagrams/*.mmd beside `rfc` that differs from its block in rfc.md (a file or a
    block that is not there is no copy to compare)."""
    # (os.path and bytes, not pathlib and text: read for each of a thousand RFCs in a run)
    folder = os.path.join(os.path.dirname(rfc), "diagrams")
    try:
        present = set(os.listdir(folder))  # one call for the folder, not a stat for each file
    except OSError:
        return []
    stale = []
    for name, section in structure.diagram_sections(ed.language).items():
        if name not in present:
            continue
        block = next((b for b in doc.code_blocks if b.section == section and b.info == "mermaid"), None)
        if block is None:
            continue
        try:
            with open(os.path.join(folder, name), "rb") as file:
                copy = file.read()
        except OSError:  # a folder of that name, a broken link: no copy to compare
            continue
        if copy.strip() != block.code.strip().encode("utf-8") and (
            copy.decode("utf-8", errors="replace").strip() != block.code.strip()
        ):
            stale.append(StaleCopy(rfc.parent / "diagrams" / name, block, section))
    return stale
