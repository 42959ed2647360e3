from __future__ import annotations

import re

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.consistency import BOTH_BACKEND_ROWS
from rfc_template.lints.quantities import GOALS, NON_GOALS, Statement, goals, prose, section_text
from rfc_template.lints.quantities.backend_words import MS_NAME, MS_WORDS, NAME, PT_NAME, PT_WORDS, backend_of
from rfc_template.lints.quantities.metrics import metrics_in

_ASIDE = r"(?:\s*[（(][^)）]{0,20}[)）])?"  # `PT（torch_npu）`
_PT, _MS = rf"(?:{PT_NAME}){_ASIDE}", rf"(?:{MS_NAME}){_ASIDE}"
_AND = r"\s*(?:[+/&、]|和|与|及|以及|and)\s*"
# a goal that supports both backends: `Support the PT + MS scope`, `支持 PT 和 MS 两个后端`, or
# opens with a label of its scope that names the two frameworks and nothing narrows them
# (`后端范围：PT 与 MS（…）`; not `后端范围：PT 与 MS 中仅 MS`, `Communication backends: both HCCL and NCCL`)
_BOTH_NAMED = rf"\b{_PT}{_AND}{_MS}\b|\b{_MS}{_AND}{_PT}\b"
BOTH = re.compile(
    rf"(?i)(?:支持|support\w*|cover\w*)[^。.;；]{{0,40}}?(?:{_BOTH_NAMED}|both backends|两个后端)"
    rf"|^\s*(?:(?:\d+[.、)]|[-*+])\s*)?(?:后端范围|适用后端|backend scope|backends)\s*[：:]\s*(?:{_BOTH_NAMED})\s*(?=[（(,，;；。.]|$)"
    r"(?![^。；;]*?(?:仅|只|only|later|后续|下一?期|留到))"
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
    rf"(?:[^.]|(?<=\d)\.(?=\d)){{0,80}}?\b(?P<other_on>{NAME})\b{_WHOLE}"  # (a version's dot: `torch ≥ 2.1`)
    rf"[^.;]{{0,30}}?(?:{LATER})"
)


# a backend said not delivered at all, as a whole (`本期不支持 MindSpore 后端`, `MS 后端本期不提供`,
# `the MS backend is out of scope`); not a restriction within it (`MS 后端本期不支持 GRAPH_MODE`)
_END = r"(?=\s*(?:[，,。.;；:：)）(（]|原因|because|in this|in the (?:first|initial)|for (?:this|now)|yet\b|$))"
_REFUSED = r"不支持|不提供|不交付|不实现|不覆盖|不可用|不在本期(?:的)?范围"
LEFT_OUT = re.compile(
    rf"(?i)(?:本期|当前|目前|暂)?(?:{_REFUSED})\s*(?P<zh>{_PT}|{_MS})\s*后端{_END}"
    rf"|(?P<zh_after>{_PT}|{_MS})\s*后端\s*(?:本期|当前|目前|暂)?\s*(?:{_REFUSED}){_END}"
    rf"|\b(?:no|not)\s+(?:support\w*\s+)?(?:for\s+|of\s+)?(?:the\s+)?(?P<en>{NAME})\s+backend{_END}"
    rf"|\b(?:the\s+)?(?P<en_after>{NAME})\s+backend\s+(?:is|will be)\s+(?:not supported|not provided|not delivered"
    rf"|out of scope|excluded|a non-goal){_END}"
    # the backend's name alone opening its clause: `Support PT only (…); MS is not supported in this phase`
    rf"|(?:^|[;；,，:：]\s*|\d[.、)]\s*)(?:the\s+)?(?P<en_bare>{NAME})\s+(?:is|will be|will)\s+(?:not (?:yet )?(?:be )?supported"
    rf"|not (?:be )?provided|not (?:be )?delivered|out of scope){_END}"
)
# a verification row said to run on one backend alone: `…, PT only`, `仅 MS`, `only on PT`
# (`MS only supports PyNative` is a restriction within MS)
ONE_ONLY = re.compile(
    rf"(?i)\b(?P<a>{NAME})\s*only\b(?!\s+\w+s\b)|\bonly (?:on |for |with )?(?:the )?(?P<b>{NAME})\b(?!\s+\w+s\b)"
    rf"|(?:仅|只)(?:在|跑|测|用|验证)?\s*(?P<c>{_PT}|{_MS})(?=\s*(?:后端|backend|[，,。.;；)）|]|$))"
)
ROWS_OF = (
    ("9.1 用例分层", 0),
    ("9.3 性能 / 显存验证", 3),
)  # the table, and the cell rows are grouped by (level, metric)


