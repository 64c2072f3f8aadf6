"""The browser playground (web/, issue 27) in a real browser: the site is built once per session with npm (the
build command of the README), served from web/dist/ on loopback, and driven in Debian's Chromium by Playwright's
Python API (pointed at the system Chromium, as tests/test_trace_browser.py does: it downloads no browser).

Missing node/npm, Chromium or Playwright is a skip on a developer's machine and a failure in CI (CI=true):
`.ci/run` installs them when they are missing.

Every test checks, as it ends, that no request left the loopback origin (every request of the page, its worker
and the board's iframe is recorded), that the Content-Security-Policy blocked nothing and that no script failed.

    python tests/test_playground.py --screenshot docs/playground.png   # the README's screenshot
    python tests/test_playground.py --measure                          # the README's figures
"""

from __future__ import annotations

import functools
import http.server
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

import pytest
from browsers import chromium_path, in_ci, missing

ROOT = Path(__file__).resolve().parent.parent
WEB = ROOT / "web"
DIST = WEB / "dist"
CRAW_WURM = (ROOT / "examples" / "craw-wurm.transcript").read_text(encoding="utf-8")
FLAGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
         "--disable-default-apps", "--disable-sync", "--no-first-run", "--disable-features=Translate,MediaRouter"]
READY_MS = 180_000      # first load: Pyodide compiles its WebAssembly (a few seconds here; the machine is shared)
CHECK_MS = 60_000





def build_site() -> Path:
    """`npm --prefix web ci && npm --prefix web run build`, the README's command; `npm ci` only when the
    dependencies are not installed yet (or in CI, from a clean clone), with this interpreter for the wheels."""
    npm = shutil.which("npm")
    if shutil.which("node") is None or npm is None:
        missing("node/npm (Debian: apt-get install nodejs npm)", "the playground's tests")
    assert npm is not None
    env = {**os.environ, "PYTHON": sys.executable}
    if in_ci() or not (WEB / "node_modules" / "pyodide").is_dir():
        subprocess.run([npm, "--prefix", str(WEB), "ci", "--no-audit", "--no-fund"], check=True, env=env)
    subprocess.run([npm, "--prefix", str(WEB), "run", "build"], check=True, env=env)
    assert (DIST / "index.html").is_file()
    return DIST


class _Quiet(http.server.SimpleHTTPRequestHandler):
    """`python -m http.server`'s handler as it is (its MIME types too: the README promises that server works)."""

    def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - the base class's name
        pass


def serve(directory: Path) -> tuple[http.server.ThreadingHTTPServer, str]:
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Quiet, directory=str(directory)))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    return server, f"http://127.0.0.1:{server.server_address[1]}/"


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    server, url = serve(build_site())
    yield url
    server.shutdown()


@pytest.fixture(scope="module")   # not the session: Playwright's sync API keeps an event loop running while it is
def browser() -> Iterator[Any]:      # open, which the language server's and the trace page's tests need for their own
    path = chromium_path()
    if path is None:
        missing("Chromium", "the playground's tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright (pip install '.[test]')", "the playground's tests")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=FLAGS)
        yield b
        b.close()


CSP_WATCH = """document.addEventListener('securitypolicyviolation', (e) => {
  (window.__csp = window.__csp || []).push([e.violatedDirective, e.blockedURI || '',
    (e.sourceFile || '') + ':' + e.lineNumber + ':' + e.columnNumber, document.URL, e.sample || ''].join(' '));
});"""


