"""Lark front end: one transcript line in, typed statements (or a syntax diagnostic) out.

The grammar ships inside the package (``rulecheck/grammars/transcript.lark`` in the wheel) and the
LALR parser is built once per process (its tables are cached on disk between processes).  Lines are parsed
one at a time so a transcript of any size streams: memory follows the game, not the file.  Logs repeat
their lines constantly, so parsed lines are kept in a small bounded cache (see ``parse_line``);
docs/performance.md has the measurements behind each of these choices.
"""

from __future__ import annotations

import difflib
import hashlib
import importlib
import os
import re
import sys
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Generic, NamedTuple, TypeVar

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from . import nodes as n

GRAMMAR_PACKAGE = "rulecheck.grammars"
GRAMMAR_FILE = "transcript.lark"
MAX_LINE_LENGTH = 100_000
MAX_NUMBER = 2_147_483_647  # the largest number in a statement (MTGO's limit); more is a typo or a hostile log
NO_MAX_HAND = MAX_NUMBER     # "no max hand size": nothing is ever discarded to hand size


def grammar_text() -> str:
    """The grammar as shipped in the installed package, or from `grammars/` when run from a source checkout
    (where `rulecheck.grammars` exists only once installed: pyproject maps it onto the top-level folder)."""
    try:
        return resources.files(GRAMMAR_PACKAGE).joinpath(GRAMMAR_FILE).read_text(encoding="utf-8")
    except ModuleNotFoundError:
        source = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "grammars", GRAMMAR_FILE)
        with open(source, encoding="utf-8") as fh:
            return fh.read()


# ---------------------------------------------------------------- transformer
def _ref(tok: Token) -> n.Ref:
    return n.Ref(_name_text(str(tok)), tok.column or 1, tok.end_column or 1)


def _name_text(text: str) -> str:
    """A name as written (a NAME token's text) to the name it means: quotes removed, spaces collapsed."""
    if text.startswith('"') and text.endswith('"') and len(text) >= 2:
        text = text[1:-1].strip()
    return " ".join(text.split())


def _pt(text: str) -> tuple[int, int]:
    p, t = text.split("/")
    return int(p), int(t)


_DURATION = {"turn": "end_of_turn", "combat": "end_of_combat"}


def _duration(value: str | n.Condition) -> tuple[str, n.Condition | None]:
    """A duration as (kind, condition): "for as long as ..." is ("while", its condition)."""
    if isinstance(value, n.Condition):
        return "while", value
    return value, None


