"""`rfc check` over 1,000 varied RFCs, against mistune alone and against markdownlint-cli2.

    python benchmarks/bench_check.py [--count 1000] [--repeat 5]

Targets (issue 3): `rfc check` within 1.3x of parsing the same files with mistune in one
process, and at most 0.4x the time markdownlint-cli2 takes over the same files. Every
figure is a median of whole-command runs from this one run; the ratios are what count.
Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import os
import platform
import shutil
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus import REPO, corpus_in  # noqa: E402
from timing import Command, measure, report  # noqa: E402

MARKDOWNLINT = REPO / "node_modules" / ".bin" / "markdownlint-cli2"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--count", type=int, default=1000)
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    if not MARKDOWNLINT.exists():
        sys.exit(f"{MARKDOWNLINT} is missing: run `npm ci` in {REPO} first")
    print(machine())
    with tempfile.TemporaryDirectory(prefix="rfc-bench-") as tmp:
        corpus = corpus_in(Path(tmp), args.count)
        configured = Path(tmp) / "configured"
        with_configuration_and_waivers(corpus, configured)
        python = sys.executable
        floor = [python, str(Path(__file__).with_name("mistune_floor.py"))]
        commands = [
            Command("mistune parse (floor)", [*floor, str(corpus)]),
            Command("mistune parse, no plugins", [*floor, "--no-plugins", str(corpus)]),
            Command("rfc check", [python, "-m", "rfc_template", "check", str(corpus)], ok_codes=(0, 1)),
            Command(
                "rfc check --jobs 1",
                [python, "-m", "rfc_template", "check", "--jobs", "1", str(corpus)],
                ok_codes=(0, 1),
            ),
            Command(
                "rfc check --stage review",
                [python, "-m", "rfc_template", "check", "--stage", "review", str(corpus)],
                ok_codes=(0, 1),
            ),
            Command(
                "rfc check --stage review --jobs 1",
                [python, "-m", "rfc_template", "check", "--stage", "review", "--jobs", "1", str(corpus)],
                ok_codes=(0, 1),
            ),
            Command(
                "rfc check --stage review, configured and waived",
                [python, "-m", "rfc_template", "check", "--stage", "review", str(configured)],
                ok_codes=(0, 1),
            ),
            Command("markdownlint-cli2", [str(MARKDOWNLINT), f"{corpus}/**/rfc.md"], ok_codes=(0, 1)),
        ]
        measure(commands, args.repeat)
        print(f"medians over {args.repeat} runs each, commands alternated:")
        met = report(
            commands,
            [
                ("rfc check / mistune parse", "rfc check", "mistune parse (floor)", 1.3),
                ("rfc check --jobs 1 / mistune parse", "rfc check --jobs 1", "mistune parse (floor)", None),
                ("rfc check --stage review / mistune parse", "rfc check --stage review", "mistune parse (floor)", 1.0),
                (
                    "rfc check --stage review --jobs 1 / mistune parse",
                    "rfc check --stage review --jobs 1",
                    "mistune parse (floor)",
                    None,
                ),
                (
                    "rfc check --stage review, configured and waived / mistune parse",
                    "rfc check --stage review, configured and waived",
                    "mistune parse (floor)",
                    1.0,
                ),
                ("rfc check / markdownlint-cli2", "rfc check", "markdownlint-cli2", 0.4),
            ],
        )
    return 0 if met else 1


# The configuration a repository would keep, and a waiver in every RFC (after its title),
# to show that reading them costs nothing measurable.
CONFIGURATION = """[tool.rfc]
ignore = ["RFC316"]
severity = { RFC314 = "error", RFC308 = "warning" }
per-file-ignores = { "**/legacy-*/rfc.md" = ["RFC312"] }
require-reason = true
"""
WAIVER = "<!-- rfc-disable-next-line RFC309 -- the next phase has an RFC of its own -->\n"


def with_configuration_and_waivers(corpus: Path, configured: Path) -> None:
    shutil.copytree(corpus, configured)
    (configured / "pyproject.toml").write_text(CONFIGURATION, encoding="utf-8")
    for rfc in configured.rglob("rfc.md"):
        text = rfc.read_text(encoding="utf-8")
        title_end = text.find("\n") + 1
        rfc.write_text(text[:title_end] + WAIVER + text[title_end:], encoding="utf-8")


def machine() -> str:
    cpu = next(
        (
            line.split(":", 1)[1].strip()
            for line in _read("/proc/cpuinfo").splitlines()
            if line.startswith("model name")
        ),
        platform.processor(),
    )
    node = shutil.which("node") and os.popen("node --version").read().strip()
    return f"machine: {os.cpu_count()} cores, {cpu}; {platform.system()} {platform.release()}; Python {platform.python_version()}; node {node}"


def _read(path: str) -> str:
    try:
        return Path(path).read_text()
    except OSError:
        return ""


if __name__ == "__main__":
    sys.exit(main())
