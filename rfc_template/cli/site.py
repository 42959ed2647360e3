"""`rfc site`: every RFC under a folder on one static site (rfc_template.site does the work)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rfc_template.template import STAGES


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    site = subparsers.add_parser(
        "site",
        help="write a static site of every RFC under a folder: filters, search, timeline, each RFC's page",
        description="Write a static site of every rfc.md under DIR that works from file:// and any static host, "
        "fetching nothing: an index with filters (status, module, backend, type), a search of Chinese and English "
        "words, a timeline, each RFC's page as rfc preview draws it (diagrams drawn by a local Mermaid) with its "
        "check result and its supersession chain, rfcs.json and an Atom feed (feed.xml).",
    )
    site.add_argument("directory", metavar="DIR", help="the folder of the RFCs (every rfc.md in it or below it)")
    site.add_argument(
        "-o",
        "--output",
        required=True,
        metavar="OUT",
        help="the site's folder (made, or replaced if rfc site wrote it)",
    )
    site.add_argument(
        "--mermaid",
        metavar="FILE",
        help="the mermaid.min.js the site uses (default: an npm install above DIR, the working directory or this "
        "package, else the cache rfc mermaid-setup fills)",
    )
    site.add_argument(
        "--stage", choices=STAGES, help="check every RFC at this stage (default: the one its status implies)"
    )
    site.add_argument("--jobs", type=int, help="processes to build with (default: one per core)")
    site.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rfc_template import config
    from rfc_template.site.build import build_site

    overrides = config.Overrides(stage=args.stage)
    entries = build_site(
        Path(args.directory), Path(args.output), Path(args.mermaid) if args.mermaid else None, overrides, args.jobs
    )
    unread = [e for e in entries if e.problem]
    for entry in unread:
        print(f"rfc site: {entry.problem}", file=sys.stderr)
    print(f"wrote {Path(args.output) / 'index.html'}: {len(entries)} RFCs ({len(unread)} unreadable)")
    return 0
