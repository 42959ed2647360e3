"""The `rfc` command: `rfc new`, `rfc check`, `rfc preview`, `rfc index`, `rfc rule`, `rfc link`,
`rfc mermaid-setup`, `rfc lsp`, `rfc issue-form`, `rfc status`, `rfc site`.

Each command is a module here that declares its options (`add_parser`) and runs them
(`run`); what they do is in the library modules (rfc_template.generate, batch, formats,
index). Exit status: 0 done / clean, 1 findings, 2 usage or unreadable input, 130
interrupted, 141 the reader of the output went away (a closed pipe).

Only what the command run needs is imported: `rfc new`'s start-up counts, so each
command module imports the checker and its like inside its `run`.
"""

from __future__ import annotations

import argparse
import os
import signal
import sys

from rfc_template.cli import check, index, issue_form, link, lsp, mermaid_setup, new, preview, rule, site, status
from rfc_template.errors import INTERRUPTED, USAGE_ERROR, UsageError
from rfc_template.template import template_dir

COMMANDS = (new, check, status, preview, site, index, rule, link, issue_form, mermaid_setup, lsp)


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    try:
        status = args.run(args)
        sys.stdout.flush()  # here, where a closed pipe can still be caught
        return status
    except BrokenPipeError:
        # The reader has gone (`rfc check ... | head`): stop quietly, as a Unix tool does,
        # and keep Python from reporting the pipe again when it flushes at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 128 + signal.SIGPIPE
    except UsageError as error:
        print(f"rfc {args.command}: {error}", file=sys.stderr)
        return USAGE_ERROR
    except KeyboardInterrupt:
        print(f"rfc {args.command}: interrupted", file=sys.stderr)
        return INTERRUPTED


class _LiteralParser(argparse.ArgumentParser):
    def _get_values(self, action, arg_strings):
        # argparse before Python 3.13 drops a value of exactly "--" (`--author=--`),
        # leaving an empty list; a value is passed literally, whatever it is.
        if action.nargs is None and arg_strings == ["--"]:
            return "--"
        return super()._get_values(action, arg_strings)


def _parser() -> argparse.ArgumentParser:
    parser = _LiteralParser(prog="rfc", description="Create, check and index feature RFCs.")
    parser.add_argument(
        "--version",
        action=_Version,
        nargs=0,
        help="show the version, the template's commit and where the template is, and exit",
    )
    commands = parser.add_subparsers(dest="command", required=True)  # each one a _LiteralParser too
    for command in COMMANDS:
        command.add_parser(commands)
    return parser


class _Version(argparse.Action):
    """argparse's own version action wraps a long path; a version line is printed as is."""

    def __call__(self, parser, namespace, values, option_string=None):
        from rfc_template.provenance import version_line

        print(version_line(template_dir()))
        parser.exit()
