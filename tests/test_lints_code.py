"""The python blocks of an RFC (rfc_template/lints/code.py): RFC318 (a block Python
cannot parse), RFC319 (5.1's parameter table against 5.1's signature) and RFC320 (5.2's
calls against 5.1's definitions).

Each case edits a copy of a hand-filled RFC of tests/corpus/ (find/replace, the find
occurring once): a mistake must be found at its line; a natural way of writing the same
thing must pass.
"""

from __future__ import annotations

import ast
import re
import warnings
from pathlib import Path

import pytest

from rfc_template import check, document
from rfc_template.lints import code

CORPUS = Path(__file__).resolve().parent / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"  # zh, one function, keyword-only options
MOE = CORPUS / "en-moe-expert-parallel" / "rfc.md"  # en
RESHARD = CORPUS / "zh-dcp-reshard" / "rfc.md"  # zh, torch in 5.2
CODES = ("RFC318", "RFC319", "RFC320")
CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def edited(path: Path, *edits: tuple[str, str]) -> str:
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def found(text: str, codes=CODES) -> list:
    return [f for f in check.check_text(text, None, check.REVIEW).findings if f.code in codes]


def line_of(text: str, fragment: str) -> int:
    assert text.count(fragment) == 1, fragment
    return text[: text.index(fragment)].count("\n") + 1


def section(text: str, heading: str, body: str) -> str:
    """`text` with everything between `heading` and the next heading replaced by `body`."""
    start = text.index(heading + "\n") + len(heading) + 1
    end = text.index("\n#", start) + 1
    return text[:start] + "\n" + body.strip("\n") + "\n\n" + text[end:]


def test_the_corpus_and_the_examples_have_nothing_to_find():
    for path in [*sorted(CORPUS.glob("*/rfc.md")), *sorted((CORPUS.parent.parent / "examples").glob("*/rfc.md"))]:
        if (path.parent / "cases.json").exists() or "examples" in path.parts:
            assert found(path.read_text(encoding="utf-8")) == [], path


# --- RFC318: every python block parses --------------------------------------------------


def python_message(snippet: str) -> str:
    """What Python itself says of `snippet` (its words vary with its version)."""
    with pytest.raises(SyntaxError) as error:
        ast.parse(snippet)
    return error.value.msg


def message_of_block(text: str, fragment: str) -> str:
    """What Python says of the code block of `text` holding `fragment`."""
    return python_message(next(b.code for b in document.parse(text).code_blocks if fragment in b.code))


def test_a_missing_comma_is_found_at_its_line_with_pythons_message():
    text = edited(
        OFFLOAD,
        (
            'mesh = init_device_mesh("cuda", (8,), mesh_dim_names=("dp",))',
            'mesh = init_device_mesh("cuda", (8,) mesh_dim_names=("dp",))',
        ),
    )
    (finding,) = found(text)
    line = line_of(text, 'mesh = init_device_mesh("cuda", (8,) mesh')
    fence = line_of(text, "# HYPER_PARALLEL_PLATFORM=torch torchrun --nproc_per_node 8 train.py") - 1
    assert (finding.code, finding.line) == ("RFC318", line)
    assert python_message('init_device_mesh("cuda", (8,) mesh_dim_names=("dp",))') in finding.message
    assert f"(line {line - fence} of the block)" in finding.message
    assert finding.col == len('mesh = init_device_mesh("cuda", ') + 1  # where Python points: before the gap


def test_a_missing_colon_in_a_signature_is_found():
    text = edited(OFFLOAD, (") -> Optimizer:\n", ") -> Optimizer\n"))
    (finding,) = found(text)
    assert finding.code == "RFC318" and finding.line == line_of(text, ") -> Optimizer\n")
    assert message_of_block(text, ") -> Optimizer\n") in finding.message  # expected ':'


def test_a_full_width_bracket_is_named_by_python_and_by_code_point_in_english():
    text = edited(
        OFFLOAD,
        (
            "optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4, weight_decay=0.1)",
            "optimizer = torch.optim.AdamW（model.parameters(), lr=3e-4, weight_decay=0.1)",
        ),
    )
    (finding,) = found(text)
    assert finding.code == "RFC318" and "U+FF08" in finding.message and "（" in finding.message  # zh: as Python says it
    text = edited(MOE, ("init()\n", "init（)\n"))
    (finding,) = found(text)
    assert finding.code == "RFC318" and "U+FF08" in finding.message and not CJK.search(finding.message)


def test_a_bracket_never_closed_is_found_inside_the_block():
    text = edited(
        OFFLOAD,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256",
        ),
    )
    (finding,) = found(text)
    assert (
        finding.code == "RFC318" and message_of_block(text, "bucket_size_mb=256\n") in finding.message
    )  # never closed
    assert finding.line == line_of(
        text, "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256\n"
    )


@pytest.mark.parametrize("tag", ["py", "python3", "Python", "python title=train.py"])
def test_every_python_tag_is_read(tag):
    text = edited(
        OFFLOAD,
        ("```python\n# HYPER_PARALLEL_PLATFORM", f"```{tag}\n# HYPER_PARALLEL_PLATFORM"),
        ("for batch in dataloader:", "for batch in dataloader"),
    )
    assert [f.code for f in found(text)] == ["RFC318"]


