"""An RFC's lifecycle: supersession that both sides agree on (RFC342), and `rfc status`.

The RFCs are made with `rfc new` in both editions; what is judged is the text of the
files (every byte but the changed rows kept) and rfc check's findings.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

PROJECT = Path(__file__).resolve().parents[1]
STATUSES = json.loads((PROJECT / "cookiecutter.json").read_text(encoding="utf-8"))["_statuses"]


def rfc(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run(
        [sys.executable, "-m", "rfc_template", *args], cwd=cwd, capture_output=True, text=True, timeout=120
    )


def new(cwd: Path, slug: str, language: str = "zh") -> Path:
    done = rfc(
        "new", "--no-input", "--author", "A", "--slug", slug, "--language", language, "--output-dir", "rfcs", cwd=cwd
    )
    assert done.returncode == 0, done.stderr
    return cwd / "rfcs" / slug / "rfc.md"


def add_row(path: Path, after: str, row: str) -> None:
    text = path.read_text(encoding="utf-8")
    line = next(line for line in text.split("\n") if line.startswith(f"| {after} |"))
    path.write_text(text.replace(line + "\n", f"{line}\n{row}\n", 1), encoding="utf-8")


def codes(path: Path, cwd: Path) -> list[tuple[int, str]]:
    done = rfc("check", "--format", "json", str(path), cwd=cwd)
    return [(f["line"], f["code"]) for f in map(json.loads, done.stdout.splitlines())]


# --- RFC342: both sides agree, and the target exists ---------------------------------------------


@pytest.mark.parametrize(
    "language, keys",
    [("zh", ("状态", "替代", "被替代")), ("en", ("Status", "Supersedes", "Superseded by"))],
)
@pytest.mark.parametrize("naming", ["link", "path", "folder"], ids=["as-a-link", "as-a-path", "by-folder-name"])
def test_supersession_named_on_both_sides_passes(tmp_path, language, keys, naming):
    status, supersedes, superseded_by = keys
    old, newer = new(tmp_path, "old-design", language), new(tmp_path, "new-design", language)
    name = {"link": "[the old design](../{}/rfc.md)", "path": "../{}/rfc.md", "folder": "{}"}[naming]
    add_row(newer, status, f"| {supersedes} | {name.format('old-design')} |")
    add_row(old, status, f"| {superseded_by} | {name.format('new-design')} |")
    assert codes(newer, tmp_path) == [] and codes(old, tmp_path) == []


def test_a_one_sided_supersession_is_reported_on_the_side_that_names(tmp_path):
    old, newer = new(tmp_path, "old-design"), new(tmp_path, "new-design")
    add_row(newer, "状态", "| 替代 | ../old-design/rfc.md |")
    row = newer.read_text(encoding="utf-8").split("\n").index("| 替代 | ../old-design/rfc.md |") + 1
    assert codes(newer, tmp_path) == [(row, "RFC342")]
    done = rfc("check", str(newer), cwd=tmp_path)
    assert "被替代 row does not name this RFC back" in done.stdout
    assert codes(old, tmp_path) == []  # the old RFC names nothing: nothing to check there


def test_a_supersession_of_an_rfc_that_is_not_there_is_reported(tmp_path):
    newer = new(tmp_path, "new-design", "en")
    add_row(newer, "Status", "| Supersedes | [v1](../no-such-design/rfc.md), old-design |")
    done = rfc("check", str(newer), cwd=tmp_path)
    assert done.returncode == 1 and done.stdout.count("RFC342") == 1  # a link given: the link is what it names
    assert "'../no-such-design/rfc.md', which is no RFC" in done.stdout


def test_lifecycle_rows_are_no_misspelt_keys_and_checked_read_from_stdin_say_nothing(tmp_path):
    newer = new(tmp_path, "new-design")
    add_row(newer, "状态", "| 替代 | old-design |")
    text = newer.read_text(encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", "-"], input=text, cwd=tmp_path, capture_output=True, text=True
    )
    assert done.returncode == 0 and "RFC102" not in done.stdout, done.stdout


# --- rfc status ------------------------------------------------------------------------------------


@pytest.mark.parametrize("language", ["zh", "en"])
def test_rfc_status_moves_forward_and_records_the_date(tmp_path, language):
    path = new(tmp_path, "design", language)
    before = path.read_text(encoding="utf-8").split("\n")
    done = rfc(
        "status", str(path.parent), "Reviewing" if language == "zh" else "评审中", "--date", "2026-12-01", cwd=tmp_path
    )
    assert done.returncode == 0, done.stderr
    after = path.read_text(encoding="utf-8").split("\n")
    status_key, changed_key = ("状态", "状态变更") if language == "zh" else ("Status", "Status changed")
    at = next(n for n, line in enumerate(before) if line.startswith(f"| {status_key} |"))
    wanted = "评审中 Reviewing" if language == "zh" else "Reviewing"
    assert after == [*before[:at], f"| {status_key} | {wanted} |", f"| {changed_key} | 2026-12-01 |", *before[at + 1 :]]
    done = rfc("status", str(path), STATUSES[2], "--date", "2026-12-05", cwd=tmp_path)  # 已接受 Accepted
    assert done.returncode == 0, done.stderr
    again = path.read_text(encoding="utf-8").split("\n")
    assert again[at + 1] == f"| {changed_key} | 2026-12-05 |" and len(again) == len(after)  # the row is updated
    assert rfc("check", "--stage", "draft", str(path), cwd=tmp_path).returncode == 0


@pytest.mark.parametrize(
    "wanted, said",
    [
        ("草稿", "would go back"),
        ("评审中 Reviewing", "评审中 Reviewing is"),
        (
            "Merged",
            "unknown status 'Merged'; the statuses are 草稿 Draft, 评审中 Reviewing, 已接受 Accepted, 已拒绝 Rejected",
        ),
    ],
    ids=["backwards", "the-same", "unknown"],
)
def test_rfc_status_refuses_and_names_the_allowed_ones(tmp_path, wanted, said):
    path = new(tmp_path, "design")
    assert rfc("status", str(path), "评审中", cwd=tmp_path).returncode == 0
    kept = path.read_bytes()
    done = rfc("status", str(path), wanted, cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and said in done.stderr, done.stderr
    if wanted != "Merged":
        assert "it can move on to 已接受 Accepted, 已拒绝 Rejected" in done.stderr
    assert path.read_bytes() == kept


def test_rfc_status_keeps_crlf_and_a_byte_order_mark(tmp_path):
    path = new(tmp_path, "design")
    text = path.read_text(encoding="utf-8")
    path.write_bytes(b"\xef\xbb\xbf" + text.replace("\n", "\r\n").encode("utf-8"))
    assert rfc("status", str(path), "Reviewing", "--date", "2026-12-01", cwd=tmp_path).returncode == 0
    raw = path.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf") and b"\n" not in raw.replace(b"\r\n", b"")
    wanted = text.replace("| 状态 | 草稿 Draft |", "| 状态 | 评审中 Reviewing |\n| 状态变更 | 2026-12-01 |")
    assert raw[3:].decode("utf-8") == wanted.replace("\n", "\r\n")


def test_rfc_status_on_no_rfc_is_one_message(tmp_path):
    (tmp_path / "notes.md").write_text("# notes\n", encoding="utf-8")
    for path in ("notes.md", "missing/rfc.md"):
        done = rfc("status", path, "Reviewing", cwd=tmp_path)
        assert done.returncode == 2 and done.stderr.count("\n") == 1 and "Traceback" not in done.stderr, done.stderr


def test_the_lifecycle_rows_are_cookiecutter_jsons():
    from rfc_template import lifecycle

    keys = json.loads((PROJECT / "cookiecutter.json").read_text(encoding="utf-8"))["_lifecycle_keys"]
    assert {lifecycle.SUPERSEDES, lifecycle.SUPERSEDED_BY, lifecycle.STATUS_CHANGED} == set(keys)


@pytest.mark.parametrize("one_sided", [False, True], ids=["both-sides", "one-side"])
def test_supersession_between_rfcs_filled_by_hand(tmp_path, one_sided):
    # the two examples, in either edition, as a repository keeps them
    for name in ("fsdp-grad-comm-overlap", "ulysses-sequence-parallel"):
        shutil.copytree(PROJECT / "examples" / name, tmp_path / name)
    zh, en = tmp_path / "fsdp-grad-comm-overlap/rfc.md", tmp_path / "ulysses-sequence-parallel/rfc.md"
    add_row(en, "Status", "| Supersedes | [FSDP overlap](../fsdp-grad-comm-overlap/rfc.md) |")
    if not one_sided:
        add_row(zh, "状态", "| 被替代 | ulysses-sequence-parallel |")
    found = codes(en, tmp_path) + codes(zh, tmp_path)
    assert [code for _, code in found] == (["RFC342"] if one_sided else [])
    for path in (zh, en):  # the rows are no other rule's business: the RFCs pass review as before
        done = rfc("check", "--stage", "review", str(path), cwd=tmp_path)
        assert done.stdout.count("\n") == (1 if one_sided and path == en else 0), done.stdout
