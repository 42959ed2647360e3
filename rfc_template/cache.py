"""The user's cache folder, where `rfc preview` puts its pages and `rfc mermaid-setup` the
pinned Mermaid: never the user's repository. rfc_template/node/check-diagrams.mjs reads
the same folder (its cacheFolder()); a test keeps the two equal."""

from __future__ import annotations

import os
from pathlib import Path


class NoUserCache(Exception):
    """There is no cache folder to use (no HOME, no XDG_CACHE_HOME)."""


def user_cache() -> Path:
    """$XDG_CACHE_HOME (a relative one is ignored, as the XDG specification says), else
    %LOCALAPPDATA% on Windows, else ~/.cache."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    if xdg and os.path.isabs(xdg):
        return Path(xdg)
    local = os.environ.get("LOCALAPPDATA", "")
    if os.name == "nt" and local:
        return Path(local)
    try:
        return Path.home() / ".cache"
    except RuntimeError:  # no HOME, and no home in the password database
        raise NoUserCache("no user cache folder (no HOME): set XDG_CACHE_HOME to a folder of yours") from None
