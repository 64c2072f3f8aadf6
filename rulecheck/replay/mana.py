"""Mana and lands: playing a land (505.5b), mana abilities, paying, and mana emptying (500.4, 703.4p)."""

from __future__ import annotations

from .. import nodes as n
from ..game.combat import is_attacker
from ..game.lands import land_plays_allowed, may_play_from
from ..game.pools import empty_pools, mana_added, note_emptied, unspent
from ..game.steps import STEP_PHASE, mana_symbols, mana_value
from ..game.teams import is_active, whose_turn
from .context import Replay
from .registry import handles
from .sickness import tapped_for_mana
from .tba import (
    PRIORITY_CHECKS,
    acting_without_priority,
    first_priority,
    no_priority,
    other_event,
    pending_trigger,
)


@handles(n.PlayLand, checks=("505.5b",) + PRIORITY_CHECKS)
def play_land(r: Replay, stmt: n.PlayLand) -> None:
    g = r.game
    player = g.player(stmt.player)
    card = g.card(stmt.card)
    other_event(r, stmt)
    flagged = no_priority(r, stmt, f"{player} plays {card.name}") or pending_trigger(r, stmt)
    flagged = first_priority(r, stmt, player, quiet=flagged) or flagged
    if not flagged:
        before = g.lands_this_turn.get(player)
        if not is_active(g, player):   # each player of the active team may play a land (805.4c)
            r.flag(stmt, "505.5b", f"{player} plays {card.name} during {whose_turn(g)}'s turn; only the active player "
                                   "may play a land")
        elif g.step not in ("precombat main phase", "postcombat main phase"):
            r.flag(stmt, "505.5b", f"{player} plays {card.name} in the {g.step}; a land is played only in a main "
                                   "phase")
        elif g.stack:
            r.flag(stmt, "505.5b", f"{player} plays {card.name} while {g.stack[-1].source} is on the stack; a land "
                                   "is played only when the stack is empty")
        elif not may_play_from(g, player, stmt.zone):
            where = f"the top of {player}'s library" if stmt.zone == "library" else f"{player}'s {stmt.zone}"
            r.flag(stmt, "505.5b", f"{player} plays {card.name} from {where}; a land is played from the hand unless "
                                   f"an effect lets {player} play lands from there", ("305.1",))
        elif g.land_count.get(player, 0) >= land_plays_allowed(g, player):
            allowed = land_plays_allowed(g, player)
            if allowed > 1:
                r.flag(stmt, "505.5b", f"{player} plays {card.name}, but {player} already played "
                                       f"{g.land_count[player]} lands this turn, all the land plays {player} has",
                       ("305.2",))
            elif before is not None:
                r.flag(stmt, "505.5b", f"{player} plays {card.name}, but {player} already played a land this "
                                       f"turn ({before[0]}, line {before[1]})")
            else:
                r.flag(stmt, "505.5b", f"{player} plays {card.name}, but {player} already played a land this turn")
    if not flagged and not r.is_flagged(stmt):
        # a land play of the turn (305.2): an illegal one enters as narrated but doesn't use one up, since the
        # rules would have reversed it (716), so a later legal play is not a second finding of the same fault
        g.lands_this_turn.setdefault(player, (card.name, stmt.span.line))
        g.land_count[player] = g.land_count.get(player, 0) + 1
    ps = g.pstate[player]
    if stmt.zone == "hand":   # a land played from another zone leaves the hand as it was
        if card.name in ps.hand_cards:
            ps.hand_cards.remove(card.name)
        if ps.hand is not None and ps.hand > 0:
            ps.hand -= 1
    g.new_perm(card.name, card, player, new=True)


@handles(n.TapForMana, checks=("508.1f", "302.6") + PRIORITY_CHECKS)
def tap_for_mana(r: Replay, stmt: n.TapForMana) -> None:
    g = r.game
    player = g.player(stmt.player)
    if r.declaration is None and r.resolving is None and acting_without_priority(r):
        no_priority(r, stmt, f"{player} activates a mana ability")
    elif r.declaration is None and r.resolving is None:
        if g.step == "draw step":   # with priority (605.3a): after the draw, which a later narration flags (703.4c)
            other_event(r, stmt)
        first_priority(r, stmt, player, quiet=pending_trigger(r, stmt))
    for ref in stmt.permanents:
        p = g.perm(ref, prefer=lambda q: not q.tapped and q.controller == player)
        attacking = r.declaration is not None and r.declaration.kind == "attack" and p.pid in r.declaration.declared
        if attacking and not g.may_have(p, "vigilance"):
            # the declaration taps its attackers (508.1f) before mana abilities are activated to pay its costs
            r.flag(stmt, "508.1f", f"{p.name} is tapped as it is declared as an attacker, before any mana ability "
                                   "is activated, so it can't be tapped for mana now")
        elif p.tapped:
            if p.attacked and is_attacker(p) and not g.may_have(p, "vigilance"):
                r.flag(stmt, "508.1f", f"{p.name} was tapped when it was declared as an attacker, so it can't be "
                                       "tapped again to pay a {T} cost")
            else:
                r.state(ref, stmt.span.line, f"{p.name} is already tapped, so it can't be tapped to pay a {{T}} "
                                             "cost; narrate how it untapped")
        elif p.new and not r.is_flagged(stmt):
            tapped_for_mana(r, stmt, p, player)   # a creature's {T} ability the turn it arrived (302.6)
        p.tapped = True
    mana_added(g, g.pstate[player], mana_symbols(stmt.mana))


