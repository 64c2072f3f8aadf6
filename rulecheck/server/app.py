"""`rulecheck server`: the language server, on pygls, over stdio.

Checks run on one worker thread, debounced per document: an edit cancels a check that has not started yet, at
most one check per document runs at a time, and a result is published only if the document has not changed
since (the last version wins). Each check is logged to the client (`window/logMessage`) with its time.
"""

from __future__ import annotations

import asyncio
import logging
import math
import sys
from collections.abc import Generator
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from lsprotocol import types
from pygls.lsp.server import LanguageServer
from pygls.protocol.language_server import LanguageServerProtocol, lsp_method

from .. import __version__
from .documents import UTF8, UTF16, UTF32, Document, Pos
from .features import (
    EXAM,
    IGNORED,
    RULES_DOC_URL,
    TRANSCRIPT,
    Analysis,
    analyse,
    code_actions,
    completions,
    document_kind,
    fs_path,
    hover,
    symbols_of,
)
from .features.cards import card_hover, library_for

DEFAULT_DEBOUNCE = 0.3  # seconds after the last keystroke before a check starts
MAX_DEBOUNCE = 10.0
CONFIG_NAMES = (".rulecheck.yaml", "pyproject.toml")


class _Protocol(LanguageServerProtocol):
    """pygls's protocol, except that the server keeps the open documents itself (`documents.Document`).

    pygls's own copy splits lines at form feeds and U+2028 too, and rewrites in place an edit's position that
    lies past the end of its line (off by one on a last line without a line break), which would put the text
    out of step with the editor's. So the text-synchronisation notifications go straight to our handlers."""

    def _ours(self, method: str, params: object) -> Generator[Any, Any, None]:
        handler = self.fm.features.get(method)
        if handler is not None:
            yield handler, (params,), None

    @lsp_method(types.TEXT_DOCUMENT_DID_OPEN)
    def lsp_text_document__did_open(self, params: types.DidOpenTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self._ours(types.TEXT_DOCUMENT_DID_OPEN, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CHANGE)
    def lsp_text_document__did_change(self, params: types.DidChangeTextDocumentParams
                                      ) -> Generator[Any, Any, None]:
        yield from self._ours(types.TEXT_DOCUMENT_DID_CHANGE, params)

    @lsp_method(types.TEXT_DOCUMENT_DID_CLOSE)
    def lsp_text_document__did_close(self, params: types.DidCloseTextDocumentParams) -> Generator[Any, Any, None]:
        yield from self._ours(types.TEXT_DOCUMENT_DID_CLOSE, params)


class RulecheckServer(LanguageServer):
    """The documents the editor has open, the last check of each, and the checks waiting or running."""

    def __init__(self) -> None:
        super().__init__("rulecheck", __version__, text_document_sync_kind=types.TextDocumentSyncKind.Incremental,
                         protocol_cls=_Protocol)
        self.documents: dict[str, Document] = {}
        self.analyses: dict[str, Analysis] = {}
        self.waiting: dict[str, asyncio.Task[None]] = {}
        self.running: dict[str, asyncio.Future[Analysis]] = {}
        self.worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="rulecheck-check")
        self.debounce = DEFAULT_DEBOUNCE
        self.docs_url = RULES_DOC_URL
        self.markdown = False
        self.shut_down = False
        self.checks = 0

    @property
    def encoding(self) -> str:
        try:
            chosen = str(self.workspace.position_encoding or UTF16)
        except RuntimeError:  # not initialised yet
            return UTF16
        return chosen if chosen in (UTF8, UTF16, UTF32) else UTF16

    def kind_of(self, doc: Document) -> str:
        """What the last check found the document to be (its configuration may name another extension), or
        what its name and language say before the first check."""
        analysis = self.analyses.get(doc.uri)
        return analysis.kind if analysis is not None else document_kind(fs_path(doc.uri), doc.language_id)

    # ------------------------------------------------------------ checking
    def schedule(self, uri: str, delay: float) -> None:
        """Check the document after `delay` seconds, replacing a check of it that has not started."""
        old = self.waiting.pop(uri, None)
        if old is not None:
            old.cancel()
        if not self.shut_down:
            self.waiting[uri] = asyncio.ensure_future(self._check_later(uri, delay))

    async def _check_later(self, uri: str, delay: float) -> None:
        await asyncio.sleep(delay)
        while (running := self.running.get(uri)) is not None:
            await asyncio.wait([running])
        doc = self.documents.get(uri)
        if doc is None or self.shut_down:
            return
        if self.waiting.get(uri) is asyncio.current_task():
            del self.waiting[uri]
        snapshot = Document(uri, doc.text, doc.version, doc.language_id)
        loop = asyncio.get_running_loop()
        try:
            future = loop.run_in_executor(self.worker, analyse, snapshot, fs_path(uri), self.encoding, self.docs_url)
        except RuntimeError:  # the worker was shut down
            return
        self.running[uri] = future
        try:
            analysis = await asyncio.shield(future)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # noqa: BLE001 - a failing check must not take the server down
            self.log(f"rulecheck failed on {uri} (version {snapshot.version}): {type(exc).__name__}: {exc}; "
                     "please report it", types.MessageType.Error)
            return
        finally:
            if self.running.get(uri) is future:
                del self.running[uri]
        self.checks += 1
        current = self.documents.get(uri)
        if current is None or current.version != snapshot.version or self.shut_down:
            self.log(f"checked {uri} version {snapshot.version} in {analysis.seconds * 1000:.0f} ms: "
                     "outdated, not published")
            return
        self.analyses[uri] = analysis
        if analysis.kind == IGNORED:
            return
        self.text_document_publish_diagnostics(types.PublishDiagnosticsParams(
            uri=uri, diagnostics=analysis.diagnostics, version=snapshot.version))
        self.log(f"checked {uri} version {snapshot.version} in {analysis.seconds * 1000:.0f} ms: "
                 f"{len(analysis.diagnostics)} diagnostics")

    def log(self, message: str, kind: types.MessageType = types.MessageType.Log) -> None:
        self.window_log_message(types.LogMessageParams(type=kind, message=message))

    def configure(self, params: types.InitializeParams) -> None:
        options: Any = params.initialization_options
        if isinstance(options, dict):
            debounce = options.get("debounce")
            if isinstance(debounce, (int, float)) and not isinstance(debounce, bool) and math.isfinite(debounce):
                self.debounce = min(max(float(debounce), 0.0), MAX_DEBOUNCE)
            url = options.get("rulesDocUrl")
            if isinstance(url, str) and url.strip():
                self.docs_url = url.strip()
        hover_caps = params.capabilities.text_document.hover if params.capabilities.text_document else None
        formats = hover_caps.content_format if hover_caps else None
        self.markdown = bool(formats) and types.MarkupKind.Markdown in (formats or ())

    def stop_checking(self) -> None:
        self.shut_down = True
        for task in self.waiting.values():
            task.cancel()
        self.waiting.clear()
        self.worker.shutdown(wait=False, cancel_futures=True)


