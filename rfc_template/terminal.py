"""Prompts that edit like a shell's: arrow keys, Home/End, and the up arrow for history.

Python's input() reads a line with GNU readline's editing once `readline` is imported;
without it a terminal hands each arrow key over as an escape sequence (`\\x1b[D`), which
then lands in the answer. Standard library only: cookiecutter's own prompts get it too,
through the template's extension.
"""

from __future__ import annotations

import sys


def enable_line_editing() -> None:
    """Only for a person at a terminal: piped input is read as it is."""
    if "readline" in sys.modules or not (sys.stdin.isatty() and sys.stdout.isatty()):
        return
    try:
        import readline  # noqa: F401  (importing it is what turns the editing on)
    except ImportError:  # Windows: its console edits lines itself
        pass
