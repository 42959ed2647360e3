"""The Python in the RFC's code blocks, read with `ast`: every python block parses
(RFC318), 5.1's parameter table and 5.1's signature say the same (RFC319), and 5.2's
example calls 5.1's API by its name, with keywords its signature takes (RFC320).

Each python block is parsed once, by `ast.parse` (C), and none that is still the
template's example (RFC311's). What the rules read off the trees is small (5.1's
signatures, 5.2's calls), and 5.2's tree is walked only when its text names 5.1's API
or calls something like it: the cost stays near the parse.
"""

from __future__ import annotations

import ast
import builtins
import difflib
import re
import sys
import textwrap
import warnings
from dataclasses import dataclass, field

from rfc_template import document
from rfc_template.findings import TEMPLATE_SYNTAX, Finding
from rfc_template.lints import Context
from rfc_template.lints.model import PARAMETERS, model

USAGE = "5.2 使用示例"
PYTHON = ("python", "py", "python3")
# the parameter table's columns, as the template heads them (each edition names its own)
NAME_COLUMN, TYPE_COLUMN, DEFAULT_COLUMN, REQUIRED_COLUMN = "入参 / 配置项", "类型", "默认值", "是否必填"


# --- the blocks, parsed ----------------------------------------------------------------


@dataclass
class Parsed:
    block: document.CodeBlock
    tree: ast.Module
    shifts: list[int] | None = None  # per line, the columns a prompt or a common indent took

    def at(self, node: ast.AST, code: str, message: str) -> Finding:
        """A finding at `node`, as a line and column of the RFC."""
        lineno, col = getattr(node, "lineno", 1), getattr(node, "col_offset", 0)
        return Finding(self.block.line + lineno, col + 1 + self._shift(lineno), code, message)

    def _shift(self, lineno: int) -> int:
        return self.shifts[lineno - 1] if self.shifts and 0 < lineno <= len(self.shifts) else 0


def is_python(block: document.CodeBlock) -> bool:
    return block.info.split(maxsplit=1)[0].lower() in PYTHON if block.info else False


# fields that never hold a node a rule reads: names and other strings, contexts,
# operators, type hints (a call inside an annotation is no call of the example)
NOT_NODES = {"ctx", "id", "attr", "arg", "name", "asname", "module", "level", "type_comment", "kind", "op", "ops",
             "is_async", "conversion", "annotation", "returns"}
_FIELDS: dict[type, tuple[str, ...]] = {}


def nodes(tree: ast.AST) -> list[ast.AST]:
    """The nodes of `tree` as `ast.walk` gives them (in another order), but those inside
    type hints and the leaves no rule reads (constants, operators), in one loop: about
    three times as fast."""
    found, stack = [], [tree]
    while stack:
        node = stack.pop()
        found.append(node)
        kind = type(node)
        fields = _FIELDS.get(kind)
        if fields is None:
            fields = _FIELDS[kind] = () if kind is ast.Constant else tuple(f for f in kind._fields if f not in NOT_NODES)
        for name in fields:
            value = getattr(node, name)
            if type(value) is list:
                stack.extend([v for v in value if isinstance(v, ast.AST)])
            elif isinstance(value, ast.AST):
                stack.append(value)
    return found


PROMPT = re.compile(r"[ \t]*(?:>>>|\.\.\.)(?: |$)")


def _console(code: str) -> tuple[str, list[int]]:
    """A console session (`>>> ` and `... ` prompts) as the source it runs: prompts taken
    off, the output lines it shows blanked, line numbers kept."""
    lines, shifts = [], []
    for line in code.split("\n"):
        prompt = PROMPT.match(line)
        lines.append(line[prompt.end():] if prompt else "")
        shifts.append(prompt.end() if prompt else 0)
    return "\n".join(lines), shifts


def _is_console(code: str) -> bool:
    return code.lstrip().startswith(">>>")  # its first line that is not blank


