"""Blocks an author left open, which run on over what follows (RFC006): a fenced
code block without its closing fence, an HTML comment without its `-->`."""

from __future__ import annotations

import re


def fence(text: str, token: dict) -> bool:
    """A fence left open runs to the end of the RFC, or to the next bare fence: the closing
    fence of the author's next block, whose opening fence (```python) is then swallowed as
    code; it can close nothing, having an info string."""
    code, marker = token["raw"], token.get("marker", "```")
    opening_end = text.find("\n", token.get("offset", 0))
    if opening_end < 0 or len(text) - (opening_end + 1) <= len(code):
        return True  # nothing after the code: no closing fence
    if marker[0] not in code:
        return False
    opening = re.compile(rf"^ {{0,3}}{re.escape(marker[0])}{{{len(marker)},}}[ \t]*[^\s`~]", re.M)
    return opening.search(code) is not None


FENCE_LINE = re.compile(r"^ {0,3}(?:`{3,}|~{3,})", re.M)


def comment(raw: str) -> bool:
    """An HTML comment block ends at the first line holding `-->`. A comment left open
    ends wherever that comes next: at the end of the next comment (its `<!--` then inside
    this one), or at an arrow in a diagram (`A --> B`: a fence opened before the end)."""
    if not raw.lstrip(" ").startswith("<!--"):
        return False
    end = raw.find("-->")
    if end < 0 or raw.find("<!--", raw.find("<!--") + 4, end) >= 0:
        return True
    return len(FENCE_LINE.findall(raw, 0, end)) % 2 == 1