@v_args(inline=True)
class _Build(Transformer[Token, Any]):
    """Turns parse trees into :mod:`rulecheck.nodes` statements (run inline by the LALR parser).

    A callback may copy a name's text (``Target.text``) but must not compute anything else from it (a number,
    a lower-cased form): the shape cache re-reads names and their copies only (see ``_parse_cold``)."""

    line_no = 1

    def _span(self, *items: Any) -> n.Span:
        cols: list[int] = []
        ends: list[int] = []
        for it in items:
            _collect_cols(it, cols, ends)
        start = min(cols) if cols else 1
        end = max(ends) if ends else start
        return n.Span(self.line_no, start, self.line_no, end)

    # names
    def name(self, tok: Token) -> n.Ref:
        return _ref(tok)

    def name_list(self, *refs: n.Ref) -> tuple[n.Ref, ...]:
        return tuple(refs)

    permanent_list = name_list

    def line(self, *stmts: n.Statement) -> list[n.Statement]:
        return list(stmts)

    # header
    def title(self, text: Token) -> n.Title:
        return n.Title(self._span(text), str(text).strip())

    def players(self, names: tuple[n.Ref, ...]) -> n.Players:
        return n.Players(self._span(names), names)

    def edition(self, word: Token) -> n.Edition:
        return n.Edition(self._span(word), str(word), word.column or 0)

    def priority_mode(self, mode: Token) -> n.PriorityMode:
        return n.PriorityMode(self._span(mode), str(mode))

    def abilities_unknown(self, *tokens: Token) -> n.AbilitiesUnknown:
        return n.AbilitiesUnknown(self._span(*tokens))

    def include(self, text: Token) -> n.Include:
        return n.Include(self._span(text), str(text).strip().strip('"'))

    def option(self, text: Token) -> n.Option:
        return n.Option(self._span(text), " ".join(str(text).split()))

    def archenemy(self, player: n.Ref) -> n.Archenemy:
        return n.Archenemy(self._span(player), player)

    # cards
    def type_line(self, *toks: Token) -> tuple[str, Any]:
        types = tuple(str(t) for t in toks if t.type == "CARD_TYPE")
        pts = [str(t) for t in toks if t.type == "PT"]
        return ("types", (types, _pt(pts[0]) if pts else None))

    def loyalty_prop(self, value: Token) -> tuple[str, Any]:
        return ("loyalty", int(value))

    def mana_cost_prop(self, mana: Token) -> tuple[str, Any]:
        return ("mana_cost", str(mana))

    def attached_pump(self, mod: Token) -> tuple[str, Any]:
        return ("pt", _pt(str(mod)))

    def attached_grant(self, ability: n.Ability) -> tuple[str, Any]:
        return ("grant", ability)

    def attached_ability(self, subject: Token, *parts: tuple[str, Any]) -> n.Ability:
        power = tough = 0
        grants: list[n.Ability] = []
        words: list[str] = []
        for key, value in parts:
            if key == "pt":
                power, tough = power + value[0], tough + value[1]
                words.append(f"gets {value[0]:+d}/{value[1]:+d}")
            else:
                grants.append(value)
                words.append(f"has {value.text}")
        text = " ".join(str(subject).split()) + " " + " and ".join(words)
        return n.Ability("attached", text, (power, tough), tuple(grants))

    def keyword_ability(self, tok: Token) -> n.Ability:
        return n.Ability("keyword", " ".join(str(tok).split()))

    def static_ability(self, tok: Token) -> n.Ability:
        return n.Ability("static", " ".join(str(tok).split()))

    def trigger_ability(self, tok: Token) -> n.Ability:
        return n.Ability("trigger", " ".join(str(tok).split()))

    def timing_ability(self, tok: Token) -> n.Ability:
        return n.Ability("timing", " ".join(str(tok).split()))

    def target_ability(self, tok: Token) -> n.Ability:
        return n.Ability("target", " ".join(str(tok).split()))

    def attack_cost(self, mana: Token) -> n.Ability:
        return n.Ability("attack_cost", str(mana))

    def block_cost(self, mana: Token) -> n.Ability:
        return n.Ability("block_cost", str(mana))

    def text_ability(self, tok: Token) -> n.Ability:
        text = str(tok)[1:-1].strip()
        # quoted rules text that reads as a triggered ability is one (documented in transcript-language.md)
        kind = "trigger" if re.match(r"(?i)whenever\b|when\b", text) or _trigger_re().match(text) else "text"
        return n.Ability(kind, text[0].lower() + text[1:] if kind == "trigger" else text)

    def card_def(self, name_tok: Token, *props: Any) -> n.CardDef:
        raw = str(name_tok)
        lead = len(raw) - len(raw.lstrip())
        name = raw.strip()
        if name.startswith('"') and name.endswith('"') and len(name) >= 2:
            name = name[1:-1].strip()
        types: tuple[str, ...] = ()
        pt: tuple[int, int] | None = None
        loyalty: int | None = None
        mana_cost: str | None = None
        abilities: list[n.Ability] = []
        for prop in props:
            if isinstance(prop, n.Ability):
                abilities.append(prop)
            elif prop[0] == "types":
                types = types + prop[1][0]
                pt = prop[1][1] or pt
            elif prop[0] == "loyalty":
                loyalty = prop[1]
            elif prop[0] == "mana_cost":
                mana_cost = prop[1]
        span = n.Span(self.line_no, 1, self.line_no, max((name_tok.end_column or 1), 1))
        return n.CardDef(span, " ".join(name.split()), (name_tok.column or 1) + lead, types,
                         pt[0] if pt else None, pt[1] if pt else None, loyalty, tuple(abilities), mana_cost)

    # starting state
    def life_fact(self, v: Token) -> n.Fact:
        return n.Fact("life", int(v))

    def hand_fact(self, v: Token) -> n.Fact:
        return n.Fact("hand", int(v))

    def lands_played_fact(self, v: Token) -> n.Fact:
        return n.Fact("lands_played", int(v))

    def mana_fact(self, v: Token) -> n.Fact:
        return n.Fact("mana", str(v))

    def max_hand_fact(self, v: Token) -> n.Fact:
        return n.Fact("max_hand_size", int(v))

    def no_max_hand_fact(self) -> n.Fact:
        return n.Fact("max_hand_size", NO_MAX_HAND)

    def scheme_fact(self, v: n.Ref) -> n.Fact:
        return n.Fact("scheme", v)

    def player_state(self, player: n.Ref, *facts: n.Fact) -> n.PlayerState:
        return n.PlayerState(self._span(player), player, facts)

    def controls(self, player: n.Ref, refs: tuple[n.Ref, ...]) -> n.Controls:
        return n.Controls(self._span(player, refs), player, tuple(n.PermanentSpec(r, ()) for r in refs))

    def controls_one(self, player: n.Ref, ref: n.Ref, *facts: n.Fact) -> n.Controls:
        return n.Controls(self._span(player, ref), player, (n.PermanentSpec(ref, facts),))

    def holds(self, player: n.Ref, cards: tuple[n.Ref, ...]) -> n.Holds:
        return n.Holds(self._span(player, cards), player, cards)

    def delayed_trigger(self, source: n.Ref, trig: Token) -> n.DelayedTrigger:
        return n.DelayedTrigger(self._span(source, trig), source, " ".join(str(trig).split()))

    def tapped_fact(self) -> n.Fact:
        return n.Fact("tapped", True)

    def untapped_fact(self) -> n.Fact:
        return n.Fact("tapped", False)

    def damage_fact(self, v: Token) -> n.Fact:
        return n.Fact("damage", int(v))

    def counters_fact(self, v: Token, kind: Token) -> n.Fact:
        return n.Fact("counters", (str(kind), int(v)))

    def new_fact(self) -> n.Fact:
        return n.Fact("new", True)

    def phased_out_fact(self) -> n.Fact:
        return n.Fact("phased_out", True)

    def attacking_fact(self, target: n.Ref) -> n.Fact:
        return n.Fact("attacking", target)

    def blocking_fact(self, *refs: n.Ref) -> n.Fact:
        return n.Fact("blocking", refs)

    def blocked_fact(self) -> n.Fact:
        return n.Fact("blocked", True)

    def attacked_fact(self) -> n.Fact:
        return n.Fact("attacked_this_turn", True)

    def attached_fact(self, target: n.Ref) -> n.Fact:
        return n.Fact("attached_to", target)

    def owner_fact(self, owner: n.Ref) -> n.Fact:
        return n.Fact("owner", owner)

    def ability_fact(self, ability: n.Ability) -> n.Fact:
        return n.Fact("ability", ability)

    def turn_header(self, num: Token, player: n.Ref, *rest: Token) -> n.TurnHeader:
        extra = any(t.type == "EXTRA" for t in rest)
        steps = [t for t in rest if t.type == "STEP"]
        return n.TurnHeader(self._span(num, player, *rest), int(num), player, extra,
                            _step_name(steps[0]) if steps else None)

    # boundaries and priority
    def boundary_word(self, tok: Token) -> Token:
        return tok

    def step_boundary(self, step: Token, edge: Token | None = None) -> n.StepBoundary:
        return n.StepBoundary(self._span(step, edge), _step_name(step), str(edge) if edge else "begins")

    def turn_end(self, num: Token) -> n.TurnEnd:
        return n.TurnEnd(self._span(num), int(num))

    def gap(self, *toks: Token) -> n.Gap:
        return n.Gap(self._span(toks))

    def pass_priority(self, player: n.Ref) -> n.PassPriority:
        return n.PassPriority(self._span(player), player)

    def all_pass(self, *toks: Token) -> n.AllPass:
        return n.AllPass(self._span(toks))

    # stack
    def targets(self, *ts: n.Target) -> tuple[str, Any]:
        return ("targets", ts)

    def paying(self, mana: Token, from_pool: bool = False) -> tuple[str, Any]:
        return ("paying", (str(mana), from_pool))

    def from_pool(self) -> bool:
        return True

    def sacrificing(self, _tok: Token, refs: tuple[n.Ref, ...]) -> tuple[str, Any]:
        return ("sacrificing", refs)

    def target_object(self, ref: n.Ref) -> n.Target:
        return n.Target("object", ref, ref.text)

    def target_ability_obj(self, ref: n.Ref) -> n.Target:
        return n.Target("ability", ref, ref.text)

    def target_tba(self, tok: Token) -> n.Target:
        return n.Target("tba", None, " ".join(str(tok).split()))

    def cast_opt(self, *a: Any) -> Any:  # pragma: no cover - aliases cover every branch
        return a

    def _opts(self, opts: tuple[Any, ...]) -> tuple[tuple[n.Target, ...], tuple[str, bool] | None,
                                                    tuple[n.Ref, ...]]:
        targets: tuple[n.Target, ...] = ()
        paying: tuple[str, bool] | None = None
        sacrificing: tuple[n.Ref, ...] = ()
        for key, value in opts:
            if key == "targets":
                targets = targets + value
            elif key == "sacrificing":
                sacrificing = sacrificing + value
            else:
                paying = value
        return targets, paying, sacrificing

    def cast(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.Cast:
        targets, paying, sacrificing = self._opts(opts)
        return n.Cast(self._span(player, card, *targets), player, card, targets, paying and paying[0],
                      bool(paying and paying[1]), sacrificing)

    def activate(self, player: n.Ref, source: n.Ref, *opts: Any) -> n.Activate:
        targets, paying, sacrificing = self._opts(opts)
        return n.Activate(self._span(player, source), player, source, targets, paying and paying[0],
                          bool(paying and paying[1]), sacrificing)

    def activate_loyalty(self, player: n.Ref, source: n.Ref, cost: Token, *opts: Any) -> n.Activate:
        """'Alice activates Chandra Nalaar's -1 ability': the planeswalker is named without its possessive."""
        for mark in ("'s", "’s"):
            if source.text.endswith(mark) and len(source.text) > 2:
                source = n.Ref(source.text[:-2], source.column, source.end_column - 2)
                break
        targets, paying, sacrificing = self._opts(opts)
        return n.Activate(self._span(player, source, cost), player, source, targets, paying and paying[0],
                          bool(paying and paying[1]), sacrificing, int(cost))

    def trigger(self, source: n.Ref, *opts: Any) -> n.Trigger:
        targets, _, _ = self._opts(opts)
        return n.Trigger(self._span(source), source, targets)

    def resolve_opt(self, ref: n.Ref) -> n.Ref:
        return ref

    def resolve(self, source: n.Ref, defending: n.Ref | None = None) -> n.Resolve:
        return n.Resolve(self._span(source, defending), source, False, defending)

    def ability_resolve(self, source: n.Ref, defending: n.Ref | None = None) -> n.Resolve:
        return n.Resolve(self._span(source, defending), source, True, defending)

    def countered(self, source: n.Ref) -> n.Countered:
        return n.Countered(self._span(source), source, False)

    def ability_countered(self, source: n.Ref) -> n.Countered:
        return n.Countered(self._span(source), source, True)

    # lands, mana, cards
    def play_land(self, player: n.Ref, card: n.Ref) -> n.PlayLand:
        return n.PlayLand(self._span(player, card), player, card)

    def tap_for_mana(self, player: n.Ref, perms: tuple[n.Ref, ...], mana: Token) -> n.TapForMana:
        return n.TapForMana(self._span(player, perms, mana), player, perms, str(mana))

    def add_mana(self, player: n.Ref, mana: Token) -> n.AddMana:
        return n.AddMana(self._span(player, mana), player, str(mana))

    def pay_purpose(self, _to: Token, what: Token) -> str:
        return str(what)

    def pay_mana(self, player: n.Ref, mana: Token, purpose: str | None = None) -> n.PayMana:
        return n.PayMana(self._span(player, mana), player, str(mana), purpose)

    def mana_empties(self, *toks: Token) -> n.ManaEmpties:
        return n.ManaEmpties(self._span(toks))

    def one(self) -> int:
        return 1

    def count(self, v: Token) -> int:
        return int(v)

    def for_source(self, ref: n.Ref) -> n.Ref:
        return ref

    def draw(self, player: n.Ref, count: int, source: n.Ref | None = None) -> n.Draw:
        return n.Draw(self._span(player, source), player, count, source)

    def discard_one(self) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (1, ())

    def discard_count(self, v: Token) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (int(v), ())

    def discard_none(self) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (0, ())

    def discard_named(self, refs: tuple[n.Ref, ...]) -> tuple[int | None, tuple[n.Ref, ...]]:
        return (len(refs), refs)

    def discard(self, player: n.Ref, what: tuple[int | None, tuple[n.Ref, ...]]) -> n.Discard:
        return n.Discard(self._span(player, what[1]), player, what[0], what[1])

    def lose_life(self, player: n.Ref, amount: Token, source: n.Ref | None = None) -> n.LoseLife:
        return n.LoseLife(self._span(player, amount, source), player, int(amount), source)

    def gain_life(self, player: n.Ref, amount: Token) -> n.GainLife:
        return n.GainLife(self._span(player, amount), player, int(amount))

    def set_scheme(self, player: n.Ref, scheme: n.Ref) -> n.SetScheme:
        return n.SetScheme(self._span(player, scheme), player, scheme)

    # permanents
    def untap_all(self, player: n.Ref, except_: tuple[n.Ref, ...] = ()) -> n.UntapAll:
        return n.UntapAll(self._span(player, except_), player, except_)

    def untap(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Untap:
        return n.Untap(self._span(player, perms), player, perms)

    def tap(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Tap:
        return n.Tap(self._span(player, perms), player, perms)

    def becomes_tapped(self, perm: n.Ref) -> n.BecomesTapped:
        return n.BecomesTapped(self._span(perm), perm)

    def phase_dir(self, tok: Token) -> str:
        return str(tok)

    def phase(self, perm: n.Ref, direction: str) -> n.PhaseEvent:
        return n.PhaseEvent(self._span(perm), perm, direction)

    def sba_tag(self) -> bool:
        return True

    def leaves(self, perm: n.Ref, how: Token, sba: bool = False) -> n.Leaves:
        text = " ".join(str(how).split())
        kind = ("dies" if text == "dies" else "destroyed" if "destroyed" in text else "exiled" if "exiled" in text
                else "sacrificed" if "sacrificed" in text else "hand" if "hand" in text
                else "graveyard" if "graveyard" in text else "left")
        return n.Leaves(self._span(perm, how), perm, kind, sba)

    def sacrifice(self, player: n.Ref, perms: tuple[n.Ref, ...]) -> n.Sacrifice:
        return n.Sacrifice(self._span(player, perms), player, perms)

    def regenerate(self, perm: n.Ref) -> n.Regenerate:
        return n.Regenerate(self._span(perm), perm)

    def gain_control(self, player: n.Ref, perm: n.Ref, duration: Any = None) -> n.GainControl:
        which, condition = _duration(duration) if duration is not None else (None, None)
        return n.GainControl(self._span(player, perm), player, perm, which, condition)

    def attach(self, attachment: n.Ref, target: n.Ref) -> n.Attach:
        return n.Attach(self._span(attachment, target), attachment, target)

    def regeneration_shield(self, perm: n.Ref) -> n.RegenerationShield:
        return n.RegenerationShield(self._span(perm), perm)

    def becomes(self, target: n.Ref, *items: Any) -> n.Becomes:
        pts = [str(t) for t in items if isinstance(t, Token) and t.type == "PT"]
        types = tuple(str(t) for t in items if isinstance(t, Token) and t.type == "CARD_TYPE")
        subtype = next((i.text for i in items if isinstance(i, n.Ref)), None)
        which, condition = _duration(items[-1])
        power, tough = _pt(pts[0]) if pts else (None, None)
        return n.Becomes(self._span(target, *[t for t in items if isinstance(t, Token)]), target, power, tough,
                         types, subtype, which, condition)

    def create_tokens(self, player: n.Ref, count: int, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        opts = tuple(o for o in opts if isinstance(o, tuple))
        return n.replace(self._put(player, card, opts, True), count=count)

    def bf_tapped(self) -> tuple[str, Any]:
        return ("tapped", True)

    def bf_and(self) -> tuple[str, Any]:
        return ("and", None)

    def bf_attacking(self, ref: n.Ref) -> tuple[str, Any]:
        return ("attacking", ref)

    def bf_blocking(self, ref: n.Ref) -> tuple[str, Any]:
        return ("blocking", ref)

    def _put(self, player: n.Ref, card: n.Ref, opts: tuple[Any, ...], token: bool) -> n.PutOntoBattlefield:
        d = dict(opts)
        return n.PutOntoBattlefield(self._span(player, card, *[v for v in d.values() if isinstance(v, n.Ref)]),
                                    player, card, bool(d.get("tapped")), d.get("attacking"), d.get("blocking"),
                                    token)

    def put_onto_battlefield(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        return self._put(player, card, opts, False)

    def create_token(self, player: n.Ref, card: n.Ref, *opts: Any) -> n.PutOntoBattlefield:
        return self._put(player, card, opts, True)

    # combat
    def choose_defender(self, player: n.Ref, refs: tuple[n.Ref, ...]) -> n.ChooseDefender:
        return n.ChooseDefender(self._span(player, refs), player, refs)

    def no_attackers(self, player: n.Ref) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player), player, (), None, False)

    def band(self) -> bool:
        return True

    def declare_attackers(self, player: n.Ref, attackers: tuple[n.Ref, ...], target: n.Ref,
                          band: bool = False) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player, attackers, target), player, attackers, target, band)

    def attacks_with(self, player: n.Ref, target: n.Ref, attackers: tuple[n.Ref, ...],
                     band: bool = False) -> n.DeclareAttackers:
        return n.DeclareAttackers(self._span(player, attackers, target), player, attackers, target, band)

    def no_blockers(self, player: n.Ref) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player), player, (), ())

    def declare_blockers(self, player: n.Ref, blockers: tuple[n.Ref, ...],
                         attackers: tuple[n.Ref, ...]) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player, blockers, attackers), player, blockers, attackers)

    def blocks_with(self, player: n.Ref, attacker: n.Ref, blockers: tuple[n.Ref, ...]) -> n.DeclareBlockers:
        return n.DeclareBlockers(self._span(player, attacker, blockers), player, blockers, (attacker,))

    def order_kind(self, tok: Token) -> str:
        return str(tok)

    def damage_order(self, player: n.Ref, kind: str, creature: n.Ref,
                     order: tuple[n.Ref, ...]) -> n.DamageOrder:
        return n.DamageOrder(self._span(player, creature, order), player, kind == "blockers", creature, order)

    def assignment(self, amount: Token, recipient: n.Ref) -> n.Assignment:
        return n.Assignment(int(amount), recipient)

    def assign_damage(self, creature: n.Ref, *assignments: n.Assignment) -> n.AssignDamage:
        return n.AssignDamage(self._span(creature, *[a.recipient for a in assignments]), creature, assignments)

    def assign_none(self, creature: n.Ref) -> n.AssignDamage:
        return n.AssignDamage(self._span(creature), creature, ())

    def damage_dealt(self, *toks: Token) -> n.DamageDealt:
        return n.DamageDealt(self._span(toks))

    def damage_to_stack(self, *toks: Token) -> n.DamageToStack:
        return n.DamageToStack(self._span(toks))

    def damage_resolves(self, *toks: Token) -> n.DamageResolves:
        return n.DamageResolves(self._span(toks))

    def damage_kind(self, *toks: Token) -> bool:
        return any(str(t) == "combat" for t in toks)

    def deal_damage(self, source: n.Ref, amount: Token, combat: bool, recipient: n.Ref) -> n.DealDamage:
        return n.DealDamage(self._span(source, recipient), source, int(amount), combat, recipient)

    def attack_requirement(self, creature: n.Ref, player: n.Ref) -> n.AttackRequirement:
        return n.AttackRequirement(self._span(creature, player), creature, player)

    def removed_from_combat(self, perm: n.Ref) -> n.RemovedFromCombat:
        return n.RemovedFromCombat(self._span(perm), perm)

    # effects
    def end_of(self, tok: Token) -> str:
        return _DURATION[str(tok)]

    def until_end(self, which: str) -> str:
        return which

    def this_turn(self) -> str:
        return "this_turn"

    def while_(self, condition: n.Condition) -> n.Condition:
        return condition

    def while_on_battlefield(self, subject: n.Ref) -> n.Condition:
        return n.Condition("on_battlefield", subject)

    def while_controls(self, player: n.Ref, perm: n.Ref) -> n.Condition:
        return n.Condition("controls", player, perm)

    def while_attached(self, subject: n.Ref, other: n.Ref) -> n.Condition:
        return n.Condition("attached", subject, other)

    def while_paired(self, subject: n.Ref, other: n.Ref) -> n.Condition:
        return n.Condition("paired", subject, other)

    def pump(self, target: n.Ref, mod: Token, duration: Any) -> n.Pump:
        p, t = _pt(str(mod))
        return n.Pump(self._span(target, mod), target, p, t, *_duration(duration))

    def gain_keyword(self, target: n.Ref, kw: Token, duration: Any) -> n.GainAbility:
        return n.GainAbility(self._span(target, kw), target, n.Ability("keyword", " ".join(str(kw).split())),
                             *_duration(duration))

    def gain_static(self, target: n.Ref, st: Token, duration: Any) -> n.GainAbility:
        return n.GainAbility(self._span(target, st), target, n.Ability("static", " ".join(str(st).split())),
                             *_duration(duration))

    def prevention(self, amount: Token, target: n.Ref) -> n.Prevention:
        return n.Prevention(self._span(amount, target), int(amount), target)

    def effect_ends(self, *items: Any) -> n.EffectEnds:
        mod = next((str(i) for i in items if isinstance(i, Token)), None)
        target = next(i for i in items if isinstance(i, n.Ref))
        return n.EffectEnds(self._span(*items), target, mod)

    def durations_end(self, *items: Any) -> n.DurationsEnd:
        which = next(i for i in items if isinstance(i, str) and not isinstance(i, Token))
        return n.DurationsEnd(self._span(items), which)

    def cleanup_damage(self, *toks: Token) -> n.CleanupDamage:
        return n.CleanupDamage(self._span(toks), any(str(t) == "effects" for t in toks))

    def extra_turn(self, player: n.Ref) -> n.ExtraTurn:
        return n.ExtraTurn(self._span(player), player)

    def extra_phase(self, player: n.Ref, *steps: Token) -> n.ExtraPhase:
        return n.ExtraPhase(self._span(player, *steps), player, tuple(_step_name(s) for s in steps))

    def skip_step(self, player: n.Ref, step: Token, *rest: Any) -> n.SkipStep:
        return n.SkipStep(self._span(player, step), player, _step_name(step), True)

    def skip_turn(self, player: n.Ref) -> n.SkipTurn:
        return n.SkipTurn(self._span(player), player)

    # assertions
    def assert_pt(self, perm: n.Ref, pt: Token) -> n.AssertPT:
        p, t = _pt(str(pt))
        return n.AssertPT(self._span(perm, pt), perm, p, t)

    def status(self, tok: Token) -> Token:
        return tok

    def assert_status(self, perm: n.Ref, status: Token) -> n.AssertStatus:
        return n.AssertStatus(self._span(perm, status), perm, str(status))

    def assert_count(self, subject: n.Ref, count: Token, what: Token) -> n.AssertCount:
        text = str(what)
        kind = "hand" if "hand" in text else text
        return n.AssertCount(self._span(subject, count, what), subject, int(count), kind)


