"""The language server of `rfc lsp` (pygls), over standard input and output.

Each RFC document is checked on open, change and save in one worker thread, so that the
server keeps answering (hover, code actions, the next change) while a check runs. Changes
that arrive during a check are not queued: when it ends, the newest text is checked if
the document changed meanwhile, and only a check of the text the editor still shows is
published. A document closed meanwhile gets nothing (its diagnostics were cleared on close).

With `--diagrams`, Mermaid (one Node process, rfc_template/mermaid.py) parses the RFC's
diagrams and its diagrams/*.mmd on save, as `rfc check --diagrams` does; its findings stay
until the next save. Where Node or Mermaid is missing, that is said once, and the other
checks go on.
"""

from __future__ import annotations

import asyncio
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from urllib.parse import unquote

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.uris import from_fs_path
from pygls.workspace import TextDocument
from pygls.workspace.position_codec import ServerTextPosition

from rfc_template import __version__, check, mermaid
from rfc_template.findings import Finding, in_order
from rfc_template.lsp import actions, diagnostics

log = logging.getLogger(__name__)


@dataclass
class Checked:
    """What was last published for a document: the version and text checked, its findings."""

    version: int | None
    text: str
    result: diagnostics.Result
    diagram_findings: list[Finding] = field(default_factory=list)  # Mermaid's, as of the last save

    @property
    def findings(self) -> list[Finding]:
        return in_order(self.result.findings + self.diagram_findings)


class RfcServer(LanguageServer):
    def __init__(self, diagrams: bool = False) -> None:
        super().__init__("rfc", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental)
        self.diagrams = diagrams
        self.checker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rfc-check")
        self.drawer = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rfc-mermaid")
        self.running: dict[str, asyncio.Task] = {}
        self.checked: dict[str, Checked] = {}
        self.diagram_files: dict[str, list[str]] = {}  # an RFC's uri -> the .mmd uris it published
        self.said_no_mermaid = False

    def open_document(self, uri: str) -> TextDocument | None:
        """The document the editor has open at `uri`, if it is an RFC; None otherwise."""
        document = self.workspace.text_documents.get(unquote(uri))
        if document is None or document.path is None or not diagnostics.is_rfc(Path(document.path)):
            return None
        return document

    def schedule(self, uri: str) -> None:
        """Check the document now, or after the check that runs, which will see this change."""
        task = self.running.get(uri)
        if task is None or task.done():
            self.running[uri] = asyncio.ensure_future(self._check_until_current(uri))

    async def _check_until_current(self, uri: str) -> None:
        loop = asyncio.get_running_loop()
        while True:
            document = self.open_document(uri)
            if document is None:
                return
            version, text = document.version, document.source
            assert document.path is not None  # open_document has none without a path
            result = await loop.run_in_executor(self.checker, _check, Path(document.path), text)
            document = self.open_document(uri)
            if document is None:
                return  # closed while checked
            if document.version != version or document.source != text:
                continue  # changed while checked: what was found is of a text no longer shown
            previous = self.checked.get(uri)
            kept = previous.diagram_findings if previous is not None else []
            self.publish(uri, Checked(version, text, result, kept))
            return

    def publish(self, uri: str, checked: Checked) -> None:
        self.checked[uri] = checked
        document = self.workspace.text_documents.get(unquote(uri))
        codec = document.position_codec if document is not None else self.workspace.position_codec
        lines = diagnostics.lines_of(checked.text)
        found = diagnostics.Result(checked.findings, checked.result.problem)
        self.text_document_publish_diagnostics(
            types.PublishDiagnosticsParams(
                uri=uri, diagnostics=diagnostics.diagnostics(found, lines, codec), version=checked.version
            )
        )

    def clear(self, uri: str) -> None:
        self.checked.pop(uri, None)
        for published in [uri, *self.diagram_files.pop(uri, [])]:
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=published, diagnostics=[]))

    async def check_diagrams(self, uri: str) -> None:
        """Mermaid's verdict on the saved RFC and its diagrams/*.mmd (`rfc check --diagrams`)."""
        document = self.open_document(uri)
        if document is None or document.path is None:
            return
        path = Path(document.path)
        loop = asyncio.get_running_loop()
        try:
            verdict = await loop.run_in_executor(self.drawer, _mermaid_verdict, path)
        except mermaid.Unavailable as error:
            if not self.said_no_mermaid:
                self.said_no_mermaid = True
                self.window_show_message(
                    types.ShowMessageParams(
                        type=types.MessageType.Warning,
                        message=f"rfc lsp: diagrams are not checked on save: {error}",
                    )
                )
            return
        checked = self.checked.get(uri)
        if checked is None or self.open_document(uri) is None:
            return
        self.publish(uri, Checked(checked.version, checked.text, checked.result, verdict.pop(path, [])))
        codec = self.workspace.position_codec
        for old in self.diagram_files.pop(uri, []):
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=old, diagnostics=[]))
        published = []
        for diagram, findings in verdict.items():
            diagram_uri = from_fs_path(str(diagram)) or str(diagram)
            try:
                lines = diagnostics.lines_of(diagram.read_text(encoding="utf-8", errors="replace"))
            except OSError:
                continue
            found = diagnostics.diagnostics(diagnostics.Result(findings), lines, codec)
            self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=diagram_uri, diagnostics=found))
            published.append(diagram_uri)
        self.diagram_files[uri] = published

    def current(self, uri: str) -> tuple[TextDocument, Checked] | None:
        """The open RFC and its published check, when that check is of the text shown."""
        document = self.open_document(uri)
        checked = self.checked.get(uri)
        if document is None or checked is None or checked.text != document.source:
            return None
        return document, checked


