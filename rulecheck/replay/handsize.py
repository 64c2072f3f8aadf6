"""A player's maximum hand size (402.2): seven, or what the setup says (`max hand size 6`, `no max hand size`), then
the static abilities of the permanents on the battlefield that change it, applied in the order the permanents
arrived (rules-modifying effects apply in timestamp order, 613). A figure the setup states already counts the
permanents set up with it. Quoted rules text that speaks of a maximum hand size (and, under `abilities: unknown`, any
other permanent) makes it unknown: the cleanup discard is then not counted against anything."""

from __future__ import annotations

import re

from ..game.game import Game
from ..game.hooks import HAND_SIZE
from ..parser import NO_MAX_HAND

# the card properties of the grammar's HAND_SIZE terminal, as the parser keeps them (whitespace collapsed)
_NO_MAXIMUM = re.compile(r"(you|players) have no maximum hand size")
_CHANGE = re.compile(r"(your|each opponent's|each player's) maximum hand size is (?:(increased|reduced) by )?"
                     r"(\d+|one|two|three|four|five|six|seven|eight|nine|ten)")
# Oracle spells small numbers out (Locust Miser: "Each opponent's maximum hand size is reduced by two.")
_NUMBER_WORDS = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7, "eight": 8, "nine": 9,
                 "ten": 10}


def max_hand_size(g: Game, player: str) -> int | None:
    """The player's maximum hand size now (NO_MAX_HAND for none), or None when an unknown ability could change it."""
    ps = g.pstate[player]
    size = ps.max_hand
    if not (g.hooks.uses(HAND_SIZE) or g.effects or g.has_attachments or g.abilities_unknown):
        return size   # no permanent ever had an ability about hand size, nor can one have it now
    for p in g.battlefield.values():
        if p.phased_out or (ps.max_hand_stated and p.entered_serial == 0):
            continue                                        # set up with the figure the setup states
        if g.abilities_unknown:
            return None
        if not (p.card.about_hand_size or p.extra or g.effects or g.has_attachments):
            continue                                        # nothing on it can speak of hand size
        for text in g.ability_texts(p):
            if "hand size" not in text.lower():
                continue
            if (m := _NO_MAXIMUM.fullmatch(text)) is not None:
                if m.group(1) == "players" or p.controller == player:
                    size = NO_MAX_HAND
            elif (m := _CHANGE.fullmatch(text)) is not None:
                whose, how, count = m.group(1), m.group(2), m.group(3)
                amount = int(count) if count.isdigit() else _NUMBER_WORDS[count]
                if not (whose == "each player's" or (whose == "your") == (p.controller == player)):
                    continue
                if size >= NO_MAX_HAND and how is not None:
                    continue                                # no maximum stays no maximum
                size = amount if how is None else size + amount if how == "increased" else max(size - amount, 0)
            else:
                return None                                 # quoted text about hand size: not interpreted
    return size
