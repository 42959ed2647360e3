from __future__ import annotations

import re

from rfc_template.document import section_of
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.sections import section_findings


@rule(
    "RFC001",
    "missing-section",
    DRAFT,
    fails=(
        edit("### 6.4 关键逻辑\n", "", at="### 6.3 时序参考"),
        # no space after the hashes: a paragraph, where the heading was meant (held-back round 12)
        edit("### 9.3 Performance / memory verification\n", "###9.3 Performance / memory verification\n", rfc="en"),
    ),
    passes=(
        edit(
            "## 7. 组件依赖\n",
            "### 6.7 风险与回退\n\n锁页内存申请失败时告警一次，回退为普通 host 内存；"
            "不调用本接口即恢复原行为。\n\n## 7. 组件依赖\n",
        ),
        # a heading is its section by number and title, whatever the author appends
        edit("### 6.4 关键逻辑\n", "### 6.4 关键逻辑（Key Logic）\n"),
        edit("### 9.2 交互验证（举例）\n", "### 9.2 交互验证\n"),
        edit("### 6.4 Key logic\n", "### 6.4 Key logic (sketch)\n", rfc="en"),
    ),
)
def missing_section(ctx: Context) -> list[Finding]:
    """a required section is missing

    ## What it checks
    Every level-2 and level-3 heading of the template's edition (`## 1. 基本信息` ...
    `## 10. 实现计划`, or `## 1. Basic information` ... `## 10. Implementation plan`) is a
    heading of the RFC, at any level. A heading is the section by its number and title
    (white space, width, case and inline markup aside), whatever the author appends: a gloss
    or a note (`### 6.4 关键逻辑（Key Logic）`, `### 6.4 Key logic (sketch)`, `[Level1]`); the
    template's own closing note may be left out (`### 9.2 交互验证`). A title that goes on
    (`6.5 代码改动点说明`), another title or another number is another heading. A missing
    section is reported at the previous required section found (line 1 if none); one whose
    heading is nearly written (`## 7、组件依赖`, `## 7. 依赖`, `## 7. Dependencies` in a Chinese
    RFC) is RFC011's instead, at that heading; one whose heading is written with no space
    after its hashes (`###9.3 Performance / memory verification`, a paragraph to a forge) is
    reported at that line. Sections of the author's own are accepted
    anywhere. A section after a fence or comment left open is not reported: RFC006 names
    that cause.

    ## Why a reviewer cares
    Reviewers look for each topic under its name; a missing `7. 组件依赖` is a question left
    unanswered, and the rules that read that section have nothing to check.
    """
    findings = [finding for finding in section_findings(ctx) if finding.code == "RFC001"]
    unspaced = _unspaced_headings(ctx) if findings else {}
    for index, finding in enumerate(findings):
        missing = MISSING.match(finding.message)
        written = unspaced.get(missing.group(1)) if missing else None
        if written:
            line, text = written
            findings[index] = Finding(
                line,
                1,
                "RFC001",
                f"{finding.message}: '{text}' is no heading to a forge; put a space after the #",
            )
    return findings


MISSING = re.compile(r"missing section '#+ (.+)'$")
UNSPACED = re.compile(r"(#{1,6})([^#\s].*)")


def _unspaced_headings(ctx: Context) -> dict[str, tuple[int, str]]:
    """Template section -> (line, text) of a line outside code that would head it but for the
    space after its hashes (`###9.3 Performance / memory verification`)."""
    known = {s.text for s in ctx.edition.sections}
    found: dict[str, tuple[int, str]] = {}
    for number, line in enumerate(ctx.visible_lines, start=1):
        # (visible lines: code blocks and comments are blank, `#include` or a shell comment is no heading)
        match = UNSPACED.fullmatch(line.strip()) if line.startswith("#") else None
        section = section_of(" ".join(match.group(2).split())) if match else ""
        if section in known:
            found.setdefault(section, (number, line.strip()))
    return found