@handles(n.AddMana)
def add_mana(r: Replay, stmt: n.AddMana) -> None:
    mana_added(r.game, r.game.pstate[r.game.player(stmt.player)], mana_symbols(stmt.mana))


def phase_ends(r: Replay, step: str) -> bool:
    """Whether the phase ends with this step: a main phase, the last step of its phase, or the turn's last."""
    g = r.game
    following = g.plan[0].step if g.plan else None
    return (step.endswith("main phase") or step in ("end of combat step", "cleanup step") or following is None
            or STEP_PHASE.get(following) != STEP_PHASE.get(step))


def step_ends(r: Replay, step: str) -> None:
    """Mana empties as a step ends (500.4), or, in an edition with mana burn, as a phase ends, and each unused
    mana costs its player 1 life (2003: 300.3), a game action taken as done when the transcript doesn't say so."""
    g = r.game
    for ps in g.pstate.values():
        if ps.pool or ps.lost_mana:
            break
    else:
        g.mana_held = False   # until mana is added (its callers skip the call while it is False)
        return   # no pool holds mana, nor lost some as the last step ended: nothing empties or burns (most steps)
    if not r.edition.mana_empties_each_step and not phase_ends(r, step):
        return
    if r.edition.mana_burn:
        burn(r)
    empty_pools(g)


def burn(r: Replay) -> None:
    if not r.edition.mana_burn:
        return
    g = r.game
    for ps in g.pstate.values():
        amount = mana_value(unspent(g, ps)[0])   # mana an effect keeps doesn't burn
        if amount:
            ps.life -= amount
            before = r.mana_burned.get(ps.name, (0, 0))[0]
            r.mana_burned[ps.name] = (before + amount, g.step_serial)


def burn_narrated(r: Replay, stmt: n.Statement) -> bool:
    """Whether the statement narrates the mana burn of the phase that just ended (2003: part of the phase
    ending, so it may be written between the phase and the next step)."""
    return isinstance(stmt, n.LoseLife) and stmt.for_source is None and _burned(r, stmt.player.text, stmt.amount)


def misnarrated_burn(r: Replay, stmt: n.Statement) -> int | None:
    """The burn a statement narrates with another amount: 'Alice loses 3 life' just after a phase ended with 2
    unused mana in her pool is the burn line, and its amount is its fault (2003: 300.3), not an event between
    steps. The life the burn took, or None when the statement is not such a line."""
    if not isinstance(stmt, n.LoseLife) or stmt.for_source is not None or r.resolving is not None:
        return None
    burned = r.mana_burned.get(stmt.player.text)
    if burned is None or burned[0] == stmt.amount or r.game.step_serial > burned[1] + 1:
        return None
    return burned[0]


def _burned(r: Replay, player: str, amount: int) -> bool:
    """Whether unused mana burned `player` for exactly `amount` as the phase just ended."""
    burned = r.mana_burned.get(player)
    return burned is not None and burned[0] == amount and r.game.step_serial <= burned[1] + 1


def narrated_burn(r: Replay, player: str, amount: int) -> bool:
    """'Alice loses 2 life' just after a phase ended with 2 unused mana in her pool narrates the burn already
    taken as done."""
    if not _burned(r, player, amount) or r.resolving is not None:
        return False
    del r.mana_burned[player]
    return True


@handles(n.ManaEmpties, checks=("703.4p",))
def mana_empties(r: Replay, stmt: n.ManaEmpties) -> None:
    """Narrated where a step ends; anywhere else it is flagged (703.4p) when the step goes on."""
    g = r.game
    r.mana_emptied = stmt if g.step is not None and not g.between_steps and r.resolving is None else None
    r.ordinary = False
    if not r.edition.mana_empties_each_step and g.step is not None and not phase_ends(r, g.step):
        r.flag(stmt, "703.4p", f"mana pools empty as the {g.step} ends, but the phase goes on, and in the "
                               f"{r.edition.name} edition mana empties only as a phase ends")
        r.mana_emptied = None
        return
    burn(r)
    g.mana_held = True   # (what the pools lost)
    for ps in g.pstate.values():
        if ps.pool:
            ps.lost_mana, ps.pool = unspent(g, ps)
            note_emptied(ps)
