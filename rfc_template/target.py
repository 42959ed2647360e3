"""Where an RFC is generated: its output folder and its own folder, claimed by one run.

Both `rfc new` and plain `cookiecutter` go through here (the template's Jinja extension
calls `target_problems` and `claim` while cookiecutter renders the RFC folder's name,
just before creating it):

- A missing output folder is made, with its parents, as cookiecutter itself makes it;
  a path under a file, or a place nobody may write, is one clear message. Folders a
  failed run made are removed again (`remove_made_folders`), never a folder it found.
- Of any number of runs for the same RFC folder at the same moment, exactly one may
  write it: each takes an exclusive lock named after the folder's real path before it
  checks that the folder does not exist; the lock lives in a per-user temporary folder
  (nothing is left in the user's tree) and ends with the run or its process. Without
  `fcntl` (Windows) there is no lock, only the check.

Standard library only: cookiecutter's hooks may run under any interpreter.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import tempfile
from pathlib import Path

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from rfc_template.answers import show

# target's real path -> the open file that holds its lock, for the runs of this process
_held: dict[str, int] = {}


def target_problems(
    output_dir: str | os.PathLike, slug: str, slug_option: str = "rfc_slug", output_option: str = "output directory"
) -> list[str]:
    """Where the RFC would go: an output folder we may write or make, and no RFC there yet.

    An existing RFC directory is never written into, whatever overwrite option was given:
    it may hold an RFC someone has edited. The options are named as the caller's user
    knows them (cookiecutter's variables, or `rfc new`'s options).
    """
    problems = output_problems(Path(output_dir), output_option)
    if problems:
        return problems
    target = Path(output_dir) / slug
    if os.path.lexists(target):
        return [
            f"{slug_option}: {show(str(target), 200)} already exists and is left untouched; choose another {slug_option}"
        ]
    return []


def output_problems(output_dir: Path, output_option: str) -> list[str]:
    shown = show(str(output_dir), 200)
    existing = nearest_existing(output_dir)
    if not existing.is_dir():
        where = "" if existing == output_dir else f" ({show(str(existing), 200)} is a file)"
        return [f"{output_option} {shown} is not a folder{where}; choose another output directory"]
    try:  # try it: permissions alone do not tell (root, read-only or full file systems)
        os.rmdir(tempfile.mkdtemp(prefix=".rfc-probe-", dir=existing))
    except OSError as error:
        return [f"{output_option} {shown} is not writable ({error.strerror}); choose another output directory"]
    return []


def nearest_existing(path: Path) -> Path:
    """`path`, or the closest of its parents that exists (as a file or a folder)."""
    path = Path(os.path.abspath(path))
    while not os.path.lexists(path) and path != path.parent:
        path = path.parent
    return path


def folders_to_make(output_dir: str | os.PathLike) -> list[Path]:
    """The folders of `output_dir` that do not exist yet, outermost first."""
    output_dir = Path(os.path.abspath(output_dir))
    existing = nearest_existing(output_dir)
    missing = []
    while output_dir != existing:
        missing.append(output_dir)
        output_dir = output_dir.parent
    return missing[::-1]


def remove_made_folders(folders: list[Path]) -> None:
    """Remove the folders a failed run made, innermost first, each only while empty:
    a file another run has put there since keeps its folder."""
    for folder in reversed(folders):
        try:
            os.rmdir(folder)
        except OSError:
            return


def claim(target: str | os.PathLike) -> bool:
    """Take the RFC folder for this run; False when another run holds it at this moment.

    Held until `release` (the run has written every file) or the end of the process;
    claiming it again in the same process is a no-op.
    """
    key = _key(target)
    if key in _held or fcntl is None:
        return True
    try:
        folder = Path(tempfile.gettempdir()) / f"rfc-template-{os.getuid()}"
        folder.mkdir(mode=0o700, exist_ok=True)
        handle = os.open(
            folder / (hashlib.sha256(key.encode()).hexdigest()[:32] + ".lock"), os.O_RDWR | os.O_CREAT, 0o600
        )
    except OSError:
        return True  # no lock to be had (read-only /tmp): the existence check still stands
    try:
        fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except OSError:
        os.close(handle)
        return False
    _held[key] = handle
    return True


def holds(target: str | os.PathLike) -> bool:
    """Whether this process claimed the RFC folder (so a failed run may remove it)."""
    return fcntl is None or _key(target) in _held


def release(target: str | os.PathLike) -> None:
    handle = _held.pop(_key(target), None)
    if handle is not None:
        os.close(handle)  # closing the file ends its lock


def abandon(target: str | os.PathLike, made: list[Path]) -> None:
    """At the end of a run: an RFC folder still claimed was never finished (cookiecutter
    leaves a half-written folder behind when rendering a file fails), so it goes, and
    so do the output folders the run made, while empty."""
    if _key(target) in _held:
        shutil.rmtree(target, ignore_errors=True)
        release(target)
    remove_made_folders(made)


def _key(target: str | os.PathLike) -> str:
    return os.path.realpath(target)


def being_made(target: str | os.PathLike, slug_option: str = "rfc_slug") -> str:
    return f"{slug_option}: {show(str(target), 200)} is being created by another run right now; choose another {slug_option}"
