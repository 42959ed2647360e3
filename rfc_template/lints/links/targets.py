"""What makes a link's target well formed (RFC321): a scheme the forge links, `//` and a
host after it; a mistyped `https//` or a bare `www.` named for what it is."""

from __future__ import annotations

import difflib
import re

SCHEME = re.compile(r"([A-Za-z][A-Za-z0-9+.-]*):")
SCHEMES = ("http", "https", "mailto", "ftp")
# A relative target that was meant as a web address (`https：//...`, `pytorch.org/...`)
MEANT_AS_URL = re.compile(
    r"(?i)(?:https?|ftp)\s*[：:]?\s*/+|(?:www\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*"
    r"\.(?:com|org|net|io|ai|cn|dev|edu|gov)(?:/|$)"
)
HOST = re.compile(r"[\w-]+(?:\.[\w-]+)*\.?|\[[0-9A-Fa-f:.]+\]")


def form_problem(url: str) -> str | None:
    """What is wrong with the form of a (decoded) target, "" for an absolute one that is
    well formed, None for a relative one (a file's business)."""
    m = SCHEME.match(url)
    if m:
        scheme, rest = m.group(1).lower(), url[m.end() :]
        if scheme == "mailto":
            return "" if re.fullmatch(r"[^@\s]+@[^@\s]+", rest.partition("?")[0]) else "names no address"
        if scheme not in SCHEMES:
            near = difflib.get_close_matches(scheme, SCHEMES, 1, 0.6)
            return f"has the scheme '{m.group(1)}:', not http, https, mailto or ftp" + (
                f" ({near[0]}?)" if near else ""
            )
        if not rest.startswith("//"):
            return f"needs '//' and a host after '{m.group(1)}:'"
        return host_problem(rest[2:])
    if url.startswith("//"):
        return host_problem(url[2:])
    mistyped = re.match(r"(?i)(https?|ftp)(//|:?\\\\)", url)
    if mistyped:
        return f"lacks the ':' of '{mistyped.group(1)}://'"
    if url[:4].lower() == "www.":
        return "needs 'https://': as written it names a file beside the RFC"
    return None


def host_problem(rest: str) -> str:
    authority = re.split(r"[/?#]", rest, maxsplit=1)[0]
    host = authority.rpartition("@")[2]
    host = re.sub(r":\d*$", "", host) if not host.endswith("]") else host
    if not host:
        return "has no host"
    return "" if HOST.fullmatch(host) else f"has no valid host ('{host}')"
