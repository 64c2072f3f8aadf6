"""Rules editions: `find_edition(name)` gives the `Edition` that checks a transcript."""

from __future__ import annotations

from .base import Edition
from .current import CURRENT
from .registry import RULES
from .rules2003 import EDITION_2003

BASELINE = Edition(RULES)

EDITIONS: dict[str, Edition] = {e.name: e for e in (BASELINE, CURRENT, EDITION_2003)}
DEFAULT_EDITION = BASELINE.name


class UnknownEdition(ValueError):
    def __init__(self, name: str) -> None:
        import difflib  # only for a suggestion: not imported by a check that needs none

        close = difflib.get_close_matches(name, list(EDITIONS), n=1, cutoff=0.5)
        hint = f"; did you mean '{close[0]}'?" if close else f"; rulecheck knows {', '.join(sorted(EDITIONS))}"
        super().__init__(f"unknown edition '{name}'{hint}")
        self.suggestion = close[0] if close else None


def find_edition(name: str) -> Edition:
    """The edition called `name` (as written in a transcript's `edition:` header or the configuration)."""
    edition = EDITIONS.get(name.strip().lower())
    if edition is None:
        raise UnknownEdition(name)
    return edition


__all__ = ["BASELINE", "CURRENT", "DEFAULT_EDITION", "EDITIONS", "EDITION_2003", "Edition", "UnknownEdition",
           "find_edition"]
