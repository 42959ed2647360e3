"""GitHub's heading anchors: the `#anchor` each heading gets, as github.com makes it
(RFC323 compares links with them)."""

from __future__ import annotations

import html
import re
import unicodedata

from rfc_template import document

ATX = re.compile(r" {0,3}#{1,6}(?:[ \t]+|$)(.*?)(?:[ \t]+#+)?[ \t]*$")

# GitHub keeps of a heading's text, lower-cased: letters, marks, decimal digits, letter
# numbers and connector punctuation (`_`), and `-`; a space becomes `-`; everything else
# (punctuation, symbols and emoji, other spaces, controls) is dropped. A heading with the
# anchor of one before it gets `-1`, `-2`, ... The rule of github-slugger, the library
# that mirrors github.com (and its Unicode tables: letters that are symbols, Ⓐ, stay).
KEPT = {"Lu", "Ll", "Lt", "Lm", "Lo", "Mn", "Mc", "Me", "Nd", "Nl", "Pc"}
ALPHABETIC_SYMBOLS = ((0x24B6, 0x24E9), (0x1F130, 0x1F149), (0x1F150, 0x1F169), (0x1F170, 0x1F189))
ASCII_DROPPED = re.compile(r"[^a-z0-9_ -]")


def slug(text: str) -> str:
    """A heading's anchor as GitHub makes it, before de-duplication."""
    text = text.lower()
    if text.isascii():
        return ASCII_DROPPED.sub("", text).replace(" ", "-")
    return "".join("-" if c == " " else c for c in text if c in " -" or kept(c))


def kept(char: str) -> bool:
    if unicodedata.category(char) in KEPT:
        return True
    return any(low <= ord(char) <= high for low, high in ALPHABETIC_SYMBOLS)


class Slugger:
    """Anchors of one page: a repeated anchor gets the next free `-N`."""

    def __init__(self) -> None:
        self.seen: dict[str, int] = {}

    def slug(self, text: str) -> str:
        base = result = slug(text)
        while result in self.seen:
            self.seen[base] += 1
            result = f"{base}-{self.seen[base]}"
        self.seen[result] = 0
        return result


def heading_text(line: str) -> str:
    """The text GitHub shows of a heading line (ATX, or the text line of a setext one):
    markup dropped, code kept, images and HTML tags gone; spaces kept as written."""
    m = ATX.match(line)
    content = (m.group(1) if m else line).strip(" \t")
    if document.inline_markup_start().search(content) is None and "&" not in content:
        return content
    return html.unescape(shown_text(document.markdown().inline(content, {})))


def shown_text(tokens: list[dict]) -> str:
    parts = []
    for token in tokens:
        if token["type"] in ("text", "codespan"):
            parts.append(token["raw"])
        elif token["type"] in ("softbreak", "linebreak"):
            parts.append(" ")
        elif token["type"] not in ("image", "inline_html") and "children" in token:
            parts.append(shown_text(token["children"]))
    return "".join(parts)