@pytest.mark.parametrize("tag", ["", "text", "bash", "pycon-output", "yaml"])
def test_other_blocks_are_not_read_as_python(tag):
    text = edited(
        OFFLOAD,
        ("```python\n# HYPER_PARALLEL_PLATFORM", f"```{tag}\n# HYPER_PARALLEL_PLATFORM"),
        ("for batch in dataloader:", "for batch in dataloader"),
    )
    assert found(text, ("RFC318",)) == []


def test_a_signature_without_a_body_is_not_python():
    """A signature alone is a common shorthand, but no Python: `...` or a docstring makes it one."""
    text = edited(OFFLOAD, ('    """把 optimizer 的状态搬到 host 内存，返回行为相同的包装 optimizer。"""\n', ""))
    (finding,) = found(text)
    assert finding.code == "RFC318" and message_of_block(text, ") -> Optimizer:\n") in finding.message


CONSOLE = """```python
>>> from hyper_parallel.optimizer import offload_optimizer_states
>>> optimizer = offload_optimizer_states(optimizer, offload_ratio=0.5)
>>> for group in optimizer.param_groups:
...     print(group["offload_ratio"])
...
0.5
>>> optimizer
OffloadedOptimizer(AdamW, 8 buckets on host)
```
"""


def test_a_console_session_is_read_as_the_code_at_its_prompts():
    text = edited(OFFLOAD, ("### 5.3 接口说明\n", "在交互环境里：\n\n" + CONSOLE + "\n### 5.3 接口说明\n"))
    assert found(text) == []


def test_a_console_session_with_a_mistake_is_found_at_its_line_and_column():
    text = edited(
        OFFLOAD,
        (
            "### 5.3 接口说明\n",
            "在交互环境里：\n\n"
            + CONSOLE.replace('...     print(group["offload_ratio"])', '...     print(group["offload_ratio"]')
            + "\n### 5.3 接口说明\n",
        ),
    )
    (finding,) = found(text)
    assert finding.code == "RFC318" and finding.line == line_of(text, '...     print(group["offload_ratio"]\n')
    assert finding.col == len("...     print") + 1  # the bracket never closed, in the RFC's columns


def test_an_excerpt_indented_as_a_whole_is_read_dedented():
    excerpt = (
        "6.4 中 step 的换入部分：\n\n```python\n    def _prefetch(self, bucket):\n"
        "        with platform.stream(self.stream):\n            bucket.h2d(non_blocking=True)\n```\n\n"
    )
    assert found(edited(OFFLOAD, ("### 6.5 代码改动点\n", excerpt + "### 6.5 代码改动点\n"))) == []


def test_the_templates_placeholders_parse():
    block = (
        '```python\n# 按实际特性替换\nmodel = enable_offload(\n    model,\n    enabled=True,\n    mode="xxx",\n'
        "    option_a=...,  # 含义、默认值、合法范围\n)\n```\n"
    )
    text = edited(OFFLOAD, ("### 5.3 接口说明\n", block + "\n### 5.3 接口说明\n"))
    assert found(text, ("RFC318",)) == []


@pytest.mark.parametrize("language", ["zh", "en"])
def test_the_templates_own_examples_are_python(language):
    """RFC318 leaves a block that is still the template's example to RFC311: it must parse."""
    from rfc_template.lints.model import model

    for block in model(language).doc.code_blocks:
        if code.is_python(block):
            ast.parse(block.code.replace("{{ feature }}", "feature"))


def test_unrendered_template_syntax_is_rfc004s_not_rfc318s():
    text = edited(
        OFFLOAD, ("optimizer = offload_optimizer_states(optimizer,", "optimizer = enable_{{ feature }}(optimizer,")
    )
    codes = {f.code for f in check.check_text(text, None, check.REVIEW).findings}
    assert "RFC004" in codes and "RFC318" not in codes


def test_what_python_only_warns_about_parses_silently():
    text = edited(OFFLOAD, ("for batch in dataloader:", 'pattern = re.compile("\\d+ ms")\nfor batch in dataloader:'))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        assert found(text) == []


@pytest.mark.parametrize(
    "source, words",
    [
        ("x = 1\x00\n", "null bytes"),
        ("x = " + "-" * 100_000 + "1\n", ""),
        ("x = " + "(" * 300 + ")" * 300 + "\n", "nested"),
        ("x = " + "a." * 100_000 + "b\n", ""),
    ],
)
def test_hostile_blocks_are_reported_not_raised(source, words):
    block = document.CodeBlock("python", source, 10, "6.4 关键逻辑")
    parsed, finding = code.parse_block(block, "zh")
    assert parsed is None and finding.code == "RFC318" and finding.line == 11 and words in finding.message


# --- RFC319: 5.1's table against 5.1's signature ------------------------------------------


def test_a_default_the_signature_contradicts_is_found_at_its_row():
    text = edited(OFFLOAD, ("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |"))
    (finding,) = found(text)
    assert (finding.code, finding.line) == ("RFC319", line_of(text, "| bucket_size_mb | int | 512 |"))
    assert "'bucket_size_mb'" in finding.message and "512" in finding.message and "256" in finding.message


def test_a_boolean_default_flipped_is_found():
    text = edited(OFFLOAD, ("| overlap | bool | True |", "| overlap | bool | False |"))
    assert [(f.code, f.line) for f in found(text)] == [("RFC319", line_of(text, "| overlap | bool | False |"))]


