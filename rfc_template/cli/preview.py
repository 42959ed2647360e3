"""`rfc preview`: an HTML page of an RFC, with its diagrams drawn, for reviewers."""

from __future__ import annotations

import argparse
from pathlib import Path

from rfc_template import target
from rfc_template.errors import UsageError


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    preview = subparsers.add_parser(
        "preview",
        help="write an HTML page of an RFC, with its diagrams drawn, for reviewers",
        description="Write an HTML page of an RFC for reviewers, with every Mermaid block drawn. "
        "Nothing is written beside the RFC: the page goes into the user's cache, under "
        "$XDG_CACHE_HOME/rfc-template/ (else ~/.cache/rfc-template/), with one copy of Mermaid "
        "that every page there shares; the command prints the page's path.",
    )
    preview.add_argument("rfc", metavar="RFC", help="an rfc.md")
    preview.add_argument(
        "-o",
        "--output",
        metavar="FILE",
        help="write the page to FILE instead of the cache (a CI artifact, say); a local Mermaid "
        "is copied beside it as mermaid.min.js",
    )
    preview.add_argument(
        "--mermaid",
        metavar="FILE",
        help="a mermaid.min.js for the page, copied once into the cache, or beside the -o page "
        "(default: an npm install found above the RFC, the working directory or this package, "
        "else a pinned CDN URL)",
    )
    preview.add_argument("--open", action="store_true", help="open the page in the default browser")
    preview.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: the renderer and the checker would slow `rfc new`'s start-up
    from rfc_template import preview
    from rfc_template.batch import read_rfc

    source = Path(args.rfc)
    text = read_rfc(source)
    given = Path(args.mermaid) if args.mermaid else None
    if given is not None and not given.is_file():
        raise UsageError(f"--mermaid {given}: no such file")
    mermaid = preview.locate_mermaid(source, given)
    try:
        placement = (
            preview.Placement.beside(Path(args.output), mermaid) if args.output else preview.in_cache(source, mermaid)
        )
    except preview.PreviewError as error:
        raise UsageError(str(error)) from None
    output = placement.page
    if output.exists() and not _is_preview(output):
        hint = "choose another -o" if args.output else "move it, or write the page elsewhere with -o FILE"
        raise UsageError(f"{output} exists and is not a page rfc preview wrote; it is left untouched ({hint})")
    try:
        page = preview.render(text, source, mermaid, placement)
    except RecursionError:
        raise UsageError(f"{source}: nested too deeply to parse") from None
    if args.output:
        problems = target.output_problems(output.parent, "-o")
        if problems:
            raise UsageError(problems[0])
    made = target.folders_to_make(output.parent)  # a missing folder is made, as rfc new does
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        written = preview.write(page, placement, mermaid)
    except (preview.PreviewError, OSError) as error:
        target.remove_made_folders(made)
        if isinstance(error, preview.PreviewError):
            raise UsageError(str(error)) from None
        hint = "" if args.output else f"; {preview.NO_CACHE_HINT}"
        raise UsageError(f"cannot write {error.filename or output} ({error.strerror}){hint}") from None
    print(f"wrote {output}")
    print(mermaid.report(written.mermaid_copy, written.copied))
    if not args.output:
        _mention_an_older_page(source)
    if args.open:
        import webbrowser

        webbrowser.open(output.resolve().as_uri())
    return 0


def _mention_an_older_page(source: Path) -> None:
    """Earlier versions wrote the page beside the RFC (and .gitignore lines for it); it is
    left as it is, and no longer updated: say so, so that it is not read stale."""
    old = source.with_suffix(".html")
    if old.is_file() and _is_preview(old):
        print(
            f"note: {old} is a page an older rfc preview wrote beside the RFC; it is no longer "
            "updated and can be deleted, with the mermaid.min.js and the .gitignore lines it wrote there"
        )


def _is_preview(path: Path) -> bool:
    from rfc_template.preview import GENERATED_BY

    try:
        with path.open("rb") as handle:
            return GENERATED_BY in handle.read(200).decode("utf-8", "replace")
    except OSError:
        return False