def _collect_cols(item: Any, cols: list[int], ends: list[int]) -> None:
    if item is None:
        return
    if isinstance(item, Token):
        if item.column is not None:
            cols.append(item.column)
            ends.append(item.end_column or item.column)
    elif isinstance(item, n.Ref):
        cols.append(item.column)
        ends.append(item.end_column)
    elif isinstance(item, (tuple, list)):
        for sub in item:
            _collect_cols(sub, cols, ends)


_STEP_CANON = {
    "first-strike combat damage step": "first combat damage step",
    # the names of the 2003 rules
    "end of turn step": "end step", "end phase": "ending phase", "first main phase": "precombat main phase",
    "second main phase": "postcombat main phase",
}


def _step_name(tok: Token | str) -> str:
    text = " ".join(str(tok).split())
    if text.endswith("steps") or text.endswith("phases"):
        text = text[:-1]
    return _STEP_CANON.get(text, text)


# ---------------------------------------------------------------- parser construction
_NUMBER_TERMINALS = ("INT", "SIGNED_INT", "PT", "PT_MOD", "COUNTER_KIND")
_DIGITS = re.compile(r"\d+")


class _NumberTooLarge(Exception):
    """Raised by the lexer on a number above MAX_NUMBER, before int() (slow, then refused, past 4300 digits)."""

    def __init__(self, token: Token) -> None:
        super().__init__(str(token))
        self.token = token


