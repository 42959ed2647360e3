"""Section 10's PRs against their own verification (RFC341): a PR whose 验证
(Verification), or whose 内容 (Content) where it speaks of verifying or needing, names a
PR that comes after it in the table, or one that depends on it.

The table is read as the plan family reads it (lints/plan/__init__.py): a row's PR is
what its first cell starts with, a dependency cell names PRs the table's own way, and
a name marked merged, external or in a link is something outside the plan.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rfc_template.editions import edition
from rfc_template.lint.context import Context, per_document
from rfc_template.lints.plan import DEPENDS, NAME, OUTSIDE, PLAN, _column, _key, _linked_texts, _named, _own_name

VERIFY, CONTENT = "验证", "内容"
# Where a clause of a cell ends: what is said of one PR stays in its clause.
CLAUSE = re.compile(r"[；;。]|\.(?:\s|$)")
# A clause that says the PR does not need the other (`不依赖 PR3`, `without PR3`, `before PR3`).
NOT_NEEDED = re.compile(
    r"不依赖|无需|无须|不需要?|不用|不必|独立于?|无关|之前|以前|先于|早于"
    r"|(?i:\b(?:without|independent(?:ly)?|regardless|before|no need|not need|does(?:n't| not) need|prior to)\b)"
)
# A clause that names the other PR's verification as a pattern, not a need (`同 PR3`, `same as PR3`).
AS_IN = re.compile(r"同\s*$|参照\s*$|参考\s*$|类似\s*$|如\s*$|(?i:\b(?:same as|as in|like|see)\s*$)")
# Before the name, a need or a deferral (`依赖 PR3`, `需要 PR3`, `PR3 合入后`, `随 PR5`,
# `after PR3`, `with PR5`); after it, its merging (`PR3 合入后`, `once PR3 is merged`).
NEED_BEFORE = re.compile(
    r"(?:依赖|需要|需|等待?|待|基于|随|在|到|由|与|和|跟"
    r"|(?i:\b(?:after|requires?|needs?|depends? on|once|until|with|in|by|alongside)))\s*(?:the\s*)?$"
)
NEED_AFTER = re.compile(
    r"\s*(?:(?:合入|合并|完成|落地|就绪)\s*(?:后|之后|以后)|一起|中|里|时"
    r"|(?i:(?:is |are )?(?:merged|landed|lands|ready)\b))"
)
# In a content cell, a need said outright: `依赖 PR4`, `需要 PR4`, `PR4 合入后`, `once PR4 is merged`.
NEED_SAID_BEFORE = re.compile(
    r"(?:依赖|需要|基于|(?i:\b(?:requires?|needs?|depends? on|after|once|until)))\s*(?:the\s*)?$"
)
NEED_SAID_AFTER = re.compile(r"\s*(?:(?:合入|合并|完成|落地)\s*(?:后|之后|以后)|(?i:(?:is |are )?(?:merged|landed)\b))")
# A merge still to come (`once PR4 is merged`): no sign of a PR outside the plan (OUTSIDE's
# `merged` is one already done).
TO_BE_MERGED = re.compile(
    r"(?i)\b(?:once|after|until|when)\b[^,;]*?\b(?:is |are |gets? |has been )?(?:merged|landed)\b"
)
# A clause that says the other PR covers it too, or that this one comes first (`PR4 的回归
# 也会覆盖`, `also in PR4`, `PR5 前完成`).
ALSO = re.compile(r"也会|也将|也可|也在|还会|另外|此外|(?i:\b(?:also|as well|additionally)\b)")
BEFORE_IT = re.compile(r"\s*(?:之前|以前|前)")
# A clause that shares something with the other PR rather than waiting for it.
SHARED = re.compile(r"共用|共享|复用|沿用|(?i:\b(?:shared?|reuses?|reused)\b)")
# What the other PR does for this one, or with it, that is no need of this one's
# (`为 PR4 提供`, `供 PR4 使用`, `PR4 需要的接口`).
FOR_OTHER = re.compile(r"(?:为|给|供|提供给|用于|(?i:\bfor|used by|needed by))\s*$")
OTHER_NEEDS = re.compile(r"\s*(?:使用|用到|需要|依赖|调用|(?i:uses?|needs?|calls?|relies))")
VERIFYING = re.compile(r"验证|测试|用例|联调|回归|Level\s*[01]|\bUT\b|(?i:verif\w*|test\w*|benchmark\w*)")


@dataclass(frozen=True)
class Later:
    line: int
    own: str  # the row's PR as written
    other: str  # the later PR as written
    column: str  # the column that names it, as the RFC's edition writes it
    depends: bool  # the later PR depends on this one


def _reachable(edges: dict, start) -> set:
    seen: set = set()
    todo = list(edges.get(start, ()))
    while todo:
        node = todo.pop()
        if node not in seen:
            seen.add(node)
            todo.extend(edges.get(node, ()))
    return seen


def _header(header: list[str], name: str, word: str, english: str) -> int | None:
    if name in header:
        return header.index(name)
    return next((i for i, h in enumerate(header) if word in h or english in h.lower()), None)


@per_document
def later_needs(ctx: Context) -> list[Later]:
    ed = ctx.edition
    table = ctx.doc.table_in(ed.name(PLAN))
    if table is None or not table.rows:
        return []
    first = table.line + 2
    source = ctx.uncommented_lines[first - 1 : first - 1 + len(table.rows)]
    linked = tuple(line if ("](" in line or "<" in line) else "" for line in source)
    found = _later_needs(tuple(table.header), tuple(map(tuple, table.rows)), linked, ed.language)
    return [Later(first + offset, own, other, column, depends) for offset, own, other, column, depends in found]


@lru_cache(maxsize=1024)  # the same plan recurs: the template's own, a copied RFC's
def _later_needs(
    header: tuple[str, ...], body: tuple[tuple[str, ...], ...], written: tuple[str, ...], language: str
) -> tuple[tuple[int, str, str, str, bool], ...]:
    """(row offset, own, other, column, depends) of each row verified with a later PR;
    `written` holds the rows' source lines where they have links (else "")."""
    ed = edition(language)
    header_list = list(header)
    depends = _column(header_list, ed.name(DEPENDS))
    verify = _header(header_list, ed.name(VERIFY), "验证", "verif")
    content = _header(header_list, ed.name(CONTENT), "内容", "content")
    if depends in (None, 0) or (verify is None and content is None):
        return ()
    named = [(offset, row, _own_name(row[0]) if row else None) for offset, row in enumerate(body)]
    own = {name[0]: name[1] for _, _, name in named if name}
    if not own:
        return ()
    prefixes = frozenset(prefix for prefix, _ in own)
    columns = [(c, strict) for c, strict in ((verify, False), (content, True)) if c is not None and c != depends]
    # what each row's cells say it needs, read first: most plans name no other PR there
    needs = []
    for offset, row, name in named:
        if not name:
            continue
        said = [
            (column, _needed(row[column], prefixes, strict))
            for column, strict in columns
            if column < len(row) and _may_name(row[column], prefixes)
        ]
        if any(keys for _, keys in said):
            needs.append((offset, name, said))
    if not needs and verify is None:
        return ()
    order = {name[0]: index for index, (_, _, name) in enumerate(named) if name}
    edges: dict = {}
    for offset, row, name in named:
        if name and depends < len(row):
            links = _linked_texts(written[offset]) if written[offset] else []
            edges[name[0]] = [d for _, d in _named(row[depends], set(prefixes), links) if d in own]
    found = []
    for offset, name, said in needs:
        key = name[0]
        before = _reachable(edges, key)  # what this PR depends on: merged before it
        links = _linked_texts(written[offset]) if written[offset] else []
        for column, keys in said:
            named_here = [k for k, as_written in keys if not any(t.strip() and as_written in t for t in links)]
            later = _later(named_here, key, own, order, before, edges)
            if later is not None:
                other, after_it = later
                found.append((offset, name[1], own[other], header[column], after_it))
                break  # one finding a row
    if verify is not None and content is not None:
        flagged = {offset for offset, *_ in found}
        for offset, other, after_it in _brought_later(named, verify, content, order, edges):
            if offset not in flagged:
                found.append((offset, named[offset][2][1], own[other], header[verify], after_it))
    return tuple(sorted(found))


