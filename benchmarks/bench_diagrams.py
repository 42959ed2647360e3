"""`rfc check --diagrams` against a bare `mermaid.parse()` of the same diagram texts in one Node process.

    python benchmarks/bench_diagrams.py [--rfcs 100] [--repeat 7]

Target: `rfc check --diagrams` at most 1.5x the floor, `mermaid_parse_floor.mjs`, which
loads jsdom and Mermaid and parses the same texts, nothing else. Two sets of diagrams:
the corpus of tests/diagrams/ (158 valid, 55 invalid) kept as diagrams/*.mmd beside one
generated RFC (with its own three blocks and three files), and `--rfcs` RFCs of
benchmarks/corpus.py (three blocks and three diagrams/*.mmd each). Every figure is a median
of whole-command runs, alternated, from this one run. Exit status 1 when a target is missed.
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_check import machine  # noqa: E402
from corpus import REPO, make_corpus  # noqa: E402
from timing import Command, measure, report  # noqa: E402

from rfc_template import document  # noqa: E402
from rfc_template.batch import rfc_files  # noqa: E402
from rfc_template.mermaid import diagrams_beside  # noqa: E402

MODULES = REPO / "node_modules"
FLOOR = Path(__file__).with_name("mermaid_parse_floor.mjs")
DIAGRAMS = REPO / "tests" / "diagrams"


def diagram_texts(folder: Path) -> list[str]:
    """What `rfc check --diagrams folder` hands Mermaid: each rfc.md's mermaid blocks, then its diagrams/*.mmd."""
    texts = []
    for rfc in rfc_files([str(folder)]):
        blocks = document.parse(rfc.read_text(encoding="utf-8")).code_blocks
        texts += [b.code for b in blocks if b.info.split()[:1] == ["mermaid"]]
        texts += [p.read_text(encoding="utf-8").replace("\r\n", "\n") for p in diagrams_beside(rfc)]
    return texts


def corpus_rfc(root: Path) -> Path:
    folder = root / "corpus"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "rfc_template",
            "new",
            "--no-input",
            "--author",
            "张三",
            "--slug",
            "demo",
            "--output-dir",
            str(folder),
        ],
        check=True,
        capture_output=True,
    )
    for kind in ("valid", "invalid"):
        for path in sorted((DIAGRAMS / kind).glob("*.mmd")):
            shutil.copy(path, folder / "demo" / "diagrams" / f"{kind}-{path.name}")
    return folder


def commands_for(label: str, folder: Path, root: Path) -> list[Command]:
    texts = diagram_texts(folder)
    texts_file = root / f"{label}.json"
    texts_file.write_text(json.dumps(texts), encoding="utf-8")
    floor = ["node", str(FLOOR), str(MODULES), str(texts_file)]
    check = [sys.executable, "-m", "rfc_template", "check", "--diagrams", str(folder)]
    # the same verdicts before any timing: as many RFC204 findings as texts Mermaid rejects
    rejected = int(subprocess.run(floor, capture_output=True, text=True, check=True).stdout.split()[2])
    found = subprocess.run(check, capture_output=True, text=True).stdout.count(": RFC204 ")
    if found != rejected:
        sys.exit(f"{label}: rfc check --diagrams reported {found} RFC204, the floor rejected {rejected}")
    print(f"{label}: {len(texts)} diagrams, {rejected} rejected by Mermaid")
    return [
        Command(f"mermaid.parse (floor), {label}", floor),
        Command(f"rfc check --diagrams, {label}", check, ok_codes=(0, 1)),
    ]


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--rfcs", type=int, default=100, help="RFCs of benchmarks/corpus.py (0: the diagram corpus only)"
    )
    parser.add_argument("--repeat", type=int, default=7)
    args = parser.parse_args()
    for name in ("mermaid", "jsdom"):
        if not (MODULES / name).is_dir():
            sys.exit(f"{MODULES / name} is missing: run `npm ci` in {REPO} first")
    print(machine())
    with tempfile.TemporaryDirectory(prefix="rfc-bench-diagrams-") as tmp:
        root = Path(tmp)
        commands = commands_for("corpus", corpus_rfc(root), root)
        targets = [("rfc check --diagrams / mermaid.parse, corpus", commands[1].name, commands[0].name, 1.5)]
        if args.rfcs:
            rfcs = root / "rfcs"
            rfcs.mkdir()
            start = time.perf_counter()
            made = make_corpus(rfcs, args.rfcs)
            print(
                f"rfcs: {args.rfcs} RFCs ({', '.join(f'{n} {k}' for k, n in made.items())}) made in {time.perf_counter() - start:.1f} s"
            )
            more = commands_for(f"{args.rfcs} RFCs", rfcs, root)
            commands += [
                *more,
                Command(
                    f"rfc check (no --diagrams), {args.rfcs} RFCs",
                    [sys.executable, "-m", "rfc_template", "check", str(rfcs)],
                    ok_codes=(0, 1),
                ),
            ]
            targets += [(f"rfc check --diagrams / mermaid.parse, {args.rfcs} RFCs", more[1].name, more[0].name, 1.5)]
        measure(commands, args.repeat)
        print(f"medians over {args.repeat} runs each, commands alternated:")
        met = report(commands, targets)
    return 0 if met else 1


if __name__ == "__main__":
    sys.exit(main())
