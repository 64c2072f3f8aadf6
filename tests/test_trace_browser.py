"""The trace page in a real browser: Debian's Chromium, headless, driven by Playwright's Python API (which is
pointed at the system Chromium: it cannot download a browser of its own here) and by Chromium's own --dump-dom.

A missing browser or Playwright is a skip on a developer's machine and a failure in CI (CI=true): `.ci/run`
installs Chromium when it is missing, so these tests run there, every time.

    python tests/test_trace_browser.py docs/trace-craw-wurm.png   # the screenshot in the docs
"""

from __future__ import annotations

import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from browsers import chromium_path, missing

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"
FOUR_PLAYERS = ROOT / "fixtures" / "audit" / "independent5" / "03-each-defender-blocks-its-own-attackers.transcript"





def write_page(tmp: Path, transcript: Path | str, name: str = "page.html") -> Path:
    from rulecheck.trace import trace_file, trace_text
    from rulecheck.trace.render_html import render_html

    trace = trace_file(str(transcript)) if isinstance(transcript, Path) else trace_text(transcript,
                                                                                        path="generated.transcript")
    out = tmp / name
    out.write_text(render_html(trace), encoding="utf-8")
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    path = chromium_path()
    if path is None:
        missing("Chromium", "the trace page's browser tests")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        missing("Playwright (pip install '.[test]')", "the trace page's browser tests")
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=path, args=["--no-sandbox", "--disable-gpu"])
        yield b
        b.close()


class Page:
    """A page with what went wrong on it: script errors, and any request for something not in the file."""

    def __init__(self, browser: Any, url: str, width: int = 1400, height: int = 860) -> None:
        self.page = browser.new_page(viewport={"width": width, "height": height})
        self.errors: list[str] = []
        self.requests: list[str] = []
        self.page.on("pageerror", lambda e: self.errors.append(str(e)))
        self.page.on("console", lambda m: self.errors.append(m.text) if m.type == "error" else None)
        self.page.on("request", lambda r: self.requests.append(r.url) if not r.url.startswith("file:") else None)
        self.page.goto(url)

    def line(self) -> int:
        return int(self.page.get_attribute("body", "data-line"))

    def press(self, key: str, times: int = 1) -> None:
        for _ in range(times):
            self.page.keyboard.press(key)

    def slot(self, name: str) -> Any:
        return self.page.locator(f'.slot[data-name="{name}"]')

    def clean(self) -> bool:
        return not self.errors and not self.requests


def test_stepping_with_the_keyboard_shows_blocks_order_and_the_flagged_line(browser: Any, tmp_path: Path) -> None:
    page = Page(browser, write_page(tmp_path, EXAMPLE).as_uri())
    assert page.line() == 20                     # the page opens at the first finding
    page.press("Home")
    assert page.line() == 2
    page.press("End")
    assert page.line() == 20
    findings = page.page.inner_text("#findings")
    assert "510.1c" in findings
    assert "Wall of Wood, ahead of it in the damage assignment order, is not assigned lethal damage" in findings
    assert "A blocked creature damages its blockers in order, lethal damage to each before the next" in findings
    current = page.page.locator("#lines li.current")
    assert current.get_attribute("class").split() == ["l", "flagged", "current"]
    assert "510.1c" in current.inner_text()
    assert page.page.locator("#lines li.flagged").count() == 1

    page.press("ArrowLeft", 2)
    assert page.line() == 18
    assert page.slot("Wall of Wood").locator(".mark.blk").inner_text() == "blocks Craw Wurm"
    assert page.slot("Wall of Wood").locator(".order").inner_text() == "1"
    assert page.slot("Eager Cadet").locator(".order").inner_text() == "2"
    assert "order: 1. Wall of Wood, 2. Eager Cadet" in page.slot("Craw Wurm").inner_text()
    assert page.page.locator("#arrows line.atk").count() == 0     # a blocked attacker: its blockers' arrows
    assert page.page.locator("#arrows line.blk").count() == 2

    page.press("ArrowLeft")                      # declared, not yet ordered: no order marks
    assert page.line() == 17
    assert page.slot("Eager Cadet").locator(".mark.blk").inner_text() == "blocks Craw Wurm"
    assert page.page.locator(".order").count() == 0

    wurm = page.slot("Craw Wurm")
    assert "tapped" in wurm.get_attribute("class").split()
    assert wurm.locator(".card").evaluate("c => getComputedStyle(c).transform") != "none"   # turned
    assert page.slot("Wall of Wood").locator(".card").evaluate("c => getComputedStyle(c).transform") == "none"
    assert page.page.locator(".side").count() == 2
    assert "Alice" in page.page.inner_text("#turn")
    page.press("ArrowLeft", 2)
    assert page.line() == 15
    assert page.page.locator("#arrows line.atk").count() == 1
    assert page.page.locator("#arrows line").count() == 1
    page.press("ArrowLeft")
    assert page.line() == 14
    assert page.page.locator("#arrows line").count() == 0
    assert page.clean(), (page.errors, page.requests)