def _check_number(token: Token) -> Token:
    for digits in _DIGITS.findall(str(token)):
        if len(digits) > len(str(MAX_NUMBER)) or int(digits) > MAX_NUMBER:
            raise _NumberTooLarge(token)
    return token


@lru_cache(maxsize=1)
def _lark() -> tuple[Lark, _Build]:
    build = _Build()
    text = grammar_text()
    # positions come from the tokens themselves; propagate_positions would also fill tree metadata, which the
    # inline transformer never reads (identical output, ~7% faster)
    parser = Lark(text, parser="lalr", lexer="contextual", propagate_positions=False,
                  maybe_placeholders=False, transformer=build, cache=_table_cache(text) or False,
                  lexer_callbacks={name: _check_number for name in _NUMBER_TERMINALS})
    return parser, build


def _table_cache(grammar: str) -> str | None:
    """Where Lark keeps the LALR tables it computed for this grammar, so a new process loads them (~10 ms)
    instead of computing them again (~120 ms).

    ``$RULECHECK_CACHE_DIR`` (empty: no cache), else ``$XDG_CACHE_HOME/rulecheck`` or ``~/.cache/rulecheck``.
    Lark checks the grammar, its options and versions against the file and rebuilds on any mismatch or damage;
    a directory that cannot be made means no cache, never an error.
    """
    where = os.environ.get("RULECHECK_CACHE_DIR")
    if where is None:
        base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
        where = os.path.join(base, "rulecheck")
    if not where:
        return None
    try:
        os.makedirs(where, exist_ok=True)
    except OSError:
        return None
    digest = hashlib.sha256(grammar.encode("utf-8")).hexdigest()[:16]
    return os.path.join(where, f"lalr-{digest}-py{sys.version_info[0]}.{sys.version_info[1]}.lark")


