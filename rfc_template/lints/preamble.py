"""The basic-info table (1. 基本信息): its keys and the values the answers' rules allow."""

from __future__ import annotations

import datetime
import re

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lints import Context

OPTIONAL_KEYS = ("相关 issue / PR",)
ISSUE_SEPARATORS = re.compile(r"\s*[、,，;；]\s*|\s+")


def basic_info(ctx: Context) -> list[Finding]:
    """RFC101-RFC110, RFC112; fills `ctx.info` (keyed in Chinese, the first row of a key) for the lints after it."""
    ed, doc = ctx.edition, ctx.doc
    table = doc.table_in(ed.basic_info)
    if table is None:
        heading = next((h.line for h in doc.headings if h.text == ed.basic_info), 1)
        header = " | ".join(ed.name(cell) for cell in ("项目", "内容"))
        return [Finding(heading, 1, "RFC101", f"the basic-info table ({header}) is missing")]
    known = ed.basic_info_keys
    findings = []
    for offset, row in enumerate(table.rows):
        line = table.line + 2 + offset
        key, value = row[0], (row[1] if len(row) > 1 else "")
        key = _own_key(ctx, key)  # `Status` in a Chinese RFC is its 状态
        if key not in known:
            close = misspelt(key, known)
            if close:  # any other key is the author's own (评审人, 里程碑, ...)
                findings.append(Finding(line, 1, "RFC102", f"unknown basic-info key '{key}'; did you mean '{close}'?"))
            continue
        key = ed.chinese(key)
        if key in ctx.info_lines:  # a forge shows both rows; which one holds?
            findings.append(Finding(line, 1, "RFC112", f"'{row[0]}' appears twice in the basic-info table "
                                                       f"(first at line {ctx.info_lines[key]}); keep one row"))
            continue
        ctx.info[key] = ctx.rules.canonical(value) if key in ("类型", "适用后端") else value
        ctx.info_lines[key] = line
        findings += [Finding(line, 1, code, message) for code, message in value_problems(ctx, key, ctx.info[key])]
    for key in known:
        if ed.chinese(key) not in ctx.info and ed.chinese(key) not in OPTIONAL_KEYS:
            findings.append(Finding(table.line, 1, "RFC103", f"the basic-info table lacks '{key}'"))
    return findings


def _own_key(ctx: Context, key: str) -> str:
    """A basic-info key as the RFC's edition writes it, also when written as another
    edition writes it."""
    from rfc_template.editions import all_editions

    if key in ctx.edition.basic_info_keys:
        return key
    folded = key.casefold()
    for other in all_editions():
        for known in other.basic_info_keys:
            if folded == known.casefold():  # `status` is the Status row, as a reader takes it
                return ctx.edition.name(other.chinese(known))
    return key


def misspelt(key: str, known: tuple[str, ...]) -> str | None:
    """The known key `key` is a slip of: one edit (two for long keys) away, letters
    swapped counting as one."""
    folded = key.casefold().replace(" ", "")
    for candidate in known:
        target = candidate.casefold().replace(" ", "")
        if _distance(folded, target) <= max(1, len(target) // 4):
            return candidate
    return None


def _distance(a: str, b: str) -> int:
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


def value_problems(ctx: Context, key: str, value: str) -> list[tuple[str, str]]:
    """The answer checks of rfc_template/answers.py, applied to the table's cells; the
    allowed values named as the RFC's edition writes them."""
    from rfc_template.check import status_index

    rules, shown = ctx.rules, ctx.edition.name(key)
    own = (lambda values: tuple(rules.en_labels.get(v, v) for v in values)) if ctx.edition.language == "en" else tuple
    checks = {
        "作者": ("RFC104", lambda: [f"{shown} must not be empty"] if not value.strip() else []),
        "相关模块": ("RFC105", lambda: answers.modules_problems(value, rules)),
        "适用后端": ("RFC106", lambda: answers.choice_problems(shown, rules.canonical(value), rules.backends)),
        "状态": ("RFC107", lambda: [] if status_index(value, rules) is not None else [
            f"{shown} {answers.show(value)} is unknown; use one of: {' / '.join(own(rules.statuses))}"]),
        "创建日期": ("RFC108", lambda: answers.date_problems(value)),
        # a hand-written table may name several: `#301、!318`
        "相关 issue / PR": ("RFC109", lambda: [p for part in ISSUE_SEPARATORS.split(value.strip()) for p in answers.issue_problems(part)]),
        "类型": ("RFC110", lambda: [] if value in rules.rfc_types else [
            f"{shown} {answers.show(value)} is not allowed; choose one of: {', '.join(own(rules.rfc_types))}"]),
    }
    code, problems = checks.get(key, ("", lambda: []))
    return [(code, message) for message in problems()]


def future_date(ctx: Context) -> list[Finding]:
    """RFC111: an RFC is not written in the future."""
    value = ctx.info.get("创建日期", "")
    try:
        date = datetime.date.fromisoformat(value)
    except ValueError:
        return []  # RFC108's business
    if date <= datetime.date.today():
        return []
    shown = ctx.edition.name("创建日期")
    return [Finding(ctx.info_lines["创建日期"], 1, "RFC111", f"{shown} {value} is after today ({datetime.date.today().isoformat()})")]


def default_title(ctx: Context) -> list[Finding]:
    """RFC317: the title is still the one the template offers when none is typed."""
    title = next((h for h in ctx.doc.headings if h.level == 1), None)
    if title is None or " ".join(title.text.split()).casefold() not in _default_titles():
        return []
    return [Finding(title.line, 1, "RFC317", f"the title '{title.text}' is the template's default; name the feature")]


def _default_titles() -> set[str]:
    from rfc_template.template import load_context

    return {" ".join(title.split()).casefold() for title in load_context()["_default_titles"].values()}
