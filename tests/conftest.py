"""Shared fixtures: `bake(**answers)` runs the template the way CI users do (`--no-input`);
`mermaid` renders diagrams in Chromium; hypothesis profiles; the figures at the end."""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

import browser
import pytest
from figures import summary_lines
from hypothesis import HealthCheck, settings

from rfc_template import document
from rfc_template.template import template_dir

# Property tests: 300 examples each by default, the same in CI (derandomized there, so
# that a landing does not depend on luck); `pytest --slow` tries ten times as many.
_PROFILE = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow], "print_blob": True}
settings.register_profile("default", max_examples=300, **_PROFILE)
settings.register_profile("ci", max_examples=300, derandomize=True, **_PROFILE)
settings.register_profile("slow", max_examples=3000, **_PROFILE)


def pytest_addoption(parser):
    parser.addoption("--slow", action="store_true", help="property tests try 3,000 examples each instead of 300")


settings.register_profile("quick", max_examples=25, **_PROFILE)  # while editing: --hypothesis-profile=quick


def pytest_configure(config):
    if config.getoption("hypothesis_profile", None):
        return  # chosen on the command line
    settings.load_profile("slow" if config.getoption("--slow") else "ci" if os.environ.get("CI") else "default")


def pytest_terminal_summary(terminalreporter):
    lines = summary_lines()
    if lines:
        terminalreporter.write_sep("=", "figures")
        for line in lines:
            terminalreporter.write_line(line)


@pytest.fixture(scope="session")
def mermaid(tmp_path_factory):
    """One headless Chromium with Mermaid for the whole session (see tests/browser.py)."""
    reason = browser.unavailable()
    if reason:
        if os.environ.get("CI"):
            pytest.fail(f"the diagram tests must run in CI: {reason}")
        pytest.skip(reason)
    renderer = browser.MermaidRenderer(tmp_path_factory.mktemp("mermaid"))
    yield renderer
    renderer.close()


@pytest.fixture(autouse=True, scope="session")
def own_cache(tmp_path_factory):
    """`rfc preview` writes its pages into the user's cache ($XDG_CACHE_HOME): the
    session's own folder, never the real one."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
        yield


# Good answers for every required prompt; a test overrides what it is about.
BASE_ANSWERS = {"author": "张三", "date": "2026-12-01"}

# Anything Jinja would have rendered, left in an output file.
UNRENDERED = re.compile(r"\{\{|\{%|\{#")


@dataclass
class Baked:
    """One bake's outcome, with the answers it was given for failure messages."""

    answers: dict
    exit_code: int
    exception: BaseException | None
    project: Path | None
    output_dir: Path

    def has_file(self, name: str) -> bool:
        return self.project is not None and (self.project / name).is_file()

    def read(self, name: str = "rfc.md") -> str:
        assert self.has_file(name), f"{name} was not generated for {self.answers}"
        return (self.project / name).read_text(encoding="utf-8")

    def document(self) -> document.Document:
        return document.parse(self.read())

    def output_entries(self) -> list[str]:
        """What the bake left in its output folder (answers refused while they were
        asked leave not even the folder)."""
        return sorted(p.name for p in self.output_dir.iterdir()) if self.output_dir.exists() else []


def _baker(cookies):
    """Bake the template with `answers` over BASE_ANSWERS; `ok=True` fails unless it worked."""

    def _bake(ok: bool | None = None, **answers) -> Baked:
        context = {**BASE_ANSWERS, **answers}
        result = cookies.bake(template=str(template_dir()), extra_context=context)
        baked = Baked(
            answers=context,
            exit_code=result.exit_code,
            exception=result.exception,
            project=result.project_path,
            # pytest-cookies gives each bake a fresh `bakeNN` folder; a failed bake's
            # folder is where we look for leftovers.
            output_dir=Path(str(cookies._output_factory.__self__)) / f"bake{cookies._counter - 1:02d}",
        )
        if ok is True:
            assert result.exit_code == 0, f"bake failed for {context}: {result.exception!r}"
        if ok is False:
            assert result.exit_code != 0, f"bake should have failed for {context}"
        return baked

    return _bake


@pytest.fixture
def bake(cookies):
    return _baker(cookies)


@pytest.fixture(scope="session")
def bake_once(cookies_session):
    """Like `bake(ok=True, ...)`, but each set of answers is baked once per test session."""
    baker, cache = _baker(cookies_session), {}

    def _bake(**answers) -> Baked:
        key = tuple(sorted(answers.items()))
        if key not in cache:
            cache[key] = baker(ok=True, **answers)
        return cache[key]

    return _bake