class App:
    """The playground in a tab, with every request, script error and CSP violation it causes."""

    def __init__(self, browser: Any, url: str, width: int = 1440, height: int = 900) -> None:
        self.url = url
        self.origin = "{0.scheme}://{0.netloc}".format(urlsplit(url))
        self.context = browser.new_context(viewport={"width": width, "height": height}, accept_downloads=True)
        self.context.add_init_script(CSP_WATCH)
        self.requests: list[str] = []
        self.errors: list[str] = []
        self.context.on("request", lambda r: self.requests.append(r.url))
        self.page = self.context.new_page()
        self.page.on("request", lambda r: self.requests.append(r.url))
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", self._console)

    def _console(self, message: Any) -> None:
        # CSP reports are checked from the page's own securitypolicyviolation events (see problems())
        if message.type == "error" and not message.text.startswith("Applying inline style violates"):
            self.errors.append(message.text)

    def open(self, url: str | None = None) -> App:
        self.page.goto(url or self.url)
        self.page.wait_for_selector("body[data-state=ready]", timeout=READY_MS)
        self.settle()
        return self

    # ------------------------------------------------------------ the editor
    def settle(self) -> None:
        """Wait until the findings shown are those of the text in the editor."""
        self.page.wait_for_function("() => document.body.dataset.checked && !document.body.dataset.checking",
                                    timeout=CHECK_MS)

    def text(self) -> str:
        return str(self.page.evaluate("() => playground.view.state.doc.toString()"))

    def cursor_line(self) -> int:
        return int(self.page.evaluate("() => playground.view.state.doc.lineAt(playground.view.state.selection"
                                      ".main.head).number"))

    def type_text(self, text: str, keys: bool = False) -> None:
        """Replace the text: select all, delete, then the text as one input (a paste), or key by key."""
        self.page.click(".cm-content")
        self.page.keyboard.press("Control+a")
        self.page.keyboard.press("Delete")
        if keys:
            self.page.keyboard.type(text)
        else:
            self.page.keyboard.insert_text(text)
        self.settle()

    def click_line(self, line: int) -> None:
        self.page.locator(".cm-line").nth(line - 1).click()

    def findings(self) -> list[tuple[int, str, str]]:
        items = self.page.eval_on_selector_all(
            "#findings li", "els => els.map(e => [Number(e.dataset.line), e.dataset.rule, e.textContent])")
        return [(int(line), rule, text) for line, rule, text in items]

    def board_line(self) -> str | None:
        value = self.page.frame_locator("#board").locator("body").get_attribute("data-line", timeout=CHECK_MS)
        return None if value is None else str(value)

    def wait_board_line(self, line: int) -> None:
        self.page.wait_for_function(
            "(n) => { const d = document.getElementById('board').contentDocument;"
            " return d && d.body && d.body.dataset.line === String(n); }", arg=line, timeout=CHECK_MS)

    # ------------------------------------------------------------ what went wrong
    def outside(self) -> list[str]:
        return [u for u in self.requests
                if not (u.startswith(self.origin + "/") or u.startswith(("data:", "blob:", "about:")))]

    def problems(self) -> list[str]:
        # Chromium's own contenteditable editing (typing over a selection in CodeMirror's content) can try to
        # copy a style attribute onto the text it inserts; the policy blocks it (no script, no source file) and
        # CodeMirror redraws the line from its state anyway. Anything else the policy blocks is a failure.
        csp = [v for v in self.page.evaluate("() => window.__csp || []")
               if not v.startswith("style-src-attr inline :0:0 ")]
        return [f"request to another origin: {u}" for u in self.outside()] + \
               [f"CSP blocked: {v}" for v in csp] + [f"script error: {e}" for e in self.errors]

    def close(self) -> None:
        self.context.close()


@pytest.fixture(scope="module")
def app(browser: Any, site_url: str) -> Iterator[App]:
    """One tab for the module (Pyodide loads once); each test sets the text, mode and edition it needs."""
    a = App(browser, site_url).open()
    yield a
    a.close()


@pytest.fixture(autouse=True)
def _clean_tab(request: pytest.FixtureRequest) -> Iterator[None]:
    yield
    if "app" in request.fixturenames:
        a: App = request.getfixturevalue("app")
        problems = a.problems()
        a.requests.clear()
        a.errors.clear()
        a.page.evaluate("() => { window.__csp = []; }")
        assert problems == []


def reset(app: App) -> None:
    app.page.select_option("#mode", "transcript")
    app.page.select_option("#edition", "baseline")


