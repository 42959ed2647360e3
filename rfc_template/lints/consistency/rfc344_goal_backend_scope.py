from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.consistency import BOTH_BACKEND_ROWS
from rfc_template.lints.quantities import GOALS, Statement, goals, prose
from rfc_template.lints.quantities.backend_words import MS_NAME, NAME, PT_NAME, backend_of

_ASIDE = r"(?:\s*[（(][^)）]{0,20}[)）])?"  # `PT（torch_npu）`
_PT, _MS = rf"(?:{PT_NAME}){_ASIDE}", rf"(?:{MS_NAME}){_ASIDE}"
_AND = r"\s*(?:[+/&、]|和|与|及|以及|and)\s*"
# a goal that supports both backends: `Support the PT + MS scope`, `支持 PT 和 MS 两个后端`
BOTH = re.compile(
    rf"(?i)(?:支持|support\w*|cover\w*)[^。.;；]{{0,40}}?(?:\b{_PT}{_AND}{_MS}\b|\b{_MS}{_AND}{_PT}\b|both backends|两个后端)"
)
# a goal that keeps one backend for later: `本期先支持 PT 后端，MS 后端放到下一期`, `only PT in this phase`
# (`以下版本` is at or below a version, `2.7 or later` a version too)
LATER = (
    r"下一期|下期|后续|二期|以后|后面|(?<![以之])下[一个]?版本|a later (?:RFC|phase|release|version)"
    r"|the next (?:phase|release|version)|(?<!or )later"
    # out of this phase, said of the other backend itself (`MS 后端不在本期范围`, not `JAX 等其他框架本期不支持`)
    r"|(?<=后端)不在本期(?:的)?范围|(?<=后端)本期不(?:支持|交付|做|实现)"
)
# the backend as a whole, not a feature of it: what may stand before `只支持 PT` in its clause
# (`本期只支持 PT`, not `overlap 本期只支持 PT`), and after the other one (`MS 后端`, not `MS graph mode`)
_LEAD = r"(?:^|[，,；;：:。]|^\s*\d+[.、)])\s*(?:本期|当前|目前|现阶段|首期|第一期)?\s*"
_WHOLE = r"(?=\s*(?:后端|backend|path|support|follows|comes|will|is\b|in\b|[，,。.;；)）]|$))"
ONE_FIRST = re.compile(
    rf"(?i){_LEAD}(?:仅|只|先)(?:支持|交付|实现|提供)\s*(?P<first>{_PT}|{_MS})[^。;；]{{0,30}}?(?P<other>\b{NAME}\b){_WHOLE}[^。;；]{{0,16}}?(?:{LATER})"
    rf"|\bonly (?P<first_en>{NAME})\b(?!\s+\w+s\b)[^.;]{{0,40}}?\b(?P<other_en>{NAME})\b{_WHOLE}[^.;]{{0,30}}?(?:{LATER})"
    # `Support PT (PyTorch 2.1, eager mode) only in this phase, …; MS follows later`
    # (`PT only supports eager mode` is a restriction within PT)
    rf"|(?:\bsupport\w*\s+|{_LEAD})(?P<first_on>{NAME})\b(?:\s*\([^()]*\))?\s+only\b(?!\s+\w+s\b)"
    rf"[^.]{{0,80}}?\b(?P<other_on>{NAME})\b{_WHOLE}"
    rf"[^.;]{{0,30}}?(?:{LATER})"
)


def _joined(found: re.Match[str]) -> bool:
    """`本期只支持 PT 和 MS 后端`: the two backends joined, both supported."""
    first = next(name for name in ("first", "first_en", "first_on") if found.group(name))
    other = next(name for name in ("other", "other_en", "other_on") if found.group(name))
    return re.fullmatch(_AND, found.string[found.end(first) : found.start(other)]) is not None


GOAL = "3. 支持 PT / MS 的 fully_shard、hsdp、TP 及其与 PP、重计算组合的范围；MS 本期只支持 PyNative 模式。"


