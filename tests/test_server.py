"""`rulecheck server`, driven through a real LSP client (pygls's) over stdio: initialize, open, change, hover,
code actions, completion, shutdown, exit. Diagnostics are compared with what `rulecheck check` (`check_paths`,
the command line's code path) and `rulecheck exam` report for the same text."""

from __future__ import annotations

import asyncio
import os
import re
import shutil
import subprocess
import sys
import time
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pygls")

from bench_modules import bench_module  # noqa: E402
from lsprotocol import types as t  # noqa: E402
from pygls.lsp.client import LanguageClient  # noqa: E402
from pygls.uris import from_fs_path  # noqa: E402

from rulecheck import check_paths, check_text  # noqa: E402
from rulecheck.diagnostics import Violation  # noqa: E402
from rulecheck.editions.registry import BY_NUMBER, TOOL_RULES  # noqa: E402
from rulecheck.exam import grade_file  # noqa: E402
from rulecheck.parser import SyntaxProblem, parse_line  # noqa: E402
from rulecheck.server.documents import Document, Pos  # noqa: E402
from rulecheck.server.features import (  # noqa: E402
    KEYWORDS,
    TRANSCRIPT,
    analyse,
    code_actions,
    completions,
    hover,
    replacement,
)

ROOT = Path(__file__).resolve().parent.parent
CRAW = ROOT / "examples" / "craw-wurm.transcript"
T = TypeVar("T")


class Session:
    """One server process and what it sent: diagnostics by document, log messages."""

    def __init__(self, client: LanguageClient) -> None:
        self.client = client
        self.diagnostics: dict[str, t.PublishDiagnosticsParams] = {}
        self.logs: list[str] = []
        self.versions = 0

    async def wait(self, uri: str, version: int | None, timeout: float = 20.0) -> list[t.Diagnostic]:
        """The diagnostics published for this version of the document."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            got = self.diagnostics.get(uri)
            if got is not None and got.version == version:
                return list(got.diagnostics)
            await asyncio.sleep(0.005)
        raise AssertionError(f"no diagnostics for {uri} version {version}; last: {self.diagnostics.get(uri)}")

    def open(self, uri: str, text: str, language: str = "transcript", version: int = 1) -> None:
        self.client.text_document_did_open(t.DidOpenTextDocumentParams(t.TextDocumentItem(uri, language, version,
                                                                                          text)))

    def replace_all(self, uri: str, text: str, version: int) -> None:
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [t.TextDocumentContentChangeWholeDocument(text=text)]))

    def edit(self, uri: str, version: int, start: tuple[int, int], end: tuple[int, int], text: str) -> None:
        self.client.text_document_did_change(t.DidChangeTextDocumentParams(
            t.VersionedTextDocumentIdentifier(version=version, uri=uri),
            [t.TextDocumentContentChangePartial(range=t.Range(t.Position(*start), t.Position(*end)), text=text)]))

    async def hover(self, uri: str, line: int, character: int) -> t.Hover | None:
        return await self.client.text_document_hover_async(
            t.HoverParams(t.TextDocumentIdentifier(uri), t.Position(line, character)))

    async def actions(self, uri: str, diagnostics: list[t.Diagnostic],
                      whole: t.Range | None = None) -> list[t.CodeAction]:
        r = whole or (diagnostics[0].range if diagnostics else t.Range(t.Position(0, 0), t.Position(0, 0)))
        got = await self.client.text_document_code_action_async(
            t.CodeActionParams(t.TextDocumentIdentifier(uri), r, t.CodeActionContext(diagnostics)))
        return [a for a in (got or []) if isinstance(a, t.CodeAction)]

    async def complete(self, uri: str, line: int, character: int) -> list[t.CompletionItem]:
        got = await self.client.text_document_completion_async(
            t.CompletionParams(t.TextDocumentIdentifier(uri), t.Position(line, character)))
        assert isinstance(got, t.CompletionList)
        return list(got.items)

    async def close(self) -> int:
        await self.client.shutdown_async(None)
        self.client.exit(None)
        await asyncio.wait_for(self.client.stop(), 20)
        server = self.client._server  # the process pygls started
        assert server is not None
        return server.returncode if server.returncode is not None else -1


@asynccontextmanager
async def session(options: dict[str, Any] | None = None, encodings: list[str] | None = None,
                  markdown: bool = True, cwd: Path | None = None) -> AsyncIterator[Session]:
    client = LanguageClient("rulecheck-tests", "1")
    s = Session(client)

    @client.feature(t.TEXT_DOCUMENT_PUBLISH_DIAGNOSTICS)
    def _published(params: t.PublishDiagnosticsParams) -> None:
        s.diagnostics[params.uri] = params

    @client.feature(t.WINDOW_LOG_MESSAGE)
    def _logged(params: t.LogMessageParams) -> None:
        s.logs.append(params.message)

    await client.start_io(sys.executable, "-m", "rulecheck", "server", cwd=str(cwd or ROOT))
    caps = t.ClientCapabilities(
        general=t.GeneralClientCapabilities(position_encodings=encodings) if encodings else None,
        text_document=t.TextDocumentClientCapabilities(hover=t.HoverClientCapabilities(
            content_format=[t.MarkupKind.Markdown, t.MarkupKind.PlainText] if markdown else [t.MarkupKind.PlainText])))
    result = await client.initialize_async(t.InitializeParams(
        capabilities=caps, initialization_options={"debounce": 0.05, **(options or {})}))
    assert result.server_info is not None and result.server_info.name == "rulecheck"
    client.initialized(t.InitializedParams())
    try:
        yield s
    finally:
        if not client.stopped:
            server = client._server
            if server is not None and server.returncode is None:
                server.kill()
            await client.stop()


def run(factory: Callable[[], Awaitable[T]]) -> T:
    return asyncio.run(factory())


class Shared:
    """One server for the tests that need no options of their own (starting one costs a second or two); each
    test uses documents of its own."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self._session = session()
        self.session = self.loop.run_until_complete(self._session.__aenter__())

    def run(self, factory: Callable[[Session], Awaitable[T]]) -> T:
        return self.loop.run_until_complete(factory(self.session))

    def close(self) -> None:
        try:
            self.loop.run_until_complete(self._session.__aexit__(None, None, None))
        finally:
            self.loop.close()


