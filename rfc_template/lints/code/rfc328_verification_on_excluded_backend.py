"""RFC328: a row of 9.'s tables verifies on a backend the RFC leaves out."""

from __future__ import annotations

import re
from functools import lru_cache

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code.backends import BACKENDS, COMPARISON, NAMING, NOT_RUN, REFUSAL, REFUSALS, left_out, word
from rfc_template.lints.code.modes import rows_in_left_out_mode
from rfc_template.lints.slots import cell_value, rows

VERIFICATION_SECTIONS = ("9. 验证设计", "9.1 用例分层", "9.2 交互验证（举例）", "9.3 性能 / 显存验证")
ALIGNMENT = "PT / MS 对齐"  # the template's own row: RFC315 reports it kept in a single-backend RFC
VERIFIED = "是否验证"

# Columns, by their header (folded): where the row says whether it is run, where it says on
# which backend, and where another backend is only what it is compared with.
VERIFIED_HEADERS = re.compile(r"(?i)是否验证|是否执行|verified|run\??")
BACKEND_HEADERS = re.compile(r"(?i).*(?:后端|平台|框架|\bbackends?\b|\bplatforms?\b|\bframeworks?\b).*")
# a cell comparing with the backend, not running on it (`loss 与 MS 后端上的结果对齐`)
ALIGNED = re.compile(
    COMPARISON.pattern + r"|对齐|参照|对照|一致|相同|相对|误差|不低于|不高于|以内|为准"
    r"|(?i:align\w*|match\w*|consistent|same|identical|bit-?exact|relative|within|\bof\b|than|diff\w*|as (?:on|with|in))"
)
COMPARED_HEADERS = re.compile(r"(?i).*(?:基线|对比|参考|对齐|baseline|compar|reference|align).*")
# A 是否验证 / Verified cell that says yes (a choice left unmade, `是 / 否`, says nothing).
YES = re.compile(r"(?i)(?:是|yes|y|✓|✔|√|已验证|verified|done)(?:\s*[(（，,:：;；].*)?")
# What says the whole row is not run, where the table has no 是否验证 column (9.1, 9.3).
ROW_NOT_RUN = re.compile(
    r"不验证|未验证|本期不(?:验证|测|跑|做|覆盖)|暂不|跳过"
    r"|(?i:\bnot (?:run|verified|tested|covered)\b|\bskipped\b|\bdeferred\b)"
)


