"""Generation under attack: whatever is typed, the RFC shows it as typed or is refused cleanly.

Every example goes through both `cookiecutter --no-input` and `rfc new`. An accepted
value must appear in rfc.md exactly as typed wherever it is shown as text (read back
from mistune's HTML, see reader.py), add or break no heading, table row or diagram node
(compared with the same answers and a plain title), pass `rfc check --stage draft`, and
every diagram must still render in Mermaid. A refusal must name a field the user set,
exit non-zero without a traceback, and leave the output directory as it was.
"""

from __future__ import annotations

import itertools
import json
import re
from pathlib import Path

import pytest
import strategies as s
from figures import FIGURES
from generation import COOKIECUTTER, Outcome, fresh_dir, snapshot, with_cookiecutter, with_rfc_new
from hypothesis import given
from hypothesis import strategies as st
from reader import read

from rfc_template import check
from rfc_template.answers import ANSWER_NAMES
from rfc_template.generate import NEW_OPTIONS
from rfc_template.template import load_context, load_rules

BASE = {"author": "张三", "date": "2026-12-01"}
PLAIN_TITLE, PLAIN_AUTHOR = "PLAINTITLE", "PLAINAUTHOR"
ESCAPE_PROBE = Path("/tmp/rfc-escape-probe")
# a problem line names the variable (cookiecutter) or the option (`rfc new`: --slug)
PROBLEM_LINE = re.compile(r"^\s*- (?:--)?([a-z_-]+|output directory)\b", re.M)
_counter = itertools.count()
CHOICE_VARIABLES = {
    name for name, default in load_context().items() if isinstance(default, list) and not name.startswith("_")
}


@pytest.fixture(scope="module")
def workspace(tmp_path_factory):
    return tmp_path_factory.mktemp("hostile")


def new_dir(workspace: Path) -> Path:
    return fresh_dir(workspace, f"out{next(_counter)}")


# --- what success and refusal must look like -------------------------------------------


def project_of(outcome: Outcome) -> Path:
    (project,) = [p for p in outcome.output_dir.iterdir()]
    return project


def assert_refused_cleanly(outcome: Outcome, overridden: set[str], before: list[str]) -> None:
    where = outcome.describe()
    assert outcome.exit_code != 0 and not outcome.traceback, where
    assert "Traceback" not in outcome.output, where
    named = {NEW_OPTIONS.get(name, name) for name in PROBLEM_LINE.findall(outcome.output)}
    allowed = overridden | ({"rfc_slug"} if "rfc_title" in overridden else set())
    assert named and named <= allowed, f"the refusal must name a field that was set ({sorted(allowed)}): {where}"
    assert snapshot(outcome.output_dir) == before, f"a refusal left files behind: {where}"
    assert not ESCAPE_PROBE.exists(), f"something was created outside the output directory: {where}"
    FIGURES["refused"] += 1


def assert_shown_as_typed(outcome: Outcome, values: dict, plain: Outcome, mermaid) -> None:
    """The accepted RFC against one generated with the same answers but a plain title and author."""
    where = outcome.describe()
    assert outcome.ok, where
    project, plain_project = project_of(outcome), project_of(plain)
    text = (project / "rfc.md").read_text(encoding="utf-8")

    checked = check.check_text(text, project / "rfc.md", check.DRAFT)
    assert not checked.findings, [f.format("rfc.md") for f in checked.findings] + [where]

    title, author = values["rfc_title"].strip(), values["author"].strip()
    seen, expected = read(text), read((plain_project / "rfc.md").read_text(encoding="utf-8"))
    assert seen.headings == [(1, title), *expected.headings[1:]], where
    expected_tables = [
        [[author if cell == PLAIN_AUTHOR else cell for cell in row] for row in table] for table in expected.tables
    ]
    assert seen.tables == expected_tables, where
    assert seen.tags == expected.tags, f"the value added HTML elements: {seen.tags - expected.tags}; {where}"
    assert [c for c in seen.code if c[0] != "mermaid"] == [c for c in expected.code if c[0] != "mermaid"], where

    diagrams = [code for language, code in seen.code if language == "mermaid"]
    plain_diagrams = [code for language, code in expected.code if language == "mermaid"]
    assert len(diagrams) == len(plain_diagrams) == 3, where
    for code, plain_code in zip(diagrams, plain_diagrams):
        drawn, plain_drawn = mermaid.render(code), mermaid.render(plain_code)
        assert not drawn.error, f"{drawn.error}\n{code}\n{where}"
        assert (drawn.nodes, drawn.edges) == (plain_drawn.nodes, plain_drawn.edges), where
        assert drawn.labels == [label.replace(PLAIN_TITLE, title) for label in plain_drawn.labels], where
        assert (project / "diagrams").is_dir()

    recorded = json.loads((project / ".rfc-answers.json").read_text(encoding="utf-8"))["cookiecutter"]
    assert {k: recorded[k] for k in values} == values, where
    FIGURES["generated"] += 1


