"""RFC326-RFC329 on the hand-filled RFCs: what the RFC states about its own code, backend
and diagrams, computed. Each case edits one RFC of the corpus, the precision RFCs or the
examples (both editions): a mistake is reported by its rule at the line of the text
given, a natural variation is reported by none of the four (other rules may react to an
edit of 5.1: RFC319 compares its table; they are not judged here).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rfc_template import check
from rfc_template.findings import LineIndex
from rfc_template.lints.diagrams.rfc329_flowchart_edge_typo import _one_slip, edge_typos

PROJECT = Path(__file__).resolve().parents[1]
CODES = ("RFC326", "RFC327", "RFC328", "RFC329")

OFFLOAD = "tests/corpus/zh-optimizer-offload"  # PT + MS
ELASTIC = "tests/corpus/zh-elastic-resume"  # PT + MS
DCP = "tests/corpus/zh-dcp-reshard"  # PT
MOE = "tests/corpus/en-moe-expert-parallel"  # MS
SP = "tests/corpus/en-ulysses-sp"  # PT
CLIP = "tests/precision/en-mesh-grad-clip"  # PT + MS
RECOMPUTE = "tests/precision/en-selective-recompute"  # PT
ASYNC = "tests/precision/zh-async-checkpoint"  # MS
PIPELINE = "tests/precision/zh-pp-schedule"  # PT + MS
OVERLAP = "examples/fsdp-grad-comm-overlap"  # PT + MS
ULYSSES = "examples/ulysses-sequence-parallel"  # PT


# a block with a function for each backend, each importing its own
SYNCS = """def _sync_pt():
    import torch

    torch.npu.synchronize()


def _sync_ms():
    import mindspore as ms

    ms.runtime.synchronize()
"""


def reviewed(rfc: str, edits: list[tuple[str, str]]) -> tuple[str, list]:
    """The RFC with each edit made (each `old` once in it), and the four rules' findings."""
    text = (PROJECT / rfc / "rfc.md").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, f"{old!r} must occur once in {rfc}"
        text = text.replace(old, new)
    findings = check.check_text(text, None, check.REVIEW).findings
    return text, [f for f in findings if f.code in CODES]


def line_of(text: str, at: str) -> int:
    assert text.count(at) == 1, f"{at!r} must occur once"
    return LineIndex(text).position(text.index(at))[0]


