"""The game being replayed: its players, objects and zones (the others than battlefield, hand and stack in each
`PlayerState.zones`), the turn plan, priority and combat. `Game` answers questions about the game ("what is this
creature's power now?", "which permanent does this name mean?") and makes the moves a transcript describes ("it
leaves the battlefield", "pay {1}{G}"). It knows no rule numbers: whether a move was legal is the replay's question.
Lookups are indexed (by object id, by name, by static ability), so that a statement costs the same on a
battlefield of five permanents and of five thousand."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable

from .. import nodes as n
from ..nodes import Ability
from . import marks, objects
from .hooks import Hooks
from .layers import ability_texts_now, allies, bonuses_for, has_ability_now
from .names import NotOnBattlefield as NotOnBattlefield  # importable from here, as before
from .names import UnknownName as UnknownName
from .names import read_short_name
from .names import strip_copy as strip_copy
from .objects import Card, CardBook, Effect, ExtraTurns, PendingTrigger, Permanent, PlanEntry, PlayerState, StackItem
from .phasing import phase_attached
from .steps import STEP_TBAS, mana_symbols, mana_value

# "whenever this phases out", or quoted rules text naming the card ("whenever Teferi's Imp phases out, ...")
_PHASES = re.compile(r"whenever (?:this|.+?) phases (out|in)\b")
_COLOURS = frozenset({"white", "blue", "black", "red", "green", "colorless", "multicolored"})
_NOTHING: tuple[int, Permanent | None] = (0, None)


class Game:
    """The state of one game. Attributes are read freely; indexed collections change only through methods."""

    def __init__(self) -> None:
        self.players: list[str] = []
        self.pstate: dict[str, PlayerState] = {}
        self.cards = CardBook()
        self.battlefield: dict[int, Permanent] = {}      # in the order the permanents arrived
        self.marked: dict[int, Permanent] = {}   # those with a mark a turn, a combat or the cleanup resets (marks.py)
        self.phased_any = False   # a permanent has phased out (the untap step's phasing walk is needed)
        # a pool may hold mana, or lost some as a step ended (False once a step end found none: replay/mana.py)
        self.mana_held = True
        self.graveyard: list[Permanent] = []
        self._named: dict[str, list[Permanent]] = {}     # display name -> permanents on the battlefield
        self._based: dict[str, list[Permanent]] = {}     # name without " (N)" -> permanents on the battlefield
        self._statics: dict[str, dict[int, Permanent]] = {}   # ability text -> permanents printed with it
        self.hooks = Hooks()   # the boundary hooks and features this game has subscribed, its step triggers (hooks.py)
        self._attachers: dict[int, Permanent] = {}           # Auras and Equipment with a bonus for what they're on
        self._gone: dict[str, tuple[int, Permanent | None]] = {}       # name -> (graveyard position, latest)
        self._gone_base: dict[str, tuple[int, Permanent | None]] = {}
        self._copies: dict[str, int] = {}                              # name without " (N)" -> objects made
        self.resolved_unread: list[tuple[int, str, str, int]] = []     # the replay's (context.py), for unknown_pt
        self._next_pid = 1
        self.mode = "implicit"
        self.teamed = False   # the players have teams (teams.py); without, each team question costs one test
        self.abilities_unknown = False   # cards may have abilities their definitions don't list
        self.option = ""
        self.archenemy: str | None = None
        self.effects: list[Effect] = []
        self.stack: list[StackItem] = []
        self.started = False
        self.turn = 0
        self.active = ""
        self.normal_turn_player = ""
        self.step: str | None = None
        self.step_serial = 0
        self.between_steps = False
        self.between_turns = False
        self.plan: list[PlanEntry] = []
        self.last_step: str | None = None   # the step most recently begun
        self.passed: set[str] = set()
        self.pending: list[PendingTrigger] = []       # triggered, not yet on the stack
        self.waiting: list[PendingTrigger] = []       # triggered when nobody could get priority, for the next step
        self.delayed: list[PendingTrigger] = []
        self.extra_turns = ExtraTurns()
        self.skips: list[tuple[str, str, bool]] = []     # (player, step, this_turn)
        self.skip_turns: list[str] = []
        self.designations: dict[str, str] = {}   # "monarch": a player; "day/night": day or night (when known)
        self.table = objects.Table(clock=lambda: self.line)   # who has left the game, who controls whose turn
        self.cleanup_priority = False
        self.line = 0                                    # the line being replayed
        # short forms of names read on this line: (as written, the full name, other cards it could mean)
        self.readings: list[tuple[n.Ref, str, tuple[str, ...]]] = []
        # what wore off, so that a stale assertion can be explained: pid -> [(effect, "end of combat"|"cleanup")]
        self.expired: dict[int, list[tuple[Effect, str]]] = {}
        self.damage_removed: dict[int, int] = {}         # pid -> damage last removed from it in a cleanup
        self.uncertain: set[str] = set()    # players and permanents dealt damage the replay can't compute (`*/*`)
        # combat
        self.assigned: dict[int, list[tuple[int, str]]] = {}      # pid -> [(amount, recipient)]
        self.combat_attackers_declared = False
        self.attackers_declared = 0               # how many creatures were declared as attackers this combat
        self.first_strike_step = False
        self.defenders: list[str] = []
        self.placement_pending: set[int] = set()
        self.orders_announced: set[int] = set()   # creatures whose damage assignment order was announced
        self.dealt_serial = -1                    # the step in which combat damage was last dealt
        self.dealt_in_bulk: set[int] = set()      # creatures whose combat damage this step was dealt all at once
        # combat damage waiting on the stack (editions where it uses the stack): (source, amount, recipient)
        self.damage_on_stack: list[tuple[Permanent, int, str]] | None = None
        # this turn
        self.lands_this_turn: dict[str, tuple[str, int]] = {}
        self.land_count: dict[str, int] = {}      # land plays each player has used this turn
        self.land_bonus: dict[str, int] = {}      # additional land plays resolved this turn (Explore)
        self.precombat_main_done = False
        self.skipped_steps: set[str] = set()
        self.turn_steps: list[str] = []

    # ------------------------------------------------------------ names
    def player(self, ref: n.Ref) -> str:
        if ref.text in self.pstate:
            return ref.text
        raise UnknownName(ref, "player", self.players)

    def card(self, ref: n.Ref) -> Card:
        c = self.cards.find(ref.text)
        if c is None:
            c = self.cards.find(strip_copy(ref.text))
        if c is None:
            full = self.short_name(ref, list(dict.keys(self.cards)))
            c = self.cards.find(full) if full is not None else None
        if c is None:
            raise UnknownName(ref, "card", self.cards.candidates(ref.text))
        return c

    def perm(self, ref: n.Ref, *, prefer: Callable[[Permanent], bool] | None = None,
             anywhere: bool = False) -> Permanent:
        """The permanent a name means: on the battlefield (the first that `prefer` likes, else the first), or,
        with `anywhere`, the one of that name that left last."""
        text = ref.text
        candidates = self._named.get(text)
        if not candidates and not self._left_this_step(text):
            candidates = self._based.get(text)
        if candidates:
            if prefer is not None:
                liked = next((p for p in candidates if prefer(p)), None)
                if liked is None and text in self._named:
                    # 'Mountain' may mean any Mountain: another copy ('Mountain (2)') that fits is meant
                    liked = next((p for p in self._based.get(text, ()) if prefer(p)), None)
                return liked or candidates[0]
            return candidates[0]
        gone = max(self._gone.get(text, _NOTHING), self._gone_base.get(text, _NOTHING), key=lambda e: e[0])[1]
        if gone is not None and anywhere:
            return gone
        if gone is not None:
            raise NotOnBattlefield(ref, f"{ref.text} is no longer on the battlefield (it left on line {gone.left_line})"
                                   if gone.left_line else f"{ref.text} is no longer on the battlefield")
        if self.cards.find(ref.text) or self.cards.find(strip_copy(ref.text)):
            raise NotOnBattlefield(ref, f"no permanent named {ref.text} is on the battlefield; say so in the setup "
                                        f"(for example 'Alice controls {ref.text}') or narrate how it got there")
        full = self.short_name(ref, self._based)
        if full is not None:
            return self.perm(n.Ref(full, ref.column, ref.end_column), prefer=prefer, anywhere=anywhere)
        raise UnknownName(ref, "permanent", self.cards.candidates(ref.text, self.battlefield.values()))

    def short_name(self, ref: n.Ref, names: Iterable[str]) -> str | None:
        """The one name of `names` that `ref` is a short form of ('Bears' for Grizzly Bears), noted in
        `readings`; None when there is no such name or more than one."""
        return read_short_name(ref, names, dict.keys(self.cards), self.readings, tuple(self.pstate))

    def _left_this_step(self, name: str) -> bool:
        """Whether a permanent of exactly this name left the battlefield in this step: the name means it (a
        narrated state-based death confirms it), never another copy ('X (2)')."""
        gone = self._gone.get(name, _NOTHING)[1]
        return gone is not None and gone.left_serial == self.step_serial

    def find_perm(self, ref: n.Ref, *, prefer: Callable[[Permanent], bool] | None = None,
                  anywhere: bool = False) -> Permanent | None:
        try:
            return self.perm(ref, prefer=prefer, anywhere=anywhere)
        except LookupError:
            return None

    def find_perm_quietly(self, ref: n.Ref) -> Permanent | None:
        """The permanent on the battlefield a name means, or None, whatever the name is."""
        try:
            return self.perm(ref)
        except (LookupError, UnknownName):
            return None

    def named(self, name: str) -> Permanent | None:
        """The first permanent on the battlefield with exactly this display name."""
        found = self._named.get(name)
        return found[0] if found else None

    def by_pid(self, pid: int) -> Permanent | None:
        return self.battlefield.get(pid)

    def on_battlefield(self, p: Permanent) -> bool:
        return self.battlefield.get(p.pid) is p

    # ------------------------------------------------------------ characteristics
    def pt(self, p: Permanent) -> tuple[int, int]:
        """Power and toughness with effects applied in timestamp order: effects that set them first, then every
        modification (effects, Auras and Equipment, counters)."""
        power = p.card.power or 0
        tough = p.card.toughness or 0
        plus_p = plus_t = 0
        for e in self.effects:
            if e.target == p.pid:
                if e.set_pt is not None:
                    power, tough = e.set_pt
                plus_p += e.power
                plus_t += e.toughness
        if self._attachers:
            for ab in self._attached_bonuses(p):
                if ab.pt is not None:
                    plus_p += ab.pt[0]
                    plus_t += ab.pt[1]
        for kind, count in p.counters.items():
            if "/" in kind:
                a, b = kind.split("/")
                plus_p += int(a) * count
                plus_t += int(b) * count
        return power + plus_p, tough + plus_t

    @property
    def has_attachments(self) -> bool:   # an Aura or Equipment with a bonus is on the battlefield
        return bool(self._attachers)

    def has_ability(self, p: Permanent, text: str) -> bool:   # the common case first: no effect, nothing attached
        if not (self.effects or self._attachers):
            return p.has(text)
        return has_ability_now(self.effects, p, text, self._attached_bonuses if self._attachers else None)

    def any_may_have(self, text: str) -> bool:   # whether any permanent may have this ability (else none has)
        return bool(self.effects or self._attachers or self._statics.get(text))

    def ability_texts(self, p: Permanent) -> list[str]:
        """Every ability it has now: printed, set up, granted by effects and by what is attached to it."""
        if not (self.effects or self._attachers or p.lost or p.extra):
            return [a.text for a in p.card.abilities]
        return ability_texts_now(self.effects, p, self._attached_bonuses if self._attachers else None)

    def _attached_bonuses(self, p: Permanent) -> list[Ability]:   # Auras, Equipment and group statics (layers.py)
        return bonuses_for(self._attachers.values(), p, allies(self.pstate) if self.teamed else None)

    def attach(self, p: Permanent, to: Permanent | None, name: str | None = None) -> None:
        """An Aura or Equipment becomes attached to a permanent (or to nothing)."""
        p.attached_to = to.name if to is not None else name
        p.attached_pid = to.pid if to is not None else None
        self._check_conditions()

    def shielded(self, p: Permanent) -> Effect | None:
        """Its first regeneration shield, if it has one."""
        return next((e for e in self.effects if e.target == p.pid and e.shield), None) if self.effects else None

    def regenerate(self, p: Permanent) -> None:
        """The next destruction is replaced: it is tapped, its damage removed, and it leaves combat."""
        shield = self.shielded(p)
        if shield is not None:
            self.effects.remove(shield)
        p.tapped = True
        p.damage = 0
        p.counters.pop("deathtouch-damage", None)
        p.regenerated_serial = self.step_serial
        self.remove_from_combat(p)

    # ------------------------------------------------------------ continuous effects
    def add_effect(self, e: Effect) -> None:
        """An effect begins; its timestamp is now (effects are kept in timestamp order)."""
        self.effects.append(e)
        if e.controller is not None or e.add_types or e.lose_all:
            p = self.battlefield.get(e.target)
            if p is not None:
                self._refresh(p)
        if e.condition is not None and not self._holds(e.condition):
            self.end_effects(lambda x: x is e)

    def end_effects(self, ends: Callable[[Effect], bool], when: str = "") -> list[Effect]:
        """The effects `ends` picks end; characteristics they changed return. Returns them. `when` ("end of
        combat", "cleanup") records them as expired then, so that a stale assertion can be explained."""
        if not self.effects:
            return []
        gone = [e for e in self.effects if ends(e)]
        if when:
            for e in gone:
                self.expired.setdefault(e.target, []).append((e, when))
        if gone:
            self.effects = [e for e in self.effects if not ends(e)]
            for pid in {e.target for e in gone if e.controller is not None or e.add_types or e.lose_all}:
                p = self.battlefield.get(pid)
                if p is not None:
                    self._refresh(p)
        return gone

    def _refresh(self, p: Permanent) -> None:
        """Types and controller from the card, the setup and the effects, in timestamp order. A permanent that
        changes controller leaves combat and is new to its new controller."""
        types = p.card.types
        controller = p.base_controller
        for e in self.effects:
            if e.target == p.pid:
                if e.add_types:
                    if any(t in _COLOURS for t in e.add_types):      # a new colour replaces the old ones
                        types = tuple(t for t in types if t not in _COLOURS)
                    types = types + tuple(t for t in e.add_types if t not in types)
                if e.controller is not None:
                    controller = e.controller
        p.types = types
        p.lost = any(e.lose_all and e.target == p.pid for e in self.effects)
        if controller != p.controller:
            p.controller = controller
            p.new = True
            self.marked[p.pid] = p
            self.remove_from_combat(p)
            self._check_conditions()

    def _holds(self, cond: tuple[str, int, int | str | None]) -> bool:
        kind, pid, other = cond
        p = self.battlefield.get(pid)
        if p is None:
            return False
        if kind == "controls":
            return p.controller == other
        if kind == "attached":
            return p.attached_pid == other and other in self.battlefield
        if kind == "paired":
            q = self.battlefield.get(other) if isinstance(other, int) else None
            return q is not None and q.controller == p.controller and q.is_creature() and p.is_creature()
        return True

    def _check_conditions(self) -> None:
        """"For as long as" effects whose condition stopped holding end (and never come back)."""
        if self.effects and any(e.condition is not None for e in self.effects):
            self.end_effects(lambda e: e.condition is not None and not self._holds(e.condition))

    def may_have(self, p: Permanent, text: str) -> bool:
        """Whether p has, or may have, an ability that permits something: with abilities unknown (an imported log
        without its card database) any ability it isn't known to lack may be there, so nothing it could allow is
        flagged."""
        return self.abilities_unknown or self.has_ability(p, text)

    def printed(self, text: str) -> bool:
        """Whether a permanent on the battlefield, phased out or not, is printed with this ability (the cheap
        test before `global_static`)."""
        return bool(self._statics.get(text))

    def global_static(self, text: str, controller: str | None = None) -> list[Permanent]:
        """Permanents on the battlefield (not phased out) printed with this ability, optionally of one controller."""
        holders = self._statics.get(text)
        if not holders:
            return []
        return [p for p in holders.values() if not p.phased_out and not p.lost
                and (controller is None or p.controller == controller)]

    # ------------------------------------------------------------ moves
    def new_perm(self, name: str, card: Card, controller: str, *, new: bool = False, token: bool = False) -> Permanent:
        display = name
        same = self._copies.get(name, 0)
        if same:
            display = f"{name} ({same + 1})"
        base = strip_copy(display)
        self._copies[base] = self._copies.get(base, 0) + 1
        p = Permanent(self._next_pid, display, card, controller, controller, new=new, token=token, tapped=new and
                      card.enters_tapped, entered_serial=self.step_serial, types=card.types, base_controller=controller)
        self._next_pid += 1
        self.battlefield[p.pid] = p
        if new:
            self.marked[p.pid] = p
        self._named.setdefault(display, []).append(p)
        self._based.setdefault(base, []).append(p)
        self.index_card(p, card)
        return p

    def index_card(self, p: Permanent, card: Card) -> None:   # it entered, or turned face up
        for ab in card.abilities:
            self._index_ability(p, ab)
        self.hooks.note_card(card)

    def unindex(self, p: Permanent, abilities: Iterable[Ability]) -> None:   # it left, or turned face down
        for ab in abilities:
            holders = self._statics.get(ab.text)
            if holders is not None:
                holders.pop(p.pid, None)
        self.hooks.triggers.remove(p.pid)
        self._attachers.pop(p.pid, None)

    def _index_ability(self, p: Permanent, ability: Ability) -> None:
        self._statics.setdefault(ability.text, {})[p.pid] = p
        if ability.kind in ("attached", "group"):
            self._attachers[p.pid] = p
        self.hooks.note_ability(p, ability)

    def phasing_triggers(self, p: Permanent) -> list[str]:
        """Its abilities that trigger as it phases the way it just did ("whenever this phases out")."""
        direction = "out" if p.phased_out else "in"
        out = []
        for a in p.abilities() if not p.lost else ():
            m = _PHASES.match(a.text) if a.kind == "trigger" else None
            if m is not None and m.group(1) == direction:
                out.append(a.text)
        return out

    def step_trigger_holders(self, step: str | None = None) -> list[Permanent]:
        """Permanents with an "at the beginning of" trigger (of `step`, when given), in the order they arrived."""
        return self.hooks.triggers.holders(step)

    def add_printed_ability(self, p: Permanent, ability: Ability) -> None:
        """An ability the setup says the permanent has, as if printed on it."""
        p.extra.append(ability)
        if self.on_battlefield(p):
            self._index_ability(p, ability)

    def leave_battlefield(self, p: Permanent, to: str = "graveyard") -> None:   # to its owner's zone `to`
        if not self.on_battlefield(p):
            return
        del self.battlefield[p.pid]
        self._named[p.name].remove(p)
        self._based[strip_copy(p.name)].remove(p)
        self.unindex(p, p.abilities())
        self.remove_from_combat(p)
        self.marked.pop(p.pid, None)
        self.graveyard.append(p)
        if not p.token and p.owner in self.pstate and to != "hand":
            self.pstate[p.owner].zones.arrive(to, strip_copy(p.name), p.owner, self.line)
        self._gone[p.name] = self._gone_base[strip_copy(p.name)] = (len(self.graveyard), p)
        p.left_line = self.line
        p.left_serial = self.step_serial
        if self.effects:
            self.effects = [e for e in self.effects if e.target != p.pid]
            self._check_conditions()

    def remove_from_combat(self, p: Permanent) -> None:
        for pid in p.blocking:
            other = self.battlefield.get(pid)
            if other is not None and p.pid in other.blockers:
                other.blockers.remove(p.pid)
        for pid in p.blockers:
            other = self.battlefield.get(pid)
            if other is not None and p.pid in other.blocking:
                other.blocking.remove(p.pid)
        p.in_combat = False
        p.removed_from_combat = True
        self.marked[p.pid] = p
        p.attacking = None
        p.blocking = []
        p.blockers = []

    def end_combat(self) -> None:
        """Every creature leaves combat; "until end of combat" effects end."""
        marks.end_combat(self)   # (the permanents with a mark, marks.py)
        self.end_effects(lambda e: e.duration == "end_of_combat", "end of combat")
        self.combat_attackers_declared = False

    def cleanup(self) -> None:
        """Damage wears off; "until end of turn" and "this turn" effects end."""
        marks.cleanup(self)
        self.end_effects(lambda e: e.duration in ("end_of_turn", "this_turn"), "cleanup")

    def phase(self, p: Permanent, out: bool, *, triggers: bool = True) -> None:
        """It phases in or out with what is attached to it; its phasing triggers trigger unless `triggers` is False."""
        if p.phased_out == out:
            return
        p.phased_out, p.phased_indirectly = out, False
        self.phased_any = self.phased_any or out
        self.remove_from_combat(p) if out else None
        for text in self.phasing_triggers(p) if triggers else ():
            self.pending.append(PendingTrigger(p.name, text, self.step or "", p.controller,
                                               when=f"when it phased {'out' if out else 'in'}"))
        phase_attached(self.battlefield.values(), p, out, lambda q: self.phase(q, out, triggers=triggers))

    # ------------------------------------------------------------ priority and the turn plan
    def note_stack_change(self) -> None:
        self.passed = set()

    def all_passed(self) -> bool:
        return set(self.players) <= self.passed

    def expected_step(self) -> PlanEntry | None:
        return self.plan[0] if self.plan else None

    def step_tbas(self) -> tuple[str, ...]:
        return STEP_TBAS.get(self.step or "", ())

    def pay_from_pool(self, player: str, mana: str) -> tuple[bool, bool, list[str]]:
        """Pay from the pool: returns (enough, shortfall_was_emptied_at_a_boundary, what the pool lacked)."""
        ps = self.pstate[player]
        # coloured symbols first, so that generic mana never takes the colour a later symbol needs
        need = sorted(mana_symbols(mana), key=lambda sym: sym.isascii() and sym.isdigit())
        pool = list(ps.pool)
        missing: list[str] = []
        for sym in need:
            if sym in pool:
                pool.remove(sym)
            elif sym.isascii() and sym.isdigit():
                amount = int(sym)
                while amount and pool:
                    pool.pop(0)
                    amount -= 1
                if amount:
                    missing.append(str(amount))
            else:
                missing.append(sym)
        ps.pool = pool
        if not missing:
            return True, False, []
        return False, mana_value(missing) <= mana_value(ps.lost_mana) and bool(ps.lost_mana), missing
