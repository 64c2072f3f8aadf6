"""Land plays: how many a player may make this turn (one, and more with effects that give additional ones).
Queries only."""

from __future__ import annotations

from .game import Game

ADDITIONAL_LAND_PLAYS = {"you may play an additional land on each of your turns": 1,
                         "you may play two additional lands on each of your turns": 2,
                         "you may play three additional lands on each of your turns": 3}


def land_plays_allowed(g: Game, player: str) -> int:
    """One land play a turn, plus one for each additional land play `player`'s permanents give (Exploration,
    Azusa)."""
    return 1 + sum(extra * len(g.global_static(text, player)) for text, extra in ADDITIONAL_LAND_PLAYS.items())
