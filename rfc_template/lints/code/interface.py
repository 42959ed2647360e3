"""What 5.1's code defines: the signature of each function, method and class (what a
call of it can pass), by the name a call uses, and every name 5.1 mentions at all."""

from __future__ import annotations

import ast
import builtins
import difflib
import re
from dataclasses import dataclass, field

from rfc_template.lints.code.parsing import Parsed, nodes

BUILTINS = frozenset(dir(builtins))


@dataclass
class Signature:
    """What a call of one function, method or class can pass."""

    name: str
    parameters: list[ast.arg]  # in order, without self / cls, without *args / **kwargs
    defaults: dict[str, ast.expr]  # parameter name -> its default
    keywords: set[str]  # the names a call may pass by keyword
    star: list[ast.arg] = field(default_factory=list)  # *args, **kwargs
    any_keyword: bool = False  # it takes **kwargs
    parsed: Parsed | None = None
    # What it transforms: its first positional parameter (self / cls aside), when that has no
    # default: `model` of `enable_x(model, ...)`, `module` of `fully_shard(module, *, mesh=None)`.
    subject: str | None = None


def _signature(name: str, node: ast.FunctionDef | ast.AsyncFunctionDef, method: bool, parsed: Parsed) -> Signature:
    a = node.args
    positional = [*a.posonlyargs, *a.args]
    static = any(isinstance(d, ast.Name) and d.id == "staticmethod" for d in node.decorator_list)
    if method and not static and positional:
        positional = positional[1:]  # self, cls
    defaults = dict(zip([p.arg for p in [*a.posonlyargs, *a.args]][::-1], a.defaults[::-1]))
    defaults.update((p.arg, d) for p, d in zip(a.kwonlyargs, a.kw_defaults) if d is not None)
    by_position_only = {p.arg for p in a.posonlyargs}
    parameters = [*positional, *a.kwonlyargs]
    star = [s for s in (a.vararg, a.kwarg) if s is not None]
    subject = positional[0].arg if positional and positional[0].arg not in defaults else None
    return Signature(
        name,
        parameters,
        defaults,
        {p.arg for p in parameters} - by_position_only,
        star,
        a.kwarg is not None,
        parsed,
        subject,
    )


def _class_signature(node: ast.ClassDef, parsed: Parsed) -> Signature | None:
    """A class called: its `__init__`, or (a dataclass, a NamedTuple, a config class) its
    annotated fields; None when neither says what it takes (it inherits them)."""
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "__init__":
            return _signature(node.name, item, True, parsed)
    fields = [
        item
        for item in node.body
        if isinstance(item, ast.AnnAssign)
        and isinstance(item.target, ast.Name)
        and "ClassVar" not in ast.dump(item.annotation)
    ]
    if not fields:
        return None
    names = [f.target.id for f in fields if isinstance(f.target, ast.Name)]  # all are: see above
    parameters = [
        ast.arg(arg=name, annotation=f.annotation, lineno=f.lineno, col_offset=f.col_offset)
        for name, f in zip(names, fields)
    ]
    defaults = {name: f.value for name, f in zip(names, fields) if f.value is not None}
    return Signature(node.name, parameters, defaults, {p.arg for p in parameters}, parsed=parsed)


@dataclass
class Interface:
    """5.1's code: the signatures it defines, by the name a call uses, and every name it
    mentions at all (its imports and type hints name existing APIs)."""

    functions: dict[str, list[Signature]] = field(default_factory=dict)  # module level, and classes
    methods: dict[str, list[Signature]] = field(default_factory=dict)
    signatures: list[Signature] = field(default_factory=list)  # every one, in order: the table reads these
    called: set[str] = field(default_factory=set)  # where it defines nothing: the names it calls
    mentioned: set[str] = field(default_factory=set)
    imported: dict[str, str] = field(default_factory=dict)  # local name -> the module it comes from
    api_roots: set[str] = field(default_factory=set)  # packages 5.1 imports one of its own names from

    @property
    def names(self) -> set[str]:
        return {n for n in (*self.functions, *self.methods) if not n.startswith("_")}

    def api_names(self, foreign: set[str]) -> set[str]:
        """The feature's API by name: what 5.1 defines or, where 5.1 defines nothing and
        shows a call instead (the template's way), what it calls that is no builtin and
        no other package's."""
        if self.functions or self.methods:
            return self.names
        return {n for n in self.called if n not in BUILTINS and self.imported.get(n, "").split(".")[0] not in foreign}


IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def interface(blocks: list[Parsed]) -> Interface:
    found = Interface()
    for parsed in blocks:
        _definitions(parsed.tree.body, parsed, found, in_class=False)
        # every word of the code, its comments too: more than it names, which only
        # makes RFC320 take fewer names for misspellings of the API (found in C, no walk)
        found.mentioned.update(IDENTIFIER.findall(parsed.block.code))
    for parsed in blocks:
        for node in parsed.tree.body:
            if isinstance(node, (ast.Import, ast.ImportFrom)):
                module = (node.module or "") if isinstance(node, ast.ImportFrom) else ""
                for alias in node.names:
                    found.imported[alias.asname or alias.name.split(".")[0]] = module or alias.name
                    if module and alias.name in found.functions:
                        found.api_roots.add(module.split(".")[0])  # `from pkg.mod import the_api` above its def
    if not found.functions and not found.methods:  # a call, the template's way: what it calls is the API
        for parsed in blocks:
            found.called.update(
                n.func.id for n in nodes(parsed.tree) if type(n) is ast.Call and type(n.func) is ast.Name
            )
    return found


def _definitions(body: list[ast.stmt], parsed: Parsed, found: Interface, in_class: bool) -> None:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            signature = _signature(node.name, node, in_class, parsed)
            (found.methods if in_class else found.functions).setdefault(node.name, []).append(signature)
            if node.name != "__init__":
                found.signatures.append(signature)
        elif isinstance(node, ast.ClassDef):
            of_class = _class_signature(node, parsed)
            found.functions.setdefault(node.name, [])
            if of_class is not None:
                found.functions[node.name].append(of_class)
                found.signatures.append(of_class)
            _definitions(node.body, parsed, found, in_class=True)


def did_you_mean(name: str, names) -> str:
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""
