"""Card names from the card database in the language server: completion and hover (once the index is built)."""

from __future__ import annotations

from pathlib import Path

import pytest
from lsprotocol import types

from rulecheck.cards import open_library
from rulecheck.server.documents import UTF16, Document, Pos
from rulecheck.server.features import completions
from rulecheck.server.features.cards import card_hover, library_for

ROOT = Path(__file__).resolve().parent.parent
SCRYFALL = ROOT / "fixtures" / "cards" / "scryfall-oracle-cards.json"


def test_card_names_complete_from_the_database() -> None:
    library = open_library(SCRYFALL)
    doc = Document("file:///t.transcript", "players: Alice, Bob\nAlice controls Bonecrusher G\n")
    items = completions(doc, Pos(1, 28), UTF16, None, library)
    names = [(i.label, i.detail) for i in items]
    assert names == [("Bonecrusher Giant", "card (scryfall scryfall-oracle-cards.json)"),
                     ("Bonecrusher Giant // Stomp", "card (scryfall scryfall-oracle-cards.json)")]
    edit = items[0].text_edit
    assert isinstance(edit, types.TextEdit) and edit.new_text == "Bonecrusher Giant"
    assert (edit.range.start.character, edit.range.end.character) == (15, 28)
    # a name with a comma is written in quotes, as the language wants it
    doc = Document("file:///t.transcript", "Alice controls Akroma\n")
    assert [i.text_edit.new_text for i in completions(doc, Pos(0, 21), UTF16, None, library)  # type: ignore[union-attr]
            if i.detail and i.detail.startswith("card")] == ['"Akroma, Angel of Wrath"']
    assert not [i for i in completions(doc, Pos(0, 21), UTF16, None, None) if i.detail and i.detail.startswith("card")]


@pytest.mark.parametrize("markdown", [True, False])
def test_hover_on_a_card_name_shows_its_facts(markdown: bool) -> None:
    library = open_library(SCRYFALL)
    doc = Document("file:///t.transcript", "Bob controls Teferi's Imp, Wall of Wood  # a comment\n")
    found = card_hover(doc, Pos(0, 20), UTF16, library, markdown)
    assert found is not None and isinstance(found.contents, types.MarkupContent)
    assert (found.range.start.character, found.range.end.character) == (13, 25)   # the whole name
    text = found.contents.value
    assert "type_line: Creature \u2014 Imp" in text and "keywords: Flying, Phasing" in text
    assert "card Teferi's Imp: blue creature 1/1, flying, phasing, whenever this phases out" in text
    wall = card_hover(doc, Pos(0, 33), UTF16, library, markdown)
    assert wall is not None and wall.range.start.character == 27
    assert card_hover(doc, Pos(0, 3), UTF16, library, markdown) is None      # 'Bob' is no card
    assert card_hover(doc, Pos(0, 45), UTF16, library, markdown) is None     # in the comment


def test_the_editor_uses_a_database_only_once_it_is_indexed(tmp_path: Path) -> None:
    cards = tmp_path / "cards.json"
    cards.write_bytes(SCRYFALL.read_bytes())
    (tmp_path / ".rulecheck.yaml").write_text("cards: cards.json\n", encoding="utf-8")
    transcript = str(tmp_path / "t.transcript")
    assert library_for(transcript) is None          # never indexed: the editor doesn't wait for it
    open_library(cards)                             # a check (or `cards fetch`) builds the index
    library = library_for(transcript)
    assert library is not None and library.lookup("Craw Wurm") is not None
