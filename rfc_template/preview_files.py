"""Where `rfc preview` finds Mermaid, and where it writes: the page and the copy of
Mermaid the page loads. (rfc_template/preview.py renders the page.)

By default nothing is written beside the RFC: the page goes into the user's cache,

    $XDG_CACHE_HOME (else %LOCALAPPDATA% on Windows, else ~/.cache)/rfc-template/
        preview/<RFC folder's name>-<hash of its path>/rfc.html
        mermaid/<version>-<hash of the file>/mermaid.min.js

one folder for each RFC folder, and one copy of each Mermaid build, which every cached
page loads by a relative path (so it works from file://, offline). The copy's folder is
named for its content too: a copy is never replaced under a page that loads it. The
RFC's relative links and images are made to point at the files beside the RFC (and a
root-relative one, `/docs/x.md`, at its repository's root, as the forges read it).

With `-o FILE` the page is that file, and a local Mermaid is copied once to
`mermaid.min.js` beside it, so that the folder is self-contained (a CI artifact).

No `.gitignore` is written or changed anywhere.
"""

from __future__ import annotations

import filecmp
import hashlib
import json
import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import quote, urljoin, urlsplit

from rfc_template.cache import NoUserCache, user_cache

MERMAID_VERSION = "11.17.2"  # = package.json's; tests/test_preview.py keeps them equal
MERMAID_CDN = f"https://cdn.jsdelivr.net/npm/mermaid@{MERMAID_VERSION}/dist/mermaid.min.js"
MERMAID_IN_NPM = Path("node_modules") / "mermaid" / "dist" / "mermaid.min.js"
MERMAID_COPY = "mermaid.min.js"  # the shared copy's name, beside the page(s) or in the cache
INSTALL = f"npm install mermaid@{MERMAID_VERSION}"
CACHE_NAME = "rfc-template"  # the tool's folder in the user's cache
NO_CACHE_HINT = "set XDG_CACHE_HOME to a folder you can write, or write the page elsewhere with -o FILE"

# What may stand in a file name made from a folder's name or a version, whatever they hold.
UNSAFE = re.compile(r"[^A-Za-z0-9._+-]+")


class PreviewError(Exception):
    """The preview cannot be written: one line saying why."""


@dataclass(frozen=True)
class Mermaid:
    """The Mermaid a page loads: a local file (copied for the page) or the pinned CDN."""

    origin: Path | None = None  # None: the CDN
    version: str = MERMAID_VERSION

    def note(self, placement: Placement) -> str:
        """For the page's first comment."""
        if self.origin is None or placement.copy is None:
            return (
                f"No local Mermaid was found (pass --mermaid FILE or {INSTALL}), "
                f"so Mermaid {MERMAID_VERSION} is loaded from {MERMAID_CDN}."
            )
        where = (
            f"{placement.copy}, the shared copy in the cache of rfc preview"
            if placement.cached
            else f"{MERMAID_COPY} beside this page"
        )
        return f"Mermaid{self._version} is loaded from {where}, a copy of {self.origin}."

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


# --- where the page goes ---------------------------------------------------------------


@dataclass(frozen=True)
class Placement:
    """Where a page is written, and the copy of Mermaid it loads (None: the CDN)."""

    page: Path
    copy: Path | None = None
    cached: bool = False  # in the user's cache (the default), not a file the user named with -o

    @classmethod
    def beside(cls, page: Path, mermaid: Mermaid) -> Placement:
        """`page`, with Mermaid's copy (if a local one is used) beside it: what -o writes."""
        return cls(page, page.with_name(MERMAID_COPY) if mermaid.origin else None)

    @property
    def src(self) -> str:
        """What the page's <script src> says: the copy's path relative to the page, or the CDN."""
        if self.copy is None:
            return MERMAID_CDN
        return quote(Path(os.path.relpath(self.copy, self.page.parent)).as_posix())


def cache_root() -> Path:
    """The tool's folder in the user's cache (rfc_template/cache.py)."""
    try:
        return user_cache() / CACHE_NAME
    except NoUserCache:
        raise PreviewError(f"no cache folder for the page: {NO_CACHE_HINT}") from None


def in_cache(rfc: Path, mermaid: Mermaid) -> Placement:
    """The default placement: the page in the cache's folder for the RFC's folder, the
    copy of Mermaid (if a local one is used) in the cache's folder for that build."""
    root = cache_root()
    folder = rfc.resolve().parent
    page = root / "preview" / f"{_name_part(folder.name, 'rfc')}-{_digest(os.fsencode(folder))}"
    copy = None
    if mermaid.origin is not None:
        try:
            content = _file_digest(mermaid.origin)
        except OSError as error:
            raise PreviewError(f"cannot read {mermaid.origin} ({error.strerror})") from None
        copy = root / "mermaid" / f"{_name_part(mermaid.version, 'unknown')}-{content}" / MERMAID_COPY
    return Placement(page / rfc.with_suffix(".html").name, copy, cached=True)


