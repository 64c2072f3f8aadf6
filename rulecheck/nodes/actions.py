"""Keyword actions of 701 that reach into combat (goad, exert), crewing a Vehicle (702), and an effect that
takes every ability away (613, layer 6)."""

from __future__ import annotations

from .base import Condition, Ref, Statement


class LoseAbilities(Statement):
    """`Grizzly Bears loses all abilities until end of turn` (without a duration: for good)."""

    target: Ref
    duration: str  # end_of_turn, end_of_combat, this_turn, while (a condition), always
    condition: Condition | None = None


class Goad(Statement):
    """`Alice goads Grizzly Bears`: until Alice's next turn, it attacks each combat if able, and a player other
    than Alice if able (current 701.15)."""

    player: Ref
    creatures: tuple[Ref, ...]


class Exert(Statement):
    """`Alice exerts Glorybringer`: it won't untap during Alice's next untap step (current 701.43)."""

    player: Ref
    creatures: tuple[Ref, ...]


class Crew(Statement):
    """`Alice crews Smuggler's Copter with Grizzly Bears`: the crew ability's cost (tap untapped creatures with
    total power at least N) is paid; the Vehicle becomes an artifact creature until end of turn (702.122)."""

    player: Ref
    vehicle: Ref
    crew: tuple[Ref, ...]
