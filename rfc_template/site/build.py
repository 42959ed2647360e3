"""`rfc site DIR -o OUT` without its command line: read, check and draw every RFC, write the site.

The site is built in a new folder beside OUT and put in OUT's place only when whole, so
a failed run leaves OUT as it was; an OUT that is not a site `rfc site` wrote (or an empty
folder) is never replaced. Each RFC is read, checked at its stage and drawn as
`rfc preview` draws it in a worker process (one per core, as `rfc check` does), which
writes its page; the main process writes the index, rfcs.json, the feed and the search
index from what the workers found.

    OUT/index.html           every RFC: filters, search, timeline (pages.py)
    OUT/rfc/<folder>/index.html   each RFC's page (<folder>: its folder under DIR)
    OUT/rfcs.json, OUT/feed.xml, OUT/search-index.js, OUT/mermaid.min.js
"""

from __future__ import annotations

import os
import re
import shutil
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING
from urllib.parse import quote, unquote, urlsplit

from rfc_template import answers, lifecycle
from rfc_template.errors import UsageError
from rfc_template.site import pages, search
from rfc_template.site.entry import Entry, page_of
from rfc_template.template import load_rules

if TYPE_CHECKING:
    from rfc_template.config import Overrides
    from rfc_template.preview import Mermaid


@dataclass(frozen=True)
class Job:
    """What every worker needs: set before the pool forks, so nothing of it is pickled."""

    root: Path  # DIR
    build: Path  # the folder the site is built in
    mermaid: Mermaid  # the copy at the site's top
    pages: dict  # every RFC's real path -> its page, from the site's top
    stage: str | None
    overrides: Overrides


_JOB: Job | None = None


def build_site(
    directory: Path, out: Path, mermaid_file: Path | None, overrides, jobs: int | None = None
) -> list[Entry]:
    from rfc_template import preview
    from rfc_template.batch import in_workers, rfc_files

    global _JOB
    if not directory.is_dir():
        raise UsageError(f"{directory}: not a directory")
    _check_output(out)
    files = rfc_files([str(directory)], overrides=overrides)
    origin = find_mermaid(directory, mermaid_file)
    build = out.parent / f".{out.name}.rfc-site-{os.getpid()}"
    try:
        build.mkdir(parents=True)
        shutil.copyfile(origin, build / preview.MERMAID_COPY)
        mermaid = preview.Mermaid(build / preview.MERMAID_COPY, preview.MERMAID_VERSION)
        paths = {os.path.realpath(f): page_of(f.relative_to(directory)) for f in files}
        _JOB = Job(directory, build, mermaid, paths, overrides.stage, overrides)
        entries = list(in_workers(_entry, files, jobs))
        _link_chains(entries)
        _write_top(build, entries, directory.resolve().name)
        _swap_in(build, out)
    except BaseException:
        shutil.rmtree(build, ignore_errors=True)
        raise
    finally:
        _JOB = None
    return entries


def find_mermaid(directory: Path, given: Path | None) -> Path:
    """A local mermaid.min.js (the site fetches nothing): --mermaid, an npm install above
    DIR, the working directory or this package, or the cache `rfc mermaid-setup` fills."""
    from rfc_template import mermaid, preview, preview_files

    if given is not None:
        if not given.is_file():
            raise UsageError(f"--mermaid {given}: no such file")
        return given
    found = preview.locate_mermaid(directory / "rfc.md")
    if found.origin is not None:
        return found.origin
    try:
        cached = mermaid.cache_folder() / preview_files.MERMAID_IN_NPM
    except mermaid.Unavailable:  # no cache folder at all
        cached = None
    if cached is not None and cached.is_file():
        return cached
    raise UsageError(
        f"the site draws diagrams with a local Mermaid and none was found: run rfc mermaid-setup, or "
        f"{preview.INSTALL} in {directory} or above it, or pass --mermaid FILE"
    )


def _check_output(out: Path) -> None:
    if out.exists() and not (out.is_dir() and (not any(out.iterdir()) or pages.is_site(out))):
        raise UsageError(f"{out} exists and is not a site rfc site wrote; it is left untouched (choose another -o)")


def _swap_in(build: Path, out: Path) -> None:
    """Put the finished site in OUT's place (an older site there is removed after)."""
    old = out.parent / f".{out.name}.rfc-site-old-{os.getpid()}"
    if out.exists():
        out.rename(old)
    build.rename(out)
    shutil.rmtree(old, ignore_errors=True)