def test_a_default_for_a_required_parameter_is_found():
    text = edited(
        OFFLOAD,
        ("| optimizer | Optimizer | 无 |", "| optimizer | Optimizer | None |"),
        ("    offload_ratio: float = 1.0,", "    offload_ratio: float,"),
    )
    (finding,) = found(text)
    assert finding.line == line_of(text, "| offload_ratio | float | 1.0 |") and "no default" in finding.message


def test_a_renamed_parameter_is_found_at_the_row_and_at_the_signature():
    text = edited(OFFLOAD, ("| bucket_size_mb | int |", "| bucket_mb | int |"))
    findings = found(text)
    assert [(f.code, f.line) for f in findings] == [
        ("RFC319", line_of(text, "    bucket_size_mb: int = 256,")),
        ("RFC319", line_of(text, "| bucket_mb | int |")),
    ]
    assert findings[0].col == 5 and "bucket_size_mb" in findings[0].message
    assert "did you mean 'bucket_size_mb'" in findings[1].message


def test_a_parameter_added_to_the_signature_only_is_found_at_its_line():
    text = edited(OFFLOAD, ("    overlap: bool = True,\n", "    overlap: bool = True,\n    prefetch_depth: int = 1,\n"))
    (finding,) = found(text)
    assert (finding.code, finding.line, finding.col) == ("RFC319", line_of(text, "    prefetch_depth: int = 1,"), 5)
    assert "prefetch_depth" in finding.message and "offload_optimizer_states" in finding.message


def test_a_row_for_a_parameter_the_signature_dropped_is_found():
    text = edited(OFFLOAD, ("    pin_memory: bool = True,\n", ""))
    assert [(f.code, f.line) for f in found(text)] == [("RFC319", line_of(text, "| pin_memory | bool |"))]


def test_findings_on_an_english_rfc_are_english():
    text = edited(
        MOE,
        ("| aux_loss_coeff | float | 0.01 |", "| aux_loss_coeff | float | 0.1 |"),
        ("| dispatcher | str |", "| token_dispatcher | str |"),
    )
    findings = found(text)
    assert {f.code for f in findings} == {"RFC319"} and len(findings) == 3
    assert all("5.1 Interface definition" in f.message and not CJK.search(f.message) for f in findings)


@pytest.mark.parametrize(
    "old, new",
    [
        ("| bucket_size_mb | int | 256 |", "| `bucket_size_mb` | `int` | `256` |"),  # code spans
        ("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 256（约 1 个 Llama2-13B 层） |"),  # an explanation
        ("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 256 MB |"),
        ("| offload_ratio | float | 1.0 |", "| offload_ratio | float | 1 |"),  # 1 == 1.0
        ("| mesh | Optional[DeviceMesh] | None |", "| mesh | Optional[DeviceMesh] | None（取参数 DTensor 的 mesh） |"),
        ("| mesh | Optional[DeviceMesh] | None |", "| mesh | Optional[DeviceMesh] | 无 |"),  # 无 for None
        (
            "| mesh | Optional[DeviceMesh] | None |",
            "| mesh | Optional[DeviceMesh] | 参数的 mesh |",
        ),  # prose: not compared
        ("| optimizer | Optimizer | 无 |", "| optimizer | Optimizer | 无（位置参数） |"),
        ("| optimizer | Optimizer | 无 |", "| optimizer | Optimizer | 必填 |"),
        ("| optimizer | Optimizer | 无 |", "| optimizer | Optimizer | required |"),
        ("| optimizer | Optimizer | 无 |", "| optimizer（位置参数） | Optimizer | None |"),
        ("| optimizer | Optimizer | 无 |", "| **optimizer** | Optimizer | 无 |"),
        ("| pin_memory | bool | True |", "| pin_memory | bool | true |"),  # YAML's spelling
        ("| pin_memory | bool | True |", "| pin_memory: bool | bool | True |"),
    ],
)
def test_natural_ways_of_writing_a_row_pass(old, new):
    assert found(edited(OFFLOAD, (old, new))) == []


@pytest.mark.parametrize(
    "signature, default",
    [
        ("    offload_ratio: float = 1e-3,", "0.001"),
        ("    offload_ratio: float = 0.001,", "1e-3"),
        ('    offload_ratio: str = "all",', "'all'"),
        ('    offload_ratio: str = "all",', '"all"'),
        ('    offload_ratio: str = "all",', "all"),  # a string written bare
        ('    offload_ratio: Tuple[str, ...] = ("a", "b"),', '("a", "b")'),
        ('    offload_ratio: Tuple[str, ...] = ("a", "b"),', "['a', 'b']"),
        ("    offload_ratio: int = 1 << 20,", "1048576"),
        ("    offload_ratio: int = 256 * 1024 * 1024,", "2 ** 28"),
        ("    offload_ratio: int = -1,", "-1"),
        ("    offload_ratio: torch.dtype = torch.float32,", "torch.float32"),
        ("    offload_ratio: torch.dtype = torch.float32,", "float32"),
        ("    offload_ratio: Tuple[type, ...] = (AdamW,),", "(AdamW,)"),
        ('    offload_ratio: float = float("inf"),', "inf（不限）"),  # a call: the table can only describe it
        ("    offload_ratio: int = 1 << 30,", "1 GB"),  # a unit: not compared unless equal
        ("    offload_ratio: float = 30.0,", "30 秒"),
        ("    offload_ratio: float = 30.0,", "30.0（半分钟）"),
    ],
)
def test_defaults_compare_as_values(signature, default):
    text = edited(
        OFFLOAD,
        ("    offload_ratio: float = 1.0,", signature),
        ("| offload_ratio | float | 1.0 |", f"| offload_ratio | float | {default} |"),
    )
    assert found(text) == []


