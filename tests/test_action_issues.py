"""The action's issue mode, its steps run here as a runner runs them (test_github_actions.py's
local runner), with a stand-in for GitHub's `gh` that keeps an issue's comments in a file.

What is judged: one comment, made once and edited after; another person's comment left
alone; the body read from the event's file, so nothing in it runs; the report's text.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest
from test_github_actions import run_action
from test_issue_body import EXAMPLES, form_body

BOT = "github-actions[bot]"

# `gh api [--paginate] [--method M] PATH [--input FILE]` over a JSON file of comments; every
# call is logged. GitHub's REST paths: GET/POST repos/O/R/issues/N/comments, PATCH
# repos/O/R/issues/comments/ID. Anything else fails loudly.
FAKE_GH = r"""#!PYTHON
import json, os, sys
state_path, log_path = os.environ["FAKE_GH_STATE"], os.environ["FAKE_GH_LOG"]
args = sys.argv[1:]
with open(log_path, "a") as log:
    log.write(json.dumps(args) + "\n")
assert args[0] == "api", args
method, path, payload = "GET", None, None
rest = args[1:]
while rest:
    arg = rest.pop(0)
    if arg == "--paginate":
        continue
    if arg == "--method":
        method = rest.pop(0)
    elif arg == "--input":
        payload = json.load(open(rest.pop(0)))
    elif path is None:
        path = arg
    else:
        sys.exit(f"fake gh: unexpected argument {arg!r}")
state = json.load(open(state_path))
parts = path.split("/")
if method == "GET" and parts[-1] == "comments":
    print(json.dumps(state["comments"]))
elif method == "POST" and parts[-1] == "comments":
    comment = {"id": 1000 + len(state["comments"]), "user": {"login": os.environ["FAKE_GH_LOGIN"]}, "body": payload["body"]}
    state["comments"].append(comment)
    print(json.dumps(comment))
elif method == "PATCH" and parts[-2] == "comments":
    comment = next(c for c in state["comments"] if c["id"] == int(parts[-1]))
    comment["body"] = payload["body"]
    print(json.dumps(comment))
else:
    sys.exit(f"fake gh: {method} {path} is not GitHub's comment API")
json.dump(state, open(state_path, "w"))
"""


class Issue:
    """A repository's issue, its event file, and its comments as the stand-in `gh` keeps them."""

    def __init__(self, tmp: Path, body: str, title: str = "[RFC]: 优化器状态 offload 到 host 内存", comments=()):
        self.tmp = tmp
        self.workdir = tmp / "repo"
        self.workdir.mkdir()
        self.fake = tmp / "fakebin"
        self.fake.mkdir()
        gh = self.fake / "gh"
        gh.write_text(FAKE_GH.replace("PYTHON", sys.executable), encoding="utf-8")
        gh.chmod(0o755)
        self.state, self.log = tmp / "comments.json", tmp / "gh.log"
        self.state.write_text(json.dumps({"comments": list(comments)}), encoding="utf-8")
        self.event = tmp / "event.json"
        self.set_body(body, title)
        self.runs = 0

    def set_body(self, body: str, title: str = "[RFC]: 优化器状态 offload 到 host 内存", action: str = "opened"):
        issue = {
            "number": 42,
            "title": title,
            "body": body,
            "user": {"login": "zhangwei-ms"},
            "html_url": "https://github.com/o/r/issues/42",
            "created_at": "2026-11-30T08:12:45Z",
        }
        self.event.write_text(json.dumps({"action": action, "issue": issue}, ensure_ascii=False), encoding="utf-8")

    def run(self, **inputs: str):
        self.runs += 1
        runner = self.tmp / f"run-{self.runs}"
        runner.mkdir()
        env = {
            "PATH": f"{runner / 'bin'}{os.pathsep}{self.fake}{os.pathsep}{os.environ['PATH']}",
            "GITHUB_EVENT_PATH": str(self.event),
            "GITHUB_REPOSITORY": "o/r",
            "FAKE_GH_STATE": str(self.state),
            "FAKE_GH_LOG": str(self.log),
            "FAKE_GH_LOGIN": BOT,
        }
        return run_action(self.workdir, runner, extra_env=env, issue="true", **inputs)

    @property
    def comments(self) -> list[dict]:
        return json.loads(self.state.read_text(encoding="utf-8"))["comments"]

    @property
    def calls(self) -> list[list[str]]:
        return [json.loads(line) for line in self.log.read_text(encoding="utf-8").splitlines()]


@pytest.fixture
def filled_body() -> str:
    """A filled form with no finding at review: an example RFC cut into the form's fields."""
    return form_body(EXAMPLES[0])[0]


SLIP = ("| PR2 |", "| PR2 | xxx")  # one slot left to fill: one error


def test_an_opened_issue_gets_one_comment_with_the_report(tmp_path, filled_body):
    issue = Issue(tmp_path, filled_body.replace(*SLIP, 1))
    result = issue.run()
    step = result.steps["issue"]
    assert step.returncode == 0, step.stdout + step.stderr
    assert "check" not in result.steps and "preview" not in result.steps  # the path mode's steps are skipped
    (comment,) = issue.comments
    assert comment["body"].startswith("<!-- rfc-check -->\n### rfc check: 1 error, 0 warnings")
    assert "RFC301" in comment["body"]
    assert result.outputs["issue"] == {"findings": "1"}
    assert "### rfc check: 1 error" in result.summary
    assert [call[:3] for call in issue.calls] == [
        ["api", "--paginate", "repos/o/r/issues/42/comments"],
        ["api", "--method", "POST"],
    ]


