"""Where rulecheck keeps what it computes once for every later process (the parser's tables and compiled patterns,
the code of its records' methods): ``$RULECHECK_CACHE_DIR`` (empty: nowhere), else ``$XDG_CACHE_HOME/rulecheck`` or
``~/.cache/rulecheck``. A directory that can't be made (a read-only or missing home) means nowhere, never an
error: everything is then computed in each process, as without a cache."""

from __future__ import annotations

import binascii
import contextlib
import marshal
import os
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def cache_dir() -> str | None:
    where = os.environ.get("RULECHECK_CACHE_DIR")
    if where is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        where = os.path.join(base, "rulecheck")
    if not where:
        return None
    try:
        os.makedirs(where, exist_ok=True)
    except OSError:
        return None
    return where


def load_kept(path: str, key: Any = None) -> Any:
    """What `keep` wrote at `path` for `key`, or None when the file is absent, damaged (its CRC-32 is checked:
    damage, not tampering) or kept for another key (another grammar, Python or format)."""
    with contextlib.suppress(Exception):
        with open(path, "rb") as fh:
            stored_key, digest, payload = marshal.load(fh)
        if stored_key == key and binascii.crc32(payload) == digest:
            return marshal.loads(payload)
    return None


def keep(path: str, data: Any, key: Any = None) -> None:
    """Write `data` (what `marshal` can write) for `key` at `path`, whole or not at all (a temporary file renamed
    over it); a failure leaves nothing behind and is not an error."""
    tmp = f"{path}.{os.getpid()}.tmp"
    try:
        payload = marshal.dumps(data)
        with open(tmp, "wb") as fh:
            marshal.dump((key, binascii.crc32(payload), payload), fh)
        os.replace(tmp, path)
    except (OSError, ValueError):
        with contextlib.suppress(OSError):
            os.remove(tmp)
