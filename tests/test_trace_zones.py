"""`rulecheck trace` shows what the game model keeps beyond the battlefield: each player's zones (counts when known,
the cards known to be there), counters on players, face-down permanents, and players who left the game."""

from __future__ import annotations

import json
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
    assert before == {"library": {"count": 40, "cards": []}, "graveyard": {"count": 0, "cards": []},
                      "exile": {"count": 0, "cards": []}, "command": {"count": None, "cards": []}}
    assert _players(doc, 9)["Alice"]["zones"]["exile"] == {
        "count": 1, "cards": [{"name": "Durkwood Baloth", "face_down": False, "counters": {"time": 1}}]}
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
