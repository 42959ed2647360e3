"""5.2's code as RFC320 and RFC326 read it: its calls, its imports, the names it binds."""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from rfc_template.lints.code.parsing import Parsed, nodes


@dataclass
class ExampleCode:
    """5.2's code: its calls, where each name it imports comes from, what it binds itself."""

    imported: dict[str, str] = field(default_factory=dict)  # local name -> module it is imported from
    original: dict[str, str] = field(default_factory=dict)  # local name -> the name `from` imported it as
    bound: set[str] = field(default_factory=set)  # defined or assigned in the example
    calls: list[tuple[Parsed, ast.Call]] = field(default_factory=list)  # in the order they are written
    called: set[str] = field(default_factory=set)  # the names it calls, as imported (RFC320 fills it)

    @cached_property
    def modules(self) -> dict[str, str]:
        """local name -> module imported as a whole (`import torch.distributed as dist`)."""
        return {local: module for local, module in self.imported.items() if local not in self.original}

    @cached_property
    def names(self) -> dict[str, tuple[str, str]]:
        """local name -> (module, name) of each `from module import name` (absolute ones)."""
        return {
            local: (module, self.original[local])
            for local, module in self.imported.items()
            if local in self.original and module and not module.startswith(".")
        }


def example_code(blocks: list[Parsed]) -> ExampleCode:
    found = ExampleCode()
    order: list[tuple[int, int, int, int]] = []
    for number, parsed in enumerate(blocks):
        # by exact type, not isinstance: this walks every node of every block (Any: the
        # narrowing mypy does for isinstance is not done for `type(node) is`)
        node: Any
        for node in nodes(parsed.tree):
            kind = type(node)
            if kind is ast.Call:
                order.append((number, node.lineno, node.col_offset, len(order)))
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
                    found.original.pop(local, None)
            elif kind is ast.ImportFrom:
                for alias in node.names:
                    local = alias.asname or alias.name
                    found.imported[local] = "." * node.level + (node.module or "")
                    found.original[local] = alias.name
    found.calls = [found.calls[o[-1]] for o in sorted(order)]  # nodes() walks in its own order
    return found