def test_buttons_and_the_address_pick_the_line(browser: Any, tmp_path: Path) -> None:
    url = write_page(tmp_path, EXAMPLE).as_uri()
    page = Page(browser, url + "#L17")
    assert page.line() == 17
    page.page.click("#nextf")
    assert page.line() == 20
    page.page.click("#first")
    assert page.line() == 2
    page.page.click("#next")
    assert page.line() == 3
    page.page.click("#lines li#L15")
    assert page.line() == 15
    assert page.page.evaluate("location.hash") == "#L15"
    assert page.clean(), (page.errors, page.requests)


def test_four_players(browser: Any, tmp_path: Path) -> None:
    page = Page(browser, write_page(tmp_path, FOUR_PLAYERS).as_uri() + "#L26")
    assert page.line() == 26
    assert page.page.locator(".side").count() == 4
    assert page.page.locator("#board").get_attribute("class") == "many"
    assert page.page.locator("#arrows line.atk").count() == 3
    page.press("ArrowRight", 4)
    assert page.line() == 30
    assert page.page.locator("#arrows line.atk").count() == 0
    assert page.page.locator("#arrows line.blk").count() == 3
    assert page.slot("Grizzly Bears").locator(".mark.atk").inner_text() == "attacks Jace Beleren"
    assert page.slot("Jace Beleren").locator(".pt").inner_text() == "◆ 3"
    page.press("End")
    assert page.page.locator('.side[data-player="Bob"] .slot').count() == 0    # the Wall died
    assert "2 dmg" in page.slot("Serra Angel").inner_text()
    assert page.clean(), (page.errors, page.requests)


def test_a_long_game_renders_one_board_at_a_time(browser: Any, tmp_path: Path) -> None:
    from bench_modules import bench_module

    text = "\n".join(bench_module("generate").game_lines(2_000, seed=3)) + "\n"
    lines = text.count("\n")
    path = write_page(tmp_path, text)
    assert path.stat().st_size < 600 * lines      # changes per line, not a board per line
    page = Page(browser, path.as_uri())
    elapsed = page.page.evaluate("""() => { const t = performance.now();
        document.dispatchEvent(new KeyboardEvent("keydown", {key: "End"})); return performance.now() - t; }""")
    numbers = page.page.eval_on_selector_all("#lines li", "l => l.map(x => Number(x.id.slice(1)))")
    assert page.line() == max(numbers)
    assert elapsed < 2_000, elapsed
    assert page.page.locator(".side").count() == 2
    page.press("ArrowLeft", 5)
    page.press("Home")
    assert page.line() == int(page.page.locator("#lines li").first.get_attribute("id")[1:])
    assert page.clean(), (page.errors, page.requests)


