"""Characteristics as continuous effects leave them (613), where the game needs more than timestamp order of one
kind of effect: abilities lost and granted (layer 6), power and toughness a characteristic-defining ability sets
that the language can't compute (layer 7a)."""

from __future__ import annotations

from .objects import Effect, Permanent


def granted_after_loss(effects: list[Effect], pid: int) -> list[Effect]:
    """The effects granting an ability to a permanent that began after the last effect that took all its
    abilities away (within a layer, effects apply in timestamp order)."""
    mine = [e for e in effects if e.target == pid]
    last = max((i for i, e in enumerate(mine) if e.lose_all), default=-1)
    return [e for e in mine[last + 1:] if e.ability is not None]


def pt_unknown(effects: list[Effect], p: Permanent) -> bool:
    """Whether its power and toughness can't be computed: its card's are defined by an ability the language
    can't evaluate (`*/*`), and no effect has set them to numbers since."""
    return p.card.pt_unknown and not any(e.target == p.pid and e.set_pt is not None for e in effects)
