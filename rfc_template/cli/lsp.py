"""`rfc lsp`: a language server over standard input and output, for any editor (rfc_template.lsp)."""

from __future__ import annotations

import argparse
import os
import sys

LSP_EPILOG = """\
An editor starts it and talks to it over stdin and stdout; it is not run by hand.
Checked: files named rfc.md, and those the configuration's extend-include names (other
Markdown files get no diagnostics). Each is checked on open, change and save as
`rfc check` checks it: the stage its status implies, the nearest .rfc.toml or
[tool.rfc], its waivers. Code actions: the fixes of --fix (RFC203) and a waiver of a
finding with a reason to write; hover on a finding shows its rule's page.
Set-up for VS Code, Neovim and Helix: docs/editors.md.
"""


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    lsp = subparsers.add_parser(
        "lsp",
        help="run the language server (for editors: findings while you type)",
        description="A language server (LSP, over stdio) that reports rfc check's findings while you type.",
        epilog=LSP_EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    lsp.add_argument(
        "--diagrams",
        action="store_true",
        help="on save, also parse the RFC's diagrams and its diagrams/*.mmd with Mermaid itself (RFC204), as "
        "rfc check --diagrams does; needs Node.js and Mermaid (rfc mermaid-setup), said once when missing",
    )
    lsp.add_argument("--stdio", action="store_true", help="talk over stdin and stdout (the default and only way)")
    lsp.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    # imported here, not at the top: pygls and the checker would slow every other command's start-up
    from rfc_template.lsp.server import serve

    serve(diagrams=args.diagrams)
    sys.stdout = open(os.devnull, "w")  # pygls closed stdout, the editor's channel, when it stopped
    return 0
