"""`rfc check --issue-body` and `rfc new --from-issue`: an RFC as an issue carries it.

The bodies are written here as a forge renders a submitted form (`### label`, a blank
line, the answer; `_No response_` when empty), from two kinds of text nobody generated
with this code: the examples (RFCs filled by hand) cut into the form's fields, and
tests/issues/, bodies written for real features as contributors fill the form. The
judges: `rfc check` of the RFC itself, the example's own text, and the files on disk.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
EXAMPLES = sorted((PROJECT / "examples").glob("*/rfc.md"))
ISSUES = Path(__file__).resolve().parent / "issues"
HAND_FILLED = sorted(ISSUES.glob("*.md"))
LABEL = {"zh": ("作者", "相关模块", "适用后端", "类型"), "en": ("Author", "Modules", "Backend", "Type")}
TAIL = {
    "zh": [("完整的反馈期限", "两周，至 2026-12-14"), ("确认", "- [X] 我已搜索过已有的 RFC，没有重复的提议")],
    "en": [("Feedback period", ""), ("Confirmation", "- [X] I have searched the existing RFCs and none proposes this")],
}


def rfc(*args: str, cwd: Path = PROJECT, input: str | None = None) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rfc_template", *args], cwd=cwd, capture_output=True, text=True, timeout=120, input=input
    )


def rendered(fields: list[tuple[str, str]], newline: str = "\n") -> str:
    """A submitted form's body, as GitHub writes it."""
    return newline.join(
        f"### {label}{newline}{newline}{answer or '_No response_'}{newline}" for label, answer in fields
    )


def split_sections(text: str) -> dict[str, str]:
    """Each `## ` section of an RFC (outside code blocks): its text, without blank ends."""
    sections: dict[str, list[str]] = {"": []}
    current, fence = "", False
    for line in text.split("\n"):
        if line.startswith("```"):
            fence = not fence
        if not fence and line.startswith("## "):
            current = line[3:].strip()
            sections[current] = []
            continue
        sections[current].append(line)
    return {name: "\n".join(lines).strip("\n") for name, lines in sections.items()}


def basic_info(text: str) -> dict[str, str]:
    rows = [
        line
        for line in split_sections(text)[next(iter(list(split_sections(text))[1:]))].split("\n")
        if line.startswith("| ")
    ]
    return {row.split("|")[1].strip(): row.split("|")[2].strip() for row in rows[2:]}


def form_body(example: Path, **changes: str) -> tuple[str, str]:
    """The example cut into the form's fields, as its author would have filed it; its language."""
    text = example.read_text(encoding="utf-8")
    language = json.loads((example.parent / ".rfc-answers.json").read_text(encoding="utf-8"))["cookiecutter"][
        "language"
    ]
    info = basic_info(text)
    author, modules, backend, category = LABEL[language]
    fields = [
        (author, info[author]),
        (modules, info[modules].replace(" / ", ", ")),
        (backend, info[backend]),
        (category, info[category]),
    ]
    sections = split_sections(text)
    fields += [(name, body) for name, body in list(sections.items())[2:]]
    fields += TAIL[language]
    body = rendered(fields)
    for old, new in changes.items():
        assert old in body
        body = body.replace(old, new, 1)
    return body, language


def findings(done: subprocess.CompletedProcess) -> list[dict]:
    return [json.loads(line) for line in done.stdout.splitlines()]


def issue_json(body: str, **fields) -> str:
    issue = {
        "author": {"login": "chenjie"},
        "body": body,
        "createdAt": "2026-11-28T02:00:00Z",
        "number": 327,
        "title": "[RFC]: Ulysses sequence parallelism",
        "url": "https://github.com/mindspore/hyper-parallel/issues/327",
    }
    return json.dumps({**issue, **fields}, ensure_ascii=False)


# --- a filled form: the same findings as its RFC, at the body's lines -----------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.parent.name for p in EXAMPLES])
def test_a_filled_form_passes_as_its_rfc_does(example, tmp_path):
    body, _ = form_body(example)
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    for stage in ("draft", "review"):
        done = rfc("check", "--issue-body", "body.md", "--stage", stage, "--strict", cwd=tmp_path)
        assert done.returncode == 0, done.stdout + done.stderr


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.parent.name for p in EXAMPLES])
def test_a_mistake_in_the_form_is_reported_at_its_line_of_the_body(example, tmp_path):
    text = example.read_text(encoding="utf-8")
    line = next(row for row in text.split("\n") if row.startswith("| PR2 |"))
    body, language = form_body(example, **{line: line.replace("| PR2 |", "| PR2 | xxx", 1)})
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    done = rfc("check", "--issue-body", "body.md", "--format", "json", cwd=tmp_path)
    (found,) = findings(done)
    assert found["code"] == "RFC301" and found["path"] == "body.md"
    lines = body.split("\n")
    assert lines[found["line"] - 1].startswith("| PR2 | xxx") and lines[found["line"] - 1][
        found["col"] - 1 :
    ].startswith("xxx")


