"""The generated rfc.md against the seed template: every heading, row, example and diagram.

Expectations come from the seed file (tests/seed.py reads it) and from the answers
written out below, never from the template's own output.
"""

from __future__ import annotations

import itertools
import json

import pytest
from conftest import UNRENDERED
from seed import read_seed

TITLE = "Ring Attention 上下文并行"
SLUG = "ring-attention-shang-xia-wen-bing-xing"  # cookiecutter's slugify transliterates
FEATURE = "ring_attention_shang_xia_wen_bing_xing"

BACKENDS = ["PT + MS", "PT", "MS"]
# (as typed, as the RFC must list them)
MODULE_SETS = [
    ("distributed", ["distributed"]),
    ("model,checkpoint,optimizer", ["model", "checkpoint", "optimizer"]),
    ("Trainer， distributed distributed  MODEL", ["model", "distributed", "trainer"]),
]
TYPES = ["功能补全", "性能优化", "能力增强", "用户需求"]
BOTH_BACKEND_ROWS = {"PT / MS 差异", "PT / MS 对齐"}

SUPPORTED_COMBINATIONS = [
    {"backend": backend, "modules": typed, "rfc_type": rfc_type, "_expected_modules": expected}
    for backend, (typed, expected), rfc_type in itertools.product(BACKENDS, MODULE_SETS, TYPES)
]


def combination_id(combination: dict) -> str:
    return "-".join(f"{k}:{v}" for k, v in combination.items() if not k.startswith("_"))


@pytest.fixture(scope="module")
def seed():
    return read_seed()


@pytest.fixture(params=SUPPORTED_COMBINATIONS, ids=[combination_id(c) for c in SUPPORTED_COMBINATIONS])
def combination(request):
    return request.param


@pytest.fixture
def baked(bake_once, combination):
    answers = {k: v for k, v in combination.items() if not k.startswith("_")}
    return bake_once(rfc_title=TITLE, related_issue="#284", **answers)


def expected_table_rows(section: str, rows: list[list[str]], combination: dict) -> list[list[str]]:
    """The seed's rows, tailored the way the issue asks for these answers."""
    modules = combination["_expected_modules"]
    if combination["backend"] != "PT + MS":
        rows = [row for row in rows if row[0] not in BOTH_BACKEND_ROWS]
    if section == "6.5 代码改动点":
        rows = [[row[0], "xxx" if row[0] in modules else row[1], *row[2:]] for row in rows]
    return rows


def test_headings_are_the_seeds(baked, seed):
    doc = baked.document()
    assert [(h.level, h.text) for h in doc.headings] == [(1, TITLE), *seed.headings]


def test_basic_info_table_is_filled(baked, seed, combination):
    table = baked.document().table_in("1. 基本信息")
    seed_table = next(t for t in seed.tables if t.section == "1. 基本信息")
    assert table.header == seed_table.header
    filled = dict(table.rows)
    assert [row[0] for row in table.rows][: len(seed_table.rows)] == [row[0] for row in seed_table.rows]
    assert filled == {
        "作者": "张三",
        "相关模块": " / ".join(combination["_expected_modules"]),
        "相关 issue / PR": "#284",
        "适用后端": combination["backend"],
        "类型": combination["rfc_type"],
        "状态": "草稿 Draft",
        "创建日期": "2026-12-01",
    }


def test_every_seed_table_row_is_kept(baked, seed, combination):
    doc = baked.document()
    for seed_table in seed.tables:
        if seed_table.section == "1. 基本信息":
            continue
        table = doc.table_in(seed_table.section)
        assert table is not None, f"no table in {seed_table.section}"
        assert table.header == seed_table.header
        assert table.rows == expected_table_rows(seed_table.section, seed_table.rows, combination)


def test_selected_modules_are_marked(baked, combination):
    source = baked.read()
    for module in ("model", "distributed", "checkpoint", "optimizer", "trainer"):
        bold = f"| **{module}** |" in source
        assert bold == (module in combination["_expected_modules"]), module


