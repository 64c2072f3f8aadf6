"""Reading the small side files (configuration, the user's Comprehensive Rules) with a size bound."""

from __future__ import annotations

import os


def read_bounded(path: str | os.PathLike[str], limit: int) -> bytes | None:
    """The file's bytes, or None when it is larger than `limit`; OSError when it can't be read."""
    with open(path, "rb") as fh:
        data = fh.read(limit + 1)
    return None if len(data) > limit else data
