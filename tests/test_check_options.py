"""`rfc check` as CI and editors use it, end to end through the installed `rfc` command:
waivers in the document, the repository's configuration, severities, SARIF, standard
input, errors in the chosen format, the summary and --statistics."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
FILLED = PROJECT / "tests" / "corpus" / "zh-optimizer-offload"  # passes review
RFC = shutil.which("rfc", path=str(Path(sys.executable).parent)) or shutil.which("rfc")
HINT_ROW = "| 性能收益 | Llama2-13B"  # 8.'s row, whose hint is 场景、指标、目标
HINT = "| 性能收益 | 场景、指标、目标 |\n| 性能收益（实测） | Llama2-13B"


def rfc(*args: str, cwd: Path, stdin: str | None = None) -> subprocess.CompletedProcess:
    assert RFC, "the rfc command is not installed: pip install -e '.[test]'"
    env = {k: v for k, v in os.environ.items() if not k.startswith("RFC_")}
    return subprocess.run([RFC, *args], cwd=cwd, input=stdin, capture_output=True, text=True, env=env, timeout=120)


@pytest.fixture
def repo(tmp_path) -> Path:
    """A repository with one filled RFC under review at docs/design/offload/rfc.md."""
    (tmp_path / ".git").mkdir()
    shutil.copytree(FILLED, tmp_path / "docs" / "design" / "offload")
    return tmp_path


def edit(repo: Path, old: str, new: str, name: str = "offload") -> Path:
    path = repo / "docs" / "design" / name / "rfc.md"
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


def codes(done: subprocess.CompletedProcess) -> list[str]:
    return [line.split(": ", 2)[1].split()[0] for line in done.stdout.splitlines() if line.count(":") >= 3]


# --- waivers -------------------------------------------------------------------------


def test_a_waiver_in_the_cell_silences_its_finding_and_the_cell_is_judged_as_drawn(repo):
    edit(repo, HINT_ROW, HINT)
    assert "RFC312" in codes(rfc("check", "docs", cwd=repo))
    edit(
        repo,
        "| 性能收益 | 场景、指标、目标 |",
        "| 性能收益 | 场景、指标、目标 <!-- rfc-disable-line RFC312 -- 实测后填 --> |",
    )
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 0, done.stdout + done.stderr
    assert done.stdout == "" and "1 waived" in done.stderr  # no RFC303: the cell holds its text, not an empty one


@pytest.mark.parametrize(
    "waiver",
    [
        "<!-- rfc-disable-line template-hint-cell -- 实测后填 -->",  # by the rule's name
        "<!-- rfc-disable-line -- 实测后填 -->",  # every rule
    ],
)
def test_a_waiver_names_a_rule_by_name_or_none(repo, waiver):
    edit(repo, HINT_ROW, HINT.replace("场景、指标、目标 |", f"场景、指标、目标 {waiver} |"))
    assert rfc("check", "docs", cwd=repo).returncode == 0


def test_disable_next_line_range_and_file(repo):
    edit(repo, "完整能力需要：", "<!-- rfc-disable-next-line RFC309 -- 第二期 -->\n完整能力需要：TODO ")
    assert rfc("check", "docs", cwd=repo).returncode == 0
    edit(
        repo,
        "## 4. 相关实现参考\n",
        "## 4. 相关实现参考\n\n<!-- rfc-disable RFC301 RFC309 -- 草拟中 -->\nxxx TODO\n\nTODO again\n<!-- rfc-enable RFC301 RFC309 -->\n\nTODO after\n",
    )
    done = rfc("check", "docs", cwd=repo)
    assert codes(done) == ["RFC309"] and "TODO after" not in done.stdout  # only the one after the range
    lines = (repo / "docs/design/offload/rfc.md").read_text(encoding="utf-8").splitlines()
    assert done.stdout.split(":")[1] == str(lines.index("TODO after") + 1)
    edit(
        repo,
        "# 优化器状态 offload 到 host 内存\n",
        "# 优化器状态 offload 到 host 内存\n<!-- rfc-disable-file RFC309 -- 本 RFC 分两期 -->\n",
    )
    assert rfc("check", "docs", cwd=repo).returncode == 0


def test_a_waiver_that_silences_nothing_is_a_warning_and_an_unknown_code_an_error(repo):
    edit(repo, "| 作者 | 李明 |", "| 作者 | 李明 <!-- rfc-disable-line RFC104 -- 评审时补 --> |")
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 0 and "RFC009 [warning] the waiver of RFC104 silences nothing" in done.stdout
    assert rfc("check", "--strict", "docs", cwd=repo).returncode == 1
    edit(repo, "RFC104 -- 评审时补", "RFC1O4 -- 评审时补")
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 1 and "RFC010 the waiver names no rule 'RFC1O4'" in done.stdout


def test_no_inline_config_ignores_every_waiver(repo):
    edit(repo, HINT_ROW, HINT.replace("场景、指标、目标 |", "场景、指标、目标 <!-- rfc-disable-line RFC312 -- x --> |"))
    assert rfc("check", "docs", cwd=repo).returncode == 0
    done = rfc("check", "--no-inline-config", "docs", cwd=repo)
    assert codes(done) == ["RFC312"]


def test_a_waiver_in_a_code_block_is_code(repo):
    edit(repo, "完整能力需要：", "```text\n<!-- rfc-disable-file -- x -->\n```\n\n完整能力需要：TODO ")
    assert "RFC309" in codes(rfc("check", "docs", cwd=repo))


# --- configuration -------------------------------------------------------------------


def test_pyproject_and_the_nearest_configuration_win(repo):
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |")
    (repo / "pyproject.toml").write_text('[project]\nname = "x"\n\n[tool.rfc]\nignore = ["RFC104", "empty-cell"]\n')
    assert rfc("check", "docs", cwd=repo).returncode == 0
    (repo / "docs" / ".rfc.toml").write_text('ignore = ["RFC303"]\n')  # nearer: RFC104 is back
    assert codes(rfc("check", "docs", cwd=repo)) == ["RFC104"]
    assert codes(rfc("check", "--isolated", "docs", cwd=repo)) == ["RFC104", "RFC303"]
    assert rfc("check", "--config", str(repo / "pyproject.toml"), "docs", cwd=repo).returncode == 0


def test_select_extend_select_severity_stage_and_per_file_ignores(repo):
    shutil.copytree(repo / "docs/design/offload", repo / "docs/design/legacy")
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |")
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |", name="legacy")
    config = repo / ".rfc.toml"
    config.write_text('select = ["RFC1"]\nper-file-ignores = {"docs/design/legacy/*" = ["RFC104"]}\n')
    done = rfc("check", "docs", cwd=repo)
    assert codes(done) == ["RFC104"] and "legacy" not in done.stdout
    config.write_text(
        'select = ["RFC1"]\nextend-select = ["empty-cell"]\nper-file-ignores = {"docs/design/legacy/*" = ["RFC104"]}\n'
    )
    done = rfc("check", "docs", cwd=repo)
    assert [(line.split("/")[2], code) for line, code in zip(done.stdout.splitlines(), codes(done))] == [
        ("legacy", "RFC303"),
        ("offload", "RFC104"),
        ("offload", "RFC303"),
    ]
    config.write_text('severity = {RFC104 = "warning", RFC303 = "warning"}\n')
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 0 and "RFC104 [warning]" in done.stdout
    assert "0 errors, 4 warnings in 2 files" in done.stderr
    config.write_text('stage = "draft"\nignore = ["RFC104"]\n')  # RFC303 is a review rule
    assert rfc("check", "docs", cwd=repo).returncode == 0
    assert codes(rfc("check", "--stage", "review", "docs", cwd=repo)) == ["RFC303", "RFC303"]
    chosen = ("--select", "RFC104", "--extend-select", "RFC303", "--stage", "review")  # over the configuration's
    assert codes(rfc("check", *chosen, "docs/design/offload", cwd=repo)) == ["RFC104", "RFC303"]
    assert codes(rfc("check", "--isolated", "--ignore", "RFC303,author-empty", "docs", cwd=repo)) == []


def test_require_reason(repo):
    edit(repo, "| 作者 | 李明 |", "| 作者 | <!-- rfc-disable-line RFC104 RFC303 --> |")
    assert rfc("check", "docs", cwd=repo).returncode == 0
    (repo / ".rfc.toml").write_text("require-reason = true\n")
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 1 and "RFC010 the waiver of RFC104 RFC303 gives no reason" in done.stdout


@pytest.mark.parametrize(
    "written, said",
    [
        ('ignor = ["RFC104"]\n', "unknown key 'ignor'; did you mean 'ignore'?"),
        ('ignore = ["RFC1O4"]\n', "no rule is called 'RFC1O4' (did you mean 'RFC104'?)"),
        ('severity = {RFC104 = "fatal"}\n', "severity of RFC104 is 'fatal'; use one of: error, warning"),
        ('stage = "final"\n', "stage is 'final'; use one of: draft, review"),
        ("ignore = [\n", "not valid TOML"),
        ('extend-include = "README.md"\n', 'extend-include: must be a list of file globs, such as ["*/README.md"]'),
    ],
)
def test_a_bad_configuration_is_one_error_naming_it(repo, written, said):
    (repo / ".rfc.toml").write_text(written)
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and ".rfc.toml" in done.stderr and said in done.stderr, done.stderr


def test_extend_include_names_more_rfc_files_in_a_folder(repo):
    """A repository that keeps RFCs as README.md (or any name) says so once; a folder's
    check and index read them beside every rfc.md (and `rfc lsp` checks them)."""
    design = repo / "docs" / "design"
    shutil.copytree(design / "offload", design / "legacy")
    (design / "legacy" / "rfc.md").rename(design / "legacy" / "README.md")
    readme = design / "legacy" / "README.md"
    readme.write_text(readme.read_text(encoding="utf-8").replace("| 适用后端 | PT + MS |", "| 适用后端 | TF |"))
    assert rfc("check", "docs", cwd=repo).returncode == 0  # README.md is no RFC by default
    (repo / ".rfc.toml").write_text('extend-include = ["docs/design/*/README.md"]\n')
    done = rfc("check", "docs", cwd=repo)
    assert done.returncode == 1 and codes(done) == ["RFC106"] and "legacy/README.md:" in done.stdout
    assert "legacy/README.md" in rfc("index", "docs/design", cwd=repo).stdout


def test_an_unknown_code_on_the_command_line(repo):
    done = rfc("check", "--ignore", "RFC1O4", "docs", cwd=repo)
    assert done.returncode == 2 and "--ignore: no rule is called 'RFC1O4' (did you mean 'RFC104'?)" in done.stderr


# --- formats -------------------------------------------------------------------------


def test_warnings_pass_unless_strict_and_formats_carry_the_severity(repo):
    edit(
        repo,
        "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 |",
        "| trainer | 新增 Trainer 配置项 optimizer_offload |",
    )
    done = rfc("check", "docs", cwd=repo)  # RFC314 is a warning
    assert done.returncode == 0 and ": RFC314 [warning] " in done.stdout
    assert done.stderr.strip() == "0 errors, 1 warning in 1 file"
    assert rfc("check", "--strict", "docs", cwd=repo).returncode == 1
    found = json.loads(rfc("check", "--format", "json", "docs", cwd=repo).stdout)
    assert found["severity"] == "warning" and found["name"] == "modules-disagree-with-changes"
    assert rfc("check", "--format", "github", "docs", cwd=repo).stdout.startswith(
        "::warning file=docs/design/offload/rfc.md,"
    )


def test_github_escapes_properties_as_its_toolkit_does(tmp_path):
    folder = tmp_path / "a,b:c"
    shutil.copytree(FILLED, folder)
    text = (folder / "rfc.md").read_text(encoding="utf-8").replace("| 作者 | 李明 |", "| 作者 |  |")
    (folder / "rfc.md").write_text(text, encoding="utf-8")
    line = rfc("check", "--format", "github", "a,b:c/rfc.md", cwd=tmp_path).stdout.splitlines()[0]
    assert line.startswith("::error file=a%2Cb%3Ac/rfc.md,line=18,col=1,title=RFC104::")


def test_errors_about_a_path_come_out_in_the_chosen_format(repo):
    (repo / "docs" / "nothing.md").write_text("# not an RFC\n")
    done = rfc("check", "--format", "json", "docs/nothing.md", "missing", "docs", cwd=repo)
    assert done.returncode == 2
    errors = [json.loads(line) for line in done.stdout.splitlines()]
    assert {e["path"] for e in errors} == {"docs/nothing.md", "missing"} and all(
        e["severity"] == "error" for e in errors
    )
    done = rfc("check", "--format", "github", "missing", cwd=repo)
    assert done.returncode == 2 and done.stdout.startswith("::error file=missing,title=rfc check::")


def test_statistics_count_per_rule(repo):
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |")
    done = rfc("check", "--statistics", "docs", cwd=repo)
    assert done.returncode == 1
    assert done.stdout.splitlines() == ["1  RFC104  author-empty  error", "1  RFC303  empty-cell  error"]


def test_sarif_is_valid_and_names_repository_paths(repo):
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |")
    edit(
        repo,
        "| trainer | 不改动：本期不加 Trainer 配置项，由用户脚本显式调用接口 |",
        "| trainer | 新增 Trainer 配置项 optimizer_offload |",
    )
    done = rfc("check", "--format", "sarif", "design/offload", cwd=repo / "docs")
    assert done.returncode == 1
    log = json.loads(done.stdout)
    results = log["runs"][0]["results"]
    assert {(r["ruleId"], r["level"]) for r in results} == {
        ("RFC104", "error"),
        ("RFC303", "error"),
        ("RFC314", "warning"),
    }
    uri = results[0]["locations"][0]["physicalLocation"]["artifactLocation"]
    assert uri == {"uri": "docs/design/offload/rfc.md", "uriBaseId": "%SRCROOT%"}  # from the repository's top
    rules = {rule["id"]: rule for rule in log["runs"][0]["tool"]["driver"]["rules"]}
    assert rules["RFC104"]["name"] == "author-empty" and rules["RFC104"]["helpUri"].endswith("/docs/rules/RFC104.md")
    sarif = repo / "out.sarif"
    sarif.write_text(done.stdout, encoding="utf-8")
    schema = PROJECT / "node_modules" / "@microsoft" / "sarif-multitool-linux" / "sarif-2.1.0.json"
    if not schema.is_file():
        message = "npm ci installs Microsoft's SARIF multitool and its official schema"
        pytest.fail(message) if os.environ.get("CI") else pytest.skip(message)
    validator = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or "check-jsonschema"
    checked = subprocess.run([validator, "--schemafile", str(schema), str(sarif)], capture_output=True, text=True)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    multitool = schema.parent / "Sarif.Multitool"
    checked = subprocess.run([str(multitool), "validate", str(sarif)], capture_output=True, text=True, timeout=300)
    assert checked.returncode == 0 and "error" not in checked.stdout.lower().replace("errors", ""), checked.stdout


def test_the_official_schema_rejects_what_it_should(repo, tmp_path):
    """The validator of the test above can fail: a level SARIF does not know is refused."""
    schema = PROJECT / "node_modules" / "@microsoft" / "sarif-multitool-linux" / "sarif-2.1.0.json"
    if not schema.is_file():
        pytest.skip("npm ci installs the schema")
    edit(repo, "| 作者 | 李明 |", "| 作者 |  |")
    log = json.loads(rfc("check", "--format", "sarif", "docs", cwd=repo).stdout)
    log["runs"][0]["results"][0]["level"] = "fatal"
    bad = tmp_path / "bad.sarif"
    bad.write_text(json.dumps(log))
    validator = shutil.which("check-jsonschema", path=str(Path(sys.executable).parent)) or "check-jsonschema"
    assert subprocess.run([validator, "--schemafile", str(schema), str(bad)], capture_output=True).returncode == 1


# --- standard input ------------------------------------------------------------------


def test_one_rfc_from_stdin_with_its_name(repo):
    text = (repo / "docs/design/offload/rfc.md").read_text(encoding="utf-8")
    linked = text.replace("完整能力需要：", "完整能力需要：（流程图见 [flowchart.mmd](diagrams/flowchart.mmd)）", 1)
    done = rfc("check", "--stdin-filename", "docs/design/offload/rfc.md", "-", cwd=repo, stdin=linked)
    assert done.returncode == 0, done.stdout + done.stderr  # the link resolves beside the named file
    broken = linked.replace("| 作者 | 李明 |", "| 作者 |  |")
    done = rfc("check", "--stdin-filename", "docs/design/offload/rfc.md", "-", cwd=repo, stdin=broken)
    assert done.stdout.startswith("docs/design/offload/rfc.md:18:1: RFC104 ")
    (repo / "docs" / ".rfc.toml").write_text('ignore = ["RFC104", "RFC303"]\n')  # its configuration too
    assert rfc("check", "--stdin-filename", "docs/design/offload/rfc.md", "-", cwd=repo, stdin=broken).returncode == 0
    done = rfc("check", "-", cwd=repo, stdin=broken)
    assert done.stdout.startswith("-:18:1: RFC104 ")
    assert rfc("check", "/dev/stdin", cwd=repo, stdin=broken).stdout == done.stdout
    assert rfc("check", "-", "docs", cwd=repo).returncode == 2