@pytest.mark.parametrize(
    "signature, default",
    [
        ('    offload_ratio: str = "all",', "'none'"),
        ('    offload_ratio: str = "all",', "some"),
        ("    offload_ratio: bool = True,", "1"),  # True is not 1
        ('    offload_ratio: Tuple[str, ...] = ("a", "b"),', '("a",)'),
        ("    offload_ratio: Optional[float] = None,", "1.0"),
        ("    offload_ratio: float = 1.0,", "None"),
        ("    offload_ratio: float = 1.0,", "无"),
        ("    offload_ratio: int = 1 << 20,", "1 << 10"),
        ("    offload_ratio: float = 30.0,", "60（1 分钟）"),
    ],
)
def test_defaults_that_differ_as_values_are_found(signature, default):
    text = edited(
        OFFLOAD,
        ("    offload_ratio: float = 1.0,", signature),
        ("| offload_ratio | float | 1.0 |", f"| offload_ratio | float | {default} |"),
    )
    assert [f.code for f in found(text)] == ["RFC319"]


def test_a_required_parameter_marked_optional_is_found():
    text = edited(OFFLOAD, ("| optimizer | Optimizer | 无 | 是 |", "| optimizer | Optimizer | 无 | 否 |"))
    (finding,) = found(text)
    assert (finding.code, finding.line) == ("RFC319", line_of(text, "| optimizer | Optimizer | 无 | 否 |"))
    assert "not required" in finding.message and "no default" in finding.message


def test_an_optional_parameter_marked_required_is_found_in_english():
    text = edited(MOE, ("| aux_loss_coeff | float | 0.01 | No |", "| aux_loss_coeff | float | 0.01 | Yes |"))
    (finding,) = found(text)
    assert finding.line == line_of(text, "| aux_loss_coeff | float | 0.01 | Yes |")
    assert "required (Required)" in finding.message and not CJK.search(finding.message)


def test_a_none_default_for_a_required_parameter_marked_optional_is_found():
    text = edited(MOE, ("| ep_size | int | none (keyword-only) | Yes |", "| ep_size | int | None | No |"))
    assert [(f.code, f.line) for f in found(text)] == [("RFC319", line_of(text, "| ep_size | int | None | No |"))]


def test_an_unmade_choice_of_required_is_rfc302s():
    text = edited(OFFLOAD, ("| optimizer | Optimizer | 无 | 是 |", "| optimizer | Optimizer | 无 | 是 / 否 |"))
    assert found(text) == []


def test_args_and_kwargs_may_have_rows():
    text = section(
        OFFLOAD.read_text(encoding="utf-8"),
        "### 5.1 接口定义",
        DATACLASS_51.replace(
            "| overlap | bool | True |",
            "| \\*args | Any | 无 | 否 | 传给 optimizer 的包装类 | - | - |\n"
            "| `**kwargs` | Any | 无 | 否 | 同上 | - | - |\n| overlap | bool | True |",
        ),
    )
    assert found(text, ("RFC319",)) == []


def test_a_default_in_the_type_column_is_read_when_there_is_no_default_column():
    table = (
        "| 入参 / 配置项 | 类型 | 是否必填 | 含义 | 合法范围 | 错误处理 |\n| --- | --- | --- | --- | --- | --- |\n"
        "| optimizer | Optimizer | 是 | 要 offload 的优化器 | torch.optim.AdamW | 抛 TypeError |\n"
        "| mesh | Optional[DeviceMesh] = None | 否 | 换入缓冲所在 device | 与参数相同 | 抛 ValueError |\n"
        "| offload_ratio | float = 1.0 | 否 | offload 的比例 | (0, 1] | 抛 ValueError |\n"
        "| bucket_size_mb | int = 256 | 否 | 桶大小 | 16 ~ 4096 | 抛 ValueError |\n"
        "| pin_memory | bool = True | 否 | 锁页内存 | True / False | 回退 |\n"
        "| overlap | bool = True | 否 | 计算通信重叠 | True / False | 抛 TypeError |\n"
    )
    text = OFFLOAD.read_text(encoding="utf-8")
    start = text.index("| 入参 / 配置项 |")
    end = text.index("\n\n", start) + 1
    ok = text[:start] + table + text[end:]
    assert found(ok) == []
    bad = ok.replace("| bucket_size_mb | int = 256 |", "| bucket_size_mb | int = 128 |")
    assert [(f.code, f.line) for f in found(bad)] == [("RFC319", line_of(bad, "| bucket_size_mb | int = 128 |"))]


