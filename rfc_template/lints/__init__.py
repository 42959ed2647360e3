"""Every rule of `rfc check`, grouped by what it reads, one module per family.

    sections     the headings: required sections, their order and level; unrendered syntax
    blocks       what a forge draws: fences and comments left open, rows of the wrong width,
                 pipe lines with no delimiter row (tables read as GFM: rfc_template/gfm_tables.py)
    preamble     the basic-info table (1. 基本信息); the title
    diagrams     the mermaid blocks, their copies under diagrams/, diagrams in untagged blocks
    slots        what the template leaves to fill: xxx, choice lists, empty cells, placeholders
    leftovers    the template's own example content still in place; the other edition's lines
    code         the python blocks: they parse; 5.1's table, signature and 5.2's example agree
    links        link targets: well formed, files that exist, anchors of real headings
    plan         section 10's PR dependencies
    consistency  what one section says against another

`RULES` is the one table of codes, stages and summaries (docs/rfc-command.md's rule table lists
the same); `LINTS` runs them. A lint is a function `(Context) -> list[Finding]`; the
stage it runs from is its codes' stage, so the core loop in check.py stays small.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

from rfc_template import document
from rfc_template.editions import Edition
from rfc_template.findings import Finding, normalise_newlines
from rfc_template.template import Rules

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
        Rule("RFC006", DRAFT, "a code fence or HTML comment is never closed: it swallows the rest of the RFC"),
        Rule("RFC007", DRAFT, "a table row has more or fewer cells than its header"),
        Rule("RFC008", DRAFT, "lines of cells with no delimiter row (| --- |) under the first: no table at all"),
        Rule("RFC101", DRAFT, "the basic-info table (1. 基本信息) is missing"),
        Rule("RFC102", DRAFT, "the basic-info table has a key that looks like a misspelt known key"),
        Rule("RFC103", DRAFT, "the basic-info table lacks a key"),
        Rule("RFC104", DRAFT, "the author (作者) is empty"),
        Rule("RFC105", DRAFT, "a module (相关模块) is unknown or none is named"),
        Rule("RFC106", DRAFT, "the backend (适用后端) is unknown"),
        Rule("RFC107", DRAFT, "the status (状态) is unknown"),
        Rule("RFC108", DRAFT, "the date (创建日期) is not a real ISO date"),
        Rule("RFC109", DRAFT, "the issue / PR is not a link, #N or !N"),
        Rule("RFC110", DRAFT, "the category (类型) is unknown"),
        Rule("RFC111", REVIEW, "the date (创建日期) is after today"),
        Rule("RFC112", DRAFT, "a basic-info key appears more than once"),
        Rule("RFC201", DRAFT, "a mermaid block does not start with a known diagram type"),
        Rule("RFC202", DRAFT, "a mermaid block has unbalanced brackets or quotes"),
        Rule("RFC203", DRAFT, "a diagram under diagrams/ differs from its block in rfc.md"),
        Rule("RFC204", DRAFT, "Mermaid rejects a diagram (rfc check --diagrams)"),
        Rule("RFC205", DRAFT, "a diagram is in a block not tagged mermaid, so it is never drawn"),
        Rule("RFC301", REVIEW, "an xxx slot is left to fill"),
        Rule("RFC302", REVIEW, "a choice list (是 / 否, 强 / 弱 / 不涉及, ...) is left unchosen"),
        Rule("RFC303", REVIEW, "a table cell is empty"),
        Rule("RFC304", REVIEW, "a parameter in 5.1 has an empty column"),
        Rule("RFC305", REVIEW, "9.1 or 10 has no fully filled row"),
        Rule("RFC306", REVIEW, "PT + MS needs the PT / MS 差异 and PT / MS 对齐 rows filled"),
        Rule("RFC307", REVIEW, "性能优化 needs a 9.3 row with a real baseline and pass criterion"),
        Rule("RFC308", REVIEW, "a required value is a placeholder (TBD, TODO, 待定, ?, -, ..., …, 略, 同上, N/A where no choice offers it)"),
        Rule("RFC309", REVIEW, "TODO, TBD or FIXME is left in the text"),
        Rule("RFC310", REVIEW, "a required section has nothing under its heading"),
        Rule("RFC311", REVIEW, "a code block is still the template's example"),
        Rule("RFC312", REVIEW, "a table cell still holds the template's hint"),
        Rule("RFC313", REVIEW, "a diagram is still the template's stub"),
        Rule("RFC314", REVIEW, "相关模块 and 6.5 代码改动点 disagree"),
        Rule("RFC315", REVIEW, "a single-backend RFC keeps the PT / MS rows"),
        Rule("RFC316", REVIEW, "a line of the other edition's template is left in"),
        Rule("RFC317", REVIEW, "the title is still the template's default"),
        Rule("RFC318", REVIEW, "a python block is not valid Python"),
        Rule("RFC319", REVIEW, "5.1's parameter table and the signature in 5.1's code disagree (names or defaults)"),
        Rule("RFC320", REVIEW, "5.2's example calls a function or passes a keyword 5.1 does not define"),
        Rule("RFC321", REVIEW, "a link's target is empty or not a well-formed URL"),
        Rule("RFC322", REVIEW, "a relative link points to a file that does not exist beside the RFC"),
        Rule("RFC323", REVIEW, "an #anchor link names no heading of the RFC"),
        Rule("RFC324", REVIEW, "section 10 names a dependency that is no PR of its own table"),
        Rule("RFC325", REVIEW, "section 10's PR dependencies form a cycle"),
    )
}


@dataclass
class Context:
    """What every lint may read about one RFC."""

    doc: document.Document
    edition: Edition
    rules: Rules
    path: Path | None
    info: dict[str, str] = field(default_factory=dict)  # basic info, keyed in Chinese
    info_lines: dict[str, int] = field(default_factory=dict)  # the line of each key's row
    _uncommented: list[str] | None = None
    _visible: list[str] | None = None

    @property
    def uncommented_lines(self) -> list[str]:
        """The source's lines with HTML comments blanked (guidance renders as nothing)."""
        if self._uncommented is None:
            self._uncommented = blank_comments(normalise_newlines(self.doc.source).split("\n"))
        return self._uncommented

    @property
    def visible_lines(self) -> list[str]:
        """The lines a reader reads as text: comments and code blocks blanked."""
        if self._visible is None:
            lines = list(self.uncommented_lines)
            for block in self.doc.code_blocks:  # the fences and every line between
                for number in range(block.line, min(block.line + block.code.count("\n") + 2, len(lines) + 1)):
                    lines[number - 1] = ""
            self._visible = lines
        return self._visible


