"""Write each rule's page, docs/rules/RFCnnn.md, the rule table of docs/rfc-command.md and
the rules' index (rfc_template/lints/index.json: each rule's module, stage and severity,
so that a draft is checked without importing the review rules), from the rules
themselves (rfc_template/lints/). `--check` writes nothing and exits 1 when
a committed file differs from what would be written (tests/test_rules.py does the same).

    python scripts/rule_docs.py [--check]
"""

from __future__ import annotations

import sys
from pathlib import Path

from rfc_template.lint.docs import generated_pages, with_table
from rfc_template.lint.registry import INDEX, index_text

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs"


def main(argv: list[str]) -> int:
    check = "--check" in argv
    wanted = {DOCS / "rules" / name: text for name, text in generated_pages().items()}
    command_doc = DOCS / "rfc-command.md"
    wanted[command_doc] = with_table(command_doc.read_text(encoding="utf-8"))
    wanted[INDEX] = index_text()
    stale = [path for path, text in wanted.items() if not path.is_file() or path.read_text(encoding="utf-8") != text]
    extra = sorted(set((DOCS / "rules").glob("*.md")) - set(wanted))
    if check:
        for path in [*stale, *extra]:
            print(f"{path.relative_to(ROOT)} is not what scripts/rule_docs.py writes: run it", file=sys.stderr)
        return 1 if stale or extra else 0
    (DOCS / "rules").mkdir(exist_ok=True)
    for path in stale:
        path.write_text(wanted[path], encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    for path in extra:
        path.unlink()
        print(f"removed {path.relative_to(DOCS.parent)} (no such rule)")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