# (id, rfc, edits, the rule, text on the line it reports)
MISTAKES = [
    # RFC326: calls that cannot bind
    (
        "kw-only-required-left-out",
        PIPELINE,
        [("    micro_batch_num=16,\n", "")],
        "RFC326",
        "    virtual_pp_size=2,",
    ),
    (
        "positional-required-left-out",
        CLIP,
        [("clip_grad_norm_(model, max_norm=1.0, mesh=mesh)", "clip_grad_norm_(model, mesh=mesh)")],
        "RFC326",
        "total_norm = clip_grad_norm_(model, mesh=mesh)",
    ),
    (
        "too-many-positional",
        CLIP,
        [("clip_grad_norm_(model, 1.0, mesh=mesh, grads=grads)", "clip_grad_norm_(model, 1.0, 2.0, mesh=mesh)")],
        "RFC326",
        "clip_grad_norm_(model, 1.0, 2.0, mesh=mesh)",
    ),
    (
        "keyword-only-by-position",
        ASYNC,
        [('    trainer,\n    save_dir="/mnt/sfs/ckpt/llama2_7b",', '    trainer,\n    "/mnt/sfs/ckpt/llama2_7b",')],
        "RFC326",
        '    "/mnt/sfs/ckpt/llama2_7b",',
    ),
    (
        "options-by-position",
        OVERLAP,
        [
            (
                "enable_grad_comm_overlap(model, bucket_size_mb=256, backward_prefetch=1)",
                "enable_grad_comm_overlap(model, 256, 1)",
            )
        ],
        "RFC326",
        "enable_grad_comm_overlap(model, 256, 1)",
    ),
    (
        "passed-twice",
        DCP,
        [
            (
                'load_resharded(model, "/ckpt/llama2-70b/step_20000", optimizer=optimizer, read_threads=8)',
                'load_resharded(model, "/ckpt/llama2-70b/step_20000", checkpoint_id="/ckpt/last", read_threads=8)',
            )
        ],
        "RFC326",
        'checkpoint_id="/ckpt/last"',
    ),
    (
        "signature-changed-example-not",
        ELASTIC,
        [("    *,\n    global_batch_size: int,", "    *,\n    world_size: int,\n    global_batch_size: int,")],
        "RFC326",
        "    global_batch_size=960,\n    tp_size=8,",
    ),
    (
        "dataclass-field-left-out",
        ELASTIC,
        [
            (
                "from hyper_parallel.trainer import elastic_resume\n\n\ndef elastic_resume(",
                "from hyper_parallel.trainer import elastic_resume\n\n\n@dataclass\nclass ResumePolicy:\n"
                "    min_nodes: int\n    max_wait_s: float = 600.0\n\n\ndef elastic_resume(",
            ),
            ("    load_timeout_s=1200.0,\n)", "    load_timeout_s=1200.0,\n)\npolicy = ResumePolicy(max_wait_s=300.0)"),
        ],
        "RFC326",
        "policy = ResumePolicy(max_wait_s=300.0)",
    ),
    # RFC326: a function of the framework's module that 5.1 never defines
    (
        "undefined-wait-helper",
        ASYNC,
        [
            (
                "from hyper_parallel.checkpoint import enable_async_checkpoint\n",
                "from hyper_parallel.checkpoint import enable_async_checkpoint, wait_async_checkpoint\n",
            ),
            ("trainer.fit(model, dataloader)  #", "wait_async_checkpoint(trainer)\ntrainer.fit(model, dataloader)  #"),
        ],
        "RFC326",
        "wait_async_checkpoint(trainer)\n",
    ),
    (
        "undefined-stats-helper",
        RECOMPUTE,
        [
            (
                "from hyper_parallel.core.activation_checkpoint import selective_recompute\n",
                "from hyper_parallel.core.activation_checkpoint import recompute_stats, selective_recompute\n",
            ),
            ("fully_shard(model, mesh=mesh)\n", "fully_shard(model, mesh=mesh)\nprint(recompute_stats(model))\n"),
        ],
        "RFC326",
        "print(recompute_stats(model))",
    ),
    # RFC327: the other backend's API in the design's code
    (
        "ms-import-in-pt-key-logic",
        RECOMPUTE,
        [("plat = get_platform()\n", "import mindspore as ms\nplat = get_platform()\n")],
        "RFC327",
        "import mindspore as ms",
    ),
    (
        "torch-in-ms-key-logic",
        ASYNC,
        [
            (
                "        buffer = self.pool.acquire(plan.nbytes)",
                "        buffer = torch.empty(plan.nbytes, dtype=torch.uint8, pin_memory=True)",
            )
        ],
        "RFC327",
        "buffer = torch.empty(plan.nbytes",
    ),
    (
        "torch-import-in-ms-example",
        MOE,
        [("import mindspore as ms\n", "import mindspore as ms\nimport torch.distributed as dist\n")],
        "RFC327",
        "import torch.distributed as dist",
    ),
    (
        "ms-type-in-pt-interface",
        ULYSSES,
        [
            (
                "def enable_ulysses_sequence_parallel(\n    model: nn.Module,",
                "def enable_ulysses_sequence_parallel(\n    model: mindspore.nn.Cell,",
            )
        ],
        "RFC327",
        "    model: mindspore.nn.Cell,",
    ),
    # PT + MS: a function for each backend, one using the other's name (held-back round 9)
    (
        "torch-in-the-ms-function",
        OFFLOAD,
        [
            (
                "### 6.4 关键逻辑\n\n",
                "### 6.4 关键逻辑\n\n```python\n" + SYNCS.replace("    ms.runtime", "    torch.npu") + "```\n\n",
            )
        ],
        "RFC327",
        "    torch.npu.synchronize()\n```",
    ),
    (
        "ms-alias-in-the-pt-function",
        OFFLOAD,
        [
            (
                "### 6.4 关键逻辑\n\n",
                "### 6.4 关键逻辑\n\n```python\n" + SYNCS.replace("    torch.npu", "    ms.runtime", 1) + "```\n\n",
            )
        ],
        "RFC327",
        "    ms.runtime.synchronize()\n\n\ndef _sync_ms",
    ),
    # PT alone: MindSpore by its usual alias, never imported (held-back round 9)
    (
        "ms-alias-unimported-in-pt-key-logic",
        RECOMPUTE,
        [("plat = get_platform()\n", "plat = ms.set_context(mode=ms.PYNATIVE_MODE)\n")],
        "RFC327",
        "plat = ms.set_context(",
    ),
    # RFC328: a verification row on the backend the RFC leaves out
    (
        "pt-row-in-ms-rfc",
        ASYNC,
        [
            (
                "| 本特性 + 重计算 | 是 |",
                "| 本特性在 PT 后端（8 卡 A100） | 是 | 续训 loss 与 MS 一致 | 同上 |\n| 本特性 + 重计算 | 是 |",
            )
        ],
        "RFC328",
        "| 本特性在 PT 后端（8 卡 A100） |",
    ),
    (
        "ms-scenario-in-pt-rfc",
        DCP,
        [
            (
                "| Llama2-70B 含 AdamW 状态约 1 TB，64 卡保存，32 卡加载，共享存储 |",
                "| MS，Llama2-70B，32 卡 Atlas 800T A2 加载 | 同切分加载 11 min | 预估 <= 16 min | 加载耗时 | <= 同切分的 1.5 倍 |\n"
                "| Llama2-70B 含 AdamW 状态约 1 TB，64 卡保存，32 卡加载，共享存储 |",
            )
        ],
        "RFC328",
        "| MS，Llama2-70B，32 卡",
    ),
    (
        "mindspore-combination-in-pt-rfc",
        DCP,
        [("| 本特性 + checkpoint | 是 |", "| 本特性 + checkpoint（在 MindSpore 上） | 是 |")],
        "RFC328",
        "| 本特性 + checkpoint（在 MindSpore 上） | 是 |",
    ),
    (
        "backend-column",
        SP,
        [
            (
                "## 10. Implementation plan",
                "Backend runs:\n\n| Scenario | Backend | Metric | Pass criteria |\n| --- | --- | --- | --- |\n"
                "| Llama3-8B, 8 cards, seq 128K | MS | step time | <= 18.4 s |\n\n## 10. Implementation plan",
            )
        ],
        "RFC328",
        "| Llama3-8B, 8 cards, seq 128K | MS |",
    ),
    (
        "runs-there-in-another-cell",
        ASYNC,
        [
            (
                "| 本特性 + 重计算 | 是 |",
                "| 本特性 + 长序列 | 是 | 8 卡，在 PT 后端上训练 200 step | loss 与不开启时一致 |\n| 本特性 + 重计算 | 是 |",
            )
        ],
        "RFC328",
        "| 本特性 + 长序列 | 是 |",
    ),
    (
        "both-backends-as-the-subject",
        DCP,
        [
            (
                "| 本特性 + checkpoint | 是 |",
                "| PT / MS 对齐（MindSpore 2.5，16 卡 Atlas 800T A2） | 是 | 同一模型 loss 相对误差 <= 1e-3 | 同上 |\n"
                "| 本特性 + checkpoint | 是 |",
            )
        ],
        "RFC328",
        "| PT / MS 对齐（MindSpore 2.5",
    ),
    # RFC329: an edge to a slip of a node's id
    ("letter-left-out", CLIP, [("    API --> Owner\n", "    API --> Ownr\n")], "RFC329", "    API --> Ownr"),
    ("letters-swapped", PIPELINE, [("    API --> Sched\n", "    API --> Shced\n")], "RFC329", "    API --> Shced"),
    (
        "slip-at-the-start",
        ASYNC,
        [("    Writer --> Manifest\n", "    Writr --> Manifest\n")],
        "RFC329",
        "    Writr --> Manifest",
    ),
    (
        "letter-left-out-after-an-edge-text",
        ASYNC,
        [('    Mgr -- "注册回调" --> Hooks\n', '    Mgr -- "注册回调" --> Hook\n')],
        "RFC329",
        '    Mgr -- "注册回调" --> Hook\n',
    ),
]


