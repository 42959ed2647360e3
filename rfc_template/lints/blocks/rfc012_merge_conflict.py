from __future__ import annotations

from rfc_template.findings import Finding
from rfc_template.lint.context import Conflict, Context
from rfc_template.lint.rule import DRAFT, edit, rule

CODE = "RFC012"

FSDP_ROW = "| FSDP | 弱 | fully_shard、hsdp 已合入（PT、MS） | 不开 FSDP 时按本地完整状态 offload，功能可用，只是单卡状态更大 |\n"
MINIMUM = "本期最小可交付能力：PT 后端 fully_shard / hsdp 下 AdamW 状态全量 offload 并能 save / load；"


@rule(
    CODE,
    "merge-conflict",
    DRAFT,
    fails=(
        # what cruft update leaves ("Applied patch to rfc.md with conflicts"): git apply -3
        edit(FSDP_ROW, f"<<<<<<< ours\n{FSDP_ROW}=======\n| FSDP | 强 / 弱 / 不涉及 | xxx | xxx |\n>>>>>>> theirs\n"),
        # git merge with merge.conflictStyle=diff3, the base between the two sides
        edit(
            MINIMUM,
            f"<<<<<<< HEAD\n{MINIMUM}\n||||||| base\n本期最小可交付能力：xxx\n=======\n"
            "本期最小可交付能力：PT 后端 AdamW 状态全量 offload。\n>>>>>>> offload-pt-only\n",
        ),
        # the end of a conflict deleted, its start left
        edit(MINIMUM, f"<<<<<<< ours\n{MINIMUM}"),
    ),
    passes=(
        # conflict markers shown in a text block: an example, not a conflict
        edit(
            "### 6.5 代码改动点\n",
            "两个 rank 各自写过同一份元数据时，合并工具给出的冲突与 git 的写法相同：\n\n"
            "```text\n<<<<<<< rank0\nstep: 1200\n=======\nstep: 1180\n>>>>>>> rank1\n```\n\n"
            "### 6.5 代码改动点\n",
        ),
        # the markers named in the text
        edit(
            "### 6.6 方案取舍\n",
            "合入前用 `git diff --check` 确认没有残留的 `<<<<<<<`、`=======`、`>>>>>>>` 标记。\n\n### 6.6 方案取舍\n",
        ),
    ),
)
def merge_conflict(ctx: Context) -> list[Finding]:
    """merge-conflict markers (<<<<<<<, =======, >>>>>>>) are left in the RFC

    ## What it checks
    Merge conflicts as git writes them, by `cruft update` ("Applied patch to rfc.md with
    conflicts", which is `git apply -3`), `git merge`, `rebase` or `stash pop`: a line
    `<<<<<<<`, alone or with a space and a label (`<<<<<<< ours`, `<<<<<<< HEAD`), up to
    the `>>>>>>>` line that closes it, with its `=======` and, in diff3 style, its
    `|||||||` base between. One finding per conflict, at its `<<<<<<<` line, naming the
    lines of each side. A `<<<<<<<` never closed is reported too. A `=======`, `|||||||`
    or `>>>>>>>` with no `<<<<<<<` before it is none: a `=======` under a line is a setext
    heading, `>>>>>>> text` a quote. Markers count in comments and in `python` and
    `mermaid` blocks, the template's own, which cruft updates; in any other fenced block
    (`text`, `diff`, `console`, no language) a `<<<<<<<` and the markers after it, up to
    the closing fence, are an example shown, not reported.

    The other rules read the RFC with each conflict resolved to its first side, ours
    (under cruft update the author's own text): markers, base and second side removed,
    their findings at the lines of the file. So a conflict is reported once, here, and
    not as what its markers do to the Markdown (a `=======` makes the line above it a
    heading, a marker line ends a table). `rfc check --fix` rewrites nothing while an RFC
    has conflicts. A waiver of this rule goes on the line above the `<<<<<<<`.

    ## Why a reviewer cares
    A forge draws the markers as text, headings and broken tables, with both sides: the
    template's new text stands beside the author's as if both were meant, and cruft's one
    line about it has long scrolled by. Which side is meant only the author can say.
    """
    return [Finding(conflict.line, 1, CODE, message(conflict)) for conflict in ctx.conflicts]


def message(conflict: Conflict) -> str:
    first = _label(conflict.opening, "the first side")
    if not conflict.closed:
        many = "s" if len(conflict.markers) > 1 else ""
        markers = ", ".join(str(n) for n in conflict.markers)
        return (
            f"merge-conflict marker '{conflict.opening.strip()}' has no >>>>>>> line closing it: finish "
            f"resolving that conflict and delete its marker line{many} (line{many} {markers})"
        )
    if conflict.separator is None:
        return (
            f"merge-conflict markers are left in at lines {conflict.line}-{conflict.end}, with no ======= "
            "between them: keep what is meant between them and delete the lines <<<<<<< and >>>>>>>"
        )
    second = _label(conflict.closing, "the second side")
    base = f"the base ({_lines(range(conflict.base + 1, conflict.separator))}) and " if conflict.base else ""
    markers = "<<<<<<<, |||||||, ======= and >>>>>>>" if conflict.base else "<<<<<<<, ======= and >>>>>>>"
    return (
        f"merge conflict left in at lines {conflict.line}-{conflict.end}: keep {first} ({_lines(conflict.ours)}) "
        f"or {second} ({_lines(conflict.theirs)}), or combine the two, then delete {base}the lines {markers}; "
        f"until then the other rules read {first}"
    )


def _label(marker: str, otherwise: str) -> str:
    label = marker[8:].strip()
    return f"'{label}'" if label else otherwise


def _lines(lines: range) -> str:
    if not lines:
        return "empty"
    return f"line {lines.start}" if len(lines) == 1 else f"lines {lines.start}-{lines.stop - 1}"