@rule(
    "RFC328",
    "verification-on-excluded-backend",
    REVIEW,
    WARNING,
    fails=(
        # MS in the mode 3.1 leaves out (`MS 本期只支持 PyNative`, held-back rounds 8, 17 and 21)
        edit(
            "| MS，Llama2-13B，8×Atlas 800T A2 64GB，PyNative，全量重计算换成选择性重计算 |",
            "| MS，Llama2-13B，8×Atlas 800T A2 64GB，GRAPH_MODE，全量重计算换成选择性重计算 |",
        ),
        edit(
            "| This feature + checkpoint | Yes |",
            "| This feature on MS (PyNative, 16 × Atlas 800T A2, cp 16) | Yes | Loss aligned with the PT run, "
            "mean absolute error <= 5e-3 over 200 steps |\n| This feature + checkpoint | Yes |",
            rfc="en",
        ),
        # the backend as one item of the setup, with its version (held-back round 20)
        edit(
            "| Llama3-8B, 512K tokens, 32 × H100 80GB (4 nodes), cp 32, full recompute |",
            "| Llama3-8B, 512K tokens, 32 Ascend NPUs, MindSpore 2.4, cp 32, full recompute |",
            rfc="en",
        ),
    ),
    passes=(
        # a test that the mode left out is refused: the RFC's own promise
        edit(
            "| 本特性 + checkpoint | 是 |",
            "| 本特性 + MS GRAPH_MODE | 是 | 调用时报错并提示只支持 PyNative |\n| 本特性 + checkpoint | 是 |",
        ),
        edit(
            "| This feature + checkpoint | Yes |",
            "| This feature on MS | No | Not run this phase: MS is a non-goal (3.2) |\n| This feature + checkpoint | Yes |",
            rfc="en",
        ),
        # another run's setup, with its version, as what the row compares with (a review met it)
        edit(
            "| This feature + checkpoint | Yes |",
            "| Loss alignment with the original code (8 cards, MindSpore 2.4, PyNative) | Yes | Loss within 1e-3 |\n"
            "| This feature + checkpoint | Yes |",
            rfc="en",
        ),
        # the other backend as what the result is compared with, not where the row runs
        edit(
            "Loss aligned with the tp 2 run without CP, mean absolute error <= 5e-3 over 200 steps",
            "Loss aligned with the tp 2 run without CP and with the MS prototype, mean absolute error <= 5e-3",
            rfc="en",
        ),
    ),
)
def verification_on_excluded_backend(ctx: Context) -> list[Finding]:
    """a verification row runs on a backend 适用后端 leaves out

    ## What it checks
    When 适用后端 / Backend is PT alone or MS alone: the rows of the tables of 9. 验证设计
    (Verification) and its 9.1, 9.2 and 9.3 that run on the other backend. A row runs on a
    backend when, read by the table's headers:

    - a column headed 后端 / Backend (平台, Platform, 框架, Framework) names it;
    - a cell is the backend alone (`MS`, `PyTorch`, `PT + MS`), except in a column the
      backend is compared with (基线 / Baseline, 对比, 参考, 对齐 / Alignment);
    - its first cell, what the row verifies, starts with it (`MS，Llama2-13B ...`,
      `PT / MS alignment (...)`, both with it second) or says it runs there (`MS 后端`,
      `在 MS 上`, `on MS`, `the MS backend`, an item of its setup with a version or a mode:
      `32 NPUs, MindSpore 2.4, …`, `PT eager`);
    - another cell says the row runs there (`8 × A100 with the PyTorch backend`, `on both the PT
      and MS backends`, `在 PT 后端上
      训练`), unless it compares with it (`与 MS 后端上的结果对齐`, `误差`, `不低于`, `对照`,
      `consistent with`, `90% of that on`, `same as`, `within`, `baseline`, in the clause that
      names it);
    - a cell puts tests in the backend's own folder (`tests/mindspore`, `tests/torch`).

    A row is not reported when its 是否验证 / Verified cell is not yes; when the cell that
    names the backend says it is not run or left for later (`不验证`, `本期不`, `后续`, `not`,
    `N/A`, `later`, ...); when a table without that column says the row is not run; when its
    first cell compares with the backend (`对比`, `基线`, `参考`, `compared with`, `baseline`,
    `reference`); when it tests that the backend is refused (an exception's name, `raises`,
    `抛出`, `报错`, `不支持` in the row; for a test folder, next to the backend in one cell:
    `1 in tests/mindspore/: MS NotImplementedError`); or when it is the template's own
    PT / MS 对齐 row (RFC315). Other mentions of the backend (a pass criterion comparing with
    it, a baseline measured on it) are left alone. Reported at the row.

    Whatever 适用后端 says, when it includes MS: a row of 9.1, 9.2 or 9.3 that runs in a mode of
    MindSpore the RFC leaves out (`GRAPH_MODE`, 静态图, static graph; `PyNative`, 动态图), naming
    it and not the other mode. A mode is left out where the RFC says so plainly: the item of 8's
    不支持项 (Not supported) row that is the mode alone (`MS 静态图（GRAPH_MODE / jit）`, not
    `GRAPH_MODE 下跨 dp 复用编译缓存`, something in it), a 3.1, 3.2 or 8 line saying it is not
    supported (`本期不支持 MS 静态图`, `GRAPH_MODE is not supported`) or that the other mode is
    the only one (`MS 本期只支持 PyNative`, `static graph mode only`), unless another line says
    it is supported (`MS 支持 PyNative 与 GRAPH_MODE`). A row that tests the mode is refused or
    falls back (`报错`, `回退`, `raises`, `falls back`), or is not run, is not reported.

    ## Why a reviewer cares
    A verification on a backend the RFC does not cover is a promise nobody will keep, or a
    sign that the feature does reach that backend and 适用后端, the goals and the design say
    less than the plan.
    """
    findings = _in_left_out_mode(ctx)
    found = left_out(ctx)
    if found is None:
        return findings
    other, own = found
    ed = ctx.edition
    sections = {ed.name(s) for s in VERIFICATION_SECTIONS}
    alignment, key = ed.name(ALIGNMENT), ed.name("适用后端")
    for table in ctx.doc.tables:
        if table.section not in sections or not table.rows:
            continue
        header = tuple(table.header)
        for line, row in rows(table):
            how = verdict(header, tuple(row), other.code, alignment, ed.name(VERIFIED))
            if how is not None:
                findings.append(
                    Finding(
                        line,
                        1,
                        "RFC328",
                        f"{ctx.stated('适用后端', own)}, but this row of '{table.section}' "
                        f"verifies on {other.code} "
                        f"({how}), a backend the RFC leaves out: drop the row, mark it not verified, "
                        f"or add {other.code} to {key}",
                    )
                )
    return findings


def _in_left_out_mode(ctx: Context) -> list[Finding]:
    """A row in a MindSpore mode the RFC leaves out (modes.py)."""
    if "MS" not in ctx.info.get("适用后端", ""):
        return []
    return [
        Finding(
            line,
            1,
            "RFC328",
            f"this row verifies MS in {mode}, which line {at} leaves out: drop the row, mark it not verified, "
            f"or support {mode}",
        )
        for line, mode, at in rows_in_left_out_mode(ctx)
    ]


