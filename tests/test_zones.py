"""Issue 29 item 1, zones: the game model's zones (a pile's known cards and count, each move a new object), the zone
statements read by the grammar, and the shared acceptance files of casting from zones graded as the issue grades
them (skipped when ../shared/acceptance is not beside the checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest
from acceptance import SHARED_ACCEPTANCE, graded, shared_files

from rulecheck import nodes as n
from rulecheck.api import check_text
from rulecheck.config import Config
from rulecheck.editions import EDITIONS
from rulecheck.game.zones import PlayerZones
from rulecheck.parser import parse_line

ACCEPTANCE = SHARED_ACCEPTANCE / "zones"
CURRENT = EDITIONS["current"]
@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("path", shared_files("zones"), ids=lambda p: p.stem)
def test_zones_acceptance(path: Path) -> None:
    """The whole shared folder: zones and casting from them, counters, face-down permanents, a controlled turn
    and the end of the game."""
    found, want, _ = graded(path)
    assert found == want


def test_a_pile_counts_only_when_the_count_is_known() -> None:
    zones = PlayerZones()
    first = zones.put("graveyard", "Grizzly Bears", "Alice", 3)
    assert zones.count("graveyard") is None and zones.graveyard.find("Grizzly Bears") is first
    zones.set_count("graveyard", 4)
    zones.put("graveyard", "Grizzly Bears", "Alice", 5)
    assert zones.count("graveyard") == 5
    assert zones.graveyard.find("Grizzly Bears") is not first   # each arrival is a new object (400.7)
    zones.graveyard.take("Grizzly Bears")
    assert zones.count("graveyard") == 4 and zones.graveyard.find("Grizzly Bears") is first


def test_a_search_takes_the_card_out_of_the_library_until_it_is_put_somewhere() -> None:
    zones = PlayerZones()
    zones.set_count("library", 3)
    zones.search("Forest")
    assert zones.count("library") == 2 and zones.found == ["Forest"]
    assert zones.take_found("Forest") and not zones.take_found("Forest")


def test_milling_moves_unknown_cards_and_an_unknown_destination_forgets_the_counts() -> None:
    zones = PlayerZones()
    zones.set_count("library", 5)
    zones.set_count("graveyard", 0)
    zones.mill(2, 4, "Alice")
    assert (zones.count("library"), zones.count("graveyard")) == (3, 2)
    zones.arrive("", "Grizzly Bears", "Alice", 6)
    assert zones.count("graveyard") is None and zones.count("exile") is None


def test_a_time_counter_is_removed_from_a_suspended_card() -> None:
    zones = PlayerZones()
    card = zones.put("exile", "Rift Bolt", "Alice", 0, counters={"time": 1})
    assert card.remove_counter("time") == 0 and card.remove_counter("stun") is None


@pytest.mark.parametrize(("line", "kind", "fields"), [
    ("Alice searches her library for Forest and puts it onto the battlefield tapped", n.Search,
     {"dest": "battlefield", "tapped": True}),
    ("Alice searches her library for Island", n.Search, {"dest": None}),
    ("Alice shuffles her library", n.Shuffle, {}),
    ("Bob mills 2 cards", n.Mill, {"count": 2}),
    ("Alice returns Gravedigger to her hand", n.ReturnToHand, {}),
    ("Alice doesn't cast Staggershock", n.DeclineCast, {}),
    ("a time counter is removed from Durkwood Baloth", n.TimeCounterRemoved, {}),
    ("Alice casts Staggershock from exile without paying its mana cost targeting Bob", n.Cast,
     {"from_zone": "exile", "free": True}),
    ("Alice casts Deep Analysis from her graveyard paying {1}{U} from pool", n.Cast,
     {"from_zone": "graveyard", "free": False, "paying": "{1}{U}"}),
    ("Alice puts Gravedigger onto the battlefield from her graveyard tapped", n.PutOntoBattlefield,
     {"from_zone": "graveyard", "tapped": True}),
    ("Alice has Durkwood Baloth in exile: 1 time counter", n.InZone, {"zone": "exile"}),
    ("Alice has 3 cards in graveyard", n.AssertCount, {"what": "graveyard", "count": 3}),
    ("Hill Giant is put on top of its owner's library", n.Leaves, {"how": "library"}),
])
def test_the_zone_statements(line: str, kind: type[n.Statement], fields: dict[str, object]) -> None:
    [stmt] = parse_line(line, 1)
    assert isinstance(stmt, kind)
    assert {k: getattr(stmt, k) for k in fields} == fields


def test_a_cast_from_a_graveyard_without_a_permission_is_judged_only_in_the_current_edition() -> None:
    text = """players: Alice, Bob