@pytest.fixture(scope="module")
def shared() -> Iterator[Shared]:
    server = Shared()
    try:
        yield server
    finally:
        server.close()


def uri_of(path: Path) -> str:
    uri = from_fs_path(str(path))
    assert uri is not None
    return uri


def lsp_tuples(diagnostics: list[t.Diagnostic]) -> list[tuple[int, int, int, int, str, str, int]]:
    return sorted((d.range.start.line, d.range.start.character, d.range.end.line, d.range.end.character,
                   str(d.code), d.message, int(d.severity or 0)) for d in diagnostics)


def expected_tuples(violations: list[Violation]) -> list[tuple[int, int, int, int, str, str, int]]:
    """What the server must publish for ASCII text: the same violations, 0-based, message + hint + related."""
    out = []
    for v in violations:
        message = v.message + (f"\nhint: {v.hint}" if v.hint else "") + \
            (f"\nrelated: {', '.join(v.related)}" if v.related else "")
        out.append((v.line - 1, v.column - 1, v.end_line - 1, v.end_column - 1, v.rule, message,
                    2 if v.severity == "warning" else 1))
    return sorted(out)


# ---------------------------------------------------------------- the whole life cycle


def test_lifecycle_diagnostics_edit_hover_action_completion_shutdown_exit() -> None:
    async def go() -> int:
        async with session() as s:
            uri = uri_of(CRAW)
            text = CRAW.read_text(encoding="utf-8")
            s.open(uri, text)
            first = await s.wait(uri, 1)
            assert lsp_tuples(first) == expected_tuples(check_paths([CRAW]))
            [d] = first
            assert (d.code, d.source, d.range.start.line, d.range.start.character, d.range.end.character) == \
                ("510.1c", "rulecheck", 19, 0, 53)
            assert d.code_description is not None and d.code_description.href.endswith("docs/rules.md#510.1c")
            assert d.message.endswith("\nrelated: 702.2, 702.18, 509.1h")

            hover = await s.hover(uri, 19, 10)
            assert hover is not None and isinstance(hover.contents, t.MarkupContent)
            assert hover.contents.kind == t.MarkupKind.Markdown
            assert hover.contents.value.startswith(f"**510.1c**: {BY_NUMBER['510.1c'].title}")
            assert "*status:* checked" in hover.contents.value

            titles = [a.title for a in await s.actions(uri, first)]
            assert titles == ["Suppress 510.1c on this line", "Suppress 510.1c in this file"]

            names = {i.label for i in await s.complete(uri, 19, 0)}
            assert {"Alice", "Bob", "Craw Wurm", "Wall of Wood", "Eager Cadet", "turn", "combat damage step"} <= names

            # an incremental edit that makes the assignment legal: '2 to Wall of Wood, 4' -> '3 to ..., 3'
            line = text.splitlines()[19]
            two = line.index("2 to Wall")
            s.edit(uri, 2, (19, two), (19, two + 1), "3")
            four = line.index("4 to Eager")
            s.edit(uri, 3, (19, four), (19, four + 1), "3")
            assert await s.wait(uri, 3) == []
            return await s.close()

    assert run(go) == 0


def test_exit_without_shutdown_exits_1() -> None:
    async def go() -> int | None:
        async with session() as s:
            s.client.exit(None)
            await asyncio.wait_for(s.client.stop(), 20)
            assert s.client._server is not None
            return s.client._server.returncode

    assert run(go) == 1


def test_server_without_pygls_says_how_to_install_it() -> None:
    code = ("import sys; sys.modules['pygls'] = None; sys.argv = ['rulecheck', 'server']; "
            "from rulecheck.cli import main; main()")
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, stdin=subprocess.DEVNULL,
                          timeout=60)
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert proc.stderr.count("\n") == 1 and "Traceback" not in proc.stderr
    assert proc.stderr.startswith("rulecheck: the language server needs pygls and lsprotocol")
    assert proc.stderr.rstrip().endswith("pip install 'rulecheck[lsp]'")


def test_check_does_not_import_the_language_server() -> None:
    code = "import sys, rulecheck.cli; print(sorted(m for m in ('pygls', 'lsprotocol', 'rulecheck.server') " \
           "if m in sys.modules))"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert proc.stdout.strip() == "[]"


# ---------------------------------------------------------------- diagnostics are check's


def test_diagnostics_are_those_of_check_with_configuration_and_suppressions(shared: Shared, tmp_path: Path) -> None:
    fixtures = [ROOT / "fixtures" / "rules" / "510.1c-fail.transcript",
                ROOT / "fixtures" / "rules" / "509.1b-fail.transcript",
                ROOT / "fixtures" / "hostile" / "unknown-names.transcript",
                ROOT / "fixtures" / "scenarios" / "C001.transcript"]
    configured = tmp_path / "games"
    configured.mkdir()
    (configured / ".rulecheck.yaml").write_text('ignore: ["510.1c"]\nper-file-ignores:\n  "names.transcript": '
                                                '["syntax"]\n', encoding="utf-8")
    shutil.copy(fixtures[0], configured / "wurm.transcript")
    shutil.copy(fixtures[2], configured / "names.transcript")
    suppressed = tmp_path / "suppressed.transcript"
    suppressed.write_text(CRAW.read_text(encoding="utf-8").replace("# expect: 510.1c", "# rulecheck: ignore[510.1c]")
                          + "Alice passes   # rulecheck: ignore[514]\n", encoding="utf-8")
    paths = fixtures + [configured / "wurm.transcript", configured / "names.transcript", suppressed]

    async def go(s: Session) -> dict[Path, list[t.Diagnostic]]:
        for p in paths:
            s.open(uri_of(p), p.read_text(encoding="utf-8"))
        return {p: await s.wait(uri_of(p), 1) for p in paths}

    got = shared.run(go)
    for p in paths:
        assert lsp_tuples(got[p]) == expected_tuples(check_paths([p])), p
    # the configuration and the comments did change something
    assert {str(d.code) for d in got[fixtures[0]]} == {"510.1c"}
    assert got[configured / "wurm.transcript"] == []
    assert {str(d.code) for d in got[fixtures[2]]} == {"syntax"} and got[configured / "names.transcript"] == []
    assert [(d.code, d.severity) for d in got[suppressed]] == [("unused-suppression", t.DiagnosticSeverity.Warning)]


