"""`.rfc-answers.json` is a cookiecutter replay file: real cookiecutter regenerates the
same RFC from it, and it says which template (version, commit) made the RFC."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from rfc_template import __version__

PROJECT = Path(__file__).resolve().parents[1]
COOKIECUTTER = [sys.executable, "-m", "cookiecutter"]

VARIANTS = [
    {"author": "张三", "date": "2026-12-01"},
    {
        "language": "en",
        "rfc_title": "Ulysses sequence parallel",
        "author": "Li Si",
        "modules": "distributed, trainer",
        "backend": "MS",
        "rfc_type": "性能优化",
        "related_issue": "#284",
        "date": "2026-11-30",
    },
]


def head_commit() -> str:
    done = subprocess.run(["git", "-C", str(PROJECT), "rev-parse", "HEAD"], capture_output=True, text=True)
    if done.returncode != 0:
        pytest.skip("not a git checkout")
    return done.stdout.strip()


def cookiecutter(*args: str, cwd: Path) -> subprocess.CompletedProcess:
    return subprocess.run([*COOKIECUTTER, *args], cwd=cwd, capture_output=True, text=True, stdin=subprocess.DEVNULL)


def files_of(folder: Path) -> dict[str, bytes]:
    return {p.relative_to(folder).as_posix(): p.read_bytes() for p in sorted(folder.rglob("*")) if p.is_file()}


@pytest.mark.parametrize("answers", VARIANTS, ids=lambda a: f"language:{a.get('language', 'zh')}")
def test_replaying_the_answers_makes_the_same_rfc(answers, tmp_path):
    first = cookiecutter("--no-input", str(PROJECT), *(f"{k}={v}" for k, v in answers.items()), "-o", "a", cwd=tmp_path)
    assert first.returncode == 0, first.stderr
    (made,) = (tmp_path / "a").iterdir()
    replayed = cookiecutter("--replay-file", str(made / ".rfc-answers.json"), str(PROJECT), "-o", "b", cwd=tmp_path)
    assert replayed.returncode == 0, replayed.stderr
    again = tmp_path / "b" / made.name
    assert files_of(again) == files_of(made)
    recorded = json.loads((made / ".rfc-answers.json").read_text(encoding="utf-8"))
    assert {k: recorded["cookiecutter"][k] for k in answers} == answers


def test_the_answers_record_the_templates_version_and_commit(tmp_path):
    done = cookiecutter("--no-input", str(PROJECT), "author=张三", "-o", "a", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    (made,) = (tmp_path / "a").iterdir()
    recorded = json.loads((made / ".rfc-answers.json").read_text(encoding="utf-8"))
    assert recorded["rfc_template"] == {"name": "rfc-template", "version": __version__, "commit": head_commit()}


def test_a_replayed_bad_answer_is_refused_and_nothing_is_made(tmp_path):
    done = cookiecutter("--no-input", str(PROJECT), "author=张三", "rfc_slug=one", "-o", "a", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    replay = tmp_path / "edited.json"
    recorded = json.loads((tmp_path / "a" / "one" / ".rfc-answers.json").read_text(encoding="utf-8"))
    recorded["cookiecutter"].update(author="", modules="pipeline")
    replay.write_text(json.dumps(recorded), encoding="utf-8")
    refused = cookiecutter("--replay-file", str(replay), str(PROJECT), "-o", "b", cwd=tmp_path)
    said = refused.stdout + refused.stderr  # cookiecutter's command line prints a refusal on stdout
    assert refused.returncode == 1
    assert "author: required" in said and "modules: unknown 'pipeline'" in said
    assert "Traceback" not in said
    assert not (tmp_path / "b").exists()


def test_rfc_version_names_the_commit():
    done = subprocess.run([sys.executable, "-m", "rfc_template", "--version"], capture_output=True, text=True)
    assert done.returncode == 0
    assert f"commit {head_commit()[:12]}" in done.stdout


def test_a_wheel_records_the_commit_it_was_built_from(tmp_path):
    done = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "-q", str(PROJECT), "-w", tmp_path],
        capture_output=True,
        text=True,
    )
    assert done.returncode == 0, done.stderr
    import zipfile

    (wheel,) = tmp_path.glob("*.whl")
    with zipfile.ZipFile(wheel) as archive:
        assert archive.read("rfc_template/_commit.txt").decode().strip() == head_commit()
