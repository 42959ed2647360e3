"""Which backend an RFC leaves out, and how code and table cells name a backend: read by
RFC327 (a backend's API in the design code) and RFC328 (a verification row on it).

A backend is left out only by a single-backend answer: 适用后端 / Backend PT leaves out
MS, MS leaves out PT; PT + MS leaves out neither, and neither does an answer no rule
can read (a typo: RFC1xx's). The packages are the ones whose import makes code a
backend's: PyTorch and its device plugins, MindSpore and the suites built on it. Code
uses a backend by its packages (`torch.`, `import mindspore`), or by MindSpore's usual
alias before one of its modules (`ms.ops`), read from the code's syntax (`backend_uses`).
"""

from __future__ import annotations

import ast
import re
from dataclasses import dataclass

from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lints.code.parsing import Parsed, quietly


@dataclass(frozen=True)
class Backend:
    code: str  # as 适用后端 writes it: PT, MS
    name: str  # as a reader names it: PyTorch, MindSpore
    packages: frozenset[str]  # the top-level packages that are this backend's API
    words: str  # a regex alternation of how a table cell names it


PT = Backend("PT", "PyTorch", frozenset({"torch", "torch_npu", "torchvision", "torchaudio"}), r"PT|(?i:pytorch)")
MS = Backend("MS", "MindSpore", frozenset({"mindspore", "mindformers"}), r"MS|(?i:mindspore)")
BACKENDS = {PT.code: PT, MS.code: MS}


def left_out(ctx: Context) -> tuple[Backend, str] | None:
    """(the backend the RFC leaves out, its own backend as written), or None."""
    own = ctx.info.get("适用后端", "")
    if own not in ctx.rules.backends or own == ctx.rules.both_backends or own not in BACKENDS:
        return None
    other = MS if own == PT.code else PT
    return other, own


# A backend named as a word: not part of another (`MSE`, `PTQ`, `ms` is a millisecond).
def word(backend: Backend) -> str:
    return rf"(?<![A-Za-z0-9_])(?:{backend.words})(?![A-Za-z0-9_])"


@dataclass(frozen=True)
class Naming:
    """How a verification row's cells name one backend as where the row runs."""

    whole: re.Pattern  # the whole cell is the backend (`PT`, `MindSpore`, `PT + MS`)
    subject: re.Pattern  # a row's first cell runs on it (`MS，Llama2-13B ...`, `本特性在 MS 上`, `... on MS`)
    tests: re.Pattern  # its own test folder (`tests/mindspore`, `tests/torch`)
    runs: re.Pattern  # any cell says the row runs there (`8 × A100 with the PyTorch backend`, `在 MS 上`)


def naming(backend: Backend) -> Naming:
    name = word(backend)
    both = rf"(?:{word(PT)}|{word(MS)})"
    folder = "mindspore" if backend is MS else "torch"
    return Naming(
        re.compile(rf"{both}(?:\s*[+/&、,，和与]\s*{both})*"),
        re.compile(
            # at the start, as the row's subject: `MS，同上`, `PT / MS 对齐（...）`, `MindSpore: ...`
            rf"^{name}(?=$|[\s，,、:：;；/(（+])"
            # or both, this one second: `PT / MS alignment (MindSpore 2.5, ...)`
            rf"|^{both}\s*[/+&、和与]\s*{name}(?=$|[\s，,、:：;；/(（+])"
            # a backend said to be where it runs: `MS 后端`, `在 MS 上`, `on (the) MS (backend)`, `MS backend`
            rf"|{name}\s*后端|(?:在|于)\s*{name}\s*(?:上|下|后端|环境)|(?i:\bon\s+(?:the\s+)?){name}|{name}\s+(?i:backend)"
            # or one item of the setup, with its version or mode: `32 NPUs, MindSpore 2.4, …`, `PT eager`
            rf"|(?:^|[，,、;；]\s*){name}\s+(?:v?\d+(?:\.\d+)+\+?|(?i:pynative|graph_mode|graph mode|eager))(?=$|[\s，,、;；)）])"
        ),
        re.compile(rf"(?<![\w/])tests/{folder}(?![\w])"),
        re.compile(
            rf"(?:在|于)\s*{name}\s*(?:上|下|后端|环境)|{name}\s*后端上"
            rf"|(?i:\b(?:on|with|using|under)\s+(?:both\s+)?(?:the\s+)?)(?:{both}\s*(?:,|and|&|/|\+)\s*)*{name}"
            rf"(?:\s*(?:,|and|&|/|\+)\s*{both})*\s+(?i:backends?)"  # `on both the PT and MS backends`
        ),
    )


# What makes a row's subject a comparison with the backend, not a run on it (`对比 PT 基线`).
COMPARISON = re.compile(r"对比|比较|基线|参考|(?i:compar\w*|baseline|reference|\bversus\b|\bvs\.?)")

