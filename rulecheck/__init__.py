"""rulecheck: lint written Magic: The Gathering game transcripts against the Comprehensive Rules.

The Python API (documented in docs/api.md): `check_text`, `check_paths`, `Violation`, `Config`, `load_config`,
`ConfigError`.
"""

__version__ = "0.1.0"

from .api import check_paths, check_text  # noqa: E402 - __version__ first: the CLI imports it from here
from .config import Config, ConfigError, load_config  # noqa: E402
from .diagnostics import Violation  # noqa: E402

__all__ = ["Config", "ConfigError", "Violation", "__version__", "check_paths", "check_text", "load_config"]
