"""`rfc index`: list every RFC under a folder (rfc_template.index does the work)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rfc_template.errors import USAGE_ERROR
from rfc_template.template import load_rules


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    index = subparsers.add_parser("index", help="list every RFC under a directory")
    index.add_argument("directory", metavar="DIR")
    index.add_argument("--format", choices=("markdown", "json"), default="markdown")
    index.add_argument(
        "--language",
        choices=load_rules().languages,
        help="language of the Markdown table's column names (default: the edition most RFCs use)",
    )
    index.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: the checker (mistune, the rules) would slow `rfc new`'s start-up
    from rfc_template.index import index_text

    text, unreadable = index_text(Path(args.directory), args.format, args.language)
    sys.stdout.write(text)
    return USAGE_ERROR if unreadable else 0
