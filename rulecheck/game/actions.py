"""Keyword actions that leave a mark lasting into later turns (goad, exert) and crewing a Vehicle: the effects
they create and when those end. Game state only, no rule numbers."""

from __future__ import annotations

from ..nodes import Ability
from .game import Game
from .objects import Effect, Permanent

GOADED = "goaded"       # the kind of a goad effect's ability; its text is the goading player
KEEP_TAPPED = "doesn't untap during its controller's untap step"


def goad(g: Game, p: Permanent, player: str, line: int) -> None:
    """p is goaded by player until that player's next turn; a player goading it again adds nothing."""
    if player not in goaders(g, p):
        g.add_effect(Effect(p.pid, ability=Ability(GOADED, player), duration=f"goad:{player}:{g.turn}", line=line,
                            label=f"goaded by {player}"))


def goaders(g: Game, p: Permanent) -> list[str]:
    """The players who goaded p, one each."""
    if not g.effects:
        return []
    return [e.ability.text for e in g.effects if e.target == p.pid and e.ability is not None
            and e.ability.kind == GOADED]


def exert(g: Game, p: Permanent, line: int) -> None:
    """p won't untap during its controller's next untap step."""
    g.add_effect(Effect(p.pid, ability=Ability("static", KEEP_TAPPED), duration=f"exert:{p.controller}:{g.turn}",
                        line=line, label="exerted"))


def crew(g: Game, vehicle: Permanent, line: int) -> None:
    """The Vehicle becomes an artifact creature until end of turn."""
    g.add_effect(Effect(vehicle.pid, duration="end_of_turn", line=line, label="crewed",
                        add_types=("artifact", "creature")))


def expire_turn_marks(g: Game, step: str) -> None:
    """As a step begins: goad ends when its player's next turn begins; exert, once its controller's next
    untap step is over."""
    if not g.effects or not any(e.duration.startswith(("goad:", "exert:")) for e in g.effects):
        return

    def ends(e: Effect) -> bool:
        kind, _, rest = e.duration.partition(":")
        player, _, turn = rest.partition(":")
        if kind not in ("goad", "exert") or player != g.active or turn == str(g.turn):
            return False
        return kind == "goad" or step != "untap step"

    g.end_effects(ends)
