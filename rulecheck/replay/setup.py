"""The setup: header, card definitions and the starting state, before the first turn header."""

from __future__ import annotations

from .. import nodes as n
from ..cards.oracle import read_abilities
from ..editions import UnknownEdition, find_edition
from ..game.counters import POISON_TO_LOSE, turn_face_down
from ..game.objects import Card, PendingTrigger, Permanent, PlayerState
from ..game.steps import mana_symbols, trigger_step
from .context import Replay
from .registry import handles
from .step_triggers import DELAYED_HOOK


@handles(n.Players, when="setup")
def players(r: Replay, stmt: n.Players) -> None:
    g = r.game
    for ref in stmt.names:
        if ref.text not in g.pstate:
            g.players.append(ref.text)
            g.pstate[ref.text] = PlayerState(ref.text, watch=g.table)


@handles(n.PriorityMode, when="setup")
def priority_mode(r: Replay, stmt: n.PriorityMode) -> None:
    r.game.mode = stmt.mode


@handles(n.Option, when="setup")
def option(r: Replay, stmt: n.Option) -> None:
    r.game.option = stmt.text


@handles(n.AbilitiesUnknown, when="setup")
def abilities_unknown(r: Replay, stmt: n.AbilitiesUnknown) -> None:
    r.game.abilities_unknown = True


@handles(n.Archenemy, when="setup")
def archenemy(r: Replay, stmt: n.Archenemy) -> None:
    r.game.archenemy = r.game.player(stmt.player)


@handles(n.Title, n.Include, when="setup")
def header(r: Replay, stmt: n.Statement) -> None:
    """Read before the replay starts (the title) or by the checker (included card files)."""


@handles(n.Edition, when="setup")
def edition(r: Replay, stmt: n.Edition) -> None:
    """`edition: NAME` in the header: the edition that judges the rest of the transcript (it wins over the
    configuration); an unknown name is a syntax error with a suggestion, and the edition stays as it was. A
    transcript has one edition: a second header is a syntax error and the first one stands."""
    col = stmt.name_column or stmt.span.column
    where = n.Ref(stmt.name, col, col + len(stmt.name))
    if r.edition_line is not None:
        r.syntax(where, stmt.span.line, f"the edition was already set on line {r.edition_line} "
                                        f"('{r.edition.name}'); a transcript is judged under one edition")
        return
    try:
        r.edition = find_edition(stmt.name)
    except UnknownEdition as err:
        r.syntax(where, stmt.span.line, str(err))
        return
    r.edition_line = stmt.span.line


@handles(n.CardDef, when="setup")
def add_card(r: Replay, stmt: n.CardDef) -> None:
    g = r.game
    first = g.cards.defined(stmt.name)
    if first is not None:
        r.syntax(n.Ref(stmt.name, stmt.name_column, stmt.name_column + len(stmt.name)), stmt.span.line,
                 f"card '{stmt.name}' is defined twice (first on line {first.line})")
        return
    g.cards.define(Card(stmt.name, stmt.types, stmt.power, stmt.toughness, stmt.loyalty,
                        read_abilities(stmt.abilities, stmt.name), stmt.span.line, stmt.mana_cost,
                        subtypes=stmt.subtypes))


@handles(n.PlayerState, when="setup")
def player_state(r: Replay, stmt: n.PlayerState) -> None:
    ps = r.game.pstate[r.game.player(stmt.player)]
    for fact in stmt.facts:
        if fact.key == "life":
            ps.life = int(fact.value)  # type: ignore[call-overload]
        elif fact.key == "hand":
            ps.hand = int(fact.value)  # type: ignore[call-overload]
        elif fact.key == "lands_played" and fact.value:
            ps.land_played = ("a land", stmt.span.line)
            r.game.land_count[ps.name] = int(fact.value)  # type: ignore[call-overload]
        elif fact.key == "mana":
            ps.pool = mana_symbols(str(fact.value))
            r.game.mana_held = True
        elif fact.key == "max_hand_size":
            ps.max_hand = int(fact.value)  # type: ignore[call-overload]
            ps.max_hand_stated = True
        elif fact.key == "scheme":
            ps.scheme = str(fact.value)
        elif fact.key in ("graveyard", "library", "exile"):   # how many cards the zone holds (400-406)
            ps.zones.set_count(fact.key, int(fact.value))  # type: ignore[call-overload]
        elif fact.key == "counters" and isinstance(fact.value, tuple):   # poison, energy, ... (current 122.1)
            ps.counters[str(fact.value[0])] = ps.counters.get(str(fact.value[0]), 0) + int(fact.value[1])
            ps.known_counters.add(str(fact.value[0]))
    if ps.life <= 0 or ps.counters.get("poison", 0) >= POISON_TO_LOSE:
        r.game.table.kept_in.add(ps.name)   # something the transcript doesn't say keeps the player in the game


