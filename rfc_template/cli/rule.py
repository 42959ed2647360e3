"""`rfc rule`: a rule's page (what it checks, why, an example), or the list of every rule.

The pages are docs/rules/RFCnnn.md, packaged with the command: for users who installed it
(pipx) and have no checkout's docs/ at hand.
"""

from __future__ import annotations

import argparse
import sys

from rfc_template.errors import UsageError


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    rule = subparsers.add_parser(
        "rule",
        help="show what a rule checks, with an example; or list every rule",
        description="Show a rule's page: what it checks, why a reviewer cares, an example "
        "it reports and one it accepts.",
    )
    which = rule.add_mutually_exclusive_group(required=True)
    which.add_argument(
        "rule", nargs="?", metavar="RULE", help="a rule's code (RFC319, in any case) or name (table-matches-signature)"
    )
    which.add_argument("--list", action="store_true", help="list every rule: code, name, stage, severity, summary")
    rule.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: the rules (and the checker they import) would slow `rfc new`'s start-up
    from rfc_template.lint import docs, registry

    if args.list:
        sys.stdout.write(rule_list(registry.all_rules()))
        return 0
    found = registry.find_rule(args.rule.strip())
    if found is None:
        raise UsageError(registry.unknown_rule(args.rule))
    sys.stdout.write(docs.page(found))
    return 0


def rule_list(rules) -> str:
    """One line per rule, in aligned columns: code, name, stage, severity, summary."""
    rows = [(rule.code, rule.name, rule.stage, rule.severity, rule.summary) for rule in rules]
    widths = [max((len(row[column]) for row in rows), default=0) for column in range(4)]
    return "".join("  ".join([*(cell.ljust(width) for cell, width in zip(row, widths)), row[4]]) + "\n" for row in rows)
