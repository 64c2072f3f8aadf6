"""Ninjutsu (baseline 702.47, current 702.49): activated from a player's hand, and only while an attacking
creature of theirs is unblocked (702.49c), which is after blockers are declared and before combat ends: a creature
becomes unblocked only as blockers are declared (509.1h), the rule cited, with the keyword's related. Its cost
returns an unblocked attacking creature the player controls to its owner's hand (702.47a): when the transcript
narrates that return right after the activation (or on its line), the creature returned is judged; a creature
that had a blocker declared stays blocked after its blockers leave combat (509.1h), so it can't be that cost."""

from __future__ import annotations

from ... import nodes as n
from ...game.combat import is_attacker, keyword_name
from ...game.objects import Permanent
from ..context import Replay

NINJUTSU = "702.47"
STAYS_BLOCKED = "509.1h"
CHECKS = (NINJUTSU, STAYS_BLOCKED)
RETURN_CHECKS = (NINJUTSU, STAYS_BLOCKED)


def ninjutsu(r: Replay, stmt: n.Activate, player: str) -> bool:
    """An activation whose source is a card off the battlefield with ninjutsu: flagged when no creature the
    player controls is an unblocked attacker. Not judged when the card may have another ability that works from
    the hand (quoted text, or abilities unknown). When it passes, the return narrated next is judged."""
    g = r.game
    card = g.cards.get(stmt.source.text)
    if card is None or g.abilities_unknown or not any(
            a.kind == "keyword" and keyword_name(a.text) == "ninjutsu" for a in card.abilities):
        return False
    if any(a.kind == "text" for a in card.abilities):
        return False
    if any(p.controller == player and p.in_combat and is_attacker(p) and p.blocked is False
           for p in g.battlefield.values()):
        r.ninjutsu_cost = (stmt, player, card.name)
        r.ordinary = False
        return False
    why = "blockers have not been declared yet" if g.step in ("beginning of combat step", "declare attackers step") \
        else "none of them is attacking" if not any(p.in_combat and is_attacker(p) for p in g.battlefield.values()) \
        else "every attacking creature of theirs is blocked"
    # a creature becomes unblocked only as blockers are declared (509.1h): the fault is cited there, as the return
    # of a blocked attacker is, with the keyword's rule related
    return r.flag(stmt, STAYS_BLOCKED, f"{player} activates the ninjutsu of {card.name}, but no creature {player} "
                                       f"controls is an unblocked attacker ({why}); ninjutsu needs one to return",
                  (NINJUTSU,))


def returned_for_ninjutsu(r: Replay, stmt: n.Leaves, p: Permanent | None) -> None:
    """The statement right after a ninjutsu activation: a creature returned to its owner's hand is the cost's
    return, and must be an unblocked attacking creature the activating player controls. The finding goes on the
    activation, whose cost it is."""
    pending = r.ninjutsu_cost
    r.ninjutsu_cost = None
    if pending is None or stmt.how != "hand" or p is None:
        return
    activation, player, ninja = pending
    what = f"{player} returns {p.name} to pay the ninjutsu of {ninja}"
    if p.controller != player or not p.is_creature() or not (p.in_combat and is_attacker(p)):
        whose = f"{p.controller}'s" if p.controller != player else "not an attacking creature"
        r.flag(activation, NINJUTSU, f"{what}, but it is {whose}; the cost returns an unblocked attacking "
                                     f"creature {player} controls")
    elif p.blocked is True:
        left = " (a creature stays blocked after its blockers leave combat)" \
            if p.blocked_by_declaration and not _blockers(r, p) else ""
        r.flag(activation, STAYS_BLOCKED, f"{what}, but {p.name} is still a blocked creature{left}; the cost "
                                          "returns an unblocked attacker", (NINJUTSU,))


def _blockers(r: Replay, p: Permanent) -> bool:
    return any(p.pid in b.blocking for b in r.game.battlefield.values() if b.in_combat)
