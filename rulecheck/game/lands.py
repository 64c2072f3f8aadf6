"""Land plays: how many a player may make this turn (one, and more with effects that give additional ones).
Queries only."""

from __future__ import annotations

from .game import Game

ADDITIONAL_LAND_PLAYS = {"you may play an additional land on each of your turns": 1,
                         "you may play two additional lands on each of your turns": 2,
                         "you may play three additional lands on each of your turns": 3,
                         "each player may play an additional land on each of their turns": 1}
EVERYONE = "each player may"


PLAY_FROM = {"graveyard": "you may play lands from your graveyard",
             "library": "you may play lands from the top of your library"}


def may_play_from(g: Game, player: str, zone: str) -> bool:
    """Whether `player` may play a land from that zone: the hand always; the graveyard or the top of the library
    with a permanent of theirs that allows it (Crucible of Worlds, Courser of Kruphix)."""
    return zone == "hand" or bool(g.global_static(PLAY_FROM.get(zone, ""), player))


def land_plays_allowed(g: Game, player: str) -> int:
    """One land play a turn, plus one for each additional land play `player`'s permanents give (Exploration,
    Azusa; Rites of Flourishing's "each player may …": anyone's), and those a spell or ability that resolved this
    turn gave (Explore)."""
    return 1 + g.land_bonus.get(player, 0) + sum(
        extra * (len(g.global_static(text)) if text.startswith(EVERYONE) else len(g.global_static(text, player)))
        for text, extra in ADDITIONAL_LAND_PLAYS.items())
