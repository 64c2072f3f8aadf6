"""A transcript with no `card` lines checks exactly as the same transcript with its definitions, given a card
database in either format: the JSON reports are compared whole. The definitions' lines become blank lines, so
that every finding keeps its line."""

from __future__ import annotations

from pathlib import Path

import pytest

from rulecheck import checker
from rulecheck.cards.library import using
from rulecheck.config import DEFAULT
from rulecheck.report import render

ROOT = Path(__file__).resolve().parent.parent
DATABASES = {"scryfall": ROOT / "fixtures" / "cards" / "scryfall-oracle-cards.json",
             "mtgjson": ROOT / "fixtures" / "cards" / "mtgjson-AtomicCards.json"}
TRANSCRIPTS = ["examples/craw-wurm.transcript"] + [f"fixtures/scenarios/{name}.transcript" for name in (
    "C001", "C003", "C012", "C015", "C016", "C019", "C028", "C040", "C043", "C044", "C059", "C061", "C063",
    "T002", "T004", "T018", "T024", "T026", "T055")] + [f"fixtures/rules/{name}.transcript" for name in (
    "502.1-fail", "503.1-fail", "505.5b-fail", "509.1a-fail", "509.2-fail", "510.1c-fail", "510.1d-fail",
    "510.2-fail", "510.5-fail", "514.1-fail")]


def _without_definitions(text: str) -> str:
    return "\n".join("" if line.startswith("card ") else line for line in text.split("\n"))


def _json(text: str, path: str, cards: Path | None) -> str:
    with using(str(cards) if cards else None):
        return render("json", checker.check_text(text, path=path, config=DEFAULT))


@pytest.mark.parametrize("database", list(DATABASES))
@pytest.mark.parametrize("name", TRANSCRIPTS)
def test_naming_the_cards_checks_as_defining_them(name: str, database: str) -> None:
    text = (ROOT / name).read_text(encoding="utf-8")
    named = _without_definitions(text)
    assert "\ncard " not in "\n" + named and named != text
    expected = _json(text, name, None)
    assert _json(named, name, DATABASES[database]) == expected
    assert _json(named, name, None) != expected   # without the data the cards are unknown: the test can fail
