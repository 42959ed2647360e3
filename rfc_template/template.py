"""Where the cookiecutter template lives, and the rules it declares.

`cookiecutter.json` is the one source of the allowed modules, backends, background
categories and statuses; everything else (hooks, the `rfc` command, the tests) reads
them from here.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# The project folder, named as cookiecutter and cruft expect (cruft looks for
# `*cookiecutter.*`). Its name is rendered once per generation, just before the folder is
# created: rfc_template.jinja adds the answer and target checks to that render.
RFC_DIR_NAME = "{{cookiecutter.rfc_slug}}"


def template_dir() -> Path:
    """The template root: packaged inside an installed wheel, else this checkout's root."""
    packaged = PACKAGE_DIR / "_template"
    if (packaged / "cookiecutter.json").is_file():
        return packaged
    return PACKAGE_DIR.parent


def rfc_template_path(language: str = "zh") -> Path:
    """The Jinja source of one edition of `rfc.md`: the structure RFCs are checked against."""
    return template_dir() / "templates" / "rfc" / f"{language}.md"


@dataclass(frozen=True, eq=False)
class Rules:
    """Allowed answer values, in the template's canonical order."""

    modules: tuple[str, ...]
    backends: tuple[str, ...]
    rfc_types: tuple[str, ...]
    statuses: tuple[str, ...]
    languages: tuple[str, ...]
    en_labels: dict  # category or status -> how the English edition writes it

    def canonical(self, value: str) -> str:
        """A category or status as the answers spell it, also when written in English."""
        return next((known for known, label in self.en_labels.items() if label == value), value)

    @property
    def both_backends(self) -> str:
        """The backend value that means "PT and MS" (the choice with a '+')."""
        return next(b for b in self.backends if "+" in b)


def clear_caches() -> None:
    """Forget what was read from the template's files.

    `cruft update` renders two commits of the template from one folder in one process;
    the second must not see the first one's cookiecutter.json.
    """
    load_context.cache_clear()
    load_rules.cache_clear()


@lru_cache(maxsize=None)
def load_context() -> dict:
    """`cookiecutter.json` as written (choices still lists, defaults unrendered)."""
    path = template_dir() / "cookiecutter.json"
    return json.loads(path.read_text(encoding="utf-8"))


@lru_cache(maxsize=None)
def load_rules() -> Rules:
    context = load_context()
    return Rules(
        modules=tuple(context["_modules"]),
        backends=tuple(context["backend"]),
        rfc_types=tuple(context["rfc_type"]),
        statuses=tuple(context["_statuses"]),
        languages=tuple(context["language"]),
        en_labels=dict(context["_en_labels"]),
    )
