"""`rulecheck cards fetch`: download the current card database into the user cache, verify it, make it the default.

The download sites (overridable for mirrors and tests, with `--base-url` or the environment):
- Scryfall: `GET {base}/bulk-data/oracle-cards` gives the bulk data object of the Oracle cards file, whose
  `download_uri` is the file (served gzip-compressed); base `https://api.scryfall.com`, $RULECHECK_SCRYFALL_URL.
- MTGJSON: `{base}/api/v5/AtomicCards.json.xz`; base `https://mtgjson.com`, $RULECHECK_MTGJSON_URL.
"""

from __future__ import annotations

import contextlib
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from ..version import __version__
from .formats import read_entries
from .index import CardDataError, cache_dir
from .jsonstream import JSONStreamError, Reader, open_text

SOURCES = {"scryfall": ("RULECHECK_SCRYFALL_URL", "https://api.scryfall.com"),
           "mtgjson": ("RULECHECK_MTGJSON_URL", "https://mtgjson.com")}
BLOCK = 1 << 16
TIMEOUT = 60


def base_url(source: str, override: str | None = None) -> str:
    env, default = SOURCES[source]
    return (override or os.environ.get(env) or default).rstrip("/")


def _open(url: str) -> Any:
    import urllib.error  # only a download needs them (and they take a check's start-up ~10 ms to import)
    import urllib.request

    request = urllib.request.Request(url, headers={"User-Agent": f"rulecheck/{__version__}",
                                                   "Accept": "application/json;q=0.9,*/*;q=0.8"})
    try:
        return urllib.request.urlopen(request, timeout=TIMEOUT)  # noqa: S310 - http(s) URLs of our own making
    except urllib.error.HTTPError as err:
        raise CardDataError(f"{url}: the server answered {err.code} {err.reason}") from None
    except (urllib.error.URLError, OSError, ValueError) as err:
        reason = getattr(err, "reason", None) or err
        raise CardDataError(f"{url}: cannot download: {reason}") from None


def download_url(source: str, base: str) -> tuple[str, str]:
    """The URL of the file to download and the name to save it under."""
    if source == "mtgjson":
        return f"{base}/api/v5/AtomicCards.json.xz", "AtomicCards.json.xz"
    with _open(f"{base}/bulk-data/oracle-cards") as response:
        try:
            info = json.loads(response.read(1 << 20))
        except ValueError:
            raise CardDataError(f"{base}/bulk-data/oracle-cards: the answer is not JSON") from None
    uri = info.get("download_uri") if isinstance(info, dict) else None
    if not isinstance(uri, str) or not uri.startswith(("https://", "http://")):
        raise CardDataError(f"{base}/bulk-data/oracle-cards: no 'download_uri' in the answer")
    return uri, "scryfall-oracle-cards.json"


def fetch(source: str, base: str, target_dir: Path | None = None,
          progress: Callable[[int, int | None], None] | None = None) -> tuple[Path, int]:
    """Download, verify that it parses as a card database, and move into place; the file and its card count."""
    url, name = download_url(source, base)
    folder = target_dir or cache_dir() / "cards"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as err:
        raise CardDataError(f"cannot create '{folder}': {err.strerror or err}") from None
    with _open(url) as response:
        encoding = response.headers.get("Content-Encoding", "") or ""
        if encoding not in ("", "identity", "gzip"):
            raise CardDataError(f"{url}: unexpected content encoding {encoding!r}")
        if encoding == "gzip":   # kept compressed: rulecheck reads gzip, xz and bzip2 files as they are
            name += ".gz"
        part = folder / f"{name}.part"
        length = response.headers.get("Content-Length")
        total = int(length) if length and length.isdigit() else None
        with open(part, "wb") as out:
            _copy(response, out, url, total, progress)
    try:
        count = verify(part)
    except CardDataError:
        with contextlib.suppress(OSError):
            part.unlink()
        raise
    final = folder / name
    os.replace(part, final)
    return final, count


def _copy(response: Any, out: Any, url: str, total: int | None,
          progress: Callable[[int, int | None], None] | None) -> None:
    while True:
        try:
            block = response.read(BLOCK)
        except OSError as err:
            raise CardDataError(f"{url}: the download broke off: {err}") from None
        if not block:
            break
        out.write(block)
        if progress is not None:
            progress(len(block), total)


def verify(path: Path) -> int:
    """How many cards the file holds; `CardDataError` when it is not a card database."""
    try:
        with open_text(str(path)) as stream:
            _, entries = read_entries(Reader(stream), path.name)
            count = sum(1 for _ in entries)
    except JSONStreamError as err:
        raise CardDataError(f"the downloaded file {err}") from None
    except OSError as err:
        raise CardDataError(f"the downloaded file cannot be read: {err}") from None
    if count == 0:
        raise CardDataError("the downloaded file holds no cards")
    return count