card Lightning Bolt: red instant, mana cost {R}, "Lightning Bolt deals 3 damage to any target."
Alice: hand 1
Alice holds Lightning Bolt

turn 3: Alice, in precombat main phase
Alice casts Lightning Bolt targeting Bob paying {R}
Lightning Bolt resolves; Lightning Bolt deals 3 damage to Bob
Alice casts Lightning Bolt from her graveyard targeting Bob paying {R}
"""
    baseline = [(v.line, v.rule) for v in check_text(text) if v.severity == "error"]
    current = [(v.line, v.rule, v.message) for v in check_text("edition: current\n" + text)
               if v.severity == "error"]
    assert baseline == []
    assert current == [(10, "601.3", "Alice casts Lightning Bolt from Alice's graveyard, but nothing lets a player "
                                     "cast it from there")]


def test_a_draw_takes_from_a_library_of_known_size_and_says_whether_it_could() -> None:
    zones = PlayerZones()
    assert zones.draw(1)                       # a library of unknown size
    zones.set_count("library", 1)
    assert zones.draw(1) and zones.count("library") == 0
    assert not zones.draw(1)                   # an empty library (704.5b is the end of the game's business)


def test_the_draw_steps_draw_narrated_or_not_leaves_the_library() -> None:
    text = """players: Alice, Bob
Alice: library 10

turn 3: Alice
untap step
upkeep step
draw step
Alice draws a card
precombat main phase
Alice has 9 cards in library
...
turn 4: Bob
...
turn 5: Alice
untap step
upkeep step
draw step
precombat main phase
Alice has 8 cards in library
"""
    assert [(v.line, v.rule) for v in check_text(text) if v.severity == "error"] == []
    wrong = text.replace("Alice has 8 cards", "Alice has 9 cards")
    assert [(v.line, v.rule, v.message) for v in check_text(wrong) if v.severity == "error"] == [
        (19, "assert", "Alice has 8 cards in library in the replay, not 9")]


ZONE_FORMS = ("zone-count", "zone-move", "library-search", "mill", "return-to-hand", "cast-from-zone",
              "cast-during-resolution")
LANGUAGE = Path(__file__).resolve().parent.parent / "fixtures" / "language"
ZONE_FIXTURES = sorted(p for p in LANGUAGE.glob("*.transcript")
                       if p.stem.rsplit("-pass", 1)[0].rsplit("-fail", 1)[0] in ZONE_FORMS)


@pytest.mark.parametrize("path", ZONE_FIXTURES, ids=[p.stem for p in ZONE_FIXTURES])
def test_the_zone_fixtures_keep_their_verdicts_in_the_current_edition(path: Path) -> None:
    """The zone rules exist in both editions: a fixture written for the baseline gives the same findings, in the
    current edition's numbers, when checked under current (one written for current only says so)."""
    text = path.read_text(encoding="utf-8")
    if "\nedition: current" in text:
        pytest.skip("written for the current edition")
    baseline = [(v.line, v.rule) for v in check_text(text) if v.severity == "error"]
    current = [(v.line, v.rule) for v in check_text(text, config=Config(edition="current")) if v.severity == "error"]
    assert bool(baseline) == ("-fail" in path.stem)
    assert current == [(line, CURRENT.number(rule) or rule) for line, rule in baseline]
