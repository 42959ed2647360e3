"""RFC326's reading: 5.1's functions as `inspect.Signature`s, and 5.2's calls bound to them.

Python's own binder judges a call: a signature is built from each `def` (and each class's
`__init__`, or a plain dataclass's fields) at the top of 5.1's blocks, and the call's
arguments are bound to it as placeholders. What cannot be told is left alone: a signature
with `*args` or `**kwargs`, a call passing `*seq` or `**mapping`, a class that inherits
what it takes, a name the example defines or imports from another package.

The framework's modules are those 5.1's API is imported from (by 5.1 or by 5.2): a name
5.2 imports from one of them, calls, and 5.1 never defines is a function the RFC does
not have, when nothing else in the RFC names it either and it is none of the
framework's known functions.
"""

from __future__ import annotations

import ast
import builtins
import inspect
import re
from dataclasses import dataclass, field
from typing import Any

from rfc_template.lints.code.parsing import Parsed

P = inspect.Parameter

# What a call of an existing function of the framework (or of the torch.distributed API it
# mirrors) imports beside the feature's own, named nowhere else in an RFC: never "undefined".
KNOWN = frozenset(
    {
        "fully_shard",
        "hsdp",
        "init_device_mesh",
        "get_device_mesh",
        "get_current_mesh",
        "parallelize_module",
        "pipeline_parallel",
        "checkpoint_wrapper",
        "activation_checkpoint",
        "init_empty_weights",
        "init_parameters",
        "distribute_tensor",
        "distribute_module",
        "get_platform",
        "set_platform",
        "init_process_group",
        "destroy_process_group",
        "get_rank",
        "get_world_size",
        "get_local_rank",
        "barrier",
        "all_reduce",
        "all_gather",
        "reduce_scatter",
        "broadcast",
        "all_to_all",
        "all_to_all_single",
        "manual_seed",
        "set_seed",
        "save",
        "load",
        "async_save",
        "get_model_state_dict",
        "set_model_state_dict",
        "get_optimizer_state_dict",
        "set_optimizer_state_dict",
        "get_state_dict",
        "set_state_dict",
        "clip_grad_norm_",
    }
)
# Words of a function's name that say what it does, not what it is about: `set_offload_bandwidth`
# is about offload and bandwidth.
VERBS = frozenset(
    "set get init enable disable build make create load save run apply use verify check update register "
    "add remove start stop wait with from to for the and new all".split()
)
WORDS = re.compile(r"[A-Za-z][a-z0-9]+|[A-Z0-9]+(?![a-z])|[a-z0-9]+")  # (`fp8`, `p2p`: words too)


def kin(name: str, others: set[str]) -> bool:
    """`name` shares a word (of two letters or more, no verb) with one of `others`:
    `describe_cp_layout` with `enable_cp_hybrid` (cp), not `build_lr_scheduler` with
    `offload_optimizer_states`."""
    short = {w.lower() for w in WORDS.findall(name) if len(w) >= 2} - VERBS
    return any(short & ({w.lower() for w in WORDS.findall(other) if len(w) >= 2} - VERBS) for other in others)


def words(name: str) -> set[str]:
    """The words of an identifier, lower case, of 3 letters or more (`set_moe_capacity`:
    moe, capacity; `OffloadedOptimizer`: offloaded, optimizer; `fp8`, `p2p`; no bare number)."""
    return {w.lower() for w in WORDS.findall(name) if len(w) >= 3 and not w.isdigit()} - VERBS


@dataclass
class Defined:
    """What 5.1 defines at the top of its blocks, by name: each signature a call binds to
    (None: it cannot be told, `*args`, `**kwargs`, inherited)."""

    signatures: dict[str, list[inspect.Signature | None]] = field(default_factory=dict)
    vocabulary: set[str] = field(default_factory=set)  # the words of its names and parameters


def defined(blocks: list[Parsed]) -> Defined:
    found = Defined()
    for parsed in blocks:
        for node in parsed.tree.body:
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                found.signatures.setdefault(node.name, []).append(_function(node.args, method=False))
                found.vocabulary |= words(node.name) | {w for a in _all_args(node.args) for w in words(a.arg)}
            elif isinstance(node, ast.ClassDef):
                found.signatures.setdefault(node.name, []).append(_class(node))
                found.vocabulary |= words(node.name)
    return found


