"""`rfc check`: an RFC against the template, stricter as its status advances.

Every rule has a stable code, listed in RULES with the stage from which it applies;
the README documents each one with an example.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass
from pathlib import Path

from rfc_template import answers, document, structure
from rfc_template.editions import Edition, edition_of
from rfc_template.findings import Finding, LineIndex, normalise_newlines, unrendered_syntax
from rfc_template.template import Rules, load_rules

DRAFT, REVIEW = "draft", "review"
STAGES = (DRAFT, REVIEW)


@dataclass(frozen=True)
class Rule:
    code: str
    stage: str
    summary: str


RULES = {
    rule.code: rule
    for rule in (
        Rule("RFC001", DRAFT, "a required section is missing"),
        Rule("RFC002", DRAFT, "a required section is out of order"),
        Rule("RFC003", DRAFT, "a required section appears more than once"),
        Rule("RFC004", DRAFT, "template syntax was left unrendered"),
        Rule("RFC005", DRAFT, "a required section has the wrong heading level"),
        Rule("RFC101", DRAFT, "the basic-info table (1. 基本信息) is missing"),
        Rule("RFC102", DRAFT, "the basic-info table has an unknown key"),
        Rule("RFC103", DRAFT, "the basic-info table lacks a key"),
        Rule("RFC104", DRAFT, "the author (作者) is empty"),
        Rule("RFC105", DRAFT, "a module (相关模块) is unknown or none is named"),
        Rule("RFC106", DRAFT, "the backend (适用后端) is unknown"),
        Rule("RFC107", DRAFT, "the status (状态) is unknown"),
        Rule("RFC108", DRAFT, "the date (创建日期) is not a real ISO date"),
        Rule("RFC109", DRAFT, "the issue / PR is not a link, #N or !N"),
        Rule("RFC110", DRAFT, "the category (类型) is unknown"),
        Rule("RFC201", DRAFT, "a mermaid block does not start with a known diagram type"),
        Rule("RFC202", DRAFT, "a mermaid block has unbalanced brackets or quotes"),
        Rule("RFC203", DRAFT, "a diagram under diagrams/ differs from its block in rfc.md"),
        Rule("RFC301", REVIEW, "an xxx slot is left to fill"),
        Rule("RFC302", REVIEW, "a choice list (是 / 否, 强 / 弱 / 不涉及, ...) is left unchosen"),
        Rule("RFC303", REVIEW, "a table cell is empty"),
        Rule("RFC304", REVIEW, "a parameter in 5.1 has an empty column"),
        Rule("RFC305", REVIEW, "9.1 or 10 has no fully filled row"),
        Rule("RFC306", REVIEW, "PT + MS needs the PT / MS 差异 and PT / MS 对齐 rows filled"),
        Rule("RFC307", REVIEW, "性能优化 needs a 9.3 row with a baseline and a pass criterion"),
    )
}

# Mermaid's diagram types (the first word of a diagram).
MERMAID_TYPES = (
    "flowchart", "graph", "sequenceDiagram", "classDiagram", "stateDiagram", "stateDiagram-v2",
    "erDiagram", "journey", "gantt", "pie", "quadrantChart", "requirementDiagram", "gitGraph",
    "C4Context", "C4Container", "C4Component", "C4Dynamic", "C4Deployment", "mindmap", "timeline",
    "zenuml", "sankey-beta", "xychart-beta", "block-beta", "packet-beta", "kanban", "architecture-beta",
    "radar-beta", "treemap-beta",
)
SLOT = re.compile(r"(?<![A-Za-z])xxx(?![A-Za-z])")
HTML_COMMENT = re.compile(r"<!--.*?-->", re.S)
NOT_NEWLINE = re.compile(r"[^\n]")
# Sections, rows and columns the rules name, in the Chinese edition's words (an English
# RFC's are found through editions.py).
BOTH_BACKEND_ROWS = (("8. 约束与兼容性", "PT / MS 差异"), ("9.2 交互验证（举例）", "PT / MS 对齐"))
PARAMETERS = "5.1 接口定义"
NEEDS_REAL_ROW = ("9.1 用例分层", "10. 实现计划")
PERFORMANCE = ("性能优化", "9.3 性能 / 显存验证", "基线", "通过标准")
OPTIONAL_BASIC_INFO = ("相关 issue / PR",)


@dataclass
class Checked:
    """What one file yielded: its findings, and the basic info for `rfc index`."""

    path: Path
    findings: list[Finding]
    info: dict[str, str]
    title: str


def stage_of(status: str, rules: Rules) -> str:
    """A draft is checked as a draft; every later status as ready for review."""
    index = status_index(status, rules)
    return DRAFT if index in (None, 0) else REVIEW


def status_index(status: str, rules: Rules) -> int | None:
    wanted = status.strip().lower()
    for index, known in enumerate(rules.statuses):
        if wanted in {known.lower(), *(part.lower() for part in known.split())}:
            return index
    return None


def check_text(text: str, path: Path | None = None, stage: str | None = None) -> Checked:
    """`info` is keyed by the Chinese edition's names, whatever the RFC's edition."""
    rules = load_rules()
    doc = document.parse(text)
    ed = edition_of(doc)
    info, findings = _basic_info(doc, rules, ed)
    findings += structure.section_findings(doc, ed.language)
    findings += _unrendered(doc)
    findings += _mermaid(doc)
    if path is not None:
        findings += _diagram_files(doc, path, ed)
    if (stage or stage_of(info.get("状态", ""), rules)) == REVIEW:
        findings += _review(doc, info, rules, ed)
    return Checked(path or Path("-"), sorted(set(findings)), info, doc.title)


def _basic_info(doc: document.Document, rules: Rules, ed: Edition) -> tuple[dict[str, str], list[Finding]]:
    table = doc.table_in(ed.basic_info)
    if table is None:
        heading = next((h.line for h in doc.headings if h.text == ed.basic_info), 1)
        header = " | ".join(ed.name(cell) for cell in ("项目", "内容"))
        return {}, [Finding(heading, 1, "RFC101", f"the basic-info table ({header}) is missing")]
    known = ed.basic_info_keys
    info: dict[str, str] = {}
    findings = []
    for offset, row in enumerate(table.rows):
        line = table.line + 2 + offset
        key, value = row[0], (row[1] if len(row) > 1 else "")
        if key not in known:
            close = difflib.get_close_matches(key, known, n=1, cutoff=0.4)
            hint = f"; did you mean '{close[0]}'?" if close else f"; known keys: {', '.join(known)}"
            findings.append(Finding(line, 1, "RFC102", f"unknown basic-info key '{key}'{hint}"))
            continue
        key = ed.chinese(key)
        info[key] = rules.canonical(value) if key == "类型" else value
        findings += [Finding(line, 1, code, message) for code, message in _value_problems(key, info[key], rules)]
    for key in known:
        if ed.chinese(key) not in info and ed.chinese(key) not in OPTIONAL_BASIC_INFO:
            findings.append(Finding(table.line, 1, "RFC103", f"the basic-info table lacks '{key}'"))
    return info, findings


def _value_problems(key: str, value: str, rules: Rules) -> list[tuple[str, str]]:
    """The answer checks of rfc_template/answers.py, applied to the table's cells."""
    checks = {
        "作者": ("RFC104", lambda: ["作者 (author) must not be empty"] if not value.strip() else []),
        "相关模块": ("RFC105", lambda: answers.modules_problems(value, rules)),
        "适用后端": ("RFC106", lambda: answers.choice_problems("适用后端 (backend)", value, rules.backends)),
        "状态": ("RFC107", lambda: [] if status_index(value, rules) is not None else [
            f"状态 (status) {answers.show(value)} is unknown; use one of: {' / '.join(rules.statuses)}"]),
        "创建日期": ("RFC108", lambda: answers.date_problems(value)),
        "相关 issue / PR": ("RFC109", lambda: answers.issue_problems(value)),
        "类型": ("RFC110", lambda: answers.choice_problems("类型 (rfc_type)", value, rules.rfc_types)),
    }
    code, problems = checks.get(key, ("", lambda: []))
    return [(code, message) for message in problems()]