def plain_twin(values: dict, workspace: Path, slug: str | None = None) -> Outcome:
    """The same answers with a plain title and author (and the slug the value's RFC got)."""
    twin = {**values, "rfc_title": PLAIN_TITLE, "author": PLAIN_AUTHOR, "rfc_slug": slug or values["rfc_slug"]}
    outcome = with_rfc_new(twin, new_dir(workspace))
    assert outcome.ok, outcome.describe()
    return outcome


# --- the properties ----------------------------------------------------------------------


@given(
    language=s.choice("language"),
    title=s.printable_text(),
    author=s.printable_text(),
    slug=s.valid_slug(),
    modules=s.modules_text(),
    backend=s.choice("backend"),
    rfc_type=s.choice("rfc_type"),
    issue=s.valid_issue(),
    date=s.valid_date(),
)
def test_printable_values_come_out_as_typed(
    workspace, mermaid, language, title, author, slug, modules, backend, rfc_type, issue, date
):
    values = {
        "language": language,
        "rfc_title": title,
        "rfc_slug": slug,
        "author": author,
        "modules": modules,
        "backend": backend,
        "related_issue": issue,
        "rfc_type": rfc_type,
        "date": date,
    }
    FIGURES["examples"] += 1
    plain = plain_twin(values, workspace)
    outcomes = [with_cookiecutter(values, new_dir(workspace), workspace), with_rfc_new(values, new_dir(workspace))]
    for outcome in outcomes:
        assert_shown_as_typed(outcome, values, plain, mermaid)
    first, second = (project_of(o) for o in outcomes)
    for name in (
        "rfc.md",
        "diagrams/flowchart.mmd",
        "diagrams/architecture.mmd",
        "diagrams/sequence.mmd",
        ".rfc-answers.json",
    ):
        assert (first / name).read_bytes() == (second / name).read_bytes(), f"{name} differs between the two ways"


@given(overrides=st.fixed_dictionaries({}, optional={name: strategy() for name, strategy in s.ANY_VALUE.items()}))
def test_any_value_is_shown_as_typed_or_refused_cleanly(workspace, mermaid, overrides):
    values = {**BASE, **overrides}
    FIGURES["examples"] += 1
    # cookiecutter itself rejects an unknown choice before any template code runs, with
    # a traceback (test_plain_cookiecutter_cannot_refuse_an_unknown_choice_cleanly).
    context = load_context()
    choices_valid = all(values[name] in context[name] for name in CHOICE_VARIABLES if name in values)
    ways = [lambda out: with_rfc_new(values, out)]
    if choices_valid:
        ways.append(lambda out: with_cookiecutter(values, out, workspace))
    verdicts = []
    for way in ways:
        output_dir = new_dir(workspace)
        before = snapshot(output_dir)
        outcome = way(output_dir)
        verdicts.append(outcome.ok)
        if outcome.ok:
            taken = _as_taken(values)
            twin = plain_twin(taken, workspace, project_of(outcome).name)
            assert_shown_as_typed(outcome, _complete(taken), twin, mermaid)
        else:
            assert_refused_cleanly(outcome, set(overrides), before)
    assert len(set(verdicts)) == 1, f"the two ways disagree on {values!r}: {verdicts}"


def _as_taken(values: dict) -> dict:
    """The answers as `rfc new` takes them: a backend or category in either edition's words
    (`pt`, `Performance optimization`) as the template's own value."""
    rules = load_rules()
    return {
        name: rules.canonical(value) if name in ("backend", "rfc_type") and isinstance(value, str) else value
        for name, value in values.items()
    }


def _complete(values: dict) -> dict:
    """The answers with the template's defaults for those not given (title and author matter)."""
    titles = load_context()["_default_titles"]
    return {**{"rfc_title": titles.get(values.get("language"), titles["zh"])}, **values}


# --- named attacks --------------------------------------------------------------------------

HOOK_INJECTIONS = [
    '""");import pathlib;pathlib.Path("PWNED").touch();("""',
    "'''+__import__('pathlib').Path('PWNED').touch()+'''",
    '"+__import__("pathlib").Path("PWNED").touch()+"',
    '\\"; import pathlib; pathlib.Path("PWNED").touch() #',
    "{{ cycler.__init__.__globals__.os.system('touch PWNED') }}",
    "{% set x = cycler.__init__.__globals__.os.system('touch PWNED') %}",
]


