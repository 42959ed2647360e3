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
RFC_DIR_NAME = "{{rfc_checked(cookiecutter).rfc_slug}}"


def template_dir() -> Path:
    """The template root: packaged inside an installed wheel, else this checkout's root."""
    packaged = PACKAGE_DIR / "_template"
    if (packaged / "cookiecutter.json").is_file():
        return packaged
    return PACKAGE_DIR.parent


def rfc_template_path() -> Path:
    """The Jinja source of `rfc.md`: the structure every RFC is checked against."""
    return template_dir() / RFC_DIR_NAME / "rfc.md"


@dataclass(frozen=True)
class Rules:
    """Allowed answer values, in the template's canonical order."""

    modules: tuple[str, ...]
    backends: tuple[str, ...]
    rfc_types: tuple[str, ...]
    statuses: tuple[str, ...]

    @property
    def both_backends(self) -> str:
        """The backend value that means "PT and MS" (the choice with a '+')."""
        return next(b for b in self.backends if "+" in b)


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
    )
