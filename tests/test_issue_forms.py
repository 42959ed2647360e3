"""`rfc issue-form`: the RFC issue forms, judged by the forges' schemas and by the seed.

GitHub's schema is the one check-jsonschema ships (`vendor.github-issue-forms`); GitCode's
documented keys are rfc_template/issues/gitcode-issue-forms.schema.json, itself checked
here against the examples of GitCode's page. What the forms hold is compared with the
seed file (tests/seed.py) and cookiecutter.json, never with the code's own output.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import yaml
from reader import read
from seed import read_seed

PROJECT = Path(__file__).resolve().parents[1]
GITCODE_SCHEMA = PROJECT / "rfc_template" / "issues" / "gitcode-issue-forms.schema.json"
FORGES = {"github": ".github/ISSUE_TEMPLATE/rfc.yml", "gitcode": ".gitcode/ISSUE_TEMPLATE/rfc.yml"}
LANGUAGES = ("zh", "en")
SLOT = "xxx"  # the form knows no title or feature name yet: the template's slot stands for them


def rfc(*args: str, cwd: Path = PROJECT, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rfc_template", *args], cwd=cwd, capture_output=True, text=True, timeout=120, **kwargs
    )


def check_jsonschema(*args: str | Path) -> subprocess.CompletedProcess:
    validator = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or "check-jsonschema"
    return subprocess.run([validator, *map(str, args)], capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def repo(tmp_path_factory) -> Path:
    """A repository with every form written by `rfc issue-form` (both editions, under their own names)."""
    root = tmp_path_factory.mktemp("forms")
    for forge, path in FORGES.items():
        done = rfc("issue-form", "--forge", forge, cwd=root)  # the default edition, at the forge's own path
        assert done.returncode == 0, done.stderr
        assert (root / path).is_file(), done.stderr
        for language in LANGUAGES:
            done = rfc(
                "issue-form", "--forge", forge, "--language", language, "-o", f"{forge}-{language}.yml", cwd=root
            )
            assert done.returncode == 0, done.stderr
    return root


def form(repo: Path, forge: str, language: str) -> dict:
    return yaml.safe_load((repo / f"{forge}-{language}.yml").read_text(encoding="utf-8"))


def fields(spec: dict, kind: str | None = None) -> list[dict]:
    return [element for element in spec["body"] if kind is None or element["type"] == kind]


# --- the forges' schemas ------------------------------------------------------------------


def test_github_forms_pass_githubs_issue_forms_schema(repo):
    paths = [repo / FORGES["github"], *(repo / f"github-{language}.yml" for language in LANGUAGES)]
    done = check_jsonschema("--builtin-schema", "vendor.github-issue-forms", *paths)
    assert done.returncode == 0, done.stdout + done.stderr


def test_githubs_schema_rejects_a_broken_form(repo, tmp_path):
    # A negative control: the schema is really applied (a dropdown with no options is refused).
    spec = form(repo, "github", "zh")
    next(e for e in spec["body"] if e["type"] == "dropdown")["attributes"]["options"] = []
    broken = tmp_path / "broken.yml"
    broken.write_text(yaml.safe_dump(spec, allow_unicode=True), encoding="utf-8")
    done = check_jsonschema("--builtin-schema", "vendor.github-issue-forms", broken)
    assert done.returncode == 1, done.stdout


def test_gitcode_forms_pass_gitcodes_documented_keys(repo):
    paths = [repo / FORGES["gitcode"], *(repo / f"gitcode-{language}.yml" for language in LANGUAGES)]
    done = check_jsonschema("--schemafile", GITCODE_SCHEMA, *paths)
    assert done.returncode == 0, done.stdout + done.stderr


# The examples of https://docs.gitcode.com/docs/repo/issues/yaml-syntax, one per element
# type, as the page writes them (its first example's `- label:` dropdown options
# contradict its own table, which says an array of strings; the table is followed).
GITCODE_DOC_EXAMPLES = """\
name: Bug Report
description: 使用此模板来报告软件中的 bug。
title: "[BUG] Specific Issue Name"
labels: ["bug"]
assignees:
  - username1
  - username2
