from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, WARNING, edit, rule


@rule(
    "RFC011",
    "near-miss-heading",
    DRAFT,
    WARNING,
    fails=(
        edit("## 7. 组件依赖\n", "## 7、组件依赖\n"),  # the number's punctuation
        edit("## 7. 组件依赖\n", "## 7. 依赖\n"),  # a word left out
        edit("## 7. 组件依赖\n", "## 7. 组件依赖关系\n"),  # a word added
        edit("## 7. 组件依赖\n", "## 7. Dependencies\n"),  # the other edition's heading
        edit("### 6.4 Key logic\n", "### 6.4. Core logic\n", rfc="en"),
        edit("## 7. Dependencies\n", "## 7. 组件依赖\n", rfc="en"),
    ),
    passes=(
        # a subsection of the author's own, with a number the template does not have
        edit(
            "## 7. 组件依赖\n",
            "### 6.7 风险与回退\n\n锁页内存申请失败时告警一次，回退为普通 host 内存；"
            "不调用本接口即恢复原行为。\n\n## 7. 组件依赖\n",
        ),
        # like a required heading, under a section that is there
        edit("## 8. 约束与兼容性\n", "#### 7.1 依赖版本\n\nMindSpore 2.5 及以上。\n\n## 8. 约束与兼容性\n"),
        edit(
            "## 7. Dependencies\n",
            "### 6.7 Rollback\n\nWithout `enable_ulysses_sequence_parallel`, training runs as before.\n\n## 7. Dependencies\n",
            rfc="en",
        ),
    ),
)
def near_miss_heading(ctx: Context) -> list[Finding]:
    """a required section's heading is nearly, not exactly, the template's

    ## What it checks
    A heading that nearly writes the heading of a required section the RFC lacks: the
    section's number, however punctuated (`## 7、组件依赖`, `### 6.4关键逻辑`), with a title
    alike to the section's in either edition: a word left out or added (`## 7. 依赖`,
    `## 7. 组件依赖关系`), or the other edition's (`## 7. Dependencies` in a Chinese RFC).
    Alike is a difflib ratio of at least 0.6, the cutoff of its `get_close_matches`, width,
    case and closing notes aside: `### 6.4 关键实现` (0.5) is another title, and RFC001
    reports 6.4 missing. A number written `## 7 组件依赖` or `### 6.4. 关键逻辑` is already the
    section's: no near miss. The heading is reported at its line, naming the template's
    heading, and every other rule reads it as that section: it is not missing (RFC001), and
    its order, level, content and tables are checked as the section's. A section that is
    there takes no near miss, and one heading at most is taken for a missing one (the most
    alike). Another number is another heading: the author's `### 6.7 风险` or `#### 7.1
    依赖版本` is never a near miss.

    ## Why a reviewer cares
    A reviewer looks for each topic by the template's heading; `7、组件依赖` is found by
    neither the outline's numbering nor a link to `#7-组件依赖`, and a heading in the other
    edition's words reads as a section left untranslated. The fix is the heading named.
    """
    required = {section.text: section for section in ctx.edition.sections}
    findings = []
    for heading in ctx.doc.headings:
        if heading.near_miss:
            section = required[heading.section]
            right = f"{'#' * section.level} {section.text}"
            findings.append(
                Finding(
                    heading.line,
                    1,
                    "RFC011",
                    f"heading '{'#' * heading.level} {heading.text}' is read as section '{section.text}'; "
                    f"did you mean '{right}'?",
                )
            )
    return findings
