"""Generating an RFC against plain `cookiecutter --no-input` of a one-file template with no hooks.

    python benchmarks/bench_new.py [--repeat 21]

Targets (issue 9): `rfc new` at most 1.0x, and plain `cookiecutter --no-input` of this
template (answers checked, five files rendered, both hooks run) at most 1.35x. The
baseline is the least any cookiecutter generation costs (start-up, one rendered file).
Medians of whole-command runs, alternated, from this one run. Exit status 1 when a
target is missed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import machine  # noqa: E402
from corpus import REPO  # noqa: E402
from timing import Command, measure, report  # noqa: E402


def one_file_template(root: Path) -> Path:
    root.mkdir(parents=True, exist_ok=True)
    template = root / "one-file-template"
    (template / "{{cookiecutter.project_slug}}").mkdir(parents=True)
    (template / "cookiecutter.json").write_text(
        json.dumps({"title": "FSDP 梯度通信重叠", "project_slug": "one"}), encoding="utf-8"
    )
    (template / "{{cookiecutter.project_slug}}" / "README.md").write_text(
        "# {{ cookiecutter.title }}\n", encoding="utf-8"
    )
    return template


# Two hooks of the shape this template's have (an answer read through tojson, nothing
# else): what any template validated in pre- and post-generation hooks pays for the two
# Python processes cookiecutter starts for them.
EMPTY_HOOK = '''import json
import sys

json.loads(r"""{{ {"title": cookiecutter.title} | tojson }}""")
sys.exit(0)
'''


def one_file_template_with_hooks(root: Path) -> Path:
    template = shutil.copytree(one_file_template(root / "source"), root / "with-hooks")
    (template / "hooks").mkdir()
    for hook in ("pre_gen_project.py", "post_gen_project.py"):
        (template / "hooks" / hook).write_text(EMPTY_HOOK, encoding="utf-8")
    return template


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=21)
    args = parser.parse_args()
    print(machine())
    with tempfile.TemporaryDirectory(prefix="rfc-bench-new-") as tmp:
        root = Path(tmp)
        template = one_file_template(root)
        hooked = one_file_template_with_hooks(root)
        out_plain, out_rfc, out_full, out_hooked = root / "plain", root / "rfc", root / "full", root / "hooked"
        for folder in (out_plain, out_rfc, out_full, out_hooked):
            folder.mkdir()
        python = sys.executable
        commands = [
            Command(
                "cookiecutter --no-input (one file, no hooks)",
                [python, "-m", "cookiecutter", "--no-input", str(template), "--output-dir", str(out_plain)],
                before_each=lambda: shutil.rmtree(out_plain / "one", ignore_errors=True),
            ),
            Command(
                "cookiecutter --no-input (one file, two empty hooks)",
                [python, "-m", "cookiecutter", "--no-input", str(hooked), "--output-dir", str(out_hooked)],
                before_each=lambda: shutil.rmtree(out_hooked / "one", ignore_errors=True),
            ),
            Command(
                "rfc new --no-input",
                [
                    python,
                    "-m",
                    "rfc_template",
                    "new",
                    "--no-input",
                    "--author",
                    "张三",
                    "--slug",
                    "bench",
                    "--output-dir",
                    str(out_rfc),
                ],
                before_each=lambda: shutil.rmtree(out_rfc / "bench", ignore_errors=True),
            ),
            Command(
                "cookiecutter --no-input of this template",
                [
                    python,
                    "-m",
                    "cookiecutter",
                    "--no-input",
                    str(REPO),
                    "author=张三",
                    "rfc_slug=bench",
                    "--output-dir",
                    str(out_full),
                ],
                before_each=lambda: shutil.rmtree(out_full / "bench", ignore_errors=True),
            ),
        ]
        measure(commands, args.repeat)
        if not (out_rfc / "bench" / "rfc.md").is_file() or not (out_plain / "one" / "README.md").is_file():
            sys.exit("a command did not generate its files")
        print(f"medians over {args.repeat} runs each, commands alternated:")
        met = report(
            commands,
            [
                ("rfc new / cookiecutter", "rfc new --no-input", "cookiecutter --no-input (one file, no hooks)", 1.0),
                (
                    "this template via cookiecutter / cookiecutter",
                    "cookiecutter --no-input of this template",
                    "cookiecutter --no-input (one file, no hooks)",
                    1.35,
                ),
                (
                    "one file and two empty hooks / cookiecutter",
                    "cookiecutter --no-input (one file, two empty hooks)",
                    "cookiecutter --no-input (one file, no hooks)",
                    None,
                ),
                (
                    "this template via cookiecutter / one file and two empty hooks",
                    "cookiecutter --no-input of this template",
                    "cookiecutter --no-input (one file, two empty hooks)",
                    None,
                ),
            ],
        )
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