def test_code_examples_and_diagrams_are_the_seeds(baked, seed):
    blocks = [(b.section, b.info, b.code) for b in baked.document().code_blocks]
    expected = []
    for block in seed.code:
        code = (
            block.code.replace("enable_xxx", f"enable_{FEATURE}")
            .replace("config.xxx.", f"config.{FEATURE}.")
            .replace('"是否开启本特性"', f'"是否开启「{TITLE}」"')
            .replace('"Feature Runtime"', f'"{TITLE} Runtime"')
            .replace("as Feature Runtime", f"as {TITLE} Runtime")
        )
        expected.append((block.section, block.language, code))
    assert blocks == expected


def test_diagram_files_match_rfc_md(baked):
    mermaid = [b.code for b in baked.document().code_blocks if b.info == "mermaid"]
    files = [baked.read(f"diagrams/{name}.mmd") for name in ("flowchart", "architecture", "sequence")]
    assert files == mermaid


def test_every_seed_line_is_kept_in_its_section(baked, seed, combination):
    source = baked.read()
    sections = _split_by_heading(source)
    for section, line in seed.prose:
        if line == "3. 支持 PT / MS 的 xxx 范围。" and combination["backend"] != "PT + MS":
            line = f"3. 支持 {combination['backend']} 的 xxx 范围。"
        assert line in sections[section], f"{line!r} is missing from {section}"
    for line in seed.intro:
        assert line in source


def test_chosen_background_category_is_asked_for(baked, seed, combination):
    background = _split_by_heading(baked.read())["2. 背景"]
    seed_rows = dict(next(t for t in seed.tables if t.section == "2. 背景").rows)
    assert f"本 RFC 的类型是{combination['rfc_type']}" in background
    for rfc_type, topics in seed_rows.items():
        asked = all(f"- {topic}：xxx。" in background for topic in topics.split("；"))
        assert asked == (rfc_type == combination["rfc_type"]), rfc_type


def test_no_unrendered_template_syntax(baked):
    for path in baked.project.rglob("*"):
        if path.is_file():
            assert not UNRENDERED.search(path.read_text(encoding="utf-8")), path


def test_answers_are_recorded_for_replay(baked, combination):
    recorded = json.loads(baked.read(".rfc-answers.json"))["cookiecutter"]
    assert recorded["modules"] == combination["modules"]
    assert recorded["rfc_slug"] == SLUG
    assert set(recorded) == {
        "language",
        "rfc_title",
        "rfc_slug",
        "author",
        "modules",
        "backend",
        "related_issue",
        "rfc_type",
        "date",
    }


def _split_by_heading(source: str) -> dict[str, str]:
    sections, current = {}, ""
    for line in source.splitlines():
        if line.startswith("#"):
            current = line.lstrip("#").strip()
            sections[current] = ""
        else:
            sections[current] = sections.get(current, "") + line + "\n"
    return sections


def test_every_diagram_renders_like_the_seeds(baked, seed, mermaid):
    """Mermaid in Chromium draws each diagram without error, with the seed's nodes, edges
    and labels (the seed's feature placeholders replaced by the title)."""
    generated = [b.code for b in baked.document().code_blocks if b.info == "mermaid"]
    seed_diagrams = [b.code for b in seed.code if b.language == "mermaid"]
    assert len(generated) == len(seed_diagrams) == 3
    for code, seed_code in zip(generated, seed_diagrams):
        drawn, expected = mermaid.render(code), mermaid.render(seed_code)
        assert not drawn.error and not expected.error, drawn.error or expected.error
        assert (drawn.nodes, drawn.edges) == (expected.nodes, expected.edges)
        assert drawn.labels == [_seed_label(label) for label in expected.labels]


def _seed_label(label: str) -> str:
    return {"是否开启本特性": f"是否开启「{TITLE}」", "Feature Runtime": f"{TITLE} Runtime"}.get(label, label)


def test_chinese_labels_have_a_font(mermaid):
    """Without a CJK font Chromium draws every Chinese label as empty boxes, with the
    wrong widths; fontconfig must resolve Chinese sans-serif text to a CJK face."""
    import os
    import shutil
    import subprocess

    if not shutil.which("fc-match"):
        (pytest.fail if os.environ.get("CI") else pytest.skip)("fontconfig is missing (apt-get install fonts-noto-cjk)")
    face = subprocess.run(["fc-match", "sans-serif:lang=zh-cn"], capture_output=True, text=True).stdout
    assert "CJK" in face, f"Chinese text would be drawn with {face.strip()!r}: apt-get install fonts-noto-cjk"