NAMING = {code: naming(backend) for code, backend in BACKENDS.items()}

# What makes a row a test that the backend is refused (`MS 后端调用抛 NotImplementedError`,
# `1 in tests/mindspore/: MS NotImplementedError`): an exception's name, raising, an error.
REFUSED = r"[A-Z]\w*(?:Error|Exception)\b|\braise[sd]?\b|抛出?|报错|异常|不支持|(?i:\bunsupported\b|\brejects?\b|\brejected\b)|拒绝"
REFUSAL = re.compile(REFUSED)


def refusal_of(backend: Backend) -> re.Pattern:
    """The backend (or its test folder) and a refusal close by, in one cell."""
    named = rf"(?:{word(backend)}|tests/{'mindspore' if backend is MS else 'torch'})"
    near = r"[^，,；;。|\n]{0,40}?"
    return re.compile(rf"{named}{near}(?:{REFUSED})|(?:{REFUSED}){near}{named}")


REFUSALS = {code: refusal_of(backend) for code, backend in BACKENDS.items()}

# What says a row, or a cell, is not run (on that backend): the choice 否 / No aside, read
# from the row's 是否验证 / Verified column.
NOT_RUN = re.compile(
    r"不验证|不做|不跑|不测|不运行|不执行|不覆盖|不涉及|不支持|不需要|无需|暂不|本期不|未验证|未覆盖|未支持|跳过|非目标|后续|下一期|下期|二期|另立|留到|不变|不改"
    r"|(?i:\bn/?a\b|\bnot\b|n't\b|\bno\b|\bnone\b|\bwithout\b|\bskip\w*|\bdefer\w*|\blater\b|follow-?up|\bnext phase\b|\bunchanged\b"
    r"|\bout of scope\b|\bnon-goal|\bexclud\w*|\bexcept\b)"
)


# the alias everyone writes for a backend, read as it without its import when a module of
# that backend follows (`ms.ops.AlltoAll`; a variable `ms` has no `.ops`); and MindSpore's
# primitives through `ops` (`ops.AllReduce(...)`: a torch name is lowercase, `dist.all_reduce`)
USUAL_ALIAS = {
    "MS": (
        (
            "ms",
            frozenset(
                "ops nn mint communication runtime set_context Tensor Parameter PYNATIVE_MODE GRAPH_MODE"
                " save_checkpoint load_checkpoint load_param_into_net value_and_grad bfloat16 hal".split()
            ),
        ),
        ("ops", frozenset("AllReduce AllGather ReduceScatter AlltoAll AlltoAllV Broadcast ReduceOp".split())),
    ),
}


def _usual_alias(chain: str, backend: Backend) -> bool:
    parts = chain.split(".")
    return len(parts) > 1 and any(
        parts[0] == alias and parts[1] in modules for alias, modules in USUAL_ALIAS.get(backend.code, ())
    )


def aliases(backend: Backend) -> tuple[str, ...]:
    return tuple(alias for alias, _ in USUAL_ALIAS.get(backend.code, ()))


@quietly
def backend_uses(tree: ast.Module, backend: Backend) -> list[tuple[ast.AST, str]]:
    """Each use of the backend's packages in `tree`, in order: (node, how it is written)."""
    packages = backend.packages
    bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
    bound |= {n.arg for n in ast.walk(tree) if isinstance(n, ast.arg)}  # `torch = None`, `def f(ms)`: the code's own
    uses: list[tuple[ast.AST, str]] = []
    stack: list[ast.AST] = [tree]
    while stack:
        node = stack.pop()
        if isinstance(node, ast.If) and _names_backend(node.test, backend):
            continue  # a guard: the branch for (or against) the other backend
        if isinstance(node, ast.Try) and any(_catches_import_error(h) for h in node.handlers):
            stack.extend([*node.handlers, *node.orelse, *node.finalbody])
            continue  # an optional import
        if isinstance(node, ast.Import):
            uses += [(node, f"import {a.name}") for a in node.names if a.name.split(".")[0] in packages]
        elif isinstance(node, ast.ImportFrom):
            if node.level == 0 and (node.module or "").split(".")[0] in packages:
                uses.append((node, f"from {node.module} import ..."))
        elif isinstance(node, ast.Attribute):
            chain = dotted(node)
            root = chain.split(".")[0] if chain is not None else ""
            if chain is not None and root not in bound and (root in packages or _usual_alias(chain, backend)):
                uses.append((node, chain))
                continue  # its own value is the same use
        elif isinstance(node, ast.Name) and node.id in packages and node.id not in bound:
            uses.append((node, node.id))
        stack.extend(ast.iter_child_nodes(node))
    return sorted(uses, key=lambda use: (getattr(use[0], "lineno", 0), getattr(use[0], "col_offset", 0)))