@pytest.mark.parametrize("name", [n for n in ANSWER_NAMES])
@pytest.mark.parametrize("payload", HOOK_INJECTIONS, ids=range(len(HOOK_INJECTIONS)))
def test_no_value_runs_code(workspace, monkeypatch, name, payload):
    """Through every variable, in both ways: the marker file is never created, anywhere."""
    monkeypatch.chdir(workspace)
    values = {**BASE, name: payload}
    for outcome in (with_cookiecutter(values, new_dir(workspace), workspace), with_rfc_new(values, new_dir(workspace))):
        assert not list(workspace.rglob("PWNED")), outcome.describe()
        if outcome.way == COOKIECUTTER and name in CHOICE_VARIABLES:
            assert "provided for choice variable" in outcome.traceback  # cookiecutter's own refusal, see below
            continue
        assert not outcome.traceback, outcome.describe()
        if outcome.ok:  # then it is kept as data: the recorded answer is the payload itself
            recorded = json.loads((project_of(outcome) / ".rfc-answers.json").read_text(encoding="utf-8"))
            assert recorded["cookiecutter"][name] == payload


@pytest.mark.parametrize("way", ["cookiecutter", "rfc new"])
def test_jinja_in_a_value_is_text_not_code(workspace, way):
    title = "{{ 7*7 }} {% if true %}yes{% endif %} {# c #}"
    values = {**BASE, "rfc_title": title, "rfc_slug": "jinja"}
    out = new_dir(workspace)
    outcome = with_cookiecutter(values, out, workspace) if way == "cookiecutter" else with_rfc_new(values, out)
    assert outcome.ok, outcome.describe()
    assert read((out / "jinja" / "rfc.md").read_text(encoding="utf-8")).headings[0] == (1, title)


@pytest.mark.parametrize(
    "slug", ["../escaped", "../../escaped", "/tmp/rfc-escape-probe/x", "a/../../escaped", ".", ".."]
)
def test_slug_cannot_leave_the_output_directory(workspace, slug):
    for way in ("cookiecutter", "rfc new"):
        parent = new_dir(workspace)
        out = fresh_dir(parent, "out")
        values = {**BASE, "rfc_slug": slug}
        outcome = with_cookiecutter(values, out, workspace) if way == "cookiecutter" else with_rfc_new(values, out)
        assert outcome.exit_code != 0 and not outcome.traceback, outcome.describe()
        assert ("rfc_slug" if way == "cookiecutter" else "--slug") in outcome.output, outcome.describe()
        assert snapshot(parent) == ["out"], f"{way} created {snapshot(parent)}"
        assert not ESCAPE_PROBE.exists() and not (workspace / "escaped").exists()


@pytest.mark.parametrize(
    "name, value",
    [
        ("rfc_title", "标题\n\n## 11. 注入的章节"),
        ("author", "张三 |\n| 状态 | 已接受 Accepted"),
        ("author", "张三 | 已接受 Accepted |"),
        ("rfc_title", "x\r## 注入"),
        ("author", "<h2>注入</h2>"),
    ],
)
def test_a_value_cannot_add_a_section_or_a_row(workspace, mermaid, name, value):
    values = {**BASE, "rfc_slug": "inject", name: value}
    for outcome in (with_cookiecutter(values, new_dir(workspace), workspace), with_rfc_new(values, new_dir(workspace))):
        if outcome.ok:  # shown as typed: no new heading, row or element
            assert_shown_as_typed(outcome, _complete(values), plain_twin(values, workspace), mermaid)
        else:
            assert_refused_cleanly(outcome, {name}, [])


@pytest.mark.parametrize(
    "title",
    [
        '"] --> Z["pwned',
        "end",
        "A --> B; click A call alert()",
        "%%{init: {'theme': 'dark'}}%%",
        "x}} --> y{{z",
        "a;b#c:d",
        "`**md**`",
        "<br/>x<script>y</script>",
        "classDef x fill:#f00;",
        "style A fill:#f00",
        "A:::someclass",
        "&lt;b&gt; #35; &#35;",
    ],
)
def test_a_value_cannot_break_a_diagram(workspace, mermaid, title):
    values = {**BASE, "rfc_slug": "diagram", "rfc_title": title}
    for outcome in (with_cookiecutter(values, new_dir(workspace), workspace), with_rfc_new(values, new_dir(workspace))):
        assert_shown_as_typed(outcome, values, plain_twin(values, workspace), mermaid)


def test_plain_cookiecutter_cannot_refuse_an_unknown_choice_cleanly(workspace):
    """A limit of cookiecutter, documented in docs/template.md: it checks a choice given on its
    command line before any of the template's code runs, and raises. `rfc new` refuses
    the same value in one line."""
    values = {**BASE, "backend": "TF"}
    plain = with_cookiecutter(values, new_dir(workspace), workspace)
    assert plain.traceback and "ValueError" in plain.traceback
    ours = with_rfc_new(values, new_dir(workspace))
    assert ours.exit_code == 2 and not ours.traceback and "backend: 'TF' is not allowed" in ours.output
