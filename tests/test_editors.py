"""docs/editors.md as written: the Neovim configuration run in a real Neovim (Debian's,
headless), the VS Code problem matcher applied to `rfc check`'s real output, and the
VS Code extension folder (editors/vscode) consistent with the server it starts."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
EDITORS_DOC = ROOT / "docs" / "editors.md"
FILLED = ROOT / "tests" / "corpus" / "zh-optimizer-offload"
BIN = Path(sys.executable).parent  # where pip put `rfc`


def block_after(marker: str) -> str:
    """The fenced block right after the `<!-- marker ... -->` line of docs/editors.md."""
    text = EDITORS_DOC.read_text(encoding="utf-8")
    start = text.index(f"<!-- {marker}")
    fence = text.index("```", start)
    body = text.index("\n", fence) + 1
    return text[body : text.index("\n```", body) + 1]


def rfc_repository(tmp_path: Path) -> Path:
    """A repository with one RFC under review, with a mistake: an unknown backend (RFC106)."""
    folder = tmp_path / "docs" / "design" / "offload"
    shutil.copytree(FILLED, folder, ignore=shutil.ignore_patterns("cases.json"))
    rfc = folder / "rfc.md"
    rfc.write_text(rfc.read_text(encoding="utf-8").replace("| 适用后端 | PT + MS |", "| 适用后端 | PT + TF |"))
    (folder / "README.md").write_text(rfc.read_text(encoding="utf-8"), encoding="utf-8")  # not an RFC's name
    return folder


NEOVIM_PROBE = r"""
local out = vim.env.RFC_PROBE_OUT
local function dump()
  return vim.tbl_map(function(d)
    local code = d.code or (d.user_data and d.user_data.lsp and d.user_data.lsp.code)
    return { lnum = d.lnum, col = d.col, code = code, message = d.message }
  end, vim.diagnostic.get(0))
end
vim.defer_fn(function()
  vim.wait(60000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  local found = { rfc = dump() }
  vim.cmd("edit README.md")
  vim.wait(2000, function() return #vim.diagnostic.get(0) > 0 end, 50)
  found.readme = dump()
  vim.fn.writefile({ vim.fn.json_encode(found) }, out)
  vim.cmd("qa!")
end, 10)
"""


def test_the_documented_neovim_configuration_shows_the_findings(tmp_path):
    nvim = shutil.which("nvim")
    if nvim is None:
        if os.environ.get("CI"):
            pytest.fail("Neovim is needed here (Debian's neovim: .ci/run installs it)")
        pytest.skip("Neovim is not installed (apt-get install neovim)")
    folder = rfc_repository(tmp_path)
    init = tmp_path / "init.lua"
    init.write_text(block_after("the Neovim configuration"), encoding="utf-8")
    probe = tmp_path / "probe.lua"
    probe.write_text(NEOVIM_PROBE, encoding="utf-8")
    out = tmp_path / "found.json"
    env = {
        "PATH": f"{BIN}:/usr/bin:/bin",
        "HOME": str(tmp_path),
        "XDG_CONFIG_HOME": str(tmp_path / "config"),
        "XDG_DATA_HOME": str(tmp_path / "data"),
        "XDG_STATE_HOME": str(tmp_path / "state"),
        "RFC_PROBE_OUT": str(out),
    }
    done = subprocess.run(
        [nvim, "--headless", "-u", str(init), "-c", f"luafile {probe}", "rfc.md"],
        cwd=folder,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        stdin=subprocess.DEVNULL,
    )
    assert out.exists(), done.stdout + done.stderr
    found = json.loads(out.read_text(encoding="utf-8"))
    line = (folder / "rfc.md").read_text(encoding="utf-8").split("\n").index("| 适用后端 | PT + TF |")
    assert [(d["lnum"], d["code"]) for d in found["rfc"]] == [(line, "RFC106")]
    assert found["readme"] == []  # other Markdown files get no diagnostics


def test_the_documented_problem_matcher_reads_rfc_check_output(tmp_path):
    task = json.loads(block_after("the VS Code problem matcher"))["tasks"][0]
    pattern = task["problemMatcher"]["pattern"]
    regexp = re.compile(pattern["regexp"])
    draft = tmp_path / "draft"
    subprocess.run(
        [BIN / "rfc", "new", "--no-input", "--title", "测试", "--author", "Ann", "--module", "trainer"]
        + ["--slug", "draft", "--output-dir", str(tmp_path)],
        check=True,
        capture_output=True,
    )
    rfc = draft / "rfc.md"
    text = subprocess.run(
        [BIN / "rfc", "check", "--stage", "review", str(rfc)], capture_output=True, text=True
    ).stdout.splitlines()
    found = [
        json.loads(line)
        for line in subprocess.run(
            [BIN / "rfc", "check", "--stage", "review", "--format", "json", str(rfc)], capture_output=True, text=True
        ).stdout.splitlines()
    ]
    assert len(text) == len(found) > 20 and {f["severity"] for f in found} == {"error", "warning"}
    for line, finding in zip(text, found):
        match = regexp.match(line)
        assert match, line
        assert match.group(pattern["file"]) == str(rfc)
        assert int(match.group(pattern["line"])) == finding["line"]
        assert int(match.group(pattern["column"])) == finding["col"]
        assert match.group(pattern["code"]) == finding["code"]
        assert (match.group(pattern["severity"]) or "error") == finding["severity"]
        assert match.group(pattern["message"]) == finding["message"]


def test_the_vscode_extension_starts_rfc_lsp_with_its_settings():
    folder = ROOT / "editors" / "vscode"
    manifest = json.loads((folder / "package.json").read_text(encoding="utf-8"))
    script = (folder / manifest["main"]).read_text(encoding="utf-8")
    assert "onLanguage:markdown" in manifest["activationEvents"]
    settings = set(manifest["contributes"]["configuration"]["properties"])
    read = {f"rfcLsp.{name}" for name in re.findall(r'settings\.get\("(\w+)"\)', script)}
    assert read == settings == {"rfcLsp.path", "rfcLsp.diagrams"}
    options = subprocess.run([BIN / "rfc", "lsp", "--help"], capture_output=True, text=True, check=True).stdout
    assert all(option in options for option in re.findall(r'"(--[\w-]+)"', script))
    node = shutil.which("node")
    if node is None:
        if os.environ.get("CI"):
            pytest.fail("Node.js is needed here")
        pytest.skip("Node.js is not installed")
    subprocess.run([node, "--check", str(folder / manifest["main"])], check=True)