def _mermaid_lines(doc: document.Document) -> set[int]:
    lines = set()
    for block in doc.code_blocks:
        if block.info == "mermaid":
            lines.update(range(block.line, block.line + block.code.count("\n") + 2))
    return lines


def _unrendered(doc: document.Document) -> list[Finding]:
    # Mermaid's own syntax has `{{` (hexagon nodes), so its blocks are left out.
    skip = _mermaid_lines(doc)
    return [f for f in unrendered_syntax(doc.source) if f.line not in skip]


def _mermaid(doc: document.Document) -> list[Finding]:
    findings = []
    for block in doc.code_blocks:
        if block.info != "mermaid":
            continue
        lines = [l for l in block.code.splitlines() if l.strip() and not l.strip().startswith("%%")]
        first = lines[0].split()[0] if lines else ""
        if first not in MERMAID_TYPES:
            findings.append(Finding(block.line + 1, 1, "RFC201", f"mermaid block starts with '{first}', not a diagram type such as flowchart or sequenceDiagram"))
        findings += [Finding(block.line + 1 + n, c, "RFC202", m) for n, c, m in _unbalanced(block.code, first)]
    return findings


# A flowchart's asymmetric node, `id>text]`, opens with `>` right after the node id.
ASYMMETRIC_NODE = re.compile(r"(?<=\w)>")
SEQUENCE_FREE_TEXT = re.compile(r"(:| as ).*")
BRACKET_OR_QUOTE = re.compile(r'[()\[\]{}"]')


