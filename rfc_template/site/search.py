"""The site's search index, built here and read by the index page's script, offline.

Chinese has no spaces between words, so a Chinese run is indexed by its character pairs
(`重切分` -> `重切`, `切分`; a lone character by itself), the way CJK search engines
without a dictionary do: a query's pairs must all be in an RFC. Other text is indexed by
its words, lowercased; a query word also matches the words it begins (`reshard` finds
`resharding`). The script (pages.SEARCH_SCRIPT) tokenizes a query with the same rules.

The index is one JavaScript file (`search-index.js`: a page opened from file:// may load
a script, not fetch a JSON file). Each token's RFCs are a list of numbers, written as the
gaps between them in base 36; a token in more than half of the RFCs is written as the
RFCs it is NOT in, prefixed `!`: the template's own words are in nearly every RFC.
"""

from __future__ import annotations

import json
import re

# CJK ideographs (with extension A and the compatibility block), as one run
CJK_RUN = re.compile(r"[\u3400-\u4dbf\u4e00-\u9fff\uf900-\ufaff]+")
WORD = re.compile(r"[a-z0-9_]+(?:[.'][a-z0-9_]+)*")


def tokens(text: str) -> set[str]:
    """The tokens of a text: its Chinese runs' character pairs, its other words."""
    text = text.lower()
    found: set[str] = set()
    for run in CJK_RUN.findall(text):
        if len(run) == 1:
            found.add(run)
        found.update(run[i : i + 2] for i in range(len(run) - 1))
    found.update(word for word in WORD.findall(CJK_RUN.sub(" ", text)) if len(word) > 1 or word.isdigit())
    return found


def index(documents: list[set[str]]) -> dict[str, str]:
    """token -> its RFCs (indexes into `documents`), encoded as the module's docstring says."""
    postings: dict[str, list[int]] = {}
    for number, found in enumerate(documents):
        for token in found:
            postings.setdefault(token, []).append(number)
    count = len(documents)
    encoded = {}
    for token, numbers in postings.items():
        if len(numbers) * 2 > count:
            present = set(numbers)
            encoded[token] = "!" + _gaps([n for n in range(count) if n not in present])
        else:
            encoded[token] = _gaps(numbers)
    return dict(sorted(encoded.items()))


def _gaps(numbers: list[int]) -> str:
    out, last = [], -1
    for number in numbers:
        out.append(_base36(number - last))
        last = number
    return ",".join(out)


def _base36(number: int) -> str:
    digits = "0123456789abcdefghijklmnopqrstuvwxyz"
    text = ""
    while True:
        number, rest = divmod(number, 36)
        text = digits[rest] + text
        if not number:
            return text


def script(encoded: dict[str, str], count: int) -> str:
    """The index as the JavaScript file the index page loads."""
    data = json.dumps({"count": count, "tokens": encoded}, ensure_ascii=False, separators=(",", ":"))
    return f"window.RFC_SEARCH_INDEX = {data};\n"
