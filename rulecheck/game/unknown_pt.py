"""Power and toughness, and first strike, that unread card text may change: what depends on them is not judged."""

from __future__ import annotations

from .game import Game
from .hooks import DAMAGE_TEXT, GROUP, PT_TEXT, STRIKE_TEXT
from .layers import covers
from .objects import DAMAGE_WORDS, PREVENTS_WORDS, PT_WORDS, STRIKE_WORDS, Permanent, pt_of_itself


def pt_unknown(g: Game, p: Permanent) -> bool:
    """Whether p's power and toughness can't be computed: defined by an ability (`*/*`) that no effect sets, or p
    is a creature while a permanent on the battlefield has unread text that may change them (an anthem the reader
    doesn't follow) or a spell or ability with such text resolved this turn with no effect narrated on its line,
    unless an effect the transcript narrated sets them (as for `*/*`, and as a narration of what
    such text does: Humility's "becomes a 1/1 creature for as long as …"): then what depends on them is not judged.
    Costs nothing until such a card entered."""
    if p.pt_unknown(g.effects) or p.card.self_pt and p.is_creature() and not p.lost and not any(
            e.target == p.pid and e.set_pt is not None for e in g.effects):
        return True   # (`*/*`, or unread text that changes its own: Kird Ape's "… gets +1/+2 as long as …")
    if not (g.resolved_unread or g.hooks.uses(GROUP) or g.hooks.uses(PT_TEXT)):
        return False   # the common case: no such text has been in the game
    if not p.is_creature() or any(e.target == p.pid and e.set_pt is not None for e in g.effects):
        return False
    if g.resolved_unread and g.resolved_unread[-1][0] == g.turn and any(
            turn == g.turn and PT_WORDS.search(text.lower()) and (source == p.name or not own_pump(g, source, text))
            for turn, source, text, _ in g.resolved_unread):
        return True   # a spell or ability resolved this turn with such text and no effect narrated on its line
        # (a trigger that pumps only its own source, Gang of Elk's, leaves the others known)
    if g.hooks.uses(GROUP) and any(a.kind == "group" and a.pt is not None and covers(q, p, a.text) is None
                                   for q in g.battlefield.values() if not q.phased_out and not q.lost
                                   for a in q.abilities()):
        return True   # an anthem of a creature type or colour p may have ("Other Goblins get +1/+1")
    return g.hooks.uses(PT_TEXT) and any(q.card.pt_text and not q.phased_out and not q.lost
                                         for q in g.battlefield.values())



def strike_unknown(g: Game) -> bool:
    """Whether unread text may give a creature first or double strike now (on the battlefield, or resolved this
    turn with no effect narrated on its line): then which creatures deal damage in the first combat damage step
    isn't known, and a creature whose assignment there isn't narrated deals none by default."""
    if g.resolved_unread and g.resolved_unread[-1][0] == g.turn and any(
            turn == g.turn and STRIKE_WORDS.search(text.lower()) for turn, _, text, _ in g.resolved_unread):
        return True
    return g.hooks.uses(STRIKE_TEXT) and any(q.card.strike_text and not q.phased_out and not q.lost
                                             for q in g.battlefield.values())


def damage_to_life_unknown(g: Game, src: Permanent | None, amount: int, recipient: str) -> bool:
    """Unread text may give lifelink, or prevent or replace this damage (Card.damage_text on the battlefield, or
    a spell or ability with such words resolved this turn with no effect narrated on its line: Holy Day's "Prevent
    all combat damage that would be dealt this turn."): the life totals it touches are what the transcript says
    next. True when the damage to a permanent may be prevented or replaced too: then none is marked on it, and
    what it has (its damage, its death) is what the transcript says (as after damage of an unknown amount)."""
    if amount <= 0:
        return False
    resolved = bool(g.resolved_unread) and g.resolved_unread[-1][0] == g.turn and any(
        turn == g.turn and DAMAGE_WORDS.search(text.lower()) for turn, _, text, _ in g.resolved_unread)
    held = [p for p in g.battlefield.values() if p.card.damage_text and not p.phased_out and not p.lost] \
        if g.hooks.uses(DAMAGE_TEXT) else []
    if not (resolved or held):
        return False
    g.uncertain.update(who for who in (recipient, src.controller if src is not None else None) if who in g.pstate)
    if recipient in g.pstate:
        return False
    changes = resolved and any(turn == g.turn and PREVENTS_WORDS.search(text.lower())
                               for turn, _, text, _ in g.resolved_unread) or any(
        a.kind == "text" and PREVENTS_WORDS.search(a.text.lower()) for p in held for a in p.abilities())
    if changes:
        g.uncertain.add(recipient)
    return changes


def own_pump(g: Game, source: str, text: str) -> bool:
    """Whether resolved text pumps only its source: a sentence about itself, or the effect of a trigger of its own
    whose condition names no other creature ("Whenever Gang of Elk becomes blocked, it gets +2/+2 …")."""
    if pt_of_itself(text, source):
        return True
    q = g.named(source)
    effect = text.lower().rstrip(".")
    return q is not None and any(a.kind == "trigger" and a.text.lower().rstrip(".").endswith(", " + effect)
                                 and pt_of_itself(a.text, q.name) for a in q.card.abilities)
