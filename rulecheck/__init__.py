"""rulecheck: lint written Magic: The Gathering game transcripts against the Comprehensive Rules.

The Python API (documented in docs/api.md): `check_text`, `check_paths`, `Violation`, `Config`, `load_config`,
`ConfigError`. They are imported when first asked for (`import rulecheck` itself imports nothing else), so that a
process that uses one part of the package (the command line, the language server, a worker) loads only that part.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .lazy import lazy_attributes
from .version import __version__

if TYPE_CHECKING:
    from .api import check_paths, check_text
    from .config import Config, ConfigError, load_config
    from .diagnostics import Violation

__all__ = ["Config", "ConfigError", "Violation", "__version__", "check_paths", "check_text", "load_config"]

_FROM = {"check_paths": "api", "check_text": "api", "Config": "config", "ConfigError": "config",
         "load_config": "config", "Violation": "diagnostics"}


__getattr__ = lazy_attributes(__name__, _FROM, globals())
