"""rulecheck: lint written Magic: The Gathering game transcripts against the Comprehensive Rules.

The Python API (documented in docs/api.md): `check_text`, `check_paths`, `Violation`, `Config`, `load_config`,
`ConfigError`.
"""

from .api import check_paths, check_text
from .config import Config, ConfigError, load_config
from .diagnostics import Violation
from .version import __version__

__all__ = ["Config", "ConfigError", "Violation", "__version__", "check_paths", "check_text", "load_config"]