@pytest.mark.parametrize("rfc, edits, code, at", [pytest.param(*m[1:], id=f"{m[3]}-{m[0]}") for m in MISTAKES])
def test_a_mistake_is_reported_at_its_line(rfc, edits, code, at):
    text, findings = reviewed(rfc, edits)
    line = line_of(text, at)
    assert [f.line for f in findings if f.code == code] == [line], findings


# (id, rfc, edits): writing a real author would do, reported by none of the four
VARIATIONS = [
    # RFC328: a pass criterion that compares with the left-out backend (found by a review)
    (
        "criteria-compared-with-the-other-backend",
        SP,
        [
            (
                "| This feature + checkpoint | Yes |",
                "| This feature + FSDP | Yes | Loss consistent with the MS backend, max diff < 1e-3 |\n"
                "| This feature + recompute | Yes | Throughput >= 90% of that on the MS backend |\n"
                "| This feature + checkpoint | Yes |",
            )
        ],
    ),
    # RFC328: the other backend named as what the result is compared with
    (
        "compared-with-the-other-backend",
        DCP,
        [
            (
                "| 本特性 + checkpoint | 是 |",
                "| 本特性 + 长序列 | 是 | 8 卡训练 200 step | loss 与 MS 后端上的结果对齐 |\n| 本特性 + checkpoint | 是 |",
            )
        ],
    ),
    # RFC326
    (
        "keywords-reordered",
        PIPELINE,
        [
            (
                '    schedule="interleaved_1f1b",\n    micro_batch_num=16,',
                '    micro_batch_num=16,\n    schedule="interleaved_1f1b",',
            )
        ],
    ),
    (
        "norm-by-position",
        CLIP,
        [("clip_grad_norm_(model, max_norm=1.0, mesh=mesh)", "clip_grad_norm_(model, 1.0, mesh=mesh, norm_type=2.0)")],
    ),
    (
        "parameters-for-model",
        CLIP,
        [("clip_grad_norm_(model, max_norm=1.0, mesh=mesh)", "clip_grad_norm_(model.parameters(), max_norm=1.0)")],
    ),
    (
        "only-what-is-required",
        RECOMPUTE,
        [
            (
                "model = selective_recompute(\n    model,\n",
                "model = selective_recompute(model)\nmodel = selective_recompute(\n    model,\n",
            )
        ],
    ),
    (
        "subject-by-keyword",
        ASYNC,
        [
            (
                "trainer = enable_async_checkpoint(\n    trainer,",
                "trainer = enable_async_checkpoint(\n    trainer=trainer,",
            )
        ],
    ),
    (
        "star-args",
        OFFLOAD,
        [
            (
                "offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
                "offload_optimizer_states(*wrapped, **offload_options)",
            )
        ],
    ),
    (
        "console-session",
        OFFLOAD,
        [
            (
                "和已有接口是否一致：不一致。",
                "```python\n>>> optimizer = offload_optimizer_states(optimizer, offload_ratio=0.5)\n>>> type(optimizer).__name__\n'OffloadedOptimizer'\n```\n\n和已有接口是否一致：不一致。",
            )
        ],
    ),
    (
        "helper-of-the-key-logic",
        OFFLOAD,
        [
            (
                "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
                "from hyper_parallel.optimizer import offload_optimizer_states, plan_buckets\n\nmesh",
            ),
            (
                "optimizer = torch.optim.AdamW(",
                "print(len(plan_buckets(model.parameters(), 256 << 20)))\noptimizer = torch.optim.AdamW(",
            ),
        ],
    ),
    (
        "existing-helper-beside-the-api",
        OVERLAP,
        [
            (
                "from hyper_parallel import enable_grad_comm_overlap, fully_shard, init_device_mesh\n\nmesh",
                "from hyper_parallel import enable_grad_comm_overlap, fully_shard, get_rank, init_device_mesh\n\nprint(get_rank())\nmesh",
            )
        ],
    ),
    (
        "class-beside-the-api",
        ASYNC,
        [
            (
                "from hyper_parallel.checkpoint import enable_async_checkpoint\n",
                "from hyper_parallel.checkpoint import CheckpointConfig, enable_async_checkpoint\n",
            ),
            ("model = fully_shard(", "config = CheckpointConfig(config)\nmodel = fully_shard("),
        ],
    ),
    (
        "own-function-of-the-same-name",
        CLIP,
        [
            (
                "for step, batch in enumerate(dataloader):",
                "def clip_grad_norm_(model, *args):\n    return 0\n\n\nfor step, batch in enumerate(dataloader):",
            )
        ],
    ),
    (
        "two-definitions-either-binds",
        DCP,
        [
            (
                '    """按 module 当前的切分读取 checkpoint，返回加载完成的 module。"""\n',
                '    """按 module 当前的切分读取 checkpoint，返回加载完成的 module。"""\n\n\ndef load_resharded(module, *, checkpoint_id, strict=True):\n    """只按关键字传的写法。"""\n',
            ),
            (
                'load_resharded(model, "/ckpt/llama2-70b/step_20000", optimizer=optimizer, read_threads=8)',
                'load_resharded(model, checkpoint_id="/ckpt/llama2-70b/step_20000")',
            ),
        ],
    ),
    # RFC328: the other backend as the reference, compared in the next clause (found by a second review)
    (
        "loss-reference-recorded-on-ms",
        SP,
        [
            (
                "| This feature + checkpoint | Yes |",
                "| Loss reference | Yes | Loss curve recorded on the MindSpore backend, PT run within 1e-3 of it |\n"
                "| This feature + checkpoint | Yes |",
            )
        ],
    ),
    # RFC327: each function of a PT + MS block with its own backend
    (
        "a-function-for-each-backend",
        OFFLOAD,
        [("### 6.4 关键逻辑\n\n", "### 6.4 关键逻辑\n\n```python\n" + SYNCS + "```\n\n")],
    ),
    # a variable or a parameter named `ms` is no MindSpore (a parameter: found by a review)
    ("a-variable-named-ms", RECOMPUTE, [("plat = get_platform()\n", "ms = elapsed * 1000\nplat = get_platform()\n")]),
    (
        "a-parameter-named-ms",
        ULYSSES,
        [
            (
                "    dist.all_to_all_single(recv, send, group=group)          # chunk i goes to rank i",
                "    dist.all_to_all_single(recv, send, group=group)\n\n\n"
                "def _reduce_shard_grad(ms, group):\n    dist.all_reduce(ms.grad, group=group)",
            )
        ],
    ),
    # RFC327
    (
        "docstring-names-torch",
        MOE,
        [
            (
                "    def dispatch(self, tokens, expert_ids):\n",
                '    def dispatch(self, tokens, expert_ids):\n        """The counterpart of torch.distributed.all_to_all_single."""\n',
            )
        ],
    ),
    (
        "platform-guard",
        ASYNC,
        [
            (
                "class AsyncCheckpointManager:\n",
                'if get_platform().name == "torch":\n    import torch\n    raise NotImplementedError(f"torch {torch.__version__}: see 3.2")\n\n\nclass AsyncCheckpointManager:\n',
            )
        ],
    ),
    (
        "optional-import",
        RECOMPUTE,
        [
            (
                "plat = get_platform()\n",
                "try:\n    import mindspore\nexcept ImportError:\n    pass\nplat = get_platform()\n",
            )
        ],
    ),
    (
        "platform-string",
        SP,
        [
            (
                'os.environ.setdefault("HYPER_PARALLEL_PLATFORM", "torch")',
                'os.environ.setdefault("HYPER_PARALLEL_PLATFORM", "torch")  # "mindspore" is the follow-up RFC',
            )
        ],
    ),
    (
        "both-backends",
        PIPELINE,
        [
            (
                "from hyper_parallel.optimizer import AdamW\n",
                "from hyper_parallel.optimizer import AdamW\nimport torch\nimport mindspore\n",
            )
        ],
    ),
    # RFC328
    (
        "excluded-row-not-verified",
        ASYNC,
        [
            (
                "| 本特性 + 重计算 | 是 |",
                "| 本特性在 PT 后端 | 否 | 本期不验证：PT 不在范围内（3.2） | |\n| 本特性 + 重计算 | 是 |",
            )
        ],
    ),
    (
        "compared-with-the-other-backend",
        RECOMPUTE,
        [
            (
                "## 10. Implementation plan",
                "| Scenario | Baseline | With this feature | Metric | Pass criteria |\n| --- | --- | --- | --- | --- |\n| Comparison with the MS prototype (reference only) | 3.1 s | 2.9 s | step time | none |\n\n## 10. Implementation plan",
            )
        ],
    ),
    (
        "refused-on-the-other-backend",
        SP,
        [("| UT | 31 |", "| UT | 32 (31 in tests/torch, 1 in tests/mindspore: MS raises NotImplementedError) |")],
    ),
    (
        "other-backend-in-a-criterion",
        MOE,
        [
            (
                "| This feature + CP | No |",
                "| This feature + CP | No | Not run this phase; the PT side already aligns with it |\n| This feature + CP (later) | No |",
            )
        ],
    ),
    ("both-backend-rfc", OFFLOAD, [("| 本特性 + CP / EP | 否 |", "| 本特性 + CP / EP（PT 后端） | 否 |")]),
    # RFC329
    (
        "node-defined-on-its-edge",
        PIPELINE,
        [("    M --> N[", '    M --> Log["记录每个 stage 的气泡时间"]\n    M --> N[')],
    ),
    ("bare-node-used-twice", ASYNC, [("    Mgr --> Pool\n", "    Mgr --> Pools\n    Pools --> Pool\n")]),
    ("a-series", CLIP, [("    Plans --> DT\n", '    Plans --> DT\n    Rank1["rank 1"] --> Rank2\n')]),
    (
        "styled-on-purpose",
        CLIP,
        [("    Plans --> DT\n", "    Plans --> DT\n    API --> Owners\n    class Owners pending\n")],
    ),
    ("subgraphs-linked", PIPELINE, [("    P2P --> MSB\n", "    P2P --> MSB\n    User --> Others\n")]),
]


