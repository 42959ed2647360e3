"""Check the rendered RFC against the template, then tell the author what to do next.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
"""

import json
import os
import sys

HOOK_INPUT = r"""{{ {"package_root": rfc_package_root} | tojson }}"""

NEXT_STEPS = """\
Created {path}
Next steps:
  1. Fill in 2. 背景 and 3. 目标和非目标 first: every xxx is a slot to write,
     and in lists such as "是 / 否" keep the one that applies.
  2. Draw the design in the mermaid blocks of rfc.md (diagrams/*.mmd keep a copy for editors).
  3. Check it: rfc check {path} (before review: rfc check --stage review {path})."""


def main(hook_input: str, rfc_dir: str) -> int:
    data = json.loads(hook_input)
    sys.path.insert(0, data["package_root"])
    from rfc.generated import check_generated

    findings, note = check_generated(rfc_dir)
    if note:
        print(f"note: {note}", file=sys.stderr)
    if findings:
        print("ERROR: the generated RFC does not match the template:", file=sys.stderr)
        for finding in findings:
            print(f"  - {finding}", file=sys.stderr)
        return 1
    print(NEXT_STEPS.format(path=os.path.join(rfc_dir, "rfc.md")))
    return 0


if __name__ == "__main__":
    sys.exit(main(HOOK_INPUT, os.getcwd()))
