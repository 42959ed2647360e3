"""One source for each rule: cookiecutter.json, the template and the seed agree."""

from __future__ import annotations

from pathlib import Path

import pytest
from seed import read_seed

from rfc_template import answers, structure
from rfc_template.jinja import markdown_text, mermaid_text
from rfc_template.template import load_context, load_rules, template_dir


@pytest.fixture(scope="module")
def seed():
    return read_seed()


def seed_rows(seed, section):
    return next(t for t in seed.tables if t.section == section).rows


def test_required_sections_are_the_seeds_headings(seed):
    assert [(h.level, h.text) for h in structure.required_sections()] == seed.headings


def test_allowed_values_are_the_seeds(seed):
    rules = load_rules()
    basic_info = dict(seed_rows(seed, "1. 基本信息"))
    assert " / ".join(rules.modules) == basic_info["相关模块"]
    assert set(rules.backends) == set(basic_info["适用后端"].split(" / "))
    assert rules.rfc_types == tuple(row[0] for row in seed_rows(seed, "2. 背景"))
    assert [row[0] for row in seed_rows(seed, "6.5 代码改动点")] == list(rules.modules)


def test_every_prompt_and_choice_is_labelled():
    context = load_context()
    prompts = context["__prompts__"]
    assert set(prompts) == set(answers.ANSWER_NAMES)
    for name in ("backend", "rfc_type"):
        assert set(prompts[name]) - {"__prompt__"} == set(context[name])
    for module in load_rules().modules:
        assert module in prompts["modules"]


def test_docs_explain_the_template_with_the_seeds_words(seed):
    readme = (Path(__file__).resolve().parents[1] / "docs" / "template.md").read_text(encoding="utf-8")
    for line in seed.preamble:
        assert line.lstrip("• ") in readme, line


@pytest.mark.parametrize(
    "typed, canonical",
    [
        ("distributed", ["distributed"]),
        ("Checkpoint， DISTRIBUTED", ["distributed", "checkpoint"]),
        ("trainer model trainer,model", ["model", "trainer"]),
    ],
)
def test_modules_are_normalised(typed, canonical):
    assert answers.canonical_modules(typed) == canonical
    assert answers.modules_problems(typed, load_rules()) == []


@pytest.mark.parametrize("slug", ["ring-attention", "fsdp2", "a", "2d-parallel"])
def test_safe_slugs(slug):
    assert answers.slug_problems(slug) == []


@pytest.mark.parametrize("slug", ["", "..", ".", "a/b", "a\\b", "-a", "a-", "A", "a b", "c:", "a" * 101, "é"])
def test_unsafe_slugs(slug):
    assert answers.slug_problems(slug)


@pytest.mark.parametrize(
    "issue",
    [
        "",
        "#1",
        "!42",
        "https://gitcode.com/mindspore/hyper-parallel/issues/284",
        "mindspore/hyper-parallel#2790",  # another repository's, as GitHub links it (held-back round 23)
        "mindspore/hyper-parallel!17",
        "mindspore/ai-infra/hyper-parallel#284",  # a subgroup's (GitLab, Gitee)
    ],
)
def test_issue_links(issue):
    assert answers.issue_problems(issue) == []


@pytest.mark.parametrize("issue", ["issue", "301", "a/b#0", "a b/c#1", "../x#1", "owner/repo#", "#1<script>"])
def test_not_issue_links(issue):
    assert answers.issue_problems(issue)


def test_error_messages_show_values_printably():
    assert answers.show("a\nb\ud800") == "'a\\nb\\ud800'"
    assert answers.show("张" * 100).endswith("…'")


def test_markdown_text_escapes_what_markdown_would_read():
    assert markdown_text("a|b *c* <d> {{e}}") == "a\\|b \\*c\\* \\<d\\> \\{\\{e\\}\\}"


def test_mermaid_text_uses_entities():
    assert mermaid_text('a"b#c') == "a#quot;b#35;c"


def test_template_is_found_where_the_package_says():
    assert (template_dir() / "cookiecutter.json").is_file()
    assert structure.rfc_template_path().is_file()


def test_sections_named_by_check_rules_are_the_templates(seed):
    from rfc_template.lints import consistency, model, slots

    required = {h.text for h in structure.required_sections()}
    named = {model.PARAMETERS, model.CHANGES, model.PLAN, *slots.NEEDS_REAL_ROW, consistency.PERFORMANCE[1]}
    named |= {section for section, _ in consistency.BOTH_BACKEND_ROWS}
    assert named <= required
    for section, row in consistency.BOTH_BACKEND_ROWS:
        assert row in [r[0] for r in seed_rows(seed, section)]
    assert set(structure.diagram_sections().values()) <= required


def test_the_kept_seed_is_the_shared_original():
    from seed import DEFAULT_SEED, SHARED_SEED

    if not SHARED_SEED.is_file():
        pytest.skip(
            f"no shared original at {SHARED_SEED} to compare tests/seed/ with (only in the developers' workspace)"
        )
    assert DEFAULT_SEED.read_bytes() == SHARED_SEED.read_bytes(), (
        "tests/seed/ differs from ../shared/seed/: copy it over"
    )
