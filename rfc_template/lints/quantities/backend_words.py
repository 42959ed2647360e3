"""Which backend a number in an RFC's text is said of: `PT 6.81 s → <= 5.79 s，MS 7.42 s`."""

from __future__ import annotations

import re

# how a sentence names each backend, and either (the one spelling of the quantities' rules)
PT_NAME, MS_NAME = "PT|PyTorch", "MS|MindSpore"
NAME = f"(?:{PT_NAME}|{MS_NAME})"
PT_WORDS = re.compile(rf"\b(?:{PT_NAME})\b")
MS_WORDS = re.compile(rf"\b(?:{MS_NAME})\b")
# the words for "the row above's scenario" (`同上`, `Same as above`): quantities' SAME_AS_ABOVE too
SAME_WORDS = r"同上|同前|same as above|as above|ditto|same\b"
# a 9.3 scenario's own backend, first or right after the words for the row above's (`Same, MS`)
LEADING_BACKEND = re.compile(rf"^\W*(?:(?i:{SAME_WORDS})\s*[,，:：(（]?\s*)?(?:(?P<pt>{PT_NAME})|(?P<ms>{MS_NAME}))\b")


def backend_of_scenario(text: str) -> str:
    """A 9.3 scenario's backend: the one it starts with (`MS，..., 其余同 PT`), else the one it names."""
    match = LEADING_BACKEND.match(text)
    if match:
        return "PT" if match.group("pt") else "MS"
    return backend_of(text)


def backend_of(text: str) -> str:
    """ "PT" or "MS" when `text` names that backend alone, else ""."""
    pt, ms = PT_WORDS.search(text) is not None, MS_WORDS.search(text) is not None
    return "PT" if pt and not ms else "MS" if ms and not pt else ""


BACKENDS = re.compile(rf"\b(?:(?P<pt>{PT_NAME})|(?P<ms>{MS_NAME}))\b")
JOINED = re.compile(r"^\s*(?:与|和|及|and|or|或|/|、|,|\+)\s*$")


# a backend named after a value, as its own: `≤ 24.0 s on PT (8 × A800)`, `26.5 s（MS）`
AFTER = re.compile(  # (past a bound's postfix: `13.1 s or less on MS`)
    r"\s*(?:[(（][^()（）]*[)）]\s*)?(?:or (?:less|more|lower|higher|fewer|below|above|under|over|better)\s+)?(?:"
    rf"(?:on|for|with|in)\s+(?:the\s+)?(?:(?P<pt>{PT_NAME})|(?P<ms>{MS_NAME}))\b"
    rf"(?!\s*(?:and|or|/|、|和|与|及|或|\+)\s*{NAME})"
    rf"|[(（]\s*(?:(?P<bpt>{PT_NAME})|(?P<bms>{MS_NAME}))\s*[)）])"
)


def backend_after(clause: str, position: int) -> tuple[str, int] | None:
    """The backend named right after a value ending at `position`, and where its word starts."""
    match = AFTER.match(clause, position)
    if match is None:
        return None
    group = next(name for name in ("pt", "ms", "bpt", "bms") if match.group(name))
    return ("PT" if group.endswith("pt") else "MS"), match.start(group)


def backend_before(clause: str, position: int, taken: frozenset[int] = frozenset()) -> str | None:
    """The backend the last backend word before `position` names ("PT", "MS"), "" for both
    (`PT 和 MS`), None when there is none; `taken`: where words start that name an earlier
    value's backend (`24.0 s on PT, 36.0 s → 26.5 s on MS`), which are not this one's."""
    found = [m for m in BACKENDS.finditer(clause, 0, position) if m.start() not in taken]
    if not found:
        return None
    last = found[-1]
    if len(found) > 1 and JOINED.match(clause[found[-2].end() : last.start()]):
        return ""
    return "PT" if last.group("pt") else "MS"
