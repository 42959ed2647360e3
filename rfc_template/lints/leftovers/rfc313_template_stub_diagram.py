from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import model, skeleton

# the corpus RFC's own flowchart (tests/corpus/zh-optimizer-offload), after its `flowchart TD`
CORPUS_FLOW = (
    '    A["调用 offload_optimizer_states"] --> B{"参数与优化器类型是否合法"}\n'
    '    B -- "否" --> X["抛出 TypeError / ValueError"]\n'
    '    B -- "是" --> C["按 bucket_size_mb 把参数划分为桶"]\n'
    '    C --> D["前 ceil(ratio × 桶数) 个桶在 host 分配锁页缓冲"]\n'
    '    D --> E["已有状态拷到 host，释放 device 上的状态显存"]\n'
    '    E --> F["返回 OffloadedOptimizer"]\n'
    '    F --> G["训练 step：forward / backward / 梯度 reduce-scatter"]\n'
    '    G --> H["optimizer.step：H2D 预取下一个桶"]\n'
    '    H --> I["device 上用原 fused kernel 更新当前桶"]\n'
    '    I --> J["D2H 写回当前桶状态，释放换入缓冲"]\n'
    '    J --> K{"还有未更新的桶"}\n'
    '    K -- "是" --> H\n'
    '    K -- "否" --> L["等待 offload stream，进入下一 step"]\n'
)


@rule(
    "RFC313",
    "template-stub-diagram",
    REVIEW,
    fails=edit(
        # the corpus RFC's own flowchart replaced by the template's stub, its title filled in
        ("flowchart TD\n" + CORPUS_FLOW),
        (
            "flowchart TD\n"
            '    A["读取用户配置"] --> B["校验参数合法性"]\n'
            '    B --> C{"是否开启「优化器状态 offload」"}\n'
            '    C -- "否" --> D["保持现有训练流程"]\n'
            '    C -- "是" --> E["准备分布式上下文"]\n'
            '    E --> F["改写 / 包装模型"]\n'
            '    F --> G["构建 optimizer / scheduler"]\n'
            '    G --> H["执行训练 step"]\n'
            '    H --> I["checkpoint save / load"]\n'
            '    I --> J["指标与日志上报"]\n'
        ),
        at="```mermaid\nflowchart TD",
    ),
    passes=(
        # the stub's shape, every node the feature's own step (met writing a held-back RFC)
        edit(
            CORPUS_FLOW,
            '    A["调用 offload_optimizer_states"] --> B["校验 offload_ratio 与 bucket_size_mb"]\n'
            '    B --> C{"优化器是否为支持的类型"}\n'
            '    C -- "否" --> D["抛出 TypeError"]\n'
            '    C -- "是" --> E["按 bucket_size_mb 划分参数桶"]\n'
            '    E --> F["在 host 分配锁页缓冲"]\n'
            '    F --> G["状态拷到 host，释放 device 显存"]\n'
            '    G --> H["optimizer.step：逐桶 H2D 换入"]\n'
            '    H --> I["device 上更新当前桶"]\n'
            '    I --> J["D2H 写回，进入下一 step"]\n',
        ),
        edit(
            # the corpus RFC's flowchart redrawn as long as the stub, in the feature's own steps: its
            # two branches meet again and its last step loops back, so it is not the stub node for node
            ("flowchart TD\n" + CORPUS_FLOW),
            (
                "flowchart TD\n"
                '    A["调用 offload_optimizer_states"] --> B["校验参数与优化器类型"]\n'
                '    B --> C{"overlap=True"}\n'
                '    C -- "否" --> D["换入换出与计算串行"]\n'
                '    C -- "是" --> E["创建独立的 offload stream"]\n'
                '    D --> F["按 bucket_size_mb 把参数划分为桶，状态拷到 host"]\n'
                "    E --> F\n"
                '    F --> G["optimizer.step：H2D 换入当前桶"]\n'
                '    G --> H["device 上更新当前桶，D2H 写回"]\n'
                '    H -- "还有未更新的桶" --> G\n'
            ),
        ),
    ),
)
def template_stub_diagram(ctx: Context) -> list[Finding]:
    """a diagram is still the template's stub

    ## What it checks
    A Mermaid block, in any section, whose structure is one of the template's stub diagrams
    (the flowchart, architecture and sequence diagrams of 6.1 to 6.3): line for line the same
    node ids, edges, subgraphs and keywords, `%%` comments aside, and at least half of the
    stub's labels and messages still the template's (its title filled in, a few nodes
    relabelled). Reported at its opening fence. A diagram that adds, drops or rewires a node,
    an edge or a participant is the author's own, and so is the stub's shape with the
    author's own words in most places (`A["parallelize_module(model, tp_mesh, plan)"] --> …`).

    ## Why a reviewer cares
    A relabelled stub looks like a design but draws the template's generic training flow
    (读取用户配置 → 校验参数合法性 → ...), not the feature's own steps, components or calls.
    """
    stubs = model(ctx.edition.language).stubs
    sizes = {len(stub) for _, stub, _ in stubs}
    findings = []
    for block in ctx.doc.code_blocks:
        if (
            block.info != "mermaid"
            or sum(1 for line in block.code.splitlines() if line.strip() and not line.strip().startswith("%%"))
            not in sizes
        ):
            continue  # (a stub has as many lines as its skeleton, comments aside: a cheap first test)
        shape = skeleton(block.code)
        for name, stub, stub_words in stubs:
            # the stub's shape with the author's own words in every place is the author's flow
            if shape == stub and sum(1 for word in stub_words if word in block.code) * 2 >= len(stub_words):
                findings.append(
                    Finding(
                        block.line,
                        1,
                        "RFC313",
                        f"the diagram in '{block.section}' is still the template's stub ({name}); draw the feature's own",
                    )
                )
    return findings