def test_basic_info_answers_are_checked_at_their_fields(tmp_path):
    example = EXAMPLES[0]
    body, _ = form_body(
        example, **{"### 适用后端\n\nPT + MS": "### 适用后端\n\nTF", "### 作者\n\n王小明": "### 作者\n\n_No response_"}
    )
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    lines = body.split("\n")
    found = {
        f["code"]: f["line"]
        for f in findings(rfc("check", "--issue-body", "body.md", "--format", "json", cwd=tmp_path))
    }
    assert lines[found["RFC106"] - 1] == "TF"
    assert lines[found["RFC104"] - 1] == "### 作者"  # no author and no issue to take one from


def test_a_field_taken_out_of_the_form_is_a_missing_section(tmp_path):
    body, _ = form_body(EXAMPLES[0])
    start = body.index("### 7. 组件依赖")
    body = body[:start] + body[body.index("### 8. 约束与兼容性") :]
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    done = rfc("check", "--issue-body", "body.md", "--format", "json", cwd=tmp_path)
    assert [f["code"] for f in findings(done)] == ["RFC001"], done.stdout
    assert "7. 组件依赖" in findings(done)[0]["message"]


# --- the same issue however it arrives ------------------------------------------------------


def test_a_gitcode_body_with_crlf_and_the_forms_text_first_reads_the_same(tmp_path):
    body, _ = form_body(EXAMPLES[0], **{"| PR3 |": "| PR3 | xxx"})
    intro = "特性 RFC 模板\n\n目的：在代码开发前，把要解决的问题、接口、方案、依赖、约束和验证讲清楚。\n\n"
    gitcode = (intro + body).replace("\n", "\r\n")
    (tmp_path / "github.md").write_text(body, encoding="utf-8")
    (tmp_path / "gitcode.md").write_bytes(gitcode.encode("utf-8"))
    github_found = findings(rfc("check", "--issue-body", "github.md", "--format", "json", cwd=tmp_path))
    gitcode_found = findings(rfc("check", "--issue-body", "gitcode.md", "--format", "json", cwd=tmp_path))
    assert [(f["code"], f["line"] + 4) for f in github_found] == [(f["code"], f["line"]) for f in gitcode_found]
    made = rfc("new", "--from-issue", "gitcode.md", "--title", "x", "--output-dir", "out", cwd=tmp_path)
    assert made.returncode == 0, made.stderr
    assert "特性 RFC 模板\n\n目的" not in (tmp_path / "out/x/rfc.md").read_text(encoding="utf-8").split("## 2.")[1]


def test_an_rfc_pasted_whole_is_checked_as_the_rfc(tmp_path):
    text = EXAMPLES[1].read_text(encoding="utf-8").replace("| PR2 |", "| PR2 | xxx", 1)
    (tmp_path / "rfc.md").write_text(text, encoding="utf-8")
    (tmp_path / "issue.json").write_text(issue_json(text.replace("\n", "\r\n")), encoding="utf-8")
    as_issue = findings(rfc("check", "--issue-body", "issue.json", "--format", "json", cwd=tmp_path))
    as_file = findings(rfc("check", "-", "--format", "json", cwd=tmp_path, input=text))
    assert [(f["line"], f["col"], f["code"]) for f in as_issue] == [(f["line"], f["col"], f["code"]) for f in as_file]
    assert as_issue  # the xxx, at least


def test_a_body_that_is_no_rfc_is_one_message(tmp_path):
    (tmp_path / "bug.md").write_text("### Describe the bug\n\nThe trainer hangs.\n", encoding="utf-8")
    done = rfc("check", "--issue-body", "bug.md", cwd=tmp_path)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "bug.md: not an RFC issue" in done.stderr and "### 2. 背景" in done.stderr


# --- rfc new --from-issue: the RFC the issue says, nothing lost --------------------------------


