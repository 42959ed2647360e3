"""mistune's block parse of an RFC one `## ` section at a time, each section's parse kept.

RFCs share most of their sections (met_twice.py): a section met again is not parsed again,
its tokens are reused; the RFC's tokens are its sections' tokens, their offsets moved to
where each section starts.

A heading at the start of a line ends every block but two, which run on to their end
whatever comes: a fenced code block and an HTML block (a comment or `<pre>` to its closing
text, any other HTML block to a blank line). A section that ends inside one of them is parsed with the rest of the RFC, whole,
as mistune would; tests/test_document.py holds both readings to be the same.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from rfc_template import unclosed
from rfc_template.met_twice import MetTwice

Parse = Callable[[str], tuple[list[dict], dict]]

REFERENCES = "ref_links"
# what the table plugin records by offset (document.py: rows meant as a table)
OFFSETS = ("rows_without_delimiter",)
# an HTML block that only its closing text ends (CommonMark's kinds 2 to 5): its opening,
# and its end, looked for after the opening as mistune looks for it; kind 1 (`<pre>`,
# `<script>`, ...) is rare enough in an RFC to be parsed with the whole RFC always
HTML_ENDS = (
    ("<!--", "-->"),
    ("<?", "?>"),
    ("<![CDATA[", "]]>"),
    ("<!", ">"),
)
HTML_KIND_1 = re.compile(r"(?i)^ {0,3}<(?:pre|script|style|textarea)(?:\s|>|$)")


def block_tokens(text: str, parse: Parse) -> tuple[list[dict], dict]:
    """`parse(text)`, section by section where that reads the same."""
    starts = section_starts(text)
    if len(starts) < 2:
        return parse(text)
    tokens: list[dict] = []
    env: dict = {}
    for start, end in zip(starts, [*starts[1:], len(text)]):
        part_tokens, part_env, ends_within = _parsed(text[start:end], parse)
        if not ends_within:
            # a fence or an HTML block runs on past the section; even the last section's
            # paragraph may close what an earlier one opened (a link definition's title)
            return parse(text)
        tokens += [dict(token, offset=token["offset"] + start) if "offset" in token else token for token in part_tokens]
        for key, value in part_env.items():
            if key == REFERENCES:
                references = env.setdefault(REFERENCES, {})
                for label, target in value.items():
                    references.setdefault(label, target)  # the first definition of a label wins
            elif key in OFFSETS:
                env.setdefault(key, []).extend(at + start for at in value)
            else:
                return parse(text)  # something this reading does not know how to join
    return tokens, env


def section_starts(text: str) -> list[int]:
    """Where each part starts: 0, and each line that starts with `## `."""
    starts = [0]
    at = text.find("\n## ")
    while at >= 0:
        starts.append(at + 1)
        at = text.find("\n## ", at + 1)
    return starts


# a section's parse, kept when the section comes again (met_twice.py)
_parses: MetTwice[str, tuple[tuple[dict, ...], dict, bool]] = MetTwice()


def _parsed(part: str, parse: Parse) -> tuple[tuple[dict, ...], dict, bool]:
    found = _parses.get(part)
    if found is None:
        tokens, env = parse(part)
        found = (tuple(tokens), env, closed(part, tokens))
        _parses.met(part, found)
    return found


def closed(part: str, tokens: list[dict]) -> bool:
    """The section's last block ends within it (one that only its own end ends does not
    run to the section's end)."""
    last = next((t for t in reversed(tokens) if t["type"] != "blank_line"), None)
    if last is None:
        return True
    if "]:" in part and DEFINITION_START.search(_after_last_blank_line(part)):
        # a link definition's title still open runs on, through any block, into the next
        # section's heading (`[a]: /u '`, `<!-- c -->`, then `## x` and `[b]: /v '` below)
        return False
    if last["type"] == "block_code" and last.get("style") == "fenced":
        return not unclosed.fence(part, last)  # (a fence closed by the next block's: as if open)
    if last["type"] == "block_html":
        raw = last.get("raw", "")
        if HTML_KIND_1.match(raw):
            return False
        text = raw.lstrip(" ")
        for opening, closing in HTML_ENDS:
            if text.startswith(opening):
                return text.find(closing, len(opening)) >= 0
        return last is not tokens[-1]  # any other HTML block ends at a blank line only
    if last is tokens[-1] and last["type"] == "paragraph":
        # text right before the next heading may be read with it: a link definition
        # whose title goes on (`[a]: /u '` then `## x'`), a table's header row
        return False
    return True


DEFINITION_START = re.compile(r"(?m)^ {0,3}\[[^\]\n]+\]:")  # a line that may start a link definition


def _after_last_blank_line(part: str) -> str:
    """The section's text after its last blank line (all of it when it has none)."""
    lines = part.split("\n")
    if part.endswith("\n"):
        lines.pop()  # the section's own last line end
    for index in range(len(lines) - 1, -1, -1):
        if not lines[index].strip(" \t"):
            return "\n".join(lines[index + 1 :])
    return part
