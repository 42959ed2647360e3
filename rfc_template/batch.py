"""Checking many RFC files: finding them, reading each, spreading them over the cores,
Mermaid's verdict on their diagrams (`--diagrams`) and `--fix`.

Every function here is `rfc check` without its command line; a problem with a path or a
file is a UsageError (exit 2) with the message for the user.
"""

from __future__ import annotations

import os
import signal
import stat
import sys
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path

from rfc_template import check, config, document
from rfc_template.config import Overrides
from rfc_template.errors import UsageError
from rfc_template.findings import in_order
from rfc_template.formats import formatted

# An RFC is tens of kilobytes; anything far larger is not one, and would only be slow.
MAX_RFC_BYTES = 10 * 1024 * 1024

# Below this many files a second process costs more than it saves.
PARALLEL_FROM = 32


def rfc_files(paths: list[str], allow_empty: bool = False, overrides: Overrides | None = None) -> list[Path]:
    """The files the PATHs name: a file as it is, a folder as every rfc.md in it or below it,
    and the files its configuration's extend-include names (`overrides`: the command line's)."""
    overrides = overrides or Overrides()
    files: list[Path] = []
    for name in paths:
        path = Path(name)
        try:
            is_dir = stat.S_ISDIR(path.stat().st_mode)
        except OSError as error:
            raise UsageError(f"{name}: {(error.strerror or str(error)).lower()}") from None
        if is_dir:
            # os.walk does not follow symlinked folders, so a symlink loop cannot trap it;
            # it lists a broken rfc.md symlink, which is then reported rather than skipped
            found = sorted(file for root, _, names in os.walk(path) for file in found_in(root, names, overrides))
            if not found and not allow_empty:  # a wrong path in CI must not pass as "no findings"
                raise UsageError(f"{name}: no rfc.md in this folder or below it")
            files += found
        else:
            files.append(path)
    return files


def found_in(folder: str, names: list[str], overrides: Overrides) -> list[Path]:
    """The RFC files among a folder's `names`: rfc.md, and those its configuration's
    extend-include names."""
    found = [Path(folder, config.RFC_NAME)] if config.RFC_NAME in names else []
    settings = config.settings_for(Path(folder, config.RFC_NAME), overrides)
    if settings.include:
        found += [
            Path(folder, name) for name in names if name != config.RFC_NAME and settings.is_rfc(Path(folder, name))
        ]
    return found


@dataclass
class Targets:
    """What `rfc check PATH...` checks: `files`, in order, each once; `errors`: (PATH, what
    is wrong with it); `notes`: PATHs skipped, and why."""

    files: list[Path] = field(default_factory=list)
    errors: list[tuple[str, str]] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)


def targets(paths: list[str], diagrams: bool = False, overrides: Overrides | None = None) -> Targets:
    """The files `rfc check` checks for its PATHs: a folder's rfc.md files (rfc_files), a
    file as it is, and a diagram of an RFC (a .mmd in the diagrams/ folder beside an
    rfc.md) as that RFC, whose copies RFC203 compares with its blocks. Each file once, at
    its first mention, so that `git diff --name-only | xargs rfc check` checks an RFC once
    however many of its files changed.

    Any other .mmd is a diagram of no RFC: with `diagrams` it is checked by Mermaid alone;
    without, it is skipped with a note (a commit that touches only such a file passes the
    pre-commit hook, which cannot tell it from an RFC's diagrams by its name).
    """
    found = Targets()
    seen: set[str] = set()
    for name in paths:
        try:
            files = rfc_files([name], overrides=overrides)
        except UsageError as error:
            found.errors.append((name, str(error)))
            continue
        for path in files:
            if path.suffix == ".mmd":
                rfc = rfc_of_diagram(path)
                if rfc is not None:
                    path = rfc
                elif not diagrams:
                    found.notes.append(f"{name}: skipped: {_no_rfc_beside(path)}; rfc check --diagrams parses it")
                    continue
            key = os.path.abspath(path)
            if key not in seen:
                seen.add(key)
                found.files.append(path)
    return found


def rfc_of_diagram(path: Path) -> Path | None:
    """The rfc.md whose diagrams/ folder holds the diagram `path`, or None."""
    folder = path.parent
    if folder.name != "diagrams":
        return None
    rfc = folder.parent / "rfc.md"
    # a broken symlink counts: the RFC is there, and its check says why it cannot be read
    return rfc if os.path.lexists(rfc) and not rfc.is_dir() else None


def _no_rfc_beside(diagram: Path) -> str:
    if diagram.parent.name == "diagrams":
        return f"the diagram of no RFC (no {diagram.parent.parent / 'rfc.md'} beside its diagrams/ folder)"
    return "the diagram of no RFC (an RFC's diagrams are in the diagrams/ folder beside its rfc.md)"


