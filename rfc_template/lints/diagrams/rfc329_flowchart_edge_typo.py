"""RFC329: a flowchart edge ends at a node id that is one slip away from a defined one.

It is one module: the reading of a flowchart's ids and edges below is this rule's alone (no
other rule reads ids), and is judged with it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.diagrams import DIRECTIVE, without_front_matter


@rule(
    "RFC329",
    "flowchart-edge-typo",
    REVIEW,
    WARNING,
    fails=(
        edit("    Bucket --> Wrapped\n", "    Bucket --> Wraped\n"),
        edit('    K -- "是" --> H\n', '    K -- "是" --> h\n'),  # a slip of case (met in a held-back RFC)
        # a look-alike: `0` for `O` (met in a held-back RFC)
        edit(
            "    F --> G[",
            "    F --> O[",
            ("    G --> H[", "    O --> H["),
            ('    K -- "是" --> H\n', '    K -- "是" --> H\n    J --> 0\n'),
        ),
        # a letter left out of a three-letter id (held-back round 8)
        edit("    Bucket --> Wrapped\n", "    Bucket --> Wrapped\n    Wrapped --> Bwd[反向]\n    Bwd --> Bw\n"),
    ),
    passes=(
        # a new node, given its label on the edge
        edit(
            '    K -- "否" --> L["等待 offload stream，进入下一 step"]\n',
            '    K -- "否" --> L["等待 offload stream，进入下一 step"]\n    L --> Log["记录 H2D / D2H 带宽"]\n',
        ),
        # two-letter ids one letter apart are a chart's own (`A1`, `A2`)
        edit("    Bucket --> Wrapped\n", "    Bucket --> Wrapped\n    A1[x] --> A2\n"),
        # subgraphs linked to each other, and two nodes far apart in spelling
        edit("    Bucket --> Wrapped\n", "    Bucket --> Wrapped\n    User --> Backend\n    Opt --> Loop\n"),
    ),
)
def flowchart_edge_typo(ctx: Context) -> list[Finding]:
    """a flowchart edge ends at an id written nowhere else, a slip of a node's id

    ## What it checks
    In ```` ```mermaid ```` flowchart and graph blocks: an edge whose end is a node id
    that appears once in the block (on that edge alone, with no label or shape of its own,
    no `class`, `style` or `click` line) and is one edit away from the id of a node the block
    defines with a label or shape: one letter added, left out, changed, or two swapped
    (`Wraped` for `Wrapped`, `Planer` for `Planner`, `Expert` for `Experts`). Reported at
    the edge's line, naming both ids and the line the node is first written on (where the
    slip may be instead: `p["..."]` defined, `P` used after).

    Left alone: ids of one or two characters (`A`, `B1`) but for a slip of case (`j` for a
    node `J`: Mermaid's ids are case-sensitive), a look-alike (`0` for `O`, `l` or `1` for
    `I`) or a letter left out of a three-letter id (`Bw` for `Bwd`), subgraph ids (linked as a
    whole), ids that differ by a digit (`Rank1`, `Rank2`: a series; but a digit added to a
    defined id, `H --> I1` for `I`, in a block where no other id has one is a slip, unless
    the edge comes from that node: `S --> S3`), an id close to
    more than one defined id, and a block whose lines are not all read with certainty
    (a syntax this reading does not know: then it says nothing about that block).

    ## Why a reviewer cares
    Mermaid draws any new id as a new node: `Bucket --> Wraped` adds a bare box "Wraped"
    and leaves the dependency on `Wrapped` out of the drawing. The diagram still renders,
    so nobody notices that an arrow the design relies on is missing.
    """
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info != "mermaid":
            continue
        code, skipped = block.code, 0
        if not code.startswith(FLOWCHARTS):  # (most blocks start with their type: nothing to skip)
            code, skipped = without_front_matter(code)
            if "%%{" in code:
                code = DIRECTIVE.sub(lambda m: "\n" * m.group().count("\n"), code)
            if not FLOWCHART_START.match(code):
                continue  # a sequence diagram, a class diagram, ...
        # read with each quoted text emptied: ids never stand in one, and the template's stubs
        # (the RFC's title in a label) and an RFC's revisions are then read once
        unquoted = _unquoted(code)
        typos = edge_typos(unquoted)
        lines = code.split("\n") if typos else []
        first = block.line + 1 + skipped
        for number, col, typo, meant in typos:
            # where the node is first written: the slip may be there (`p["..."]` for a `P` used after)
            defined = first + _first_line_of(meant, unquoted.split("\n"))
            findings.append(
                Finding(
                    first + number,
                    _as_written(lines[number], col),
                    "RFC329",
                    f"this edge goes to '{typo}', an id written nowhere else in the diagram, one letter off "
                    f"the node '{meant}' (line {defined}): Mermaid draws '{typo}' as a new, bare node (did you "
                    f"mean '{meant}'?)",
                )
            )
    return findings


def _first_line_of(name: str, lines: list[str]) -> int:
    """The index of the line that defines the node `name` (its id with a shape: `p["..."]`),
    else the first that writes it; comments (`%%`) aside."""
    shaped = re.compile(rf"(?<!\w){re.escape(name)}\s*[\[({{>]")
    written = re.compile(rf"(?<!\w){re.escape(name)}(?!\w)")
    code = [(i, line) for i, line in enumerate(lines) if not line.lstrip().startswith("%%")]
    return next(
        (i for i, line in code if shaped.search(line)), next((i for i, line in code if written.search(line)), 0)
    )


FLOWCHART_START = re.compile(r"\s*(?:flowchart|graph|%%)")
QUOTED = re.compile(r'"[^"\n]*"')


def _unquoted(code: str) -> str:
    """`code` with each quoted text of a line emptied (`"a b"` as `""`)."""
    parts = code.split('"')
    inside = parts[1::2]
    if len(parts) % 2 == 0 or "\n" in "".join(inside):  # a quote left open, or a markdown string over lines
        return QUOTED.sub('""', code)
    return '""'.join(parts[0::2])


def _as_written(line: str, col: int) -> int:
    """The column in `line` of column `col` of the line with its quoted texts emptied."""
    shift = 0
    for match in QUOTED.finditer(line):
        if match.start() - shift >= col - 1:
            break
        shift += len(match.group()) - 2
    return col + shift


FLOWCHARTS = ("flowchart", "graph", "flowchart-elk")
DIRECTIONS = ("TD", "TB", "BT", "RL", "LR")
# Lines naming nodes that are no edges or shapes (each marks its nodes as meant), and lines
# naming none.
STYLING = ("class", "style", "click")
NO_NODES = ("classDef", "linkStyle", "direction", "end")
KEYWORDS = frozenset(("subgraph", "accTitle", "accDescr", "title", *STYLING, *NO_NODES))
ID = re.compile(r"[^\W]\w*")  # letters (of any script), digits and _
# A link, as Mermaid's lexer reads one: `-->`, `---`, `--x`, `<-->`, `==>`, `-.->`, `~~~`.
LINK = re.compile(r"\s*(?:[xo<]?-{2,}[-xo>]|[xo<]?={2,}[=xo>]|[xo<]?-?\.+-[xo>]?|~{3,})")
# The start of a link with text in it (`-- text -->`, `== text ==>`, `-. text .->`), and its end.
TEXT_LINK = re.compile(r"\s*[xo<]?(--|==|-\.)\s")
TEXT_LINK_END = {
    "--": re.compile(r"\s*-{2,}[-xo>]"),
    "==": re.compile(r"\s*={2,}[=xo>]"),
    "-.": re.compile(r"\s*\.+-[xo>]?"),
}
# The commonest line, read in one match: `A["..."] --> B`, `C -- "..." --> D{"..."}`, `E -->|...| F`
# (quoted texts emptied); any other line is read a step at a time.
_SHAPE = r"(\[[^\[\](){}]*\]|\([^\[\](){}]*\)|\{[^\[\](){}]*\})?"
_LINK = (
    r"\s*(?:[xo<]?-{2,}[-xo>]|[xo<]?={2,}[=xo>]|[xo<]?-?\.+-[xo>]?|~{3,}"
    r'|[xo<]?--\s+""\s*-{2,}[-xo>]|[xo<]?==\s+""\s*={2,}[=xo>]|[xo<]?-\.\s+""\s*\.+-[xo>]?)'
    r'(?:\|\s*(?:""|[^|"]*)\s*\|)?\s*'
)
SIMPLE_NODE = re.compile(rf"\s*(\w+){_SHAPE}\s*;?\s*")
SIMPLE_EDGE = re.compile(rf"\s*(\w+){_SHAPE}{_LINK}(\w+){_SHAPE}\s*;?\s*")
ACCESSIBILITY = re.compile(r"(?:accTitle|accDescr|title)\s*[:{]")


class Unread(Exception):
    """A line this reading cannot read with certainty: the block is left alone."""


@dataclass
class Flowchart:
    count: dict[str, int] = field(default_factory=dict)  # id -> how often it is written
    shaped: set[str] = field(default_factory=set)  # ids given a label or shape somewhere
    meant: set[str] = field(default_factory=set)  # subgraph ids, and ids styled or linked by click
    ends: list[tuple[int, int, str]] = field(default_factory=list)  # (line, column, id) of each edge's node
    describing: bool = False  # inside `accDescr { ... }`

    def note(self, name: str) -> None:
        self.count[name] = self.count.get(name, 0) + 1


@lru_cache(maxsize=1024)  # the template's stubs recur in every fresh draft, a diagram in each revision
def edge_typos(code: str) -> tuple[tuple[int, int, str, str], ...]:
    """(line of the code, column, the id, the defined id it slips from) of each edge typo."""
    lines = code.split("\n")
    header = next((i for i, line in enumerate(lines) if line.strip() and not line.strip().startswith("%%")), None)
    if header is None:
        return ()
    words = lines[header].split()
    if words[0] not in FLOWCHARTS or len(words) > 2 or (len(words) == 2 and words[1].rstrip(";") not in DIRECTIONS):
        return ()
    chart = Flowchart()
    try:
        for number in range(header + 1, len(lines)):
            _read_line(lines[number], number, chart)
    except Unread:
        return ()
    defined = [name for name in chart.shaped if name not in chart.meant]
    numbered = [name for name in chart.count if any(ch.isdigit() for ch in name)]  # (a series: `Rank1`, `Rank2`)
    found = []
    for number, col, name in chart.ends:
        if chart.count.get(name) != 1 or name in chart.shaped or name in chart.meant:
            continue
        if len(name) <= 2:  # `A`, `B1`: only the case slipped (`j` for `J`; ids are case-sensitive),
            # or a look-alike (`0` for `O`, `l` for `1`)
            close = [d for d in defined if d != name and d.casefold() == name.casefold()]
            if not close:  # (a slip of case first: `o` for a node `O` where a node `0` is defined too)
                close = [d for d in defined if d != name and _look(d) == _look(name)]
            if not close and len(name) == 2:  # or a letter dropped from a longer id: `Bw` for `Bwd`
                close = [d for d in defined if len(d) == 3 and _one_slip(name, d)]
        else:
            close = [d for d in defined if len(d) > 2 and _one_slip(name, d)]
        if not close and name[-1].isdigit() and name[:-1] in defined and numbered == [name]:
            # `H --> I1` for `I` where no other id has a number: no series; not `S --> S3`, `O --> O2`
            # (from the node itself to a bare one: Amazon S3, an O2 level)
            if name[:-1] not in {other for line, _, other in chart.ends if line == number}:
                close = [name[:-1]]
        if len(close) == 1:
            found.append((number, col, name, close[0]))
    return tuple(found)


LOOK_ALIKE = str.maketrans("0li", "o11")  # after casefold


def _look(name: str) -> str:
    """An id as the eye reads it: case, `0` / `O` and `1` / `l` / `I` alike."""
    return name.casefold().translate(LOOK_ALIKE)


def _read_line(line: str, number: int, chart: Flowchart) -> None:
    if chart.describing:
        chart.describing = "}" not in line
        return
    # the commonest lines first, each in one match
    node = SIMPLE_NODE.fullmatch(line)
    if node is not None and node.group(1) not in KEYWORDS:
        chart.note(node.group(1))
        if node.group(2):
            chart.shaped.add(node.group(1))
        return
    edge = SIMPLE_EDGE.fullmatch(line)
    if edge is not None and edge.group(1) not in KEYWORDS and edge.group(3) not in KEYWORDS:
        for name, shape, start in ((edge.group(1), edge.group(2), 1), (edge.group(3), edge.group(4), 3)):
            chart.note(name)
            if shape:
                chart.shaped.add(name)
            chart.ends.append((number, edge.start(start) + 1, name))
        return
    text = line.strip()
    if not text or text.startswith("%%"):
        return
    if ACCESSIBILITY.match(text) is not None:
        chart.describing = "{" in text and "}" not in text
        return
    first = text.split(None, 1)[0].rstrip(";")
    if first == "subgraph":
        rest = text[len("subgraph") :].strip()
        match = ID.match(rest)
        if match is None:
            if rest.startswith('"'):
                return  # `subgraph "a title"`: named by its title, never an edge's id
            raise Unread
        chart.meant.add(match.group())
        chart.meant.add(rest)  # `subgraph a title`: the whole of it is its id
        return
    if first in NO_NODES:
        return
    if first in STYLING:
        rest = text[len(first) :].strip()
        names = rest.split(None, 1)[0] if rest else ""
        for name in names.split(","):
            chart.meant.add(name.strip())
        return
    for statement in _statements(line):
        _read_statement(line, statement, number, chart)


def _statements(line: str) -> list[tuple[int, int]]:
    """(start, end) of each `;`-separated statement of a line, quotes and brackets aside."""
    if ";" not in line:
        return [(0, len(line))]
    spans, start, depth, quote = [], 0, 0, False
    for index, ch in enumerate(line):
        if ch == '"':
            quote = not quote
        elif quote:
            continue
        elif ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
        elif ch == ";" and depth == 0:
            spans.append((start, index))
            start = index + 1
    spans.append((start, len(line)))
    return [(a, b) for a, b in spans if line[a:b].strip()]


def _read_statement(line: str, span: tuple[int, int], number: int, chart: Flowchart) -> None:
    """A statement: nodes (`A`, `A["text"]`, `A & B`) joined by links. Raises Unread."""
    at, end = span
    ends: list[tuple[int, str]] = []
    linked = False
    while True:
        at = _skip(line, at, end)
        group = []
        while True:  # `A & B`
            at, node = _node(line, at, end, chart)
            group.append(node)
            at = _skip(line, at, end)
            if at < end and line[at] == "&":
                at = _skip(line, at + 1, end)
                continue
            break
        ends += group
        if at >= end:
            break
        at = _link(line, at, end)
        linked = True
    if linked:
        chart.ends += [(number, col + 1, name) for col, name in ends]


def _skip(line: str, at: int, end: int) -> int:
    while at < end and line[at] in " \t":
        at += 1
    return at


def _node(line: str, at: int, end: int, chart: Flowchart) -> tuple[int, tuple[int, str]]:
    match = ID.match(line, at, end)
    if match is None:
        raise Unread
    name, start, at = match.group(), match.start(), match.end()
    if name == "end" or (
        at < end and line[at] in "-." and LINK.match(line, at, end) is None and not _text_link(line, at, end)
    ):
        raise Unread  # `end` as a node; an id with a dash or dot in it (`node-1`)
    chart.note(name)
    if at < end and line[at] in "[({":
        at = _shape(line, at, end, line[at])
        chart.shaped.add(name)
    elif at < end and line[at] == ">":  # an asymmetric node `A>text]`
        at = _shape(line, at + 1, end, "[")
        chart.shaped.add(name)
    elif line.startswith("@{", at):
        at = _shape(line, at + 1, end, "{")
        chart.shaped.add(name)
    if line.startswith(":::", at):
        match = ID.match(line, at + 3, end)
        if match is None:
            raise Unread
        at = match.end()
        chart.meant.add(name)
    return at, (start, name)


def _shape(line: str, at: int, end: int, opening: str) -> int:
    """The end of a shape opened at `at` (`[text]`, `(["text"])`, `{{text}}`): brackets
    nested and quotes skipped; `opening` is `[` for `>text]`, whose `>` is skipped."""
    depth, quote, index = 0, False, at
    if line[at] != opening:  # `>text]`: one bracket open already
        depth = 1
    while index < end:
        ch = line[index]
        if ch == '"':
            quote = not quote
        elif not quote:
            if ch in "([{":
                depth += 1
            elif ch in ")]}":
                depth -= 1
                if depth == 0:
                    return index + 1
        index += 1
    raise Unread  # a shape left open on its line (RFC202's)


def _text_link(line: str, at: int, end: int) -> bool:
    return TEXT_LINK.match(line, at, end) is not None


def _link(line: str, at: int, end: int) -> int:
    """The end of a link starting at `at` (with its `|text|`), or Unread."""
    text = TEXT_LINK.match(line, at, end)
    plain = LINK.match(line, at, end)
    if plain is not None and (text is None or plain.end() > text.end() - 1):
        at = plain.end()
    elif text is not None:
        closing = TEXT_LINK_END[text.group(1)]
        index, quote = text.end(), False
        while index < end:  # the link's text, up to the rest of the link
            if line[index] == '"':
                quote = not quote
            elif not quote and (found := closing.match(line, index, end)) is not None:
                at = found.end()
                break
            index += 1
        else:
            raise Unread
    else:
        raise Unread
    at = _skip(line, at, end)
    if at < end and line[at] == "|":  # `-->|text|`, `-->|"a | b"|`
        start = _skip(line, at + 1, end)
        if start < end and line[start] == '"':
            start = line.find('"', start + 1, end)
            if start < 0:
                raise Unread
        close = line.find("|", start + 1 if start > at + 1 else at + 1, end)
        if close < 0:
            raise Unread
        at = close + 1
    return at


def _one_slip(a: str, b: str) -> bool:
    """`a` is `b` with one letter added, left out, changed, or two neighbours swapped; a
    difference in a digit is no slip (`Rank1`, `Rank2`)."""
    if a == b or abs(len(a) - len(b)) > 1:
        return False
    if len(a) == len(b):
        diff = [i for i in range(len(a)) if a[i] != b[i]]
        if len(diff) == 1:
            i = diff[0]
            return not (a[i].isdigit() or b[i].isdigit())
        if len(diff) == 2:
            i, j = diff
            return j == i + 1 and a[i] == b[j] and a[j] == b[i]
        return False
    short, long = (a, b) if len(a) < len(b) else (b, a)
    for i in range(len(long)):
        if long[:i] + long[i + 1 :] == short:
            return not long[i].isdigit()
    return False