# a condition that makes it a restriction within the backend: a version, a mode (`低于 2.7 的 MS
# 后端不支持`, `in GRAPH_MODE the MS backend is not supported`)
CONDITIONED = re.compile(
    r"(?i)\d+\.\d+|低于|以下|之前|版本|\b(?:before|earlier|older|below|versions?|when|if)\b"
    r"|静态图|动态图|图模式|GRAPH_MODE|graph mode|PyNative|模式下"
)


CLAUSE_END = re.compile(r"[，,;；。]")
OPENING_MARKS = " ;；,，:："  # what may open a quoted clause, left out of the message


def _left_out(text: str) -> str:
    """The backend the text says is not delivered at all, or ""."""
    found = _leaving_out(text)
    groups = ("zh", "zh_after", "en", "en_after", "en_bare")
    return next((found.group(g) for g in groups if found.group(g)), "") if found else ""


def _leaving_out(text: str) -> re.Match[str] | None:
    """Where the text leaves a backend out as a whole, under no condition."""
    found = LEFT_OUT.search(text)
    if found:  # (the condition said in the clause that says it: a reason after is no condition)
        clause_start = max((m.end() for m in CLAUSE_END.finditer(text, 0, found.start())), default=0)
        if CONDITIONED.search(text, clause_start, found.end()):
            return None
    return found


def _one_only(ctx: Context) -> list[Finding]:
    """In a PT + MS RFC, a row of 9.1 or 9.3 said to run on one backend alone, where no other
    row of its level (9.1) or metric (9.3) names the other."""
    ed = ctx.edition
    findings = []
    for section, by in ROWS_OF:
        table = ctx.doc.table_in(ed.name(section))
        if table is None:
            continue
        for offset, row in enumerate(table.rows):
            text = " | ".join(row)
            if "only" not in text.lower() and "仅" not in text and "只" not in text:
                continue  # a cheap pre-filter (str.find, no regex): most rows say nothing of the kind
            found = ONE_ONLY.search(text)
            if found is None or len(row) <= by:
                continue
            alone = next(found.group(g) for g in "abc" if found.group(g))
            other, missing = (MS_WORDS, "MS") if backend_of(alone) == "PT" else (PT_WORDS, "PT")
            group = [r for r in table.rows if len(r) > by and _alike(r[by], row[by])]
            if any(other.search(" ".join(r)) for r in group):
                continue
            findings.append(
                Finding(
                    table.line + 2 + offset,
                    1,
                    "RFC344",
                    f"{ctx.stated('适用后端', ctx.rules.both_backends)}, but this row of '{ed.name(section)}' runs on "
                    f"{alone} only ('{found.group()}') and no row of its {'level' if by == 0 else 'metric'} runs on "
                    f"{missing}: verify {missing} too, or take it out of {ed.name('适用后端')}",
                )
            )
    return findings


