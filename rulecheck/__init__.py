"""rulecheck: lint written Magic: The Gathering game transcripts against the Comprehensive Rules."""

__version__ = "0.1.0"
