"""Builds the keyword actions of 701 that reach into combat (goad, exert), crewing, and losing all abilities."""

from __future__ import annotations

from typing import Any

from ... import nodes as n
from .base import BuildBase, _duration, inline_callbacks


@inline_callbacks
class ActionsBuild(BuildBase):
    """The callbacks of the keyword action statements."""

    def lose_abilities(self, target: n.Ref, duration: Any = "always") -> n.LoseAbilities:
        return n.LoseAbilities(self._span(target), target, *_duration(duration))

    def goad(self, player: n.Ref, creatures: tuple[n.Ref, ...]) -> n.Goad:
        return n.Goad(self._span(player, creatures), player, creatures)

    def exert(self, player: n.Ref, creatures: tuple[n.Ref, ...]) -> n.Exert:
        return n.Exert(self._span(player, creatures), player, creatures)

    def crew(self, player: n.Ref, vehicle: n.Ref, creatures: tuple[n.Ref, ...]) -> n.Crew:
        return n.Crew(self._span(player, vehicle, creatures), player, vehicle, creatures)
