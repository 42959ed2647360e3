from __future__ import annotations

from collections.abc import Callable
from functools import cache, lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.leftovers import CJK, bare, other_edition_rows, template_lines


@rule(
    "RFC316",
    "other-edition-line",
    REVIEW,
    WARNING,
    fails=edit(
        "完整能力需要：",
        "Purpose: before writing code, make clear the problem to solve, the interface, the design, the dependencies, the constraints and the verification.\n\n完整能力需要：",
    ),
    # an English line of the author's own in a Chinese RFC: a paper's title
    passes=edit(
        "| MS 侧不直接复用，只参考其 host 内存分配方式 |",
        "| MS 侧不直接复用，只参考其 host 内存分配方式 |\n\n"
        "ZeRO-Offload: Democratizing Billion-Scale Model Training (USENIX ATC 2021).",
    ),
)
def other_edition_line(ctx: Context) -> list[Finding]:
    """a line of the other edition's template is left in

    ## What it checks
    A line the reader sees (comments and code aside), 8 characters or more, that without its
    list and comment marks is a whole line of the other edition's template (its text, a slot
    line, its guidance) and not of this edition's; in a Chinese RFC only lines without Chinese
    are compared, in an English one only lines with Chinese. Also a table row whose first cell
    only the other template writes (`Not supported` in a Chinese RFC's 8). Reported at the line.

    ## Why a reviewer cares
    Such a line was pasted from the wrong template or never translated: its hint or slot stands
    unfilled in a language the RFC does not use, where this edition's own rules do not look.
    """
    own = ctx.edition.language
    foreign_edition = _foreign_edition_in(own, ctx.rules.languages)
    findings = [
        Finding(number, 1, "RFC316", f"this line is the {foreign} template's, not this RFC's edition")
        for number, line in enumerate(ctx.visible_lines, start=1)
        # (a table row is no template line: not kept, for it is the line an editor changes most)
        if len(line) >= 8 and line[:1] != "|" and (foreign := foreign_edition(line))
    ]
    return findings + other_edition_rows(ctx, _WANTED[own != "zh"])


# a Chinese template line has Chinese in it; an English one has none
_WANTED = (lambda text: CJK.search(text) is None, lambda text: CJK.search(text) is not None)


@cache
def _foreign_edition_in(own: str, languages: tuple[str, ...]) -> Callable[[str], str | None]:
    """For an RFC of the `own` edition: the other edition whose template line a line is, if
    it is none of `own`'s; kept for each line, for lines recur from RFC to RFC (the
    template's own, a revision's)."""
    wanted, own_lines = _WANTED[own != "zh"], template_lines(own)
    others = [(language, template_lines(language)) for language in languages if language != own]

    @lru_cache(maxsize=16384)
    def foreign_edition(line: str) -> str | None:
        text = line.strip()
        if len(text) < 8 or text.startswith("|") or not wanted(text):
            return None
        text = bare(text)
        if text in own_lines:
            return None
        return next((language for language, lines in others if text in lines), None)

    return foreign_edition
