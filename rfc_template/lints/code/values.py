"""A default as 5.1's table writes it, against the default in 5.1's signature: the value
a cell starts with (`1.0（全部）`, `256 MB`, `无`), and whether the two agree as values."""

from __future__ import annotations

import ast
import re

# What a table writes for "no default": 无, -, 必填 (required), none (positional), N/A.
NO_DEFAULT = re.compile(
    r"(?i)^(?:无|没有|-+|—+|必填|必选|必须|required|mandatory|none|null|n/?a|no default)"
    r"(?:$|[\s(（,，;；:：。.])"
)
# where a default written in a cell may end and its explanation start: `1.0（全部）`,
# `None (all ranks)`, `256 MB`
EXPLANATION = re.compile(r"[\s（(；;，,:：。\u3000-\u30ff\u4e00-\u9fff\uff00-\uffef]")


def written_value(written: str) -> tuple[ast.expr | None, bool]:
    """The Python expression a table's default cell starts with, if it is one a default
    can be (a literal, a name, `a.b`, a tuple of those), None for prose; and whether it
    is all the value: not when a word follows it (`1 GB`, `30 秒`: a unit)."""
    text = joined_thousands(written.strip().strip("`").strip())
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


def joined_thousands(text: str) -> str:
    """`text` with the number it starts with written whole: `131,072`, `131,072（128K）`,
    `131,072 tokens`, `131 072` are 131072 (no tuple, no two numbers)."""
    return THOUSANDS.sub(lambda m: re.sub(r"[,\u2009\u202f ]", "", m.group()), text, count=1)


# (one separator throughout: a comma, a space, a thin or a narrow no-break space)
THOUSANDS = re.compile(r"^[-+]?\d{1,3}([,\u2009\u202f ])\d{3}(?:\1\d{3})*(?:\.\d+)?(?=$|\s|[（(；;，:：。—–、])")
ASIDE = "（(；;，,:：。-—–、"  # what starts an explanation after a value, not a unit


def _simple(node: ast.AST) -> bool:
    if isinstance(node, (ast.Constant, ast.Name)):
        return True
    if isinstance(node, ast.Attribute):
        return _simple(node.value)
    if isinstance(node, ast.UnaryOp):
        return isinstance(node.operand, ast.Constant)
    if isinstance(node, ast.BinOp):  # 1 << 20, 256 * 1024
        return (
            isinstance(node.left, (ast.Constant, ast.BinOp))
            and isinstance(node.right, ast.Constant)
            and _simple(node.left)
        )
    if isinstance(node, (ast.Tuple, ast.List, ast.Set)):
        return all(_simple(e) for e in node.elts)
    if isinstance(node, ast.Dict):
        return all(k is not None and _simple(k) and _simple(v) for k, v in zip(node.keys, node.values))
    return False


def agree(written: str, default: ast.expr | None) -> bool | None:
    """Whether the table's default agrees with the code's: True, False, or None when the
    table writes prose that cannot be compared."""
    if NO_DEFAULT.match(written.strip().strip("`")):
        # `无` / `none` for no default, and also for a default of None
        return default is None or (isinstance(default, ast.Constant) and default.value is None)
    value, whole = written_value(written)
    if value is None:
        return None
    if default is None:  # a required parameter: a value in the table says otherwise (a word may be prose)
        written_literal = literal(value)
        agreed = None if written_literal is NOT_LITERAL else written_literal is None
    elif not _simple(default):
        return None  # a call, a lambda: the table can only describe it
    else:
        agreed = same(value, default)
    return agreed if agreed or whole else None  # `1 GB` for 1 << 30: the unit may make them one


WORDS = {"none": None, "null": None, "true": True, "false": False}


def same(written: ast.expr, code: ast.expr) -> bool | None:
    """Equal as values: 1e-3 and 0.001, "a" and 'a', a tuple written as a list; a bare
    word for a string (`alltoall` for "alltoall"), `true` for True, `MEAN` for
    `Reduction.MEAN`. True is not 1. None where the two cannot be compared: a word of
    prose (`auto`) for a default of None or a number."""
    a, b = literal(written), literal(code)
    if a is not NOT_LITERAL and b is not NOT_LITERAL:
        return _equal(a, b)
    if isinstance(written, ast.Name) and isinstance(code, ast.Constant):
        word = written.id
        if isinstance(code.value, str):
            return word == code.value
        return _equal(WORDS[word.lower()], code.value) if word.lower() in WORDS else None
    if _dotted(written) and _dotted(code):
        short, long = sorted((_dotted(written), _dotted(code)), key=len)
        return long[len(long) - len(short) :] == short  # `float32` for `torch.float32`
    if isinstance(written, (ast.Tuple, ast.List)) and isinstance(code, (ast.Tuple, ast.List)):
        return ast.dump(_as_tuple(written)) == ast.dump(_as_tuple(code))
    return None


NOT_LITERAL = object()
ARITHMETIC = {
    ast.Add: lambda a, b: a + b,
    ast.Sub: lambda a, b: a - b,
    ast.Mult: lambda a, b: a * b,
    ast.Div: lambda a, b: a / b,
    ast.FloorDiv: lambda a, b: a // b,
    ast.LShift: lambda a, b: a << b if 0 <= b <= 64 else NOT_LITERAL,
    ast.Pow: lambda a, b: a**b if 0 <= b <= 64 and abs(a) <= 1 << 16 else NOT_LITERAL,
}


def literal(node: ast.expr):
    """The value of a literal, also of sizes written as arithmetic (`256 * 1024`, `1 << 20`,
    `2 ** 30`); NOT_LITERAL for anything else."""
    if isinstance(node, ast.BinOp) and type(node.op) in ARITHMETIC:
        a, b = literal(node.left), literal(node.right)
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
