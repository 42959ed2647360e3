"""RFC327: the design's code uses the API of a backend the RFC leaves out."""

from __future__ import annotations

import ast
import re
from collections.abc import Iterator

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code import USAGE
from rfc_template.lints.code.backends import (
    BACKENDS,
    MS,
    PT,
    Backend,
    aliases,
    backend_uses,
    bound_in,
    bound_names,
    dotted,
    left_out,
    named_mixups,
)
from rfc_template.lints.code.modes import mode_set_in_code
from rfc_template.lints.code.parsing import Parsed, is_python, parse_block
from rfc_template.lints.model import PARAMETERS
from rfc_template.lints.slots import rows

# The code that says what is built: the interface, its example, the key logic and the code
# changes. Not 6.6's options (a rejected option may be the other backend's own way), not 4.'s
# references, nor the author's own sections (a comparison with the other backend).
DESIGN_CODE = (PARAMETERS, USAGE, "6.4 关键逻辑", "6.5 代码改动点")


@rule(
    "RFC327",
    "backend-code",
    REVIEW,
    WARNING,
    fails=(
        # a MindSpore primitive through `ops`, never imported, in a PT RFC (held-back rounds 12 and 23)
        edit(
            "    dist.all_to_all_single(recv, send, group=group)          # chunk i goes to rank i",
            "    ops.AllReduce(group=group)(recv)                          # chunk i goes to rank i",
            rfc="en",
        ),
        # the MS branch of an `if … else` using PyTorch it never imports (held-back round 23)
        edit(
            "\n### 5.3 接口说明",
            '\n```python\ndef synchronize(backend):\n    if backend == "PT":\n        import torch\n\n'
            "        torch.npu.synchronize()\n    else:\n        import mindspore as ms\n\n"
            "        torch.cuda.synchronize()\n```\n\n### 5.3 接口说明",
            at="torch.cuda.synchronize()",
        ),
        # MindSpore set to the mode 3.1 leaves out (`MS 本期只支持 PyNative`, held-back round 8)
        edit(
            "\n### 5.3 接口说明",
            "\n```python\nimport mindspore as ms\n\nms.set_context(mode=ms.GRAPH_MODE)\n```\n\n### 5.3 接口说明",
            at="ms.set_context(mode=ms.GRAPH_MODE)",
        ),
        edit(
            "    dist.all_to_all_single(recv, send, group=group)          # chunk i goes to rank i",
            "    mindspore.mint.distributed.all_to_all_single(recv, send, group=group)",
            rfc="en",
        ),
        # MindSpore by its usual alias, never imported (held-back round 9)
        edit(
            "    dist.all_to_all_single(recv, send, group=group)          # chunk i goes to rank i",
            "    recv = ms.ops.AlltoAll(split_count=cp, split_dim=0, concat_dim=0)(send)",
            rfc="en",
        ),
        # PT + MS: a table's MS column names PyTorch's API (met in a held-back RFC)
        edit(
            "### 6.4 关键逻辑\n\n",
            "### 6.4 关键逻辑\n\n| 操作 | PT | MS |\n| --- | --- | --- |\n"
            "| H2D 拷贝 | `torch.Tensor.copy_` | `torch.Tensor.copy_` |\n\n",
            at="| H2D 拷贝 |",
        ),
        # PT + MS: the MindSpore example builds PyTorch's optimizer (met in a held-back RFC)
        edit(
            "torchrun --nproc_per_node 8 train.py\nimport torch\n",
            "msrun --worker_num 8 train.py\nimport mindspore as ms\n",
            at="optimizer = torch.optim.AdamW(model.parameters(), lr=3e-4",
        ),
    ),
    passes=(
        edit(
            "\n### 5.3 接口说明",
            '\n```python\ndef synchronize(backend):\n    if backend == "PT":\n        import torch\n\n'
            "        torch.npu.synchronize()\n    else:\n        import mindspore as ms\n\n"
            "        ms.runtime.synchronize()\n```\n\n### 5.3 接口说明",
        ),
        edit(
            "\n### 5.3 接口说明",
            "\n```python\nimport mindspore as ms\n\nms.set_context(mode=ms.PYNATIVE_MODE)\n```\n\n### 5.3 接口说明",
        ),
        # a comment naming the other backend's API, and a guard that keeps it out
        edit(
            "    dist.all_to_all_single(recv, send, group=group)          # chunk i goes to rank i",
            "    dist.all_to_all_single(recv, send, group=group)          # mindspore.mint.distributed later\n"
            '    if get_platform().name == "mindspore":\n'
            "        import mindspore\n"
            '        raise NotImplementedError(f"MindSpore {mindspore.__version__}: see 3.2")',
            rfc="en",
        ),
        # a PyTorch name bound by an import of something else (`msadapter.pytorch as torch`)
        edit(
            "torchrun --nproc_per_node 8 train.py\nimport torch\n",
            "msrun --worker_num 8 train.py\nimport mindspore as ms\nimport msadapter.pytorch as torch\n",
        ),
        # each backend's API in its own column
        edit(
            "### 6.4 关键逻辑\n\n",
            "### 6.4 关键逻辑\n\n| 操作 | PT | MS |\n| --- | --- | --- |\n"
            "| H2D 拷贝 | `torch.Tensor.copy_` | `mindspore.Tensor.copy_` |\n\n",
        ),
        # a PT + MS RFC shows both backends' API, in one block that imports both
        edit(
            "torchrun --nproc_per_node 8 train.py\nimport torch\n",
            "torchrun --nproc_per_node 8 train.py\nimport torch\nimport mindspore as ms\n",
        ),
        edit(
            "    stream = platform.new_stream() if overlap else None",
            "    stream = torch.cuda.Stream() if platform.name == 'torch' else mindspore.runtime.Stream()",
        ),
    ),
)
def backend_code(ctx: Context) -> list[Finding]:
    """the design's code uses the API of a backend 适用后端 leaves out

    ## What it checks
    When 适用后端 / Backend is PT alone or MS alone: the python blocks of 5.1 接口定义
    (Interface definition), 5.2 使用示例 (Usage example), 6.4 关键逻辑 (Key logic) and
    6.5 代码改动点 (Code changes) use no API of the other backend: for an MS RFC no
    `import torch`, `from torch... import`, `torch.` (nor torch_npu, torchvision,
    torchaudio); for a PT RFC no `import mindspore`, `from mindspore... import`,
    `mindspore.` (nor mindformers). Reported once a block, at its first use, with how many
    other lines use it.

    Read from the code's syntax, so comments, strings and type hints in quotes are not
    read (`# PT：torch.cuda.Stream` is a note); an alias (`mint.`, `dist.`) counts only
    through its import, but for `ms.` followed by a MindSpore module (`ms.ops.AlltoAll`,
    `ms.set_context`): a variable named `ms` has no `.ops`; and for `ops.` followed by a
    MindSpore primitive (`ops.AllReduce(...)`, `ops.ReduceOp`: torch's are lowercase). Not read: an `if` whose test names the other backend (a guard:
    `if platform == "torch": ...`), imports in a `try` that catches ImportError, and code
    elsewhere (4.'s references, 6.6's options, the author's own sections).

    In a PT + MS RFC, a block of those sections that imports one backend alone and uses the
    other's package without importing it (`import mindspore as ms` … `torch.optim.AdamW(...)`):
    the MS example calls PyTorch, which it cannot (the name is not even defined); the same in
    a block with a function, or a branch of an `if … else`, for each backend, each importing
    its own (`if backend == "PT": import torch … else: import mindspore as ms … torch.npu.Stream()`), where one uses the
    other's name (`torch.npu.synchronize()` in `_measure_ms`, or `ms.runtime.synchronize()`
    in `_measure_pt` with `ms` imported only in `_measure_ms`); in a block importing both at its
    top, a function named for one backend (`reduce_scatter_ms`) beside its twin for the other
    (`reduce_scatter_pt`) that uses the other's API (`torch.empty_like(...)`; not `elapsed_ms`,
    milliseconds, nor `grad_to_ms`, a converter: no twin), or a method of a class so named
    (`_MindSporeCopier.new_host` beside `_TorchCopier`, `_MSComm` beside `_PTComm`; not one
    named for the other backend, `to_torch`: a converter); and a table
    of those sections with a column for each backend (`| Operation | PT | MS |`) whose cell in
    one backend's column names the other's API in code (`torch.autograd.Function` under MS).

    Whatever 适用后端 says: a line of those sections' code that sets MindSpore to a mode the RFC
    leaves out (`ms.set_context(mode=ms.GRAPH_MODE)` where `MS 本期只支持 PyNative`; the modes
    left out are read as RFC328 reads them), unless the block tests a refusal (`raises`).

    ## Why a reviewer cares
    Code for a backend the RFC does not cover either means the feature does reach that
    backend (and 适用后端, goals and verification are incomplete) or that the key logic was
    copied from the other backend's implementation and does not run on this one. Either
    way the reviewer cannot tell which backend the design is for.
    """
    findings = mode_set_in_code(ctx, {ctx.edition.name(s) for s in DESIGN_CODE})
    found = left_out(ctx)
    if found is None:
        return findings + _other_backend_unimported(ctx) + _other_backend_in_column(ctx)
    other, own = found
    ed = ctx.edition
    sections = {ed.name(s) for s in DESIGN_CODE}
    for block in ctx.doc.code_blocks:
        # the packages' names, found in C: most blocks name none
        if block.section not in sections or not _may_name(block.code, other) or not is_python(block):
            continue
        parsed, _ = parse_block(block, ed.language)
        if parsed is None:
            continue  # RFC318's
        uses = backend_uses(parsed.tree, other)
        if not uses:
            continue
        node, what = uses[0]
        lines = {getattr(n, "lineno", 0) for n, _ in uses} - {getattr(node, "lineno", 0)}
        more = f" (and on {len(lines)} more line{'s' if len(lines) > 1 else ''})" if lines else ""
        findings.append(
            _finding(parsed, node, what, more, block.section, other, ctx.stated("适用后端", own), ed.name("适用后端"))
        )
    return findings


