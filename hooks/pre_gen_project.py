"""Refuse bad answers before cookiecutter writes a file: every problem at once, no traceback.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
The rules live in rfc_template/answers.py (shared with `rfc new` and the tests); they
run in cookiecutter's own process while it renders this file, and reach this process
as JSON data, never as Python source: a hook that imports nothing starts fast.
"""

import json
import sys

HOOK_INPUT = r"""{{ {"problems": rfc_answer_problems(cookiecutter)} | tojson }}"""


def main(hook_input: str) -> int:
    problems = json.loads(hook_input)["problems"]
    if problems:
        print("ERROR: cannot generate the RFC:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(HOOK_INPUT))