def lark_parser() -> Lark:
    return _lark()[0]


# ---------------------------------------------------------------- shape cache
# A permanent's "(N)" suffix makes "Vampire Bats (57) assigns 1 combat damage to Alice" a line never seen before
# in nearly every combat, so the line cache misses it.  A line that differs from one already parsed only in the
# digits of such suffixes (same digit counts, so every column is the same) is built from that line's statements
# instead, with each name that holds a suffix re-read from the new line.  Why that gives exactly what Lark
# gives:
#   1. every terminal of the grammar treats all ten ASCII digits alike (checked once, ``_digit_blind``), so the
#      lexer cuts the new line into tokens of the same types at the same columns; the LALR parser, which sees
#      only token types, then makes the same moves and the transformer gets the same calls;
#   2. when a shape is stored, each "(digits)" of the line is checked to lie inside a Ref whose text is the
#      name read from that slice of the line (``_name_text``, what ``_ref`` does to its token), so the digits
#      reach the output only through those Refs;
#   3. a string elsewhere in the statements that equals such a Ref's text (Target.text) is a copy of it and is
#      replaced by the new text; any other string holding one of the "(digits)" refuses the shape, as does a
#      copy that could come from two Refs.  (No transformer callback computes anything else from a name.)
# Syntax problems are never stored; a refused shape is remembered so it costs one dict lookup, then Lark.
# tests/test_parser_cache.py compares this path with Lark on every line of the fixtures, the examples, the shared
# acceptance set and a generated game, on the same lines with other suffix digits and on broken variants.
_SUFFIX = re.compile(r"\([0-9]+\)")
_ASCII_DIGITS = frozenset(range(ord("0"), ord("9") + 1))
_Spot = tuple[int, int]  # a Ref's column and end_column


class _Shape(NamedTuple):
    template: _Template
    refs: tuple[_Spot, ...]           # the Refs to read again from the new line
    copies: dict[str, _Spot]          # strings that are copies of one of those Refs' text
    fix: tuple[frozenset[int], ...]   # per statement, the fields that hold any of them


class _FirstOfShape(NamedTuple):
    code: str
    statements: tuple[n.Statement, ...]  # a copy: the caller owns the list it was given


_V = TypeVar("_V")


class _Generations(Generic[_V]):
    """A bounded cache by line text: entries go into the young generation, and a full young generation becomes
    the old one (the older one is dropped), so at most two generations are held. A caller that finds an entry in
    the old generation puts it back into the young one."""

    __slots__ = ("size", "young", "old")

    def __init__(self, size: int) -> None:
        self.size = size
        self.young: dict[str, _V] = {}
        self.old: dict[str, _V] = {}

    def put(self, key: str, value: _V) -> None:
        self.young[key] = value
        if len(self.young) >= self.size:
            self.old = self.young
            self.young = {}

    def clear(self) -> None:
        self.young.clear()
        self.old.clear()


_SHAPE_CACHE_SIZE = 2048
_SHAPES: _Generations[_Shape | _FirstOfShape | None] = _Generations(_SHAPE_CACHE_SIZE)


def _parse_cold(code: str, line_no: int) -> list[n.Statement] | SyntaxProblem:
    """A line the line cache does not hold: from the shape cache when it can, else from Lark."""
    if "(" not in code or "\x00" in code:
        return _parse_uncached(code, line_no)
    key, count = _SUFFIX.subn(_blank_digits, code)
    if not count:
        return _parse_uncached(code, line_no)
    entry: _Shape | _FirstOfShape | None = None
    known = key in _SHAPES.young
    if known:
        entry = _SHAPES.young[key]
    elif key in _SHAPES.old:
        entry = _SHAPES.old[key]
        _SHAPES.put(key, entry)
        known = True
    if isinstance(entry, _FirstOfShape):  # checked only when a second line of the shape comes (most never do)
        entry = _shape_of(entry.code, entry.statements)
        _SHAPES.put(key, entry)
    if entry is not None:
        return _from_shape(entry, code, line_no)
    parsed = _parse_uncached(code, line_no)
    if not known and not isinstance(parsed, SyntaxProblem):
        _SHAPES.put(key, _FirstOfShape(code, tuple(parsed)))
    return parsed


def _blank_digits(m: re.Match[str]) -> str:
    return "(" + "\x00" * (m.end() - m.start() - 2) + ")"


def _from_shape(shape: _Shape, code: str, line_no: int) -> list[n.Statement]:
    refs = {spot: n.Ref(_name_text(code[spot[0] - 1:spot[1] - 1]), spot[0], spot[1]) for spot in shape.refs}
    copies = {old: refs[spot].text for old, spot in shape.copies.items()}
    out: list[n.Statement] = []
    for (cls, column, end, rest), fix in zip(shape.template, shape.fix, strict=True):
        if fix:
            rest = tuple(_rederive(value, refs, copies) if i in fix else value for i, value in enumerate(rest))
        out.append(cls(n.Span(line_no, column, line_no, end), *rest))
    return out


