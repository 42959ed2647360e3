"""What the template itself says each part of an RFC should hold, read off its own text.

The review rules ask this model, never a second list: which table cells the author
must fill (empty, `xxx`, or a hint such as `场景、指标、目标`), which offer a choice
(`是 / 否`), which prose lines carry a slot or a choice, which code blocks and diagrams
are examples to replace. A change to the template changes the rules.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from functools import cache, lru_cache

from rfc_template import document
from rfc_template.editions import CHOICE_WORDS
from rfc_template.template import rfc_template_path, template_dir

JINJA = re.compile(r"\{\{.*?\}\}|\{%.*?%\}", re.S)
STATEMENT_LINE = re.compile(r"^[ \t]*\{%.*?%\}[ \t]*\n", re.M)
NAMED = re.compile(r"\w*(?:\{\{.*?\}\}\w*)+")  # an identifier the answers name: `enable_{{ feature }}`
SLOT = re.compile(r"(?<![A-Za-z])xxx(?![A-Za-z])")
# The template's mark of a hint cell: a Jinja comment after the cell's text, which renders to
# nothing (`| 性能收益 | 场景、指标、目标 |` in every RFC). After a header: the whole column.
HINT_MARK = re.compile(r"\{#-?\s*hint\s*-?#\}")
PARAMETERS = "5.1 接口定义"  # the interface's own rows are the author's (see 5.1's code)
PLAN, DEPENDS = "10. 实现计划", "依赖"  # the PR plan and its column of the PRs each needs
CHANGES = "6.5 代码改动点"  # a row for each of the template's modules
DEPENDENCIES = "7. 组件依赖"  # a row for each part the feature needs, with its status


def choice_pattern(words) -> re.Pattern:
    """Two or more of `words` joined by a slash in any spacing and width: a choice left unmade."""
    alternatives = "|".join(re.escape(w) for w in sorted(set(words), key=len, reverse=True))
    return re.compile(rf"(?<![\w/])(?:{alternatives})(?:\s*[/／]\s*(?:{alternatives}))+(?![\w/])")


@dataclass
class TemplateModel:
    language: str
    doc: document.Document
    choice_words: tuple[str, ...]
    column_choices: dict = field(default_factory=dict)  # (section, column) -> option words offered
    answer_columns: set = field(default_factory=set)  # (section, column) filled from the answers
    hints: dict = field(default_factory=dict)  # (section, row key, column) -> the hint text (see `_hints`)
    hint_keys: dict = field(default_factory=dict)  # section -> first-column hints (4's 相关框架 / ...)
    choice_prefixes: dict = field(default_factory=dict)  # section -> prose before a choice list
    slot_prefixes: dict = field(default_factory=dict)  # section -> prose before an xxx slot
    example_code: dict = field(default_factory=dict)  # section -> [regex of an example block]
    example_lines: dict = field(default_factory=dict)  # section -> {distinctive example line}
    stubs: list = field(default_factory=list)  # (diagram file, skeleton, its words: labels and messages)
    columns: dict = field(default_factory=dict)  # section -> the columns its tables have (folded)
    form_keys: dict = field(default_factory=dict)  # section -> the rows a form asks for (see `asked`)
    choice_list: re.Pattern = re.compile(r"(?!)")  # any choice list of this edition's words (model() sets it)


def folded(text: str) -> str:
    return text.strip().casefold()


def asked(m: TemplateModel, table: document.Table) -> tuple[tuple[int, ...], frozenset[str] | None]:
    """What the template asks a table to hold: the indexes of its columns that the
    template's tables in its section have (an author's own 备注 / Notes column is not
    asked for), and, for a form, the rows it asks, folded (None: any row, each an item).

    A form is a two-column table, each row one question (1's 项目 | 内容, 8's 类型 | 内容):
    a row the author adds to it is the author's own (评审人, 里程碑). A table of more columns
    is a list (parameters, PRs, combinations, scenarios): every row is an item, asked for
    every column the template gives it."""
    return _asked(m.language, table.section, tuple(table.header))


@lru_cache(maxsize=1024)  # the same headers in every RFC
def _asked(language: str, section: str, header: tuple[str, ...]) -> tuple[tuple[int, ...], frozenset[str] | None]:
    m = model(language)
    known = m.columns.get(section, set())
    keys = m.form_keys.get(section)
    columns = tuple(i for i, column in enumerate(header) if folded(column) in known)
    return columns, (frozenset(map(folded, keys)) if keys is not None else None)


def _words_in(cell: str, words: tuple[str, ...]) -> set[str]:
    match = choice_pattern(words).search(cell)  # (the template's cells only, once per process)
    if not match:
        return set()
    alternatives = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    return set(re.findall(alternatives, match.group()))


def _prefix(line: str, start: int) -> str:
    return re.sub(r"^\s*(?:[-*+]|\d+\.)\s+", "", line[:start]).strip()


@cache
def model(language: str) -> TemplateModel:
    # Jinja's statements on lines of their own (`{%- if both_backends %}`) would cut a
    # table in two; without them, every row either tailoring can have is read.
    marked = STATEMENT_LINE.sub("", rfc_template_path(language).read_text(encoding="utf-8"))
    source = HINT_MARK.sub("", marked)
    doc = document.parse(source)
    words = CHOICE_WORDS[language]
    choices = choice_pattern(words)
    m = TemplateModel(language, doc, words, choice_list=choices)
    for table in doc.tables:
        m.columns.setdefault(table.section, set()).update(map(folded, table.header))
        keys = [row[0] for row in table.rows]
        if len(table.header) == 2 and all(keys) and not any(JINJA.search(key) for key in keys):
            # a form: each row one question (项目 | 内容, 类型 | 内容), named by the template
            m.form_keys.setdefault(table.section, set()).update(keys)
        for row in table.rows:
            for column, cell in zip(table.header, row):
                offered = _words_in(cell, words)
                if offered:
                    m.column_choices.setdefault((table.section, column), set()).update(offered)
                if JINJA.search(cell):
                    m.answer_columns.add((table.section, column))
    _hints(m, document.parse(marked))
    _prose(m, source, doc, choices)
    _code(m, doc)
    _stubs(m)
    return m


def _hints(m: TemplateModel, marked: document.Document) -> None:
    """The cells the template marks as hints (HINT_MARK), as the RFC reads them: cells
    that say what to write, not what the RFC says. In the template now: 4's source
    `相关框架 / 原生实现 / 模型写法`, the content of every row of 8 (`场景、指标、目标`,
    `场景、原因、是否可接受`, `支持范围、行为差异`, `差异、原因、迁移方式`), 9.1's coverage of UT
    (`接口、参数校验、核心函数`) and of Level0 (`最小训练闭环`), 9.3's metric (`step time /
    throughput / peak memory`: the candidates, to keep those measured). Not marked, so no
    hints: what an RFC may keep as its own words, such as 9.1's coverage of Level1
    (`分布式、多组件组合、性能 / 显存`, which 9.2 and 9.3 detail) and 9.2's pass criteria
    (`save / load 后可继续训练`, `行为一致或差异符合文档`)."""
    for table in marked.tables:
        whole = {i for i, column in enumerate(table.header) if HINT_MARK.search(column)}
        header = [HINT_MARK.sub("", column).strip() for column in table.header]
        for row in table.rows:
            key = HINT_MARK.sub("", row[0]).strip() if row else ""
            for index, cell in enumerate(row):
                hint = HINT_MARK.sub("", cell).strip()
                if not hint or (index not in whole and not HINT_MARK.search(cell)):
                    continue
                if index == 0:
                    m.hint_keys.setdefault(table.section, set()).add(hint)
                else:
                    m.hints[(table.section, key, header[index])] = hint


def _prose(m: TemplateModel, source: str, doc: document.Document, choices: re.Pattern) -> None:
    """Prose lines with a choice list or an xxx slot, by section (comments left out)."""
    section = ""
    in_comment = in_code = False
    for line in source.splitlines():
        stripped = line.strip()
        if stripped.startswith("```"):
            in_code = not in_code
            continue
        if "<!--" in line:
            in_comment = "-->" not in line.split("<!--", 1)[1]
            continue
        if in_comment:
            in_comment = "-->" not in line
            continue
        if in_code or stripped.startswith("|") or JINJA.fullmatch(stripped or "x"):
            continue
        if line.startswith("#"):
            section = document.normalise(line.lstrip("#"))
            continue
        choice = choices.search(line)
        if choice:
            m.choice_prefixes.setdefault(section, set()).add(_prefix(line, choice.start()))
        slot = SLOT.search(line)
        if slot and not choice:
            m.slot_prefixes.setdefault(section, set()).add(_prefix(line, slot.start()))