@pytest.mark.parametrize("rfc, edits", [pytest.param(*v[1:], id=v[0]) for v in VARIATIONS])
def test_a_natural_variation_is_not_reported(rfc, edits):
    _, findings = reviewed(rfc, edits)
    assert findings == []


@pytest.mark.parametrize("rfc", [OFFLOAD, ELASTIC, DCP, MOE, SP, CLIP, RECOMPUTE, ASYNC, PIPELINE, OVERLAP, ULYSSES])
def test_the_hand_filled_rfc_is_not_reported(rfc):
    assert reviewed(rfc, [])[1] == []


@pytest.mark.parametrize(
    "typo, meant, slip",
    [
        ("Wraped", "Wrapped", True),
        ("Expert", "Experts", True),
        ("Shced", "Sched", True),
        ("Rope", "rope", True),
        ("Rank2", "Rank1", False),  # a series
        ("Worker2", "Worker", False),
        ("Planner", "Planer", True),
        ("Api", "Attn", False),
        ("abc", "abc", False),
    ],
)
def test_one_slip(typo, meant, slip):
    assert _one_slip(typo, meant) is slip


def test_a_diagram_it_cannot_read_is_left_alone():
    # an edge id (`e1@-->`) is no syntax this reading knows: nothing is said of the block
    assert edge_typos('flowchart LR\n    Bucket["b"] e1@--> Wraped\n    Wrapped["w"] --> Bucket\n') == ()
    assert edge_typos('flowchart LR\n    Bucket["b"] --> Wraped\n    Wrapped["w"] --> Bucket\n') == (
        (1, 21, "Wraped", "Wrapped"),
    )


