"""`rfc mermaid-setup`: install what `rfc check --diagrams` parses diagrams with, in the user's cache."""

from __future__ import annotations

import argparse

from rfc_template.errors import UsageError

# the versions are spelled out here (not imported): rfc_template.mermaid is imported only when
# the command runs; tests/test_mermaid_setup.py keeps every mermaid@ and jsdom@ equal to its pins
DESCRIPTION = """\
Install the npm packages that rfc check --diagrams needs, mermaid@11.17.2 and jsdom@26.1.0,
at exactly those versions, into the user cache:
$XDG_CACHE_HOME/rfc-template/node/mermaid-11.17.2-jsdom-26.1.0/ (without XDG_CACHE_HOME:
~/.cache, %LOCALAPPDATA% on Windows). Nothing is written in the working directory or the
repository of RFCs. Needs Node.js 20+ with npm; npm's own configuration applies (registry,
proxy, npm_config_offline=true). Already installed: nothing is done. Delete the folder to
remove them."""

EPILOG = """\
rfc check --diagrams looks for mermaid and jsdom in, in order (a folder with the pinned
version first): $RFC_MERMAID_MODULES (node_modules folders, separated by the path
separator), this cache, the node_modules of the rfc-template checkout it runs from (npm ci),
node_modules in the working directory or a folder above it, $NODE_PATH.
"""


def add_parser(subparsers: argparse._SubParsersAction) -> None:
    setup = subparsers.add_parser(
        "mermaid-setup",
        help="install the pinned Mermaid and jsdom for rfc check --diagrams, in the user cache",
        description=DESCRIPTION,
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    setup.add_argument("--force", action="store_true", help="install them again, even if they are there")
    setup.set_defaults(run=run)


def run(args: argparse.Namespace) -> int:
    from rfc_template import mermaid

    try:
        modules, ran = mermaid.install(force=args.force)
    except mermaid.Unavailable as error:
        raise UsageError(str(error)) from None
    pinned = f"mermaid {mermaid.MERMAID_VERSION} and jsdom {mermaid.JSDOM_VERSION}"
    if ran:
        print(f"installed {pinned} in {modules}; rfc check --diagrams uses them")
    else:
        print(f"{pinned} are installed already in {modules} (--force installs them again)")
    return 0