def test_an_edited_issue_updates_the_same_comment(tmp_path, filled_body):
    someone = {"id": 7, "user": {"login": "mallory"}, "body": "<!-- rfc-check -->\nnot the bot's"}
    issue = Issue(tmp_path, filled_body.replace(*SLIP, 1), comments=[someone])
    issue.run()
    assert len(issue.comments) == 2
    issue.set_body(filled_body, action="edited")  # the author fixed it
    result = issue.run()
    assert result.steps["issue"].returncode == 0
    mine = [c for c in issue.comments if c["user"]["login"] == BOT]
    assert len(mine) == 1 and mine[0]["body"].startswith("<!-- rfc-check -->\n### rfc check: no findings")
    assert issue.comments[0] == someone  # another person's comment that starts the same way is left alone
    assert issue.calls[-1][:4] == ["api", "--method", "PATCH", f"repos/o/r/issues/comments/{mine[0]['id']}"]


def test_a_body_that_is_no_rfc_gets_a_comment_that_says_so(tmp_path):
    issue = Issue(tmp_path, "The trainer crashes when I save a checkpoint.\n\nSteps: ...")
    result = issue.run()
    assert result.steps["issue"].returncode == 0
    (comment,) = issue.comments
    assert "### rfc check: not checked" in comment["body"] and "not an RFC issue" in comment["body"]
    assert str(issue.event) not in comment["body"]  # the runner's file is nobody's business


def test_nothing_in_the_body_or_title_runs(tmp_path, filled_body):
    marker = tmp_path / "pwned"
    hostile = f"$(touch {marker}) `touch {marker}` ${{{{ github.token }}}} '; touch {marker}; '"
    body = filled_body.replace(
        "本 RFC 要解决的问题", f"{hostile} <img src=x onerror=alert(1)> @everyone 本 RFC 要解决的问题", 1
    )
    issue = Issue(tmp_path, body, title=f"[RFC]: {hostile}")
    result = issue.run()
    assert result.steps["issue"].returncode == 0, result.steps["issue"].stderr
    assert not marker.exists()
    (comment,) = issue.comments
    assert "<img" not in comment["body"] and "@everyone" not in comment["body"]


def test_issue_mode_needs_an_issues_event(tmp_path, filled_body):
    issue = Issue(tmp_path, filled_body)
    issue.event.write_text(json.dumps({"action": "push"}), encoding="utf-8")
    step = issue.run().steps["issue"]
    assert step.returncode == 2 and "this event has no issue" in step.stdout
    assert not issue.log.exists()  # nothing was asked of GitHub


# --- docs/issues.md's ready workflow, judged by actionlint and zizmor --------------------------


def ready_workflow() -> str:
    text = (Path(__file__).resolve().parents[1] / "docs" / "issues.md").read_text(encoding="utf-8")
    after = text.split("<!-- workflow: rfc-issues -->\n", 1)[1]
    return after.split("```yaml\n", 1)[1].split("```\n", 1)[0]


def test_the_ready_workflow_passes_actionlint_and_zizmor_with_this_action(tmp_path):
    import shutil

    from test_github_actions import ACTION, actionlint, run, zizmor

    workflow = ready_workflow()
    assert "mindspore/rfc-template@main" in workflow and "${{" not in workflow.split("steps:")[1]
    run(["git", "init", "-q"], tmp_path, check=True)
    shutil.copy(ACTION, tmp_path / "action.yml")
    path = tmp_path / ".github" / "workflows" / "rfc-issues.yml"
    path.parent.mkdir(parents=True)
    # the action as this checkout has it (actionlint then checks the inputs against action.yml)
    path.write_text(workflow.replace("mindspore/rfc-template@main", "./"), encoding="utf-8")
    done = actionlint(path.relative_to(tmp_path), cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # pinned as the comment says (zizmor requires a commit SHA; it cannot look one up offline)
    pinned = workflow.replace("mindspore/rfc-template@main", "mindspore/rfc-template@" + "0" * 40)
    path.write_text(pinned, encoding="utf-8")
    done = zizmor(".github/workflows/rfc-issues.yml", "action.yml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    # a negative control: the body put into a script is template injection to zizmor
    path.write_text(pinned + "      - run: echo '${{ github.event.issue.body }}'\n", encoding="utf-8")
    done = zizmor(".github/workflows/rfc-issues.yml", cwd=tmp_path)
    assert done.returncode != 0 and "template-injection" in done.stdout, done.stdout


def test_the_pages_workflow_passes_actionlint_and_zizmor_with_this_action(tmp_path):
    import re
    import shutil

    from test_github_actions import ACTION, actionlint, run, zizmor

    text = (Path(__file__).resolve().parents[1] / "docs" / "rfc-command.md").read_text(encoding="utf-8")
    workflow = text.split("<!-- workflow: rfc-site -->\n", 1)[1].split("```yaml\n", 1)[1].split("```\n", 1)[0]
    run(["git", "init", "-q"], tmp_path, check=True)
    shutil.copy(ACTION, tmp_path / "action.yml")
    path = tmp_path / ".github" / "workflows" / "rfc-site.yml"
    path.parent.mkdir(parents=True)
    path.write_text(workflow.replace("mindspore/rfc-template@main", "./"), encoding="utf-8")
    done = actionlint(path.relative_to(tmp_path), cwd=tmp_path)  # the inputs and outputs against action.yml
    assert done.returncode == 0, done.stdout + done.stderr
    pinned = re.sub(r"@(main|v\d+)\b", "@" + "0" * 40, workflow)  # pinned, as its comments say
    path.write_text(pinned, encoding="utf-8")
    done = zizmor(".github/workflows/rfc-site.yml", cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