@pytest.mark.parametrize(
    "edits",
    [
        # a keyword 5.1 does not take: RFC320 reports it, and the call is not judged again
        [("offload_ratio=1.0, bucket_size_mb=256)\n\nfor", "ratio=1.0, bucket_size_mb=256)\n\nfor")],
        [("(optimizer, offload_ratio=1.0, bucket_size_mb=256)\n\nfor", "(optimizer, 1.0, ratio=1.0)\n\nfor")],
        # a misspelt name of the API, imported so: RFC320's
        [
            (
                "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
                "from hyper_parallel.optimizer import offload_optimizer_state\n\nmesh",
            ),
            ("optimizer = offload_optimizer_states(optimizer,", "optimizer = offload_optimizer_state(optimizer,"),
        ],
    ],
    ids=["unknown-keyword", "unknown-keyword-and-positional", "misspelt-name"],
)
def test_what_rfc320_reports_is_not_reported_twice(edits):
    text = (PROJECT / OFFLOAD / "rfc.md").read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    codes = [f.code for f in check.check_text(text, None, check.REVIEW).findings]
    assert "RFC320" in codes and "RFC326" not in codes, codes


DEFINITION = '''
def enable_checkpoint(trainer, *, save_dir: str) -> "Checkpointer":
    """Route saves through chains."""


class Checkpointer:
    def save(self, step: int) -> str: ...
    def load(self, path: str | None = None) -> int: ...


class Pool(Base):
    def take(self) -> None: ...
'''