def read_rfc(path: Path) -> str:
    """The text of an RFC file, or a UsageError that says why it is not one."""
    try:
        info = path.stat()
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{path}: not a regular file")  # a FIFO would block the read
        if info.st_size > MAX_RFC_BYTES:
            raise UsageError(
                f"{path}: {info.st_size / 2**20:.1f} MB is too large for an RFC (at most {MAX_RFC_BYTES // 2**20} MB)"
            )
        data = path.read_bytes()
    except OSError as error:
        raise UsageError(f"{path}: cannot read it ({error.strerror})") from None
    nul = data.find(b"\0")
    if nul >= 0:
        raise UsageError(f"{path}: a binary file, not Markdown (NUL byte at byte {nul})")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"{path}: not UTF-8 text ({error.reason} at byte {error.start})") from None


def read_rfc_stream() -> str:
    """One RFC from standard input (`rfc check -`), as strictly as read_rfc reads a file."""
    data = sys.stdin.buffer.read(MAX_RFC_BYTES + 1)
    if len(data) > MAX_RFC_BYTES:
        raise UsageError(f"-: more than {MAX_RFC_BYTES // 2**20} MB is too large for an RFC")
    nul = data.find(b"\0")
    if nul >= 0:
        raise UsageError(f"-: a binary stream, not Markdown (NUL byte at byte {nul})")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        raise UsageError(f"-: not UTF-8 text ({error.reason} at byte {error.start})") from None


def fix_files(files: list[Path]) -> None:
    """`--fix`, before the check: what it changed goes to stderr, so that the findings on
    stdout stay in their format. A file that cannot be read is left to the check to report."""
    from rfc_template import fixes

    for path in files:
        if path.suffix == ".mmd":
            continue
        try:
            text = read_rfc(path)
        except UsageError:
            continue
        try:
            done = fixes.fix(path, text)
        except OSError as error:
            raise UsageError(f"--fix: cannot rewrite {error.filename} ({error.strerror})") from None
        for fix in done:
            print(f"rfc check: {'fixed ' if fix.done else ''}{fix.message}", file=sys.stderr)


@dataclass(frozen=True)
class FileResult:
    path: Path
    findings: list
    error: str = ""
    text: str = ""  # the findings already formatted (then `findings` is left empty)
    count: int = -1  # how many findings there were (-1: len(findings))
    warnings: int = -1  # how many of them are warnings (-1: counted in `findings`)
    waived: int = 0  # findings the RFC's waivers silenced

    def __post_init__(self) -> None:
        if self.count < 0:
            object.__setattr__(self, "count", len(self.findings))
        if self.warnings < 0:
            object.__setattr__(self, "warnings", sum(f.severity == "warning" for f in self.findings))

    @property
    def errors(self) -> int:
        return self.count - self.warnings


def checked_rfc(
    path: Path,
    stage: str | None,
    diagram_files: bool = True,
    overrides: Overrides | None = None,
    text: str | None = None,
    doc: document.Document | None = None,
) -> check.Checked:
    """One RFC file checked, with the configuration found for it and the command line's
    `overrides` (none: every rule at its default, as `rfc index` reads), or a UsageError
    that says why it cannot be. `text`: the RFC as read already (from stdin)."""
    text = read_rfc(path) if text is None else text
    settings = config.settings_for(path, overrides) if overrides is not None else None
    try:
        beside = path if diagram_files and str(path) != "-" else None  # stdin with no name: nothing beside it
        checked = check.check_text(text, beside, stage, settings, doc)
    except RecursionError:
        raise UsageError(f"{path}: nested too deeply to parse") from None
    if checked.is_no_rfc:  # one line, not a finding for each of the template's sections
        if path.suffix == ".mmd":
            raise UsageError(f"{path}: a diagram, not an RFC; check diagrams with rfc check --diagrams")
        raise UsageError(
            f"{path}: not an RFC: none of the template's sections (such as '{check.first_section()}') is in it"
        )
    return checked


def check_file(
    path: Path,
    stage: str | None,
    style: str | None = None,
    overrides: Overrides | None = None,
    text: str | None = None,
    shown: Path | None = None,
) -> FileResult:
    """One file's result; with a `style`, its findings formatted already (in a worker).
    `shown`: the name to report (stdin's --stdin-filename)."""
    overrides = overrides or Overrides()
    try:
        checked = checked_rfc(path, stage, overrides=overrides, text=text)
    except UsageError as error:
        return FileResult(shown or path, [], str(error))
    findings = checked.findings
    if style is None:
        return FileResult(shown or path, findings, waived=checked.waived)
    warnings = sum(f.severity == "warning" for f in findings)
    return FileResult(
        shown or path,
        [],
        text=formatted(findings, shown or path, style),
        count=len(findings),
        warnings=warnings,
        waived=checked.waived,
    )