def _all_args(a: ast.arguments) -> list[ast.arg]:
    return [*a.posonlyargs, *a.args, *a.kwonlyargs]


def _function(a: ast.arguments, method: bool) -> inspect.Signature | None:
    if a.vararg is not None or a.kwarg is not None:
        return None  # *args / **kwargs: what a call may pass cannot be told
    positional = [*a.posonlyargs, *a.args]
    empty = P.empty
    defaults: list[object] = [empty] * (len(positional) - len(a.defaults)) + [object() for _ in a.defaults]
    parameters = [
        P(arg.arg, P.POSITIONAL_ONLY if index < len(a.posonlyargs) else P.POSITIONAL_OR_KEYWORD, default=default)
        for index, (arg, default) in enumerate(zip(positional, defaults))
    ]
    parameters += [
        P(arg.arg, P.KEYWORD_ONLY, default=empty if default is None else object())
        for arg, default in zip(a.kwonlyargs, a.kw_defaults)
    ]
    if method:
        if not parameters or parameters[0].kind is P.KEYWORD_ONLY:
            return None
        parameters = parameters[1:]  # self
    try:
        return inspect.Signature(parameters)
    except (ValueError, TypeError):  # a default before a parameter without one: no valid signature
        return None


def _decorator_name(node: ast.expr) -> str:
    target = node.func if isinstance(node, ast.Call) else node
    return target.attr if isinstance(target, ast.Attribute) else target.id if isinstance(target, ast.Name) else ""


def _constant(node: ast.expr | None) -> object:
    return node.value if isinstance(node, ast.Constant) else None


def _class(node: ast.ClassDef) -> inspect.Signature | None:
    """A class called: its `__init__`; a dataclass of no base: its fields; else None."""
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "__init__":
            return _function(item.args, method=True)
    decorators = {_decorator_name(d): d for d in node.decorator_list}
    if (
        "dataclass" not in decorators
        or node.bases
        or node.keywords
        or any(
            isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "__new__" for item in node.body
        )
    ):
        return None  # inherits what it takes, or builds itself some other way
    options = decorators["dataclass"]
    keyword_only = False
    if isinstance(options, ast.Call):
        settings = {k.arg: k.value for k in options.keywords}
        if _constant(settings.get("init")) is False:
            return None  # no __init__ made
        keyword_only = _constant(settings.get("kw_only")) is True
    parameters = []
    for item in node.body:
        if not isinstance(item, ast.AnnAssign) or not isinstance(item.target, ast.Name):
            continue
        hint = ast.dump(item.annotation)
        if "ClassVar" in hint:
            continue
        if "KW_ONLY" in hint:
            keyword_only = True
            continue
        default: object = P.empty if item.value is None else object()
        if isinstance(item.value, ast.Call) and _decorator_name(item.value) == "field":
            settings = {k.arg: k.value for k in item.value.keywords}
            if "init" in settings:
                return None  # field(init=False): not a parameter; left to the reader
            default = object() if {"default", "default_factory"} & settings.keys() else P.empty
        parameters.append(
            P(item.target.id, P.KEYWORD_ONLY if keyword_only else P.POSITIONAL_OR_KEYWORD, default=default)
        )
    try:
        return inspect.Signature(parameters)
    except (ValueError, TypeError):
        return None


@dataclass
class Problem:
    node: Any  # where: an argument, or the call's closing bracket
    message: str


class _End:
    """The closing bracket of a call, as a node for Parsed.at."""

    def __init__(self, call: ast.Call) -> None:
        self.lineno = call.end_lineno or call.lineno
        self.col_offset = max((call.end_col_offset or 1) - 1, 0)


