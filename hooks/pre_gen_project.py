"""Refuse bad answers before cookiecutter writes a file: every problem at once, no traceback.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
The rules themselves live in rfc_template/answers.py (shared with `rfc new` and the tests).
"""

import json
import sys

# Rendered by cookiecutter: every answer as JSON data, never as Python source.
HOOK_INPUT = r"""{{ {"answers": cookiecutter, "package_root": rfc_package_root} | tojson }}"""


def main(hook_input: str) -> int:
    data = json.loads(hook_input)
    sys.path.insert(0, data["package_root"])
    from rfc_template.answers import find_problems

    problems = find_problems(data["answers"])
    if problems:
        print("ERROR: cannot generate the RFC:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(HOOK_INPUT))
