"""Summoning sickness of {T} abilities (302.6): a creature's ability with the tap or untap symbol in its cost can't
be activated until its controller has controlled it continuously since their most recent turn began, unless it has
haste (702.10). Attacking, the other half of 302.6, is 508.1a's (replay/combat/declarations.py).

Judged only where the transcript settles that such an ability was activated:
- `Alice taps Llanowar Elves for {G}`: the creature is tapped to pay the cost of a mana ability. Tapping a creature
  can also pay another object's cost ("Tap an untapped creature you control: ...", convoke), which sickness doesn't
  limit: while any card of the game has such text, or the statement taps another permanent with it, nothing is
  judged.
- `Alice activates Prodigal Sorcerer's ability`: judged when the creature's abilities are known and every activated
  ability it has puts {T} or {Q} in its cost (whichever was activated had it).
Costs nothing until a creature that came under its controller's control this turn is tapped or activated.
"""

from __future__ import annotations

import re

from .. import nodes as n
from ..cards.oracle import activation_cost
from ..game.objects import Permanent
from .context import Replay

CHECKS = ("302.6",)   # reported for the TapForMana and Activate handlers
_TAP_SYMBOL = re.compile(r"\{[TQ]\}", re.IGNORECASE)
# text that lets tapping a creature pay another object's cost
_TAPS_OTHERS = re.compile(r"\buntapped (?:\w+ )?creatures?\b|\bconvoke\b|\btap (?:\w+ )?creatures? you control\b")


def sick(r: Replay, p: Permanent) -> bool:
    """Whether p is a creature whose {T} abilities can't be activated now (302.6)."""
    g = r.game
    return p.new and p.is_creature() and not p.phased_out and not g.may_have(p, "haste")


def tapped_for_mana(r: Replay, stmt: n.TapForMana, p: Permanent, player: str) -> bool:
    """A creature tapped to pay a mana ability's cost while sick (302.6). True: flagged."""
    if not sick(r, p) or _others_pay_with_creatures(r, stmt):
        return False
    return r.flag(stmt, "302.6", f"{p.name} came under {player}'s control this turn and lacks haste, so it can't be "
                                 "tapped for mana yet: a creature's {T} abilities wait until its controller has "
                                 "controlled it since the start of their most recent turn", ("702.10",))


def activated_while_sick(r: Replay, stmt: n.Activate, p: Permanent, player: str) -> bool:
    """An ability of a sick creature whose every activated ability has {T} or {Q} in its cost (302.6)."""
    g = r.game
    if not sick(r, p) or g.abilities_unknown:
        return False
    costs = [c for c in (activation_cost(t) for t in g.ability_texts(p)) if c is not None]
    if not costs or not all(_TAP_SYMBOL.search(c) for c in costs):
        return False
    return r.flag(stmt, "302.6", f"{p.name} came under {player}'s control this turn and lacks haste, so its "
                                 "abilities with {T} in their cost can't be activated yet", ("702.10",))


def tap_cost(r: Replay, p: Permanent | None) -> None:
    """An activation of a permanent whose every activated ability has {T} in its cost taps it (602.2: the cost is
    paid as it is activated), when its abilities are known and it is untapped (`Bob activates Kiora's Follower
    targeting Canyon Minotaur`; a tap narrated before it paid the cost already)."""
    g = r.game
    if p is None or p.tapped or g.abilities_unknown:
        return
    costs = [c for c in (activation_cost(t) for t in g.ability_texts(p)) if c is not None]
    if costs and all(re.search(r"\{T\}", c, re.IGNORECASE) for c in costs):
        p.tapped = True


def _others_pay_with_creatures(r: Replay, stmt: n.TapForMana) -> bool:
    """Whether tapping a creature may pay another object's cost here: a card of the game says so, or the game's
    abilities are unknown."""
    g = r.game
    if g.abilities_unknown:
        return True
    texts = [a.text for card in g.cards.values() for a in card.abilities]
    texts += [a.text for q in g.battlefield.values() for a in q.extra]
    return any(_TAPS_OTHERS.search(t.lower()) for t in texts)