@rule(
    "RFC344",
    "goal-backend-scope",
    REVIEW,
    WARNING,
    fails=(
        edit("| 适用后端 | PT + MS |", "| 适用后端 | MS |", at=GOAL),
        edit(GOAL, "3. 本期先支持 PT（torch_npu）后端，MS 后端放到下一期。"),
        edit(GOAL, "3. 本期只交付 PT 后端，MS 后端不在本期范围。"),  # (held-back round 20)
        # 8's PT / MS 差异 row (held-back round 14)
        edit(
            "| PT / MS 差异 | PT 支持 overlap", "| PT / MS 差异 | 本期只支持 PT，MS 后端放到下个版本；PT 支持 overlap"
        ),
        edit(
            "3. Support the following scope of PT:",
            "3. Support the following scope of PT + MS:",
            rfc="en",
        ),
    ),
    passes=(
        edit(GOAL, "3. 支持 PT 和 MS 两个后端的 fully_shard、hsdp 与 TP；MS 本期只支持 PyNative 模式。"),
        # both supported, other frameworks out of this phase (a review met it)
        edit(GOAL, "3. 本期只支持 PT 和 MS 后端，JAX 等其他框架本期不支持。"),
        edit(
            "3. Support the following scope of PT:",
            "3. Keep the same interface as the PT + MS framework; support PT:",
            rfc="en",
        ),
    ),
)
def goal_backend_scope(ctx: Context) -> list[Finding]:
    """a goal of 3.1 supports another set of backends than 适用后端

    ## What it checks
    3.1 目标 (Goals)'s items against 适用后端 / Backend. When it names one backend: an item
    that supports both (`Support the PT + MS scope`, `支持 PT 和 MS 两个后端`, `both backends`).
    When it is PT + MS: an item that supports one backend first and leaves the other for later
    (`本期先支持 PT（torch_npu）后端，MS 后端放到下一期`, `only PT in this phase; MS in a later
    RFC`, `Support PT (eager mode) only in this phase; MS follows later`, `本期只交付 PT 后端，MS
    后端不在本期范围`); so does 8's PT / MS 差异 (PT / MS differences) row (`本期只支持 PT，MS 后端放到下个版本`).
    Reported at the item or row. A restriction within a backend (`MS 本期只支持 PyNative 模式`)
    and a mention that is no support (`keep the same interface as the PT + MS framework`) are
    left alone.

    ## Why a reviewer cares
    3.1 says what the RFC delivers and 适用后端 what it is for: when they disagree, either the
    goal promises a backend nobody will build and verify, or the basic information claims one
    the plan leaves for later.
    """
    own = ctx.info.get("适用后端")
    if own not in ctx.rules.backends:
        return []
    both = own == ctx.rules.both_backends
    key = ctx.edition.name("适用后端")
    findings = []
    for goal, where in _scopes(ctx):
        if both:
            later = ONE_FIRST.search(goal.text)
            first = later and (later.group("first") or later.group("first_en") or later.group("first_on"))
            other = later and (later.group("other") or later.group("other_en") or later.group("other_on"))
            if later and first and other and backend_of(first) != backend_of(other) and not _joined(later):
                findings.append(
                    Finding(
                        goal.line,
                        1,
                        "RFC344",
                        f"{ctx.stated('适用后端', own)}, but {where} leaves {other} for later "
                        f"('{later.group()[:60]}'): support both, or take {other} out of {key}",
                    )
                )
        elif BOTH.search(goal.text):
            findings.append(
                Finding(
                    goal.line,
                    1,
                    "RFC344",
                    f"{ctx.stated('适用后端', own)}, but {where} supports both backends "
                    f"('{BOTH.search(goal.text).group()[:60]}'): drop the other backend, or add it to {key}",  # type: ignore[union-attr]
                )
            )
    return findings


def _scopes(ctx: Context) -> list[tuple[Statement, str]]:
    """Where an RFC says which backends it supports, each with its place as the message names
    it: 3.1's items, and in a PT + MS RFC 8's PT / MS 差异 (PT / MS differences) row (a
    single-backend RFC has none: RFC315)."""
    ed = ctx.edition
    found = [(goal, f"'{ed.name(GOALS)}'") for goal in goals(ctx)]
    if ctx.info.get("适用后端") != ctx.rules.both_backends:
        return found
    (section, name), _ = BOTH_BACKEND_ROWS
    section, name = ed.name(section), ed.name(name)
    for table in ctx.doc.tables:
        for offset, row in enumerate(table.rows if table.section == section else ()):
            if row and row[0].strip("* ") == name and len(row) > 1:
                text = prose(" ".join(row[1:]))
                found.append((Statement(table.line + 2 + offset, text, "8", text), f"'{section}' '{name}'"))
    return found
