"""Power and toughness the game can't compute: what depends on them is not judged."""

from __future__ import annotations

from .game import Game
from .hooks import PT_TEXT
from .objects import Permanent


def pt_unknown(g: Game, p: Permanent) -> bool:
    """Whether p's power and toughness can't be computed: defined by an ability (`*/*`) that no effect sets, or p
    is a creature while a permanent on the battlefield has unread text that may change them (an anthem the reader
    doesn't follow), unless an effect the transcript narrated sets them (as for `*/*`, and as a narration of what
    such text does: Humility's "becomes a 1/1 creature for as long as …"): then what depends on them is not judged.
    Costs nothing until such a card entered."""
    if p.pt_unknown(g.effects):
        return True
    return g.hooks.uses(PT_TEXT) and p.is_creature() and any(
        q.card.pt_text and not q.phased_out and not q.lost for q in g.battlefield.values()) and not any(
        e.target == p.pid and e.set_pt is not None for e in g.effects)

