"""Lark's inline transformer: parse trees to :mod:`rulecheck.nodes` statements, one builder per statement family
(as the nodes and the replay's handlers are grouped), composed into the one transformer the LALR parser runs."""

from __future__ import annotations

from .actions import ActionsBuild
from .combat import CombatBuild
from .counters import CountersBuild
from .effects import EffectsBuild
from .header import HeaderBuild
from .mana import ManaBuild
from .permanents import PermanentsBuild
from .setup import SetupBuild
from .stack import StackBuild
from .turns import TurnsBuild
from .zones import ZonesBuild


class Build(HeaderBuild, SetupBuild, TurnsBuild, StackBuild, ManaBuild, PermanentsBuild, CombatBuild, EffectsBuild,
            ActionsBuild, ZonesBuild, CountersBuild):
    """Turns parse trees into :mod:`rulecheck.nodes` statements (run inline by the LALR parser): each grammar
    rule's callback is a method of the family that builds it."""


_Build = Build  # the name it had when the parser was one module

__all__ = ["Build", "_Build"]
