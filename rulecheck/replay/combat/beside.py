"""An attack limited by the other attackers' colours (508.1c): Scarred Puma's "can't attack unless a black or green
creature also attacks" (read by `rulecheck.cards.oracle.ATTACKS_BESIDE`). Costs nothing in a game without such a
card (`Card.attacks_beside`)."""

from __future__ import annotations

import re

from ...cards.oracle import ATTACKS_BESIDE, untap_colours
from ...game.combat import COLOURS
from ...game.game import Game
from ...game.objects import Permanent

# unread text that may give a creature a colour ("… is black", "becomes the color of your choice")
_COLOURING = re.compile(r"\b(?:is|are|becomes?)\b[^.]*\b(?:white|blue|black|red|green|colou?rs?)\b")


def colours_missing(g: Game, p: Permanent, attackers: list[Permanent]) -> tuple[str, str | None] | None:
    """(the colours, a permanent whose unread text may give one or None) when p's text says it can't attack unless
    a creature of one of those colours also attacks, and no other attacker has one: each other attacker's colours
    are known (a colour word or "colorless" in its definition). None when that is met or can't be judged."""
    if g.abilities_unknown:
        return None
    for text in g.ability_texts(p):
        m = ATTACKS_BESIDE.match(text)
        if m is None:
            continue
        wanted = untap_colours(m)
        others = [q for q in attackers if q is not p]
        if any(not [c for c in (*COLOURS, "colorless") if q.is_(c)] or any(q.is_(c) for c in wanted)
               for q in others):
            continue   # met, or an attacker whose colours aren't known may have one
        giver = next((q.name for q in g.battlefield.values() if not q.phased_out for a in q.abilities()
                      if a.kind == "text" and _COLOURING.search(a.text.lower())), None)
        return " or ".join(wanted), giver
    return None
