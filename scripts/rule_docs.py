"""Write each rule's page, docs/rules/RFCnnn.md, and the rule table of docs/rfc-command.md,
from the rules themselves (rfc_template/lints/). `--check` writes nothing and exits 1 when
a committed file differs from what would be written (tests/test_rules.py does the same).

    python scripts/rule_docs.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from rfc_template.lint.docs import generated_pages, with_table

DOCS = Path(__file__).resolve().parents[1] / "docs"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = {DOCS / "rules" / name: text for name, text in generated_pages().items()}
    command_doc = DOCS / "rfc-command.md"
    wanted[command_doc] = with_table(command_doc.read_text(encoding="utf-8"))
    stale = [path for path, text in wanted.items() if not path.is_file() or path.read_text(encoding="utf-8") != text]
    extra = sorted(set((DOCS / "rules").glob("*.md")) - set(wanted))
    if check:
        for path in [*stale, *extra]:
            print(f"{path.relative_to(DOCS.parent)} is not what scripts/rule_docs.py writes: run it", file=sys.stderr)
        return 1 if stale or extra else 0
    (DOCS / "rules").mkdir(exist_ok=True)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(DOCS.parent)}")
    for path in extra:
        path.unlink()
        print(f"removed {path.relative_to(DOCS.parent)} (no such rule)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
