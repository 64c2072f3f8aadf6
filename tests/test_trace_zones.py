"""`rulecheck trace` shows what the game model keeps beyond the battlefield: each player's zones (counts when known,
the cards known to be there), counters on players, face-down permanents, and players who left the game."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import jsonschema

from rulecheck.trace import trace_text
from rulecheck.trace.render_json import render_json
from rulecheck.trace.render_text import render_text

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "docs" / "trace.schema.json").read_text(encoding="utf-8"))

GAME = """\
title: zones, counters and face-down permanents in the trace
players: Alice, Bob, Carol
priority: implicit

card Glacial Stalker: blue creature 4/5, mana cost {5}{U}, "Morph {4}{U}"
card Durkwood Baloth: green creature 5/5, "Suspend 5—{G}"
Alice controls Glacial Stalker: face down
Alice: graveyard 0, library 40, exile 0
Alice has Durkwood Baloth in exile: 1 time counter
Bob: 0 poison counters

turn 5: Alice, in precombat main phase
Bob gets 3 poison counters
Alice mills 2 cards
Carol concedes
"""


def _players(doc: dict, line: int) -> dict[str, dict]:
    entry = next(e for e in doc["lines"] if e["line"] == line)
    return {p["name"]: p for p in entry["state"]["players"]}


def test_json_has_zones_counters_face_down_and_who_left() -> None:
    doc = json.loads(render_json(trace_text(GAME)))
    jsonschema.Draft202012Validator(SCHEMA).validate(doc)
    before = _players(doc, 8)["Alice"]["zones"]
    assert before == {"library": {"count": 40, "cards": [], "more": 0},
                      "graveyard": {"count": 0, "cards": [], "more": 0},
                      "exile": {"count": 0, "cards": [], "more": 0},
                      "command": {"count": None, "cards": [], "more": 0}}
    assert _players(doc, 9)["Alice"]["zones"]["exile"] == {
        "count": 1, "cards": [{"name": "Durkwood Baloth", "face_down": False, "counters": {"time": 1}}], "more": 0}
    assert _players(doc, 13)["Bob"]["counters"] == {"poison": 3}
    milled = _players(doc, 14)["Alice"]["zones"]
    assert (milled["library"]["count"], milled["graveyard"]["count"]) == (38, 2)
    after = _players(doc, 15)
    assert (after["Carol"]["left"], after["Alice"]["left"]) == ("conceded", None)
    stalker = next(e for e in doc["lines"] if e["line"] == 7)["state"]["battlefield"]["Alice"][0]
    assert (stalker["name"], stalker["face_down"], stalker["power"], stalker["toughness"]) == (
        "Glacial Stalker", True, 2, 2)


def test_text_shows_each_change() -> None:
    out = render_text(trace_text(GAME))
    assert "       Glacial Stalker (Alice) 2/2, face down\n" in out
    assert "       Alice: 20 life, library 40, graveyard 0, exile 0\n" in out
    assert "       Alice: 20 life, library 40, graveyard 0, exile 1: Durkwood Baloth (1 time)\n" in out
    assert "       Bob: 20 life, 3 poison\n" in out
    assert "       Alice: 20 life, library 38, graveyard 2, exile 1: Durkwood Baloth (1 time)\n" in out
    assert out.endswith("   15  Carol concedes\n       Carol: 20 life, has left the game (conceded)")


def test_a_zone_lists_the_ten_cards_nearest_its_top_and_counts_the_rest() -> None:
    names = [f"Bear {chr(ord('A') + i)}" for i in range(12)]
    dead = "".join(f"card {name}: creature 2/2\nAlice controls {name}\n" for name in names)
    deaths = "".join(f"{name} dies\n" for name in names)
    game = "players: Alice, Bob\npriority: implicit\n" + dead + "Alice: graveyard 0\n" + \
        "turn 5: Alice, in precombat main phase\n" + deaths
    doc = json.loads(render_json(trace_text(game)))
    last = doc["lines"][-1]["state"]["players"][0]["zones"]["graveyard"]
    assert (last["count"], last["more"]) == (12, 2)
    assert [c["name"] for c in last["cards"]] == names[2:]
    assert "graveyard 12: 2 more, Bear C, Bear D," in render_text(trace_text(game))


def test_the_zones_read_again_only_when_changed_are_what_reading_them_afresh_gives() -> None:
    """The reader that rebuilds a zone's section only when its key changed must miss no change: every fixture that
    moves cards between zones, compared line by line with a fresh reading."""
    from rulecheck.checker import check_file
    from rulecheck.checker.pipeline import check_lines
    from rulecheck.replay.context import Replay
    from rulecheck.trace.state import PermanentReader, ZoneReader, snapshot

    paths = [p for p in sorted((ROOT / "fixtures").rglob("*.transcript"))
             if any(w in p.read_text(encoding="utf-8") for w in ("graveyard", "exile", "library", "mills"))]
    assert len(paths) > 40
    compared: list[tuple[Path, int]] = []

    def comparing(path: Path) -> Callable[[int, Replay], None]:
        zones, permanents = ZoneReader(), PermanentReader()

        def both(line: int, r: Replay) -> None:
            assert snapshot(r, permanents, zones) == snapshot(r), (path, line)
            compared.append((path, line))
        return both

    for path in paths:
        lines = path.read_text(encoding="utf-8").splitlines()
        result = check_lines(iter(enumerate(lines, 1)), str(path), base_dir=path.parent, observer=comparing(path))
        assert result.violations == check_file(str(path)).violations
    assert len(compared) > 500