def bind(signature: inspect.Signature, call: ast.Call) -> Problem | None:
    """Why the call cannot bind to the signature (None: it binds), as what follows `calls
    f()` in a message, `{signature}` standing for the signature's name. The call passes no
    `*seq` or `**mapping` (the caller's check)."""
    try:
        signature.bind(*[object() for _ in call.args], **{k.arg: object() for k in call.keywords if k.arg})
        return None
    except TypeError:
        pass
    parameters = list(signature.parameters.values())
    order = {p.name: index for index, p in enumerate(parameters)}
    positional = [p for p in parameters if p.kind in (P.POSITIONAL_ONLY, P.POSITIONAL_OR_KEYWORD)]
    if len(call.args) > len(positional):
        keyword_only = [p.name for p in parameters if p.kind is P.KEYWORD_ONLY]
        takes = f"{len(positional)} ({', '.join(p.name for p in positional)})" if positional else "none"
        after = f"; {_listed(keyword_only)} {_are(keyword_only)} keyword-only (after `*`)" if keyword_only else ""
        return Problem(
            call.args[len(positional)],
            f"with {len(call.args)} arguments by position, but {{signature}} takes {takes} by position{after}",
        )
    by_position = {p.name for p in positional[: len(call.args)]}
    for keyword in call.keywords:
        if keyword.arg in by_position:
            return Problem(keyword, f"passing {keyword.arg} twice, by position and as {keyword.arg}=")
    passed = by_position | {k.arg for k in call.keywords if k.arg}
    missing = [p for p in parameters if p.default is P.empty and p.name not in passed]
    if not missing:
        return None  # (a positional-only parameter passed by keyword: RFC320's)
    first = missing[0]
    # where it belongs: before the first argument that binds to a later parameter
    arguments = [(a, index) for index, a in enumerate(call.args)] + [
        (k, order.get(k.arg or "", -1)) for k in call.keywords
    ]
    later = sorted((a for a, index in arguments if index > order[first.name]), key=lambda a: (a.lineno, a.col_offset))
    names = [p.name for p in missing]
    kind = "keyword-only " if all(p.kind is P.KEYWORD_ONLY for p in missing) else ""
    what = f"a {kind}parameter with no default" if len(names) == 1 else f"{kind}parameters with no default"
    return Problem(
        later[0] if later else _End(call), f"without {_listed(names)}, which {{signature}} requires ({what})"
    )


def _listed(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} and {names[-1]}"


def _are(names: list[str]) -> str:
    return "is" if len(names) == 1 else "are"


def takes_parameters_of(call: ast.Call, functions: list[list[inspect.Signature | None]]) -> bool:
    """The call passes two keywords or more, all parameters of one of `functions`."""
    keywords = {k.arg for k in call.keywords}
    return len(keywords) >= 2 and any(
        signatures
        and all(s is not None for s in signatures)
        and keywords <= {p for s in signatures if s is not None for p in s.parameters}
        for signatures in functions
    )


def unimported_calls(calls, trees: list[ast.Module], signatures: dict, seen: set[str]) -> list[tuple]:
    """A block that imports one of 5.1's functions and calls a name it neither imports nor
    defines with that function's parameters (`network =
    tune_fsdp_prefetch(network, mesh=…, mode=…)` under `import enable_fsdp_prefetch_tuning`):
    a NameError, the function renamed; and a 5.1 function called but not imported where the
    block imports others by name. Each as RFC326's Suspect: (block, line, column, name, "", what
    it imports or the function renamed, the line of its import)."""
    found = []
    for block, tree in enumerate(trees):
        mine = [(call, module, name) for b, call, module, name in calls if b == block]
        imported = {
            alias.name
            for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom)
            for alias in node.names
            if alias.name in signatures and alias.asname is None
        }
        idle = [name for name in imported if name not in {name for _, _, name in mine}]
        star = any(isinstance(n, ast.ImportFrom) and any(a.name == "*" for a in n.names) for n in ast.walk(tree))
        bound = {n.id for n in ast.walk(tree) if isinstance(n, ast.Name) and not isinstance(n.ctx, ast.Load)}
        bound |= {n.name for n in ast.walk(tree) if isinstance(n, ast.FunctionDef | ast.ClassDef)}
        for call, module, name in mine:
            if module is not None or name in seen or name in bound or star or name in dir(builtins):
                continue
            if name[:1].isupper():
                continue  # a class, by its name: not judged so (RFC326)
            if name in signatures:
                if imported and name not in imported:  # `from … import a, b` and a call of 5.1's `c`
                    seen.add(name)
                    line = min(
                        n.lineno
                        for n in ast.walk(tree)
                        if isinstance(n, ast.ImportFrom) and any(a.name in imported for a in n.names)
                    )
                    names = ", ".join(sorted(imported))
                    found.append((block, call.func.lineno, call.func.col_offset, name, "", names, line))
                continue
            # 5.1's function renamed: its parameters passed to a name nothing binds, in a block
            # that imports it and never calls it, or calls it too under a name that holds its
            # name (`fused_adamw_bf16(model, lr=…, kahan_summation=…)` beside `fused_adamw(...)`;
            # not a helper of the example's own, `build_dataloader(mesh=…, pin_memory=True)`)
            kin = [f for f in sorted(imported) if f not in idle and (f in name or name in f)]
            owner = next((f for f in [*idle, *kin] if takes_parameters_of(call, [signatures[f]])), None)
            if owner is not None:
                seen.add(name)
                found.append((block, call.func.lineno, call.func.col_offset, name, "", owner, 0))
    return found


