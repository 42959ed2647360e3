"""`rfc check`: check RFC files, or every rfc.md under a folder (rfc_template.batch does the work)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Iterable
from typing import TYPE_CHECKING

from rfc_template.errors import FINDINGS, USAGE_ERROR
from rfc_template.template import STAGES

if TYPE_CHECKING:
    from rfc_template.batch import FileResult

CHECK_EPILOG = """\
PATH
  A file is checked as an RFC; a folder, every file named rfc.md in it or below it
  (a folder with none is an error). With --diagrams, a .mmd file is a diagram.

stages
  draft   what must hold from the first commit: the template's sections in order,
          the basic-info table's keys and values, tables and blocks as the forge
          draws them, diagrams that parse and match diagrams/*.mmd.
  review  also what a reviewer sends back: xxx slots, unchosen "是 / 否" lists,
          empty cells, placeholders, the template's examples left in place, python
          that does not parse, 5.1 and 5.2 that disagree, broken links, a cycle in
          the plan, sections that disagree.
  The stage follows the RFC's status (状态 / Status): 草稿 Draft is checked as a
  draft, every later status for review. --stage overrides it for every file.

formats
  text    path:line:col: CODE message, one finding per line (the default)
  json    one JSON object per finding and line: path, line, col, code, name (the
          rule's), url (its page), message
  github  ::error annotations, shown on the lines of a pull request

exit status
  0  no findings          1  findings
  2  a usage error, a missing or unreadable PATH, a folder with no rfc.md, or a
     file that is no RFC (none of the template's sections is in it)
  141  the reader of the output went away (rfc check ... | head)

--fix rewrites what has one right answer and says what it changed: each
diagrams/*.mmd from its mermaid block in rfc.md (RFC203).
What each rule checks, with an example: rfc rule CODE (rfc rule --list for them all).
"""


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    chk = subparsers.add_parser(
        "check",
        help="check RFC files, or every rfc.md under a directory",
        description="Check feature RFCs against the template's rules.",
        epilog=CHECK_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    chk.add_argument(
        "paths", nargs="+", metavar="PATH", help="an RFC file, or a folder: every rfc.md in it and below it"
    )
    chk.add_argument("--stage", choices=STAGES, help="override the stage the status (状态) implies")
    chk.add_argument("--format", choices=("text", "json", "github"), default="text")
    chk.add_argument(
        "--fix",
        action="store_true",
        help="first rewrite what has one right answer (each diagrams/*.mmd from its block in rfc.md, RFC203), "
        "saying on stderr what was changed",
    )
    chk.add_argument("--jobs", type=_positive, help="processes to check with (default: one per core, for many files)")
    chk.add_argument(
        "--diagrams",
        action="store_true",
        help="also parse every ```mermaid block and every diagrams/*.mmd beside each rfc.md with Mermaid itself, "
        "in one Node process; a rejected diagram is RFC204 at the line Mermaid names (a .mmd PATH is then a "
        "diagram, checked by Mermaid only). Needs Node.js 20+ (node on PATH) and the npm packages "
        "mermaid@11.17.2 and jsdom@26.1.0, taken from, in order: $RFC_MERMAID_MODULES (node_modules folders), "
        "the node_modules of this rfc-template checkout (npm ci), node_modules in the working directory or a "
        "folder above it, $NODE_PATH; a folder with the pinned version first",
    )
    chk.set_defaults(run=run)


def _positive(text: str) -> int:
    if not text.isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"must be a whole number of at least 1, not {text!r}")
    return int(text)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: the checker (mistune, the rules) would slow `rfc new`'s start-up
    from rfc_template.batch import check_files, check_with_diagrams, fix_files, rfc_files
    from rfc_template.formats import formatted

    total = unreadable = 0
    files = rfc_files(args.paths)
    if args.fix:
        fix_files(files)
    results: Iterable[FileResult]
    if args.diagrams:
        results = check_with_diagrams(files, args.stage, args.jobs)
    else:  # the workers format what they found: the main process only writes it out
        results = check_files(files, args.stage, args.jobs, args.format)
    for result in results:
        if result.error:
            print(f"rfc check: {result.error}", file=sys.stderr)
            unreadable += 1
        text = result.text or formatted(result.findings, result.path, args.format)
        if text:
            sys.stdout.write(text)
        total += result.count
    if unreadable:
        return USAGE_ERROR
    return FINDINGS if total else 0