# A verification that runs training (Level0, Level1, a training run) and names something
# only a later PR's content brings (`Level0 (PT and MS)` where the MS path is PR3's):
# the backends by any of their names, and code identifiers (`fully_shard`, `ShardedStep`).
RUNS_TRAINING = re.compile(r"(?i)level\s*[01]|训练|续训|\btrain\w*")
# Where one test of a verification cell ends (`UT（tests/torch、tests/mindspore）+ Level0（tests/torch）`).
TEST_PART = re.compile(r"\s*\+\s*|[；;。]|\.(?:\s|$)")
# A backend or an identifier said not to be part of it (`MS 不涉及`, `except MS`).
LEFT_OUT = re.compile(r"不涉及|不含|不包括|除外|不支持|排除|(?i:\b(?:except|excluding|without|not|no)\b)")
BACKEND_NAMES = {
    "MS": re.compile(r"(?i)\bms\b|mindspore"),
    "PT": re.compile(r"(?i)\bpt\b|pytorch|\btorch(?:_npu)?\b"),
}
IDENTIFIER = re.compile(r"`([^`\s]{3,})`|\b([A-Za-z]\w*_\w+|[a-z]+[A-Z]\w*|[A-Z][a-z]+[A-Z]\w*)\b")


# an option set off is not the option (`the \`fp8_all_gather=False\` cases` need no PR that brings it)
SET_OFF = re.compile(r"(?i)`?[A-Za-z_][\w.]*\s*=\s*(?:False|None|0|off|disabled)`?(?![\w.])")


