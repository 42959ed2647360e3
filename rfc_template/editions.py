"""The template's editions (Chinese, English) and how `rfc check` reads either one.

The editions have the same structure, line for line (tests/test_editions.py), so the
English name of a Chinese section, basic-info key, table row or column is the text at
the same place in the English template: the names are derived, not translated twice.
The rules in check.py name things in Chinese and ask the RFC's edition for its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property

from rfc_template import document, structure
from rfc_template.template import load_rules

# The options of the template's choice lists ("是 / 否", "Yes / No", ...), per edition
# (lints/model.py reads which cells and lines offer them).
CHOICE_WORDS = {
    "zh": ("是", "否", "强", "弱", "不涉及", "一致", "不一致"),
    "en": ("Yes", "No", "Strong", "Weak", "N/A", "Consistent", "Inconsistent"),
}


@dataclass(frozen=True)
class Edition:
    language: str
    sections: tuple[document.Heading, ...]
    basic_info_keys: tuple[str, ...]
    names: dict  # Chinese name -> this edition's, for sections, keys, rows and columns

    def name(self, chinese: str) -> str:
        return self.names.get(chinese, chinese)

    def chinese(self, name: str) -> str:
        return self._chinese.get(name, name)

    @cached_property
    def _chinese(self) -> dict[str, str]:
        """This edition's name -> the Chinese one (the first, where two share a name)."""
        back: dict[str, str] = {}
        for zh, own in self.names.items():
            back.setdefault(own, zh)
        return back

    @property
    def basic_info(self) -> str:
        return self.sections[0].text


def _table_cells(language: str) -> list[str]:
    """Every literal cell of every table row in the template, in order."""
    return [cell for row in structure.template_rows(language) for cell in row]


@cache
def edition(language: str) -> Edition:
    zh_sections, own_sections = structure.required_sections("zh"), structure.required_sections(language)
    names = {zh.text: own.text for zh, own in zip(zh_sections, own_sections)}
    names.update(zip(structure.basic_info_keys("zh"), structure.basic_info_keys(language)))
    for zh, own in zip(_table_cells("zh"), _table_cells(language)):
        names.setdefault(zh, own)
    return Edition(language, own_sections, structure.basic_info_keys(language), names)


def all_editions() -> list[Edition]:
    return [edition(language) for language in load_rules().languages]


def edition_of(doc: document.Document) -> Edition:
    """The edition whose section headings the RFC uses most (the first one on a tie): the
    one whose sections document.parse took its near-miss headings for."""
    return edition(document.language_of(doc.headings))