@pytest.mark.parametrize(
    "usage, unknown",
    [
        # (held-back round 10) a method 5.1's class does not define, on what 5.1's function returns
        ('ckpt = enable_checkpoint(trainer, save_dir="/c")\nstep = ckpt.load_latest()', ["ckpt.load_latest"]),
        ('ckpt = enable_checkpoint(trainer, save_dir="/c")\nstep = ckpt.load()', []),
        ("ckpt = Checkpointer()\nckpt.save(10)\nckpt.restore()", ["ckpt.restore"]),
        ("pool = Pool()\npool.give()", []),  # a class with a base may inherit the method
        ("ckpt = Checkpointer()\nckpt = other()\nckpt.restore()", []),  # bound again to something else
        # (found by a second review) another package's function of the same name is not 5.1's
        ('extra = torch.enable_checkpoint("a.pt")\nextra.keys()', []),
    ],
)
def test_a_method_the_class_does_not_define(usage, unknown):
    import ast

    from rfc_template.lints.code.binding import class_methods, unknown_methods

    classes, returns = class_methods([ast.parse(DEFINITION)])
    assert [found[3] for found in unknown_methods([ast.parse(usage)], classes, returns)] == unknown


def test_a_class_shown_in_two_blocks_has_the_methods_of_both():
    """(found by a second review)"""
    import ast

    from rfc_template.lints.code.binding import class_methods

    first, second = "class Report:\n    def summary(self): ...\n", "class Report:\n    def bytes_read(self): ...\n"
    classes, _ = class_methods([ast.parse(first), ast.parse(second)])
    assert classes["Report"] == {"summary", "bytes_read"}