def _alike(a: str, b: str) -> bool:
    """Two rows of one level (9.1's first cell) or of a metric in common (9.3's 指标)."""
    named_a, named_b = ({m.key for m in metrics_in(prose(cell))} for cell in (a, b))
    return bool(named_a & named_b) if named_a and named_b else a.strip() == b.strip()


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
        # the other backend's name alone said out of this phase (held-back round 30)
        edit(
            "| Backend | PT |",
            "| Backend | PT + MS |",
            (
                "3. Support the following scope of PT:",
                "3. Support PT only (torch ≥ 2.1, eager); MS is not supported in this phase:",
            ),
            rfc="en",
            at="3. Support PT only",
        ),
        # a backend left out as a whole in 3.2, or in 8's row (held-back round 22)
        edit(
            "### 3.2 非目标\n",
            "### 3.2 非目标\n\n1. 本期不支持 MindSpore 后端，原因是 MS 的 offload 接口尚未就绪。\n",
            at="本期不支持 MindSpore 后端",
        ),
        edit("| PT / MS 差异 | PT 支持 overlap", "| PT / MS 差异 | MS 后端本期不提供，仅 PT 可用；PT 支持 overlap"),
        # a Level0 row on one backend alone (held-back rounds 12 and 19)
        edit(
            "| Level0 | 4 | 2 卡 fully_shard 的 2 层 Llama 训练 20 step，offload 与不 offload 对比 |",
            "| Level0 | 4 | 2 卡 fully_shard 的 2 层 Llama 训练 20 step，offload 与不 offload 对比，仅 PT |",
        ),
    ),
    passes=(
        # a restriction within a backend, and a Level0 row on each backend
        edit("| PT / MS 差异 | PT 支持 overlap", "| PT / MS 差异 | MS 后端本期不支持 GRAPH_MODE；PT 支持 overlap"),
        edit(
            "| Level0 | 4 | 2 卡 fully_shard 的 2 层 Llama 训练 20 step，offload 与不 offload 对比 |",
            "| Level0 | 2 | 2 卡 fully_shard 的 2 层 Llama 训练 20 step，offload 与不 offload 对比，仅 PT |\n"
            "| Level0 | 2 | 同上，MS |",
        ),
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
    that supports both (`Support the PT + MS scope`, `支持 PT 和 MS 两个后端`, `both backends`;
    `后端范围：PT 与 MS`, a label of its scope naming the two, with no `仅` / `only` / `later`
    after them; not `Communication backends: both HCCL and NCCL`).
    When it is PT + MS: an item that supports one backend first and leaves the other for later
    (`本期先支持 PT（torch_npu）后端，MS 后端放到下一期`, `only PT in this phase; MS in a later
    RFC`, `Support PT (eager mode) only in this phase; MS follows later`, `本期只交付 PT 后端，MS
    后端不在本期范围`); so does 8's PT / MS 差异 (PT / MS differences) row (`本期只支持 PT，MS 后端放到下个版本`).
    In a PT + MS RFC, too: an item of 3.1 or 3.2, or 8's PT / MS 差异 row, that leaves a backend
    out as a whole (`本期不支持 MindSpore 后端`, `MS 后端本期不提供`, `the MS backend is out of
    scope`, `no support for the MS backend`, `…; MS is not supported in this phase`, the name
    alone opening its clause; not `MS 后端本期不支持 GRAPH_MODE`, `graph mode is not supported`,
    a restriction within it), and a row of 9.1 or 9.3 said to run on one backend alone (`…, PT only`, `仅 MS`,
    `only on PT`) where no other row of its level (9.1's first cell) or metric (9.3's 指标)
    names the other backend.
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
        if both and (gone := _left_out(goal.text)):
            said = _leaving_out(goal.text)
            findings.append(
                Finding(
                    goal.line,
                    1,
                    "RFC344",
                    f"{ctx.stated('适用后端', own)}, but {where} leaves {gone} out of this RFC "
                    f"('{said.group().strip(OPENING_MARKS)[:60]}'): support both, or take {gone} out of {key}",  # type: ignore[union-attr]
                )
            )
        elif both:
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
    if both:
        findings += _one_only(ctx)
    return findings


def _scopes(ctx: Context) -> list[tuple[Statement, str]]:
    """Where an RFC says which backends it supports, each with its place as the message names
    it: 3.1's items, and in a PT + MS RFC 8's PT / MS 差异 (PT / MS differences) row (a
    single-backend RFC has none: RFC315)."""
    ed = ctx.edition
    found = [(goal, f"'{ed.name(GOALS)}'") for goal in goals(ctx)]
    if ctx.info.get("适用后端") != ctx.rules.both_backends:
        return found
    found += [(item, f"'{ed.name(NON_GOALS)}'") for item in _non_goals(ctx)]
    (section, name), _ = BOTH_BACKEND_ROWS
    section, name = ed.name(section), ed.name(name)
    for table in ctx.doc.tables:
        for offset, row in enumerate(table.rows if table.section == section else ()):
            if row and row[0].strip("* ") == name and len(row) > 1:
                text = prose(" ".join(row[1:]))
                found.append((Statement(table.line + 2 + offset, text, "8", text), f"'{section}' '{name}'"))
    return found


def _non_goals(ctx: Context) -> list[Statement]:
    """3.2's lines that say a backend is not delivered (read only for that)."""
    return [
        Statement(line, text, "3.2", text)
        for line, text in section_text(ctx, NON_GOALS)
        if ("后端" in text or "backend" in text.lower()) and LEFT_OUT.search(text)
    ]