def test_rows_of_config_items_and_return_values_are_not_parameters():
    text = edited(
        OFFLOAD,
        (
            "| overlap | bool | True |",
            "| HYPER_PARALLEL_OFFLOAD_DEBUG | 环境变量 | 0 | 否 | 打印换入换出日志 | 0 / 1 | 忽略其他值 |\n"
            "| config.optimizer.offload | dict | 无 | 否 | Trainer 配置中的同名项 | 同本表 | 同本表 |\n"
            "| 返回值 | Optimizer | 无 | 是 | 包装后的 optimizer | - | - |\n"
            "| overlap | bool | True |",
        ),
    )
    assert found(text, ("RFC319",)) == []


CLASS_51 = '''
```python
from hyper_parallel.optimizer import OffloadedOptimizer


class OffloadedOptimizer(Optimizer):
    """包装 optimizer，把状态放到 host 内存。"""

    def __init__(
        self,
        optimizer: Optimizer,
        /,
        *,
        mesh: Optional[DeviceMesh] = None,
        offload_ratio: float = 1.0,
        bucket_size_mb: int = 256,
        pin_memory: bool = True,
        overlap: bool = True,
    ) -> None:
        ...

    @torch.no_grad()
    def step(self, closure: Optional[Callable[[], Tensor]] = None) -> Optional[Tensor]:
        """换入一个桶、更新、换出，逐桶进行。"""

    @classmethod
    def from_config(cls, optimizer: Optimizer, config: OffloadConfig) -> "OffloadedOptimizer":
        ...

    @staticmethod
    def supported(optimizer_type: type) -> bool:
        ...
```

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 合法范围 | 错误处理 |
| --- | --- | --- | --- | --- | --- | --- |
| optimizer | Optimizer | 无（仅位置） | 是 | 要 offload 状态的优化器 | torch.optim.AdamW、SGD | 抛 TypeError |
| mesh | Optional[DeviceMesh] | None | 否 | 换入缓冲所在 device | 与参数相同 | 抛 ValueError |
| offload_ratio | float | 1.0 | 否 | offload 的状态比例 | 0 < ratio <= 1.0 | 抛 ValueError |
| bucket_size_mb | int | 256 | 否 | 每个参数桶的状态大小上限 | 16 ~ 4096 | 抛 ValueError |
| pin_memory | bool | True | 否 | host 缓冲是否用锁页内存 | True / False | 回退为普通内存 |
| overlap | bool | True | 否 | H2D / D2H 与计算重叠 | True / False | 抛 TypeError |
| closure（step） | Callable 或 None | None | 否 | 同 torch.optim.Optimizer.step | - | - |
'''

CLASS_52 = """
```python
import torch
from hyper_parallel.optimizer import OffloadedOptimizer

optimizer = OffloadedOptimizer(torch.optim.AdamW(model.parameters(), lr=3e-4), offload_ratio=0.5, overlap=True)
for batch in dataloader:
    loss = model(**batch).loss
    loss.backward()
    optimizer.step(closure=None)
    optimizer.zero_grad(set_to_none=True)
```
"""


def test_a_class_its_init_and_its_methods_pass():
    text = section(
        section(OFFLOAD.read_text(encoding="utf-8"), "### 5.1 接口定义", CLASS_51), "### 5.2 使用示例", CLASS_52
    )
    assert found(text) == []


def test_a_class_the_table_lacks_a_parameter_of_init():
    text = section(
        OFFLOAD.read_text(encoding="utf-8"),
        "### 5.1 接口定义",
        CLASS_51.replace(
            "        overlap: bool = True,\n", "        overlap: bool = True,\n        max_inflight: int = 2,\n"
        ),
    )
    (finding,) = found(text)
    assert finding.line == line_of(text, "        max_inflight: int = 2,") and "OffloadedOptimizer" in finding.message


def test_the_parameters_of_other_functions_need_no_row():
    """5.1 defines a helper too; the table is about the function it covers most."""
    text = edited(
        OFFLOAD,
        (
            '    """把 optimizer 的状态搬到 host 内存，返回行为相同的包装 optimizer。"""\n',
            '    """把 optimizer 的状态搬到 host 内存，返回行为相同的包装 optimizer。"""\n\n\n'
            "def offloaded_bytes(optimizer: Optimizer, *, per_rank: bool = True) -> int:\n"
            '    """已放到 host 的状态字节数。"""\n',
        ),
    )
    assert found(text) == []


# --- what a function transforms needs no row ------------------------------------------------

OPTIMIZER_ROW = (
    "| optimizer | Optimizer | 无 | 是 | 要 offload 状态的优化器，参数已经过 fully_shard / parallelize_module "
    "| PT：torch.optim.Adam、AdamW、SGD；MS：nn.Adam、AdamWeightDecay、SGD | 不支持的优化器类型抛 TypeError，并列出支持的类型 |\n"
)

FRAMEWORK_STYLE_51 = """
```python
def enable_{name}({subject}, *, enabled: bool = True, mode: str = "auto") -> nn.Module:
    ...
```

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 合法范围 | 错误处理 |
| --- | --- | --- | --- | --- | --- | --- |
| enabled | bool | True | 否 | 是否打开特性 | True / False | 非 bool 抛 TypeError |
| mode | str | "auto" | 否 | 切分方式 | "auto"、"manual" | 其他值抛 ValueError |
"""


def test_the_optimizer_a_function_wraps_needs_no_row():
    """`offload_optimizer_states(optimizer, *, ...)`: the table documents the options."""
    assert found(edited(OFFLOAD, (OPTIMIZER_ROW, ""))) == []


