"""The 2003 edition: the Comprehensive Rules as revised for Eighth Edition (July 2003), turn structure 300-314.

Combat damage is put on the stack once it is assigned, players get priority, and it is dealt when it resolves;
there is no damage assignment order (damage is divided freely, trample still needs lethal damage on every
blocker); mana empties only as a phase ends, and each unused mana burns its player for 1 life (mana burn). The
numbers are those of July 2003 (the turn-structure table of that date): mana burn is 300.3 and the draw doesn't
use the stack, where the text of May 2003 has 300.4 and a draw on the stack. See docs/editions.md."""

from __future__ import annotations

from .base import Edition
from .derive import Title, derive
from .registry import CHECKED, DEFINITION, RULES

_DEF = "a definition that other checks rely on; nothing in a transcript can break it on its own"

RENUMBER: dict[str, str | None] = {
    "118.4": None,   # paying life: outside the part of the 2003 rules rulecheck has
    "302.6": None,   # summoning sickness of {T} abilities: outside the part of the 2003 rules rulecheck has
    "103.7a": None,  # the first turn's draw: outside the part of the 2003 rules rulecheck has
    "305.1": None, "305.2": None,   # land plays from other zones, and how many (2003's 305 is the main phase)
    "500.1": "300.1", "500.2": "300.2", "500.3": None, "500.4": "300.3", "500.5": "300.4", "500.6": "300.5",
    "500.7": "300.6", "500.8": None, "500.9": None, "500.10": None, "500.11": "300.2",
    "501.1": "301.1",
    "502.1": "302.3", "502.2": "302.1", "502.3": "302.2",
    "503.1": "303.1", "503.2": "303.1",
    "504.1": "304.1", "504.2": "304.1", "504.3": "304.1",
    "505.1": "305.1", "505.1a": "305.1", "505.2": "305.2", "505.3": None, "505.4": "305.3", "505.5": "305.3",
    "505.5a": "408.1d", "505.5b": "305.4",
    "506.1": "306.1", "506.2": "308.1", "506.2a": None, "506.2b": None, "506.3": "308.1",
    "506.3a": None, "506.3b": None, "506.3c": None, "506.3d": None,
    "506.4": "306.2", "506.4a": "306.2", "506.4b": "306.2", "506.4c": None, "506.4d": None, "506.5": "308.5a",
    "506.6": None, **{f"506.6{x}": None for x in "abcdefg"},
    "507.1": None, "507.2": "307.1", "507.3": "307.1",
    "508.1": "308.1", "508.1a": "308.1", "508.1b": "308.1", "508.1c": "500.2", "508.1d": "500.2",
    "508.1e": "502.10b", "508.1f": "308.2", "508.1g": "308.2", "508.1h": "308.2", "508.1i": "308.2",
    "508.1j": "308.5", "508.2": "308.1", "508.2a": None, "508.3": "308.6", "508.4": None, "508.4a": None,
    "508.5": "308.5", "508.5a": None, "508.6": "308.4",
    "509.1": "309.1", "509.1a": "309.1", "509.1b": "500.3", "509.1c": "500.3", "509.1d": "309.2",
    "509.1e": "309.2", "509.1f": "309.2", "509.1g": "309.4", "509.1h": "309.4",
    "509.2": None, "509.2a": None, "509.3": None, "509.3a": None,
    "509.4": "309.1", "509.4a": "309.1", "509.4b": "309.1", "509.4c": "309.1", "509.4d": "309.1",
    "509.4e": None, "509.4f": None, "509.4g": "309.1", "509.5": "309.5", "509.6": None, "509.7": None,
    "510.1": "310.1", "510.1a": "310.1a", "510.1b": "310.1b", "510.1c": "310.1c", "510.1d": "310.1d",
    "510.1e": "310.1", "510.2": "310.2", "510.3": "310.4", "510.4": "310.2", "510.5": "502.2b",
    "511.1": "311.1", "511.2": "311.1", "511.3": "308.5",
    "512.1": "312.1", "513.1": "313.1", "513.1a": None, "513.2": "313.1", "513.3": "313.2",
    "514.1": "314.1a", "514.2": "314.1b", "514.3": "314.1c", "514.3a": "314.1c",
    "608.1": None,   # last in, first out: the 2003 number is not in the 2003 text this edition is built from
    "703.1": "408.2g", "703.2": None, "703.3": None, "703.4": "408.2g", "703.4a": "302.3", "703.4b": "302.1",
    "703.4c": "304.1", "703.4d": None, "703.4e": None, "703.4f": "308.1", "703.4g": "309.1", "703.4h": None,
    "703.4i": None, "703.4j": "310.1", "703.4k": "310.2", "703.4m": "314.1a", "703.4n": "314.1b",
    "703.4p": "300.3",
    # keyword rules (rule 502 of this edition; no deathtouch, defender, reach or vigilance)
    "702.2": None, "702.3": None, "702.4": "502.28", "702.7": "502.2", "702.9": "502.4", "702.10": "502.5",
    "702.16": None, "702.18": "502.9", "702.19": None, "702.20": "502.10", "702.24": None,
    # keyword rules of combat that rulecheck's text of this edition doesn't have (docs/coverage.md)
    **dict.fromkeys(("702.12", "702.13", "702.14", "702.15", "702.21", "702.23", "702.26", "702.29", "702.34",
                     "702.37", "702.43", "702.47", "702.81", "702.84", "702.89", "702.66", "702.78",
                     "702.88"), None),
    # rules of this edition only
    "2003:300.3": "300.3", "2003:310.4": "310.4",
    # the end of the game, counters and morph's own rule are outside the part of the 2003 rules rulecheck has;
    # turning a face-down creature face up with priority is 408.2h
    "104.1": None, "104.5": None, "704.5r": None, "702.35d": None, "115.2b": "408.2h",
    # controlling another player (Mindslaver, 2003) is not in the part of the 2003 rules rulecheck has
    "711.1": None,
    # ending the turn (Time Stop, 2004) is not in the rules of 2003
    "712.1c": None, "712.3": None,
    # suspend (2006) and rebound (2010) are not in the rules of 2003
    "702.60a": None, "702.60b": None, "702.86a": None,
}

