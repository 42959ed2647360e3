"""Prompts edit like a shell's, in a real terminal (a pseudo-terminal driven by pexpect).

An arrow key moves the cursor instead of landing in the answer as `\\x1b[D`, and the
up arrow recalls an earlier answer: in `rfc new` and in plain cookiecutter's prompts.
"""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pexpect

PROJECT = Path(__file__).resolve().parents[1]
LEFT, UP = "\x1b[D", "\x1b[A"
# "Ring Atention", six steps back to just after "At", then the missing "t"
MISTYPED_TITLE = "Ring Atention" + LEFT * 6 + "t"


def terminal(argv: list[str], cwd: Path):
    env = {**os.environ, "TERM": "xterm", "COLUMNS": "200", "LINES": "50", "NO_COLOR": "1"}
    child = pexpect.spawn(argv[0], argv[1:], cwd=str(cwd), env=env, encoding="utf-8", timeout=60, dimensions=(50, 200))
    return child


def answers_of(rfc_dir: Path) -> dict:
    return json.loads((rfc_dir / ".rfc-answers.json").read_text(encoding="utf-8"))["cookiecutter"]


def test_rfc_new_prompts_edit_with_the_arrow_keys_and_recall_history(tmp_path):
    argv = [sys.executable, "-m", "rfc_template", "new", "--output-dir", "out", "--language", "zh"]
    argv += ["--module", "distributed", "--backend", "PT", "--issue", "", "--type", "功能补全", "--date", "2026-12-01"]
    child = terminal(argv, tmp_path)
    child.expect("特性名称")
    child.sendline(MISTYPED_TITLE)
    child.expect("目录名")
    child.sendline("")  # the slug derived from the edited title
    child.expect("作者")
    child.sendline(UP)  # the previous answer, the title, recalled
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    recorded = answers_of(tmp_path / "out" / "ring-attention")
    assert recorded["rfc_title"] == "Ring Attention"
    assert recorded["author"] == "Ring Attention"


def test_plain_cookiecutter_prompts_edit_with_the_arrow_keys(tmp_path):
    child = terminal([sys.executable, "-m", "cookiecutter", str(PROJECT), "-o", "out"], tmp_path)
    child.expect("Language")
    child.sendline("")
    child.expect("Feature name")
    child.sendline(MISTYPED_TITLE)
    child.expect("Directory name")
    child.sendline("")
    child.expect("Author")
    child.sendline("张三")
    for question in ("Modules", "Backend", "issue", "Background category", "Creation date"):
        child.expect(question)
        child.sendline("")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0, child.before
    recorded = answers_of(tmp_path / "out" / "ring-attention")
    assert recorded["rfc_title"] == "Ring Attention" and recorded["rfc_slug"] == "ring-attention"


def test_escape_sequences_never_reach_the_slug():
    """Where a prompt has no line editing (a terminal without readline), the keys arrive
    as escape sequences: the title is refused for its control character, and the slug
    derived from it holds none of their letters."""
    from rfc_template.answers import field_problems
    from rfc_template.jinja import slug_of
    from rfc_template.template import load_rules

    typed = "Ring Atention\x1b[D\x1b[Dt\x1bOC\x1b[1;5D"
    assert slug_of(typed, max_length=60, word_boundary=True) == "ring-atentiont"
    assert field_problems("rfc_title", typed, load_rules())  # the title itself is refused, with its reason
