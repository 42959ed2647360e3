"""`rfc check --diagrams`: every diagram parsed by Mermaid itself, in one Node process.

rfc_template/node/check-diagrams.mjs does the work: it finds the ```mermaid blocks of each
Markdown file (and takes each .mmd file whole), parses every diagram of every file with
`mermaid.parse()` in one Node process, and answers in JSON with the file line Mermaid's
error is on. The same script is the `rfc-check-diagrams` pre-commit hook, so there is one
implementation of the block extraction and of the line mapping.

The Node process is started first and works while Python runs the ordinary checks.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from rfc_template.findings import Finding

SCRIPT = Path(__file__).resolve().parent / "node" / "check-diagrams.mjs"
# The versions the script prefers and asks for: = package.json's devDependencies, the hook's
# additional_dependencies and the script's PINNED (tests/test_diagrams_mermaid.py keeps them equal).
MERMAID_VERSION = "11.17.2"
JSDOM_VERSION = "26.1.0"
INSTALL = f"npm install mermaid@{MERMAID_VERSION} jsdom@{JSDOM_VERSION}"
CODE = "RFC204"

WHERE = (
    "Node.js 20+ (node on PATH) and the npm packages "
    f"mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION}, looked for in $RFC_MERMAID_MODULES (node_modules "
    "folders), the node_modules of this rfc-template checkout, node_modules in the working directory "
    "or a folder above it, then $NODE_PATH"
)


class Unavailable(Exception):
    """Mermaid cannot be run: one line saying what is missing and how to get it."""


@dataclass
class DiagramResult:
    path: Path
    findings: list[Finding] = field(default_factory=list)
    error: str = ""  # the file could not be read


def diagrams_beside(rfc: Path) -> list[Path]:
    """The diagrams/*.mmd kept beside an rfc.md, sorted."""
    folder = rfc.parent / "diagrams"
    try:
        return sorted(p for p in folder.iterdir() if p.suffix == ".mmd" and p.is_file())
    except OSError:  # no such folder, or not one
        return []


class MermaidCheck:
    """One Node process parsing every diagram of `paths`; `results()` waits for it."""

    def __init__(self, paths: list[Path], node: str | None = None) -> None:
        self.paths = paths
        node = node or shutil.which("node")
        if node is None:
            raise Unavailable(
                f"--diagrams needs Node.js 20+ on PATH (node was not found) and the npm packages "
                f"mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION}: install Node.js, then {INSTALL}"
            )
        try:
            self._process = subprocess.Popen(
                [node, str(SCRIPT), "--json"], stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE
            )
        except OSError as error:
            raise Unavailable(f"--diagrams cannot start {node} ({error.strerror}); it needs {WHERE}") from None
        stdin = self._process.stdin
        assert stdin is not None  # stdin=PIPE
        try:
            # Paths on standard input, not argv: any number of them, and none read as an option.
            # Written and closed now, before --jobs forks workers that would inherit the pipe.
            stdin.write(json.dumps([str(p) for p in paths]).encode("utf-8"))
            stdin.close()
        except OSError:  # Node stopped at once; results() says why
            try:
                stdin.close()
            except OSError:
                pass
        self._process.stdin = None  # closed: communicate() must not flush it

    def results(self) -> tuple[dict[Path, DiagramResult], list[str]]:
        """({path: its RFC204 findings}, notes), or Unavailable."""
        out, err = self._process.communicate()
        said = (err.decode("utf-8", "replace").strip().splitlines() or [""])[0]  # e.g. the error a crash names
        try:
            answer = json.loads(out.decode("utf-8"))
        except ValueError:
            answer = None
        if not isinstance(answer, dict):
            raise Unavailable(
                f"--diagrams: the Mermaid check stopped (node exit status {self._process.returncode})"
                + (f": {said}" if said else "")
                + f"; it needs {WHERE}"
            )
        if "fatal" in answer:
            raise Unavailable(f"--diagrams {answer['fatal']}")
        found = {}
        for path, result in zip(self.paths, answer["results"]):
            findings = [Finding(f["line"], f["column"], CODE, f["message"]) for f in result["findings"]]
            error = result.get("error")
            found[path] = DiagramResult(path, findings, f"{path}: {error}" if error else "")
        return found, answer.get("notes", [])

    def stop(self) -> None:
        """End the Node process if it still runs (after an error or an interrupt)."""
        if self._process.poll() is None:
            self._process.kill()
            self._process.wait()
        for pipe in (self._process.stdout, self._process.stderr):
            if pipe is not None:
                pipe.close()