def blank_comments(lines: list[str]) -> list[str]:
    """`lines` with every `<!-- ... -->` blanked, also across lines; others as they are."""
    if not any("<!--" in line for line in lines):
        return lines
    out, inside = [], False
    for line in lines:
        if not inside and "<!--" not in line:
            out.append(line)
            continue
        kept, rest = [], line
        while rest:
            if inside:
                end = rest.find("-->")
                if end < 0:
                    rest = ""
                    continue
                rest, inside = rest[end + 3:], False
            else:
                start = rest.find("<!--")
                if start < 0:
                    kept.append(rest)
                    rest = ""
                    continue
                kept.append(rest[:start])
                rest, inside = rest[start + 4:], True
        out.append("".join(kept))
    return out


@lru_cache(maxsize=None)
def lints() -> list[tuple[tuple[str, ...], object]]:
    """(the codes a lint reports, the lint), in the order they run: the basic info first,
    since later lints read `ctx.info`. Imported here, not at the top: the modules import
    this one for `Context`."""
    from rfc_template.lints import blocks, code, consistency, diagrams, leftovers, links, plan, preamble, sections, slots

    return [
        (("RFC101", "RFC102", "RFC103", "RFC104", "RFC105", "RFC106", "RFC107", "RFC108", "RFC109", "RFC110", "RFC112"),
         preamble.basic_info),
        (("RFC111",), preamble.future_date),
        (("RFC317",), preamble.default_title),
        (("RFC001", "RFC002", "RFC003", "RFC005"), sections.required_sections),
        (("RFC006",), blocks.unclosed_blocks),
        (("RFC007",), blocks.row_widths),
        (("RFC008",), blocks.tables_without_delimiter),
        (("RFC004",), sections.unrendered),
        (("RFC310",), sections.empty_sections),
        (("RFC201", "RFC202"), diagrams.mermaid_blocks),
        (("RFC203",), diagrams.diagram_files),
        (("RFC205",), diagrams.untagged_diagrams),
        (("RFC301",), slots.xxx_slots),
        (("RFC302",), slots.choices),
        (("RFC303", "RFC304"), slots.empty_cells),
        (("RFC305",), slots.real_rows),
        (("RFC308",), slots.placeholders),
        (("RFC309",), slots.left_todos),
        (("RFC311",), leftovers.example_code),
        (("RFC312",), leftovers.hint_cells),
        (("RFC313",), leftovers.stub_diagrams),
        (("RFC316",), leftovers.other_edition_lines),
        (("RFC318", "RFC319", "RFC320"), code.python_code),
        (("RFC321", "RFC322", "RFC323"), links.links),
        (("RFC324", "RFC325"), plan.dependencies),
        (("RFC306",), consistency.both_backend_rows),
        (("RFC307",), consistency.performance),
        (("RFC314",), consistency.modules_and_changes),
        (("RFC315",), consistency.single_backend_rows),
    ]


def run(ctx: Context, stage: str | None) -> list[Finding]:
    """Every lint of the stage: draft lints always; review lints once the stage (given,
    or implied by the status the basic-info lint read) is review."""
    findings: list[Finding] = []
    for codes, lint in lints():
        if RULES[codes[0]].stage == REVIEW:
            stage = stage or _stage_of_status(ctx)  # the basic-info lint has run by now
            if stage != REVIEW:
                continue
        findings += lint(ctx)
    return findings


def _stage_of_status(ctx: Context) -> str:
    from rfc_template.check import stage_of

    return stage_of(ctx.info.get("状态", ""), ctx.rules)