def check_files(
    files: list[Path],
    stage: str | None,
    jobs: int | None = None,
    style: str | None = None,
    overrides: Overrides | None = None,
) -> Iterator[FileResult]:
    """Each file's result, in order; spread over the machine's cores for many files.

    Parsing is the cost, and it is pure Python: only processes run it in parallel. With
    a `style`, each result carries its findings formatted instead (see formats.py).
    """
    yield from in_workers(check_file, files, jobs, stage, style, overrides)


def in_workers(function, files: list[Path], jobs: int | None, *same: object) -> Iterator:
    """`function(file, *same)` for each file, in order: in this process for a few files or
    one job, else in a pool of worker processes (one per core), forked after the template's
    rules are read so that each worker does not read them again (rfc check, rfc site)."""
    jobs = jobs or _cores()
    if jobs == 1 or len(files) < PARALLEL_FROM:
        yield from (function(path, *same) for path in files)
        return
    check.read_the_template()  # once, before the workers fork
    # imported here, not at the top: most runs check too few files for a pool
    import gc
    import itertools
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods and sys.platform == "linux" else None)
    # what is read so far (the rules, the template) is never garbage: kept out of the workers'
    # collections, which would otherwise touch, and so copy, every page they share with us
    gc.freeze()
    pool = ProcessPoolExecutor(max_workers=jobs, mp_context=context, initializer=_ignore_interrupts)
    # small chunks (about 15 RFCs of 1,000 on two cores): a worker left with the last chunk
    # while the others idle costs less than the round trips of more chunks
    chunksize = max(1, len(files) // (jobs * 32))
    try:
        yield from pool.map(function, files, *(itertools.repeat(value) for value in same), chunksize=chunksize)
    finally:
        pool.shutdown(cancel_futures=True)
        gc.unfreeze()  # (a process that lives on, `rfc lsp`, collects them again)


def check_with_diagrams(
    files: list[Path], stage: str | None, jobs: int | None = None, overrides: Overrides | None = None
) -> list[FileResult]:
    """check_files, plus Mermaid's verdict (RFC204) on every diagram of each RFC and beside it.

    Each rfc.md's RFC204 findings join its others, in line order; its diagrams/*.mmd follow
    it. A .mmd among `files` (one of no RFC: targets() made an RFC's diagram its RFC) is a
    diagram only. One Node process parses them all, started first, so
    that it loads Mermaid while this process runs the other checks.
    """
    from rfc_template import mermaid

    order: list[tuple[Path, bool]] = []  # (path, is an RFC)
    seen: set[Path] = set()
    for path in files:
        is_rfc = path.suffix != ".mmd"
        for item, item_is_rfc in [
            (path, is_rfc),
            *((d, False) for d in (mermaid.diagrams_beside(path) if is_rfc else [])),
        ]:
            key = Path(os.path.abspath(item))
            if key not in seen:
                seen.add(key)
                order.append((item, item_is_rfc))
    try:
        running = mermaid.MermaidCheck([path for path, _ in order])
    except mermaid.Unavailable as error:
        raise UsageError(str(error)) from None
    try:
        rfcs = [path for path, is_rfc in order if is_rfc]
        checked = dict(zip(rfcs, check_files(rfcs, stage, jobs, overrides=overrides)))
        diagrams, notes = running.results()
    except mermaid.Unavailable as error:
        raise UsageError(str(error)) from None
    finally:
        running.stop()
    for note in notes:
        print(f"rfc check: note: {note}", file=sys.stderr)
    results = []
    for path, is_rfc in order:
        seen_by_mermaid = diagrams[path]
        if not is_rfc:
            results.append(FileResult(path, seen_by_mermaid.findings, seen_by_mermaid.error))
        elif checked[path].error:  # unreadable: said once, by the ordinary check
            results.append(checked[path])
        else:
            results.append(
                FileResult(
                    path,
                    # Mermaid read the file as written: what it says inside a merge conflict is RFC012's
                    in_order(
                        checked[path].findings + check.outside_conflicts(seen_by_mermaid.findings, read_rfc(path))
                    ),
                    seen_by_mermaid.error,
                    waived=checked[path].waived,
                )
            )
    return results


def _cores() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        return os.cpu_count() or 1


def _ignore_interrupts() -> None:
    # Ctrl-C is the parent's to report, once; workers just stop with the pool.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
