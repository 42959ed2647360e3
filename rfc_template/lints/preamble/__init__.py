"""The basic-info table (1. 基本信息) and the title: keys, and the values the answers' rules allow.

The table itself is read once, into the context (lint/context.py `read_basic_info`); these
rules judge what was read, with the answer checks of rfc_template/answers.py.
"""

from __future__ import annotations

from collections.abc import Callable

from rfc_template.findings import Finding
from rfc_template.lint.context import Context


def value_finding(ctx: Context, key: str, code: str, problems: Callable[[str, str], list[str]]) -> list[Finding]:
    """`problems(value, shown)` of the first row of `key` (in Chinese), at its line;
    `shown` is the key as the RFC's edition writes it."""
    if key not in ctx.info:
        return []
    line = ctx.info_lines[key]
    return [Finding(line, 1, code, message) for message in problems(ctx.info[key], ctx.edition.name(key))]


def in_edition(ctx: Context, values: tuple[str, ...]) -> tuple[str, ...]:
    """Allowed values as the RFC's edition names them."""
    if ctx.edition.language != "en":
        return values
    return tuple(ctx.rules.en_labels.get(value, value) for value in values)


def misspelt(key: str, known: tuple[str, ...]) -> str | None:
    """The known key `key` is a slip of: one edit (two for long keys) away, letters
    swapped counting as one."""
    folded = key.casefold().replace(" ", "")
    for candidate in known:
        target = candidate.casefold().replace(" ", "")
        if distance(folded, target) <= max(1, len(target) // 4):
            return candidate
    return None


def distance(a: str, b: str) -> int:
    """Optimal string alignment distance (Levenshtein with adjacent transpositions)."""
    if abs(len(a) - len(b)) > 2:
        return max(len(a), len(b))  # far apart; no need to count
    rows = [list(range(len(b) + 1))]
    for i, ca in enumerate(a, start=1):
        row = [i]
        for j, cb in enumerate(b, start=1):
            cost = 0 if ca == cb else 1
            row.append(min(rows[-1][j] + 1, row[j - 1] + 1, rows[-1][j - 1] + cost))
            if i > 1 and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                row[j] = min(row[j], rows[-2][j - 2] + 1)
        rows.append(row)
    return rows[-1][-1]
