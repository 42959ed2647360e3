"""What the template leaves to fill (rfc_template/lints/slots/): the placeholder and empty-cell
rules (RFC303, RFC304, RFC305, RFC308) read the columns and rows the template asks for, not the
columns an author adds (备注, Notes, 负责人) nor the rows an author adds to a form (评审人 in 1)."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rfc_template import check
from rfc_template.lints.slots import lines_holding

CORPUS = Path(__file__).resolve().parent / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"
MOE = CORPUS / "en-moe-expert-parallel" / "rfc.md"


def review(path: Path, *edits: tuple[str, str]) -> list[tuple[str, str]]:
    text = path.read_text(encoding="utf-8")
    for old, new in edits:
        assert text.count(old) == 1, old
        text = text.replace(old, new)
    return [(f.code, f.message) for f in check.check_text(text, path, check.REVIEW).findings]


def with_column(path: Path, header: str, name: str, values: list[str]) -> tuple[str, str]:
    """An edit adding a column `name` to the table whose header starts with `header`."""
    text = path.read_text(encoding="utf-8")
    lines = text[text.index(header) :].split("\n")
    rows = lines[: next(i for i, line in enumerate(lines) if not line.startswith("|"))]
    assert len(values) == len(rows) - 2
    new = [rows[0] + f" {name} |", rows[1] + " --- |", *(r + f" {v} |" for r, v in zip(rows[2:], values))]
    return "\n".join(rows) + "\n", "\n".join(new) + "\n"


@pytest.mark.parametrize("ditto", ["同上", "见上", "（同上）", "-", "待定", ""])
def test_an_authors_own_column_is_not_the_templates_to_fill(ditto):
    edit = with_column(OFFLOAD, "| 组合 | 是否验证 | 通过标准 |", "备注", ["8 卡", ditto, ditto, "2 卡"])
    assert review(OFFLOAD, edit) == []


def test_same_as_above_in_an_english_notes_column_passes():
    edit = with_column(
        MOE, "| Combination | Verified | Pass criteria |", "Notes", ["32 cards", *["Same as above"] * 3, "-", "ditto"]
    )
    assert review(MOE, edit) == []


def test_the_templates_own_columns_are_still_read():
    edit = with_column(OFFLOAD, "| 组合 | 是否验证 | 通过标准 |", "备注", ["8 卡", "同上", "同上", "2 卡"])
    old, new = edit
    new = new.replace("| 是 | offload 状态下 save，", "| 待定 | offload 状态下 save，")
    assert [code for code, _ in review(OFFLOAD, (old, new))] == ["RFC308"]


def test_a_column_of_owners_does_not_hide_a_filled_row():
    """RFC305: a row filled in every column the template gives 10 is enough, 负责人 empty."""
    edit = with_column(OFFLOAD, "| PR | 内容 | 依赖 | 验证 |", "负责人", [""] * 5)
    assert review(OFFLOAD, edit) == []


@pytest.mark.parametrize("value", ["", "待定", "同上", "TBD"])
def test_a_row_the_author_adds_to_a_form_is_the_authors(value):
    row = "| 作者 | 李明 |\n"
    assert review(OFFLOAD, (row, f"{row}| 评审人 | {value} |\n")) == []
    assert review(OFFLOAD, ("| 不支持项 |", f"| 安全影响 | {value} |\n| 不支持项 |")) == []


def test_the_rows_of_a_form_are_still_read():
    found = review(
        OFFLOAD,
        ("| 不支持项 | MS 静态图（GRAPH_MODE / jit）下的 optimizer；", "| 不支持项 | 待定 |\n| 旧不支持项 | x；"),
    )
    assert [code for code, _ in found] == ["RFC308"]


def test_a_ditto_naming_a_lists_item_as_the_one_above_passes():
    """9.3's scenario written 同上: the same scenario, another metric (a merged cell)."""
    row = next(
        line
        for line in OFFLOAD.read_text(encoding="utf-8").splitlines()
        if line.startswith("| PT，同上，保持全量重计算")
    )
    assert review(OFFLOAD, (row, row.replace("| PT，同上，保持全量重计算 |", "| 同上 |"))) == []


def test_a_ditto_under_a_real_value_repeats_it():
    """同上 in a value column right under a real value is that value, as a reader takes it."""
    assert review(OFFLOAD, ("| 9.2、9.3 的通过标准全部满足 |", "| 同上 |")) == []


def test_a_ditto_under_a_placeholder_is_still_one():
    text = OFFLOAD.read_text(encoding="utf-8")
    row = next(line for line in text.splitlines() if line.endswith("| 9.2、9.3 的通过标准全部满足 |"))
    above = text.splitlines()[text.splitlines().index(row) - 1]
    cells = above.split("|")
    cells[-2] = " 待定 "
    found = review(
        OFFLOAD,
        (above + "\n" + row, "|".join(cells) + "\n" + row.replace("| 9.2、9.3 的通过标准全部满足 |", "| 同上 |")),
    )
    assert [code for code, _ in found] == ["RFC308", "RFC308"]


def test_a_ditto_in_the_first_row_is_still_a_placeholder():
    row = next(
        line for line in OFFLOAD.read_text(encoding="utf-8").splitlines() if line.startswith("| PT，Llama2-13B，8×A100")
    )
    found = review(OFFLOAD, (row, "| 同上 |" + row.split("|", 2)[2]))
    assert [code for code, _ in found] == ["RFC308"]


class _Lines:
    """As much of a Context as lines_holding reads."""

    def __init__(self, lines: list[str]) -> None:
        self.visible_lines, self._shared = lines, {}


@given(
    st.lists(st.text(alphabet="ab：支持\n |", max_size=12).map(lambda s: s.replace("\n", "")), max_size=12),
    st.sampled_from(["a", "ab", "支持", "：", "b|"]),
    st.integers(0, 14),
    st.integers(0, 14),
)
def test_lines_holding_finds_what_reading_each_line_finds(lines, needle, start, end):
    """The slot rules' str.find over the visible text (RFC302, RFC308) against the plain
    reading: every line of the span, in order, that holds the needle."""
    expected = [(n, lines[n - 1]) for n in range(max(start, 1), min(end, len(lines) + 1)) if needle in lines[n - 1]]
    assert list(lines_holding(_Lines(lines), needle, start, end)) == expected  # type: ignore[arg-type]
