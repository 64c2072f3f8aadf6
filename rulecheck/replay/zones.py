"""Cards and permanents moving and changing: drawing (504.1), discarding (514.1), untapping (502.2), phasing
(502.1), tapping, leaving the battlefield, life, schemes (505.3), and effects that act without the stack (703.2)."""

from __future__ import annotations

from .. import nodes as n
from ..game.counters import released
from ..game.counters import untap as untap_one
from ..game.game import strip_copy
from ..game.objects import Permanent
from ..game.teams import active_players, has_teams, is_active
from ..game.unknown_pt import pt_unknown
from ..game.untapping import may_stay_tapped, others_step_untapper, untap_all_in_others
from ..parser import NO_MAX_HAND
from .cardtext import folded_draws
from .combat.ninjutsu import RETURN_CHECKS, returned_for_ninjutsu
from .context import Replay
from .counters import STUN
from .handsize import max_hand_size
from .mana import misnarrated_burn, narrated_burn
from .registry import handles
from .tba import KEEP_TAPPED, TBA_WORDS, before_action, in_step, other_event, tba, what_happens
from .zone_moves import card_moves


@handles(n.Draw, checks=("504.1", "703.4c", "703.2"))
def draw(r: Replay, stmt: n.Draw) -> None:
    g = r.game
    player = g.player(stmt.player)
    ps = g.pstate[player]
    resolving = r.resolving is not None
    if stmt.for_source is not None:
        _direct_effect(r, stmt, stmt.for_source)
    elif (g.step == "draw step" and is_active(g, player) and "draw" not in r.tba_done and not resolving
          and f"draw:{player}" not in r.tba_done):
        if stmt.count != 1 and not (g.pending and folded_draws(r, player, stmt.count - 1)):
            r.flag(stmt, "504.1", f"{player} draws {stmt.count} cards for the turn; the draw step's turn-based "
                                  "draw is one card")
        tba(r, "draw", stmt)
        if has_teams(g):   # each player of the active team draws (805.4b): the action is done once all have
            r.tba_done[f"draw:{player}"] = stmt
            if not all(f"draw:{p}" in r.tba_done for p in active_players(g)):
                del r.tba_done["draw"]
    elif (g.step == "draw step" and is_active(g, player) and r.tba_done.get("draw", 0) is None
          and r.first_other is not None and not resolving and r.first_other is not stmt
          and _first_other_is_priority(r)):
        # the draw was assumed when something else happened first; this late narration is that draw
        before_action(r)
        r.flag(r.first_other, "703.4c", f"{what_happens(r.first_other)} before {TBA_WORDS['draw']}, a turn-based "
                                        "action that comes first in the draw step", ("504.1", "703.4"))
        return
    else:
        other_event(r, stmt)
    held = ps.zones.library.count
    if ps.hand is not None:
        ps.hand += stmt.count if held is None else min(stmt.count, held)
    if not ps.zones.draw(stmt.count):   # more than a library known to be this small holds: a loss (704.5b)
        ps.drew_from_empty = True
        r.game.table.risk(ps.name)


def _first_other_is_priority(r: Replay) -> bool:
    return isinstance(r.first_other, (n.Cast, n.Activate, n.TapForMana, n.Trigger, n.PassPriority, n.AllPass,
                                      n.PlayLand))   # a mana ability too: activated with priority (605.3a)


def _direct_effect(r: Replay, stmt: n.Statement, source_ref: n.Ref) -> None:
    """'X happens for SOURCE': SOURCE's ability acting without the stack (703.2)."""
    g = r.game
    source = source_ref.text
    resolving = r.resolving is not None and r.resolving.source == source
    if resolving:
        return
    perm = g.find_perm(source_ref, anywhere=True)
    triggers = [a.text for a in perm.abilities() if a.kind == "trigger"] if perm else []
    pend = next((t for t in g.pending if t.source == source), None)
    if pend is not None:
        g.pending.remove(pend)
    if triggers or pend is not None:
        r.flag(stmt, "703.2", f"{source}'s ability is a triggered ability: it goes on the stack and resolves; it "
                              "does not happen by itself like a turn-based action", ("603.2",))