TITLES: dict[str, Title] = {
    "300.2": "A phase or step ends only when the stack is empty and both players pass in succession; nothing "
             "happens between turns, phases or steps",
    "300.3": ("Mana burn: unused mana empties from each pool as a phase ends (not a step), and its player loses "
              "1 life for each", CHECKED, ""),
    "300.4": "\"Until end of\" effects expire when that step or phase ends",
    "300.5": "Abilities that trigger at the beginning of a step or phase go on the stack when it begins",
    "302.1": "The active player untaps their permanents all together in the untap step, unless an effect keeps "
             "one tapped",
    "302.2": "Nobody gets priority in the untap step: no spells, no abilities",
    "302.3": "Phasing in the untap step happens before the untap",
    "303.1": "Upkeep triggers go on the stack, then the active player gets priority",
    "304.1": "The active player draws a card as the draw step begins, without the stack (from July 2003), then "
             "draw-step triggers and priority",
    "305.1": "There are two main phases, separated by the combat phase; the first is the precombat main phase",
    "305.3": "Beginning-of-main-phase triggers go on the stack, then the active player gets priority",
    "306.2": "Leaving play or changing control takes a creature out of combat; tapping or untapping doesn't",
    "307.1": "Beginning-of-combat triggers go on the stack, then the active player gets priority",
    "308.1": "Attackers are declared first: untapped creatures controlled since the turn began, not Walls; only "
             "the defending player is attacked",
    "308.2": "Attacking creatures become tapped, and attack costs are paid in full",
    "308.4": "Without attackers, the declare blockers and combat damage steps are skipped",
    "308.5": "A creature declared in a legal attack is attacking until it leaves combat or the combat phase ends",
    "308.5a": ("What attacking or blocking \"alone\" means", DEFINITION, "checked through 500.2 and 500.3"),
    "309.1": "Blockers are declared first in the declare blockers step; each untapped creature blocks one "
             "attacker; triggers wait for priority",
    "309.2": "Block costs are paid in full, never in part",
    "309.4": "Declared blockers become blocking creatures; an attacker with blockers is blocked even if they "
             "leave",
    "310.1": "Combat damage is assigned by the active player first, then the defending player",
    "310.1c": "A blocked creature divides its combat damage among its blockers as its controller chooses; with "
              "trample, lethal damage to every blocker before the player",
    "310.1d": "A blocking creature divides its combat damage among the creatures it blocks as its controller "
              "chooses",
    "310.2": "Assigned combat damage goes on the stack as one unit, then the active player gets priority",
    "310.4": ("Combat damage is dealt as assigned when it resolves, even by a creature that has left play, but not "
              "to one that has", DEFINITION, "the replay deals it so when 'combat damage resolves'"),
    "311.1": "\"At end of combat\" abilities trigger as the end of combat step begins, then priority",
    "312.1": "The end phase is the end of turn step, then the cleanup step",
    "313.1": "\"At end of turn\" triggers go on the stack as the end of turn step begins, then priority",
    "313.2": "A permanent or trigger that arrives during the end of turn step waits for the next turn's",
    "314.1c": "Nobody gets priority in the cleanup step unless state-based effects or triggers need it; then "
              "another cleanup step follows",
    "408.1d": "Sorcery-speed spells: main phase, active player, empty stack",
    "408.2g": ("Game actions (untap, declarations, cleanup, mana burn) don't use the stack; combat damage does",
               DEFINITION, "checked through each game action's own rule (302.1, 304.1, 310.2, 314.1a)"),
    "500.2": "An attack declaration obeys every restriction and as many requirements as possible",
    "500.3": "A block declaration obeys every restriction, evasion included, and as many requirements as possible",
    "502.2b": "With first or double strike there are two combat damage steps, each with its own creatures",
}


class Edition2003(Edition):
    name = "2003"
    description = ("the Comprehensive Rules of July 2003 (Eighth Edition): combat damage on the stack, mana burn, "
                   "turn structure 300-314")
    has_damage_assignment_order = False
    walls_cant_attack = True
    combat_damage_uses_stack = True
    mana_burn = True
    mana_empties_each_step = False
    has_two_headed_giant = False   # Two-Headed Giant entered the rules in 2005
    cr_note = ("rulecheck's 2003 edition has the numbers of July 2003; in a text of May 2003 mana burn is 300.4, and "
               "300.3 is the end of \"until end of\" effects")


EDITION_2003 = Edition2003(derive(RULES, RENUMBER, TITLES, keep_unknown_related=False), RENUMBER)