def class_methods(trees: list[ast.Module]) -> tuple[dict[str, frozenset[str]], dict[str, str]]:
    """5.1's classes that say all they have (no base, no `__getattr__`, one method or more), by
    name with their public methods; and 5.1's functions that return one (`-> "Checkpointer"`)."""
    classes: dict[str, frozenset[str]] = {}
    returns: dict[str, str] = {}
    for tree in trees:
        for node in tree.body:
            if isinstance(node, ast.ClassDef) and not node.bases and not node.keywords:
                methods = {n.name for n in node.body if isinstance(n, ast.FunctionDef | ast.AsyncFunctionDef)}
                fields = {
                    n.target.id for n in node.body if isinstance(n, ast.AnnAssign) and isinstance(n.target, ast.Name)
                }
                if methods - {"__init__"} and "__getattr__" not in methods and not node.decorator_list:
                    # (a class shown in two blocks has the methods of both)
                    own = frozenset(m for m in methods if not m.startswith("_")) | fields
                    classes[node.name] = classes.get(node.name, frozenset()) | own
            elif isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.returns is not None:
                returned = node.returns
                if isinstance(returned, ast.Constant) and isinstance(returned.value, str):
                    returns[node.name] = returned.value
                elif isinstance(returned, ast.Name):
                    returns[node.name] = returned.id
    return classes, returns


def unknown_methods(
    trees: list[ast.Module], classes: dict[str, frozenset[str]], returns: dict[str, str]
) -> list[tuple]:
    """Calls of a method that 5.1's class does not define, on a name 5.2 binds to one of its
    instances (`ckpt = enable_incremental_checkpoint(...)` returning `IncrementalCheckpointer`,
    then `ckpt.load_latest()`): an AttributeError. Each as (block, line, column, name, class)."""
    found = []
    for block, tree in enumerate(trees):
        instances: dict[str, str] = {}
        for node in ast.walk(tree):
            if isinstance(node, ast.Assign) and len(node.targets) == 1 and isinstance(node.targets[0], ast.Name):
                made = node.value.func if isinstance(node.value, ast.Call) else None
                name = made.id if isinstance(made, ast.Name) else ""  # (`torch.load` is not 5.1's `load`)
                kind = name if name in classes else returns.get(name, "")
                if kind in classes:
                    instances[node.targets[0].id] = kind
                else:
                    instances.pop(node.targets[0].id, None)  # (bound again to something else)
        for node in ast.walk(tree):
            if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                continue
            owner = node.func.value
            if isinstance(owner, ast.Name) and owner.id in instances and not node.func.attr.startswith("_"):
                kind = instances[owner.id]
                if node.func.attr not in classes[kind]:
                    found.append((block, node.func.lineno, node.func.col_offset, f"{owner.id}.{node.func.attr}", kind))
    return found