def _check(path: Path, text: str) -> diagnostics.Result:
    """diagnostics.check, which never takes the server down: an error in a rule is logged
    and the document gets no diagnostics from that check."""
    try:
        return diagnostics.check(path, text)
    except Exception:  # a bug in a rule must not end the editor's session
        log.exception("rfc lsp: checking %s failed", path)
        return diagnostics.Result(problem=f"{path.name}: rfc lsp could not check it (see the server's log)")


def _mermaid_verdict(rfc: Path) -> dict[Path, list[Finding]]:
    """RFC204 findings of the RFC as saved and of each of its diagrams/*.mmd, by file."""
    files = [rfc, *mermaid.diagrams_beside(rfc)]
    running = mermaid.MermaidCheck(files)
    try:
        results, _ = running.results()
    finally:
        running.stop()
    try:
        saved = rfc.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        saved = ""
    verdict = {path: result.findings for path, result in results.items()}
    verdict[rfc] = check.outside_conflicts(verdict.get(rfc, []), saved)
    return verdict


def make_server(diagrams: bool = False) -> RfcServer:
    server = RfcServer(diagrams)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    async def did_open(ls: RfcServer, params: types.DidOpenTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    async def did_change(ls: RfcServer, params: types.DidChangeTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE, types.SaveOptions(include_text=False))
    async def did_save(ls: RfcServer, params: types.DidSaveTextDocumentParams) -> None:
        ls.schedule(params.text_document.uri)
        if ls.diagrams:
            await ls.check_diagrams(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    async def did_close(ls: RfcServer, params: types.DidCloseTextDocumentParams) -> None:
        ls.clear(params.text_document.uri)

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def hover(ls: RfcServer, params: types.HoverParams) -> types.Hover | None:
        shown = ls.current(params.text_document.uri)
        if shown is None:
            return None
        document, checked = shown
        here = _findings_at(document, checked, params.position)
        text = actions.hover_text(here)
        if not text:
            return None
        return types.Hover(contents=types.MarkupContent(kind=types.MarkupKind.Markdown, value=text))

    @server.feature(
        types.TEXT_DOCUMENT_CODE_ACTION, types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix])
    )
    def code_action(ls: RfcServer, params: types.CodeActionParams) -> list[types.CodeAction] | None:
        shown = ls.current(params.text_document.uri)
        if shown is None:
            return None
        document, checked = shown
        return _code_actions(ls, document, checked, params.range) or None

    return server


def _findings_at(document: TextDocument, checked: Checked, position: types.Position) -> list[Finding]:
    """The findings whose range holds `position` (a client position)."""
    lines = diagnostics.lines_of(checked.text)
    if position.line >= len(lines):
        return []
    at = document.position_codec.position_from_client_units(lines, position)
    return [f for f in checked.findings if at in diagnostics.finding_range(f, lines)]


def _code_actions(
    ls: RfcServer, document: TextDocument, checked: Checked, asked: types.Range
) -> list[types.CodeAction]:
    """For each finding on the lines asked about: its fix, where --fix has one, and its waiver
    (one per rule and place: a waiver covers every finding of its rule there)."""
    lines = diagnostics.lines_of(checked.text)
    codec = document.position_codec
    first, last = asked.start.line + 1, asked.end.line + 1
    found = []
    offered: set[tuple[str, str]] = set()  # (title, the first insertion) of each waiver offered
    path = Path(document.path or "rfc.md")
    for finding in checked.findings:
        if not first <= finding.line <= last:
            continue
        fixed = actions.fix_edits(path, checked.text, finding, lambda copy: _text_of(ls, copy))
        if fixed is not None:
            title, copy, old, new = fixed
            edit = actions.replace_all(old, new, codec)
            found.append(_action(title, {from_fs_path(str(copy)) or str(copy): [edit]}, True))
        waived = actions.waiver_edits(checked.text, finding)
        if waived is not None:
            title, insertions = waived
            if (title, repr(insertions[0])) in offered:
                continue
            offered.add((title, repr(insertions[0])))
            edits = [
                types.TextEdit(range=_at(codec, lines, position), new_text=inserted)
                for position, inserted in insertions
            ]
            found.append(_action(title, {document.uri: edits}, False))
    return found


def _at(codec, lines: list[str], position: ServerTextPosition) -> types.Range:
    at = codec.position_to_client_units(lines, position)
    return types.Range(start=at, end=at)


def _action(title: str, changes: dict[str, list[types.TextEdit]], preferred: bool) -> types.CodeAction:
    return types.CodeAction(
        title=title,
        kind=types.CodeActionKind.QuickFix,
        edit=types.WorkspaceEdit(changes=changes),
        is_preferred=preferred,
    )


def _text_of(ls: RfcServer, path: Path) -> str:
    """A file's text as the editor has it: the open document's, else the file's on disk."""
    uri = from_fs_path(str(path))
    document = ls.workspace.text_documents.get(unquote(uri)) if uri else None
    if document is not None:
        return document.source
    return path.read_text(encoding="utf-8", errors="replace")


def serve(diagrams: bool = False) -> None:
    make_server(diagrams).start_io()
