"""Links typed whole that a forge does not draw as links (RFC337): a space between `]`
and `(`, a `)` never typed, a full-width `（`.

One search of the visible text (comments and code blanked) finds the `](`, `] (` and
`]（` there are; a line is read further only when what follows looks like a link
target that is no link: a web address, a relative `.md` (or other file) path, an
`#anchor`. mistune's inline parser, the one the forge's Markdown agrees with, then
confirms that the brackets are shown as text. Code spans, task boxes (`[x]`),
citations (`[1]`), footnotes (`[^1]`), ranges (`[0, 1] (inclusive)`) and
reference links (`[text]` with a definition) are not read as links.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from rfc_template.lint.context import Context, per_document
from rfc_template.lints.links import CODE_SPAN, DEFINITION, RUN_ON, _label, _nested_fences
from rfc_template.lints.links.inline import inline_tokens, text_runs

CANDIDATE = re.compile(r"\][ \t]*[(（]")
# `[text]` then the gap, the bracket and the target. Not after a letter, a digit, `\` or
# `]` (`a[i] (x)` is an index, `[a][b]` a reference); no nested brackets.
LINKISH = re.compile(
    r"(?<![A-Za-z0-9_\\\]])(?P<bang>!?)\[(?P<text>(?:[^\[\]\\\n]|\\.){0,300})(?<!\\)\]"
    r"(?P<gap>[ \t]*)(?P<open>[(（])(?P<pad>[ \t]*)(?P<target>[^\s()（）<>\"']*)"
)
FILE = r"(?:md|markdown|mmd|png|svg|jpe?g|gif|webp|py|ya?ml|json|toml|txt|pdf|html?|csv|ipynb|sh)"
# What was meant as a link's target: a web address, a relative path (`./`, `../`, or a
# name with a file's extension: `design.md`, `diagrams/flow.png`), an anchor that names a
# heading (not `#12`, an issue). `(/dev/shm)`, `(TP/PP)` are prose.
TARGET = re.compile(
    r"(?i)(?:https?://|www\.)[^\s\u3000-\u9fff\uff00-\uffef]+"
    rf"|[^\s#]+?\.{FILE}(?![A-Za-z0-9])(?:[#?][^\s]*)?"
    r"|\.{1,2}/[^\s]*"
    r"|#(?!\d+$)[^\s]*[^\W\d_][^\s]*"
)
# Bracket texts that are no link text: empty, a task box, a footnote, a citation or a range.
NOT_LINK_TEXT = re.compile(r"\s*|[ xX]|\^.*|[\d\s.,，;；:+\-–−∞eE]*|[a-z]\s*[,，]\s*[a-z]", re.S)
TITLE_START = re.compile(r"[ \t]+[\"'(]")


@dataclass(frozen=True)
class Unlinked:
    line: int
    col: int
    written: str  # the link as written, as far as it goes on its line
    target: str
    kind: str  # "space", "unclosed" or "wide"
    image: bool


@per_document
def unlinked(ctx: Context) -> list[Unlinked]:
    return _typed_whole(ctx) + _unbracketed(ctx)


def _typed_whole(ctx: Context) -> list[Unlinked]:
    """`[text] (target)`, `[text](target` with no `)`, `[text]（target）`."""
    if CANDIDATE.search(ctx.doc.source) is None:
        return []  # most drafts: no `](` at all, in text or code
    lines = ctx.visible_lines
    text = "\n".join(lines)
    numbers: list[int] = []
    line, at = 1, 0
    for m in CANDIDATE.finditer(text):
        line += text.count("\n", at, m.start())
        at = m.start()
        if not numbers or numbers[-1] != line:
            numbers.append(line)
    if not numbers:
        return []
    fenced = _nested_fences(text) if ("```" in text or "~~~" in text) else set()
    found: list[Unlinked] = []
    labels: set[str] | None = None
    for number in numbers:
        if number in fenced:
            continue
        source = lines[number - 1]
        bare = CODE_SPAN.sub(lambda m: " " * len(m.group()), source) if "`" in source else source
        following = lines[number].strip() if number < len(lines) else ""
        for m in LINKISH.finditer(bare):
            kind = _kind(m, bare, following)
            written_text = source[m.start("text") : m.end("text")]  # with its code spans, which `bare` blanks
            if kind is None or _no_link_text(written_text, kind, bool(m.group("bang"))):
                continue
            if kind != "unclosed":
                if labels is None:
                    labels = {_label(d.group(1)) for d in re.finditer(r"(?m)^" + DEFINITION.pattern, text)}
                if _label(m.group("text")) in labels:
                    continue  # `[text]` is a reference link, then text in brackets
            if _shown_as_text(source, m):
                target = _target(m.group("target"))
                if kind == "unclosed":
                    target = target.rstrip(".,;:!?")  # the sentence's punctuation
                end = m.start("target") + len(target)
                if kind != "unclosed" and source[end : end + 1] in (")", "）"):
                    end += 1
                written = source[m.start() : end]
                found.append(Unlinked(number, m.start() + 1, written, target, kind, bool(m.group("bang"))))
    return found


# `[text(https://...)` with its `]` never typed: the text, then a web address in brackets
UNBRACKETED = re.compile(
    r"(?<![A-Za-z0-9_\\\]!])\[(?P<text>[^\[\]\n]{1,120}?)\((?P<target>https?://[^\s()（）<>\]]+)\)"
)


def _unbracketed(ctx: Context) -> list[Unlinked]:
    """A link whose `]` is missing: `[`value_and_grad`(https://…)`, no `]` anywhere after its
    `[` on the line (`[see (https://…)]` is a bracketed note). mistune shows the `[` as text."""
    if "(http" not in ctx.doc.source:
        return []
    lines = ctx.visible_lines
    text = "\n".join(lines)
    fenced = _nested_fences(text) if ("```" in text or "~~~" in text) else set()
    found = []
    for number, source in enumerate(ctx.visible_lines, start=1):
        if "(http" not in source or "[" not in source or number in fenced:
            continue
        bare = CODE_SPAN.sub(lambda m: " " * len(m.group()), source) if "`" in source else source
        for m in UNBRACKETED.finditer(source):
            if bare[m.start()] != "[" or bare[m.start("target") - 1] != "(" or "]" in source[m.start() :]:
                continue  # in code, or its `]` comes later: a note in brackets
            if NOT_LINK_TEXT.fullmatch(m.group("text")) or not any(
                "[" in run for run in text_runs(inline_tokens(source))
            ):
                continue
            found.append(Unlinked(number, m.start() + 1, m.group(), m.group("target"), "unbracketed", False))
    return found


def _no_link_text(text: str, kind: str, image: bool) -> bool:
    """Bracket text that no link has: a task box, a footnote, a citation, a range; with
    `](` typed (no `)`), only a footnote or nothing (an image may have no alt text)."""
    if kind != "unclosed":
        return NOT_LINK_TEXT.fullmatch(text) is not None
    return (not image and not text.strip()) or text.startswith("^")


def _target(target: str) -> str:
    """The target as far as it was typed: up to Chinese punctuation after it, a web
    address up to Chinese text, a file name up to its extension; "" if it is none."""
    end = RUN_ON.search(target)
    m = TARGET.match(target[: end.start()] if end else target)
    return m.group() if m else ""


def _kind(m: re.Match, line: str, following: str) -> str | None:
    """What keeps a link-like text from being one, or None: a link, or not meant as one."""
    target = _target(m.group("target"))
    if not target:
        return None
    if m.group("open") == "（":
        return "wide"
    if m.group("gap"):
        return "space"
    rest = line[m.end() :]
    if _closer_in(rest, line.lstrip().startswith("|")):
        return None  # closed: a link, or RFC321's (a space in the target)
    if TITLE_START.match(rest):
        title = WHOLE_TITLE.match(rest)
        if title is None or _closer_in(rest[title.end() :], line.lstrip().startswith("|")):
            return None  # a title going on to the next line, or closed with its `)`: a link
        if not rest[title.end() :].strip() and following[:1] == ")":
            return None
        return "unclosed"  # `[x](url (2.4+) |`: a title, then no `)`
    if not rest.strip() and following[:1] in (")", '"', "'"):
        return None  # the `)` on the next line: the link goes on there
    return "unclosed"


# a link title written whole on the line: `"..."`, `'...'` or `(...)`
WHOLE_TITLE = re.compile(r"""\s+(?:"[^"]*"|'[^']*'|\([^()]*\))""")


def _closer_in(rest: str, in_table: bool) -> bool:
    """A `)` after the target closes it: one not matching a `(` opened after it
    (`(2.4+)` is a note of its own), and, in a table row, before the cell's end."""
    depth = 0
    for at, ch in enumerate(rest):
        if ch == "|" and in_table and (at == 0 or rest[at - 1] != "\\"):
            return False
        if ch == "(":
            depth += 1
        elif ch == ")":
            if depth == 0:
                return True
            depth -= 1
    return False


def _shown_as_text(line: str, m: re.Match) -> bool:
    """mistune, parsing the line, shows the brackets as text (no link, image or code). The
    text from `]` on is looked for: a link text with code in it (`[`x`](...`) is no one run."""
    shown = "[" + m.group("text") + "]" + m.group("gap") + m.group("open")
    runs = list(text_runs(inline_tokens(line)))
    if "`" in line[m.start("text") : m.end("text")]:
        closing = "]" + m.group("gap") + m.group("open") + m.group("target")[:12]
        return any(closing in run for run in runs)
    return any(shown in run for run in runs)
