"""The current edition: the Comprehensive Rules of 2025-09-19 (the Foundations rules of November 2024 on).

There is no damage assignment order: a creature blocked by several creatures (or blocking several) divides its
combat damage as its controller chooses, and only trample still needs lethal damage on every blocker before the
player. Rules 509, 510 and the letters of 703.4 are renumbered; the keyword rules from reach on moved by one or
more. The differences, rule by rule, are in docs/editions.md."""

from __future__ import annotations

from .base import Edition
from .derive import Title, derive
from .registry import CHECKED, DEFINITION, RULES, Rule

RENUMBER: dict[str, str | None] = {
    "118.4": "119.4",   # life moved from 118 to 119
    "103.7a": "103.8a",
    "500.10": "500.11", "500.11": "500.12",
    "502.2": "502.3", "502.3": "502.4",
    "503.1": "503.1a", "503.2": "503.1",
    "504.3": "504.2",
    "505.4": "505.6", "505.5": "505.6", "505.5a": "505.6a", "505.5b": "505.6b",
    "506.6": "506.7", **{f"506.6{x}": f"506.7{x}" for x in "abcdefg"},
    "507.3": "507.2",
    "508.1g": "508.1h", "508.1h": "508.1i", "508.1i": "508.1j", "508.1j": "508.1k",
    "508.2": "508.2b", "508.3": "508.2", "508.6": "508.8",
    # no damage assignment order (Foundations, 2024): 509.2, 509.3 and what places a creature in an order
    "509.2": None, "509.2a": None, "509.3": None, "509.3a": None, "509.6": None,
    "509.4": "509.2a", **{f"509.4{x}": f"509.3{x}" for x in "abcdefg"}, "509.5": "509.2", "509.7": "509.4",
    "510.3": "510.3a", "510.4": "510.3", "510.5": "510.4",
    "511.1": "511.2", "511.2": "511.1",
    "513.2": "513.1", "513.3": "513.2",
    "703.2": "703.1a", "703.3": "703.2", "703.4": "703.3",
    "703.4b": "703.4c", "703.4c": "703.4d", "703.4d": "703.4e", "703.4e": "703.4h", "703.4f": "703.4i",
    "703.4g": "703.4j", "703.4h": None, "703.4i": None, "703.4j": "703.4k", "703.4k": "703.4m",
    "703.4m": "703.4n", "703.4n": "703.4p", "703.4p": "703.4q",
    # keyword rules
    "702.16": "702.17", "702.18": "702.19", "702.19": "702.20", "702.20": "702.22", "702.24": "702.26",
    "current:702.111": "702.111",
    # keyword rules of combat (docs/coverage.md): baseline number -> current number
    "702.12": "702.13", "702.13": "702.14", "702.14": "702.15", "702.15": "702.16", "702.21": "702.23",
    "702.23": "702.25", "702.26": "702.28", "702.29": "702.31", "702.34": "702.36", "702.37": "702.39",
    "702.43": "702.45", "702.47": "702.49", "702.81": "702.83", "702.84": "702.86", "702.89": "702.91",
    "702.66": "702.68", "702.78": "702.80", "702.88": "702.90",
    "current:702.116": "702.116", "current:702.118": "702.118", "current:702.121": "702.121",
    "current:702.130": "702.130", "current:702.19c": "702.19c", "current:702.122": "702.122",
    "current:500.10a": "500.10a",
    "current:310.8b": "310.8b",
    "712.1c": "723.1d", "712.3": "723.1e",
    "current:502.2": "502.2",
    "current:724.2": "724.2",
    "current:505.4": "505.4",
    # Two-Headed Giant's combat rules (baseline 810.7) are those of the shared team turns option (805.10)
    "810.7a": "805.10a", "810.7c": "805.10b", "810.7d": "805.10d", "810.7e": None, "810.7f": "805.10f",
    # casting from a zone (docs/coverage.md, zones)
    "702.60a": "702.62a", "702.60b": "702.62b", "702.86a": "702.88a", "current:601.3": "601.3",
    # counters, face-down permanents, controlling a player (docs/coverage.md)
    "704.5r": "704.5q", "121.3": "122.3", "current:122.1d": "122.1d",
    "115.2b": "116.2b", "702.35d": "702.37e", "707.8": "708.8",
    "711.1a": "722.1a", "711.3": "722.3", "711.5": "722.5", "711.1": "722.1",
}

# rules of this edition only
ADDED = (Rule("500.10a", "An additional step or phase \"you get\" in another player's turn adds nothing",
              CHECKED, "", ("500.8", "500.9")),
         Rule("502.2", "Day and night: in the untap step, day becomes night if the previous turn's active player cast "
                       "no spells, night becomes day if they cast two or more", CHECKED, "", ("730.2",)),
         Rule("724.2", "The monarch's triggers (a draw at the beginning of the monarch's end step; combat damage to "
                       "the monarch passes it on) go on the stack before anyone gets priority", CHECKED, "",
              ("603.3",)),
         Rule("505.4", "Only its controller's precombat main phase puts a lore counter on each Saga; a chapter ability "
                       "triggers only when a lore counter is put on its Saga", CHECKED, "",
              ("714.2b", "714.3b", "505.1a")),
         Rule("310.8b", "A battle's protector can't attack it; those its protector defends against can", CHECKED,
              "", ("506.2", "508.1b")),
         Rule("122.1d", "A stun counter replaces its permanent's untap: one stun counter is removed instead",
              DEFINITION, "checked through 502.3: the untap step can't untap a permanent a second time", ("502.3",)),
         Rule("702.122", "Crewing a Vehicle taps other untapped creatures of its controller's with total power N or "
                         "greater", CHECKED, "", ("508.1a",)),
         Rule("601.3", "A spell is cast only where a rule or effect allows it: a card in a graveyard or in exile needs "
                       "a permission (flashback, escape, suspend, rebound, an effect)", CHECKED, "", ("601.2a",)))

TITLES: dict[str, Title] = {
    "509.2a": "Block triggers go on the stack after blockers are declared, before priority",
    "509.4": "A creature put onto the battlefield blocking is blocking but never \"blocked\"",
    "510.1c": "A blocked creature divides its combat damage among its blockers as its controller chooses; with "
              "trample, lethal damage to every blocker before the player",
    "510.1d": "A blocking creature divides its combat damage among the creatures it blocks as its controller "
              "chooses",
    "703.4k": "Combat damage step: assigning combat damage, active player first, then the others",
}


class CurrentEdition(Edition):
    name = "current"
    description = "the Comprehensive Rules of 2025-09-19: no damage assignment order (Foundations, November 2024)"
    has_damage_assignment_order = False
    sagas_gain_lore = True
    ends_combat_phase = True
    team_attacks_as_group = False   # 805.10b: each attacker attacks one defending player


CURRENT = CurrentEdition(derive(RULES, RENUMBER, TITLES, ADDED), RENUMBER)