def _code(m: TemplateModel, doc: document.Document) -> None:
    """Each example code block as a pattern (its Jinja parts match any name), and its
    distinctive lines: the ones with a placeholder `...` or a comment to replace."""
    for block in doc.code_blocks:
        if block.info == "mermaid" or not block.code.strip():
            continue
        parts = JINJA.split(NAMED.sub("{{ name }}", block.code.strip()))
        pattern = r"\w+".join(re.escape(part) for part in parts)
        pattern = re.sub(r"(\\ )+", r"\\s+", pattern).replace("\\\n", r"\s*\n\s*")
        m.example_code.setdefault(block.section, []).append(re.compile(r"\s*" + pattern + r"\s*", re.S))
        for line in block.code.splitlines():
            text = line.strip()
            if text and not JINJA.search(text) and ("..." in text or text.startswith("#") or " # " in text):
                m.example_lines.setdefault(block.section, set()).add(text)


def _stubs(m: TemplateModel) -> None:
    folder = template_dir() / "templates" / "mermaid" / m.language
    for path in sorted(folder.glob("*.mmd")):
        text = path.read_text(encoding="utf-8")
        m.stubs.append((path.name, skeleton(text), words(text)))


QUOTED = re.compile(r'"[^"]*"')
FREE_TEXT = re.compile(r"(:| as ).*")


def words(diagram: str) -> frozenset[str]:
    """A diagram's labels and messages (the template's own, a placeholder taken out)."""
    found: set[str] = set()
    for line in diagram.splitlines():
        if "{{" in line or "{%" in line:
            continue  # a label the answers fill in
        found.update(label.strip('"').strip() for label in QUOTED.findall(line))
        free = FREE_TEXT.search(QUOTED.sub('""', line))
        if free:
            found.add(free.group().lstrip(":").removeprefix(" as ").strip())
    return frozenset(w for w in found if w)


def skeleton(diagram: str) -> tuple[str, ...]:
    """A diagram's structure without its words: node ids, edges and keywords, so that
    the stub is recognised whatever title or labels were put in."""
    shapes = map(_line_shape, (JINJA.sub("", diagram) if "{" in diagram else diagram).splitlines())
    return tuple(shape for shape in shapes if shape is not None)


@lru_cache(maxsize=4096)  # a diagram's lines recur in every RFC that keeps them: the stubs' lines
def _line_shape(line: str) -> str | None:
    """One line of a skeleton; None for a blank line or a `%%` comment."""
    line = line.strip()
    if not line or line.startswith("%%"):
        return None
    return _SPACES.sub(" ", FREE_TEXT.sub("", QUOTED.sub('""', line))).strip()


_SPACES = re.compile(r"\s+")
