"""Refuse bad answers before cookiecutter writes a file: every problem at once, no traceback.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
The rules live in rfc_template/answers.py (shared with `rfc new` and the tests); they
run in cookiecutter's own process while it renders this file, and reach this process
as JSON data, never as Python source: a hook that imports nothing starts fast.
"""

import os
import sys

HOOK_INPUT = r"""{{ {"problems": rfc_answer_problems(cookiecutter)} | tojson }}"""


def leave_the_temporary_folder(own_name: str) -> None:
    """cookiecutter runs a hook from a rendered copy it writes into the system's temporary
    folder and never removes: take that folder off the import path (the first import
    would read the whole folder, thousands of old copies) and remove the copy."""
    here = os.path.abspath(__file__)
    if sys.path and sys.path[0] == os.path.dirname(here):
        sys.path.pop(0)
    if os.path.basename(here) != own_name:  # never the template's own file
        os.remove(here)


def main(hook_input: str) -> int:
    import json

    problems = json.loads(hook_input)["problems"]
    if problems:
        print("ERROR: cannot generate the RFC:", file=sys.stderr)
        for problem in problems:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    leave_the_temporary_folder("pre_gen_project.py")
    sys.exit(main(HOOK_INPUT))