def test_which_documents_are_transcripts(shared: Shared, tmp_path: Path) -> None:
    """A client attached to every plain text document sends notes too: only transcripts (by extension, the
    configured one included, or by the language id 'transcript') are checked."""
    logs = tmp_path / "logs"
    logs.mkdir()
    (logs / ".rulecheck.yaml").write_text('extension: ".log"\n', encoding="utf-8")
    text = CRAW.read_text(encoding="utf-8")
    files = {"notes.txt": "plaintext", "logs/game.log": "plaintext", "game.txt": "transcript",
             "logs/other.txt": "plaintext"}
    for name in files:
        (tmp_path / name).write_text(text, encoding="utf-8")

    async def go(s: Session) -> dict[str, list[str]]:
        for name, language in files.items():
            s.open(uri_of(tmp_path / name), text, language=language)
        await s.wait(uri_of(tmp_path / "logs/game.log"), 1)
        await s.wait(uri_of(tmp_path / "game.txt"), 1)
        await asyncio.sleep(0.3)
        return {name: [str(d.code) for d in s.diagnostics[uri_of(tmp_path / name)].diagnostics]
                for name in files if uri_of(tmp_path / name) in s.diagnostics}

    assert shared.run(go) == {"logs/game.log": ["510.1c"], "game.txt": ["510.1c"]}


def test_a_malformed_message_is_one_line_on_stderr_and_the_server_goes_on() -> None:
    def frame(body: bytes) -> bytes:
        return b"Content-Length: %d\r\n\r\n" % len(body) + body

    init = b'{"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"capabilities": {}}}'
    shutdown = b'{"jsonrpc": "2.0", "id": 2, "method": "shutdown"}'
    exit_ = b'{"jsonrpc": "2.0", "method": "exit"}'
    stdin = frame(b"{not json}") + frame(init) + frame(shutdown) + frame(exit_)
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "server"], input=stdin, capture_output=True,
                          timeout=60, cwd=ROOT)
    assert proc.returncode == 0
    assert b'"id": 1' in proc.stdout and b'"name": "rulecheck"' in proc.stdout and b'"id": 2' in proc.stdout
    err = proc.stderr.decode()
    assert "Traceback" not in err
    assert err.startswith("rulecheck server: error: ") and err.count("\n") == 1


def test_saving_the_configuration_checks_the_open_transcripts_again(shared: Shared, tmp_path: Path) -> None:
    game = tmp_path / "game.transcript"
    game.write_text(CRAW.read_text(encoding="utf-8"), encoding="utf-8")
    config = tmp_path / ".rulecheck.yaml"
    config.write_text("select: [ALL]\n", encoding="utf-8")

    async def go(s: Session) -> tuple[list[t.Diagnostic], list[t.Diagnostic]]:
        s.open(uri_of(game), game.read_text(encoding="utf-8"))
        s.open(uri_of(config), config.read_text(encoding="utf-8"), language="yaml")
        before = await s.wait(uri_of(game), 1)
        config.write_text('ignore: ["510"]\n', encoding="utf-8")
        del s.diagnostics[uri_of(game)]
        s.client.text_document_did_save(t.DidSaveTextDocumentParams(t.TextDocumentIdentifier(uri_of(config))))
        return before, await s.wait(uri_of(game), 1)

    before, after = shared.run(go)
    assert [d.code for d in before] == ["510.1c"] and after == []


def test_broken_configuration_is_one_diagnostic(shared: Shared, tmp_path: Path) -> None:
    (tmp_path / ".rulecheck.yaml").write_text('ignore: ["510.1x"]\n', encoding="utf-8")
    game = tmp_path / "game.transcript"
    game.write_text(CRAW.read_text(encoding="utf-8"), encoding="utf-8")

    async def go(s: Session) -> list[t.Diagnostic]:
        s.open(uri_of(game), game.read_text(encoding="utf-8"))
        return await s.wait(uri_of(game), 1)

    [d] = shared.run(go)
    assert d.message.startswith("rulecheck cannot check this file: ")
    assert "unknown rule '510.1x'" in d.message and d.severity == t.DiagnosticSeverity.Error