def _may_name(code: str, backend: Backend) -> bool:
    """The code may use the backend (found in C: most blocks name neither)."""
    return any(p in code for p in backend.packages) or any(f"{alias}." in code for alias in aliases(backend))


def _finding(
    parsed: Parsed, node: ast.AST, what: str, more: str, section: str, other: Backend, stated: str, key: str
) -> Finding:
    return parsed.at(
        node,
        "RFC327",
        f"{stated}, but '{section}' uses {what}, {other.name}'s API{more}: "
        f"{other.code} is not a backend of this RFC (use the framework's platform layer, or add {other.code} to {key})",
    )


def _other_backend_unimported(ctx: Context) -> list[Finding]:
    """In an RFC for both backends, one backend's block (it imports that backend alone) using
    the other's package, which it never imports: copied from the other backend's example."""
    ed = ctx.edition
    sections = {ed.name(s) for s in DESIGN_CODE}
    findings = []
    for block in ctx.doc.code_blocks:
        if block.section not in sections or not is_python(block):
            continue
        named = [b for b in (PT, MS) if _may_name(block.code, b)]
        if len(named) < 2:
            continue  # found in C: most blocks name one backend, or none
        parsed, _ = parse_block(block, ed.language)
        if parsed is None:
            continue  # RFC318's
        imported = _imported_names(parsed.tree)  # `import msadapter.pytorch as torch`: `torch` is the code's own
        for own, other in ((PT, MS), (MS, PT)):
            imports_own = any(isinstance(n, ast.Import | ast.ImportFrom) for n, _ in backend_uses(parsed.tree, own))
            uses = [(n, what) for n, what in backend_uses(parsed.tree, other) if what.split(".")[0] not in imported]
            if not imports_own or not uses or any(isinstance(n, ast.Import | ast.ImportFrom) for n, _ in uses):
                continue
            node, what = uses[0]
            findings.append(
                parsed.at(
                    node,
                    "RFC327",
                    f"'{block.section}' imports {own.name} alone, but uses {what}, {other.name}'s API, which it "
                    f"never imports: the {own.code} code calls the {other.code} backend (copied from the other example?)",
                )
            )
        findings += _function_mixups(parsed, block.section) or named_mixups(parsed, block.section)
    return findings