@handles(n.Discard, checks=("514.1", "703.4m"))
def discard(r: Replay, stmt: n.Discard) -> None:
    g = r.game
    player = g.player(stmt.player)
    ps = g.pstate[player]
    count = stmt.count if stmt.count is not None else len(stmt.cards)
    if stmt.to_hand_size and not in_step(r, "cleanup step", stmt, "discard"):
        other_event(r, stmt)        # flagged (703.4m); the cards were still discarded, as narrated
    elif g.step == "cleanup step" and (r.resolving is None or stmt.to_hand_size):
        if not is_active(g, player):
            r.flag(stmt, "514.1", f"{player} discards in {g.active}'s cleanup step; only the active player "
                                  "discards to hand size", ("703.4m",))
        else:
            tba(r, "discard", stmt)
            maximum = max_hand_size(g, player)
            if ps.hand is not None and maximum is not None:
                target = max(ps.hand - maximum, 0)
                if count != target:
                    left = ps.hand - count
                    if maximum >= NO_MAX_HAND:
                        r.flag(stmt, "514.1", f"{player} discards {count} in the cleanup step, but {player} has no "
                                              "maximum hand size, so there is nothing to discard down to",
                               ("703.4m",))
                    elif target == 0:
                        r.flag(stmt, "514.1", f"{player} discards {count} with {ps.hand} cards in hand; nobody "
                                              f"discards at or below the maximum hand size of {maximum}",
                               ("703.4m",))
                    else:
                        r.flag(stmt, "514.1", f"{player} has {ps.hand} cards and must discard {target} to reach "
                                              f"the maximum hand size of {maximum}, but discards {count}, "
                                              f"leaving {left}", ("703.4m",))
    else:
        other_event(r, stmt)
    for ref in stmt.cards:
        if ref.text in ps.hand_cards:
            ps.hand_cards.remove(ref.text)
    if ps.hand is not None:
        ps.hand = max(ps.hand - count, 0)
    ps.zones.discard([ref.text for ref in stmt.cards], count, player, stmt.span.line)   # to the graveyard (404.1)


@handles(n.UntapAll, n.Untap, checks=("502.2", "703.4b"))
def untap(r: Replay, stmt: n.UntapAll | n.Untap) -> None:
    g = r.game
    player = g.player(stmt.player)
    if g.step != "untap step" or r.resolving is not None:
        other_event(r, stmt)
        if isinstance(stmt, n.Untap):
            for ref in stmt.permanents:
                untap_one(g, g.perm(ref, prefer=lambda p: p.tapped))
        return
    keep = KEEP_TAPPED
    tapped: list[Permanent] = []   # (UntapAll by the active player: set below)
    if not is_active(g, player):
        _others_untap(r, stmt, player)
    elif isinstance(stmt, n.Untap):
        for ref in stmt.permanents:
            p = g.perm(ref, prefer=lambda q: q.tapped)
            if p.controller != g.active and not is_active(g, p.controller):
                r.flag(stmt, "502.2", f"{p.name} is {p.controller}'s; only the active player's permanents untap "
                                      f"in {g.active}'s untap step", ("703.4b",))
            elif g.has_ability(p, keep):
                r.flag(stmt, "502.2", f"{p.name} doesn't untap during its controller's untap step, but it untaps",
                       ("703.4b",))
            elif p.stun_replaced[0] == g.step_serial and p.tapped:
                if r.edition.number(STUN):   # (in editions without 122.1d stun counters are followed, not judged)
                    r.flag(stmt, "502.2", f"{p.name}'s untap in this untap step was replaced: a stun counter was "
                                          "removed from it instead, and nothing else untaps it in the untap step",
                           (STUN, "703.4b"))
                p.stun_replaced, p.tapped = (-1, False), False   # it untaps, as the transcript says
                released(g, p)
    else:
        for ref in stmt.except_:
            p = g.perm(ref)
            if not g.has_ability(p, keep) and p.tapped and not may_stay_tapped(g, p) and not p.counters.get("stun") \
                    and p.stun_replaced[0] != g.step_serial:
                r.flag(stmt, "502.2", f"{p.name} stays tapped, but nothing keeps it from untapping; all of the "
                                      "active player's permanents untap", ("703.4b",))
        # the player's tapped permanents, looked at once (nothing below changes which are tapped before they untap)
        tapped = [p for p in g.battlefield.values() if p.tapped and p.controller == player]
        names = {ref.text for ref in stmt.except_} if stmt.except_ else _NO_NAMES
        # (only a game where a permanent may have the ability looks for one that has it)
        kept = next((p for p in tapped if p.name not in names and g.has_ability(p, keep)), None) \
            if g.any_may_have(keep) else None
        if kept is not None:   # the narration says it untaps: the replay goes on from that
            r.flag(stmt, "502.2", f"{kept.name} doesn't untap during its controller's untap step, but this says "
                                  f"all of {player}'s permanents untap (write 'except {kept.name}')", ("703.4b",))
    if is_active(g, player):   # another player's untap is not the turn-based action; it happens beside it
        tba(r, "untap", stmt)
    if is_active(g, player):
        names = {ref.text for ref in (stmt.except_ if isinstance(stmt, n.UntapAll) else ())}
        targets = [g.perm(ref) for ref in stmt.permanents] if isinstance(stmt, n.Untap) else \
            [p for p in tapped   # (untapping an untapped permanent changes nothing)
             if p.name not in names or p.counters.get("stun")]
        for p in targets:
            untap_one(g, p)   # a stun counter replaces the untap (current 122.1d), kept or not
    else:   # another player's untap, flagged: what it says untaps does (one fault, one finding)
        names = {ref.text for ref in (stmt.except_ if isinstance(stmt, n.UntapAll) else ())}
        targets = [g.perm(ref, prefer=lambda q: q.tapped) for ref in stmt.permanents] if isinstance(stmt, n.Untap) \
            else [p for p in g.battlefield.values() if p.tapped and p.controller == player and p.name not in names]
        for p in targets:
            p.tapped = False
            released(g, p)


