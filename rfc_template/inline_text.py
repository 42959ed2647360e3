"""What a reader sees of inline Markdown: mistune's inline tokens as text (plain_text), and
a table cell or heading read as text without mistune's inline parser when its markup is
of the common, simple kinds (without_parser): `` `code` `` spans, `snake_case` names,
`**bold**` around the whole cell, and `<`, `!` or `]` that start nothing (`<= 5%`, `!17`).

The inline parse of such cells cost a tenth of `rfc check --stage review`; nine in ten
cells with any markup are of these kinds. Anything else (None) goes to mistune.
tests/test_document.py holds every answer to mistune's full parse.
"""

from __future__ import annotations


def plain_text(tokens: list[dict]) -> str:
    """The text a reader sees in inline tokens (emphasis, code and links flattened)."""
    parts = []
    for token in tokens:
        if token["type"] == "inline_html" and token["raw"].startswith("<!--"):
            continue  # drawn as nothing: guidance, or a waiver in a table cell
        if "raw" in token:
            parts.append(token["raw"])
        elif token["type"] in ("softbreak", "linebreak"):
            parts.append(" ")
        if "children" in token:
            parts.append(plain_text(token["children"]))
    return "".join(parts)


# The characters mistune's inline rules start at; document.py takes the shortcut only
# while mistune's are these, since the shortcut knows what each of them can start.
TRIGGERS = frozenset("\n!*<[\\]_`")


def without_parser(text: str) -> str | None:
    """The text a reader sees of `text` (not yet whitespace-normalised), or None: parse it."""
    if len(text) > 4 and text.startswith("**") and text.endswith("**"):
        inner = text[2:-2]
        # bold when nothing in it is emphasis and it neither starts nor ends with a space
        if "*" not in inner and not inner[0].isspace() and not inner[-1].isspace():
            return without_parser(inner)
    if "`" in text:
        if "``" in text or text.count("`") % 2:
            return None  # a longer backtick string, or one left open: mistune's rules
        parts = text.split("`")
        if any(len(code) > 1 and code[0] == " " and code[-1] == " " and code.strip(" ") for code in parts[1::2]):
            return None  # mistune trims one space off each end of such a span: `x` a `y` is xay
        outside = parts[::2]  # between the spans; inside them nothing is markup
    else:
        outside = [text]
    no_tag = ">" not in text  # an autolink or an HTML tag needs its `>`
    no_link = "[" not in text
    for part in outside:
        for index, char in enumerate(part):
            if char not in TRIGGERS:
                continue
            if char == "_":
                before = part[: index + 1].rstrip("_")[-1:]
                after = part[index:].lstrip("_")[:1]
                if before.isalnum() and after.isalnum():
                    continue  # a run inside a word (snake_case): it opens and closes no emphasis
            elif (char == "<" and no_tag) or (char == "]" and no_link):
                continue
            elif char == "!" and part[index + 1 : index + 2] != "[":
                continue
            return None
    return text.replace("`", "")