def _imports(tree: ast.Module, backend: Backend) -> bool:
    return any(isinstance(n, ast.Import | ast.ImportFrom) for n, _ in backend_uses(tree, backend))


def _function_mixups(parsed: Parsed, section: str) -> list[Finding]:
    """A block with a function for each backend, each importing its own (`def _measure_ms(): import
    mindspore as ms …`), where one uses the other's name: `torch.npu.synchronize()` in the MS
    function, or the other function's alias (`ms.runtime.synchronize()` in the PT one). Neither
    is defined there. Not read where the block imports a backend at its top."""
    tree = parsed.tree
    top = ast.Module(body=[n for n in tree.body if not isinstance(n, ast.FunctionDef | ast.ClassDef)], type_ignores=[])
    if _imports(top, PT) or _imports(top, MS):
        return []
    aliases = {
        alias.asname or alias.name.split(".")[0]: backend
        for node in ast.walk(tree)
        if isinstance(node, ast.Import)
        for alias in node.names
        for backend in (PT, MS)
        if alias.name.split(".")[0] in backend.packages
    }
    findings = []
    for where, statements, bound in _scopes(tree):
        body = ast.Module(body=statements, type_ignores=[])
        imported = [b for b in (PT, MS) if _imports(body, b)]
        if len(imported) != 1:
            continue
        own, other = imported[0], (MS if imported[0] is PT else PT)
        uses = [(n, what) for n, what in backend_uses(body, other) if what.split(".")[0] not in bound]
        uses += [
            (node, chain)
            for node in ast.walk(body)
            if isinstance(node, ast.Attribute)
            and (chain := dotted(node)) is not None
            and aliases.get(chain.split(".")[0]) is other
            and chain.split(".")[0] not in bound
            and chain.split(".")[0] not in other.packages
        ]
        if uses:
            node, what = min(uses, key=lambda use: (getattr(use[0], "lineno", 0), getattr(use[0], "col_offset", 0)))
            findings.append(
                parsed.at(
                    node,
                    "RFC327",
                    f"'{section}': {where} imports {own.name} alone, but uses {what}, {other.name}'s API, "
                    f"which it never imports: the {own.code} path calls the {other.code} backend (copied from the other?)",
                )
            )
    return findings


