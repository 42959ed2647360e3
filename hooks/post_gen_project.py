"""Check the rendered RFC against the template, then tell the author what to do next.

Exiting non-zero makes cookiecutter remove the RFC directory it has just created.
cookiecutter renders this file after every other file is written, so the check
(rfc_template/generated.py, the draft rules of `rfc check`) runs in its own process
then, while this one starts, and writes its verdict, JSON data, to the file named here.
Where the verdict could not be formed there (cruft gives no `_output_dir`), this process
runs the same check itself.
"""

import os
import sys
import time

HOOK_INPUT = r"""{{ {"verdict": rfc_generated_verdict(cookiecutter), "package_root": rfc_package_root, "under_cruft": cookiecutter._commit is defined} | tojson }}"""


def leave_the_temporary_folder(own_name: str) -> None:
    """cookiecutter runs a hook from a rendered copy it writes into the system's temporary
    folder and never removes: take that folder off the import path (the first import
    would read the whole folder, thousands of old copies) and remove the copy."""
    here = os.path.abspath(__file__)
    if sys.path and sys.path[0] == os.path.dirname(here):
        sys.path.pop(0)
    if os.path.basename(here) != own_name:  # never the template's own file
        os.remove(here)


def remove_answers_file(rfc_dir: str) -> None:
    """Under cruft, `.cruft.json` records the answers: one record, never two that disagree."""
    path = os.path.join(rfc_dir, ".rfc-answers.json")
    if os.path.isfile(path):
        os.remove(path)


def verdict_here(package_root: str, rfc_dir: str, under_cruft: bool) -> dict:
    sys.path.insert(0, package_root)
    from rfc_template.generated import verdict

    return verdict(rfc_dir, under_cruft)


def verdict_from(path: str) -> dict:
    """The verdict cookiecutter's process writes (at once: written whole, then renamed)."""
    import json

    deadline = time.monotonic() + 600
    while not os.path.exists(path):
        if time.monotonic() > deadline:
            return {"problems": [f"no verdict of the check in {path} after 600 s"], "note": "", "next_steps": ""}
        time.sleep(0.002)
    with open(path, encoding="utf-8") as verdict:
        return json.load(verdict)


def main(hook_input: str, rfc_dir: str) -> int:
    import json

    data = json.loads(hook_input)
    given = data.get("verdict")
    if given and "file" in given:
        verdict = verdict_from(given["file"])
    else:
        verdict = given or verdict_here(data["package_root"], rfc_dir, data.get("under_cruft", False))
    if verdict["note"]:
        print(f"note: {verdict['note']}", file=sys.stderr)
    if verdict["problems"]:
        print("ERROR: the generated RFC does not match the template:", file=sys.stderr)
        for problem in verdict["problems"]:
            print(f"  - {problem}", file=sys.stderr)
        return 1
    if data.get("under_cruft"):
        remove_answers_file(rfc_dir)
    if verdict["next_steps"]:  # on stderr: `cruft diff > x.patch` stays a patch
        print(verdict["next_steps"], file=sys.stderr)
    return 0


if __name__ == "__main__":
    leave_the_temporary_folder("post_gen_project.py")
    sys.exit(main(HOOK_INPUT, os.getcwd()))
