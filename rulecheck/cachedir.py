"""Where rulecheck keeps what it computes once for every later process (the parser's tables and compiled patterns,
the code of its records' methods): ``$RULECHECK_CACHE_DIR`` (empty: nowhere), else ``$XDG_CACHE_HOME/rulecheck`` or
``~/.cache/rulecheck``. A directory that can't be made (a read-only or missing home) means nowhere, never an
error: everything is then computed in each process, as without a cache."""

from __future__ import annotations

import os
from functools import lru_cache


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
