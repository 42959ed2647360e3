"""`rfc lsp` driven over stdio as an editor drives it (pytest-lsp): open, edit, save, close,
code actions, hover, the files it checks, hostile and huge documents, Mermaid on save.

The server's diagnostics are judged against `rfc check --format json` run on the same
file (the command the docs and CI use), and against mistakes made by hand at known lines.
Each test runs for three editors' capabilities, as pytest-lsp records them: VS Code
(UTF-16 positions), Neovim 0.11 (UTF-8 first) and Emacs 29 (UTF-32 first): every column
must be in the encoding the server chose.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
import pytest_lsp
from lsprotocol import types
from pygls.protocol import default_converter
from pytest_lsp import ClientServerConfig, LanguageClient, client_capabilities
from pytest_lsp.client import DEFAULT_CLIENT_FEATURES, register_lsp_features

ROOT = Path(__file__).resolve().parent.parent
CORPUS = ROOT / "tests" / "corpus"
OFFLOAD = CORPUS / "zh-optimizer-offload" / "rfc.md"  # filled by hand, status 评审中: reviewed
SERVER = [sys.executable, "-m", "rfc_template", "lsp"]
WAIT = 60  # seconds: a generous bound for a slow CI machine, never reached when it works


@pytest.fixture(autouse=True)
def no_running_loop_of_playwright():
    """Playwright's sync API (the session's Mermaid browser, tests/browser.py) leaves its
    event loop marked as running in this thread between calls, and pytest-asyncio refuses
    to start a loop then: the mark is set aside for each test here, and put back."""
    running = asyncio.events._get_running_loop()
    asyncio.events._set_running_loop(None)
    yield
    asyncio.events._set_running_loop(running)


def recording_client() -> LanguageClient:
    """pytest-lsp's client, also keeping every publishDiagnostics with its version, in order."""
    client = LanguageClient(converter_factory=default_converter)
    client.published = []  # type: ignore[attr-defined]

    def publish(client: LanguageClient, params: types.PublishDiagnosticsParams) -> None:
        client.published.append(params)  # type: ignore[attr-defined]
        client.diagnostics[params.uri] = params.diagnostics

    register_lsp_features(client, {**DEFAULT_CLIENT_FEATURES, types.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS: publish})
    return client


def server_config(*options: str, env: dict | None = None) -> ClientServerConfig:
    return ClientServerConfig(server_command=[*SERVER, *options], client_factory=recording_client, server_env=env)


EDITORS = ["visual-studio-code", "neovim@v0.11.0", "emacs@v29.1"]


@pytest_lsp.fixture(config=server_config(), params=EDITORS)
async def client(lsp_client: LanguageClient, request):
    result = await lsp_client.initialize_session(
        types.InitializeParams(capabilities=client_capabilities(request.param))
    )
    lsp_client.encoding = result.capabilities.position_encoding or "utf-16"  # type: ignore[attr-defined]
    assert lsp_client.encoding == {"visual": "utf-16", "neovim": "utf-8", "emacs@": "utf-32"}[request.param[:6]]
    yield
    await lsp_client.shutdown_session()


@pytest_lsp.fixture(config=server_config())
async def editor(lsp_client: LanguageClient):
    """One editor (VS Code's capabilities), for what does not depend on positions' encoding."""
    await lsp_client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
    lsp_client.encoding = "utf-16"  # type: ignore[attr-defined]
    yield
    await lsp_client.shutdown_session()