def parse_block(block: document.CodeBlock, language: str) -> tuple[Parsed | None, Finding | None]:
    """The block's tree, or the finding that says why Python cannot read it.

    Read as written, with two allowances a reader makes too: a console session (first
    line `>>> ...`) is read as the code typed at its prompts, and an excerpt indented as
    a whole (a method lifted out of its class) is read dedented.
    """
    code, shifts = block.code, None
    if _is_console(code):
        code, shifts = _console(code)
    try:
        return Parsed(block, ast.parse(code), shifts), None
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        dedented = textwrap.dedent(code)
        if dedented != code and shifts is None:
            try:
                indent = [len(a) - len(b) for a, b in zip(code.split("\n"), dedented.split("\n"))]
                return Parsed(block, ast.parse(dedented), indent), None
            except (SyntaxError, ValueError, RecursionError, MemoryError):
                pass
        if TEMPLATE_SYNTAX.search(block.code):
            return None, None  # `enable_{{ feature }}` never rendered: RFC004 says so
        return None, _syntax_finding(block, error, shifts, language)


CJK = re.compile(r"[\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def _syntax_finding(block: document.CodeBlock, error: Exception, shifts: list[int] | None, language: str) -> Finding:
    lines = max(block.code.count("\n"), 1)
    if isinstance(error, SyntaxError):
        message, lineno, offset = error.msg, error.lineno or 1, error.offset or 1
    else:  # a null byte (ValueError), or nesting deeper than the parser goes
        message, lineno, offset = str(error) or "too deeply nested", 1, 1
    lineno = min(max(lineno, 1), lines)  # an error at the end of input: the block's last line
    if language != "zh":
        # Python quotes the character it rejects: `（` typed for `(`; an English RFC's
        # findings name it by its code point only
        message = CJK.sub(lambda m: f"U+{ord(m.group()):04X}", message)
    shift = shifts[lineno - 1] if shifts and lineno <= len(shifts) else 0
    return Finding(block.line + lineno, offset + shift, "RFC318",
                   f"python block does not parse: {message} (line {lineno} of the block)")


# --- what 5.1 defines ------------------------------------------------------------------


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
    return Signature(name, parameters, defaults, {p.arg for p in parameters} - by_position_only, star,
                     a.kwarg is not None, parsed)


def _class_signature(node: ast.ClassDef, parsed: Parsed) -> Signature | None:
    """A class called: its `__init__`, or (a dataclass, a NamedTuple, a config class) its
    annotated fields; None when neither says what it takes (it inherits them)."""
    for item in node.body:
        if isinstance(item, (ast.FunctionDef, ast.AsyncFunctionDef)) and item.name == "__init__":
            return _signature(node.name, item, True, parsed)
    fields = [item for item in node.body if isinstance(item, ast.AnnAssign) and isinstance(item.target, ast.Name)
              and "ClassVar" not in ast.dump(item.annotation)]
    if not fields:
        return None
    parameters = [ast.arg(arg=f.target.id, annotation=f.annotation, lineno=f.lineno, col_offset=f.col_offset) for f in fields]
    defaults = {f.target.id: f.value for f in fields if f.value is not None}
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
            found.called.update(n.func.id for n in nodes(parsed.tree) if type(n) is ast.Call and type(n.func) is ast.Name)
    return found


def _definitions(body: list[ast.stmt], parsed: Parsed, found: Interface, in_class: bool) -> None:
    for node in body:
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            signature = _signature(node.name, node, in_class, parsed)
            (found.methods if in_class else found.functions).setdefault(node.name, []).append(signature)
            if node.name != "__init__":
                found.signatures.append(signature)
        elif isinstance(node, ast.ClassDef):
            signature = _class_signature(node, parsed)
            found.functions.setdefault(node.name, [])
            if signature is not None:
                found.functions[node.name].append(signature)
                found.signatures.append(signature)
            _definitions(node.body, parsed, found, in_class=True)


# --- where 5.1 and 5.2 are -------------------------------------------------------------


def _section_lines(doc: document.Document, name: str) -> range | None:
    """The lines of a section with its subsections (`#### 5.1.1 ...` belongs to 5.1)."""
    headings = doc.headings
    for index, heading in enumerate(headings):
        if heading.text == name:
            end = next((h.line for h in headings[index + 1:] if h.level <= heading.level), sys.maxsize)
            return range(heading.line, end)
    return None


# --- the lint ----------------------------------------------------------------------------


def python_code(ctx: Context) -> list[Finding]:
    """RFC318, RFC319 and RFC320, from one parse of each python block."""
    # Python warns of what still parses (an invalid escape such as "\d"): never the
    # checker's output, and never an error, whatever warning filters the user has set
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return _python_code(ctx)


def _python_code(ctx: Context) -> list[Finding]:
    # A fence never closed swallows what follows as its code: RFC006 names the cause, once.
    # The template's own example, still in place, is valid Python and RFC311's to report.
    swallowing = {u.line for u in getattr(ctx.doc, "unclosed", ()) if u.kind == "fence"}
    examples = model(ctx.edition.language).example_code
    blocks = [b for b in ctx.doc.code_blocks if is_python(b) and b.line not in swallowing
              and not any(p.fullmatch(b.code) for p in examples.get(b.section, ()))]
    if not blocks:
        return []
    findings, parsed = [], []
    for block in blocks:
        tree, finding = parse_block(block, ctx.edition.language)
        if finding is not None:
            findings.append(finding)
        elif tree is not None:
            parsed.append(tree)
    ed = ctx.edition
    definition, usage = _section_lines(ctx.doc, ed.name(PARAMETERS)), _section_lines(ctx.doc, ed.name(USAGE))
    if definition is None:
        return findings
    api = interface([p for p in parsed if p.block.line in definition])
    tables = [t for t in ctx.doc.tables if t.line in definition and _is_parameter_table(t, ed)]
    if api.signatures and tables:
        findings += table_and_signature(api, tables, ctx)
    if usage is not None and (api.names or api.called):
        findings += example_calls(api, [p for p in parsed if p.block.line in usage], ctx)
    return findings


# --- RFC319: 5.1's table against 5.1's signature -----------------------------------------


def _column(table: document.Table, ed, chinese: str, *words: str) -> int | None:
    """The index of a column, by this edition's header, or a header with one of `words`."""
    own = ed.name(chinese)
    for index, header in enumerate(table.header):
        if header == own or any(w in header.lower() for w in words):
            return index
    return None


def _is_parameter_table(table: document.Table, ed) -> bool:
    if not table.header:
        return False
    return table.header[0] == ed.name(NAME_COLUMN) or _column(table, ed, DEFAULT_COLUMN, "default", "默认") is not None


# `name`, `name (positional)`, `name: int`, `name=1`, `**kwargs`; not `config.foo.bar`,
# not `a / b`, not a sentence
TABLE_NAME = re.compile(r"\**([A-Za-z_][A-Za-z0-9_]*)(?=$|[\s(（:：=,，])")
NOT_PARAMETERS = {"return", "returns", "raises", "yields", "self", "cls"}


def _table_name(cell: str) -> tuple[str, str] | None:
    """The parameter a row names, and what its cell writes after `=` (a default)."""
    text = cell.strip().strip("`").strip()
    match = TABLE_NAME.match(text)
    if match is None:
        return None
    name = match.group(1)
    if name.lower() in NOT_PARAMETERS or (name.isupper() and len(name) > 1) or name in ("True", "False", "None"):
        return None  # a return row, an environment variable
    rest = text[match.end():].strip()
    return name, rest[1:].strip() if rest.startswith("=") else ""


def table_and_signature(api: Interface, tables: list[document.Table], ctx: Context) -> list[Finding]:
    """RFC319. A table row naming a parameter no signature of 5.1 has, giving a default
    its signature contradicts, or marking required what has a default (or the other way
    round): at the row. A parameter of the function the table is about (the one whose
    parameters it names most) that no row names: at the parameter."""
    ed = ctx.edition
    section = ed.name(PARAMETERS)
    rows = list(_rows(tables, ed))
    if not rows:
        return []
    findings = []
    takes = {p.arg for s in api.signatures for p in (*s.parameters, *s.star)}
    open_ended = any(s.any_keyword for s in api.signatures)  # options passed on through **kwargs
    for line, name, written, required in rows:
        if name not in takes:
            if not open_ended and name not in api.functions and name not in api.methods:
                findings.append(Finding(line, 1, "RFC319", f"'{section}' lists '{name}', which no signature in its code takes"
                                        f"{_did_you_mean(name, takes)}"))
            continue
        having = [s for s in api.signatures if any(p.arg == name for p in s.parameters)]
        if not having:
            continue  # *args, **kwargs
        defaults = [s.defaults.get(name) for s in having]
        if written is not None and all(_agree(written, d) is False for d in defaults):  # (one that agrees will do)
            code = f"defaults to {ast.unparse(defaults[0])}" if defaults[0] is not None else "gives it no default"
            findings.append(Finding(line, 1, "RFC319", f"'{section}' gives '{name}' the default {_shown(written)}, "
                                    f"but its signature {code}"))
        elif required is not None and all((d is None) != required for d in defaults):
            marked = f"{'' if required else 'not '}required ({ed.name(REQUIRED_COLUMN)})"
            code = "gives it a default" if required else "gives it no default"
            findings.append(Finding(line, 1, "RFC319", f"'{section}' marks '{name}' {marked}, but its signature {code}"))
    named = {row[1] for row in rows}
    about = max(api.signatures, key=lambda s: (sum(p.arg in named for p in s.parameters),
                                               sum(p.arg in named for p in s.parameters) / max(len(s.parameters), 1)))
    if any(p.arg in named for p in about.parameters):
        for parameter in about.parameters:
            if parameter.arg not in named:
                findings.append(about.parsed.at(parameter, "RFC319", f"parameter '{parameter.arg}' of {about.name} has no row in "
                                                f"the table of '{section}'"))
    return findings


def _rows(tables: list[document.Table], ed):
    """(line, parameter, the default written or None, whether marked required or None)
    of each row of the tables that names a parameter."""
    for table in tables:
        type_at = _column(table, ed, TYPE_COLUMN, "type", "类型")
        default_at = _column(table, ed, DEFAULT_COLUMN, "default", "默认")
        required_at = _column(table, ed, REQUIRED_COLUMN, "required", "必填")
        for offset, row in enumerate(table.rows):
            named = _table_name(row[0]) if row else None
            if named is None:
                continue
            name, written = named
            default = row[default_at].strip() if default_at is not None and default_at < len(row) else ""
            if not default and type_at is not None and type_at < len(row) and "=" in row[type_at]:
                default = row[type_at].split("=", 1)[1].strip()  # `bool = True` in the type column
            required = _required(row[required_at]) if required_at is not None and required_at < len(row) else None
            yield table.line + 2 + offset, name, default or written or None, required


# 是 / 否, Yes / No, as the template offers them, and what else people write
REQUIRED, OPTIONAL = re.compile(r"(?i)是|必填|必选|yes\b|required\b"), re.compile(r"(?i)否|可选|no\b|optional\b")


def _required(cell: str) -> bool | None:
    """Whether a cell marks its parameter required; None for neither, or both (a choice
    left unmade is RFC302's)."""
    text = cell.strip().strip("`*_ ")
    required, optional = REQUIRED.match(text), OPTIONAL.match(text)
    if required and not OPTIONAL.search(text):
        return True
    return False if optional and not REQUIRED.search(text) else None


def _did_you_mean(name: str, names) -> str:
    close = difflib.get_close_matches(name, list(names), n=1, cutoff=0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _shown(written: str) -> str:
    return written if len(written) <= 40 else written[:37] + "..."


# What a table writes for "no default": 无, -, 必填 (required), none (positional), N/A.
NO_DEFAULT = re.compile(r"(?i)^(?:无|没有|-+|—+|必填|必选|必须|required|mandatory|none|null|n/?a|no default)"
                        r"(?:$|[\s(（,，;；:：。.])")
# where a default written in a cell may end and its explanation start: `1.0（全部）`,
# `None (all ranks)`, `256 MB`
EXPLANATION = re.compile(r"[\s（(；;，,:：。\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def _written_value(written: str) -> tuple[ast.expr | None, bool]:
    """The Python expression a table's default cell starts with, if it is one a default
    can be (a literal, a name, `a.b`, a tuple of those), None for prose; and whether it
    is all the value: not when a word follows it (`1 GB`, `30 秒`: a unit)."""
    text = written.strip().strip("`").strip()
    cuts = [m.start() for _, m in zip(range(6), EXPLANATION.finditer(text))]  # the first few: cheap on prose
    for cut in [len(text), *cuts[::-1]]:
        candidate = text[:cut].strip().strip("`").strip()
        if not candidate:
            continue
        try:
            node = ast.parse(candidate).body
        except (SyntaxError, ValueError, RecursionError, MemoryError):
            continue
        if len(node) == 1 and isinstance(node[0], ast.Expr) and _simple(node[0].value):
            rest = text[cut:].lstrip(" `")
            return node[0].value, not rest or rest[0] in ASIDE
    return None, False


ASIDE = "（(；;，,:：。-—–、"  # what starts an explanation after a value, not a unit


def _simple(node: ast.AST) -> bool:
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.operand, ast.Constant)
    if isinstance(node, ast.BinOp):  # 1 << 20, 256 * 1024
        return isinstance(node.left, (ast.Constant, ast.BinOp)) and isinstance(node.right, ast.Constant) and _simple(node.left)
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_simple(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _simple(k) and _simple(v) for k, v in zip(node.keys, node.values))
    return False


def _agree(written: str, default: ast.expr | None) -> bool | None:
    """Whether the table's default agrees with the code's: True, False, or None when the
    table writes prose that cannot be compared."""
    if NO_DEFAULT.match(written.strip().strip("`")):
        # `无` / `none` for no default, and also for a default of None
        return default is None or (isinstance(default, ast.Constant) and default.value is None)
    value, whole = _written_value(written)
    if value is None:
        return None
    if default is None:  # a required parameter: a value in the table says otherwise (a word may be prose)
        literal = _literal(value)
        agree = None if literal is NOT_LITERAL else literal is None
    elif not _simple(default):
        return None  # a call, a lambda: the table can only describe it
    else:
        agree = _same(value, default)
    return agree if agree or whole else None  # `1 GB` for 1 << 30: the unit may make them one


WORDS = {"none": None, "null": None, "true": True, "false": False}


def _same(written: ast.expr, code: ast.expr) -> bool | None:
    """Equal as values: 1e-3 and 0.001, "a" and 'a', a tuple written as a list; a bare
    word for a string (`alltoall` for "alltoall"), `true` for True, `MEAN` for
    `Reduction.MEAN`. True is not 1. None where the two cannot be compared: a word of
    prose (`auto`) for a default of None or a number."""
    a, b = _literal(written), _literal(code)
    if a is not NOT_LITERAL and b is not NOT_LITERAL:
        return _equal(a, b)
    if isinstance(written, ast.Name) and isinstance(code, ast.Constant):
        word = written.id
        if isinstance(code.value, str):
            return word == code.value
        return _equal(WORDS[word.lower()], code.value) if word.lower() in WORDS else None
    if _dotted(written) and _dotted(code):
        short, long = sorted((_dotted(written), _dotted(code)), key=len)
        return long[len(long) - len(short):] == short  # `float32` for `torch.float32`
    if isinstance(written, (ast.Tuple, ast.List)) and isinstance(code, (ast.Tuple, ast.List)):
        return ast.dump(_as_tuple(written)) == ast.dump(_as_tuple(code))
    return None


NOT_LITERAL = object()
ARITHMETIC = {ast.Add: lambda a, b: a + b, ast.Sub: lambda a, b: a - b, ast.Mult: lambda a, b: a * b,
              ast.Div: lambda a, b: a / b, ast.FloorDiv: lambda a, b: a // b,
              ast.LShift: lambda a, b: a << b if 0 <= b <= 64 else NOT_LITERAL,
              ast.Pow: lambda a, b: a ** b if 0 <= b <= 64 and abs(a) <= 1 << 16 else NOT_LITERAL}


def _literal(node: ast.expr):
    """The value of a literal, also of sizes written as arithmetic (`256 * 1024`, `1 << 20`,
    `2 ** 30`); NOT_LITERAL for anything else."""
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        a, b = _literal(node.left), _literal(node.right)
        if all(type(v) in (int, float) for v in (a, b)):
            try:
                return ARITHMETIC[type(node.op)](a, b)
            except (ArithmeticError, ValueError, TypeError):
                return NOT_LITERAL
        return NOT_LITERAL
    try:
        return ast.literal_eval(node)
    except (ValueError, TypeError, SyntaxError, MemoryError, RecursionError):
        return NOT_LITERAL


def _dotted(node: ast.expr) -> list[str]:
    """`a.b.c` as ["a", "b", "c"]; [] for anything else."""
    parts = []
    while isinstance(node, ast.Attribute):
        parts.append(node.attr)
        node = node.value
    return [node.id, *parts[::-1]] if isinstance(node, ast.Name) else []


def _as_tuple(node: ast.expr) -> ast.expr:
    return ast.Tuple(elts=node.elts, ctx=ast.Load()) if isinstance(node, ast.List) else node


def _equal(a, b) -> bool:
    if isinstance(a, bool) or isinstance(b, bool):
        return type(a) is type(b) and a == b
    if isinstance(a, (list, tuple)) and isinstance(b, (list, tuple)):
        return len(a) == len(b) and all(_equal(x, y) for x, y in zip(a, b))
    if isinstance(a, (int, float)) and isinstance(b, (int, float)):
        return a == b
    return type(a) is type(b) and a == b


# --- RFC320: 5.2's calls against 5.1 -----------------------------------------------------

# Packages whose functions an example calls around the feature's own: never the feature's
# API unless 5.1 imports one of its own names from there (a feature added to mindspore).
FOREIGN = {
    "torch", "torchvision", "torchaudio", "mindspore", "numpy", "scipy", "pandas", "transformers", "datasets",
    "accelerate", "deepspeed", "megatron", "apex", "jax", "flax", "tensorflow", "typing_extensions", "yaml", "tqdm",
    *getattr(sys, "stdlib_module_names", ("os", "sys", "math", "time", "json", "logging", "functools", "itertools",
                                          "typing", "dataclasses", "pathlib", "collections", "contextlib", "random",
                                          "argparse", "re", "copy", "shutil", "subprocess", "threading")),
}
BUILTINS = frozenset(dir(builtins))


@dataclass
class Example:
    """5.2's code: its calls, where each name it imports comes from, what it binds itself."""

    imported: dict[str, str] = field(default_factory=dict)  # local name -> module it is imported from
    original: dict[str, str] = field(default_factory=dict)  # local name -> the name it was imported as
    bound: set[str] = field(default_factory=set)  # defined or assigned in the example
    calls: list[tuple[Parsed, ast.Call]] = field(default_factory=list)
    called: set[str] = field(default_factory=set)  # the names it calls, as imported


def example(blocks: list[Parsed]) -> Example:
    found = Example()
    for parsed in blocks:
        for node in nodes(parsed.tree):
            kind = type(node)
            if kind is ast.Call:
                found.calls.append((parsed, node))
            elif kind is ast.Name:
                if type(node.ctx) is not ast.Load:
                    found.bound.add(node.id)
            elif kind in (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef):
                found.bound.add(node.name)
            elif kind is ast.arg:
                found.bound.add(node.arg)
            elif kind is ast.Import:
                for alias in node.names:
                    local = alias.asname or alias.name.split(".")[0]
                    found.imported[local] = alias.name if alias.asname else local
            elif kind is ast.ImportFrom:
                for alias in node.names:
                    local = alias.asname or alias.name
                    found.imported[local] = "." * node.level + (node.module or "")
                    found.original[local] = alias.name
    return found


def example_calls(api: Interface, blocks: list[Parsed], ctx: Context) -> list[Finding]:
    """RFC320. A call of a function, class or method 5.1 defines passes a keyword its
    signature lacks (unless it takes **kwargs): at the keyword. A call of the API by a
    wrong name: a name 5.1 neither defines nor mentions (its imports and type hints name
    existing APIs), no builtin, not the example's own, not imported from another package,
    that misspells a name of 5.1's API or, while the example never calls that API by its
    own name, is a shorter or longer name of it: at the call. Nothing else is judged: an
    example calls existing APIs (`fully_shard`) and its own helpers freely."""
    if not blocks:
        return []
    foreign = FOREIGN - api.api_roots
    api_names = api.api_names(foreign)
    # Found in the text, in C: an example that names nothing 5.1 defines (not even to
    # import it under another name) and calls nothing like it needs no walk of its tree
    # (a fresh draft's `Trainer(config)`)
    text = "\n".join(parsed.block.code for parsed in blocks)
    if not (api.functions.keys() | api.methods.keys()) & set(IDENTIFIER.findall(text)) and not any(
            _resembles(name, d, NEAR, True) for name in set(CALLED.findall(text)) for d in api_names):
        return []
    ed = ctx.edition
    usage, section = ed.name(USAGE), ed.name(PARAMETERS)
    used = example(blocks)
    calls = [(parsed, call, *_callee(call.func)) for parsed, call in used.calls]
    used.called = {name if attribute else used.original.get(name, name) for _, _, name, attribute, _ in calls if name}
    shows_the_api = bool(api_names & used.called)
    findings, alike = [], {}
    for parsed, call, name, attribute, root in calls:
        if name is None or name.startswith("__"):
            continue  # (a lambda called; `super().__init__(...)` in the example's own class)
        if used.imported.get(root, "").split(".")[0] in foreign:
            continue  # torch.optim.AdamW(...), os.path.join(...), a name imported from mindspore
        if not attribute and root in used.bound:
            continue  # the example defines or assigns it itself
        if not attribute:
            name = used.original.get(name, name)  # `from pkg import the_api as api`
            signatures = api.functions.get(name, [])
        else:
            signatures = api.methods.get(name, []) + api.functions.get(name, [])
        if signatures:
            findings += _keywords(parsed, call, name, signatures, usage, section)
        elif api_names and name not in api.mentioned and name not in BUILTINS:
            # A method of some object, or any call once the example calls the API by its
            # name (`fully_shard` beside a new `fully_shard_experts` is another API): a
            # misspelling only. Otherwise also a shorter or longer name, and a name the
            # example never imports or defines (it could not run) may be further off.
            if (attribute and root not in used.imported) or shows_the_api:
                threshold, longer = CLOSE, False
            else:
                threshold, longer = (CLOSE if attribute or root in used.imported else NEAR), True
            if (name, threshold, longer) not in alike:
                alike[name, threshold, longer] = sorted(d for d in api_names if _resembles(name, d, threshold, longer))
            like = alike[name, threshold, longer]
            if like:
                findings.append(parsed.at(call.func, "RFC320", f"'{usage}' calls {name}(), which '{section}' does not define"
                                                               f" (did you mean {like[0]}?)"))
    return findings


CALLED = re.compile(r"([A-Za-z_][A-Za-z0-9_]*)\s*\(")


def _callee(func: ast.expr) -> tuple[str | None, bool, str]:
    """(the name called, whether as an attribute, the name its receiver starts from)."""
    if isinstance(func, ast.Name):
        return func.id, False, func.id
    if isinstance(func, ast.Attribute):
        root = func.value
        while isinstance(root, (ast.Attribute, ast.Call, ast.Subscript)):
            root = root.func if isinstance(root, ast.Call) else root.value
        return func.attr, True, root.id if isinstance(root, ast.Name) else ""
    return None, False, ""


def _keywords(parsed: Parsed, call: ast.Call, name: str, signatures: list[Signature], usage: str, section: str) -> list[Finding]:
    if any(s.any_keyword for s in signatures):
        return []
    accepted = set().union(*(s.keywords for s in signatures))
    return [
        parsed.at(keyword, "RFC320", f"'{usage}' passes {keyword.arg}= to {name}, whose signature in '{section}' "
                                     f"has no such parameter{_did_you_mean(keyword.arg, accepted)}")
        for keyword in call.keywords
        if keyword.arg is not None and keyword.arg not in accepted  # (`**options` passes what it holds)
    ]


CLOSE, NEAR = 0.85, 0.75  # difflib's ratio: a misspelling (`_state` for `_states`); a near name (`restore` for `resume`)


def _resembles(name: str, defined: str, threshold: float, longer: bool) -> bool:
    """A spelling of `defined`: the same letters but for case and underscores, the same
    words in another order, or as close as `threshold`; with `longer`, also a shorter or
    longer name of it (`enable_foo` for `enable_foo_bar`: the same first two words or
    more, one name's words leading the other's)."""
    if name == defined or min(len(name), len(defined)) < 5:
        return False
    a, b = name.lower().replace("_", ""), defined.lower().replace("_", "")
    if a == b:
        return True
    words, defined_words = name.lower().split("_"), defined.lower().split("_")
    if len(words) > 1 and sorted(words) == sorted(defined_words):
        return True  # the same words in another order: `resume_elastic` for `elastic_resume`
    shared = min(len(words), len(defined_words))
    if longer and shared >= 2 and words[:shared] == defined_words[:shared]:
        return True
    if 2 * min(len(a), len(b)) < threshold * (len(a) + len(b)):
        return False  # no spelling of these lengths is that close: found before difflib's work
    matcher = difflib.SequenceMatcher(None, a, b)
    return matcher.quick_ratio() >= threshold and matcher.ratio() >= threshold