def _unbalanced(code: str, diagram: str) -> list[tuple[int, int, str]]:
    """Per line: quotes must pair; brackets must close across the block. (line, col, msg)."""
    problems = []
    stack: list[tuple[str, int, int]] = []
    pairs = {")": "(", "]": "[", "}": "{"}
    for number, line in enumerate(code.splitlines()):
        if line.strip().startswith("%%"):
            continue
        if diagram == "sequenceDiagram":
            # a message's text and a participant's alias are free: `A->>B: ok :)`
            line = SEQUENCE_FREE_TEXT.sub("", line)
        elif diagram in ("flowchart", "graph"):
            line = ASYMMETRIC_NODE.sub("[", line)
        if line.count('"') % 2:
            problems.append((number, line.rfind('"') + 1, "unbalanced double quote"))
            continue
        in_quote = False
        for match in BRACKET_OR_QUOTE.finditer(line):
            ch, col = match.group(), match.start() + 1
            if ch == '"':
                in_quote = not in_quote
            elif in_quote:
                continue
            elif ch in "([{":
                stack.append((ch, number, col))
            elif stack and stack[-1][0] == pairs[ch]:
                stack.pop()
            else:
                problems.append((number, col, f"'{ch}' closes nothing"))
    if stack:  # the innermost is the likely culprit; a flood of the rest would hide it
        ch, n, c = stack[-1]
        more = f" (and {len(stack) - 1} more before it)" if len(stack) > 1 else ""
        problems.append((n, c, f"'{ch}' is never closed{more}"))
    return problems


def _diagram_files(doc: document.Document, path: Path, ed: Edition) -> list[Finding]:
    folder = path.parent / "diagrams"
    findings = []
    for name, section in structure.diagram_sections(ed.language).items():
        file = folder / name
        block = next((b for b in doc.code_blocks if b.section == section and b.info == "mermaid"), None)
        if not file.is_file() or block is None:
            continue
        kept = file.read_text(encoding="utf-8", errors="replace")
        if kept.strip() != block.code.strip():
            findings.append(Finding(block.line, 1, "RFC203", f"diagrams/{name} differs from the mermaid block in '{section}'; edit rfc.md and copy it over, or delete the file"))
    return findings


def _review(doc: document.Document, info: dict[str, str], rules: Rules, ed: Edition) -> list[Finding]:
    findings = []
    # Guidance in HTML comments mentions xxx and 是 / 否 itself; blank it, keeping positions.
    visible = HTML_COMMENT.sub(lambda m: NOT_NEWLINE.sub(" ", m.group()), normalise_newlines(doc.source))
    lines = LineIndex(visible)
    findings += [Finding(*lines.position(m.start()), "RFC301", "an xxx slot is left to fill") for m in SLOT.finditer(visible)]
    findings += [Finding(*lines.position(m.start()), "RFC302", f"choose one of '{m.group()}'") for m in ed.choice_list.finditer(visible)]
    for table in doc.tables:
        findings += _empty_cells(table, ed)
    for section in map(ed.name, NEEDS_REAL_ROW):
        table = doc.table_in(section)
        if table is not None and not any(all(row) for row in table.rows):
            findings.append(Finding(table.line, 1, "RFC305", f"'{section}' needs at least one row with every cell filled"))
    if info.get("适用后端") == rules.both_backends:
        for section, key in ((ed.name(s), ed.name(k)) for s, k in BOTH_BACKEND_ROWS):
            table = doc.table_in(section)
            row = next((r for r in (table.rows if table else []) if r[0] == key), None)
            if row is None or not all(row) or any(ed.choice_list.search(c) for c in row):
                line = table.line if table else 1
                findings.append(Finding(line, 1, "RFC306", f"适用后端 is {rules.both_backends}: fill the '{key}' row in '{section}'"))
    rfc_type, section, baseline, criterion = PERFORMANCE
    section, baseline, criterion = ed.name(section), ed.name(baseline), ed.name(criterion)
    if info.get("类型") == rfc_type:
        table = doc.table_in(section)
        if table is None or not _has_filled(table, baseline, criterion):
            findings.append(Finding(table.line if table else 1, 1, "RFC307", f"类型 is {rfc_type}: '{section}' needs a row with {baseline} and {criterion} filled"))
    return findings


def _has_filled(table: document.Table, *columns: str) -> bool:
    indexes = [table.header.index(c) for c in columns if c in table.header]
    return any(all(row[i] for i in indexes) for row in table.rows)


def _empty_cells(table: document.Table, ed: Edition) -> list[Finding]:
    findings = []
    for offset, row in enumerate(table.rows):
        line = table.line + 2 + offset
        empty = [table.header[i] for i, cell in enumerate(row) if not cell and i < len(table.header)]
        if table.section == ed.basic_info and ed.chinese(row[0]) in OPTIONAL_BASIC_INFO:
            continue
        if not empty:
            continue
        if table.section == ed.name(PARAMETERS):
            findings.append(Finding(line, 1, "RFC304", f"parameter '{row[0]}' has empty columns: {', '.join(empty)}"))
        else:
            findings.append(Finding(line, 1, "RFC303", f"'{table.section}' row '{row[0] or offset + 1}' has empty cells: {', '.join(empty)}"))
    return findings
