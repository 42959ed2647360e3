"""A backend left out of a PT + MS RFC as the held-back RFCs' authors wrote it (rounds 4, 12,
19, 20, 22), read by RFC344: as a whole in 3.1, 3.2 or 8, or a verification row on one
backend alone. The rows and items it reports are those rounds' cases (test_semantic_cases.py)."""

from __future__ import annotations

import pytest

from rfc_template.lints.consistency.rfc344_goal_backend_scope import ONE_ONLY, _left_out


@pytest.mark.parametrize(
    "text, backend",
    [
        ("3. 本期不支持 MindSpore 后端，原因是 MS 动态图预取 hook 尚未就绪。", "MindSpore"),
        ("MS 后端本期不提供，仅 PT 可用", "MS"),
        ("- We do not support the MS backend in this RFC.", "MS"),
        ("The MS backend is out of scope for this phase.", "MS"),
        ("3. 本期只交付 PT 后端，MS 后端不在本期范围。", "MS"),
    ],
)
def test_a_backend_left_out_as_a_whole(text, backend):
    assert _left_out(text) == backend


@pytest.mark.parametrize(
    "text",
    [
        "MS 后端本期不支持 GRAPH_MODE；PT 支持 overlap",  # a restriction within MS
        "本期不支持 MS 静态图（GRAPH_MODE / jit）",
        "本期不支持 MS 后端的 dropout 融合",
        "JAX 等其他框架本期不支持",
        "The MS backend does the same with async_op handles.",
    ],
)
def test_a_restriction_within_a_backend_is_no_backend_left_out(text):
    assert _left_out(text) == ""


@pytest.mark.parametrize(
    "row, one",
    [
        ("Level0 | 4 | 200 steps with clipping, PT only | loss within 1e-3", True),
        ("Same, PT only | 64.5 GiB | 55.98 GiB | peak memory | ≤ 56 GiB", True),
        ("Level0 | 2 | 2 卡 20 step，仅 PT | loss 一致", True),
        ("Level0 | 4 | 200 steps, PT and MS | loss within 1e-3", False),
        ("MS, same | 13.4 s | MS only supports PyNative here | step time | ≤ 12.3 s", False),
        ("Level1 | 2 | 仅 PT 与 MS 对齐用例 | 一致", False),
    ],
)
def test_a_verification_row_on_one_backend_alone(row, one):
    assert (ONE_ONLY.search(row) is not None) is one


@pytest.mark.parametrize(
    "text",
    [
        # (a newcomer's review) a version or a mode makes it a restriction within the backend
        "低于 2.7 的 MS 后端不支持，告警并保持同步规约",
        "静态图模式下本期不支持 MS 后端，PyNative 下两个后端能力一致",
        "on versions before 2.5 the MS backend is not supported, and start-up refuses it",
        "in GRAPH_MODE the MS backend is not supported yet",
        "MS 2.4 and earlier: no support for the MS backend, refused at start-up",
        "so a PT job runs without the MS backend, and an MS job without PyTorch",
    ],
)
def test_a_backend_refused_under_a_condition_is_not_left_out(text):
    assert _left_out(text) == ""


@pytest.mark.parametrize(
    "text, both",
    [
        ("5. 后端范围：PT 与 MS（MindSpore 2.5 及以上，PyNative 模式）", True),  # (held-back round 24)
        ("- Backends: PT and MS, same interface", True),
        ("支持 PT 和 MS 两个后端", True),
        ("5. 后端范围：仅 MS（MindSpore 2.5 及以上，PyNative 模式）", False),
        ("5. 后端范围：仅 MS，接口与 PT 与 MS 的通用接口一致", False),  # the scope is MS
        ("Backends: MS only; the PT and MS APIs stay aligned", False),
        # (a newcomer's review) other kinds of backend, and both named then narrowed
        ("Communication backends: both HCCL (Ascend, torch_npu) and NCCL (CUDA), on PT", False),
        ("Backends: both Ascend (torch_npu) and CUDA devices under PT, torch ≥ 2.5", False),
        ("Execution backends: both PyNative and graph mode of the MS backend", False),
        ("torch 2.4 or later; attention backends: both flash-attn 2 and SDPA on CUDA", False),
        ("Backend scope: PT and MS share the optimizer's config keys, but this RFC implements PT only", False),
        ("5. 后端范围：双后端统一接口留到后续 RFC，本期仅 MS", False),
        ("5. 后端范围：两个后端中本期只做 MS，PT 侧见 3.2", False),
        ("5. 后端范围：PT 与 MS 中仅 MS（MindSpore 2.5 及以上）", False),
    ],
)
def test_a_goal_that_scopes_both_backends(text, both):
    """An MS-only or PT-only RFC's goal that supports both: said with a verb, or right after
    a label of its scope (not both named later in the item)."""
    from rfc_template.lints.consistency.rfc344_goal_backend_scope import BOTH

    assert (BOTH.search(text) is not None) is both


@pytest.mark.parametrize(
    "text, gone",
    [
        # (held-back round 30) the backend's name alone, opening its clause
        ("5. Support PT only (torch ≥ 2.1, eager); MS is not supported in this phase.", "MS"),
        # (a newcomer's review) a mode of a backend, not the backend
        (
            "5. Support PT only in eager mode (torch ≥ 2.1) and MS in PyNative, graph mode not supported in this phase.",
            "",
        ),
        ("5. Support PT and MS; MS graph mode is not supported in this phase.", ""),
        ("5. Support PT only (torch ≥ 2.1.0, eager) for now; MS will not be supported in the first release.", "MS"),
    ],
)
def test_the_other_backend_said_out_of_this_phase(text, gone):
    assert _left_out(text) == gone


def test_a_version_s_dot_is_no_sentence_end():
    """(a newcomer's review) `Support PT only (torch ≥ 2.1, eager) in this phase; MS follows in the
    next release`: PT first, MS later."""
    from rfc_template.lints.consistency.rfc344_goal_backend_scope import ONE_FIRST

    assert ONE_FIRST.search("5. Support PT only (torch ≥ 2.1, eager) in this phase; MS follows in the next release.")
    assert not ONE_FIRST.search(
        "5. Support PT only in eager mode (torch ≥ 2.1) and MS in PyNative, graph mode not supported in this phase."
    )
