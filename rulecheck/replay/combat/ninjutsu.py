"""Ninjutsu (baseline 702.47, current 702.49): activated from a player's hand, and only while an attacking
creature of theirs is unblocked (702.49c), which is after blockers are declared and before combat ends."""

from __future__ import annotations

from ... import nodes as n
from ...game.combat import is_attacker, keyword_name
from ..context import Replay

NINJUTSU = "702.47"
CHECKS = (NINJUTSU,)


def ninjutsu(r: Replay, stmt: n.Activate, player: str) -> bool:
    """An activation whose source is a card off the battlefield with ninjutsu: flagged when no creature the
    player controls is an unblocked attacker. Not judged when the card may have another ability that works from
    the hand (quoted text, or abilities unknown)."""
    g = r.game
    card = g.cards.get(stmt.source.text)
    if card is None or g.abilities_unknown or not any(
            a.kind == "keyword" and keyword_name(a.text) == "ninjutsu" for a in card.abilities):
        return False
    if any(a.kind == "text" for a in card.abilities):
        return False
    if any(p.controller == player and p.in_combat and is_attacker(p) and p.blocked is False
           for p in g.battlefield.values()):
        return False
    why = "blockers have not been declared yet" if g.step in ("beginning of combat step", "declare attackers step") \
        else "none of them is attacking" if not any(p.in_combat and is_attacker(p) for p in g.battlefield.values()) \
        else "every attacking creature of theirs is blocked"
    return r.flag(stmt, NINJUTSU, f"{player} activates the ninjutsu of {card.name}, but no creature {player} "
                                  f"controls is an unblocked attacker ({why}); ninjutsu needs one to return")
