"""Day and night (current 730, 502.2): a designation of the game. Once it is day or night, the untap step checks
the turn before: day becomes night if that turn's active player cast no spells, night becomes day if they cast
two or more. The check is a turn-based action: left out, it happens; narrated (`it becomes night`), it must be
the change the check makes. Editions without day and night (the rules of 2011 and 2003) keep what the narration
says and judge nothing about it. `it is day` while the replay knows neither (a setup line) says which it is."""

from __future__ import annotations

from .. import nodes as n
from ..game.hooks import boundary_hook
from .context import Replay
from .registry import handles

DAY_NIGHT = "current:502.2"
DAY_OR_NIGHT = "day/night"   # the game's designation, in Game.designations
MONARCH_HOOK = "the monarch's draw"   # the boundary hook of the monarch's end step trigger (step_triggers.py)
DAY_NIGHT_HOOK = "day/night check"    # subscribed once day/night is narrated or asserted


def note_cast(r: Replay, player: str) -> None:
    casts = r.day_night.casts
    casts[player] = casts.get(player, 0) + 1


def new_turn(r: Replay) -> None:
    """A turn ends: remember how many spells its active player cast, for the next untap step's check."""
    s = r.day_night
    s.previous = (r.game.active, s.casts.get(r.game.active, 0)) if r.game.active else None
    s.casts = {}


@boundary_hook("step_begins", DAY_NIGHT_HOOK, 10)
def untap_check(r: Replay, step: str) -> None:
    """The second part of the untap step (current 502.2): day and night may change. (A boundary hook: a game in
    which it is never day or night has nothing to check.)"""
    if step != "untap step":
        return
    s = r.day_night
    s.changed = None
    now = r.game.designations.get(DAY_OR_NIGHT)
    if now is None or s.previous is None or r.edition.number(DAY_NIGHT) is None:
        return
    _, casts = s.previous
    if now == "day" and casts == 0:
        r.game.designations[DAY_OR_NIGHT] = s.changed = "night"
    elif now == "night" and casts >= 2:
        r.game.designations[DAY_OR_NIGHT] = s.changed = "day"


@handles(n.DayNight, when="any", checks=(DAY_NIGHT,))
def becomes(r: Replay, stmt: n.DayNight) -> None:
    s = r.day_night
    g = r.game
    if g.step == "untap step" and s.previous is not None and r.edition.number(DAY_NIGHT) is not None \
            and r.resolving is None:
        who, casts = s.previous
        unknown = s.changed is None and g.designations.get(DAY_OR_NIGHT) is None
        if s.changed != stmt.which and not unknown:   # neither day nor night known: the check isn't judged
            spells = "no spells" if casts == 0 else "1 spell" if casts == 1 else f"{casts} spells"
            why = ("day becomes night only when they cast none" if stmt.which == "night"
                   else "night becomes day only when they cast two or more")
            r.flag(stmt, DAY_NIGHT, f"it becomes {stmt.which} in the untap step, but {who}, the previous turn's "
                                    f"active player, cast {spells} that turn: {why}", ("730.2",))
        s.changed = stmt.which
    g.designations[DAY_OR_NIGHT] = stmt.which
    g.hooks.subscribe(DAY_NIGHT_HOOK)


@handles(n.AssertDayNight, when="any")
def is_(r: Replay, stmt: n.AssertDayNight) -> None:
    now = r.game.designations.get(DAY_OR_NIGHT)
    if r.edition.number(DAY_NIGHT) is None:
        return   # an edition without day and night: not judged
    if now is None:
        r.game.designations[DAY_OR_NIGHT] = stmt.which   # the replay didn't know: the transcript says which
        r.game.hooks.subscribe(DAY_NIGHT_HOOK)
        return
    if now != stmt.which:
        r.flag(stmt, "assert", f"it is {now} in the replay, not {stmt.which}")


MONARCH_KEY = "current:724.2"


@handles(n.BecomesMonarch, when="any", checks=(MONARCH_KEY,))
def becomes_monarch(r: Replay, stmt: n.BecomesMonarch) -> None:
    """The monarch (current 724): at the beginning of the monarch's end step they draw a card, and combat damage
    to the monarch passes it on; both are triggers owed like any other. Editions without the monarch keep no
    monarch and judge nothing about it."""
    if r.edition.number(MONARCH_KEY) is not None:
        r.game.designations["monarch"] = r.game.player(stmt.player)
        r.game.hooks.subscribe(MONARCH_HOOK)
