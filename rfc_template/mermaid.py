"""`rfc check --diagrams`: every diagram parsed by Mermaid itself, in one Node process.

rfc_template/node/check-diagrams.mjs does the work: it finds the ```mermaid blocks of each
Markdown file (and takes each .mmd file whole), parses every diagram of every file with
`mermaid.parse()` in one Node process, and answers in JSON with the file line Mermaid's
error is on. The same script is the `rfc-check-diagrams` pre-commit hook, so there is one
implementation of the block extraction and of the line mapping.

The Node process is started first and works while Python runs the ordinary checks.

`rfc mermaid-setup` (install()) puts the pinned mermaid and jsdom in the user's cache,
cache_folder(), where the script looks right after $RFC_MERMAID_MODULES: nothing is
written into the repository of RFCs.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
from dataclasses import dataclass, field
from pathlib import Path

from rfc_template.cache import NoUserCache, user_cache
from rfc_template.findings import Finding

SCRIPT = Path(__file__).resolve().parent / "node" / "check-diagrams.mjs"
# The versions the script prefers and asks for, and `rfc mermaid-setup` installs: = package.json's
# devDependencies, the hook's additional_dependencies, the script's PINNED and every mermaid@ and
# jsdom@ of the docs (tests/test_mermaid_setup.py keeps them equal).
MERMAID_VERSION = "11.17.2"
JSDOM_VERSION = "26.1.0"
NODE_MAJOR = 20
SETUP = "rfc mermaid-setup"
CODE = "RFC204"

WHERE = (
    f"Node.js {NODE_MAJOR}+ (node on PATH) and the npm packages "
    f"mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION}, looked for in $RFC_MERMAID_MODULES (node_modules "
    f"folders), the user cache that {SETUP} fills, the node_modules of this rfc-template checkout, "
    "node_modules in the working directory or a folder above it, then $NODE_PATH"
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
                f"--diagrams needs Node.js {NODE_MAJOR}+ on PATH (node was not found) and the npm packages "
                f"mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION}: install Node.js, then {SETUP}"
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


# --- rfc mermaid-setup: the pinned packages in the user's cache ---------------------------


def cache_home() -> Path:
    """The user's cache (rfc_template/cache.py), as rfc preview's."""
    try:
        return user_cache()
    except NoUserCache as error:
        raise Unavailable(str(error)) from None


def cache_folder() -> Path:
    """Where `rfc mermaid-setup` installs the pinned versions: a folder for each pair, so
    that a new pin never meets an old install."""
    return cache_home() / "rfc-template" / "node" / f"mermaid-{MERMAID_VERSION}-jsdom-{JSDOM_VERSION}"


def installed(folder: Path) -> bool:
    """Whether `folder`/node_modules holds the pinned mermaid and jsdom."""
    for name, version in (("mermaid", MERMAID_VERSION), ("jsdom", JSDOM_VERSION)):
        try:
            meta = json.loads((folder / "node_modules" / name / "package.json").read_text(encoding="utf-8"))
        except (OSError, ValueError):
            return False
        if not isinstance(meta, dict) or meta.get("version") != version:
            return False
    return True


def manifest() -> str:
    """The package.json of the cache folder: the pinned versions, exactly."""
    return (
        json.dumps(
            {
                "name": "rfc-template-mermaid",
                "private": True,
                "description": "rfc check --diagrams: the Mermaid and jsdom it parses diagrams with "
                "(written by rfc mermaid-setup; delete the folder to remove them)",
                "dependencies": {"jsdom": JSDOM_VERSION, "mermaid": MERMAID_VERSION},
            },
            indent=2,
        )
        + "\n"
    )


def install(force: bool = False) -> tuple[Path, bool]:
    """Install the pinned mermaid and jsdom into cache_folder() with npm, unless they are
    there already (or with `force`): (its node_modules, whether npm ran), or Unavailable.

    npm works in a temporary folder beside it, which becomes the cache folder only once
    both packages are there at their pinned versions: an interrupted or failed install
    leaves nothing that the check would take for one. npm's own configuration (registry,
    proxy, offline) applies; its install scripts do not run (neither package needs one).
    """
    target = cache_folder()
    if installed(target) and not force:
        return target / "node_modules", False
    node, npm = shutil.which("node"), shutil.which("npm")
    if node is None or npm is None:
        missing = " and ".join(name for name, found in (("node", node), ("npm", npm)) if found is None)
        raise Unavailable(
            f"needs Node.js {NODE_MAJOR}+ with npm on PATH ({missing} not found): install Node.js, then run it again"
        )
    _require_node(node)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=f".{target.name}.", dir=target.parent))
    except OSError as error:
        raise Unavailable(
            f"cannot write {target.parent} ({error.strerror}); set XDG_CACHE_HOME to a folder of yours"
        ) from None
    try:
        (work / "package.json").write_text(manifest(), encoding="utf-8")
        command = [
            npm,
            "install",
            "--no-audit",
            "--no-fund",
            "--ignore-scripts",
            "--loglevel=error",
            "--prefix",
            str(work),
        ]
        try:
            done = subprocess.run(command, cwd=work, stdin=subprocess.DEVNULL, capture_output=True, text=True)
        except OSError as error:
            raise Unavailable(f"cannot run {npm} ({error.strerror})") from None
        if done.returncode != 0:
            raise Unavailable(
                f"npm install of mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION} failed (exit "
                f"{done.returncode}): {_npm_error(done.stderr + done.stdout)}; nothing was installed in {target}"
            )
        if not installed(work):
            raise Unavailable(
                f"npm install did not install mermaid@{MERMAID_VERSION} and jsdom@{JSDOM_VERSION} in {work}"
            )
        _move_into_place(work, target, force)
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return target / "node_modules", True


def _require_node(node: str) -> None:
    try:
        done = subprocess.run([node, "--version"], capture_output=True, text=True, timeout=60)
        major = int(done.stdout.strip().lstrip("v").split(".")[0])
    except (OSError, ValueError, subprocess.TimeoutExpired):
        raise Unavailable(f"cannot tell the version of {node} (node --version)") from None
    if major < NODE_MAJOR:
        raise Unavailable(f"needs Node.js {NODE_MAJOR}+, not {done.stdout.strip()} ({node})")


def _npm_error(output: str) -> str:
    """npm's reason, in one line: the code and the first line that explains it."""
    code, said = "", []
    for line in output.splitlines():
        for prefix in ("npm error ", "npm ERR! "):
            if line.startswith(prefix):
                text = line[len(prefix) :].strip()
                if text.startswith("code "):
                    code = code or text[5:].strip()
                elif text and not text.startswith(("errno ", "syscall ", "A complete log", "Log files")):
                    said.append(text)
    reason = said[0] if said else next((line.strip() for line in output.splitlines() if line.strip()), "no message")
    return f"{code}: {reason}" if code else reason


def _move_into_place(work: Path, target: Path, force: bool) -> None:
    """`work` becomes `target`; a complete install that another run finished meanwhile is
    kept, unless `force`; an incomplete one is replaced."""
    if os.path.lexists(target) and installed(target) and not force:
        return
    aside = None
    try:
        if os.path.lexists(target):
            aside = Path(tempfile.mkdtemp(prefix=f".{target.name}.old.", dir=target.parent))
            os.replace(target, aside / "folder")
        os.replace(work, target)
    except OSError as error:
        if aside is not None and not os.path.lexists(target):
            os.replace(aside / "folder", target)  # as it was
        raise Unavailable(f"cannot write {target} ({error.strerror})") from None
    finally:
        if aside is not None:
            shutil.rmtree(aside, ignore_errors=True)