def test_exam_diagnostics_at_their_yaml_positions(shared: Shared, tmp_path: Path) -> None:
    exam = tmp_path / "wrong.exam.yaml"
    text = (ROOT / "examples" / "cr-examples.exam.yaml").read_text(encoding="utf-8")
    first_legal = text.index("key: legal")
    exam.write_text(text[:first_legal] + "key: illegal" + text[first_legal + len("key: legal"):], encoding="utf-8")
    broken = tmp_path / "broken.exam.yaml"
    broken.write_text("exam: Broken\nquestions: [\n", encoding="utf-8")
    cards = tmp_path / "cards.yaml"
    cards.write_text("cards: []\n", encoding="utf-8")

    async def go(s: Session) -> tuple[list[t.Diagnostic], list[t.Diagnostic], str, int]:
        for p in (exam, broken, cards):
            s.open(uri_of(p), p.read_text(encoding="utf-8"), language="yaml")
        got = await s.wait(uri_of(exam), 1), await s.wait(uri_of(broken), 1)
        d = got[0][0]
        hover = await s.hover(uri_of(exam), d.range.start.line, d.range.start.character)
        assert hover is not None and isinstance(hover.contents, t.MarkupContent)
        line_of_cite = next(i for i, line in enumerate(text.splitlines()) if "510.1c" in line)
        cite = await s.hover(uri_of(exam), line_of_cite, text.splitlines()[line_of_cite].index("510.1c") + 2)
        assert cite is not None and isinstance(cite.contents, t.MarkupContent)
        assert cite.contents.value.startswith("**510.1c**")
        await asyncio.sleep(0.3)
        assert uri_of(cards) not in s.diagnostics  # a card file is not an exam: nothing said about it
        return got[0], got[1], hover.contents.value, len(await s.actions(uri_of(exam), got[0]))

    wrong, invalid, hover_text, actions = shared.run(go)
    assert wrong and lsp_tuples(wrong) == expected_tuples(grade_file(str(exam)).violations)
    assert {str(d.code) for d in wrong} == {"exam-key"}
    assert lsp_tuples(invalid) == expected_tuples(grade_file(str(broken)).violations)
    assert [str(d.code) for d in invalid] == ["exam-format"]
    assert hover_text.startswith("**exam-key**: An exam answer's key")
    assert actions == 0  # no suppression comments in an exam


# ---------------------------------------------------------------- positions


EMOJI_LINE = "Alice passes priority   # 🔥 ok # rulecheck: ignore[510.1c]"


def _emoji_transcript() -> str:
    return "players: Alice, Bob\nturn 3: Alice, in upkeep step\n" + EMOJI_LINE + "\n"


@pytest.mark.parametrize(("encodings", "character"), [
    (None, len("Alice passes priority   # ") + 2 + len(" ok # ")),          # UTF-16: the emoji is two units
    (["utf-32"], len("Alice passes priority   # ") + 1 + len(" ok # ")),    # code points
    (["utf-8"], len("Alice passes priority   # ") + 4 + len(" ok # ")),     # bytes
])
def test_positions_count_in_the_negotiated_encoding(encodings: list[str] | None, character: int) -> None:
    """An emoji in a comment before a diagnostic (and a client that wants plain text hovers)."""
    text = _emoji_transcript()

    async def go() -> tuple[list[t.Diagnostic], list[t.Diagnostic], t.Hover | None]:
        async with session(encodings=encodings, markdown=False) as s:
            uri = "untitled:emoji"
            s.open(uri, text)
            before = await s.wait(uri, 1)
            # insert a word after the emoji, at a position counted in the same units
            s.edit(uri, 2, (2, character - len(" ok # ") + 1), (2, character - len(" ok # ") + 1), " great")
            after = await s.wait(uri, 2)
            return before, after, await s.hover(uri, 2, after[0].range.start.character + 1)

    before, after, hover = run(go)
    [d] = before
    assert (d.code, d.range.start.line, d.range.start.character) == ("unused-suppression", 2, character)
    assert d.range.end.character == character + len("rulecheck: ignore[510.1c]")
    assert list(d.tags or ()) == [t.DiagnosticTag.Unnecessary]
    [moved] = after
    assert moved.range.start.character == character + len(" great")
    assert hover is not None and isinstance(hover.contents, t.MarkupContent)
    assert hover.contents.kind == t.MarkupKind.PlainText
    assert hover.contents.value.splitlines()[:3] == [f"unused-suppression: {TOOL_RULES['unused-suppression']}", "",
                                                     "checks:    'unused-suppression' is a rulecheck diagnostic, "
                                                     "not a Comprehensive Rules number"]


def test_a_byte_order_mark_is_counted_in_positions(shared: Shared) -> None:
    """rulecheck drops a UTF-8 byte order mark before counting columns; the editor's first line still has it."""
    line = "players: Alice, Bob   # rulecheck: ignore[510.1c]"
    text = "\ufeff" + line + "\nturn 3: Alice\n"

    async def go(s: Session) -> list[t.Diagnostic]:
        s.open("untitled:bom", text)
        return await s.wait("untitled:bom", 1)

    [d] = shared.run(go)
    assert (d.code, d.range.start.line, d.range.start.character) == ("unused-suppression", 0, 1 + line.index("rule"))
    assert check_text(text)[0].column == 1 + line.index("rule")


def test_incremental_edits_across_lines_and_crlf(shared: Shared) -> None:
    text = "players: Alice, Bob\r\ncard Wall of Wood: creature 0/3\r\nBob controls Wal of Wood\r\n"

    async def go(s: Session) -> tuple[list[t.Diagnostic], list[t.Diagnostic], list[t.Diagnostic]]:
        uri = "untitled:crlf"
        s.open(uri, text)
        first = await s.wait(uri, 1)
        s.edit(uri, 2, (2, 13), (2, 16), "Wall")            # 'Wal' -> 'Wall'
        second = await s.wait(uri, 2)
        s.edit(uri, 3, (1, 5), (2, 25), "Forest: land\r\nBob controls Forest, Fores")  # across a line break
        return first, second, await s.wait(uri, 3)

    first, second, third = shared.run(go)
    assert [(d.range.start.line, d.range.start.character, d.range.end.character) for d in first] == [(2, 13, 24)]
    assert second == []
    assert [(d.range.start.line, d.range.start.character, d.range.end.character, d.message) for d in third] == \
        [(2, 21, 26, "unknown card 'Fores'; did you mean 'Forest'?")]