def _others_untap(r: Replay, stmt: n.UntapAll | n.Untap, player: str) -> None:
    """A player untaps in another player's untap step: only what card text untaps then (a permanent that
    "untaps during each other player's untap step", Seedborn Muse's "untap all permanents you control ...")."""
    g = r.game
    if isinstance(stmt, n.Untap):
        for ref in stmt.permanents:
            p = g.perm(ref, prefer=lambda q: q.tapped)
            if p.controller == player and others_step_untapper(g, p) is not None:
                continue
            givers = untap_all_in_others(g, player)
            why = f"; {givers[0].name} untaps only some of {player}'s permanents then, and not {p.name}" if givers \
                else "; only the active player's permanents untap"
            r.flag(stmt, "502.2", f"{player} untaps {p.name} during {g.active}'s untap step{why}", ("703.4b",))
            return
        return
    mine = [p for p in g.battlefield.values() if p.controller == player]
    left = [p for p in mine if p.tapped and p.name not in {ref.text for ref in stmt.except_}
            and others_step_untapper(g, p) is None]
    if left or not any(others_step_untapper(g, p) is not None for p in mine):
        nothing = f", and nothing untaps {left[0].name} then" if left and untap_all_in_others(g, player) else ""
        r.flag(stmt, "502.2", f"{player} untaps permanents during {g.active}'s untap step; only the active "
                              f"player's permanents untap{nothing}", ("703.4b",))


@handles(n.PhaseEvent, checks=("502.1", "703.4a"))
def phase(r: Replay, stmt: n.PhaseEvent) -> None:
    g = r.game
    p = g.perm(stmt.permanent)
    host = g.by_pid(p.attached_pid) if p.attached_pid is not None else None
    if g.step == "untap step" and r.resolving is None and host is not None and \
            (p.phased_out == (stmt.direction == "out")) and p.phased_out == host.phased_out:
        tba(r, "phasing", stmt)   # it phased with what it is attached to (indirectly): this says so
        return
    if g.step == "untap step" and r.resolving is None:
        if p.phased_indirectly and stmt.direction == "in" and host is not None:
            r.flag(stmt, "502.1", f"{p.name} phased out with {host.name}, which it is attached to, so it phases in "
                                  f"only with {host.name}, not by itself", ("702.24", "703.4a"))
        elif not is_active(g, p.controller):
            r.flag(stmt, "502.1", f"{p.name} is {p.controller}'s; only the active player's permanents phase in "
                                  f"or out during {g.active}'s untap step", ("703.4a",))
        tba(r, "phasing", stmt)
    else:
        other_event(r, stmt)
    g.phase(p, stmt.direction == "out")