def _shape_of(code: str, stmts: tuple[n.Statement, ...]) -> _Shape | None:
    """What to re-read in a line of this shape, or None when its suffix digits reach anything but names."""
    if not _digit_blind():
        return None
    refs: dict[_Spot, str] = {}
    strings: list[str] = []
    rests = [_rest_of(st) for st in stmts]
    for rest in rests:
        if not _gather(rest, refs, strings):
            return None
    marks = set()
    spots: set[_Spot] = set()
    for m in _SUFFIX.finditer(code):
        start, end = m.start() + 1, m.end() + 1
        inside = [spot for spot in refs if spot[0] <= start and end <= spot[1]]
        if not inside:
            return None
        spots.update(inside)
        marks.add(m.group())
    texts: dict[str, _Spot | None] = {}  # None: the text of two Refs, so a copy of it is ambiguous
    for spot, text in refs.items():
        if spot not in spots:
            if any(mark in text for mark in marks):
                return None
        elif _name_text(code[spot[0] - 1:spot[1] - 1]) != text:
            return None
        else:
            texts[text] = spot if texts.get(text, spot) == spot else None
    copies: dict[str, _Spot] = {}
    for text in strings:
        if text in texts:
            source = texts[text]
            if source is None:
                return None
            copies[text] = source
        elif any(mark in text for mark in marks):
            return None
    fix = tuple(frozenset(i for i, value in enumerate(rest) if _touches(value, spots, copies)) for rest in rests)
    template = tuple((type(st), st.span.column, st.span.end_column, rest) for st, rest in zip(stmts, rests,
                                                                                                 strict=True))
    return _Shape(template, tuple(sorted(spots)), copies, fix)


def _fields_of(value: Any) -> tuple[str, ...] | None:
    """The field names of a node, None for any other value."""
    return n.fields_of(value) if isinstance(value, n.Node) else None


def _gather(value: Any, refs: dict[_Spot, str], strings: list[str]) -> bool:
    """Collect every Ref (by position) and every other string inside a value; False on two Refs at one place
    with different texts, and on a value of a kind the shape cache does not walk (a dict, a set, ...)."""
    if isinstance(value, n.Ref):
        return refs.setdefault((value.column, value.end_column), value.text) == value.text
    if isinstance(value, str):
        strings.append(value)
        return True
    if isinstance(value, (tuple, list)):
        return all(_gather(item, refs, strings) for item in value)
    if value is None or isinstance(value, (int, float)):
        return True
    names = _fields_of(value)
    return names is not None and all(_gather(getattr(value, name), refs, strings) for name in names)


def _touches(value: Any, spots: set[_Spot], copies: dict[str, _Spot]) -> bool:
    if isinstance(value, n.Ref):
        return (value.column, value.end_column) in spots
    if isinstance(value, str):
        return value in copies
    if isinstance(value, (tuple, list)):
        return any(_touches(item, spots, copies) for item in value)
    names = _fields_of(value)
    return names is not None and any(_touches(getattr(value, name), spots, copies) for name in names)


def _rederive(value: Any, refs: dict[_Spot, n.Ref], copies: dict[str, str]) -> Any:
    if isinstance(value, n.Ref):
        return refs.get((value.column, value.end_column), value)
    if isinstance(value, str):
        return copies.get(value, value)
    if isinstance(value, tuple):
        return tuple(_rederive(item, refs, copies) for item in value)
    if isinstance(value, list):
        return [_rederive(item, refs, copies) for item in value]
    names = _fields_of(value)
    if names is None:
        return value
    return type(value)(*(_rederive(getattr(value, name), refs, copies) for name in names))


@lru_cache(maxsize=1)
def _digit_blind() -> bool:
    """Whether every terminal of the grammar matches a text exactly when it matches the same text with other
    ASCII digits in the same places (the shape cache's first premise).  False when it cannot be told."""
    try:
        sre: Any = importlib.import_module("re._parser" if sys.version_info >= (3, 11) else "sre_parse")
        return all(_terminal_digit_blind(term.pattern.type, term.pattern.to_regexp(), term.pattern.value, sre)
                   for term in lark_parser().terminals)
    except Exception:  # noqa: BLE001 - an unknown regex internals layout: no shape cache, Lark for every line
        return False


def _terminal_digit_blind(kind: str, regexp: str, value: str, sre: Any) -> bool:
    if kind == "str":
        return not any(ch.isdigit() for ch in value)
    if not any(ch in "0123456789" for ch in regexp) and "\\N" not in regexp:
        # no digit is named (as a literal, a range end, a backreference or an escape), so every class holds all
        # ten or none (the digits are contiguous): blind, without parsing the pattern (~5 ms for the grammar)
        return True
    return _items_digit_blind(sre.parse(regexp))


def _items_digit_blind(items: Any) -> bool:
    """Walk a parsed regular expression: no digit literal, no class holding some digits but not all, no
    backreference (it compares text); anything not understood counts as not blind."""
    for op, arg in items:
        name = str(op)
        if name in ("LITERAL", "NOT_LITERAL"):
            if arg in _ASCII_DIGITS:
                return False
        elif name == "IN":
            held = _class_digits(arg)
            if held is None or held not in (frozenset(), _ASCII_DIGITS):
                return False
        elif name in ("MAX_REPEAT", "MIN_REPEAT", "POSSESSIVE_REPEAT"):
            if not _items_digit_blind(arg[2]):
                return False
        elif name == "SUBPATTERN":
            if not _items_digit_blind(arg[-1]):
                return False
        elif name == "BRANCH":
            if not all(_items_digit_blind(branch) for branch in arg[1]):
                return False
        elif name in ("ASSERT", "ASSERT_NOT"):
            if not _items_digit_blind(arg[1]):
                return False
        elif name == "ATOMIC_GROUP":
            if not _items_digit_blind(arg):
                return False
        elif name not in ("AT", "ANY", "CATEGORY"):
            return False
    return True


_CATEGORY_DIGITS = {"CATEGORY_DIGIT": True, "CATEGORY_WORD": True, "CATEGORY_NOT_SPACE": True,
                    "CATEGORY_NOT_LINEBREAK": True, "CATEGORY_NOT_DIGIT": False, "CATEGORY_NOT_WORD": False,
                    "CATEGORY_SPACE": False, "CATEGORY_LINEBREAK": False}


def _class_digits(items: Any) -> frozenset[int] | None:
    """The ASCII digits a character class holds (negation does not matter: all or none stays all or none)."""
    held: set[int] = set()
    for op, arg in items:
        name = str(op)
        if name == "LITERAL":
            held.update({arg} & _ASCII_DIGITS)
        elif name == "RANGE":
            held.update(d for d in _ASCII_DIGITS if arg[0] <= d <= arg[1])
        elif name == "CATEGORY":
            holds = _CATEGORY_DIGITS.get(str(arg))
            if holds is None:
                return None
            if holds:
                held.update(_ASCII_DIGITS)
        elif name != "NEGATE":
            return None
    return frozenset(held)


# ---------------------------------------------------------------- line splitting
@dataclass(frozen=True, slots=True)
class Comment:
    """What a line's comment says to rulecheck."""

    column: int
    text: str


def split_comment(line: str) -> tuple[str, Comment | None]:
    """Split ``code # comment`` at the first '#' outside double quotes."""
    hash_at = line.find("#")
    if hash_at < 0:
        return line, None
    if '"' not in line[:hash_at]:
        return line[:hash_at], Comment(hash_at + 1, line[hash_at + 1:].strip())
    in_quote = False
    for i, ch in enumerate(line):
        if ch == '"':
            in_quote = not in_quote
        elif ch == "#" and not in_quote:
            return line[:i], Comment(i + 1, line[i + 1:].strip())
    return line, None