def test_an_edit_may_end_past_the_end_of_its_line(shared: Shared) -> None:
    """LSP: a character past the end of a line means the end of the line (some clients send 'to the end' so)."""
    text = "players: Alice, Bob\ncard Wall of Wood: creature 0/3\nBob controls Wal of Wood"  # no line break

    async def go(s: Session) -> list[t.Diagnostic]:
        uri = "untitled:past-the-end"
        s.open(uri, text)
        assert [d.code for d in await s.wait(uri, 1)] == ["syntax"]
        s.edit(uri, 2, (2, 13), (2, 999), "Wall of Wood")
        return await s.wait(uri, 2)

    assert shared.run(go) == []


# ---------------------------------------------------------------- hover, actions, completion


def test_hover_on_rule_numbers_in_comments(shared: Shared) -> None:
    text = ("players: Alice, Bob   # see 500.1\n"
            "turn 3: Alice, in upkeep step\n"
            "Alice passes priority   # expect: 510.1c # rulecheck: ignore[syntax]\n"
            "Alice passes priority   # 9.99 nothing\n")
    lines = text.splitlines()

    async def go(s: Session) -> list[t.Hover | None]:
        uri = "untitled:hover"
        s.open(uri, text)
        await s.wait(uri, 1)
        return [await s.hover(uri, 0, lines[0].index("500.1") + 1),
                await s.hover(uri, 2, lines[2].index("510.1c") + 6),
                await s.hover(uri, 2, lines[2].index("syntax") + 1),
                await s.hover(uri, 2, 3),                     # the statement itself: nothing wrong there
                await s.hover(uri, 3, lines[3].index("9.99") + 1),
                await s.hover(uri, 0, 2)]                     # 'players' outside the comment

    got = shared.run(go)
    heads = []
    for answer in got[:3]:
        assert answer is not None and isinstance(answer.contents, t.MarkupContent)
        assert answer.contents.kind == t.MarkupKind.Markdown
        heads.append([part.splitlines()[0] for part in answer.contents.value.split("\n\n---\n\n")])
    assert heads == [[f"**500.1**: {BY_NUMBER['500.1'].title}"], [f"**510.1c**: {BY_NUMBER['510.1c'].title}"],
                     # the directive silences nothing (a diagnostic), and names a tool code
                     [f"**unused-suppression**: {TOOL_RULES['unused-suppression']}",
                      f"**syntax**: {TOOL_RULES['syntax']}"]]
    assert got[0] is not None and "*status:* checked" in str(got[0].contents)
    assert got[1] is not None and got[1].range == t.Range(t.Position(2, lines[2].index("510.1c")),
                                                          t.Position(2, lines[2].index("510.1c") + 6))
    assert got[4] is None
    # on a statement (not its comment): the game state after it (issue 24)
    assert got[3] == t.Hover(contents=t.MarkupContent(kind=t.MarkupKind.Markdown, value=(
        "**After line 3**\n\n```text\nturn 3 (Alice): beginning phase, upkeep step\nAlice: 20 life\nBob: 20 life\n"
        "stack: empty\n```")), range=t.Range(t.Position(2, 0), t.Position(2, 21)))
    assert got[5] is not None and got[5].range == t.Range(t.Position(0, 0), t.Position(0, 19))
    assert str(got[5].contents.value).startswith("**After line 1**\n\n```text\nbefore the first turn\nAlice: 20 life")


def test_hover_on_a_statement_shows_the_state_after_it(shared: Shared) -> None:
    text = (ROOT / "examples" / "craw-wurm.transcript").read_text(encoding="utf-8")
    lines = text.splitlines()

    async def go(s: Session) -> list[t.Hover | None]:
        uri = "untitled:state"
        s.open(uri, text)
        await s.wait(uri, 1)
        return [await s.hover(uri, 16, 5), await s.hover(uri, 19, 3),
                await s.hover(uri, 19, lines[19].index("510.1c") + 2), await s.hover(uri, 4, 0)]

    blocks, flagged, comment, blank = shared.run(go)
    assert blocks is not None
    assert blocks.contents.value == (                                           # type: ignore[union-attr]
        "**After line 17**\n\n```text\nturn 5 (Alice): combat phase, declare blockers step; priority: Alice\n"
        "Alice: 20 life\n  Craw Wurm 6/4, tapped, attacking Bob, blocked by Wall of Wood, Eager Cadet\n"
        "Bob: 20 life\n  Wall of Wood 0/3, blocking Craw Wurm\n  Eager Cadet 1/1, blocking Craw Wurm\n"
        "stack: empty\n```")
    assert flagged is not None
    parts = str(flagged.contents.value).split("\n\n---\n\n")                  # type: ignore[union-attr]
    assert parts[0].startswith(f"**510.1c**: {BY_NUMBER['510.1c'].title}")
    assert parts[1].startswith("**After line 20**")
    assert "assigns 2 to Wall of Wood, 4 to Eager Cadet" in parts[1]
    assert comment is not None                  # the rule number in the comment: the rule, not the state
    assert str(comment.contents.value).startswith("**510.1c**")                  # type: ignore[union-attr]
    assert "After line" not in str(comment.contents.value)                       # type: ignore[union-attr]
    assert blank is None


def _apply(text: str, edits: list[t.TextEdit]) -> str:
    lines = text.split("\n")
    for e in sorted(edits, key=lambda e: (e.range.start.line, e.range.start.character), reverse=True):
        assert e.range.start.line == e.range.end.line
        line = lines[e.range.start.line]
        lines[e.range.start.line] = line[:e.range.start.character] + e.new_text + line[e.range.end.character:]
    return "\n".join(lines)


