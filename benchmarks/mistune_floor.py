"""The floor for `rfc check`: find every rfc.md under DIR and parse it with mistune, nothing else.

The same parser configuration `rfc check` uses (mistune's AST renderer with its GFM
table plugin); `--no-plugins` parses with mistune's bare defaults.
"""

import sys
from pathlib import Path

import mistune


def main(argv: list[str]) -> int:
    plugins = [] if "--no-plugins" in argv else ["table"]
    parse = mistune.create_markdown(renderer=None, plugins=plugins)
    directory = next(a for a in argv if not a.startswith("--"))
    blocks = 0
    for path in sorted(Path(directory).rglob("rfc.md")):
        blocks += len(parse(path.read_text(encoding="utf-8")))
    print(blocks)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
