"""Shared fixtures: `bake(**answers)` runs the template the way CI users do (`--no-input`)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import pytest

from rfc import document
from rfc.template import template_dir

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
        return sorted(p.name for p in self.output_dir.iterdir())


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