def test_code_actions_replace_a_misspelt_name_and_suppress(shared: Shared, tmp_path: Path) -> None:
    text = ("players: Alice, Bob\n"
            "card Wall of Wood: creature 0/3, defender\n"
            "card Craw Wurm: creature 6/4\n"
            "Alice controls Craw Wurm\n"
            "Bob controls Wal of Wood   # rulecheck: ignore[514]\n"
            "turn 3: Alice, in upkeep step\n"
            "Alise passes priority\n")

    async def go(s: Session) -> tuple[list[str], list[str], str, list[t.Diagnostic], str, list[t.Diagnostic]]:
        uri = "untitled:actions"
        s.open(uri, text)
        found = await s.wait(uri, 1)
        on_wal = [d for d in found if d.range.start.line == 4]
        actions = await s.actions(uri, on_wal)
        replace = next(a for a in actions if a.title.startswith("Replace"))
        assert replace.is_preferred and replace.edit is not None and replace.edit.changes is not None
        fixed = _apply(text, list(replace.edit.changes[uri]))
        on_alise = [d for d in found if d.range.start.line == 6 and d.code == "syntax"]
        alise_actions = await s.actions(uri, on_alise)
        suppress = next(a for a in actions if a.title == "Suppress syntax on this line")
        assert suppress.edit is not None and suppress.edit.changes is not None
        suppressed = _apply(text, list(suppress.edit.changes[uri]))
        only_source = await s.client.text_document_code_action_async(t.CodeActionParams(
            t.TextDocumentIdentifier(uri), on_wal[0].range,
            t.CodeActionContext(on_wal, only=[t.CodeActionKind.Source])))
        assert not only_source   # a request for source actions only: ours are quick fixes
        s.replace_all(uri, fixed, 2)
        after_fix = await s.wait(uri, 2)
        s.replace_all(uri, suppressed, 3)
        after_suppress = await s.wait(uri, 3)
        return ([a.title for a in actions], [a.title for a in alise_actions], fixed, after_fix,
                suppressed, after_suppress)

    titles, alise_titles, fixed, after_fix, suppressed, after_suppress = shared.run(go)
    assert titles == ["Replace with 'Wall of Wood'", "Suppress syntax on this line", "Suppress syntax in this file",
                      "Suppress unused-suppression on this line", "Suppress unused-suppression in this file"]
    assert alise_titles[0] == "Replace with 'Alice'"
    assert fixed.splitlines()[4] == "Bob controls Wall of Wood   # rulecheck: ignore[514]"
    assert [(d.range.start.line, d.code) for d in after_fix if d.range.start.line == 4] == \
        [(4, "unused-suppression")]
    assert suppressed.splitlines()[4] == "Bob controls Wal of Wood   # rulecheck: ignore[514, syntax]"
    assert [(d.range.start.line, d.code) for d in after_suppress if d.range.start.line == 4] == \
        [(4, "unused-suppression")]  # the 514 that silences nothing stays reported, the syntax error is gone


def test_suppress_appends_a_comment_after_the_statement_and_silences_it(shared: Shared) -> None:
    text = CRAW.read_text(encoding="utf-8").replace("   # expect: 510.1c", "")

    async def go(s: Session) -> tuple[str, list[t.Diagnostic]]:
        uri = "untitled:wurm"
        s.open(uri, text)
        [d] = await s.wait(uri, 1)
        action = (await s.actions(uri, [d]))[0]
        assert action.edit is not None and action.edit.changes is not None
        new = _apply(text, list(action.edit.changes[uri]))
        s.replace_all(uri, new, 2)
        return new, await s.wait(uri, 2)

    new, after = shared.run(go)
    assert new.splitlines()[19] == "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet  # rulecheck: ignore[510.1c]"
    assert after == []


def test_completion_of_names_keywords_and_rule_codes(shared: Shared) -> None:
    text = ("players: Alice, Bob\n"
            "card Forest: basic land\n"
            "card Akroma, Angel of Wrath: legendary creature 6/6, flying\n"
            "Alice controls Forest, Forest\n"
            "turn 3: Alice, in precombat main phase\n"
            "Alice plays Forest\n"
            "Alice taps Fo\n"
            "Alice casts Ak\n"
            "up\n"
            "Alice passes   # expect: 51\n")

    async def go(s: Session) -> list[list[t.CompletionItem]]:
        uri = "untitled:complete"
        s.open(uri, text)
        await s.wait(uri, 1)
        return [await s.complete(uri, 6, len("Alice taps Fo")), await s.complete(uri, 7, len("Alice casts Ak")),
                await s.complete(uri, 8, 2), await s.complete(uri, 9, len("Alice passes   # expect: 51")),
                await s.complete(uri, 10, 0)]

    forest, akroma, start, codes, empty = shared.run(go)
    labels = [i.label for i in forest]
    assert labels == ["Forest", "Forest (2)", "Forest (3)"]  # what 'Fo' begins: the card, and three on the field
    item = next(i for i in forest if i.label == "Forest (2)")
    assert isinstance(item.text_edit, t.TextEdit)
    assert item.text_edit.range == t.Range(t.Position(6, len("Alice taps ")), t.Position(6, len("Alice taps Fo")))
    assert item.text_edit.new_text == "Forest (2)"
    akroma_item = next(i for i in akroma if i.label == "Akroma, Angel of Wrath")
    assert isinstance(akroma_item.text_edit, t.TextEdit)
    assert akroma_item.text_edit.new_text == '"Akroma, Angel of Wrath"'   # a comma needs quotes
    assert akroma_item.text_edit.range.start == t.Position(7, len("Alice casts "))
    assert akroma_item.detail == "card: legendary creature 6/6"
    up = next(i for i in start if i.label == "upkeep step")
    assert isinstance(up.text_edit, t.TextEdit) and up.text_edit.range.start == t.Position(8, 0)
    assert [i.label for i in start] == ["upkeep step", "upkeep step ends"]
    assert {"turn", "players:", "Alice", "Forest (3)", "Akroma, Angel of Wrath"} <= {i.label for i in empty}
    code_labels = {i.label for i in codes}
    assert {"510.1c", "514.1"} <= code_labels and all(c.startswith("51") for c in code_labels)


_PIECES = st.sampled_from(["a", "b", " ", "\r", "\n", "\r\n", "é", "🔥", "\x0c", "\u2028"])


