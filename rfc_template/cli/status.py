"""`rfc status`: move an RFC's status along the template's order (rfc_template.lifecycle does it)."""

from __future__ import annotations

import argparse
import datetime
from pathlib import Path

from rfc_template.errors import UsageError
from rfc_template.template import load_rules


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    rules = load_rules()
    status = subparsers.add_parser(
        "status",
        help="move an RFC's status on (草稿 Draft -> 评审中 Reviewing -> ...) and record the date",
        description="Set the status (状态 / Status) of an RFC to a later one in the template's order "
        f"({' -> '.join(rules.statuses)}), and write today's date in its 状态变更 / Status changed row "
        "(added under the status if missing). Nothing else in the file changes.",
    )
    status.add_argument("rfc", metavar="PATH", help="the RFC's rfc.md (or its folder)")
    status.add_argument(
        "status", metavar="STATUS", help="the new status, in either edition's words (Reviewing, 评审中)"
    )
    status.add_argument("--date", help="the date of the change, YYYY-MM-DD (default: today)")
    status.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rfc_template import lifecycle
    from rfc_template.answers import date_problems

    path = Path(args.rfc)
    if path.is_dir():
        path = path / "rfc.md"
    if not path.is_file():
        raise UsageError(f"{path}: no such RFC file")
    today = None
    if args.date is not None:
        problems = date_problems(args.date)
        if problems:
            raise UsageError(f"--date: {problems[0]}")
        today = datetime.date.fromisoformat(args.date)
    try:
        old, new = lifecycle.change_status(path, args.status, today)
    except (OSError, UnicodeDecodeError) as error:
        raise UsageError(f"{path}: cannot change it: {getattr(error, 'strerror', None) or error}") from None
    print(f"{path}: {old} -> {new}")
    return 0
