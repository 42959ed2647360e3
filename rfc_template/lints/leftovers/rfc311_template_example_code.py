from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, edit, rule
from rfc_template.lints.model import model


@rule(
    "RFC311",
    "template-example-code",
    REVIEW,
    fails=edit(
        "    overlap: bool = True,\n) -> Optimizer:",
        "    overlap: bool = True,\n    option_a=...,  # 含义、默认值、合法范围\n) -> Optimizer:",
    ),
    passes=edit(
        "    bucket_size_mb: int = 256,\n", "    bucket_size_mb: int = 256,  # 每个桶的状态上限（MB），16 ~ 4096\n"
    ),
)
def template_example_code(ctx: Context) -> list[Finding]:
    """a code block is still the template's example

    ## What it checks
    A code block (diagrams aside) that is still the template's example for its section, whatever
    name was put in and however spaced: 5.1's `enable_<feature>(model, enabled=True, mode="xxx", ...)`,
    5.2's `config.<feature>.enabled = True` and `Trainer`, 6.4's `validate_config` sketch; reported
    at its opening fence. Otherwise each line of 5.1's block that is one of the example's own,
    `# 按实际特性替换` or `option_a=...,  # 含义、默认值、合法范围` (`# replace with the actual
    feature`, `option_a=...,  # meaning, default, valid range`), at that line.

    ## Why a reviewer cares
    The template's code shows the shape of an answer, not the feature: a reviewer reading it
    learns nothing of the real signature, the real usage or the real logic.
    """
    m = model(ctx.edition.language)
    findings = []
    for block in ctx.doc.code_blocks:
        if block.info == "mermaid":
            continue
        if any(p.fullmatch(block.code) for p in m.example_code.get(block.section, ())):
            findings.append(
                Finding(
                    block.line,
                    1,
                    "RFC311",
                    f"the code in '{block.section}' is still the template's example; write the feature's own",
                )
            )
            continue
        for number, line in enumerate(block.code.splitlines(), start=block.line + 1):
            if line.strip() in m.example_lines.get(block.section, ()):
                findings.append(Finding(number, 1, "RFC311", f"'{line.strip()}' is a line of the template's example"))
    return findings
