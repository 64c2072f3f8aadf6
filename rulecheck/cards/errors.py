"""The card layer's one error, importable without the readers (a check imports this module on every run)."""

from __future__ import annotations

import os
import sys
from pathlib import Path


class CardDataError(Exception):
    """The card database can't be used: missing, unreadable, not JSON, not a card database. Shown to the user."""


def cache_dir() -> Path:
    """rulecheck's directory in the user cache: $XDG_CACHE_HOME/rulecheck, else the platform's usual place."""
    base = os.environ.get("XDG_CACHE_HOME")
    if base:
        return Path(base) / "rulecheck"
    if sys.platform == "win32":
        return Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local") / "rulecheck" / "Cache"
    if sys.platform == "darwin":
        return Path.home() / "Library" / "Caches" / "rulecheck"
    return Path.home() / ".cache" / "rulecheck"