@pytest.mark.parametrize(
    "name, subject",
    [("x", "model"), ("y", "trainer"), ("z", "module: nn.Module"), ("w", "model, /"), ("v", "model: nn.Module")],
)
def test_the_subject_of_an_api_in_the_frameworks_style_needs_no_row(name, subject):
    """The template's own 5.1 documents `enabled` and `mode`, not the `model` they apply to."""
    text = section(
        OFFLOAD.read_text(encoding="utf-8"), "### 5.1 接口定义", FRAMEWORK_STYLE_51.format(name=name, subject=subject)
    )
    text = text.replace(
        "offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)", f"enable_{name}(model)"
    )
    assert found(text, ("RFC319",)) == []


def test_the_module_of_a_method_after_self_needs_no_row():
    """`fully_shard(module, *, mesh=None)` as a method: `self` aside, `module` is what it transforms."""
    text = section(
        OFFLOAD.read_text(encoding="utf-8"),
        "### 5.1 接口定义",
        FRAMEWORK_STYLE_51.format(name="x", subject="model")
        .replace("def enable_x(model, *,", "class Sharder:\n    def fully_shard(self, module, *,")
        .replace("    ...\n```", "        ...\n```"),
    )
    assert found(text, ("RFC319",)) == []


def test_only_the_first_parameter_is_the_subject():
    """A second positional parameter, a first one with a default, and every option need rows."""
    second = section(
        OFFLOAD.read_text(encoding="utf-8"),
        "### 5.1 接口定义",
        FRAMEWORK_STYLE_51.format(name="x", subject="model, mesh"),
    )
    assert [f.message for f in found(second, ("RFC319",))] == [
        "parameter 'mesh' of enable_x has no row in the table of '5.1 接口定义'"
    ]
    defaulted = section(
        OFFLOAD.read_text(encoding="utf-8"),
        "### 5.1 接口定义",
        FRAMEWORK_STYLE_51.format(name="x", subject="model=None"),
    )
    assert [f.message for f in found(defaulted, ("RFC319",))] == [
        "parameter 'model' of enable_x has no row in the table of '5.1 接口定义'"
    ]


def test_a_row_for_the_subject_is_still_read():
    text = edited(OFFLOAD, ("| optimizer | Optimizer | 无 | 是 |", "| optimizer | Optimizer | None | 否 |"))
    (finding,) = found(text)
    assert finding.line == line_of(text, "| optimizer | Optimizer | None | 否 |") and "'optimizer'" in finding.message


DATACLASS_51 = """
```python
@dataclass(frozen=True)
class OffloadConfig:
    offload_ratio: float = 1.0
    bucket_size_mb: int = 256
    pin_memory: bool = True
    overlap: bool = True
    NAME: ClassVar[str] = "offload"


def offload_optimizer_states(optimizer: Optimizer, config: OffloadConfig = OffloadConfig(), *args, **kwargs) -> Optimizer:
    ...
```

| 入参 / 配置项 | 类型 | 默认值 | 是否必填 | 含义 | 合法范围 | 错误处理 |
| --- | --- | --- | --- | --- | --- | --- |
| optimizer | Optimizer | 无 | 是 | 要 offload 状态的优化器 | torch.optim.AdamW、SGD | 抛 TypeError |
| config | OffloadConfig | OffloadConfig() | 否 | 下列各项 | 见下 | 见下 |
| offload_ratio | float | 1.0 | 否 | offload 的状态比例 | 0 < ratio <= 1.0 | 抛 ValueError |
| bucket_size_mb | int | 256 | 否 | 每个参数桶的状态大小上限 | 16 ~ 4096 | 抛 ValueError |
| pin_memory | bool | True | 否 | host 缓冲是否用锁页内存 | True / False | 回退为普通内存 |
| overlap | bool | True | 否 | H2D / D2H 与计算重叠 | True / False | 抛 TypeError |
"""


def test_a_config_dataclass_and_the_function_taking_it_pass():
    text = section(OFFLOAD.read_text(encoding="utf-8"), "### 5.1 接口定义", DATACLASS_51)
    text = edited_text(
        text,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "optimizer = offload_optimizer_states(optimizer, OffloadConfig(offload_ratio=1.0, bucket_size_mb=256))",
        ),
    )
    assert found(text) == []
    bad = text.replace("OffloadConfig(offload_ratio=1.0,", "OffloadConfig(ratio=1.0,")
    assert [(f.code, f.line) for f in found(bad)] == [("RFC320", line_of(bad, "OffloadConfig(ratio=1.0,"))]


def edited_text(text: str, *edits: tuple[str, str]) -> str:
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return text


def test_a_51_in_subsections_is_read_whole():
    text = edited(
        OFFLOAD,
        ("### 5.1 接口定义\n\n```python", "### 5.1 接口定义\n\n#### 签名\n\n```python"),
        ("| 入参 / 配置项 |", "#### 参数\n\n| 入参 / 配置项 |"),
        ("| bucket_size_mb | int | 256 |", "| bucket_size_mb | int | 512 |"),
    )
    assert [f.code for f in found(text)] == ["RFC319"]