@lru_cache(maxsize=4096)  # the template's rows, and an RFC's rows in each of its revisions
def verdict(
    header: tuple[str, ...], row: tuple[str, ...], backend: str, alignment: str, verified_name: str
) -> str | None:
    """How the row says it runs on `backend` (PT, MS), or None."""
    if not row or row[0] == alignment:
        return None
    verified, columns, compared = _columns(header, verified_name)
    if verified is not None:
        if verified >= len(row) or not YES.fullmatch(cell_value(row[verified])):
            return None
    elif ROW_NOT_RUN.search(" ".join(row)):
        return None
    how = _runs_on(row, columns, compared, NAMING[backend], NAMED[backend])
    if how is not None and _refused(row, how, REFUSALS[backend]):
        return None  # a test that the backend is refused: the RFC's own promise
    return how


NAMED = {code: re.compile(word(backend)) for code, backend in BACKENDS.items()}


@lru_cache(maxsize=256)  # the template's headers, in every RFC
def _columns(header: tuple[str, ...], verified_name: str) -> tuple[int | None, tuple[int, ...], frozenset[int]]:
    """(the 是否验证 column, the backend columns, the columns compared with) of a header."""
    verified = next(
        (i for i, h in enumerate(header) if h == verified_name or VERIFIED_HEADERS.fullmatch(h.strip())),
        None,
    )
    backend = tuple(i for i, h in enumerate(header) if i and BACKEND_HEADERS.fullmatch(h))
    compared = frozenset(i for i, h in enumerate(header) if COMPARED_HEADERS.fullmatch(h))
    return verified, backend, compared


def _runs_on(row: tuple[str, ...], backend: tuple[int, ...], compared: frozenset[int], naming, named) -> str | None:
    """How the row says it runs on the backend, or None."""
    for index, cell in enumerate(row):
        if not cell:
            continue
        value = cell_value(cell)
        if index in backend:
            if named.search(value) and not NOT_RUN.search(value):
                return f"its backend column: {value}"
            continue
        if index == 0:
            said = naming.subject.search(value)
            if said and not NOT_RUN.search(value) and not COMPARISON.search(value) and not _elsewhere(value, said):
                return f"'{_short(value)}'"
        elif index not in compared and naming.whole.fullmatch(value) and named.search(value):
            return f"'{value}'"
        elif index not in compared and (runs := naming.runs.search(value)) is not None:
            said = _clause_of(value, runs.start(), runs.end())  # (what the rest of the cell compares is its own)
            if not (NOT_RUN.search(said) or ALIGNED.search(said)):
                return f"'{_short(value)}'"  # `8 × A100 with the PyTorch backend`
        if "tests/" in value:
            folder = naming.tests.search(value)
            if folder and not NOT_RUN.search(value):
                return f"its tests in {folder.group()}"
    return None


CLAUSE_BREAK = re.compile(r"[,;:，；：。]")
# what another run is, not this one: `Loss alignment with the original code (8 cards, PyTorch 2.1)`,
# `a checkpoint saved by …`, `MindSpore 侧转换出的 checkpoint`
ANOTHER_RUN = re.compile(r"(?i)saved by|saved with|original|converted|from the|保存|转换|原始|导出|来自")


def _elsewhere(value: str, said: re.Match[str]) -> bool:
    """The backend named as one item of a setup (`…, MindSpore 2.4, …`) in a row that compares
    with another run or loads what another run wrote: that run's setup, not this row's."""
    item = said.start() > 0 and value[said.start()] in "，,、;；"
    return item and (ALIGNED.search(value) is not None or ANOTHER_RUN.search(value) is not None)


def _clause_of(text: str, start: int, end: int) -> str:
    """The clause of `text` holding `start`..`end` and the one after it (`recorded on the MS
    backend, PT run within 1e-3 of it` compares), between the marks that end clauses."""
    before = [m.end() for m in CLAUSE_BREAK.finditer(text, 0, start)]
    after = CLAUSE_BREAK.search(text, end)
    further = CLAUSE_BREAK.search(text, after.end()) if after else None
    return text[before[-1] if before else 0 : further.start() if further else len(text)]


def _refused(row: tuple[str, ...], how: str, refusal: re.Pattern) -> bool:
    """The row tests that the backend is refused: where the row is about the backend
    (its subject, a cell, its column), a refusal anywhere in it (`| 是 | 抛 NotImplementedError |`);
    where only a test folder names it, a refusal next to the backend in one cell (`1 in
    tests/mindspore/ ... MS NotImplementedError`: another cell may list errors of its own)."""
    if how.startswith("its tests in"):
        return any(refusal.search(cell) for cell in row)
    return any(REFUSAL.search(cell) for cell in row)


def _short(text: str, limit: int = 40) -> str:
    return text if len(text) <= limit else text[: limit - 1] + "…"
