"""`rulecheck cards fetch` against a local HTTP server on 127.0.0.1 serving the fixture databases (no network)."""

from __future__ import annotations

import gzip
import json
import lzma
import threading
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cards import default_cards_file
from rulecheck.cli import cli

ROOT = Path(__file__).resolve().parent.parent
SCRYFALL = ROOT / "fixtures" / "cards" / "scryfall-oracle-cards.json"
MTGJSON = ROOT / "fixtures" / "cards" / "mtgjson-AtomicCards.json"


class _Handler(BaseHTTPRequestHandler):
    files: dict[str, tuple[bytes, dict[str, str]]] = {}

    def do_GET(self) -> None:  # noqa: N802 - the name http.server calls
        found = self.files.get(self.path)
        if found is None:
            self.send_error(404, "Not Found")
            return
        body, headers = found
        self.send_response(200)
        for key, value in {"Content-Length": str(len(body)), **headers}.items():
            self.send_header(key, value)
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args: object) -> None:
        pass


@pytest.fixture
def server() -> Iterator[str]:
    httpd = ThreadingHTTPServer(("127.0.0.1", 0), _Handler)
    base = f"http://127.0.0.1:{httpd.server_address[1]}"
    bulk = {"object": "bulk_data", "type": "oracle_cards", "name": "Oracle Cards",
            "download_uri": f"{base}/files/oracle-cards-20251101.json", "content_type": "application/json",
            "content_encoding": "gzip", "size": SCRYFALL.stat().st_size}
    broken = dict(bulk, download_uri=f"{base}/files/broken.json")
    _Handler.files = {
        "/scryfall/bulk-data/oracle-cards": (json.dumps(bulk).encode(), {"Content-Type": "application/json"}),
        "/files/oracle-cards-20251101.json": (gzip.compress(SCRYFALL.read_bytes()),
                                              {"Content-Type": "application/json", "Content-Encoding": "gzip"}),
        "/mtgjson/api/v5/AtomicCards.json.xz": (lzma.compress(MTGJSON.read_bytes()), {}),
        "/broken/bulk-data/oracle-cards": (json.dumps(broken).encode(), {}),
        "/files/broken.json": (b'[{"name": "Craw Wurm", ', {}),
        "/notjson/bulk-data/oracle-cards": (b"<html>maintenance</html>", {}),
    }
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield base
    finally:
        httpd.shutdown()
        httpd.server_close()


CRAW_WURM = (ROOT / "examples" / "craw-wurm.transcript").read_text(encoding="utf-8")


@pytest.mark.parametrize(("source", "path", "saved"), [("scryfall", "/scryfall", "scryfall-oracle-cards.json.gz"),
                                                       ("mtgjson", "/mtgjson", "AtomicCards.json.xz")])
def test_fetch_downloads_verifies_and_makes_it_the_default(source: str, path: str, saved: str, server: str,
                                                           tmp_path: Path) -> None:
    result = CliRunner().invoke(cli, ["cards", "fetch", "--source", source, "--base-url", server + path])
    assert result.exit_code == 0, result.output
    target = default_cards_file()
    assert target is not None and Path(target).name == saved
    count = 50 if source == "scryfall" else 52
    assert result.output.splitlines()[0] == f"{count} cards from {source} saved to {target}"
    stripped = "\n".join("" if line.startswith("card ") else line for line in CRAW_WURM.split("\n"))
    (tmp_path / "t.transcript").write_text(stripped, encoding="utf-8")
    checked = CliRunner().invoke(cli, ["check", "--format", "concise", str(tmp_path / "t.transcript")])
    assert checked.output.splitlines()[0] == (
        f"{tmp_path / 't.transcript'}:20:1: 510.1c Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead "
        "of it in the damage assignment order, is not assigned lethal damage")


def test_the_base_url_may_come_from_the_environment(server: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RULECHECK_MTGJSON_URL", server + "/mtgjson")
    result = CliRunner().invoke(cli, ["cards", "fetch", "--source", "mtgjson", "--no-default"])
    assert result.exit_code == 0, result.output
    assert default_cards_file() is None


@pytest.mark.parametrize(("path", "message"), [
    ("/broken", "the downloaded file not valid JSON near character 23: Expecting property name enclosed in double "
                "quotes"),
    ("/notjson", "{base}/notjson/bulk-data/oracle-cards: the answer is not JSON"),
    ("/missing", "{base}/missing/bulk-data/oracle-cards: the server answered 404 Not Found"),
])
def test_a_failed_fetch_changes_nothing(path: str, message: str, server: str) -> None:
    result = CliRunner().invoke(cli, ["cards", "fetch", "--base-url", server + path])
    assert (result.exit_code, result.output) == (2, f"rulecheck: {message.format(base=server)}\n")
    assert default_cards_file() is None