@pytest.mark.parametrize(
    "cell, runs",
    [
        ("4 cards, PP 4, a 1B model, 100 steps, on both the PT and MS backends", True),  # (held-back round 14)
        ("4 cards, 100 steps on the MS backend", True),
        ("4 cards, 100 steps; loss within 1e-3 of the run on the MS backend", False),  # compared with, not run on
        ("4 cards, PP 4, a 1B model, 100 steps", False),
    ],
)
def test_a_verification_row_said_to_run_on_a_left_out_backend(cell, runs):
    from rfc_template.lints.code.rfc328_verification_on_excluded_backend import verdict

    header, row = ("Level", "Count", "Coverage", "Pass criteria"), ("Level0", "3", cell, "Loss matches 1F1B")
    assert (verdict(header, row, "MS", "PT / MS alignment", "Verified") is not None) is runs


def test_a_helper_imported_beside_the_api_is_no_undefined_call():
    """(a review) `build_lr_scheduler` from the package of `offload_optimizer_states` is an
    existing helper; `describe_cp_layout` beside `enable_cp_hybrid` is of its family."""
    from rfc_template.lints.code.binding import kin

    assert not kin("build_lr_scheduler", {"offload_optimizer_states"})
    assert kin("describe_cp_layout", {"enable_cp_hybrid"})


@pytest.mark.parametrize(
    "body, found",
    [
        ("out = torch.empty_like(flat[0])", "torch.empty_like"),  # (held-back round 25)
        ("out = mint.zeros((n,), dtype=dtype)", None),
        ("import torch\n    out = torch.empty_like(flat[0])", "import torch"),  # importing it is using it
    ],
)
def test_a_function_named_for_one_backend_uses_the_other(body, found):
    """In a block importing both backends at its top, `reduce_scatter_ms` calling torch."""
    import ast

    from rfc_template.document import CodeBlock
    from rfc_template.lints.code.backends import named_mixups
    from rfc_template.lints.code.parsing import Parsed

    code = (
        "import torch\nimport mindspore as ms\nfrom mindspore import mint\n\n\n"
        "def reduce_scatter_pt(flat, n, dtype):\n    return torch.empty_like(flat[0])\n\n\n"
        f"def reduce_scatter_ms(flat, n, dtype):\n    {body}\n    return out\n"
    )
    parsed = Parsed(CodeBlock("python", code, 10, "6.4 关键逻辑"), ast.parse(code))
    messages = [f.message for f in named_mixups(parsed, "6.4 关键逻辑")]
    assert [found is not None and found in m for m in messages] == ([True] if found else []), messages