async def published(client: LanguageClient, uri: str, version: int | None = None) -> list[types.Diagnostic]:
    """The newest diagnostics published for `uri` (of `version`, if given), waiting for them."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + WAIT
    while True:
        for params in reversed(client.published):  # type: ignore[attr-defined]
            if params.uri == uri and (version is None or params.version == version):
                return list(params.diagnostics)
        if loop.time() > deadline:
            raise AssertionError(f"no diagnostics for {uri} (version {version}) in {WAIT} s")
        await asyncio.sleep(0.02)


async def round_trip(client: LanguageClient, uri: str) -> None:
    """A request answered: every notification sent before it has been handled by the server."""
    await client.text_document_hover_async(
        types.HoverParams(text_document=types.TextDocumentIdentifier(uri=uri), position=types.Position(0, 0))
    )


def open_document(client: LanguageClient, path: Path, text: str | None = None, version: int = 1) -> str:
    uri = path.as_uri()
    text = path.read_text(encoding="utf-8") if text is None else text
    client.text_document_did_open(
        types.DidOpenTextDocumentParams(
            text_document=types.TextDocumentItem(uri=uri, language_id="markdown", version=version, text=text)
        )
    )
    return uri


def change(client: LanguageClient, uri: str, version: int, old_text: str, old: str, new: str) -> str:
    """An incremental change replacing the first `old` by `new`, as editors send it."""
    offset = old_text.index(old)
    line = old_text.count("\n", 0, offset)
    start = offset - (old_text.rfind("\n", 0, offset) + 1)
    end_offset = offset + len(old)
    end_line = old_text.count("\n", 0, end_offset)
    end = end_offset - (old_text.rfind("\n", 0, end_offset) + 1)
    prefix, suffix = old_text.split("\n")[line][:start], old_text.split("\n")[end_line][:end]
    client.text_document_did_change(
        types.DidChangeTextDocumentParams(
            text_document=types.VersionedTextDocumentIdentifier(uri=uri, version=version),
            content_changes=[
                types.TextDocumentContentChangePartial(
                    range=types.Range(
                        types.Position(line, units(client, prefix)), types.Position(end_line, units(client, suffix))
                    ),
                    text=new,
                )
            ],
        )
    )
    return old_text.replace(old, new, 1)


def units(client: LanguageClient, text: str) -> int:
    """How long `text` is in the positions the client and server agreed on."""
    encoding = client.encoding  # type: ignore[attr-defined]
    if encoding == "utf-8":
        return len(text.encode("utf-8"))
    if encoding == "utf-32":
        return len(text)
    return len(text.encode("utf-16-le")) // 2


def rfc_check_json(path: Path, *options: str) -> list[dict]:
    done = subprocess.run(
        [sys.executable, "-m", "rfc_template", "check", "--format", "json", *options, str(path)],
        capture_output=True,
        text=True,
        cwd=path.parent,
    )
    assert done.returncode in (0, 1), done.stderr
    return [json.loads(line) for line in done.stdout.splitlines()]


def as_found(client: LanguageClient, diagnostics: list[types.Diagnostic], text: str) -> list[tuple]:
    """(line, col, code, severity, message) of each diagnostic, 1-based in code points as rfc check writes them."""
    lines = text.split("\n")
    found = []
    for d in diagnostics:
        line = lines[d.range.start.line]
        col = next(i for i in range(len(line) + 1) if units(client, line[:i]) == d.range.start.character) + 1
        severity = "warning" if d.severity == types.DiagnosticSeverity.Warning else "error"
        found.append((d.range.start.line + 1, col, d.code, severity, d.message))
    return sorted(found)


def copy_rfc(tmp_path: Path, source: Path = OFFLOAD, name: str = "rfc.md") -> Path:
    folder = tmp_path / "docs" / "design" / source.parent.name
    shutil.copytree(source.parent, folder, ignore=shutil.ignore_patterns("cases.json"))
    if name != "rfc.md":
        (folder / "rfc.md").rename(folder / name)
    return folder / name


MISTAKE = ("| 适用后端 | PT + MS |", "| 适用后端 | PT + TF |")  # RFC106: a backend that is not one


@pytest.mark.asyncio
async def test_open_publishes_what_rfc_check_reports(client: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    text = rfc.read_text(encoding="utf-8").replace(*MISTAKE).replace("| UT | 24 |", "| UT | 待定 😀 xxx |")
    rfc.write_text(text, encoding="utf-8")
    uri = open_document(client, rfc)
    diagnostics = await published(client, uri, 1)
    expected = sorted((f["line"], f["col"], f["code"], f["severity"], f["message"]) for f in rfc_check_json(rfc))
    assert {code for _, _, code, _, _ in expected} >= {"RFC106", "RFC301"}  # the mistakes, found by the command
    assert as_found(client, diagnostics, text) == expected
    for d in diagnostics:
        assert d.source == "rfc"
        assert d.code_description.href.endswith(f"docs/rules/{d.code}.md")


@pytest.mark.asyncio
async def test_a_change_is_checked_and_the_newest_text_wins(client: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    text = rfc.read_text(encoding="utf-8")
    uri = open_document(client, rfc, text)
    assert await published(client, uri, 1) == []  # the hand-filled RFC is clean
    text = change(client, uri, 2, text, *MISTAKE)
    mistaken = await published(client, uri, 2)
    line = text.split("\n").index("| 适用后端 | PT + TF |") + 1
    assert [(d.range.start.line + 1, d.code) for d in mistaken] == [(line, "RFC106")]
    for version in range(3, 23):  # typing fast: each keystroke a change, none waited for
        text = change(
            client, uri, version, text, "PT + TF" if version % 2 else "PT + MS", "PT + MS" if version % 2 else "PT + TF"
        )
    assert "PT + TF" in text
    assert [(d.range.start.line + 1, d.code) for d in await published(client, uri, 22)] == [(line, "RFC106")]
    await round_trip(client, uri)
    versions = [p.version for p in client.published if p.uri == uri]  # type: ignore[attr-defined]
    assert versions == sorted(versions)  # never a stale check published after a newer one


@pytest.mark.asyncio
async def test_the_stage_follows_the_status(editor: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    text = rfc.read_text(encoding="utf-8").replace("| UT | 24 |", "| UT | xxx |")
    uri = open_document(editor, rfc, text)
    assert [d.code for d in await published(editor, uri, 1)] == ["RFC301"]  # 评审中: reviewed
    text = change(editor, uri, 2, text, "| 状态 | 评审中 Reviewing |", "| 状态 | 草稿 Draft |")
    assert await published(editor, uri, 2) == []  # a draft: slots may wait


@pytest.mark.asyncio
async def test_configuration_and_waivers_apply(editor: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    (tmp_path / ".rfc.toml").write_text('ignore = ["RFC106"]\n', encoding="utf-8")
    text = rfc.read_text(encoding="utf-8").replace(*MISTAKE)
    text = text.replace("| UT | 24 |", "| UT | xxx <!-- rfc-disable-line RFC301 -- counted in PR2 --> |")
    uri = open_document(editor, rfc, text)
    assert await published(editor, uri, 1) == []


@pytest.mark.asyncio
async def test_only_rfcs_get_diagnostics(editor: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    other = rfc.with_name("README.md")
    other.write_text(rfc.read_text(encoding="utf-8").replace(*MISTAKE), encoding="utf-8")
    other_uri = open_document(editor, other)
    await round_trip(editor, other_uri)
    uri = open_document(editor, rfc)
    await published(editor, uri, 1)
    await round_trip(editor, uri)
    assert other_uri not in editor.diagnostics
    (tmp_path / ".rfc.toml").write_text('extend-include = ["docs/design/*/README.md"]\n', encoding="utf-8")
    included = open_document(editor, other.with_name("README.md"), version=2)
    assert [d.code for d in await published(editor, included, 2)] == ["RFC106"]


@pytest.mark.asyncio
async def test_save_and_close(editor: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    text = rfc.read_text(encoding="utf-8").replace(*MISTAKE)
    uri = open_document(editor, rfc, text)
    assert [d.code for d in await published(editor, uri, 1)] == ["RFC106"]
    rfc.write_text(text, encoding="utf-8")
    editor.text_document_did_save(types.DidSaveTextDocumentParams(text_document=types.TextDocumentIdentifier(uri=uri)))
    await round_trip(editor, uri)
    assert [d.code for d in await published(editor, uri)] == ["RFC106"]
    editor.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri)))
    await round_trip(editor, uri)
    assert await published(editor, uri, None) == []


@pytest.mark.asyncio
async def test_code_actions_waive_and_fix(client: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    copy = rfc.parent / "diagrams" / "flowchart.mmd"
    copy.write_text("flowchart TD\n    A --> B\n", encoding="utf-8")
    os.utime(copy, (1, 1))  # a stale copy nobody drew in since rfc.md was saved
    text = rfc.read_text(encoding="utf-8").replace("| UT | 24 |", "| UT | xxx xxx |")
    uri = open_document(client, rfc, text)
    diagnostics = await published(client, uri, 1)
    assert sorted(d.code for d in diagnostics) == ["RFC203", "RFC301", "RFC301"]  # one waiver covers both slots
    actions = await client.text_document_code_action_async(
        types.CodeActionParams(
            text_document=types.TextDocumentIdentifier(uri=uri),
            range=types.Range(types.Position(0, 0), types.Position(len(text.split("\n")), 0)),
            context=types.CodeActionContext(diagnostics=diagnostics),
        )
    )
    titles = sorted(action.title for action in actions)
    assert titles == [
        "Rewrite diagrams/flowchart.mmd from this block (rfc check --fix)",
        "Waive RFC203 (stale-diagram-file) in this code block",
        "Waive RFC301 (xxx-slot-left) on this line",
    ]
    fix = next(a for a in actions if a.title.startswith("Rewrite"))
    (edit,) = fix.edit.changes[copy.as_uri()]
    assert edit.range.start == types.Position(0, 0) and "A --> B" not in edit.new_text
    waive = next(a for a in actions if "RFC301" in a.title)
    (insert,) = waive.edit.changes[uri]
    line = text.split("\n")[insert.range.start.line]
    waived_line = line[: len(line) - 1] + insert.new_text + line[len(line) - 1 :]
    text = change(client, uri, 2, text, line, waived_line)
    assert [d.code for d in await published(client, uri, 2)] == ["RFC203"]  # the waived finding is gone, no other


@pytest.mark.asyncio
async def test_hover_on_a_finding_shows_its_rule(client: LanguageClient, tmp_path):
    rfc = copy_rfc(tmp_path)
    text = rfc.read_text(encoding="utf-8").replace(*MISTAKE)
    uri = open_document(client, rfc, text)
    (finding,) = await published(client, uri, 1)
    at = types.Position(finding.range.start.line, finding.range.start.character + 1)
    hover = await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), at))
    assert hover.contents.value.startswith("# RFC106 ")
    elsewhere = types.Position(finding.range.start.line + 1, 0)
    assert (
        await client.text_document_hover_async(types.HoverParams(types.TextDocumentIdentifier(uri), elsewhere)) is None
    )


@pytest.mark.asyncio
async def test_hostile_and_huge_documents_neither_crash_nor_hang(editor: LanguageClient, tmp_path):
    folder = tmp_path / "x"
    folder.mkdir()
    nested = folder / "nested" / "rfc.md"
    nested.parent.mkdir()
    uri = open_document(editor, nested, "## 1. 基本信息\n\n" + "> " * 50_000 + "x\n")
    assert await published(editor, uri, 1) != []  # one diagnostic says what it cannot read, or the findings
    huge = folder / "huge" / "rfc.md"
    huge.parent.mkdir()
    uri = open_document(editor, huge, "## 1. 基本信息\n\n" + "x" * (11 * 2**20))
    (too_large,) = await published(editor, uri, 1)
    assert "too large" in too_large.message
    script = folder / "script" / "rfc.md"
    script.parent.mkdir()
    hostile = OFFLOAD.read_text(encoding="utf-8").replace(
        "| UT | 24 |", "| UT | <script>alert(1)</script> $(touch pwned) ${{ github.token }} \u202e\x1b[31m |"
    )
    uri = open_document(editor, script, hostile)
    await published(editor, uri, 1)
    assert not any(p.name == "pwned" for p in tmp_path.rglob("*"))
    empty = folder / "empty" / "rfc.md"
    empty.parent.mkdir()
    uri = open_document(editor, empty, "")
    (not_rfc,) = await published(editor, uri, 1)
    assert "not an RFC" in not_rfc.message


@pytest.mark.asyncio
async def test_a_document_closed_while_checked_gets_nothing(editor: LanguageClient, tmp_path):
    slow = copy_rfc(tmp_path)
    text = slow.read_text(encoding="utf-8")
    text += "\n" + "| a | b |\n| --- | --- |\n" + "| 1 | 2 |\n" * 20_000  # a check that takes a while
    uri = open_document(editor, slow, text)
    editor.text_document_did_close(types.DidCloseTextDocumentParams(text_document=types.TextDocumentIdentifier(uri)))
    after = copy_rfc(tmp_path / "after")
    after_uri = open_document(editor, after)
    await published(editor, after_uri, 1)  # one worker: the slow check has ended before this one
    await round_trip(editor, uri)
    assert [list(p.diagnostics) for p in editor.published if p.uri == uri] in ([[]], [])  # type: ignore[attr-defined]


@pytest.fixture
def mermaid_modules() -> str:
    modules = ROOT / "node_modules"
    if not (modules / "mermaid").is_dir() or shutil.which("node") is None:
        if os.environ.get("CI"):
            pytest.fail("npm ci and Node.js are needed for rfc lsp --diagrams")
        pytest.skip("Mermaid is not installed here (npm ci)")
    return str(modules)


@pytest.mark.asyncio
async def test_diagrams_on_save_with_mermaid(mermaid_modules, tmp_path):
    config = server_config("--diagrams", env={**os.environ, "RFC_MERMAID_MODULES": mermaid_modules})
    client = await config.start()
    try:
        await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
        client.encoding = "utf-16"
        rfc = copy_rfc(tmp_path, CORPUS / "zh-dcp-reshard" / "rfc.md")
        edge = '    I -- "否" --> J["barrier 后返回 module"]'
        text = rfc.read_text(encoding="utf-8").replace(edge, '    I -- "否" --> end')  # a keyword as a node
        rfc.write_text(text, encoding="utf-8")
        uri = open_document(client, rfc, text)
        assert "RFC204" not in [d.code for d in await published(client, uri, 1)]  # Mermaid runs on save
        client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
        loop = asyncio.get_running_loop()
        deadline = loop.time() + WAIT
        while "RFC204" not in [d.code for d in client.diagnostics.get(uri, [])]:
            assert loop.time() < deadline, "Mermaid's verdict never came"
            await asyncio.sleep(0.05)
        (broken,) = [d for d in client.diagnostics[uri] if d.code == "RFC204"]
        expected = [f for f in rfc_check_json(rfc, "--diagrams") if f["code"] == "RFC204"]
        assert [(broken.range.start.line + 1, broken.message)] == [(f["line"], f["message"]) for f in expected]
        await client.shutdown_session()
    finally:
        await client.stop()


@pytest.mark.asyncio
async def test_diagrams_without_node_are_said_once(tmp_path):
    bare = {key: value for key, value in os.environ.items() if key != "RFC_MERMAID_MODULES"}
    bare["PATH"] = str(Path(sys.executable).parent)  # python, and no node
    client = await server_config("--diagrams", env=bare).start()
    try:
        await client.initialize_session(types.InitializeParams(capabilities=client_capabilities("visual-studio-code")))
        rfc = copy_rfc(tmp_path)
        uri = open_document(client, rfc)
        await published(client, uri, 1)
        for _ in range(3):
            client.text_document_did_save(types.DidSaveTextDocumentParams(types.TextDocumentIdentifier(uri)))
        await round_trip(client, uri)
        said = [m.message for m in client.messages]
        assert len(said) == 1 and "Node.js" in said[0]
        await client.shutdown_session()
    finally:
        await client.stop()
