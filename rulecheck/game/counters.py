"""Counters on permanents and players during play (baseline 121, current 122), face-down permanents (baseline 707,
current 708), and players leaving the game (104, 704.5a-c, 800.4). No rule numbers: the replay judges."""

from __future__ import annotations

from .game import Game
from .objects import Card, Permanent

HELD = "while tapped"   # the kind of an effect's condition: its source remains tapped

PLUS, MINUS = "+1/+1", "-1/-1"
# a face-down permanent: a 2/2 creature with no name, text, subtypes or mana cost (baseline 707.2, current 708.2)
FACE_DOWN = Card("", ("creature",), 2, 2)
POISON_TO_LOSE = 10
FACE_DOWN_COST = "{3}"   # casting a card face down with morph (baseline 702.35a, current 702.37a)


def add_counters(g: Game, p: Permanent, kind: str, count: int) -> None:
    """Counters are put on a permanent; +1/+1 and -1/-1 counters on it annihilate before anyone gets priority."""
    p.counters[kind] = p.counters.get(kind, 0) + count
    if kind in (PLUS, MINUS):
        annihilate(g, p)


def remove_counters(p: Permanent, kind: str, count: int) -> int:
    """Up to `count` counters of a kind leave the permanent (never fewer than none); returns how many did."""
    have = p.counters.get(kind, 0)
    gone = min(have, count)
    p.counters[kind] = have - gone
    return gone


def annihilate(g: Game, p: Permanent) -> int:
    """N +1/+1 and N -1/-1 counters are removed, N the smaller count (a state-based action); returns N."""
    pairs = min(p.counters.get(PLUS, 0), p.counters.get(MINUS, 0))
    if pairs:
        p.counters[PLUS] -= pairs
        p.counters[MINUS] -= pairs
        done_before = p.annihilated[1] if p.annihilated[0] == g.step_serial else 0
        p.annihilated = (g.step_serial, done_before + pairs)
    return pairs


def turn_face_down(g: Game, p: Permanent) -> None:
    """It has the face-down characteristics from now on: a 2/2 creature without abilities (its own abilities stop
    counting, and leave the game's indexes)."""
    if p.face_up_card is not None:
        return
    g.unindex(p, p.card.abilities)
    p.face_up_card = p.card
    p.card = FACE_DOWN
    g._refresh(p)


def turn_face_up(g: Game, p: Permanent) -> None:
    """Its copiable values become its card's again (current 708.8): the same permanent, still in combat, with
    the effects already applied to it."""
    card = p.face_up_card
    if card is None:
        return
    p.face_up_card = None
    p.card = card
    g.index_card(p, card)   # a Saga or a hand-size ability turned face up subscribes what it needs
    g._refresh(p)


def untap(g: Game, p: Permanent) -> bool:
    """It would become untapped: a stun counter on it replaces that with the removal of one (current 122.1d), and
    in the untap step, once replaced, it stays tapped for the rest of the step. True when it untapped."""
    if g.step == "untap step" and p.stun_replaced[0] == g.step_serial:
        return False
    if p.tapped and p.counters.get("stun"):
        remove_counters(p, "stun", 1)
        p.stun_replaced = (g.step_serial, False)
        return False
    p.tapped = False
    released(g, p)
    return True


def released(g: Game, p: Permanent) -> None:
    """p became untapped: an effect that lasts for as long as p remains tapped ends for good (Rust Tick's, 611.2b)."""
    if g.effects:
        g.end_effects(lambda e: e.condition is not None and e.condition[0] == HELD and e.condition[1] == p.pid)


def next_seat(g: Game, player: str, after: bool = True) -> str:
    """The player still in the game seated after (or before) `player`, who may have left (800.4)."""
    seats = list(g.pstate)
    i = seats.index(player)
    step = 1 if after else -1
    for k in range(1, len(seats) + 1):
        other = seats[(i + step * k) % len(seats)]
        if other in g.players and other != player:
            return other
    return player