def create_server() -> RulecheckServer:
    server = RulecheckServer()

    @server.feature(types.INITIALIZE)
    def initialize(params: types.InitializeParams) -> None:
        server.configure(params)

    @server.feature(types.TEXT_DOCUMENT_DID_OPEN)
    def did_open(params: types.DidOpenTextDocumentParams) -> None:
        item = params.text_document
        server.documents[item.uri] = Document(item.uri, item.text, item.version, item.language_id)
        server.schedule(item.uri, 0.0)

    @server.feature(types.TEXT_DOCUMENT_DID_CHANGE)
    def did_change(params: types.DidChangeTextDocumentParams) -> None:
        uri = params.text_document.uri
        doc = server.documents.get(uri)
        if doc is None:
            return
        encoding = server.encoding
        for change in params.content_changes:
            if isinstance(change, types.TextDocumentContentChangePartial):
                r = change.range
                doc.apply(Pos(r.start.line, r.start.character), Pos(r.end.line, r.end.character), change.text,
                          encoding)
            else:
                doc.apply(None, None, change.text, encoding)
        doc.version = params.text_document.version
        server.schedule(uri, server.debounce)

    @server.feature(types.TEXT_DOCUMENT_DID_SAVE)
    def did_save(params: types.DidSaveTextDocumentParams) -> None:
        saved = server.documents.get(params.text_document.uri)
        config = params.text_document.uri.rsplit("/", 1)[-1] in CONFIG_NAMES
        if config or (saved is not None and server.kind_of(saved) == IGNORED):
            # a configuration or card file changed: what the open transcripts report may have changed with it
            for uri, other in server.documents.items():
                if server.kind_of(other) in (TRANSCRIPT, EXAM):
                    server.schedule(uri, 0.0)

    @server.feature(types.TEXT_DOCUMENT_DID_CLOSE)
    def did_close(params: types.DidCloseTextDocumentParams) -> None:
        uri = params.text_document.uri
        server.documents.pop(uri, None)
        server.analyses.pop(uri, None)
        task = server.waiting.pop(uri, None)
        if task is not None:
            task.cancel()
        server.text_document_publish_diagnostics(types.PublishDiagnosticsParams(uri=uri, diagnostics=[]))

    @server.feature(types.TEXT_DOCUMENT_HOVER)
    def on_hover(params: types.HoverParams) -> types.Hover | None:
        doc = server.documents.get(params.text_document.uri)
        if doc is None:
            return None
        analysis = server.analyses.get(doc.uri)
        pos = Pos(params.position.line, params.position.character)
        current = analysis is not None and analysis.version == doc.version   # the state of this very text
        found = hover(doc, pos, server.encoding, server.kind_of(doc), analysis.diagnostics if analysis else (),
                      server.markdown, server.docs_url, analysis.trace if current and analysis else None)
        if found is None and server.kind_of(doc) == TRANSCRIPT:   # a card name: its facts from the card database
            found = card_hover(doc, pos, server.encoding, library_for(fs_path(doc.uri)), server.markdown)
        return found

    @server.feature(types.TEXT_DOCUMENT_CODE_ACTION,
                    types.CodeActionOptions(code_action_kinds=[types.CodeActionKind.QuickFix]))
    def on_code_action(params: types.CodeActionParams) -> list[types.CodeAction]:
        doc = server.documents.get(params.text_document.uri)
        only = params.context.only
        wanted = [str(getattr(k, "value", k)) for k in only or ()]
        if doc is None or (wanted and not any(k in ("", "quickfix") for k in wanted)):
            return []  # all ours are quick fixes ("quickfix" answers a request for "quickfix" or for "")
        return code_actions(doc, doc.uri, server.kind_of(doc), params.context.diagnostics, server.encoding)

    @server.feature(types.TEXT_DOCUMENT_COMPLETION,
                    types.CompletionOptions(trigger_characters=[" ", ",", "[", ":"]))
    async def on_completion(params: types.CompletionParams) -> types.CompletionList:
        doc = server.documents.get(params.text_document.uri)
        if doc is None or server.kind_of(doc) != TRANSCRIPT:
            return types.CompletionList(is_incomplete=False, items=[])
        analysis = server.analyses.get(doc.uri)
        symbols = analysis.symbols if analysis is not None else None
        if symbols is None and not server.shut_down:
            loop = asyncio.get_running_loop()
            symbols = await loop.run_in_executor(server.worker, symbols_of, doc.text)
        pos = Pos(params.position.line, params.position.character)
        items = completions(doc, pos, server.encoding, symbols, library_for(fs_path(doc.uri)))
        return types.CompletionList(is_incomplete=False, items=items)

    @server.feature(types.SHUTDOWN)
    def on_shutdown(params: None) -> None:
        server.stop_checking()

    return server


class _OneLine(logging.Formatter):
    """pygls's log records (a malformed message, a failing handler) as one line on standard error: an editor
    shows that stream in its server log, and a traceback there tells a user nothing."""

    def format(self, record: logging.LogRecord) -> str:
        text = " ".join(record.getMessage().split())
        if record.exc_info and record.exc_info[1] is not None:
            error = record.exc_info[1]
            text += f" ({type(error).__name__}: {' '.join(str(error).split())})"
        return f"rulecheck server: {record.levelname.lower()}: {text}"


def _quiet_pygls() -> None:
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(_OneLine())
    for name in ("pygls", "asyncio"):
        log = logging.getLogger(name)
        log.handlers = [handler]
        log.setLevel(logging.WARNING)
        log.propagate = False


def serve() -> int:
    """Serve on stdin/stdout until `exit` (or the end of input); 0 after a `shutdown`, else 1, as LSP asks."""
    _quiet_pygls()
    server = create_server()
    server.start_io()
    return 0 if server.shut_down else 1
