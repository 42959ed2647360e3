"""`rfc preview`: an HTML page of an RFC, with its diagrams drawn, for reviewers."""

from __future__ import annotations

import argparse
from pathlib import Path

from rfc_template import target
from rfc_template.errors import UsageError


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    preview = subparsers.add_parser(
        "preview", help="write an HTML page of an RFC, with its diagrams drawn, for reviewers"
    )
    preview.add_argument("rfc", metavar="RFC", help="an rfc.md")
    preview.add_argument(
        "-o",
        "--output",
        help="the page to write (default: rfc.html beside the RFC, which is then "
        "listed in the .gitignore of the RFC's folder)",
    )
    preview.add_argument(
        "--mermaid",
        help="a mermaid.min.js for the page, copied once to mermaid.min.js beside it (default: "
        "an npm install found above the RFC, the working directory or this package, "
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
    output = Path(args.output) if args.output else source.with_suffix(".html")
    given = Path(args.mermaid) if args.mermaid else None
    if given is not None and not given.is_file():
        raise UsageError(f"--mermaid {given}: no such file")
    if output.exists() and not _is_preview(output):
        raise UsageError(
            f"{output} exists and is not a page rfc preview wrote; it is left untouched (choose another -o)"
        )
    mermaid = preview.locate_mermaid(source, given)
    try:
        page = preview.render(text, source, mermaid)
    except RecursionError:
        raise UsageError(f"{source}: nested too deeply to parse") from None
    problems = target.output_problems(output.parent, "-o")
    if problems:
        raise UsageError(problems[0])
    made = target.folders_to_make(output.parent)  # a missing folder is made, as rfc new does
    try:
        output.parent.mkdir(parents=True, exist_ok=True)
        written = preview.write(page, output, source, mermaid)
    except (preview.PreviewError, OSError) as error:
        target.remove_made_folders(made)
        message = str(error) if isinstance(error, preview.PreviewError) else f"cannot write {output} ({error.strerror})"
        raise UsageError(message) from None
    print(f"wrote {output}")
    print(mermaid.report(written.mermaid_copy, written.copied))
    if written.ignored:
        print(f"kept out of commits: {', '.join(written.ignored)} added to {written.gitignore}")
    if args.open:
        import webbrowser

        webbrowser.open(output.resolve().as_uri())
    return 0


def _is_preview(path: Path) -> bool:
    from rfc_template.preview import GENERATED_BY

    try:
        with path.open("rb") as handle:
            return GENERATED_BY in handle.read(200).decode("utf-8", "replace")
    except OSError:
        return False