def test_a_51_written_as_a_call_is_not_compared_with_its_table():
    """The template's way (a call, no def): what the call leaves out is no disagreement."""
    call = "```python\noptimizer = offload_optimizer_states(\n    optimizer,\n    offload_ratio=1.0,\n)\n```"
    text = OFFLOAD.read_text(encoding="utf-8")
    start = text.index("```python\nfrom hyper_parallel.optimizer import offload_optimizer_states")
    end = text.index("```\n", start + 10) + 3
    assert found(text[:start] + call + text[end:], ("RFC319",)) == []


# --- RFC320: 5.2 against 5.1 --------------------------------------------------------------


def test_a_keyword_the_signature_lacks_is_found_at_the_keyword():
    text = edited(OFFLOAD, ("offload_ratio=1.0, bucket_size_mb=256)", "offload_ratio=1.0, bucket_mb=256)"))
    (finding,) = found(text)
    line = line_of(text, "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_mb=256)")
    assert (finding.code, finding.line) == ("RFC320", line)
    assert finding.col == len("optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, ") + 1
    assert "bucket_mb" in finding.message and "did you mean 'bucket_size_mb'" in finding.message


def test_a_keyword_on_a_later_line_of_a_call_is_found_there():
    text = edited(MOE, ("    aux_loss_coeff=0.001,\n", "    aux_loss_weight=0.001,\n"))
    (finding,) = found(text)
    assert (finding.code, finding.line, finding.col) == ("RFC320", line_of(text, "    aux_loss_weight=0.001,"), 5)
    assert not CJK.search(finding.message) and "5.2 Usage example" in finding.message


def test_a_misspelt_api_is_found_at_the_call():
    text = edited(
        OFFLOAD,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio",
            "optimizer = offload_optimizer_state(optimizer, offload_ratio",
        ),
    )
    (finding,) = found(text)
    assert (finding.code, finding.line, finding.col) == (
        "RFC320",
        line_of(text, "optimizer = offload_optimizer_state("),
        13,
    )
    assert "offload_optimizer_state()" in finding.message and "offload_optimizer_states" in finding.message


def test_the_api_under_an_older_shorter_name_is_found():
    text = edited(
        MOE,
        ("from hyper_parallel import enable_expert_parallel\n", "from hyper_parallel import enable_expert\n"),
        ("model = enable_expert_parallel(\n", "model = enable_expert(\n"),
    )
    (finding,) = found(text)
    assert finding.code == "RFC320" and finding.line == line_of(text, "model = enable_expert(\n")
    assert "did you mean enable_expert_parallel" in finding.message


def test_the_api_under_its_initials_is_found():
    """`enable_expert_p` is no name, but `enable_ep` for `enable_expert_parallel` is a
    common abbreviation: the same first words, then the initials of the rest."""
    text = edited(MOE, ("model = enable_expert_parallel(\n", "model = enable_ep(\n"))
    (finding,) = found(text)
    assert finding.code == "RFC320" and finding.line == line_of(text, "model = enable_ep(\n")
    assert "did you mean enable_expert_parallel" in finding.message


def test_the_api_with_its_words_swapped_is_found():
    text = edited(
        OFFLOAD,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio",
            "optimizer = optimizer_states_offload(optimizer, offload_ratio",
        ),
    )
    assert [(f.code, f.line) for f in found(text)] == [
        ("RFC320", line_of(text, "optimizer = optimizer_states_offload("))
    ]


def test_a_near_name_the_example_never_imports_is_found():
    """It could not run (a NameError); a helper the example leaves out looks like no API."""
    text = edited(
        OFFLOAD,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio",
            "optimizer = offload_optimizer_memory(optimizer, offload_ratio",
        ),
    )
    assert [f.code for f in found(text)] == ["RFC320"]
    imported = text.replace(
        "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
        "from hyper_parallel.optimizer import offload_optimizer_memory\n\nmesh",
    )
    assert found(imported) == []  # imported from the package: perhaps an API of its own


def test_the_api_called_through_its_module_is_checked():
    text = edited(
        OFFLOAD,
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "optimizer = hp_optim.offload_optimizer_states(optimizer, ratio=1.0)",
        ),
        ("import torch\n", "import torch\nimport hyper_parallel.optimizer as hp_optim\n"),
    )
    assert [(f.code, f.line) for f in found(text)] == [("RFC320", line_of(text, "hp_optim.offload_optimizer_states("))]


def test_the_api_under_an_alias_is_checked():
    text = edited(
        OFFLOAD,
        (
            "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
            "from hyper_parallel.optimizer import offload_optimizer_states as offload\n\nmesh",
        ),
        (
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "optimizer = offload(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
        ),
    )
    assert found(text) == []
    bad = text.replace("offload(optimizer, offload_ratio=1.0,", "offload(optimizer, ratio=1.0,")
    assert [f.code for f in found(bad)] == ["RFC320"]


def test_a_method_of_a_51_class_is_checked():
    text = section(
        section(OFFLOAD.read_text(encoding="utf-8"), "### 5.1 接口定义", CLASS_51),
        "### 5.2 使用示例",
        CLASS_52.replace("optimizer.step(closure=None)", "optimizer.step(closure=None, set_to_none=True)"),
    )
    (finding,) = found(text)
    assert finding.code == "RFC320" and finding.line == line_of(text, "optimizer.step(closure=None, set_to_none=True)")