def dotted(node: ast.Attribute) -> str | None:
    """`torch.distributed.all_reduce` for that attribute chain on a name; None otherwise."""
    parts = [node.attr]
    value = node.value
    while isinstance(value, ast.Attribute):
        parts.append(value.attr)
        value = value.value
    if not isinstance(value, ast.Name):
        return None
    parts.append(value.id)
    return ".".join(reversed(parts))


def _names_backend(test: ast.expr, backend: Backend) -> bool:
    """An `if` test that names the backend: a platform check (`== "torch"`, `is_torch()`)."""
    words = (backend.name.lower(), *backend.packages)
    for node in ast.walk(test):
        if isinstance(node, ast.Name):
            text = node.id
        elif isinstance(node, ast.Attribute):
            text = node.attr
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = node.value
        else:
            continue
        text = text.lower()
        if any(w in text for w in words) or text in (backend.code.lower(),):
            return True
    return False


def _catches_import_error(handler: ast.ExceptHandler) -> bool:
    caught = handler.type
    names = caught.elts if isinstance(caught, ast.Tuple) else [caught] if caught is not None else []
    return any(isinstance(n, ast.Name) and n.id in ("ImportError", "ModuleNotFoundError") for n in names)


def bound_in(statements: list[ast.stmt]) -> set[str]:
    names: set[str] = set()
    for node in (n for statement in statements for n in ast.walk(statement)):
        if isinstance(node, ast.Name) and not isinstance(node.ctx, ast.Load):
            names.add(node.id)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names |= {a.asname or a.name.split(".")[0] for a in node.names}
    return names


def bound_names(function: ast.FunctionDef | ast.AsyncFunctionDef) -> set[str]:
    """The names a function binds: its parameters, assignments and imports."""
    return {a.arg for a in ast.walk(function.args) if isinstance(a, ast.arg)} | bound_in(function.body)


# a function named for its backend: `reduce_scatter_ms`, `alloc_mindspore`, `pt_flush`
NAMED_FOR = {"MS": re.compile(r"(?:^|_)(?:ms|mindspore)(?:_|$)"), "PT": re.compile(r"(?:^|_)(?:pt|torch)(?:_|$)")}


def named_mixups(parsed: Parsed, section: str) -> list[Finding]:
    """In a block importing both backends at its top, a function named for one backend
    (`reduce_scatter_ms`) beside its twin for the other (`reduce_scatter_pt`) that uses the
    other's API (`torch.empty_like(...)`); and so a method of a class named for one
    (`_MindSporeCopier.new_host`) beside its twin (`_TorchCopier`)."""
    tree = parsed.tree
    functions = [n for n in tree.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)]
    classes = [n for n in tree.body if isinstance(n, ast.ClassDef)]
    findings = []
    for kind, named in (("function", functions), ("class", classes)):
        stems = {b.code: {NAMED_FOR[b.code].sub("_", _snake(f.name)) for f in named} for b in (PT, MS)}
        for owner in named:
            backends = [b for b in (PT, MS) if NAMED_FOR[b.code].search(_snake(owner.name))]
            if len(backends) != 1:
                continue
            other = MS if backends[0] is PT else PT
            if NAMED_FOR[backends[0].code].sub("_", _snake(owner.name)) not in stems[other.code]:
                continue  # no twin for the other backend (`elapsed_ms`: milliseconds; `grad_to_ms`: a converter)
            bodies = [
                n
                for n in ([owner] if not isinstance(owner, ast.ClassDef) else owner.body)
                if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)
                # (a method named for the other backend converts to it on purpose: `to_torch`)
                and (n is owner or not NAMED_FOR[other.code].search(_snake(n.name)))
            ]
            for function in bodies:
                bound = bound_names(function)
                body = ast.Module(body=function.body, type_ignores=[])
                uses = [(n, what) for n, what in backend_uses(body, other) if what.split(".")[0] not in bound]
                if uses:
                    node, what = uses[0]
                    path = owner.name if kind == "function" else f"{owner.name}.{function.name}"
                    findings.append(
                        parsed.at(
                            node,
                            "RFC327",
                            f"'{section}': `{path}` is the {backends[0].code} path by its name, but uses {what}, "
                            f"{other.name}'s API (copied from the {other.code} path?)",
                        )
                    )
    return findings


def _snake(name: str) -> str:
    """`_MindSporeCopier` as `_mindspore_copier`, `_MSCopier` as `_ms_copier`, `reduce_scatter_ms`
    as it is: words apart; a device's name left out (`_TorchNpuCopier` is `_torch_copier`)."""
    spaced = re.sub(r"(?<=[a-z0-9])(?=[A-Z])|(?<=[A-Z])(?=[A-Z][a-z])", "_", name.replace("MindSpore", "Mindspore"))
    return DEVICE_WORD.sub("", spaced.lower())


DEVICE_WORD = re.compile(r"_(?:npu|gpu|cuda|ascend)(?=_|$)")