@pytest.mark.parametrize("example", EXAMPLES, ids=[p.parent.name for p in EXAMPLES])
def test_an_issue_round_trips_into_its_rfc(example, tmp_path):
    body, language = form_body(example)
    (tmp_path / "issue.json").write_text(issue_json(body), encoding="utf-8")
    done = rfc("new", "--from-issue", "issue.json", "--slug", "from-issue", "--output-dir", "docs/design", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = tmp_path / "docs/design/from-issue/rfc.md"
    text = made.read_text(encoding="utf-8")
    original = split_sections(example.read_text(encoding="utf-8"))
    for name, section in list(original.items())[2:]:
        assert split_sections(text)[name] == section, name  # each section exactly as the author wrote it
    info = basic_info(text)
    issue_key = "相关 issue / PR" if language == "zh" else "Related issue / PR"
    assert info[issue_key] == "<https://github.com/mindspore/hyper-parallel/issues/327>"
    assert info["创建日期" if language == "zh" else "Created"] == "2026-11-28"
    assert text.startswith("# Ulysses sequence parallelism\n")  # the issue's title, without [RFC]:
    for name in ("flowchart", "architecture", "sequence"):  # each diagram is its block in rfc.md
        assert (made.parent / f"diagrams/{name}.mmd").read_text(encoding="utf-8").strip() in text
    check = rfc("check", "--stage", "review", str(made), cwd=tmp_path)
    assert check.returncode == 0, check.stdout + check.stderr  # passes, as the form did
    assert "RFC338" in check.stdout  # a warning: the new RFC starts as a draft, the issue was up for review


def test_nothing_the_issue_said_is_lost(tmp_path):
    body, _ = form_body(EXAMPLES[0], **{"### 作者\n\n王小明": "### 作者\n\n_No response_"})
    body = "Filed after the 11-27 review.\n\n" + body + "\n### CC List\n\n@lisi @wangwu\n"
    (tmp_path / "issue.json").write_text(issue_json(body, title="[RFC] FSDP 梯度通信重叠"), encoding="utf-8")
    done = rfc("new", "--from-issue", "issue.json", "--output-dir", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (made,) = (tmp_path / "out").glob("*/rfc.md")
    text = made.read_text(encoding="utf-8")
    answers = ("distributed, optimizer", "PT + MS", "性能优化")  # the basic info's, in its table below
    for line in body.split("\n"):
        if line.strip() and not line.startswith("### ") and line not in ("_No response_", *answers):
            assert line in text, f"{line!r} was lost"
    info = basic_info(text)
    assert (info["相关模块"], info["适用后端"], info["类型"]) == ("distributed / optimizer", "PT + MS", "性能优化")
    assert info["作者"] == "chenjie"  # the form's author left empty: whoever filed the issue
    assert text.startswith("# FSDP 梯度通信重叠\n")


def test_the_command_lines_answers_win_and_are_named_when_wrong(tmp_path):
    body, _ = form_body(EXAMPLES[1])
    (tmp_path / "body.md").write_text(body, encoding="utf-8")
    done = rfc("new", "--from-issue", "body.md", "--title", "Ulysses SP", "--module", "kernel", cwd=tmp_path)
    assert done.returncode == 2 and "--module" in done.stderr and "kernel" in done.stderr
    assert not any(tmp_path.glob("*/rfc.md"))
    done = rfc("new", "--from-issue", "body.md", "--title", "Ulysses SP", "--author", "Li Lei", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert basic_info((tmp_path / "ulysses-sp/rfc.md").read_text(encoding="utf-8"))["Author"] == "Li Lei"


def test_an_answer_the_template_refuses_is_named_by_its_field(tmp_path):
    body, _ = form_body(
        EXAMPLES[0], **{"### 相关模块\n\ndistributed, optimizer": "### 相关模块\n\ndistributed, kernel"}
    )
    (tmp_path / "issue.json").write_text(issue_json(body), encoding="utf-8")
    done = rfc("new", "--from-issue", "issue.json", "--output-dir", "out", cwd=tmp_path)
    assert done.returncode == 2 and "相关模块" in done.stderr and "kernel" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists() or not any((tmp_path / "out").iterdir())


def test_a_bare_body_needs_a_title(tmp_path):
    body, _ = form_body(EXAMPLES[0])
    done = rfc("new", "--from-issue", "-", "--output-dir", "out", cwd=tmp_path, input=body)
    assert done.returncode == 2 and "--title" in done.stderr and "Traceback" not in done.stderr
    assert not (tmp_path / "out").exists()


def test_an_existing_rfc_is_never_overwritten(tmp_path):
    body, _ = form_body(EXAMPLES[1])
    (tmp_path / "issue.json").write_text(issue_json(body), encoding="utf-8")
    first = rfc("new", "--from-issue", "issue.json", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    rfc_md = tmp_path / "ulysses-sequence-parallelism/rfc.md"
    rfc_md.write_text("my own edits\n", encoding="utf-8")
    again = rfc("new", "--from-issue", "issue.json", cwd=tmp_path)
    assert again.returncode == 2 and "ulysses-sequence-parallelism" in again.stderr
    assert rfc_md.read_text(encoding="utf-8") == "my own edits\n"


# --- hand-filled issues (tests/issues/): checked, and round-tripped ---------------------------


@pytest.mark.parametrize("path", HAND_FILLED, ids=[p.stem for p in HAND_FILLED])
def test_a_hand_filled_issue_round_trips_into_an_rfc_that_passes_what_it_passed(path, tmp_path):
    as_json = path.with_suffix(".json")
    issue = as_json if as_json.exists() else path
    as_issue = findings(rfc("check", "--issue-body", str(issue), "--format", "json", "--stage", "review"))
    assert all("line" in f for f in as_issue), as_issue  # checked, not refused
    assert not [f for f in as_issue if f["code"] < "RFC300"], as_issue  # a sound draft
    made = rfc("new", "--from-issue", str(issue), "--title", "hand filled", "--output-dir", str(tmp_path))
    assert made.returncode == 0, made.stderr
    after = findings(rfc("check", "--stage", "review", "--format", "json", str(tmp_path / "hand-filled/rfc.md")))
    # what the issue supplied itself: its status (the new RFC is a draft: RFC338) and, from a
    # body alone, its link (RFC339)
    supplied = {"RFC338"} | (set() if as_json.exists() else {"RFC339"})
    assert {f["code"] for f in after} - {f["code"] for f in as_issue} <= supplied, after
    assert sorted(f["code"] for f in after if f["code"] not in supplied) == sorted(f["code"] for f in as_issue)
    body = path.read_text(encoding="utf-8").split("\n")
    answers = {body[n + 2] for n, line in enumerate(body[:-2]) if line[4:] in LABEL["zh"] + LABEL["en"]}
    text = (tmp_path / "hand-filled/rfc.md").read_text(encoding="utf-8")
    for line in body:
        if line.strip() and not re.match(r"### |_No response_$", line) and line not in answers:
            assert line in text, f"{line!r} was lost"


def test_the_hand_filled_issues_are_there():
    assert {p.name for p in ISSUES.iterdir()} >= {
        "zh-offload-optimizer-states.md",
        "zh-offload-optimizer-states.json",
        "en-pp-interleaved-schedule.md",
    }


# --- hostile issues: anyone can write one -----------------------------------------------------


def tree(root: Path) -> set[str]:
    return {p.relative_to(root).as_posix() for p in root.rglob("*")}


@pytest.mark.parametrize(
    "content, said",
    [
        ("### 2. 背景\n\n" + "大" * 1_000_000, "65,536"),
        (json.dumps({"body": "x" * (5 * 2**20)}), "too large for an issue"),
        (b"### 2. \xff\xfe\n", "not UTF-8"),
        ("### 2. 背景\n\n\x00\n", "NUL"),
        (json.dumps({"body": None, "title": "[RFC]: x"}), "not an RFC issue"),
        (json.dumps({"body": ["### 2. 背景"], "title": "x"}), "must be text"),
        ("", "not an RFC issue"),
    ],
    ids=["1M-characters", "5MB-json", "not-utf8", "nul", "null-body", "list-body", "empty"],
)
def test_a_body_that_cannot_be_an_issue_is_one_message_and_nothing_is_written(tmp_path, content, said):
    path = tmp_path / "issue"
    path.write_bytes(content if isinstance(content, bytes) else content.encode("utf-8"))
    before = tree(tmp_path)
    for command in (["check", "--issue-body", "issue"], ["new", "--from-issue", "issue", "--title", "t"]):
        done = rfc(*command, cwd=tmp_path)
        assert done.returncode == 2, (command, done.stdout, done.stderr)
        assert done.stderr.count("\n") == 1 and said in done.stderr and "Traceback" not in done.stderr, done.stderr
    assert tree(tmp_path) == before


def test_template_syntax_shell_and_markup_in_an_issue_stay_text(tmp_path):
    marker = tmp_path / "pwned"
    hostile = f"{{{{ 7*7 }}}} {{% raw %}}{{{{ cookiecutter.author }}}} $(touch {marker}) `touch {marker}` ${{{{ github.token }}}}"
    body, _ = form_body(
        EXAMPLES[0],
        **{
            "### 作者\n\n王小明": "### 作者\n\n<script>alert(1)</script> O'Brien",
            "本 RFC 要解决的问题": f"{hostile} 本 RFC 要解决的问题",
        },
    )
    title = "[RFC]: ../../{{ 7*7 }} {% raw %} $(touch pwned) `touch pwned` ${{ github.token }}"
    (tmp_path / "issue.json").write_text(issue_json(body, title=title), encoding="utf-8")
    before = tree(tmp_path)
    done = rfc("new", "--from-issue", "issue.json", "--output-dir", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert not marker.exists() and not (tmp_path / "pwned").exists()
    (made,) = (tmp_path / "out").glob("*/rfc.md")
    assert {p for p in tree(tmp_path) - before if not p.startswith("out")} == set()  # nothing outside out/
    text = made.read_text(encoding="utf-8")
    assert f"{hostile} 本 RFC 要解决的问题" in text  # the section as written: never rendered
    title = text.split("\n")[0]
    assert "49" not in title and "7\\*7" in title  # shown literally, escaped for Markdown
    assert "| 作者 | \\<script\\>alert(1)\\</script\\> O'Brien |" in text
    check = rfc("check", "--issue-body", "issue.json", "--format", "markdown", cwd=tmp_path)
    assert "<script>" not in check.stdout and not marker.exists()


def test_an_rfc_pasted_whole_becomes_that_rfc(tmp_path):
    text = EXAMPLES[1].read_text(encoding="utf-8")
    (tmp_path / "issue.json").write_text(issue_json(text.replace("\n", "\r\n")), encoding="utf-8")
    done = rfc("new", "--from-issue", "issue.json", "--output-dir", "out", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    made = tmp_path / "out/ulysses-sequence-parallelism/rfc.md"  # the slug from the issue's title
    assert made.read_text(encoding="utf-8") == text
    for name in ("flowchart", "architecture", "sequence"):
        copy = (made.parent / f"diagrams/{name}.mmd").read_text(encoding="utf-8")
        assert copy == (EXAMPLES[1].parent / f"diagrams/{name}.mmd").read_text(encoding="utf-8").rstrip("\n") + "\n"
    assert rfc("check", "--stage", "review", "--strict", str(made)).returncode == 0


@pytest.mark.parametrize(
    "extra",
    [["rfc.md"], ["--fix"], ["--diagrams"], ["--stdin-filename", "x/rfc.md"]],
    ids=["a-path", "fix", "diagrams", "stdin-filename"],
)
def test_issue_body_is_one_issue_alone(tmp_path, extra):
    done = rfc("check", "--issue-body", "issue.md", *extra, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--issue-body checks one issue" in done.stderr


def test_the_repositorys_configuration_applies_wherever_the_issue_file_is(tmp_path):
    body, _ = form_body(EXAMPLES[0], **{"| PR2 |": "| PR2 | xxx"})
    event = tmp_path / "runner" / "_github_workflow" / "event.json"  # where a workflow's event is
    event.parent.mkdir(parents=True)
    event.write_text(json.dumps({"action": "opened", "issue": json.loads(issue_json(body))}), encoding="utf-8")
    repo = tmp_path / "repo"
    repo.mkdir()
    assert rfc("check", "--issue-body", str(event), cwd=repo).returncode == 1
    (repo / ".rfc.toml").write_text('ignore = ["RFC301"]\n', encoding="utf-8")
    done = rfc("check", "--issue-body", str(event), cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr


def test_language_other_than_the_issues_edition_is_refused(tmp_path):
    body, _ = form_body(EXAMPLES[0])  # the Chinese form
    (tmp_path / "issue.json").write_text(issue_json(body), encoding="utf-8")
    done = rfc("new", "--from-issue", "issue.json", "--language", "en", "--output-dir", "out", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "--language" in done.stderr, done.stderr
    assert not (tmp_path / "out").exists()


def test_a_failure_after_generating_leaves_no_folder(tmp_path, monkeypatch, capsys):
    from rfc_template.cli import main
    from rfc_template.issues import new

    def full_disk(rfc, converted):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(new, "_take_issue_text", full_disk)
    body, _ = form_body(EXAMPLES[1])
    (tmp_path / "issue.json").write_text(issue_json(body), encoding="utf-8")
    status = main(["new", "--from-issue", str(tmp_path / "issue.json"), "--output-dir", str(tmp_path / "a" / "b")])
    err = capsys.readouterr().err
    assert status == 2 and "No space left on device" in err and "Traceback" not in err
    assert sorted(p.name for p in tmp_path.iterdir()) == ["issue.json"]  # neither the RFC nor the folders made for it
