"""Saga chapter abilities put on the stack that no lore counter caused (current 714.2b, 505.4, 714.3b).

A chapter ability triggers when one or more lore counters are put on its Saga (714.2b). The turn-based action
that puts them on is taken only as its controller's precombat main phase begins (505.4, 714.3b); an additional main
phase is a postcombat one (505.1a) and adds none. A Saga also gets one as it enters (714.3a), and an effect may put
more on it. So a chapter trigger narrated in a step where none of these can have happened is flagged: the Saga got
no lore counter in this step from the turn-based action, didn't enter in it, nothing resolved in it, and the turn
wasn't joined in it. A Saga whose abilities might include another trigger (quoted text, a listed trigger, a keyword
trigger, or `abilities: unknown`) is not judged, as its trigger may be that one."""

from __future__ import annotations

from .. import nodes as n
from ..game.combat import KEYWORD_TRIGGERS, keyword_name
from ..game.objects import Permanent
from ..game.teams import is_active
from .context import Replay

LORE = "current:505.4"
CHECKS = (LORE,)


def unowed_chapter(r: Replay, stmt: n.Trigger, perm: Permanent) -> bool:
    """Flag a Saga's trigger that no lore counter can have caused; True when flagged."""
    g = r.game
    if not r.edition.sagas_gain_lore or g.abilities_unknown or not perm.card.is_("saga") or perm.phased_out:
        return False
    if any(a.kind in ("text", "trigger") or (a.kind == "keyword" and keyword_name(a.text) in KEYWORD_TRIGGERS)
           for a in perm.abilities()):
        return False
    step = g.step
    serial = g.step_serial
    if step is None or serial in (perm.entered_serial, r.resolved_serial, r.joined_serial,
                                  r.lore_added.get(perm.pid)):
        return False
    why = ""
    if step == "postcombat main phase":
        why = ": only the precombat main phase adds one, and a main phase after the first is a postcombat one"
    elif step == "precombat main phase" and not is_active(g, perm.controller):
        why = f": only {perm.controller}'s own precombat main phase adds one, and this is {g.active}'s turn"
    return r.flag(stmt, LORE, f"{perm.name}'s chapter abilities trigger when a lore counter is put on it, and "
                              f"nothing put one on it in this {step}{why}")
