"""Where `rfc preview` finds Mermaid, and the files it writes: the page, one shared
`mermaid.min.js` beside it, and the `.gitignore` lines that keep both out of commits.
(rfc_template/preview.py renders the page.)"""

from __future__ import annotations

import filecmp
import json
import os
import shutil
from dataclasses import dataclass
from pathlib import Path

MERMAID_VERSION = "11.17.2"  # = package.json's; tests/test_preview.py keeps them equal
MERMAID_CDN = f"https://cdn.jsdelivr.net/npm/mermaid@{MERMAID_VERSION}/dist/mermaid.min.js"
MERMAID_IN_NPM = Path("node_modules") / "mermaid" / "dist" / "mermaid.min.js"
MERMAID_COPY = "mermaid.min.js"  # the shared copy's name, beside the page(s)
INSTALL = f"npm install mermaid@{MERMAID_VERSION}"


class PreviewError(Exception):
    """The preview cannot be written: one line saying why."""


@dataclass(frozen=True)
class Mermaid:
    """The Mermaid a page loads: a local file (copied beside the page) or the pinned CDN."""

    origin: Path | None = None  # None: the CDN
    version: str = MERMAID_VERSION

    @property
    def src(self) -> str:
        """What the page's <script src> says: the copy's name beside it, or the CDN URL."""
        return MERMAID_COPY if self.origin else MERMAID_CDN

    def note(self) -> str:
        """For the page's first comment."""
        if self.origin is None:
            return (
                f"No local Mermaid was found (pass --mermaid FILE or {INSTALL}), "
                f"so Mermaid {MERMAID_VERSION} is loaded from {MERMAID_CDN}."
            )
        return f"Mermaid{self._version} is loaded from {MERMAID_COPY} beside this page, a copy of {self.origin}."

    def report(self, copy: Path | None, copied: bool) -> str:
        """For the command's output: which Mermaid, and where the page finds it."""
        if copy is None:
            return (
                f"Mermaid {MERMAID_VERSION} from {MERMAID_CDN} (no local copy found: diagrams are drawn only "
                f"online; for offline use, {INSTALL} or pass --mermaid FILE)"
            )
        how = "copied to" if copied else "the same as"
        return f"Mermaid{self._version} from {self.origin}, {how} {copy}, which the page loads"

    @property
    def _version(self) -> str:
        return f" {self.version}" if self.version else ""


def _npm_version(path: Path) -> str:
    """The version in the package.json of an npm install's dist/mermaid.min.js, or ''."""
    try:
        package = json.loads((path.parent.parent / "package.json").read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return ""
    if path.parent.name != "dist" or not isinstance(package, dict) or package.get("name") != "mermaid":
        return ""
    return str(package.get("version", ""))


def locate_mermaid(rfc: Path, given: Path | None = None) -> Mermaid:
    """`given`, else the first npm install of Mermaid in the RFC's folder or one above it,
    the working directory or one above it, or this package's checkout; else the CDN."""
    if given is not None:
        return Mermaid(given, _npm_version(given))
    for start in (rfc.resolve().parent, Path.cwd(), Path(__file__).resolve().parent):
        for folder in (start, *start.parents):
            path = folder / MERMAID_IN_NPM
            if path.is_file():
                return Mermaid(path, _npm_version(path))
    return Mermaid()


def _looks_like_mermaid(path: Path) -> bool:
    try:
        with path.open("rb") as handle:
            return b"mermaid" in handle.read(4096)
    except OSError:
        return False


# --- writing the page ------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    page: Path
    mermaid_copy: Path | None  # the shared copy the page loads, if not the CDN
    copied: bool  # the copy was (re)written now, not found identical
    ignored: list[str]  # the names added to the RFC folder's .gitignore
    gitignore: Path | None


def write(page: str, output: Path, rfc: Path, mermaid: Mermaid) -> Written:
    """Write `page` to `output`, with Mermaid's shared copy beside it when it loads one;
    a page beside its RFC is first listed in the RFC folder's .gitignore. Nothing is
    written when a file that is in the way is not one `rfc preview` would write."""
    folder = output.parent
    names = [output.name] + ([MERMAID_COPY] if mermaid.origin else [])
    gitignore = folder / ".gitignore" if _same_folder(folder, rfc.parent) else None
    try:
        if mermaid.origin:
            _refuse_foreign_copy(folder / MERMAID_COPY, mermaid.origin)
        ignored = keep_out_of_commits(gitignore, names) if gitignore else []
        copy, copied = share_mermaid(mermaid.origin, folder) if mermaid.origin else (None, False)
        _replace(output, page.encode("utf-8"))
    except OSError as error:
        raise PreviewError(f"cannot write {error.filename or output} ({error.strerror})") from None
    return Written(output, copy, copied, ignored, gitignore)


def _same_folder(a: Path, b: Path) -> bool:
    try:
        return a.resolve() == b.resolve()
    except OSError:
        return False


def keep_out_of_commits(gitignore: Path, names: list[str]) -> list[str]:
    """Append to `gitignore` a line for each name it does not mention yet; what the user
    wrote stays as it is (a `!name` line, keeping the file in commits, is respected)."""
    try:
        existing = gitignore.read_bytes()
    except FileNotFoundError:
        existing = b""
    lines = {line.strip().decode("utf-8", "replace") for line in existing.splitlines()}
    missing = [name for name in names if not {name, "/" + name, "!" + name, "!/" + name} & lines]
    if missing:
        text = "" if not existing or existing.endswith(b"\n") else "\n"
        text += "# written by `rfc preview`, not part of the RFC\n" + "".join(f"/{name}\n" for name in missing)
        with gitignore.open("ab") as handle:
            handle.write(text.encode("utf-8"))
    return missing


def _refuse_foreign_copy(copy: Path, origin: Path) -> None:
    if copy.exists() and not _is_same(origin, copy) and not _looks_like_mermaid(copy):
        raise PreviewError(
            f"{copy} exists and is not a Mermaid build; it is left untouched "
            "(move it, or write the page elsewhere with -o)"
        )


def _is_same(origin: Path, copy: Path) -> bool:
    return copy.resolve() == origin.resolve() or filecmp.cmp(origin, copy, shallow=False)


def share_mermaid(origin: Path, folder: Path) -> tuple[Path, bool]:
    """Mermaid's shared copy in `folder`: (its path, whether it was written now). One that
    is the same already is kept; one that is not a Mermaid build is never replaced."""
    copy = folder / MERMAID_COPY
    if copy.exists():
        if _is_same(origin, copy):
            return copy, False
        _refuse_foreign_copy(copy, origin)
    temporary = folder / f".{MERMAID_COPY}.{os.getpid()}.tmp"  # one per process: runs may overlap
    try:
        shutil.copyfile(origin, temporary)
        os.replace(temporary, copy)  # never a half-written copy
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError) and error.filename == str(temporary):
            raise OSError(error.errno, error.strerror, str(copy)) from None
        raise
    return copy, True


def _replace(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all: never a half-written page."""
    temporary = path.with_name(f".{path.name}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise OSError(error.errno, error.strerror, str(path)) from None