def _entry(path: Path) -> Entry:
    """One RFC read, checked, drawn (its page written), in a worker."""
    from rfc_template import document, preview
    from rfc_template.batch import checked_rfc, read_rfc

    job = _JOB
    assert job is not None
    rel = path.relative_to(job.root).as_posix()
    entry = Entry(rel, page_of(path.relative_to(job.root)))
    try:
        text = read_rfc(path)
        doc = document.parse(text)  # once: the check and the page read the same parse
        checked = checked_rfc(path, job.stage, overrides=job.overrides, text=text, doc=doc)
    except (UsageError, RecursionError) as error:
        entry.problem = str(error)
        return entry
    rules = load_rules()
    info = checked.info
    entry.title, entry.language = checked.title or path.parent.name, checked.language
    entry.status = rules.canonical(info.get("状态", ""))
    entry.modules = answers.split_modules(info.get("相关模块", ""))
    entry.backend, entry.category = info.get("适用后端", ""), rules.canonical(info.get("类型", ""))
    entry.author, entry.date, entry.issue = (
        info.get("作者", ""),
        info.get("创建日期", ""),
        info.get("相关 issue / PR", ""),
    )
    entry.stage = job.stage or rules.stage_of(info.get("状态", ""))
    entry.errors = sum(f.severity == "error" for f in checked.findings)
    entry.warnings = len(checked.findings) - entry.errors
    rows = lifecycle.lifecycle_rows(text) if lifecycle.OTHER_SIDE.keys() & info.keys() else {}
    for key, names in ((lifecycle.SUPERSEDES, entry.supersedes), (lifecycle.SUPERSEDED_BY, entry.superseded_by)):
        for ref in lifecycle.references(rows[key][1], path) if key in rows else []:
            if ref.path is not None and os.path.realpath(ref.path) in job.pages:
                names.append(Path(os.path.relpath(os.path.realpath(ref.path), os.path.realpath(job.root))).as_posix())
    entry.tokens = search.tokens(" ".join([entry.title, *info.values(), _prose(text)]))
    page = job.build / entry.page
    placement = preview.Placement(page, job.build / preview.MERMAID_COPY)
    html = preview.render(text, path, job.mermaid, placement, links=_site_links(path, page, job), doc=doc)
    page.parent.mkdir(parents=True, exist_ok=True)
    page.write_text(pages.with_site_header(html, entry, {}), encoding="utf-8")
    return entry


def _site_links(rfc: Path, page: Path, job: Job):
    """A link of the RFC, from its page: to another RFC of the site, that RFC's page; to
    anything else beside the RFC, left as written (the site carries no other files)."""

    def links(url: str) -> str:
        parts = urlsplit(url)
        if parts.scheme or parts.netloc or not parts.path or parts.path.startswith("/"):
            return url
        target = os.path.realpath(rfc.parent / unquote(parts.path))
        if os.path.isdir(target):
            target = os.path.join(target, "rfc.md")
        other = job.pages.get(target)
        if other is None:
            return url
        relative = os.path.relpath(job.build / other, page.parent)
        return quote(Path(relative).as_posix()) + (f"#{parts.fragment}" if parts.fragment else "")

    return links


def _prose(text: str) -> str:
    """The RFC's text outside code blocks (diagrams and code are not searched)."""
    kept, fence = [], None
    for line in text.split("\n"):
        marker = re.match(r" {0,3}(`{3,}|~{3,})", line)
        if marker and (fence is None or marker.group(1).startswith(fence)):
            fence = None if fence else marker.group(1)
        elif fence is None:
            kept.append(line)
    return "\n".join(kept)


def _link_chains(entries: list[Entry]) -> None:
    """Each side of a supersession as the site shows it: what either RFC says (RFC342
    reports where they disagree)."""
    by_path = {e.path: e for e in entries}
    for entry in entries:
        for old in entry.supersedes:
            if old in by_path and entry.path not in by_path[old].superseded_by:
                by_path[old].superseded_by.append(entry.path)
        for newer in entry.superseded_by:
            if newer in by_path and entry.path not in by_path[newer].supersedes:
                by_path[newer].supersedes.append(entry.path)


def _write_top(build: Path, entries: list[Entry], name: str) -> None:
    by_path = {e.path: e for e in entries}
    for entry in entries:
        if not entry.problem and (entry.supersedes or entry.superseded_by):
            # the chain as both sides name it, and the other RFCs' titles: known only now
            page = build / entry.page
            page.write_text(pages.with_site_header(page.read_text(encoding="utf-8"), entry, by_path), encoding="utf-8")
    index = search.index([e.tokens for e in entries])
    (build / "search-index.js").write_text(search.script(index, len(entries)), encoding="utf-8")
    (build / "rfcs.json").write_text(pages.rfcs_json(entries), encoding="utf-8")
    (build / "feed.xml").write_text(pages.atom_feed(entries, name), encoding="utf-8")
    (build / "index.html").write_text(pages.index_page(entries), encoding="utf-8")
