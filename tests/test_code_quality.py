"""The project's own habits: ruff and mypy clean under its configuration, no import cycle
in rfc_template, modules of a readable size, one version, the files a maintained project
has."""

from __future__ import annotations

import ast
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
PACKAGE = PROJECT / "rfc_template"
# Past this many lines a module says at its top why it is one module.
LONGEST_MODULE = 400


def tool(name: str) -> str:
    found = shutil.which(name, path=str(Path(sys.executable).parent)) or shutil.which(name)
    if found is None:
        pytest.fail(f"{name} is not installed: pip install -e '.[test]'")
    return found


@pytest.mark.parametrize("command", [["check", "."], ["format", "--check", "--diff", "."]], ids=["lint", "format"])
def test_ruff_is_clean(command):
    done = subprocess.run([tool("ruff"), *command], cwd=PROJECT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stdout + done.stderr


def test_mypy_is_clean():
    done = subprocess.run([tool("mypy")], cwd=PROJECT, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


def module_name(path: Path) -> str:
    parts = path.relative_to(PROJECT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def imports_of(path: Path, modules: set[str]) -> set[str]:
    """The rfc_template modules `path` imports, at its top or inside a function: a cycle
    broken by an import inside a function is still a cycle."""
    name = module_name(path)
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                anchor = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*anchor, *([base] if base else [])])
            targets = [f"{base}.{alias.name}" for alias in node.names] + [base]
        else:
            continue
        for target in targets:
            while target and target not in modules:
                target = target.rpartition(".")[0]
            if target and target != name:
                found.add(target)
    return found


def test_no_import_cycle_in_the_package():
    paths = {module_name(p): p for p in PACKAGE.rglob("*.py") if "_template" not in p.parts}
    graph = {name: imports_of(path, set(paths)) for name, path in paths.items()}
    # a package's modules import their package's __init__ implicitly; that is no cycle
    # unless the __init__ imports them back, which the graph already shows
    state: dict[str, str] = {}

    def visit(name: str, trail: list[str]) -> None:
        state[name] = "open"
        for target in sorted(graph[name]):
            if state.get(target) == "open":
                cycle = trail[trail.index(target) :] + [target] if target in trail else [name, target]
                pytest.fail("import cycle: " + " -> ".join(cycle))
            if target not in state:
                visit(target, [*trail, target])
        state[name] = "done"

    for name in sorted(graph):
        if name not in state:
            visit(name, [name])


def test_a_modules_constant_is_bound_once():
    """A pattern defined twice under one name in a module silently replaces the first for every
    reader above it (session 43: RFC335's COUNT_NOUN, bound again lower down, changed how sums
    were read); each UPPER_CASE name is bound once at a module's top level."""
    for path in sorted(PACKAGE.rglob("*.py")):
        bound: dict[str, int] = {}
        for node in ast.parse(path.read_text(encoding="utf-8")).body:
            targets = (
                node.targets
                if isinstance(node, ast.Assign)
                else [node.target]
                if isinstance(node, ast.AnnAssign)
                else []
            )
            for target in targets:
                if isinstance(target, ast.Name) and target.id.strip("_").isupper():
                    assert target.id not in bound, (
                        f"{path.relative_to(PROJECT)}:{node.lineno}: {target.id} is bound again (first at line {bound[target.id]})"
                    )
                    bound[target.id] = node.lineno


def test_modules_are_of_a_readable_size():
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        lines = text.count("\n")
        if lines > LONGEST_MODULE:
            doc = ast.get_docstring(ast.parse(text)) or ""
            assert "one module" in doc, (
                f"{path.relative_to(PROJECT)} has {lines} lines: split it, or say at its top why it is one module"
            )


def test_one_version():
    from rfc_template import __version__

    pyproject = (PROJECT / "pyproject.toml").read_text(encoding="utf-8")
    assert 'dynamic = ["version"]' in pyproject and 'path = "rfc_template/__init__.py"' in pyproject
    assert not re.search(r"(?m)^version\s*=", pyproject), "the version is written in rfc_template/__init__.py only"
    from importlib.metadata import version

    assert version("rfc-template") == __version__
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "--version"], capture_output=True, text=True, check=True
    )
    assert done.stdout.startswith(f"rfc {__version__} ")
    assert f"## [{__version__}]" in (PROJECT / "CHANGELOG.md").read_text(encoding="utf-8")


def test_a_maintained_project_has_its_files():
    assert "Apache License" in (PROJECT / "LICENSE").read_text(encoding="utf-8")
    assert "## Adding a rule" in (PROJECT / "CONTRIBUTING.md").read_text(encoding="utf-8")
    assert "## [Unreleased]" in (PROJECT / "CHANGELOG.md").read_text(encoding="utf-8")
    config = (PROJECT / ".pre-commit-config.yaml").read_text(encoding="utf-8")
    assert all(hook in config for hook in ("ruff check", "ruff format", "mypy", "rule_docs.py --check"))