def test_a_positional_only_parameter_passed_by_keyword_is_found():
    text = section(
        section(OFFLOAD.read_text(encoding="utf-8"), "### 5.1 接口定义", CLASS_51),
        "### 5.2 使用示例",
        CLASS_52.replace(
            "OffloadedOptimizer(torch.optim.AdamW(model.parameters(), lr=3e-4),",
            "OffloadedOptimizer(optimizer=torch.optim.AdamW(model.parameters(), lr=3e-4),",
        ),
    )
    assert [f.code for f in found(text)] == ["RFC320"]


EXAMPLE_52 = '''
```python
# HYPER_PARALLEL_PLATFORM=torch torchrun --nproc_per_node 8 train.py
import functools
import os

import numpy as np
import torch
import torch.distributed as dist
from torch.distributed.fsdp import fully_shard as torch_fully_shard  # (not used: PT's own, for comparison)
from hyper_parallel import fully_shard, init_device_mesh
from hyper_parallel.optimizer import offload_optimizer_states


def build_optimizer(model, *, lr: float = 3e-4):
    """The example's own helper."""
    return torch.optim.AdamW(model.parameters(), lr=lr, betas=(0.9, 0.95), weight_decay=0.1)


class Wrapped(torch.nn.Module):
    def __init__(self, inner, **kwargs):
        super().__init__(**kwargs)
        self.inner = inner


options = {"offload_ratio": 0.5}
mesh = init_device_mesh("cuda", (8,), mesh_dim_names=("dp",))
model = build_llama2_13b()  # defined elsewhere
for block in model.layers:
    fully_shard(block, mesh=mesh, reshard_after_forward=True)
fully_shard(model, mesh=mesh)
optimizer = offload_optimizer_states(build_optimizer(model, lr=1e-4), **options, overlap=True)
dist.barrier(async_op=False)
np.random.seed(seed=0)
path = os.path.join(os.environ.get("OUT", "/tmp"), "ckpt")
print("ready", end="\\n", flush=True)
schedule = functools.partial(torch.optim.lr_scheduler.CosineAnnealingLR, T_max=1000)
...
for batch in dataloader:
    loss = model(**batch).loss
    loss.backward()
    optimizer.step()
    optimizer.zero_grad(set_to_none=True)
    ...  # logging, as in 6.4
```
'''


def test_an_example_full_of_other_calls_passes():
    """torch, numpy, the standard library, the package's existing APIs, the example's own
    helpers and classes, builtins, `**options`, `...`: none of them is 5.1's business."""
    text = section(OFFLOAD.read_text(encoding="utf-8"), "### 5.2 使用示例", EXAMPLE_52)
    assert found(text) == []


def test_torch_under_a_name_like_the_api_is_never_flagged():
    text = edited(
        RESHARD,
        (
            "model = load_resharded(model,",
            'state = torch.load_resharded_state("/ckpt/a.pt", map_location="cpu")\n'
            'state = torch.load_reshard("/ckpt/a.pt")\nmodel = load_resharded(model,',
        ),
    )
    assert found(text) == []


def test_an_existing_api_beside_a_new_one_of_a_longer_name_passes():
    """5.1 adds `fully_shard_optimizer`; the example also calls the existing `fully_shard`."""
    text = edited(
        OFFLOAD,
        (
            '    """把 optimizer 的状态搬到 host 内存，返回行为相同的包装 optimizer。"""\n',
            '    """把 optimizer 的状态搬到 host 内存，返回行为相同的包装 optimizer。"""\n\n\n'
            "def fully_shard_optimizer(optimizer: Optimizer) -> Optimizer:\n    ...\n",
        ),
    )
    assert found(text, ("RFC320",)) == []


def test_a_51_written_as_a_call_still_catches_a_misspelt_api():
    call = "```python\noptimizer = offload_optimizer_states(\n    optimizer,\n    offload_ratio=1.0,\n)\n```"
    text = OFFLOAD.read_text(encoding="utf-8")
    start = text.index("```python\nfrom hyper_parallel.optimizer import offload_optimizer_states")
    end = text.index("```\n", start + 10) + 3
    text = text[:start] + call + text[end:]
    assert found(text, ("RFC320",)) == []  # and its keywords are not judged: the call need not show them all
    bad = text.replace(
        "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
        "optimizer = offload_optimizer_state(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
    )
    assert [f.code for f in found(bad, ("RFC320",))] == ["RFC320"]


def test_the_fresh_template_has_nothing_to_find(tmp_path):
    from rfc_template.cli import main

    for language in ("zh", "en"):
        assert (
            main(
                [
                    "new",
                    "--no-input",
                    "--author",
                    "张三",
                    "--slug",
                    f"demo-{language}",
                    "--language",
                    language,
                    "--output-dir",
                    str(tmp_path),
                ]
            )
            == 0
        )
        assert found((tmp_path / f"demo-{language}" / "rfc.md").read_text(encoding="utf-8")) == []


def test_a_word_of_an_identifier_may_hold_digits():
    """(held-back round 31) `enable_pp_fp8_p2p` for 5.1's `enable_pp_p2p_fp8_compress`: `fp8` and
    `p2p` are words of both, so the renamed call is about the feature."""
    from rfc_template.lints.code.binding import words

    assert words("enable_pp_fp8_p2p") == {"fp8", "p2p"}
    assert words("FP8Linear") == {"fp8", "linear"} and words("pad_to_128") == {"pad"}
