"""RFC326: 5.2's calls cannot run against 5.1's signatures."""

from __future__ import annotations

import ast
import inspect
import re
from dataclasses import dataclass
from functools import lru_cache

from rfc_template.document import CodeBlock
from rfc_template.findings import Finding
from rfc_template.lint.context import Context
from rfc_template.lint.rule import REVIEW, WARNING, edit, rule
from rfc_template.lints.code import USAGE, PythonCode, python_code
from rfc_template.lints.code.binding import (
    KNOWN,
    Problem,
    bind,
    class_methods,
    defined,
    kin,
    takes_parameters_of,
    unimported_calls,
    unknown_methods,
    words,
)
from rfc_template.lints.code.example import ExampleCode, example_code
from rfc_template.lints.code.interface import BUILTINS, Interface, interface
from rfc_template.lints.code.parsing import Parsed, is_python, parse_block, quietly
from rfc_template.lints.code.rfc320_example_matches_interface import FOREIGN
from rfc_template.lints.model import PARAMETERS


@rule(
    "RFC326",
    "call-binding",
    REVIEW,
    WARNING,
    fails=(
        # 5.1's function imported, never called; another name called with its parameters (held-back round 8)
        edit(
            "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "optimizer = offload_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
        ),
        edit(
            "offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "offload_optimizer_states(optimizer, 1.0, 256)",
        ),
        # 5.1 made cp_size required; the example was not changed: reported where it belongs
        edit(
            "    *,\n    mesh: Optional[DeviceMesh] = None,",
            "    *,\n    cp_size: int,\n    mesh: Optional[DeviceMesh] = None,",
            rfc="en",
            at="    mesh=mesh,\n",
        ),
        edit(
            "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
            "from hyper_parallel.optimizer import offload_optimizer_states, set_offload_bandwidth\n\n"
            "set_offload_bandwidth(h2d_gbps=24)\nmesh",
        ),
        # 5.1's function renamed in 5.2, imported from a module 5.1 does not name, called
        # with 5.1's parameters (met in a held-back RFC)
        edit(
            "from hyper_parallel.optimizer import offload_optimizer_states\n\nmesh",
            "from hyper_parallel.offload import offload_states\n\nmesh",
            (
                "optimizer = offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
                "optimizer = offload_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            ),
        ),
    ),
    passes=(
        edit(
            "offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "offload_optimizer_states(optimizer=optimizer, bucket_size_mb=256)",
        ),
        edit(
            "offload_optimizer_states(optimizer, offload_ratio=1.0, bucket_size_mb=256)",
            "offload_optimizer_states(optimizer, **offload_config)",
        ),
        edit(
            "from hyper_parallel.optimizer import offload_optimizer_states\n",
            "from hyper_parallel import optimizer as hp_optim\n",
            (
                "optimizer = offload_optimizer_states(optimizer,",
                "optimizer = hp_optim.offload_optimizer_states(optimizer,",
            ),
        ),
    ),
)
def call_binding(ctx: Context) -> list[Finding]:
    """5.2's example calls 5.1's function with arguments its signature cannot take

    ## What it checks
    5.2 使用示例 (Usage example)'s python blocks against the functions and classes defined
    at the top of 5.1's blocks: each call of one (by its name, an alias of its import, or
    through a module of the framework: `hp_dcp.load_resharded(...)`) is bound to the
    signature with Python's own binder, `inspect.Signature.bind`, its arguments as
    placeholders. Reported at the argument:

    - more arguments by position than the signature takes, also where it has `*` and the
      rest is keyword-only (at the first one too many);
    - a required parameter (no default, positional or keyword-only) left out (where it
      belongs: at the first argument of a later parameter, else at the closing bracket);
    - one parameter passed twice, by position and by keyword.

    And at the call: a function 5.1 never defines, imported and called by 5.2, named nowhere
    else in the RFC, about what the feature is about (a word of 5.1's names, parameters or
    table: `set_offload_bandwidth` and offload; or imported from the very module 5.2 imports a
    5.1 function from: `describe_cp_layout` beside `enable_cp_hybrid`), and none of the framework's known functions
    (`fully_shard`, `init_device_mesh`, ...), when it is imported from a module 5.1's API
    comes from (`from hyper_parallel.optimizer import offload_optimizer_states,
    set_offload_bandwidth`), or from a module whose function 5.2 calls with two or more of
    the parameters of a 5.1 function it never calls (`enable_powersgd(model, rank=4,
    start_step=1000)` for 5.1's `enable_grad_compression`: renamed). A class (`Trainer`) is
    not judged so. In a block that imports from the framework by name: a name neither imported
    nor defined, called with two or more parameters of a 5.1 function the block imports and
    never calls, or calls under a name that holds the other (`tune_fsdp_prefetch(network, mesh=…,
    mode=…)` under `import enable_fsdp_prefetch_tuning`; `fused_adamw_bf16(model, lr=…)` beside `fused_adamw(…)`), and a 5.1 function called but not imported where
    the block imports others (`from … import apply_recompute_plan, plan_recompute` and
    `profile_blocks(...)`): both a NameError. And a method called on what 5.2 binds to an
    instance of a 5.1 class (by its constructor, or a 5.1 function annotated to return it:
    `ckpt = enable_incremental_checkpoint(...)` then `ckpt.load_latest()`) that the class does not
    define, where the class says all it has (no base, no decorator, no `__getattr__`): an
    AttributeError.

    Nothing is said where it cannot be told: a signature with `*args` or `**kwargs`, a call
    passing `*seq` or `**mapping`, a class that inherits what it takes, a name the example
    defines itself or imports from another package, a method. A keyword no signature takes
    and a misspelt name are RFC320's, and not reported twice.

    ## Why a reviewer cares
    The example is what users copy. A parameter made required, or made keyword-only with
    `*`, in 5.1 but not in 5.2, and a helper the example calls that the interface never
    defines, are a TypeError or an ImportError on the first run, and a sign that the
    interface changed after the example was written.
    """
    python = python_code(ctx)
    if python.api is None or not python.usage or python.definition is None or not python.api.functions:
        return []  # (a fresh draft: 5.1 shows a call, the template's way)
    return _findings(ctx, python)


def _findings(ctx: Context, python: PythonCode) -> list[Finding]:
    assert python.api is not None and python.usage is not None and python.definition is not None
    ed = ctx.edition
    usage, section = ed.name(USAGE), ed.name(PARAMETERS)
    swallowing = {u.line for u in ctx.doc.unclosed if u.kind == "fence"}
    definition = tuple(
        (b.info, b.code)
        for b in ctx.doc.code_blocks
        if b.line in python.definition and is_python(b) and b.line not in swallowing
    )
    found = analysis(definition, tuple((p.block.info, p.block.code) for p in python.usage), ed.language)
    if not found.suspects:
        return []
    findings: list[Finding] = []
    later = _Later(ctx, python)
    for suspect in found.suspects:
        parsed = python.usage[suspect.block]
        where = ast.Pass(lineno=suspect.lineno, col_offset=suspect.col_offset)  # (a node, as Parsed.at reads one)
        if suspect.module is None:  # a call that does not bind
            findings.append(
                parsed.at(
                    where,
                    "RFC326",
                    f"'{usage}' calls {suspect.name}() "
                    + suspect.message.replace("{signature}", f"its signature in '{section}'"),
                )
            )
        elif suspect.module == "" and suspect.message.startswith("method:"):  # `unknown_methods`
            _, kind, methods = suspect.message.split(":", 2)
            findings.append(
                parsed.at(
                    where,
                    "RFC326",
                    f"'{usage}' calls {suspect.name}(), but {kind} in '{section}' defines no such method "
                    f"(it defines {methods}): an AttributeError",
                )
            )
        elif suspect.module == "" and suspect.name in found.defines.split(", "):  # `_renamed_unimported`
            findings.append(
                parsed.at(
                    where,
                    "RFC326",
                    f"'{usage}' calls {suspect.name}() of '{section}' without importing it, though it imports "
                    f"{suspect.message} from the framework (at line {_line(parsed, suspect.other_line)}): a NameError",
                )
            )
        elif suspect.module == "":
            findings.append(
                parsed.at(
                    where,
                    "RFC326",
                    f"'{usage}' calls {suspect.name}(), which it neither imports nor defines, with the parameters "
                    f"of {suspect.message}, which it imports: a NameError (renamed?)",
                )
            )
        elif (
            not later.elsewhere(suspect.name)
            and later.of_the_feature(suspect, found)
            and parsed.at(where, "", "")[:2] not in later.rfc320()
        ):
            findings.append(
                parsed.at(
                    where,
                    "RFC326",
                    f"'{usage}' calls {suspect.name}(), imported from {suspect.module}, which '{section}' does not "
                    f"define (it defines {found.defines}) and nothing else in the RFC names",
                )
            )
    return findings


def _line(parsed: Parsed, lineno: int) -> int:
    """The RFC's line of a line of the parsed block."""
    return parsed.at(ast.Pass(lineno=lineno, col_offset=0), "", "").line


@dataclass(frozen=True)
class Suspect:
    """A call of 5.2 that does not bind (`module` None), or of a name 5.1 may not define
    (imported from `module`), at `lineno` / `col_offset` of 5.2's block number `block`."""

    block: int
    lineno: int
    col_offset: int
    name: str
    module: str | None = None
    message: str = ""
    other_line: int = 0  # a line of the block the message names too (its import)


@dataclass(frozen=True)
class Analysis:
    suspects: tuple[Suspect, ...] = ()
    vocabulary: frozenset[str] = frozenset()  # the words of 5.1's names and parameters
    defines: str = ""  # 5.1's public names, for the message


@lru_cache(maxsize=256)  # by the blocks' text: an RFC's revisions, copies of one example
@quietly
def analysis(definition: tuple[tuple[str, str], ...], usage: tuple[tuple[str, str], ...], language: str) -> Analysis:
    """5.2's calls bound to 5.1's signatures, and the names 5.2 imports from the
    framework's modules that 5.1 does not define: what the code alone says."""
    parsed_definition = _parsed(definition, language)
    own = defined(parsed_definition)
    if not own.signatures:
        return Analysis()
    api = interface(parsed_definition)
    parsed_usage = _parsed(usage, language)
    used = example_code(parsed_usage)
    foreign = FOREIGN - api.api_roots
    # the framework's modules: where 5.1's own names are imported from, by 5.1 or by 5.2
    framework = {module for local, module in api.imported.items() if local in own.signatures}
    framework |= {module for module, name in used.names.values() if name in own.signatures}
    index = {id(p): n for n, p in enumerate(parsed_usage)}
    calls = []
    for parsed, call in used.calls:
        if any(type(a) is ast.Starred for a in call.args) or any(k.arg is None for k in call.keywords):
            continue  # `*seq`, `**mapping`: what it passes cannot be told
        resolved = _resolve(call.func, used, foreign)
        if resolved is None:
            continue
        module, name = resolved
        if name in own.signatures and module is not None:
            framework.add(module)
        calls.append((index[id(parsed)], call, module, name))
    # a module is the framework's too where a name imported from it is called with one of 5.1's
    # functions' parameters, a function 5.2 never calls (`enable_powersgd(model, rank=4, …)`
    # for 5.1's `enable_grad_compression`): 5.1's function renamed, imported and called
    called = {name for _, _, _, name in calls}
    unused = [own.signatures[name] for name in own.signatures if name not in called]
    for _, call, module, name in calls:
        if module is not None and name not in own.signatures and takes_parameters_of(call, unused):
            framework.add(module)
    suspects, seen = [], set()
    for block, call, module, name in calls:
        if name in own.signatures:
            problem = _binding(call, own.signatures[name])
            if problem is not None:
                where = problem.node
                suspects.append(Suspect(block, where.lineno, where.col_offset, name, None, problem.message))
        elif module in framework and name not in seen and _may_be_undefined(name, api):
            seen.add(name)
            suspects.append(Suspect(block, call.func.lineno, call.func.col_offset, name, module))
    suspects += [
        Suspect(*found) for found in unimported_calls(calls, [p.tree for p in parsed_usage], own.signatures, seen)
    ]
    classes, returns = class_methods([p.tree for p in parsed_definition])
    for block, line, column, name, kind in unknown_methods([p.tree for p in parsed_usage], classes, returns):
        methods = ", ".join(sorted(classes[kind])) or "none"
        suspects.append(Suspect(block, line, column, name, "", f"method:{kind}:{methods}"))
    public = ", ".join(sorted(n for n in own.signatures if not n.startswith("_")))
    return Analysis(tuple(suspects), frozenset(own.vocabulary), public)


def _parsed(blocks: tuple[tuple[str, str], ...], language: str) -> list[Parsed]:
    found = []
    for info, code in blocks:
        parsed, _ = parse_block(CodeBlock(info, code, 0, ""), language)  # each tree cached by its text
        if parsed is not None:
            found.append(parsed)
    return found


def _resolve(func: ast.expr, used: ExampleCode, foreign: set[str]) -> tuple[str | None, str] | None:
    """(the module the called name comes from, or None if not imported; the name as 5.1
    would define it), or None where the call is none of the framework's functions."""
    if isinstance(func, ast.Name):
        local = func.id
        if local in used.bound or local in used.modules:
            return None  # the example's own, or a module called
        if local in used.names:
            module, name = used.names[local]
            return None if module.split(".")[0] in foreign else (module, name)
        return None, local  # not imported: the template's way, 5.2 calls the API by its name
    if isinstance(func, ast.Attribute) and isinstance(func.value, ast.Name):
        root = func.value.id
        if root in used.bound:
            return None
        if root in used.modules:
            module = used.modules[root]
        elif root in used.names:
            module = ".".join(used.names[root])  # `from hyper_parallel.core import distributed_checkpoint as dcp`
        else:
            return None  # a method of some object
        return None if module.split(".")[0] in foreign else (module, func.attr)
    return None


def _binding(call: ast.Call, signatures: list[inspect.Signature | None]) -> Problem | None:
    if not signatures or any(s is None for s in signatures):
        return None  # cannot be told
    # a keyword no signature takes is RFC320's finding: the call is reported once
    accepted = {
        p.name for s in signatures if s is not None for p in s.parameters.values() if p.kind is not p.POSITIONAL_ONLY
    }
    if any(k.arg not in accepted for k in call.keywords):
        return None
    problems = [bind(s, call) for s in signatures if s is not None]
    return None if any(p is None for p in problems) else problems[0]


class _Later:
    """What the undefined check reads, read only when a call is suspected."""

    def __init__(self, ctx: Context, python: PythonCode) -> None:
        self.ctx, self.python = ctx, python
        self._text: str | None = None
        self._vocabulary: set[str] | None = None
        self._rfc320: set[tuple[int, int]] | None = None

    def elsewhere(self, name: str) -> bool:
        """The name is written somewhere outside 5.2's blocks (prose, tables, other code)."""
        if self._text is None:
            lines = self.ctx.doc.source.split("\n")
            for parsed in self.python.usage or ():
                block = parsed.block
                for number in range(block.line, min(block.last_line + 1, len(lines) + 1)):
                    lines[number - 1] = ""
            self._text = "\n".join(lines)
        return re.search(rf"(?<![\w]){re.escape(name)}(?![\w])", self._text) is not None

    def of_the_feature(self, suspect, found) -> bool:
        """About what 5.1 is (a word of it), or kin of a 5.1 function imported beside it (`describe_cp_layout`)."""
        defined = set(found.defines.split(", "))
        names = example_code(self.python.usage or []).names.values()
        own = {name for module, name in names if module == suspect.module and name in defined}
        return bool(words(suspect.name) & self.vocabulary(found.vocabulary)) or kin(suspect.name, own)

    def vocabulary(self, own: frozenset[str]) -> set[str]:
        """The words of 5.1's names, parameters and parameter table."""
        if self._vocabulary is None:
            found = set(own)
            table = self.ctx.doc.table_in(self.ctx.edition.name(PARAMETERS))
            for row in table.rows if table else ():
                for cell in row:
                    found |= words(cell)
            self._vocabulary = found
        return self._vocabulary

    def rfc320(self) -> set[tuple[int, int]]:
        """Where RFC320 reports a call of a name 5.1 does not define (a misspelling of its API)."""
        if self._rfc320 is None:
            from rfc_template.lints.code.rfc320_example_matches_interface import example_calls

            api, usage = self.python.api, self.python.usage
            found = example_calls(api, usage, self.ctx) if api is not None and usage else []
            self._rfc320 = {(f.line, f.col) for f in found}
        return self._rfc320


def _may_be_undefined(name: str, api: Interface) -> bool:
    """A function that 5.1 may not define: lower case (no class), none of the framework's known
    functions nor a builtin, not mentioned by 5.1's code (then `_Later` reads the rest)."""
    if not name[:1].islower() or name in KNOWN or name in BUILTINS:
        return False
    return name not in api.functions and name not in api.methods and name not in api.mentioned