@given(text=st.lists(_PIECES, max_size=30).map("".join),
       edits=st.lists(st.tuples(st.integers(0, 8), st.integers(0, 12), st.integers(0, 8), st.integers(0, 12),
                                st.lists(_PIECES, max_size=6).map("".join)), max_size=8),
       encoding=st.sampled_from(["utf-16", "utf-8", "utf-32"]))
@settings(max_examples=300, deadline=None)
def test_the_document_keeps_its_lines_edit_by_edit(text: str, edits: list[tuple[int, int, int, int, str]],
                                                   encoding: str) -> None:
    """Line starts kept edit by edit agree with a fresh split, whatever CR, LF and CRLF the edits join or cut
    (form feeds and U+2028 are not line breaks), and an edit lands where a fresh document would put it."""
    doc = Document("untitled:x", text)
    for l1, c1, l2, c2, new in edits:
        fresh = Document("untitled:x", doc.text)
        a, b = fresh.offset_at(Pos(l1, c1), encoding), fresh.offset_at(Pos(l2, c2), encoding)
        a, b = min(a, b), max(a, b)
        doc.apply(Pos(l1, c1), Pos(l2, c2), new, encoding)
        assert doc.text == fresh.text[:a] + new + fresh.text[b:]
        assert doc.line_starts() == Document("untitled:x", doc.text).line_starts()
        assert [doc.line(i) for i in range(doc.line_count)] == re.split(r"\r\n|\r|\n", doc.text)


_TRANSCRIPT_PIECES = st.sampled_from([
    "players: Alice, Bob\n", "card Wall of Wood: creature 0/3\n", "card \"A, B\": instant\n", "Alice controls ",
    "Wall of Wood", "Wal of Wod", "turn 3: Alice, in upkeep step\n", "Alice passes", "upkep step", "\"", "#",
    " # expect: 510.1c", " # rulecheck: ignore[", "syntax", "]", ", ", ";", "\n", "\r\n", "\r", " ", "🔥", "é",
    "\ufeff", "Alise", "51", "..."])


@given(text=st.lists(_TRANSCRIPT_PIECES, max_size=25).map("".join), line=st.integers(0, 12),
       character=st.integers(0, 60), encoding=st.sampled_from(["utf-16", "utf-8", "utf-32"]))
@settings(max_examples=150, deadline=None)
def test_every_feature_answers_anywhere_in_any_text(text: str, line: int, character: int, encoding: str) -> None:
    """The server's features, called directly on random half-written transcripts at random positions: each
    gives an answer of its type (through the server, a failure would come back as an error instead)."""
    doc = Document("untitled:fuzz", text, 1, "transcript")
    analysis = analyse(doc, None, encoding)
    pos = Pos(line, character)
    assert all(isinstance(d, t.Diagnostic) for d in analysis.diagnostics)
    found = hover(doc, pos, encoding, TRANSCRIPT, analysis.diagnostics, True)
    assert found is None or isinstance(found, t.Hover)
    assert all(isinstance(i, t.CompletionItem) for i in completions(doc, pos, encoding, analysis.symbols))
    for action in code_actions(doc, doc.uri, TRANSCRIPT, analysis.diagnostics, encoding):
        assert action.edit is not None and action.edit.changes is not None
        for edit in action.edit.changes[doc.uri]:  # each edit is within the document
            assert edit.range.start.line < doc.line_count and edit.range.end.line < doc.line_count


@pytest.mark.parametrize(("line", "start", "end", "message", "expected"), [
    ("upkep step", 0, 10, "unexpected 'upkep step'; expected ...\nhint: did you mean 'upkeep step'?", "upkeep step"),
    ("Alice atacks Bob", 6, 12, "unknown word 'atacks'\nhint: did you mean 'attacks'?", "attacks"),
    ('Bob blocks Craw Wurm with "Wall of Wod"', 26, 39,
     "unknown permanent 'Wall of Wod'; did you mean 'Wall of Wood'?", '"Wall of Wood"'),
    # the range is only the start of the misspelt word: replacing it would make 'assignssigns'
    ("Craw Wurm asigns 6 to Wall of Wood", 10, 12, "unexpected 'as'\nhint: did you mean 'assigns'?", None),
    ("Players: Alice", 9, 14, "unexpected 'Alice'\nhint: keywords are lowercase: write 'players'", None),
])
def test_replacement_only_of_a_whole_misspelt_word(line: str, start: int, end: int, message: str,
                                                   expected: str | None) -> None:
    assert replacement(line, start, end, message) == expected


def test_keyword_completions_are_statements() -> None:
    complete = [kw for kw, _ in KEYWORDS if not kw.endswith((" ", ":"))]
    assert len(complete) > 30
    for kw in complete:
        assert not isinstance(parse_line(kw, 1), SyntaxProblem), kw
    for kw in (kw for kw, _ in KEYWORDS if kw.endswith(" ")):
        assert isinstance(parse_line(kw, 1), SyntaxProblem), kw  # needs more, so it is a start only


# ---------------------------------------------------------------- load: debounce, prefixes


def _big_transcript(events: int) -> str:
    """A legal generated game (bench/generate.py) of about that many statements, one a line."""
    return "\n".join(bench_module("generate").game_lines(events, seed=3)) + "\n"


