"""A cache of what RFCs share, keeping a value only when its key is met a second time.

RFCs share most of their sections: the template's untouched ones in every fresh draft,
all but the basic info in copies under review, all but the section being typed in the
language server. What is worked out for a section is kept when the section comes again,
up to a bound, the least recently met dropped first; a section met once (the one being
typed in, an RFC's own text) is only remembered by its hash (a key that is an object's
identity, by the key itself, few of them: see MetTwice), so that editing does not fill the
memory of a long-running `rfc lsp`. Used by sectioned.py (a section's block
parse), document.py (a kept section's tables as text), lints/slots (a table's findings) and
preview_body.py (a section's HTML).
"""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

Key = TypeVar("Key", bound=Hashable)
Value = TypeVar("Value")


class MetTwice(Generic[Key, Value]):
    def __init__(self, kept: int = 512, remembered: int = 8192, by_identity: bool = False) -> None:
        """`by_identity`: the keys are TheSame objects; one met once is remembered by the key
        itself, not its hash (an id is reused once its object is freed: remembered by hash, a
        new object would pass for one met before). Keep `remembered` small then."""
        self.kept, self.remembered, self.by_identity = kept, remembered, by_identity
        self._kept: OrderedDict[Key, Value] = OrderedDict()
        self._met_once: OrderedDict[object, None] = OrderedDict()
        self._lock = threading.Lock()  # rfc lsp works in its checker thread and for a code action

    def get(self, key: Key) -> Value | None:
        with self._lock:
            found = self._kept.get(key)
            if found is not None:
                self._kept.move_to_end(key)
            return found

    def met(self, key: Key, value: Value) -> None:
        """`value` worked out for `key`: kept if `key` was met before."""
        digest = key if self.by_identity else hash(key)
        with self._lock:
            if digest in self._met_once:
                del self._met_once[digest]
                self._kept[key] = value
                if len(self._kept) > self.kept:
                    self._kept.popitem(last=False)
            else:
                self._met_once[digest] = None
                if len(self._met_once) > self.remembered:
                    self._met_once.popitem(last=False)

    def keys(self) -> list[Key]:
        with self._lock:
            return list(self._kept)


class TheSame:
    """A key that is an object itself, not an equal one (a token's children, shared by every
    RFC whose section's parse is kept): for a cache of what is worked out from it."""

    __slots__ = ("value",)
    value: Any

    def __init__(self, value: Any) -> None:
        self.value = value

    def __hash__(self) -> int:
        return id(self.value)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, TheSame) and other.value is self.value