# ---------------------------------------------------------------- the tests
def _glue() -> Any:
    import importlib.util

    spec = importlib.util.spec_from_file_location("rulecheck_web", WEB / "src" / "rulecheck_web.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_glue_gives_the_cli_results_in_cpython_too() -> None:
    """web/src/rulecheck_web.py, which the worker runs in Pyodide, run here by CPython (no browser needed)."""
    from rulecheck import api
    from rulecheck.report import render
    from rulecheck.report.common import title_of

    glue = _glue()
    [d] = json.loads(glue.check(CRAW_WURM, "baseline"))["diagnostics"]
    assert (d["line"], d["rule"], d["severity"]) == (20, "510.1c", "error")
    assert d["title"] == title_of("510.1c") != ""
    assert set(d["related_titles"]) == set(d["related"]) and "509.1h" in d["related"]
    assert d["related_titles"]["509.1h"] == title_of("509.1h") != ""
    assert json.loads(glue.report("transcript", "json"))["text"] == render(
        "json", api.check_text(CRAW_WURM, path="playground.transcript"))
    [e] = json.loads(glue.check(CRAW_WURM, "current"))["diagnostics"]
    assert (e["line"], e["rule"], e["edition"]) == (18, "edition", "current")
    board = json.loads(glue.board(CRAW_WURM, "baseline", 20))
    assert board["failure"] is None and '<script type="application/json" id="trace-data">' in board["html"]
    exam = json.loads(glue.exam((ROOT / "examples" / "cr-examples.exam.yaml").read_text(encoding="utf-8"),
                                "baseline"))
    assert exam["diagnostics"] == [] and exam["questions"] > 0 and not exam["invalid"]
    bad = json.loads(glue.exam("exam: [unclosed", "baseline"))
    assert bad["invalid"] and bad["diagnostics"][0]["rule"] == "exam-format"
    info = json.loads(glue.info())
    assert [e["name"] for e in info["editions"]][0] == "baseline"


def test_the_page_gets_ready_from_its_own_origin_only(app: App) -> None:
    assert app.page.title() == "rulecheck playground"
    assert app.page.is_hidden("#loading")
    assert app.page.evaluate("() => document.getElementById('loadbar').value") >= 85     # it went through its stages
    csp = app.page.get_attribute('meta[http-equiv="Content-Security-Policy"]', "content")
    assert csp is not None and csp.startswith("default-src 'self'; script-src 'self' 'sha256-")
    assert "http" not in csp and "*" not in csp and "unsafe" not in csp
    loaded = {urlsplit(u).path for u in app.requests}
    assert {"/pyodide/pyodide.asm.wasm", "/pyodide/python_stdlib.zip", "/worker.js"} <= loaded
    assert any(re.fullmatch(r"/wheels/rulecheck-[^/]+-py3-none-any\.whl", p) for p in loaded)
    assert any(re.fullmatch(r"/wheels/pyyaml-[^/]+-py3-none-any\.whl", p) for p in loaded)
    assert app.requests and app.outside() == []
    assert "Pyodide" in app.page.inner_text("footer")


def test_typing_craw_wurm_shows_510_1c_on_line_20_and_fixing_it_clears_it(app: App) -> None:
    reset(app)
    app.type_text(CRAW_WURM, keys=True)              # key by key: checks start and are overtaken as it is typed
    assert app.text() == CRAW_WURM
    [(line, rule, text)] = app.findings()
    assert (line, rule) == (20, "510.1c")
    from rulecheck import api

    [expected] = api.check_text(CRAW_WURM)
    assert expected.message in text and "Wall of Wood" in expected.message
    from rulecheck.report.common import title_of

    assert title_of("510.1c") in text                                       # the title, from explain
    # in the editor: the underline on line 20 and its gutter mark
    line20 = app.page.locator(".cm-line").nth(19)
    assert line20.locator(".cm-lintRange-error").count() == 1
    assert app.page.locator(".cm-gutter-lint .cm-lint-marker-error").count() == 1
    # hovering the underline shows the message, the rule with its title and the related rules
    line20.locator(".cm-lintRange-error").hover()
    tip = app.page.locator(".cm-tooltip-hover, .cm-tooltip-lint").first
    tip.wait_for(timeout=CHECK_MS)
    hover = tip.inner_text()
    assert "510.1c" in hover and expected.message in hover and title_of("510.1c") in hover and "related: " in hover
    app.page.mouse.move(5, 5)
    # a click on the entry moves the cursor there
    app.click_line(3)
    assert app.cursor_line() == 3
    app.page.click('#findings li[data-line="20"][data-rule="510.1c"]')
    assert app.cursor_line() == 20
    # fixing the line (lethal damage to the Wall first) clears the finding
    app.page.keyboard.press("Home")
    app.page.keyboard.press("Shift+End")
    app.page.keyboard.type("Craw Wurm assigns 3 to Wall of Wood, 3 to Eager Cadet")
    app.settle()
    assert app.findings() == []
    assert app.page.locator(".cm-lintRange-error").count() == 0
    assert app.page.inner_text("#summary") == "No findings"


def test_a_syntax_error_shows_what_was_expected(app: App) -> None:
    from rulecheck import api

    reset(app)
    text = "players: Alice, Bob\nturn 1: Alice\nAlice frobnicates\nalice passes priority\n"
    app.type_text(text)
    shown = app.findings()
    expected = api.check_text(text)
    assert [(line, rule) for line, rule, _ in shown] == [(v.line, v.rule) for v in expected]
    assert [(line, rule) for line, rule, _ in shown][0] == (3, "syntax")
    assert "unexpected 'frobnicates'; expected " in shown[0][2]
    for (_, _, entry), v in zip(shown, expected, strict=True):
        assert v.message in entry
        if v.hint:                                 # the CLI's hint line, as the full format prints it
            assert f"hint: {v.hint}" in entry
    assert any(v.hint for v in expected)
    assert app.page.locator(".cm-line").nth(2).locator(".cm-lintRange-error").count() == 1


def test_the_edition_selector_changes_the_finding(app: App) -> None:
    reset(app)
    app.type_text(CRAW_WURM)
    assert [(f[0], f[1]) for f in app.findings()] == [(20, "510.1c")]
    app.page.select_option("#edition", "current")
    app.settle()
    [(line, rule, text)] = app.findings()
    assert (line, rule) == (18, "edition")
    from rulecheck import api
    from rulecheck.config import Config

    [expected] = api.check_text(CRAW_WURM, config=Config(edition="current"))
    assert expected.message in text and "no damage assignment order" in text
    app.page.select_option("#edition", "baseline")
    app.settle()
    assert [(f[0], f[1]) for f in app.findings()] == [(20, "510.1c")]


def test_the_board_follows_the_cursor(app: App) -> None:
    reset(app)
    app.type_text(CRAW_WURM)
    board = app.page.frame_locator("#board")
    app.click_line(15)                                 # Alice attacks Bob with Craw Wurm
    app.wait_board_line(15)
    assert "attacks Bob" in board.locator('.slot[data-name="Craw Wurm"]').inner_text()
    app.click_line(18)                                 # the damage assignment order
    app.wait_board_line(18)
    assert board.locator('.slot[data-name="Wall of Wood"] .order').inner_text() == "1"
    app.click_line(20)                                 # the flagged line: the board shows its finding
    app.wait_board_line(20)
    assert "510.1c" in board.locator("#findings").inner_text()
    app.click_line(5)                                  # a blank line: the board of the last statement before it
    app.wait_board_line(4)
    assert app.page.inner_text("#boardline") == "(line 5)"


def test_share_then_reload_restores_text_edition_line_and_findings(app: App) -> None:
    reset(app)
    text = CRAW_WURM + "# shared from a test: ünïcode ✓\n"
    app.type_text(text)
    app.page.select_option("#edition", "2003")
    app.settle()
    app.click_line(17)
    app.page.click("#share")
    app.page.wait_for_function("() => location.hash.includes('z=')")
    url = app.page.evaluate("() => location.href")
    assert app.page.input_value("#shareurl") == url
    fragment = urlsplit(url).fragment
    assert "e=2003" in fragment and "l=17" in fragment and "Craw" not in fragment    # compressed, not plain
    app.page.reload()                     # the page starts again from the address alone
    app.page.wait_for_selector("body[data-state=ready]", timeout=READY_MS)
    app.settle()
    assert app.page.evaluate("() => location.href") == url
    assert app.text() == text
    assert app.page.input_value("#edition") == "2003"
    assert app.cursor_line() == 17
    assert [(f[0], f[1]) for f in app.findings()] == [(18, "edition")]
    app.wait_board_line(17)
    app.page.evaluate("() => window.history.replaceState(null, '', location.pathname)")   # for the next tests


def test_downloads_are_the_cli_report_formats(app: App, tmp_path: Path) -> None:
    reset(app)
    app.type_text(CRAW_WURM)
    results = {}
    for kind in ("json", "sarif", "text"):
        app.page.click("#download")
        with app.page.expect_download() as info:
            app.page.click(f'[data-download="{kind}"]')
        path = tmp_path / info.value.suggested_filename
        info.value.save_as(path)
        results[kind] = path.read_text(encoding="utf-8")
    assert results["text"] == CRAW_WURM
    from rulecheck import api
    from rulecheck.report import render

    expected = api.check_text(CRAW_WURM, path="playground.transcript")
    assert results["json"] == render("json", expected) + "\n"
    assert results["sarif"] == render("sarif", expected) + "\n"
    assert json.loads(results["json"])[0]["rule"] == "510.1c"


def test_exam_mode_grades_as_rulecheck_exam(app: App) -> None:
    reset(app)
    app.page.set_input_files("#file", str(ROOT / "examples" / "cr-examples.exam.yaml"))    # Open… an exam file
    app.page.wait_for_selector("body[data-mode=exam]")
    app.settle()
    assert app.text() == (ROOT / "examples" / "cr-examples.exam.yaml").read_text(encoding="utf-8")
    from rulecheck.exam import grade_file

    report = grade_file(str(ROOT / "examples" / "cr-examples.exam.yaml"))
    assert report.violations == []
    assert app.page.inner_text("#summary") == (f"Graded {report.answers} answers to {report.questions} questions: "
                                               "every key agrees with rulecheck")
    assert app.findings() == []
    # a wrong key: the first answer keyed legal is called illegal
    text = app.text()
    wrong = text.replace("key: legal", "key: illegal", 1)
    from rulecheck.exam import grade_text

    graded = grade_text(wrong, path="playground.exam.yaml")
    assert graded.violations
    app.type_text(wrong)
    shown = [(line, rule) for line, rule, _ in app.findings()]
    assert shown == [(v.line, v.rule) for v in sorted(graded.violations, key=lambda v: (v.line, v.column, v.rule))]
    assert "disagreement" in app.page.inner_text("#summary")
    app.page.select_option("#mode", "transcript")                     # the transcript is kept meanwhile
    app.settle()
    assert app.page.get_attribute("body", "data-mode") == "transcript"


def test_every_example_in_the_menu_gives_what_the_command_line_gives(app: App) -> None:
    from rulecheck import api
    from rulecheck.config import Config
    from rulecheck.exam import grade_text

    examples = json.loads((DIST / "build.json").read_text(encoding="utf-8"))["examples"]
    assert len(examples) >= 8 and {e["kind"] for e in examples} == {"transcript", "exam"}
    for entry in examples:
        text = (DIST / entry["file"]).read_text(encoding="utf-8")
        if entry["kind"] == "exam":
            found = grade_text(text, path="playground.exam.yaml", edition=entry["edition"]).violations
        else:
            found = api.check_text(text, path="playground.transcript", config=Config(edition=entry["edition"]))
        app.page.select_option("#examples", label=entry["label"])
        app.page.wait_for_function("(t) => playground.view.state.doc.toString() === t", arg=text, timeout=CHECK_MS)
        app.settle()
        assert app.page.input_value("#edition") == entry["edition"]
        assert [(line, rule) for line, rule, _ in app.findings()] == [(v.line, v.rule) for v in found], entry
        assert "failed" not in app.page.inner_text("#summary")


def test_a_browser_that_cannot_run_it_is_told_so(browser: Any, site_url: str) -> None:
    """Without CompressionStream (or WebAssembly, or workers) the loading box says what is missing, at once."""
    a = App(browser, site_url)
    try:
        a.context.add_init_script("delete window.CompressionStream;")
        a.page.goto(site_url)
        a.page.wait_for_selector("body[data-state=error]", timeout=CHECK_MS)
        message = a.page.inner_text("#loadmsg")
        assert message.startswith("This browser can't run the playground: it lacks CompressionStream.")
        assert a.page.is_visible("#loading")
        assert not any("/pyodide/" in u for u in a.requests)                 # it did not try to load Python
        assert a.problems() == []
    finally:
        a.close()


# ---------------------------------------------------------------- the README's screenshot and figures
def _measure(browser: Any, url: str) -> dict[str, float]:
    """First load (a fresh context: nothing cached) and a warm check of a 1,000-line legal game."""
    sys.path.insert(0, str(ROOT / "bench"))
    import generate  # type: ignore[import-not-found]

    lines = "\n".join(generate.game_lines(1200, seed=1)).splitlines()[:1000]    # a legal game, cut at 1,000 lines
    text = "\n".join(lines) + "\n"
    a = App(browser, url)
    t0 = time.perf_counter()
    a.open()
    first = time.perf_counter() - t0
    a.page.evaluate("(t) => { const v = playground.view; v.dispatch({changes: {from: 0, to: v.state.doc.length,"
                    " insert: t}}); }", text)
    a.settle()
    cold = a.page.evaluate("() => [playground.lastCheckMs, playground.lastRoundTripMs]")
    times: list[float] = []
    trips: list[float] = []
    boards: list[float] = []
    for i in range(7):
        a.page.evaluate("(i) => { const v = playground.view; v.dispatch({changes: {from: v.state.doc.length,"
                        " insert: '# edit ' + i + '\\n'}}); }", i)
        a.settle()
        check, trip = a.page.evaluate("() => [playground.lastCheckMs, playground.lastRoundTripMs]")
        times.append(float(check))
        trips.append(float(trip))
        a.page.wait_for_function("() => document.getElementById('board').contentDocument.body.dataset.line")
        boards.append(float(a.page.evaluate("() => playground.lastBoardMs")))
    out = {"first_load_s": round(first, 2), "lines": len(text.splitlines()), "findings": len(a.findings()),
           "first_check_of_the_text_ms": round(cold[0], 1),
           "warm_check_ms_median": round(statistics.median(times), 1),
           "warm_round_trip_ms_median": round(statistics.median(trips), 1),
           "board_ms_median": round(statistics.median(boards), 1)}
    a.close()
    return out


def _screenshot(browser: Any, url: str, out: Path) -> None:
    a = App(browser, url, width=1440, height=860).open()
    a.click_line(20)
    a.wait_board_line(20)
    a.page.locator(".cm-line").nth(19).locator(".cm-lintRange-error").hover()
    a.page.locator(".cm-tooltip").first.wait_for()
    a.page.screenshot(path=str(out))
    a.close()


if __name__ == "__main__":
    import argparse

    from playwright.sync_api import sync_playwright

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--screenshot", metavar="PNG")
    parser.add_argument("--measure", action="store_true")
    parser.add_argument("--no-build", action="store_true", help="serve web/dist as it is")
    args = parser.parse_args()
    if not args.no_build:
        build_site()
    server, url = serve(DIST)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=FLAGS)
        if args.screenshot:
            _screenshot(b, url, Path(args.screenshot))
        if args.measure:
            print(json.dumps(_measure(b, url), indent=1))
        b.close()
    server.shutdown()