# where a permanent that leaves the battlefield goes, by the narration's words ("leaves the battlefield": not said)
_NO_NAMES: frozenset[str] = frozenset()
_DESTINATION = {"dies": "graveyard", "destroyed": "graveyard", "sacrificed": "graveyard", "graveyard": "graveyard",
                "exiled": "exile", "hand": "hand", "library": "library"}


@handles(n.Leaves, checks=RETURN_CHECKS)
def leaves(r: Replay, stmt: n.Leaves) -> None:
    g = r.game
    p = g.find_perm(stmt.permanent)
    if r.ninjutsu_cost is not None:
        returned_for_ninjutsu(r, stmt, p)
    if g.step == "cleanup step" and r.resolving is None:
        g.cleanup_priority = True
    if p is not None and stmt.state_based and p.regenerated_serial == g.step_serial and g.pt(p)[1] > 0 \
            and p.damage < g.pt(p)[1] and not pt_unknown(g, p):
        r.state(stmt.permanent, stmt.span.line, f"{p.name} regenerated instead: its regeneration shield replaced "
                                                "the destruction, so it is still on the battlefield")
        return
    if p is None:
        card_moves(r, stmt)   # a spell as it resolves, or a card in another zone
    if p is not None:
        g.leave_battlefield(p, _DESTINATION.get(stmt.how, ""))
        if stmt.how == "hand" and not p.token:
            owner = g.pstate.get(p.owner)
            if owner is not None:
                owner.hand_cards.append(strip_copy(p.name))
                if owner.hand is not None:
                    owner.hand += 1


@handles(n.LoseLife, checks=("703.2", "2003:300.3"))
def lose_life(r: Replay, stmt: n.LoseLife) -> None:
    player = r.game.player(stmt.player)
    if stmt.for_source is None and narrated_burn(r, player, stmt.amount):
        return   # mana burn, already taken as done when the phase ended
    burned = misnarrated_burn(r, stmt)
    if burned is not None:
        # the burn line with another amount: the life it narrates replaces the burn taken as done
        r.flag(stmt, "2003:300.3", f"{player} loses {stmt.amount} life as the phase ends, but {burned} unused mana "
                                   f"left in the pool burned {player} for {burned} life")
        del r.mana_burned[player]
        r.game.pstate[player].life += burned
    r.game.pstate[player].life -= stmt.amount
    if stmt.for_source is not None:
        _direct_effect(r, stmt, stmt.for_source)


@handles(n.GainLife)
def gain_life(r: Replay, stmt: n.GainLife) -> None:
    """A life gain; after damage from a source with lifelink in this step, the gain lifelink already made, as
    far as it goes, narrated (not another gain)."""
    ps = r.game.pstate[r.game.player(stmt.player)]
    ps.life += stmt.amount - ps.claim_lifelink(r.game.step_serial, stmt.amount)


@handles(n.SetScheme, checks=("703.4d", "505.3"))
def set_scheme(r: Replay, stmt: n.SetScheme) -> None:
    g = r.game
    player = g.player(stmt.player)
    if g.step == "precombat main phase" and player == g.active == g.archenemy:
        tba(r, "scheme", stmt)
    elif player == g.active == g.archenemy and r.resolving is None:
        r.flag(stmt, "703.4d", f"{player} sets a scheme in motion in the {g.step}; the archenemy does that as "
                               "the precombat main phase begins", ("505.3",))
    else:
        r.flag(stmt, "505.3", f"{player} sets a scheme in motion outside the archenemy's precombat main phase")


@handles(n.Tap)
def tap(r: Replay, stmt: n.Tap) -> None:
    for ref in stmt.permanents:
        r.game.perm(ref, prefer=lambda p: not p.tapped).tapped = True


@handles(n.BecomesTapped)
def becomes_tapped(r: Replay, stmt: n.BecomesTapped) -> None:
    r.game.perm(stmt.permanent).tapped = True


@handles(n.Sacrifice)
def sacrifice(r: Replay, stmt: n.Sacrifice) -> None:
    for ref in stmt.permanents:
        p = r.game.find_perm(ref)
        if p is not None:
            r.game.leave_battlefield(p)