@handles(n.Holds, when="setup")
def holds(r: Replay, stmt: n.Holds) -> None:
    g = r.game
    ps = g.pstate[g.player(stmt.player)]
    for ref in stmt.cards:
        g.card(ref)
        ps.hand_cards.append(ref.text)
    ps.hand = max(ps.hand or 0, len(ps.hand_cards))


@handles(n.Controls, when="setup")
def controls(r: Replay, stmt: n.Controls) -> None:
    g = r.game
    controller = g.player(stmt.player)
    for spec in stmt.permanents:
        card = g.card(spec.ref)
        p = g.new_perm(card.name, card, controller)
        for fact in spec.facts:
            _apply_perm_fact(r, p, fact)


@handles(n.DelayedTrigger, when="any")
def delayed_trigger(r: Replay, stmt: n.DelayedTrigger) -> None:
    g = r.game
    # 603.7d-e: the controller of the spell or ability that created it, else of the permanent it names
    source = stmt.source.text
    perm = g.find_perm_quietly(stmt.source)
    if r.resolving is not None and r.resolving.source == source:
        controller = r.resolving.controller
    elif perm is not None:
        controller = perm.controller
    else:
        controller = g.active if g.started else (g.players[0] if g.players else "")
    g.delayed.append(PendingTrigger(stmt.source.text, stmt.trigger, trigger_step(stmt.trigger) or "", controller))
    g.hooks.subscribe(DELAYED_HOOK)


def _apply_perm_fact(r: Replay, p: Permanent, fact: n.Fact) -> None:
    g = r.game
    v = fact.value
    if g.battlefield.get(p.pid) is p:
        g.marked[p.pid] = p   # it may carry a mark a turn, a combat or the cleanup resets (game/marks.py)
    if fact.key == "tapped":
        p.tapped = bool(v)
    elif fact.key == "damage":
        p.damage = int(v)  # type: ignore[call-overload]
    elif fact.key == "counters":
        assert isinstance(v, tuple)
        kind, count = str(v[0]), int(v[1])
        p.counters[kind] = p.counters.get(kind, 0) + count
        p.known_counters.add(kind)
    elif fact.key == "new":
        p.new = True
    elif fact.key == "face_down":
        turn_face_down(g, p)
    elif fact.key == "phased_out":
        p.phased_out = True
        g.phased_any = True
    elif fact.key == "attacking":
        assert isinstance(v, n.Ref)
        p.attacking = v.text
        p.in_combat = True
        p.attacked = True
        g.combat_attackers_declared = True
    elif fact.key == "blocking":
        assert isinstance(v, tuple)
        for ref in v:
            att = g.perm(ref)
            g.marked[att.pid] = att
            p.blocking.append(att.pid)
            att.blockers.append(p.pid)
            att.blocked = True
            att.blocked_by_declaration = True
        p.in_combat = True
        p.declared_blocker = True
    elif fact.key == "attacked_this_turn":
        p.attacked = True
        p.left_combat_at_end = not p.in_combat   # its combat is over unless the setup says it still attacks
    elif fact.key == "blocked":
        p.blocked = True
        p.blocked_by_declaration = True
    elif fact.key == "attached_to":
        assert isinstance(v, n.Ref)
        g.attach(p, None if v.text in g.pstate else g.find_perm_quietly(v), v.text)
    elif fact.key == "owner":
        assert isinstance(v, n.Ref)
        p.owner = v.text
    elif fact.key == "ability":
        assert isinstance(v, n.Ability)
        g.add_printed_ability(p, v)