# ---------------------------------------------------------------- errors
@dataclass(frozen=True, slots=True)
class SyntaxProblem:
    line: int
    column: int
    end_column: int
    message: str
    hint: str | None = None
    rule: str = "syntax"


_TERMINAL_WORDS = {
    "NAME": "a name", "INT": "a number", "SIGNED_INT": "a number", "STEP": "a step or phase name",
    "MANA": "mana like {2}{G}", "PT": "power/toughness like 2/2", "PT_MOD": "a modifier like +3/+3",
    "TEXT": "text", "WORD": "a word", "CARD_NAME": "a card name", "CARD_TYPE": "a card type",
    "KEYWORD": "a keyword ability", "STATIC": "an ability",
    "TRIGGER": "a trigger like 'at the beginning of your upkeep'",
    "TIMING": "a timing restriction", "TARGET_RULE": "a target restriction", "STRING": "quoted text",
    "PROTECTION": "a protection ability", "LEAVES": "'dies', 'is destroyed', ...", "TBA_REF": "'the draw'",
    "EXTRA": "'(extra turn)'", "PRIORITY_MODE": "'explicit' or 'implicit'", "OPTION": "a game option",
    "COUNTER_KIND": "a counter kind like +1/+1", "$END": "the end of the line",
}

_STARTERS = ("title", "players", "edition", "priority", "include", "option", "archenemy", "card", "turn",
             "all", "mana", "until", "prevent", "combat", "delayed", "damage")
_VERBS = ("passes", "casts", "activates", "triggers", "resolves", "plays", "taps", "untaps", "adds", "pays",
          "draws", "discards", "loses", "gains", "sets", "phases", "dies", "sacrifices", "regenerates",
          "puts", "creates", "chooses", "declares", "attacks", "blocks", "orders", "assigns", "deals", "gets",
          "skips", "controls", "holds", "is", "has", "becomes", "returns", "leaves")
_STEP_NAMES = ("untap step", "upkeep step", "draw step", "precombat main phase", "beginning of combat step",
               "declare attackers step", "declare blockers step", "combat damage step",
               "second combat damage step", "end of combat step", "postcombat main phase", "end step",
               "cleanup step", "beginning phase", "combat phase", "ending phase")


@lru_cache(maxsize=1)
def _trigger_re() -> re.Pattern[str]:
    """The grammar's own pattern of the 'at the beginning of ...' triggers it understands."""
    return re.compile(next(t.pattern.value for t in lark_parser().terminals if t.name == "TRIGGER"), re.I)


@lru_cache(maxsize=1)
def _terminal_patterns() -> dict[str, str]:
    out: dict[str, str] = {}
    for term in lark_parser().terminals:
        if term.pattern.type == "str":
            out[term.name] = f"'{term.pattern.value}'"
    return out


def _describe(expected: set[str]) -> str:
    pats = _terminal_patterns()
    words = sorted({_TERMINAL_WORDS.get(e) or pats.get(e) or e.lower() for e in expected})
    if not words:
        return "nothing more"
    if len(words) > 8:
        return ", ".join(words[:8]) + f" or one of {len(words) - 8} more"
    if len(words) == 1:
        return words[0]
    return ", ".join(words[:-1]) + " or " + words[-1]


def _hint(code: str, column: int) -> str | None:
    stripped = code.strip()
    lower = stripped.lower()
    first = stripped.split(" ", 1)[0].rstrip(":") if stripped else ""
    # A statement keyword written with a capital letter is read as a name.
    for step in _STEP_NAMES:
        if lower.startswith(step) and not stripped.startswith(step):
            return f"keywords are lowercase: write '{step}'"
    for kw in _STARTERS:
        if first == kw.capitalize():
            return f"keywords are lowercase: write '{kw}'"
    swallowed = _swallowed_word(code)
    if swallowed is not None:
        close = difflib.get_close_matches(swallowed[0], _VERBS, n=1, cutoff=0.75)
        return f"did you mean '{close[0]}'?" if close else None
    words = re.findall(r"[a-z][a-z\-']*(?: [a-z][a-z\-']*)*", code)
    # Misspelt step or phase name.
    for phrase in words:
        for size in (4, 3, 2):
            toks = phrase.split()
            for i in range(len(toks) - size + 1):
                cand = " ".join(toks[i:i + size])
                if cand in _STEP_NAMES:
                    continue
                close = difflib.get_close_matches(cand, _STEP_NAMES, n=1, cutoff=0.85)
                if close:
                    return f"did you mean '{close[0]}'?"
    if first in ("card", "players", "title", "edition", "priority", "include") and ":" not in code:
        return f"'{first}' needs a colon, as in '{first}: ...'" if first != "card" else \
            "a card definition needs a colon after the name, as in 'card Grizzly Bears: creature 2/2'"
    if re.match(r"turn\s+\d+\s+[A-Z]", stripped):
        return "a turn header needs a colon, as in 'turn 3: Alice'"
    # Unknown verb after a name.
    m = re.match(r"(?:\"[^\"]*\"|[A-Z][\w'\-]*(?: [A-Z][\w'\-]*)*)\s+([a-z][\w'\-]*)", stripped)
    if m and m.group(1) not in _VERBS:
        close = difflib.get_close_matches(m.group(1), _VERBS, n=1, cutoff=0.75)
        if close:
            return f"did you mean '{close[0]}'?"
    second = stripped.split()[1] if len(stripped.split()) > 1 else ""
    if first.isalpha() and first.islower() and second in _VERBS:
        return f"names start with a capital letter: write '{first.capitalize()}', or put the name in double quotes"
    if first and first.islower() and first not in _STARTERS and not any(lower.startswith(s) for s in _STEP_NAMES):
        close = difflib.get_close_matches(first, _STARTERS, n=1, cutoff=0.75)
        if close:
            return f"unknown word '{first}'; did you mean '{close[0]}'?"
    return None


_CONNECTORS = {"of", "the", "from", "a", "an", "to", "in", "on", "by", "de", "du", "la", "le", "der", "von", "van",
               "y", "et", "at", "into", "upon", "over", "under", "without", "beyond"}


def _swallowed_word(code: str) -> tuple[str, int] | None:
    """A line like 'Alice atacks Bob' lexes as one long name; find the misspelt word inside it."""
    m = re.match(r"\s*(?:[A-Z][\w'\-]*\s+)+?([a-z][\w'\-]*)\s+[A-Z]", code)
    if m and m.group(1) not in _CONNECTORS and m.group(1) not in _VERBS:
        word = m.group(1)
        if difflib.get_close_matches(word, _VERBS, n=1, cutoff=0.75):
            return word, m.start(1) + 1
    return None