def _name_part(text: str, empty: str) -> str:
    """`text` as a part of a file name: safe characters only, at most 40 of them."""
    return UNSAFE.sub("-", text).strip("-.")[:40].strip("-.") or empty


def _digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()[:12]


def _file_digest(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()[:12]


# --- links of the RFC, wherever the page is ---------------------------------------------


def link_bases(rfc: Path, placement: Placement) -> tuple[str, str]:
    """The file:// URLs that the RFC's relative links are resolved against: its folder's
    (only when the page is elsewhere: beside the RFC they work as written) and its
    repository's root (for `/...`, which the forges read from there), or ''."""
    folder = _real(rfc.parent)
    root = _repository_root(folder)
    return (
        "" if _real(placement.page.parent) == folder else _folder_url(folder),
        _folder_url(root) if root else "",
    )


def resolve_link(url: str, folder_url: str, root_url: str) -> str:
    """A link's or image's URL, as mistune made it safe: a path points at the file
    (`folder_url` / `root_url` joined), anything else is left as it is."""
    parts = urlsplit(url)
    if parts.scheme or parts.netloc or not parts.path:
        return url  # a web address, or an anchor or query of the page itself
    if parts.path.startswith("/"):
        return urljoin(root_url, url.lstrip("/")) if root_url else url
    return urljoin(folder_url, url) if folder_url else url


def _real(path: Path) -> Path:
    try:
        return path.resolve()
    except (OSError, RuntimeError):
        return Path(os.path.abspath(path))


def _folder_url(folder: Path) -> str:
    """The file:// URL of `folder`, ending in `/` so that a relative path joins it."""
    return folder.as_uri().rstrip("/") + "/"


def _repository_root(folder: Path) -> Path | None:
    """The nearest folder at or above `folder` that holds `.git`."""
    for candidate in (folder, *folder.parents):
        if (candidate / ".git").exists():
            return candidate
    return None


# --- writing the page ------------------------------------------------------------------


@dataclass(frozen=True)
class Written:
    page: Path
    mermaid_copy: Path | None  # the shared copy the page loads, if not the CDN
    copied: bool  # the copy was (re)written now, not found identical


def write(page: str, placement: Placement, mermaid: Mermaid) -> Written:
    """Write `page` where `placement` says, after the copy of Mermaid it loads. Nothing is
    written when a file that is in the way is not one `rfc preview` would write."""
    copied = False
    try:
        if placement.copy is not None and mermaid.origin is not None:
            placement.copy.parent.mkdir(parents=True, exist_ok=True)
            copied = share_mermaid(mermaid.origin, placement.copy, replace_any=placement.cached)
        placement.page.parent.mkdir(parents=True, exist_ok=True)
        _replace(placement.page, page.encode("utf-8"))
    except OSError as error:
        hint = f"; {NO_CACHE_HINT}" if placement.cached else ""
        raise PreviewError(f"cannot write {error.filename or placement.page} ({error.strerror}){hint}") from None
    return Written(placement.page, placement.copy, copied)


def _refuse_foreign_copy(copy: Path, origin: Path) -> None:
    if copy.exists() and not _is_same(origin, copy) and not _looks_like_mermaid(copy):
        raise PreviewError(
            f"{copy} exists and is not a Mermaid build; it is left untouched "
            "(move it, or write the page elsewhere with -o)"
        )


def _is_same(origin: Path, copy: Path) -> bool:
    return copy.resolve() == origin.resolve() or filecmp.cmp(origin, copy, shallow=False)


def share_mermaid(origin: Path, copy: Path, replace_any: bool = False) -> bool:
    """Make `copy` a copy of `origin`; whether it was written now. One that is the same
    already is kept; one that is not a Mermaid build is never replaced, unless
    `replace_any` (the cache's own files)."""
    if copy.exists():
        if _is_same(origin, copy):
            return False
        if not replace_any:
            _refuse_foreign_copy(copy, origin)
    temporary = copy.with_name(f".{copy.name}.{os.getpid()}.tmp")  # one per process: runs may overlap
    try:
        shutil.copyfile(origin, temporary)
        os.replace(temporary, copy)  # never a half-written copy
    except BaseException as error:
        temporary.unlink(missing_ok=True)
        if isinstance(error, OSError) and error.filename == str(temporary):
            raise OSError(error.errno, error.strerror, str(copy)) from None
        raise
    return True


def _replace(path: Path, data: bytes) -> None:
    """Write `path` whole or not at all: never a half-written page."""
    temporary = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    try:
        temporary.write_bytes(data)
        os.replace(temporary, path)
    except OSError as error:
        temporary.unlink(missing_ok=True)
        raise OSError(error.errno, error.strerror, str(path)) from None
