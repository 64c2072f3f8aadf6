"""Untapping outside the untap step's usual rule, as card text says (Seedborn Muse, Prophet of Kruphix, Ivorytusk
Fortress, "untaps during each other player's untap step"; Rubinia Soulsinger, "you may choose not to untap").
Queries only, no rule numbers; the texts are those `rulecheck.cards.oracle` reads."""

from __future__ import annotations

from ..cards.oracle import MAY_STAY_TAPPED, UNTAP_ALL_IN_OTHERS, UNTAP_KINDS, UNTAPS_IN_OTHERS, untap_colours
from .combat import COLOURS
from .game import Game
from .objects import Permanent


def others_step_untapper(g: Game, p: Permanent) -> Permanent | None:
    """What lets p untap during another player's untap step: p's own "untaps during each other player's untap
    step", or a permanent of its controller's that untaps all permanents (of p's types) they control then."""
    if g.has_ability(p, UNTAPS_IN_OTHERS):
        return p
    for q in g.battlefield.values():
        if q.controller != p.controller or q.phased_out:
            continue
        for text in g.ability_texts(q):
            m = UNTAP_ALL_IN_OTHERS.match(text)
            if m is None:
                continue
            kinds = UNTAP_KINDS[m.group("what")]
            if (kinds is None or any(p.is_(k) for k in kinds)) and _of_colours(p, untap_colours(m)):
                return q
    return None


def _of_colours(p: Permanent, wanted: tuple[str, ...]) -> bool:
    """Whether p has one of the colours the text names (any p, when it names none). A permanent whose definition
    gives no colour word has no known colour: it may have one of them, and is not judged against the text."""
    if not wanted:
        return True
    known = [c for c in (*COLOURS, "colorless") if p.is_(c)]
    return not known or any(c in wanted for c in known)


def untap_all_in_others(g: Game, player: str) -> list[Permanent]:
    """The permanents of `player` with an untap-all-during-each-other-player's-untap-step ability."""
    return [q for q in g.battlefield.values() if q.controller == player and not q.phased_out
            and any(UNTAP_ALL_IN_OTHERS.match(t) for t in g.ability_texts(q))]


def may_stay_tapped(g: Game, p: Permanent) -> bool:
    """Its controller may choose not to untap it during their untap step."""
    return g.has_ability(p, MAY_STAY_TAPPED)