def test_typing_into_a_10000_line_transcript_does_not_queue_checks() -> None:
    text = _big_transcript(10_000)
    assert text.count("\n") >= 9_000

    async def go() -> tuple[list[t.Diagnostic], list[str], float]:
        async with session(options={"debounce": 0.2}) as s:
            uri = "untitled:big"
            s.open(uri, text)
            await s.wait(uri, 1, timeout=60)
            checks_before = sum(1 for m in s.logs if m.startswith("checked "))
            last = len(text.splitlines())
            started = time.monotonic()
            word = "# typing"
            for i, ch in enumerate(word, start=2):  # one keystroke every 20 ms, at the end of the file
                s.edit(uri, i, (last, i - 2), (last, i - 2), ch)
                await asyncio.sleep(0.02)
            final = await s.wait(uri, len(word) + 1, timeout=60)
            took = time.monotonic() - started
            await asyncio.sleep(0.1)
            return final, s.logs[checks_before:], took

    final, logs, took = run(go)
    assert final == []
    checks = [m for m in logs if m.startswith("checked ")]
    # eight keystrokes 20 ms apart: one check, two or three only if the machine stalls the server for longer than
    # the debounce between keystrokes; never one per keystroke
    assert len(checks) <= 3, checks
    assert checks[-1].startswith(f"checked untitled:big version {len('# typing') + 1} ")
    assert took < 30


def _walk_prefixes(text: str) -> Iterator[tuple[int, int, str]]:
    """(line, character, the character typed) for each character of an ASCII text, typed in order."""
    line = character = 0
    for ch in text:
        yield line, character, ch
        if ch == "\n":
            line, character = line + 1, 0
        else:
            character += 1


PREFIX_FIXTURES = [ROOT / "fixtures" / "hostile" / "unknown-names.transcript",
                   ROOT / "fixtures" / "rules" / "501.1-fail.transcript"]
# A small exam whose key cites the wrong rule for answer B (exam-citation, 510.1a found).
TYPED_EXAM = """\
exam: Typed
setup: |
  players: Alice, Bob
  card Craw Wurm: creature 6/4
  card Wall of Wood: creature 0/3, defender
questions:
  - id: split
    setup: |
      Alice controls Craw Wurm
      Bob controls Wall of Wood
      turn 5: Alice, in declare attackers step
      Alice attacks Bob with Craw Wurm
      declare blockers step
      Bob blocks Craw Wurm with Wall of Wood
      combat damage step
    answers:
      A: {transcript: "Craw Wurm assigns 6 to Wall of Wood", key: legal}
      B: {transcript: "Craw Wurm assigns 2 to Wall of Wood", key: illegal, cites: [510.1c]}
"""


def test_every_request_answers_on_every_prefix(shared: Shared, tmp_path: Path) -> None:
    """Type fixtures (and an exam) character by character into one server; after each character ask for hover,
    completion and code actions at the cursor. Every request gets an answer, and the last diagnostics are
    check's (or exam's)."""
    exam = tmp_path / "typed.exam.yaml"
    exam.write_text(TYPED_EXAM, encoding="utf-8")
    walks = [(p, f"untitled:prefix-{n}") for n, p in enumerate(PREFIX_FIXTURES)] + [(exam, uri_of(exam))]

    async def go(s: Session) -> list[tuple[Path, list[t.Diagnostic], int]]:
        results = []
        for path, uri in walks:
            text = path.read_text(encoding="utf-8")
            s.open(uri, "", language="yaml" if path == exam else "transcript")
            version = 1
            pending: list[Awaitable[Any]] = []
            answered = 0
            for line, character, ch in _walk_prefixes(text):
                version += 1
                s.edit(uri, version, (line, character), (line, character), ch)
                at = (line + 1, 0) if ch == "\n" else (line, character + 1)
                shown = s.diagnostics.get(uri)
                pending += [s.hover(uri, *at), s.complete(uri, *at),
                            s.actions(uri, list(shown.diagnostics) if shown else [],
                                      t.Range(t.Position(0, 0), t.Position(*at)))]
                if len(pending) >= 60:
                    for answer in await asyncio.gather(*pending):
                        assert answer is None or isinstance(answer, (t.Hover, list))
                        answered += 1
                    pending = []
            for answer in await asyncio.gather(*pending):
                assert answer is None or isinstance(answer, (t.Hover, list))
                answered += 1
            results.append((path, await s.wait(uri, version), answered))
        return results

    started = time.monotonic()
    results = shared.run(go)
    took = time.monotonic() - started
    for path, found, answered in results:
        text = path.read_text(encoding="utf-8")
        assert answered == 3 * len(text)
        expected = grade_file(str(path)).violations if path == exam else check_text(text)
        assert lsp_tuples(found) == expected_tuples(expected)
    assert [str(d.code) for d in results[-1][1]] == ["exam-citation"]
    assert took < 60


def test_no_prefix_of_a_fixture_makes_the_check_fail() -> None:
    text = PREFIX_FIXTURES[0].read_text(encoding="utf-8")
    for i in range(len(text) + 1):
        assert all(v.rule != "internal-error" for v in check_text(text[:i])), text[:i]


def test_cli_server_help_mentions_the_extra() -> None:
    proc = subprocess.run([sys.executable, "-m", "rulecheck", "server", "--help"], capture_output=True, text=True,
                          timeout=60, env={**os.environ, "COLUMNS": "200"})
    assert proc.returncode == 0
    assert "pip install 'rulecheck[lsp]'" in proc.stdout


def test_readme_documents_installation_and_three_editors() -> None:
    import json

    if sys.version_info >= (3, 11):
        import tomllib
    else:
        import tomli as tomllib

    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    section = readme[readme.index("## Language server"):readme.index("## Robustness")]
    assert "pip install 'rulecheck[lsp]'" in section
    blocks = dict(re.findall(r"```(\w+)\n(.*?)```", section, re.DOTALL))
    assert set(blocks) == {"sh", "lua", "toml", "json"}
    assert 'cmd = { "rulecheck", "server" }' in blocks["lua"] and "vim.lsp.enable" in blocks["lua"]
    helix = tomllib.loads(blocks["toml"])
    assert helix["language-server"]["rulecheck"] == {"command": "rulecheck", "args": ["server"]}
    assert all("rulecheck" in lang["language-servers"] for lang in helix["language"])
    code = json.loads(blocks["json"])
    assert (code["glspc.server.command"], code["glspc.server.commandArguments"]) == ("rulecheck", ["server"])

