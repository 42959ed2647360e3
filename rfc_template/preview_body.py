"""The body of `rfc preview`'s page (and of each page of `rfc site`), rendered one `## `
section at a time, each section's HTML kept when the section comes again (met_twice.py).

A section is rendered alone where that draws what the whole RFC draws: its last block
ends within it (sectioned.closed: no fence or HTML block running on past the next
heading, no paragraph right before it), and it defines no reference link another section
could use. Otherwise the whole body is
rendered at once, as before. A section's heading anchors are numbered within it, with a
mark (MARK) around each number that the page's numbering replaces; an RFC holding that
mark is rendered whole. A section whose links were resolved is not kept: where a link
leads depends on where the RFC and its page are.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from typing import Protocol

import mistune

from rfc_template import sectioned
from rfc_template.met_twice import MetTwice

MARK = "\ue000"  # private use: around a heading's number within its section
MARKED = re.compile(f"{MARK}(\\d+){MARK}")
SECTION_AT_A_TIME = True  # tests compare it with the whole body rendered at once


class Renderer(Protocol):
    marked: bool  # anchors numbered within a section, marked
    basic_info_before: bool  # an earlier section was the basic info: this one is not
    basic_info_met: bool
    resolved_links: bool
    headings: list[tuple[int, str, str]]
    header_rows: list[tuple[str, str]]
    header_anchor: str


@dataclass(frozen=True)
class Part:
    html: str
    headings: tuple[tuple[int, str, str], ...]
    header_rows: tuple[tuple[str, str], ...]
    header_anchor: str
    basic_info_met: bool
    ends_within: bool = True  # its last block ends within it (sectioned.closed)


@dataclass
class Body:
    html: str
    headings: list[tuple[int, str, str]]
    header_rows: list[tuple[str, str]]
    header_anchor: str


# (section, context, basic info met before) -> its HTML; context: what else the HTML
# depends on (the edition's basic-info heading, the diagram note)
_parts: MetTwice[tuple[str, tuple, bool], Part] = MetTwice()


def render(text: str, new: Callable[[], tuple[mistune.Markdown, Renderer]], context: tuple) -> Body:
    """The body of `text` (the RFC without its title); `new()`: a Markdown and its renderer."""
    starts = sectioned.section_starts(text)
    if SECTION_AT_A_TIME and len(starts) > 1 and MARK not in text:
        parts = []
        met = False
        for start, end in zip(starts, [*starts[1:], len(text)]):
            part = _section(text[start:end], new, context, met)
            if part is None or not part.ends_within:
                break
            parts.append(part)
            met = met or part.basic_info_met
        else:
            return _joined(parts)
    return _joined([_rendered(text, new, marked=False)])


def _section(text: str, new, context: tuple, basic_info_before: bool) -> Part | None:
    key = (text, context, basic_info_before)
    found = _parts.get(key)
    if found is not None:
        return found
    md, renderer = new()
    renderer.marked, renderer.basic_info_before = True, basic_info_before
    html, state = md.parse(text)
    if state.env.get(sectioned.REFERENCES):
        return None  # a reference another section may use
    part = _part(html, renderer, ends_within=sectioned.closed(text, state.tokens))
    if not renderer.resolved_links:
        _parts.met(key, part)
    return part


def _rendered(text: str, new, marked: bool) -> Part:
    md, renderer = new()
    renderer.marked = marked
    return _part(md(text), renderer)


def _part(html, renderer: Renderer, ends_within: bool = True) -> Part:
    return Part(
        str(html),
        tuple(renderer.headings),
        tuple(renderer.header_rows),
        renderer.header_anchor,
        renderer.basic_info_met,
        ends_within,
    )


def _joined(parts: list[Part]) -> Body:
    """The sections' HTML, their anchors numbered through the page."""
    body = Body("", [], [], "")
    html = []
    for part in parts:
        before = len(body.headings)

        def numbered(marked: str, before: int = before) -> str:
            return MARKED.sub(lambda m: str(int(m.group(1)) + before), marked)

        html.append(numbered(part.html))
        body.headings += [(level, numbered(anchor), text) for level, anchor, text in part.headings]
        if part.header_rows:
            body.header_rows = list(part.header_rows)
        if part.header_anchor:
            body.header_anchor = numbered(part.header_anchor)
    body.html = "".join(html)
    return body
