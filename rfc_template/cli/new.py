"""`rfc new`: generate an RFC from the template (rfc_template.generate does the work)."""

from __future__ import annotations

import argparse
from pathlib import Path

from rfc_template.generate import NEW_OPTIONS, new_rfc
from rfc_template.template import load_rules


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    rules = load_rules()
    new = subparsers.add_parser("new", help="generate an RFC from the template")
    new.add_argument(
        "--language", help=f"edition of the RFC: {' or '.join(rules.languages)} (default: {rules.languages[0]})"
    )
    new.add_argument("--title", help="feature name, any language")
    new.add_argument("--slug", help="directory name (default: from the title)")
    new.add_argument("--author")
    new.add_argument("--module", action="append", help=f"one of {', '.join(rules.modules)}; repeat for more")
    new.add_argument("--backend", help=f"one of: {', '.join(rules.backends)}")
    new.add_argument("--issue", help="related issue / PR: a link, #123, !123 or owner/repo#123")
    new.add_argument("--type", help=f"background category: {', '.join(rules.rfc_types)}")
    new.add_argument("--date", help="creation date, YYYY-MM-DD (default: today)")
    new.add_argument("--output-dir", default=".", help="where the RFC directory is created (default: .)")
    new.add_argument(
        "--from-issue",
        metavar="FILE",
        help="make the RFC an issue holds: its body (a submitted RFC form, or an RFC pasted whole) or its JSON "
        "(gh issue view N --json number,title,body,author,url,createdAt); - for stdin. The answers come from the "
        "issue (the options above win); nothing is asked",
    )
    new.add_argument("--no-input", action="store_true", help="use the template's default for every option left out")
    new.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    given = {
        variable: (", ".join(value) if option == "module" else value)
        for option, variable in NEW_OPTIONS.items()
        if (value := getattr(args, option)) is not None
    }
    if args.from_issue is not None:
        from rfc_template.issues.body import read_issue_file
        from rfc_template.issues.new import new_from_issue

        new_from_issue(read_issue_file(args.from_issue), args.from_issue, given, Path(args.output_dir))
        return 0
    new_rfc(given, Path(args.output_dir), interactive=not args.no_input)
    return 0