def _problem(code: str, line_no: int, err: UnexpectedInput) -> SyntaxProblem:
    column = err.column if isinstance(err.column, int) and err.column > 0 else len(code.rstrip()) + 1
    if isinstance(err, UnexpectedCharacters):
        allowed = set(err.allowed or ())
        bad = code[column - 1:column - 1 + 20].split(" ")[0] or code[column - 1:column]
        message = f"unexpected '{bad}'; expected {_describe(allowed)}"
        end = column + max(len(bad), 1)
    elif isinstance(err, UnexpectedToken):
        tok = err.token
        swallowed = _swallowed_word(code)
        if swallowed is not None:
            word, column = swallowed
            message = f"unknown word '{word}'"
            end = column + len(word)
        elif tok.type == "$END":
            column = len(code.rstrip()) + 1
            message = f"the statement is incomplete; expected {_describe(set(err.expected))}"
            end = column + 1
        else:
            shown = str(tok) if len(str(tok)) <= 40 else str(tok)[:40] + "…"
            message = f"unexpected '{shown}'; expected {_describe(set(err.expected))}"
            end = tok.end_column or column + 1
    elif isinstance(err, UnexpectedEOF):
        column = len(code.rstrip()) + 1
        message = f"the statement is incomplete; expected {_describe(set(err.expected))}"
        end = column + 1
    else:  # pragma: no cover - lark raises only the three above
        message = "cannot read this statement"
        end = column + 1
    return SyntaxProblem(line_no, column, end, message, _hint(code, column))


class ParsedLine(NamedTuple):
    """One source line: its statements, or the syntax problem that stopped them, and its comment."""

    line: int
    statements: list[n.Statement]
    comment: Comment | None
    problem: SyntaxProblem | None


def parse_line(code: str, line_no: int) -> list[n.Statement] | SyntaxProblem:
    """Parse one line of transcript code (comment already removed).

    Game logs repeat the same lines constantly (priority passes, step headers, the same attacks turn after
    turn), so a successful parse is kept, keyed by the exact code, and a repeat only gets fresh spans for its
    line number.  The cache is bounded (two generations of ``_CACHE_SIZE`` lines) so memory stays flat.
    """
    template = _LINES.young.get(code)
    if template is None:
        template = _LINES.old.get(code)
        if template is None:
            if len(code) > MAX_LINE_LENGTH:
                return SyntaxProblem(line_no, MAX_LINE_LENGTH + 1, len(code) + 1,
                                     f"line is {len(code)} characters long; the limit is {MAX_LINE_LENGTH}")
            turn = _turn_line(code, line_no)
            if turn is not None:
                return [turn]
            parsed = _parse_cold(code, line_no)
            if isinstance(parsed, SyntaxProblem):
                return parsed
            template = tuple((type(st), st.span.column, st.span.end_column, _rest_of(st)) for st in parsed)
            _LINES.put(code, template)
            return parsed
        _LINES.put(code, template)
    return [cls(n.Span(line_no, column, line_no, end), *rest) for cls, column, end, rest in template]


# A turn's number makes each of its lines unique, so they never hit the cache: the two plain forms are read
# here, exactly as the grammar reads them (tests/test_parser_cache.py compares both on many variants).
_TURN_HEADER = re.compile(r"[ \t]*turn[ \t]+(\d{1,9})[ \t]*:[ \t]*([A-Z][a-z]+)[ \t]*")
_TURN_END = re.compile(r"[ \t]*turn[ \t]+(\d{1,9})[ \t]+ends[ \t]*")


def _turn_line(code: str, line_no: int) -> n.Statement | None:
    if not code.lstrip(" \t").startswith("turn"):
        return None
    span = n.Span(line_no, len(code) - len(code.lstrip()) + 1, line_no, len(code.rstrip()) + 1)
    m = _TURN_HEADER.fullmatch(code)
    if m is not None:
        player = n.Ref(m.group(2), m.start(2) + 1, m.end(2) + 1)
        return n.TurnHeader(span, int(m.group(1)), player, False, None)
    m = _TURN_END.fullmatch(code)
    if m is not None:
        return n.TurnEnd(span, int(m.group(1)))
    return None


_Template = tuple[tuple[type[n.Statement], int, int, tuple[Any, ...]], ...]
_CACHE_SIZE = 4096
_LINES: _Generations[_Template] = _Generations(_CACHE_SIZE)
_FIELDS_AFTER_SPAN: dict[type, tuple[str, ...]] = {}


def _rest_of(st: n.Statement) -> tuple[Any, ...]:
    """A statement's field values after its span, in constructor order."""
    names = _FIELDS_AFTER_SPAN.get(type(st))
    if names is None:
        names = tuple(f for f in n.fields_of(st) if f != "span")
        _FIELDS_AFTER_SPAN[type(st)] = names
    return tuple(getattr(st, name) for name in names)


def clear_cache() -> None:
    """Forget every cached line (for measurements of the cold parser)."""
    _LINES.clear()
    _SHAPES.clear()


def _parse_uncached(code: str, line_no: int) -> list[n.Statement] | SyntaxProblem:
    parser, build = _lark()
    build.line_no = line_no
    try:
        result = parser.parse(code)
    except UnexpectedInput as err:
        return _problem(code, line_no, err)
    except VisitError as err:  # a transformer failure on odd input: report, never raise
        return SyntaxProblem(line_no, 1, len(code) + 1, f"cannot read this statement ({err.orig_exc})")
    except _NumberTooLarge as err:
        tok = err.token
        shown = str(tok) if len(tok) <= 24 else f"{str(tok)[:12]}...{str(tok)[-6:]} ({len(tok)} characters)"
        return SyntaxProblem(line_no, tok.column or 1, tok.end_column or len(code) + 1,
                             f"number too large: {shown}; rulecheck accepts numbers up to {MAX_NUMBER}")
    except Exception as err:  # noqa: BLE001 - a parser bug must not end the run: report it on its line
        return SyntaxProblem(line_no, 1, len(code) + 1, f"rulecheck failed to parse this line "
                             f"({type(err).__name__}: {err}); please report it", rule="internal-error")
    stmts: list[n.Statement] = result if isinstance(result, list) else [result]  # type: ignore[list-item]
    segments = _segments(code)
    if len(segments) == len(stmts):
        for i, (a, b) in enumerate(segments):
            span = stmts[i].span
            if span.column != a or span.end_column != b or span.line != line_no or span.end_line != line_no:
                stmts[i] = type(stmts[i])(n.Span(line_no, a, line_no, b), *_rest_of(stmts[i]))
    return stmts


def _segments(code: str) -> list[tuple[int, int]]:
    """1-based [start, end) columns of each ';'-separated statement, trimmed of spaces."""
    if ";" not in code:
        return [(len(code) - len(code.lstrip()) + 1, len(code.rstrip()) + 1)]
    out: list[tuple[int, int]] = []
    start = 0
    in_quote = False
    for i, ch in enumerate(code + ";"):
        if ch == '"':
            in_quote = not in_quote
        elif ch == ";" and not in_quote:
            seg = code[start:i]
            lead = len(seg) - len(seg.lstrip())
            out.append((start + lead + 1, start + len(seg.rstrip()) + 1))
            start = i + 1
    return out


def parse_lines(lines: Iterator[tuple[int, str]]) -> Iterator[ParsedLine]:
    """Parse numbered source lines lazily."""
    for line_no, raw in lines:
        code, comment = split_comment(raw) if "#" in raw else (raw, None)
        if not code or code.isspace():
            if comment is not None:
                yield ParsedLine(line_no, [], comment, None)
            continue
        result = parse_line(code, line_no)
        if isinstance(result, SyntaxProblem):
            yield ParsedLine(line_no, [], comment, result)
        else:
            yield ParsedLine(line_no, result, comment, None)
