from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.consistency.background import BACKGROUND, background_says

CATEGORY = "类型"


@rule(
    "RFC340",
    "category-contradicts-background",
    REVIEW,
    WARNING,
    fails=(
        edit("| 类型 | 性能优化 |", "| 类型 | 功能补全 |", at="本 RFC 的类型是性能优化，需要说明："),
        edit(
            "The type of this RFC is Enhancement; explain:",
            "The type of this RFC is Missing capability; explain:",
            rfc="en",
        ),
    ),
    passes=(
        edit("本 RFC 的类型是性能优化，需要说明：", "本 RFC 的类型是 Performance optimization，需要说明："),
        edit(
            "| 功能补全 | 当前缺什么能力；影响什么场景 |\n| 性能优化 |",
            "| 功能补全 | 当前缺什么能力；影响什么场景 |\n| **性能优化** |",
        ),
    ),
)
def category_contradicts_background(ctx: Context) -> list[Finding]:
    """the category (类型) in the basic info is not the one section 2 explains

    ## What it checks
    The 类型 (Type) row of 1. 基本信息 against what 2. 背景 (Background) says the category is,
    in either edition's words (`性能优化` or `Performance optimization`): the template's
    sentence `本 RFC 的类型是...` (`The type of this RFC is ...`); the background table when it
    is cut down to one category's row, or marks one row in bold; the list of what the
    category must explain (`- 哪个场景慢：`, `- 当前指标：` are 性能优化's), when every topic
    listed is one category's and at least two of them are there (the one, for a category
    with one topic). Reported at the first of them that names another category, naming the
    line of the 类型 row.

    Nothing is said where the background names no category with confidence: the table
    with its four rows (the template's), a sentence naming two categories, topics of two
    categories, a category that is none of the four (RFC110's), or no 类型 row.

    ## Why a reviewer cares
    The category decides what the background must show (a 性能优化 RFC its current and target
    metrics, RFC307 its baseline in 9.3): when the two disagree, the reviewer does not know
    which questions the RFC means to answer, and the rules check it against the wrong ones.
    """
    rules, ed = ctx.rules, ctx.edition
    category = ctx.info.get(CATEGORY)
    if category not in rules.rfc_types:
        return []
    for said in background_says(ctx):
        if said.category == category:
            continue
        shown, own = rules.in_edition(said.category, ed.language), rules.in_edition(category, ed.language)
        where = {"sentence": f"'{said.written}'", "table": "its table", "list": f"what it explains ('{said.written}')"}
        return [
            Finding(
                said.line,
                1,
                "RFC340",
                f"'{ed.name(BACKGROUND)}' gives the category as {shown} ({where[said.how]}), but "
                f"{ed.name(CATEGORY)} in '{ed.basic_info}' is {own} (at line {ctx.info_lines[CATEGORY]}): "
                "make them one",
            )
        ]
    return []
