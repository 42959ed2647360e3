"""The python blocks, parsed: which blocks are Python, their trees (`ast.parse`, in C)
with the allowances a reader makes (a console session, an excerpt indented as a whole),
RFC318's finding for one that does not parse, and a fast walk of a tree's nodes."""

from __future__ import annotations

import ast
import re
import textwrap
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, wraps
from typing import TypeVar

from rfc_template import document
from rfc_template.findings import TEMPLATE_SYNTAX, Finding

PYTHON = ("python", "py", "python3")
T = TypeVar("T")


def quietly(reading: Callable[..., T]) -> Callable[..., T]:
    """`reading` with Python's warnings of what still parses (an invalid escape such as
    "\\d") silenced: never the checker's output, and never an error, whatever warning
    filters the user has set."""

    @wraps(reading)
    def silenced(*args, **kwargs) -> T:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return reading(*args, **kwargs)

    return silenced


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
NOT_NODES = {
    "ctx",
    "id",
    "attr",
    "arg",
    "name",
    "asname",
    "module",
    "level",
    "type_comment",
    "kind",
    "op",
    "ops",
    "is_async",
    "conversion",
    "annotation",
    "returns",
}
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
            fields = _FIELDS[kind] = (
                () if kind is ast.Constant else tuple(f for f in kind._fields if f not in NOT_NODES)
            )
        for name in fields:
            value = getattr(node, name)
            if type(value) is list:
                stack.extend([v for v in value if isinstance(v, ast.AST)])
            elif isinstance(value, ast.AST):
                stack.append(value)
    return found


@lru_cache(maxsize=512)  # the template's example blocks recur in every fresh draft
def tree_of(code: str) -> ast.Module:
    """`ast.parse(code)`, once per text: the rules only read the trees."""
    return ast.parse(code)


PROMPT = re.compile(r"[ \t]*(?:>>>|\.\.\.)(?: |$)")


def _console(code: str) -> tuple[str, list[int]]:
    """A console session (`>>> ` and `... ` prompts) as the source it runs: prompts taken
    off, the output lines it shows blanked, line numbers kept."""
    lines, shifts = [], []
    for line in code.split("\n"):
        prompt = PROMPT.match(line)
        lines.append(line[prompt.end() :] if prompt else "")
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
        return Parsed(block, tree_of(code), shifts), None
    except (SyntaxError, ValueError, RecursionError, MemoryError) as error:
        dedented = textwrap.dedent(code)
        if dedented != code and shifts is None:
            try:
                indent = [len(a) - len(b) for a, b in zip(code.split("\n"), dedented.split("\n"))]
                return Parsed(block, tree_of(dedented), indent), None
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
    return Finding(
        block.line + lineno,
        offset + shift,
        "RFC318",
        f"python block does not parse: {message} (line {lineno} of the block)",
    )


def called_name(call: ast.Call) -> str | None:
    """The name a call calls: `f` of `f(…)` and of `obj.f(…)`, None for anything else."""
    func = call.func
    return func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else None