def _scopes(tree: ast.Module) -> Iterator[tuple[str, list[ast.stmt], set[str]]]:
    """(where, its statements, the names bound there) of each function, and of each branch of an
    `if … else` in one (`if backend == "PT": import torch … else: import mindspore as ms …`)."""
    functions = [n for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    inner = {
        id(n)
        for f in functions
        for n in ast.walk(f)
        if n is not f and isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    for function in functions:
        yield f"`{function.name}`", function.body, bound_names(function)
        if id(function) in inner:
            continue  # its branches are read once, from the function they are in
        bound = bound_names(function)
        for node in ast.walk(function):
            if isinstance(node, ast.If) and node.orelse:
                # a name bound outside the `if` (`import torch` at the function's top) is bound in both branches
                outside = bound - bound_in([node])
                for branch in (node.body, node.orelse):
                    yield f"a branch of `{function.name}`", branch, outside | bound_in(branch)


def _imported_names(tree: ast.Module) -> set[str]:
    """The names an import binds to something else than a backend package of that name."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names |= {a.asname for a in node.names if a.asname and a.asname != a.name.split(".")[0]}
        elif isinstance(node, ast.ImportFrom):
            names |= {a.asname or a.name for a in node.names}
    return names


def _other_backend_in_column(ctx: Context) -> list[Finding]:
    """In an RFC for both backends, a design table's column for one backend (`| Operation | PT
    | MS |`) whose cell names the other's API (`torch.autograd.Function` under MS)."""
    ed = ctx.edition
    sections = {ed.name(s) for s in DESIGN_CODE}
    findings = []
    for table in ctx.doc.tables:
        if table.section not in sections:
            continue
        columns = {i: BACKENDS[b] for i, cell in enumerate(table.header) for b in BACKENDS if COLUMN[b].fullmatch(cell)}
        if len(columns) < 2:
            continue  # a table for both backends names each in a column of its own
        for line, row in rows(table):
            for index, backend in columns.items():
                other = MS if backend is PT else PT
                cell = row[index] if index < len(row) else ""
                used = _api_in_code(cell, other)
                if used and not _api_in_code(cell, backend):  # (`mindspore.Tensor.copy_（同 torch.Tensor.copy_）`)
                    findings.append(
                        Finding(
                            line,
                            1,
                            "RFC327",
                            f"'{table.section}' gives `{used}`, {other.name}'s API, in its {table.header[index]} "
                            f"column: the {backend.code} path calls the {other.code} backend (copied from the other column?)",
                        )
                    )
    return findings


# a column named by one backend alone
COLUMN = {
    code: re.compile(rf"\s*(?:{b.words})(?:\s*(?:后端|backend|侧|side|实现|implementation))?\s*", re.I)
    for code, b in BACKENDS.items()
}
DOTTED = re.compile(r"(?<![\w.])([A-Za-z_]\w*)((?:\.[A-Za-z_]\w*)+)")  # a cell's text: code marks are gone


def _api_in_code(cell: str, backend: Backend) -> str:
    """`torch.autograd.Function`: a dotted name on one of the backend's packages, or ""."""
    for match in DOTTED.finditer(cell):
        if match.group(1) in backend.packages:
            return match.group()
    return ""
