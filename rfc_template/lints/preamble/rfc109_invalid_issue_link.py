from __future__ import annotations

import re

from rfc_template import answers
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import DRAFT, edit, rule
from rfc_template.lints.preamble import value_finding

# a hand-written table may name several: `#301、!318`
ISSUE_SEPARATORS = re.compile(r"\s*[、,，;；]\s*|\s+")
# each may carry a note: `#318 (RFC), !52（原型）`
ENTRY_NOTE = re.compile(r"(?<=\S)\s*[(（][^()（）]*[)）]")
# a Markdown link to a web address: `[mindspore/hyper-parallel#42](https://...)` is that address
WEB_LINK = re.compile(r"\[([^\[\]]+)\]\((https?://[^\s()]+)\)")


@rule(
    "RFC109",
    "invalid-issue-link",
    DRAFT,
    fails=edit("| 相关 issue / PR | #301 |", "| 相关 issue / PR | issue 301 |"),
    passes=(
        edit("| 相关 issue / PR | #301 |", "| 相关 issue / PR | #301、!318 |"),
        edit("| 相关 issue / PR | #301 |", "| 相关 issue / PR | #301 (RFC), !318（原型） |"),
        edit(
            "| 相关 issue / PR | #301 |",
            "| 相关 issue / PR | [hyper-parallel#301](https://gitcode.com/m/h/issues/301) |",
        ),
    ),
)
def invalid_issue_link(ctx: Context) -> list[Finding]:
    """the issue / PR is not a link, #N or !N

    ## What it checks
    Each entry of the 相关 issue / PR row is a web address (also as a Markdown link to
    one), an issue `#N` or a merge request `!N`, each with a note in parentheses if wanted (`#301 (RFC)`); several may be
    separated by `、`, `,`, `;` or spaces. The row may be
    left out (or empty) while there is no issue yet.

    ## Why a reviewer cares
    The issue is where the RFC is discussed; `issue 301` or `见群聊` leads nowhere.
    """

    def problems(value: str, shown: str) -> list[str]:
        # the row as written: a link's text is what a reader sees, its address what it names
        row = ctx.doc.source.split("\n")[ctx.info_lines["相关 issue / PR"] - 1]
        for text, address in WEB_LINK.findall(row):
            value = value.replace(text.strip(), f" {address} ", 1)
        entries = ENTRY_NOTE.sub("", value.strip())
        return [p for part in ISSUE_SEPARATORS.split(entries) for p in answers.issue_problems(part)]

    return value_finding(ctx, "相关 issue / PR", "RFC109", problems)
