"""`rfc link`: link an RFC made by `rfc new` or cookiecutter to its template with cruft."""

from __future__ import annotations

import argparse
from pathlib import Path

from rfc_template.errors import UsageError


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    from rfc_template.link import TEMPLATE_URL

    link = subparsers.add_parser(
        "link",
        help="link an RFC to the template it was made from (cruft link with its recorded answers and commit)",
    )
    link.add_argument("rfc_dir", metavar="RFC_DIR", nargs="?", default=".", help="the RFC's folder (default: .)")
    link.add_argument("--template", default=TEMPLATE_URL, help=f"the template's git URL (default: {TEMPLATE_URL})")
    link.add_argument(
        "--checkout",
        help="a branch, tag or commit of the template to link to (default: the commit the RFC records)",
    )
    link.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rfc_template.link import link

    rfc_dir = Path(args.rfc_dir)
    if not (rfc_dir / "rfc.md").is_file():
        raise UsageError(f"{rfc_dir}: no rfc.md here; give the folder of an RFC")
    commit = link(rfc_dir, args.template, args.checkout)
    print(f"linked {rfc_dir} to {args.template} at commit {commit or 'unknown'}; cruft update -y brings later changes")
    return 0