def test_chromium_dump_dom_renders_the_flagged_line(tmp_path: Path) -> None:
    """Without Playwright: Chromium's own headless mode, the page stepping to a line from its address."""
    path = chromium_path()
    if path is None:
        missing("Chromium", "the trace page's browser tests")
    page = write_page(tmp_path, EXAMPLE)
    proc = subprocess.run([path, "--headless", "--no-sandbox", "--disable-gpu", "--dump-dom", page.as_uri() + "#L20"],
                          capture_output=True, text=True, timeout=120)
    assert proc.returncode == 0, proc.stderr[-2000:]
    dom = proc.stdout
    assert 'data-line="20"' in dom
    assert '<span class="rule">510.1c</span>' in dom
    assert '<li data-i="15" class="l flagged current" id="L20">' in dom


def screenshot(out: Path, transcript: Path = EXAMPLE, line: int = 20) -> None:
    """The picture in README.md and docs/trace.md."""
    import tempfile

    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp, sync_playwright() as p:
        b = p.chromium.launch(executable_path=chromium_path(), args=["--no-sandbox", "--disable-gpu"])
        page = b.new_page(viewport={"width": 1280, "height": 700})
        page.goto(write_page(Path(tmp), transcript).as_uri() + f"#L{line}")
        page.screenshot(path=str(out))
        b.close()


if __name__ == "__main__":
    screenshot(Path(sys.argv[1]))


def test_the_report_index_links_to_the_flagged_line(browser: Any, tmp_path: Path) -> None:
    from click.testing import CliRunner

    from rulecheck.cli import cli

    out = tmp_path / "report.html"
    result = CliRunner().invoke(cli, ["check", str(EXAMPLE), str(FOUR_PLAYERS), "--format", "html", "-o", str(out)])
    assert result.exit_code == 1
    page = Page(browser, out.as_uri())
    page.page.click("text=line 20")
    page.page.wait_for_selector("body[data-line]")
    assert page.line() == 20
    assert "510.1c" in page.page.inner_text("#findings")
    assert page.clean(), (page.errors, page.requests)


def test_a_missing_browser_fails_in_ci_and_is_skipped_elsewhere(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("CI", "true")
    with pytest.raises(pytest.fail.Exception, match="CI must run the trace page.s browser tests"):
        missing("Chromium", "the trace page's browser tests")
    monkeypatch.delenv("CI")
    with pytest.raises(pytest.skip.Exception):
        missing("Chromium", "the trace page's browser tests")


LONG_NAME = "Supercalifragilisticexpialidocious Wurmkrakenlordoftheabyssandbeyond"


def test_a_long_name_in_a_mark_stays_inside_its_card_slot(browser: Any, tmp_path: Path) -> None:
    """A mark ('blocks <name>', 'attacks <name>') wraps inside its card's slot: with a long unbreakable word it
    ran out of the board, over the list of lines."""
    text = (f"players: Alice, Bob\ncard {LONG_NAME}: creature 6/4\ncard Wall: creature 0/3, defender\n"
            f"Alice controls {LONG_NAME}\nBob controls Wall\nturn 5: Alice, in beginning of combat step\n"
            f"declare attackers step\nAlice attacks Bob with {LONG_NAME}\ndeclare blockers step\n"
            f"Bob blocks {LONG_NAME} with Wall\n")
    page = Page(browser, write_page(tmp_path, text).as_uri() + "#L10")
    assert page.line() == 10
    marks = page.page.locator(".slot .mark")
    assert marks.count() >= 3
    for i in range(marks.count()):
        mark = marks.nth(i)
        box = mark.bounding_box()
        slot = mark.locator("xpath=ancestor::div[contains(@class, 'slot')][1]").bounding_box()
        assert slot["x"] - 1 <= box["x"] and box["x"] + box["width"] <= slot["x"] + slot["width"] + 1, \
            (mark.inner_text(), box, slot)
    assert page.clean(), (page.errors, page.requests)