@pytest.mark.parametrize("name", ["elapsed_ms", "grad_to_ms", "check_ms"])
def test_a_function_named_ms_with_no_pt_twin_is_not_read(name):
    """(a newcomer's review) `_ms` may be milliseconds, `grad_to_ms` a converter: without a
    twin for the other backend (`reduce_scatter_pt` beside `reduce_scatter_ms`) a name says nothing."""
    import ast

    from rfc_template.document import CodeBlock
    from rfc_template.lints.code.backends import named_mixups
    from rfc_template.lints.code.parsing import Parsed

    code = f"import torch\nimport mindspore as ms\n\n\ndef {name}(start, end):\n    torch.npu.synchronize()\n"
    parsed = Parsed(CodeBlock("python", code, 10, "6.4 关键逻辑"), ast.parse(code))
    assert named_mixups(parsed, "6.4 关键逻辑") == []


# --- held-back round 28 --------------------------------------------------------------

ROUND_28 = "tests/semantic-held-back-28"


def test_a_function_renamed_beside_calls_of_the_one_it_renames():
    """`fused_adamw_bf16(model, lr=…, kahan_summation=True)` where the block imports and
    calls `fused_adamw`: a NameError, whose parameters say which function was meant."""
    old = "    optimizer = fused_adamw(model, lr=3e-4, stochastic_rounding=False, kahan_summation=True)"
    text, found = reviewed(
        f"{ROUND_28}/zh-optimizer-fused-adamw-bf16", [(old, old.replace("fused_adamw(", "fused_adamw_bf16("))]
    )
    assert [(f.code, f.line) for f in found] == [("RFC326", line_of(text, "fused_adamw_bf16("))]
    assert "parameters of fused_adamw, which it imports" in found[0].message
    assert reviewed(f"{ROUND_28}/zh-optimizer-fused-adamw-bf16", [(old, old)])[1] == []


@pytest.mark.parametrize("call, reported", [("torch.empty", True), ("mint.empty", False)])
def test_a_method_of_a_class_named_for_one_backend_beside_its_twin(call, reported):
    """`_MindSporeCopier.new_host` using `torch.empty` beside `_TorchCopier` (a PT + MS RFC)."""
    old = 'return mint.empty(like.shape, dtype=like.dtype, device="CPU", pin_memory=True)'
    new = old.replace("mint.empty", call)
    text, found = reviewed(f"{ROUND_28}/zh-cp-ring-kv-offload", [(old, new)])
    assert [(f.code, f.line) for f in found] == ([("RFC327", line_of(text, new))] if reported else [])


def test_class_names_are_read_by_their_words():
    from rfc_template.lints.code.backends import _snake

    assert [_snake(n) for n in ("_MindSporeCopier", "_TorchCopier", "reduce_scatter_ms")] == [
        "_mindspore_copier",
        "_torch_copier",
        "reduce_scatter_ms",
    ]


def test_a_helper_of_the_examples_own_sharing_keywords_with_the_api_is_no_rename():
    """(a newcomer's review) `build_dataloader(mesh=mesh, pin_memory=True)` beside a call of 5.1's
    function: a helper the example leaves out, not the function renamed."""
    old = "model = build_llama2_13b()"
    text, found = reviewed(OFFLOAD, [(old, old + "\ndataloader = build_dataloader(mesh=mesh, pin_memory=True)")])
    assert [f for f in found if f.code == "RFC326"] == []


@pytest.mark.parametrize(
    "method, reported",
    [
        ("    def to_torch(self, host_block):\n        return torch.from_numpy(host_block.asnumpy())\n\n", False),
        ("    def peek(self, host_block):\n        return torch.from_numpy(host_block.asnumpy())\n\n", True),
    ],
)
def test_a_method_named_for_the_other_backend_converts_on_purpose(method, reported):
    old = "    def d2h(self, dev_block, host_block):\n        ready = ms.runtime.current_stream()"
    text, found = reviewed(f"{ROUND_28}/zh-cp-ring-kv-offload", [(old, method + old)])
    assert bool([f for f in found if f.code == "RFC327"]) is reported


def test_acronyms_and_devices_in_class_names():
    from rfc_template.lints.code.backends import _snake

    assert [_snake(n) for n in ("_MSCopier", "_PTCopier", "_TorchNpuCopier")] == [
        "_ms_copier",
        "_pt_copier",
        "_torch_copier",
    ]
