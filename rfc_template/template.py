"""Where the cookiecutter template lives, and the rules it declares.

`cookiecutter.json` is the one source of the allowed modules, backends, background
categories and statuses; everything else (hooks, the `rfc` command, the tests) reads
them from here.
"""

from __future__ import annotations

import json
import re
import unicodedata
from dataclasses import dataclass
from functools import cache
from pathlib import Path

PACKAGE_DIR = Path(__file__).resolve().parent
# The project folder, named as cookiecutter and cruft expect (cruft looks for
# `*cookiecutter.*`). Its name is rendered once per generation, just before the folder is
# created: rfc_template.jinja adds the answer and target checks to that render.
RFC_DIR_NAME = "{{cookiecutter.rfc_slug}}"

# The stages `rfc check` knows: what must hold of a draft, and what a reviewer asks for.
# The template's first status is a draft; every later one is checked for review.
DRAFT, REVIEW = "draft", "review"
STAGES = (DRAFT, REVIEW)


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
    # the optional basic-info rows of an RFC's lifecycle, Chinese -> English: 替代 / Supersedes,
    # 被替代 / Superseded by (other RFCs), 状态变更 / Status changed (the date `rfc status` wrote)
    lifecycle_keys: dict
    aliases: dict  # a folded word of either edition -> the category, status or backend it names

    def canonical(self, value: str) -> str:
        """A category, status or backend as the answers spell it, from either edition's
        words: `Performance optimization` and `性能优化`, `Draft` and `草稿`, `both` and
        `PT + MS` (case and spaces aside). Any other value is returned as it is."""
        known = self.aliases.get(_folded(value))
        if known is not None:
            return known
        # `评审中（Reviewing）`, `Draft / 草稿`: each word, bracketed or slashed, names the same one
        words = [_folded(word) for word in _WORDS.split(unicodedata.normalize("NFKC", str(value)))]
        named = {self.aliases.get(word) for word in words if word}
        one = named.pop() if len(named) == 1 else None
        return one if one is not None else value

    def in_edition(self, value: str, language: str) -> str:
        """A category or status as that edition writes it."""
        value = self.canonical(value)
        return self.en_labels.get(value, value) if language == "en" else value

    def status_index(self, status: str) -> int | None:
        """The status's place in the template's order (either edition's words), or None."""
        known = self.canonical(status)
        return self.statuses.index(known) if known in self.statuses else None

    def stage_of(self, status: str) -> str:
        """A draft (or an unknown status) is checked as a draft; every later status for review."""
        return DRAFT if self.status_index(status) in (None, 0) else REVIEW

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


@cache
def load_context() -> dict:
    """`cookiecutter.json` as written (choices still lists, defaults unrendered)."""
    path = template_dir() / "cookiecutter.json"
    return json.loads(path.read_text(encoding="utf-8"))


@cache
def load_rules() -> Rules:
    context = load_context()
    return Rules(
        modules=tuple(context["_modules"]),
        backends=tuple(context["backend"]),
        rfc_types=tuple(context["rfc_type"]),
        statuses=tuple(context["_statuses"]),
        languages=tuple(context["language"]),
        en_labels=dict(context["_en_labels"]),
        lifecycle_keys=dict(context["_lifecycle_keys"]),
        aliases=_aliases(context),
    )


_WORDS = re.compile(r"[()/|、]+")


def _folded(value: str) -> str:
    """Case, spaces and width aside (`pt ＋ ms` is `PT + MS`)."""
    return "".join(unicodedata.normalize("NFKC", str(value)).split()).casefold()


def _aliases(context: dict) -> dict:
    """Every way cookiecutter.json itself writes a category, status or backend: the value,
    its English label, each word of a two-word status (`草稿 Draft`), and the words in
    the parentheses of the choice's prompt label (`PT (仅 PyTorch / PyTorch only)`)."""
    labels = context.get("__prompts__", {})
    aliases: dict[str, str] = {}
    for variable in ("rfc_type", "_statuses", "backend"):
        for value in context[variable]:
            words = [value, context["_en_labels"].get(value, value)]
            if variable == "_statuses":
                words += value.split()
            label = labels.get(variable, {}).get(value, "") if isinstance(labels.get(variable), dict) else ""
            if "(" in label:
                said = label[label.index("(") + 1 : label.rindex(")")].split("/")
                # `仅 MindSpore`, `PyTorch only`: also the name alone (`MS（MindSpore）`)
                words += said + [_ONLY.sub("", word) for word in said]
            elif label:  # `功能补全 Missing capability`: the choice as its prompt shows it
                words.append(label)
            if "+" in value:  # `MS + PT` is `PT + MS`
                words.append("+".join(reversed(value.split("+"))))
            aliases.update((_folded(word), value) for word in words if word.strip())
    return aliases


_ONLY = re.compile(r"^\s*仅\s*|\s+only\s*$", re.IGNORECASE)
