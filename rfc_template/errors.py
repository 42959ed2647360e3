"""What the `rfc` command's library modules raise for the user, and its exit statuses.

Exit status: 0 done / clean, 1 findings, 2 usage or unreadable input, 130 interrupted,
141 the reader of the output went away (a closed pipe: 128 + SIGPIPE).
"""

from __future__ import annotations

OK, FINDINGS, USAGE_ERROR, INTERRUPTED = 0, 1, 2, 130


class UsageError(Exception):
    """A message for the user; the command exits 2."""
