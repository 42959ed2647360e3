"""Every bad answer ends in one clear message naming the field, and leaves nothing behind."""

from __future__ import annotations

import pytest

BAD_ANSWERS = [
    ({"author": ""}, "author: required"),
    ({"author": "   "}, "author: required"),
    ({"author": "张三\n## 注入"}, "author: contains the control"),
    ({"rfc_title": ""}, "rfc_title: required"),
    ({"modules": "pipeline"}, "modules: unknown 'pipeline'"),
    ({"modules": "distributed, fsdp"}, "modules: unknown 'fsdp'"),
    ({"modules": " ,， "}, "modules: name at least one of"),
    ({"rfc_slug": "Bad Slug"}, "rfc_slug: 'Bad Slug' is not a safe directory name"),
    ({"rfc_slug": "../escape"}, "rfc_slug: '../escape' is not a safe directory name"),
    ({"rfc_slug": "a/b"}, "rfc_slug: 'a/b' is not a safe directory name"),
    ({"rfc_slug": "double--hyphen"}, "rfc_slug:"),
    ({"related_issue": "issue 12"}, "related_issue: 'issue 12' is not a link"),
    ({"related_issue": "#0"}, "related_issue:"),
    ({"related_issue": "javascript:alert(1)"}, "related_issue:"),
    ({"date": "2026-02-30"}, "date: '2026-02-30' is not a real date"),
    ({"date": "2026/12/01"}, "date: '2026/12/01' is not a real date"),
    ({"date": "tomorrow"}, "date:"),
]


def answer_id(case) -> str:
    answers, _ = case
    return ",".join(f"{k}:{v!r}" for k, v in answers.items())


@pytest.mark.parametrize("answers, message", BAD_ANSWERS, ids=[answer_id(c) for c in BAD_ANSWERS])
def test_bad_answer_is_refused_cleanly(bake, capfd, answers, message):
    baked = bake(ok=False, **answers)
    assert message in str(baked.exception)
    assert "Traceback" not in capfd.readouterr().err
    assert baked.output_entries() == [], "a refused bake must leave nothing behind"
    assert not (baked.output_dir.parent / "escape").exists()


def test_all_problems_are_reported_at_once(bake, capfd):
    baked = bake(ok=False, author="", modules="fsdp", date="2026-13-01")
    message = str(baked.exception)
    for field in ("author:", "modules:", "date:"):
        assert field in message
    assert message.count("ERROR") == 1


def test_hook_reads_answers_as_data_not_code(bake, tmp_path, monkeypatch):
    """A value crafted to break out of a Python string in a hook runs nothing."""
    marker = tmp_path / "PWNED"
    payload = f"x\"\"\"; open({str(marker)!r}, 'w'); r\"\"\"'); open({str(marker)!r}, 'w'); ('"
    baked = bake(author=payload, rfc_title=payload, rfc_slug="payload")
    assert not marker.exists()
    # the author may hold quotes and backslashes; the title too: both come out as typed
    assert baked.exit_code == 0, baked.exception
    assert payload.replace("'", "'") in baked.read().replace("\\", "")