body:
- type: markdown
  attributes:
    value: "## 感谢您对我们项目的反馈，这将使我们更加优秀"
- type: input
  id: input
  attributes:
    label: Bug 发生频率
    description: "您大概多久遇到一次此类 bug?"
    placeholder: "例如：当我访问登录页面时大概两天一次"
  validations:
    required: true
- type: textarea
  id: repro
  attributes:
    label: 复现步骤
    description: "你如何触发这个bug？请一步一步地的带着我们复现它。"
    value: |
      1.
      2.
      3.
      ...
    render: bash
  validations:
    required: true
- type: checkboxes
  id: operating-systems
  attributes:
    label: 你所使用的操作系统是?
    description: 最少选择一个.
    options:
      - label: macOS
      - label: Windows
      - label: Linux
- type: dropdown
  id: download
  attributes:
    label: 你从哪里获知这个软件的?
    options:
      - GitCode
      - CSDN
      - Github
    default: 0
  validations:
    required: true
"""


def test_gitcode_schema_accepts_gitcodes_own_examples(tmp_path):
    example = tmp_path / "example.yml"
    example.write_text(GITCODE_DOC_EXAMPLES, encoding="utf-8")
    done = check_jsonschema("--schemafile", GITCODE_SCHEMA, example)
    assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize(
    "change",
    [
        ("projects:\n  - octo-org/1\n", "a GitHub-only top-level key"),
        ("body:\n- type: slider\n  attributes:\n    label: x\n", "an element type GitCode does not have"),
    ],
    ids=["projects", "unknown-type"],
)
def test_gitcode_schema_refuses_keys_gitcode_does_not_document(tmp_path, change):
    text, _ = change
    example = tmp_path / "example.yml"
    base = GITCODE_DOC_EXAMPLES.split("body:\n")[0]
    example.write_text(
        base + text + ("" if text.startswith("body") else "body:\n- type: markdown\n  attributes:\n    value: x\n"),
        encoding="utf-8",
    )
    done = check_jsonschema("--schemafile", GITCODE_SCHEMA, example)
    assert done.returncode == 1, done.stdout


# --- what the form holds: the seed, and cookiecutter.json's choices --------------------------


@pytest.fixture(scope="module")
def seed():
    return read_seed()


def sections_of(spec: dict) -> dict[str, str]:
    return {element["attributes"]["label"]: element["attributes"]["value"] for element in fields(spec, "textarea")}


def test_each_section_of_the_seed_is_a_textarea_labelled_with_its_heading(repo, seed):
    labels = list(sections_of(form(repo, "github", "zh")))
    assert labels == [text for level, text in seed.headings if level == 2][1:]
    subsections = [text for level, text in seed.headings if level == 3]
    joined = "\n".join(sections_of(form(repo, "github", "zh")).values())
    assert [line[4:] for line in joined.splitlines() if line.startswith("### ")] == subsections


def section_of(seed_section: str, seed) -> str:
    """The level-2 section a seed section (`6.5 代码改动点`) belongs to (`6. 方案设计`)."""
    number = seed_section.split(" ")[0].split(".")[0]
    return next(text for level, text in seed.headings if level == 2 and text.startswith(f"{number}. "))


def test_every_seed_table_is_in_its_sections_textarea(repo, seed):
    sections = sections_of(form(repo, "github", "zh"))
    for table in seed.tables:
        if table.section == "1. 基本信息":
            continue
        outline = read(f"## {table.section}\n\n" + sections[section_of(table.section, seed)])
        wanted = [table.header, *table.rows]
        assert wanted in outline.tables, f"the seed's table in {table.section} is not in the form:\n{wanted}"


def test_every_seed_example_and_diagram_is_in_its_sections_textarea(repo, seed):
    sections = sections_of(form(repo, "github", "zh"))
    for block in seed.code:
        code = block.code.replace('"是否开启本特性"', f'"是否开启「{SLOT}」"').replace(
            '"Feature Runtime"', f'"{SLOT} Runtime"'
        )
        code = code.replace("as Feature Runtime", f"as {SLOT} Runtime")
        outline = read(sections[section_of(block.section, seed)])
        assert (block.language, code) in outline.code, f"{block.section}: {code[:60]!r}"


def test_every_seed_line_is_in_its_sections_textarea_and_the_intro_above(repo, seed):
    spec = form(repo, "github", "zh")
    sections = sections_of(spec)
    for section, line in seed.prose:
        if section == "1. 基本信息":
            continue
        assert line in sections[section_of(section, seed)], f"{line!r} is missing from {section}"
    intro = fields(spec, "markdown")[0]["attributes"]["value"]
    for line in seed.intro:
        assert line in intro


def test_the_basic_info_is_asked_with_cookiecutter_jsons_choices(repo):
    context = json.loads((PROJECT / "cookiecutter.json").read_text(encoding="utf-8"))
    for language in LANGUAGES:
        spec = form(repo, "github", language)
        dropdowns = {e["id"]: e["attributes"] for e in fields(spec, "dropdown")}
        assert dropdowns["modules"]["options"] == context["_modules"] and dropdowns["modules"]["multiple"] is True
        assert dropdowns["backend"]["options"] == context["backend"]
        types = context["rfc_type"] if language == "zh" else [context["_en_labels"][t] for t in context["rfc_type"]]
        assert dropdowns["rfc-type"]["options"] == types
        assert [e["id"] for e in fields(spec, "input")] == ["author", "feedback-period"]


def test_the_framework_forms_title_label_review_note_and_checkbox_are_kept(repo):
    for forge in FORGES:
        for language in LANGUAGES:
            spec = form(repo, forge, language)
            assert spec["title"] == "[RFC]: " and spec["labels"] == ["RFC"]
            assert "biweekly RFC review" in fields(spec, "markdown")[0]["attributes"]["value"]
            feedback = next(e for e in fields(spec) if e.get("id") == "feedback-period")["attributes"]
            assert ("一周" if language == "zh" else "one week") in feedback["description"]
            (checkbox,) = fields(spec, "checkboxes")
            assert checkbox["attributes"]["options"][0]["required"] is True


def test_both_editions_and_both_forges_have_the_same_fields(repo):
    ids = {
        (forge, language): [e.get("id") for e in form(repo, forge, language)["body"]]
        for forge in FORGES
        for language in LANGUAGES
    }
    assert len({tuple(found) for found in ids.values()}) == 1, ids
    english = [e["attributes"]["label"] for e in fields(form(repo, "github", "en"), "textarea")]
    assert english[0] == "2. Background" and english[-1] == "10. Implementation plan"


# --- the command ----------------------------------------------------------------------------


def test_check_says_whether_the_form_is_up_to_date(tmp_path):
    assert rfc("issue-form", "--check", cwd=tmp_path).returncode == 1  # missing
    assert rfc("issue-form", cwd=tmp_path).returncode == 0
    assert rfc("issue-form", "--check", cwd=tmp_path).returncode == 0
    path = tmp_path / FORGES["github"]
    path.write_text(path.read_text(encoding="utf-8").replace("2. 背景", "2. Background"), encoding="utf-8")
    done = rfc("issue-form", "--check", cwd=tmp_path)
    assert done.returncode == 1 and "differs from the template's form" in done.stderr
    assert rfc("issue-form", cwd=tmp_path).returncode == 0  # its own file: rewritten
    assert rfc("issue-form", "--check", cwd=tmp_path).returncode == 0


def test_a_form_someone_wrote_is_never_overwritten(tmp_path):
    path = tmp_path / FORGES["gitcode"]
    path.parent.mkdir(parents=True)
    path.write_text("name: our own RFC form\n", encoding="utf-8")
    done = rfc("issue-form", "--forge", "gitcode", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert str(Path(FORGES["gitcode"])) in done.stderr and "not written by rfc issue-form" in done.stderr
    assert path.read_text(encoding="utf-8") == "name: our own RFC form\n"
    assert sorted(p.name for p in path.parent.iterdir()) == ["rfc.yml"]  # no temporary file left


def test_the_form_goes_to_standard_output(tmp_path):
    done = rfc("issue-form", "--language", "en", "-o", "-", cwd=tmp_path)
    assert done.returncode == 0 and yaml.safe_load(done.stdout)["name"] == "Feature RFC"
    assert not any(tmp_path.iterdir())
