"""What one part of the RFC says against another: the answers in 1. 基本信息 against
6.5, 8, 9.2 and 9.3."""

from __future__ import annotations

import re

from rfc_template import answers, document
from rfc_template.editions import CHOICE_WORDS
from rfc_template.findings import Finding
from rfc_template.lints import Context
from rfc_template.lints.slots import _clean, is_placeholder, rows

BOTH_BACKEND_ROWS = (("8. 约束与兼容性", "PT / MS 差异"), ("9.2 交互验证（举例）", "PT / MS 对齐"))
PERFORMANCE = ("性能优化", "9.3 性能 / 显存验证", "基线", "通过标准")
CHANGES = "6.5 代码改动点"
# How people write "this module is not changed" in 6.5 (besides the template's own N/A choice).
UNCHANGED = re.compile(r"(?i)^\s*(?:不涉及|不改动|无改动|不修改|无|n/?a|none|no change|not changed|unchanged)\b")


def both_backend_rows(ctx: Context) -> list[Finding]:
    """RFC306: PT + MS fills 8.'s PT / MS 差异 and 9.2's PT / MS 对齐, as a table row or,
    where the section is written as a list or prose, as a `PT / MS 差异：...` item."""
    if ctx.info.get("适用后端") != ctx.rules.both_backends:
        return []
    findings = []
    for section, key in ((ctx.edition.name(s), ctx.edition.name(k)) for s, k in BOTH_BACKEND_ROWS):
        heading = next((h for h in ctx.doc.headings if h.text == section), None)
        if heading is None:
            continue  # RFC001
        table = ctx.doc.table_in(section)
        row = next(((line, r) for line, r in rows(table) if r[0] == key), None) if table else None
        if row is not None:
            line, cells = row
            if all(_clean(c) and not is_placeholder(c) for c in cells) and not ctx_choice(ctx).search(" ".join(cells)):
                continue
            findings.append(Finding(line, 1, "RFC306", f"{ctx.edition.name('适用后端')} is {ctx.rules.both_backends}: fill the '{key}' row in '{section}'"))
        elif not _written_as_item(ctx.doc, heading, key):
            findings.append(Finding((table.line if table else heading.line), 1, "RFC306", f"{ctx.edition.name('适用后端')} is {ctx.rules.both_backends}: '{section}' needs its '{key}' row"))
    return findings


def ctx_choice(ctx: Context) -> re.Pattern:
    from rfc_template.lints.model import model

    return model(ctx.edition.language).choice_list


def _written_as_item(doc: document.Document, heading: document.Heading, key: str) -> bool:
    """`PT / MS 差异：...` (or `PT / MS 差异: ...`) with some text, under that heading."""
    lines = doc.source.split("\n")
    after = [h.line for h in doc.headings if h.line > heading.line]
    end = after[0] if after else len(lines) + 1
    item = re.compile(rf"{re.escape(key)}\s*\**\s*[：:]\s*\S")
    return any(item.search(lines[n - 1]) for n in range(heading.line + 1, end))


def single_backend_rows(ctx: Context) -> list[Finding]:
    """RFC315: with one backend, the PT / MS rows have nothing to say."""
    backend = ctx.info.get("适用后端")
    if backend not in ctx.rules.backends or backend == ctx.rules.both_backends:
        return []
    findings = []
    for section, key in ((ctx.edition.name(s), ctx.edition.name(k)) for s, k in BOTH_BACKEND_ROWS):
        table = ctx.doc.table_in(section)
        for line, row in rows(table) if table else ():
            if row[0] == key:
                findings.append(Finding(line, 1, "RFC315", f"{ctx.edition.name('适用后端')} is {backend}: remove the '{key}' row from '{section}'"))
    return findings


def performance(ctx: Context) -> list[Finding]:
    """RFC307: 性能优化 needs 9.3 rows with a real baseline and pass criterion: at each row
    that has a placeholder there, or at the section when it has no row."""
    rfc_type, section, baseline, criterion = PERFORMANCE
    if ctx.info.get("类型") != rfc_type:
        return []
    ed = ctx.edition
    section, baseline, criterion = ed.name(section), ed.name(baseline), ed.name(criterion)
    shown = ed.name(rfc_type) if ed.language == "zh" else ctx.rules.en_labels.get(rfc_type, rfc_type)
    message = f"{ed.name('类型')} is {shown}: '{section}' needs a real {baseline} and {criterion}"
    table = ctx.doc.table_in(section)
    if table is None or not table.rows:
        heading = next((h.line for h in ctx.doc.headings if h.text == section), None)
        return [Finding(table.line if table else heading, 1, "RFC307", message)] if (table or heading) else []
    indexes = [table.header.index(c) for c in (baseline, criterion) if c in table.header]
    return [
        Finding(line, 1, "RFC307", message)
        for line, row in rows(table)
        if any(i >= len(row) or not _clean(row[i]) or is_placeholder(row[i]) for i in indexes)
    ]


def modules_and_changes(ctx: Context) -> list[Finding]:
    """RFC314: a module listed in 相关模块 is changed in 6.5, and 6.5 changes no other."""
    listed = set(answers.canonical_modules(ctx.info.get("相关模块", ""), ctx.rules))
    ed = ctx.edition
    table = ctx.doc.table_in(ed.name(CHANGES))
    if not listed or table is None:
        return []
    na = CHOICE_WORDS[ed.language][CHOICE_WORDS["zh"].index("不涉及")]
    findings = []
    for line, row in rows(table):
        module = row[0].strip("*_` ").lower()
        if module not in ctx.rules.modules or len(row) < 2:
            continue
        change, affects = _clean(row[1]), (_clean(row[2]) if len(row) > 2 else "")
        unchanged = bool(UNCHANGED.match(change)) or affects == na
        if module in listed and (unchanged or not change):
            findings.append(Finding(line, 1, "RFC314", f"{ed.name('相关模块')} lists '{module}', but '{ed.name(CHANGES)}' does not change it"))
        elif module not in listed and change and not unchanged and not is_placeholder(change):
            findings.append(Finding(line, 1, "RFC314", f"'{ed.name(CHANGES)}' changes '{module}', which {ed.name('相关模块')} does not list"))
    return findings