def _terms(text: str, verification: bool = False) -> set[str]:
    """The backends a text names, and its code identifiers (lowercased); in a
    verification, none that it sets off."""
    if verification and "=" in text:
        text = SET_OFF.sub(" ", text)
    found = {name for name, pattern in BACKEND_NAMES.items() if pattern.search(text)}
    found.update((code or word).lower() for code, word in IDENTIFIER.findall(text))
    return found


def _brought_later(named, verify: int, content: int, order: dict, edges: dict):
    """(row offset, the later PR, whether it depends on this one) of each row whose training
    verification names a backend or identifier that no PR before it (or it depends on)
    brings, and exactly one later PR's content does."""
    rows = [(offset, row, name) for offset, row, name in named if name and max(verify, content) < len(row)]
    brings = {name[0]: _terms(row[content]) for _, row, name in rows}
    for offset, row, name in rows:
        key = name[0]
        clauses = [
            c
            for c in TEST_PART.split(row[verify])
            if RUNS_TRAINING.search(c) and not (NOT_NEEDED.search(c) or LEFT_OUT.search(c))
        ]
        wanted = set().union(*(_terms(c, verification=True) for c in clauses)) if clauses else set()
        if not wanted:
            continue
        before = _reachable(edges, key)
        had = set(brings[key]).union(*(brings[k] for k in brings if k in before or order.get(k, 0) < order[key]))
        for term in sorted(wanted - had):
            later = [k for k in brings if term in brings[k] and order.get(k, 0) > order[key] and k not in before]
            if len(later) == 1:
                yield offset, later[0], key in _reachable(edges, later[0])
                break


def _may_name(cell: str, prefixes: frozenset[str]) -> bool:
    """A quick look: the cell holds a prefix of the table's PR names at all."""
    folded = cell.lower()
    return any(prefix in folded for prefix in prefixes)


def _later(needed, key, own: dict, order: dict, before: set, edges: dict):
    """The first PR needed that comes after this one: one that depends on it, or is later
    in the table and not one it depends on; and whether it depends on it."""
    for other in needed:
        if other == key or other not in own or other in before:
            continue
        after_it = key in _reachable(edges, other)
        if after_it or order[other] > order[key]:
            return other, after_it
    return None


@lru_cache(maxsize=4096)  # the same cells recur: the template's plan, a corpus's rows
def _needed(cell: str, prefixes: frozenset[str], strict: bool) -> tuple[tuple[tuple[str, int], str], ...]:
    """The PRs (key, as written) a cell says this PR needs. In a verification cell, any PR it names
    (`UT；Level0 待 PR3 合入后`, `with PR5`); in a content cell (`strict`), one named with a
    need or a deferral beside it (`Level0 验证依赖 PR4`, `PR4 合入后启用`)."""
    found = []
    for clause in CLAUSE.split(cell):
        if not clause.strip() or OUTSIDE.search(TO_BE_MERGED.sub(" ", clause)):
            continue
        if NOT_NEEDED.search(clause) or SHARED.search(clause) or ALSO.search(clause):
            continue
        for m in NAME.finditer(clause):
            prefix, number = m.groups()
            if prefix.lower() not in prefixes:
                continue
            before, after = clause[: m.start()], clause[m.end() :]
            if AS_IN.search(before) or FOR_OTHER.search(before) or OTHER_NEEDS.match(after) or BEFORE_IT.match(after):
                continue
            said = NEED_SAID_BEFORE.search(before) or NEED_SAID_AFTER.match(after)
            deferred = (NEED_BEFORE.search(before) or NEED_AFTER.match(after)) and VERIFYING.search(clause)
            if strict and not (said or deferred):
                continue
            found.append((_key(prefix, number), m.group()))
    return tuple(found)
