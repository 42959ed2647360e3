from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.plan import PLAN
from rfc_template.lints.plan.verification import later_needs

PR2 = "| PR2 | PT 后端：offload stream、H2D / D2H 与计算重叠、OffloadedOptimizer.step | PR1 | UT + Level0（tests/torch） |"


@rule(
    "RFC341",
    "verification-needs-later-pr",
    REVIEW,
    WARNING,
    fails=(
        edit(PR2, PR2.replace("UT + Level0（tests/torch）", "UT；Level0 待 PR4 合入后在 tests/torch 补")),
        edit("and the cp reduction | None | UT |", "and the cp reduction | None | UT, Level0 with PR5 |", rfc="en"),
        # no PR named: the MS backend it trains on is PR3's
        edit(PR2, PR2.replace("UT + Level0（tests/torch）", "UT + Level0（tests/torch、tests/mindspore）")),
    ),
    passes=(
        edit(PR2, PR2.replace("UT + Level0（tests/torch）", "UT + Level0（tests/torch，不依赖 PR3）")),
        edit(
            "| PR4 | checkpoint：host 常驻状态的 state_dict / load_state_dict 适配 | PR2、PR3 | UT + Level0 |",
            "| PR4 | checkpoint：host 常驻状态的 state_dict / load_state_dict 适配 | PR2、PR3 | UT + Level0（用 PR2、PR3 的换入换出） |",
        ),
        # PR4 depends on PR3, which brings the MS backend
        edit(
            "| PR4 | checkpoint：host 常驻状态的 state_dict / load_state_dict 适配 | PR2、PR3 | UT + Level0 |",
            "| PR4 | checkpoint：host 常驻状态的 state_dict / load_state_dict 适配 | PR2、PR3 | UT + Level0（tests/mindspore） |",
        ),
    ),
)
def verification_needs_later_pr(ctx: Context) -> list[Finding]:
    """a PR of section 10 is verified with a PR that comes after it

    ## What it checks
    Each row of 10. 实现计划 (Implementation plan), read as RFC324 reads it: its 验证
    (Verification) naming another PR of the table (`UT；Level0 待 PR4 合入后`, `Level1 with
    PR5`), or its 内容 (Content) saying it needs one (`依赖 PR4`, `PR4 合入后启用`, `Level0
    验证随 PR5`), where that PR depends on this one (through 依赖, at any distance), or comes
    after it in the table without this one depending on it. Reported at the row, once.

    Also without a PR's name: a verification that trains (Level0, Level1, 训练, train) on a
    backend (MS / MindSpore / `tests/mindspore`, PT / PyTorch / torch) or with a code
    identifier (`fully_shard`, `OffloadedOptimizer`) that neither this PR's content nor
    that of a PR before it (or one it depends on) brings, and exactly one later PR's content
    does (`| PR2 | PT 后端 … | PR1 | UT + Level0（tests/torch、tests/mindspore） |` with `| PR3
    | MS 后端 … |`). A term two later PRs bring, or none, says nothing, and so does an option
    the verification sets off (`the fp8_all_gather=False cases`: the behaviour before it).

    Not reported: a PR this one depends on (it is merged first); a name said not to be
    needed (`不依赖 PR3`, `without PR3`, `before PR3`, `PR3 前完成`), covered there too
    (`PR4 的回归也会覆盖`, `also in PR4`), shared (`复用 PR3 的用例`), a pattern
    (`同 PR3`, `same as PR3`), or done for the other (`为 PR4 提供`, `PR4 需要的接口`); one
    marked merged or external, or in a link; a content cell that names a later PR without
    a need (`PR4 的前置重构`).

    ## Why a reviewer cares
    A PR whose verification waits for a later one is merged unverified, and when the later
    PR depends on it, the plan cannot run in its order at all: the reviewer wants the test
    moved to the PR that makes it possible, or the order changed.
    """
    ed = ctx.edition
    section = ed.name(PLAN)
    findings = []
    for later in later_needs(ctx):
        why = f"{later.other} depends on {later.own}" if later.depends else "it comes later in the table"
        findings.append(
            Finding(
                later.line,
                1,
                "RFC341",
                f"'{section}' row '{later.own}': its {later.column} needs '{later.other}', and {why}: "
                f"{later.own} cannot be verified when it is merged; move that verification to {later.other}, "
                "or change the order",
            )
        )
    return findings
