"""Check the rendered RFC against the template, then tell the author what to do next.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
"""

import json
import os
import sys

HOOK_INPUT = r"""{{ {"package_root": rfc_package_root} | tojson }}"""


def main(hook_input: str, rfc_dir: str) -> int:
    data = json.loads(hook_input)
    sys.path.insert(0, data["package_root"])
    from rfc_template.generated import check_generated, next_steps

    findings, note = check_generated(rfc_dir)
    if note:
        print(f"note: {note}", file=sys.stderr)
    if findings:
        print("ERROR: the generated RFC does not match the template:", file=sys.stderr)
        for finding in findings:
            print(f"  - {finding}", file=sys.stderr)
        return 1
    print(next_steps(rfc_dir))
    return 0


if __name__ == "__main__":
    sys.exit(main(HOOK_INPUT, os.getcwd()))
