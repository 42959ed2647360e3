"""A line's inline tokens as mistune reads them, and what the link rules look for in them."""

from __future__ import annotations

from functools import lru_cache

from rfc_template import document


@lru_cache(maxsize=4096)  # the lines of links recur: the template's, a revision's
def inline_tokens(line: str) -> list[dict]:
    """A line's inline tokens (read, never changed, by the link rules)."""
    return document.markdown().inline(line, {})


def links_in(tokens: list[dict]):
    """Each link and image in inline tokens."""
    for token in tokens:
        if token["type"] in ("link", "image"):
            yield token
        if "children" in token:  # an image in a link: a badge
            yield from links_in(token["children"])


def text_runs(tokens: list[dict]):
    """The runs of plain text outside links and code: where a bare address stands."""
    run: list[str] = []
    for token in tokens:
        if token["type"] == "text":
            run.append(token["raw"])
            continue
        if run:
            yield "".join(run)
            run = []
        if token["type"] not in ("link", "image", "codespan", "inline_html") and "children" in token:
            yield from text_runs(token["children"])
    if run:
        yield "".join(run)
