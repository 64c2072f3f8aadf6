"""The replay: the one place that moves game state forward, statement by statement.

Rule checks live in :mod:`rulecheck.rules.turn` and :mod:`rulecheck.rules.combat`; they read the state
before an event is applied and report findings, which the replay turns into violations (one per faulty
line and rule).  After a violation the replay goes on from what the transcript says happened.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field

from .. import nodes as n
from ..rules.registry import related_of
from .state import Card, Effect, PendingTrigger, Permanent, PlayerState, StackItem, mana_symbols, mana_value


@dataclass(frozen=True, slots=True)
class Finding:
    line: int
    column: int
    end_column: int
    rule: str
    message: str
    related: tuple[str, ...] = ()
    severity: str = "error"


class NotOnBattlefield(LookupError):
    """A statement needs a permanent that the replayed game doesn't have on the battlefield."""

    def __init__(self, ref: n.Ref, message: str) -> None:
        super().__init__(message)
        self.ref = ref
        self.message = message


class UnknownName(Exception):
    def __init__(self, ref: n.Ref, kind: str, candidates: list[str]) -> None:
        close = difflib.get_close_matches(ref.text, candidates, n=1, cutoff=0.6)
        hint = f"; did you mean '{close[0]}'?" if close else ""
        super().__init__(f"unknown {kind} '{ref.text}'{hint}")
        self.ref = ref


STEP_TBAS: dict[str, tuple[str, ...]] = {
    "untap step": ("phasing", "untap"),
    "draw step": ("draw",),
    "precombat main phase": ("scheme",),
    "beginning of combat step": ("choose_defender",),
    "declare attackers step": ("declare_attackers",),
    "declare blockers step": ("declare_blockers", "order_attackers", "order_blockers"),
    "combat damage step": ("assign_ap", "assign_dp", "deal"),
    "second combat damage step": ("assign_ap", "assign_dp", "deal"),
    "cleanup step": ("discard", "cleanup_damage"),
}
TBA_RULE = {"phasing": "703.4a", "untap": "703.4b", "draw": "703.4c", "scheme": "703.4d",
            "choose_defender": "703.4e", "declare_attackers": "703.4f", "declare_blockers": "703.4g",
            "order_attackers": "703.4h", "order_blockers": "703.4i", "assign_ap": "703.4j", "assign_dp": "703.4j",
            "deal": "703.4k", "discard": "703.4m", "cleanup_damage": "703.4n"}
TBA_STEP_RULE = {"phasing": "502.1", "untap": "502.2", "draw": "504.1", "scheme": "505.3",
                 "choose_defender": "507.1", "declare_attackers": "508.1", "declare_blockers": "509.1",
                 "order_attackers": "509.2", "order_blockers": "509.3", "assign_ap": "510.1", "assign_dp": "510.1",
                 "deal": "510.2", "discard": "514.1", "cleanup_damage": "514.2"}
TBA_WORDS = {"phasing": "phasing", "untap": "the untap", "draw": "the draw for the turn",
             "scheme": "setting the scheme in motion", "choose_defender": "the choice of defending player",
             "declare_attackers": "the declaration of attackers", "declare_blockers": "the declaration of blockers",
             "order_attackers": "the attackers' damage assignment orders",
             "order_blockers": "the blockers' damage assignment orders",
             "assign_ap": "the active player's combat damage assignment",
             "assign_dp": "the defending player's combat damage assignment", "deal": "dealing combat damage",
             "discard": "the cleanup discard", "cleanup_damage": "removing damage and ending \"until end of turn\" "
                                                                 "effects"}


@dataclass
class PlanEntry:
    step: str
    origin: str = "normal"   # normal, extra_step, extra_phase


@dataclass
class Declaration:
    """Attack or block declaration being built from consecutive lines (508.1 / 509.1)."""

    kind: str                                   # attack or block
    player: str
    lines: list[n.Statement] = field(default_factory=list)
    pairs: list[tuple[int, list[str]]] = field(default_factory=list)   # creature pid -> what it attacks/blocks
    band: bool = False
    paid: int = 0
    pay_line: n.Statement | None = None
    bad: set[int] = field(default_factory=set)  # pids already flagged individually


@dataclass
class AssignmentGroup:
    player: str
    lines: list[n.AssignDamage] = field(default_factory=list)


class Replay:
    """Replays one transcript.  Feed statements in order with :meth:`feed`; read :attr:`findings`."""

    def __init__(self) -> None:
        self.findings: list[Finding] = []
        self._flagged: set[tuple[int, str]] = set()
        self._flagged_stmt: set[tuple[int, int]] = set()
        self.players: list[str] = []
        self.pstate: dict[str, PlayerState] = {}
        self.cards: dict[str, Card] = {}
        self.perms: list[Permanent] = []
        self.graveyard: list[Permanent] = []
        # indexes of the graveyard and of every object ever made, so name lookups don't scan the whole game
        self._gone: dict[str, tuple[int, Permanent | None]] = {}       # name -> (graveyard position, latest)
        self._gone_base: dict[str, tuple[int, Permanent | None]] = {}  # the same by name without " (N)"
        self._copies: dict[str, int] = {}                              # name without " (N)" -> objects made
        self._next_pid = 1
        self.mode = "implicit"
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
        self.pending: list[PendingTrigger] = []
        self.pending_flagged = False
        self.delayed: list[PendingTrigger] = []
        self.extra_turns: list[str] = []
        self.skips: list[tuple[str, str, bool]] = []     # (player, step, this_turn)
        self.skip_turns: list[str] = []
        self.cleanup_priority = False
        self.tba_done: dict[str, n.Statement | None] = {}
        # turn-based actions taken as done because another event came first, and what assuming them undid
        self.tba_assumed: set[str] = set()
        self.assumed_removed_plan: list[PlanEntry] = []
        self.assumed_discard = 0
        self.first_other: n.Statement | None = None
        self.resolving: StackItem | None = None
        self.resolving_line = -1
        self.last_line = 0
        self.gap = False
        self.declaration: Declaration | None = None
        self.assigning: AssignmentGroup | None = None
        self.assigned: dict[int, list[tuple[int, str]]] = {}      # pid -> [(amount, recipient)]
        self.combat_attackers_declared = False
        self.first_strike_step = False
        self.defenders: list[str] = []
        self.lands_this_turn: dict[str, tuple[str, int]] = {}
        self.precombat_main_done = False
        self.skipped_steps: set[str] = set()
        self.turn_steps: list[str] = []
        self.placement_pending: set[int] = set()
        self.orders_announced: set[int] = set()   # creatures whose damage assignment order was announced
        self.mana_emptied: n.Statement | None = None   # a "mana pools empty" that must end its step
        self.missed_triggers: set[str] = set()

    def steps_seen_this_turn(self) -> list[str]:
        return self.turn_steps

    def skipped_this_turn(self) -> set[str]:
        return self.skipped_steps

    # ------------------------------------------------------------ reporting
    def flag(self, stmt: n.Statement | None, rule: str, message: str, related: tuple[str, ...] = ()) -> bool:
        if stmt is None:
            return False
        key = (stmt.span.line, rule)
        if key in self._flagged or (stmt.span.line, stmt.span.column) in self._flagged_stmt:
            return False
        self._flagged.add(key)
        self._flagged_stmt.add((stmt.span.line, stmt.span.column))
        rel = tuple(dict.fromkeys(related + related_of(rule)))
        self.findings.append(Finding(stmt.span.line, stmt.span.column, stmt.span.end_column, rule, message, rel))
        return True

    def warn(self, stmt: n.Statement, rule: str, message: str) -> None:
        """A finding that is not a violation: something rulecheck could not judge."""
        self.findings.append(Finding(stmt.span.line, stmt.span.column, stmt.span.end_column, rule, message,
                                     severity="warning"))

    def is_flagged(self, stmt: n.Statement) -> bool:
        return (stmt.span.line, stmt.span.column) in self._flagged_stmt

    def syntax(self, ref: n.Ref, line: int, message: str) -> None:
        key = (line, "syntax")
        if key in self._flagged:
            return
        self._flagged.add(key)
        self.findings.append(Finding(line, ref.column, ref.end_column, "syntax", message))

    # ------------------------------------------------------------ names
    def player(self, ref: n.Ref) -> str:
        if ref.text in self.pstate:
            return ref.text
        raise UnknownName(ref, "player", self.players)

    def card(self, ref: n.Ref) -> Card:
        c = self.cards.get(ref.text)
        if c is None:
            base = strip_copy(ref.text)
            c = self.cards.get(base)
        if c is None:
            raise UnknownName(ref, "card", list(self.cards))
        return c

    def perm(self, ref: n.Ref, *, prefer: Callable[[Permanent], bool] | None = None,
             anywhere: bool = False) -> Permanent:
        text = ref.text
        candidates = [p for p in self.perms if p.name == text]
        if not candidates:
            candidates = [p for p in self.perms if strip_copy(p.name) == text]
        if candidates:
            return next((p for p in candidates if prefer is not None and prefer(p)), candidates[0])
        gone = max(self._gone.get(text, _NOTHING), self._gone_base.get(text, _NOTHING), key=lambda e: e[0])[1]
        if gone is not None and anywhere:
            return gone
        if gone is not None:
            raise NotOnBattlefield(ref, f"{ref.text} is no longer on the battlefield (it left on line {gone.left_line})"
                                   if gone.left_line else f"{ref.text} is no longer on the battlefield")
        if ref.text in self.cards or strip_copy(ref.text) in self.cards:
            raise NotOnBattlefield(ref, f"no permanent named {ref.text} is on the battlefield; say so in the setup "
                                        f"(for example 'Alice controls {ref.text}') or narrate how it got there")
        raise UnknownName(ref, "permanent", [p.name for p in self.perms] + list(self.cards))

    def find_perm(self, ref: n.Ref, **kw: object) -> Permanent | None:
        try:
            return self.perm(ref, **kw)  # type: ignore[arg-type]
        except LookupError:
            return None

    def pt(self, p: Permanent) -> tuple[int, int]:
        power = p.card.power or 0
        tough = p.card.toughness or 0
        for kind, count in p.counters.items():
            if "/" in kind:
                a, b = kind.split("/")
                power += int(a) * count
                tough += int(b) * count
        for e in self.effects:
            if e.target == p.pid:
                power += e.power
                tough += e.toughness
        return power, tough

    def has_ability(self, p: Permanent, text: str) -> bool:
        if p.has(text):
            return True
        return any(e.target == p.pid and e.ability is not None and e.ability.text == text for e in self.effects)

    def global_static(self, text: str, controller: str | None = None) -> list[Permanent]:
        return [p for p in self.perms if not p.phased_out and p.has(text)
                and (controller is None or p.controller == controller)]

    # ------------------------------------------------------------ entry point
    def feed(self, stmt: n.Statement) -> None:
        line = stmt.span.line
        if line != self.last_line:
            if self.resolving_line != line:
                self.resolving = None
            self.last_line = line
        self._close_groups(stmt)
        try:
            self._dispatch(stmt)
        except UnknownName as err:
            self.syntax(err.ref, line, str(err))
        except NotOnBattlefield as err:
            key = (line, "state")
            if key not in self._flagged:
                self._flagged.add(key)
                self.findings.append(Finding(line, err.ref.column, err.ref.end_column, "state", err.message))

    def _close_groups(self, stmt: n.Statement | None) -> None:
        """Judge a declaration or damage assignment once a statement that doesn't continue it arrives
        (``stmt`` None: the end of the transcript)."""
        if self.declaration is not None and (stmt is None or not _continues_declaration(stmt, self.declaration)):
            decl = self.declaration
            self.declaration = None
            combat.close_declaration(self, decl)
        if self.assigning is not None and not isinstance(stmt, n.AssignDamage):
            group = self.assigning
            self.assigning = None
            combat.close_assignment(self, group)

    def finish(self) -> None:
        """End of transcript: close anything still open."""
        self._close_groups(None)

    def _dispatch(self, stmt: n.Statement) -> None:
        handler = _HANDLERS.get(type(stmt))
        if handler is not None:
            handler(self, stmt)
            return
        if isinstance(stmt, n.TurnHeader):
            turn.turn_header(self, stmt)
        elif not self.started:
            turn.setup(self, stmt)
        elif isinstance(stmt, (n.DeclareAttackers, n.DeclareBlockers, n.ChooseDefender, n.DamageOrder,
                               n.AssignDamage, n.DamageDealt, n.DealDamage, n.RemovedFromCombat)):
            combat.handle(self, stmt)
        else:
            turn.handle(self, stmt)

    # ------------------------------------------------------------ helpers used by rule modules
    def new_perm(self, name: str, card: Card, controller: str, *, new: bool = False, token: bool = False) -> Permanent:
        display = name
        same = self._copies.get(name, 0)
        if same:
            display = f"{name} ({same + 1})"
        base = strip_copy(display)
        self._copies[base] = self._copies.get(base, 0) + 1
        p = Permanent(self._next_pid, display, card, controller, controller, new=new, token=token,
                      entered_serial=self.step_serial)
        self._next_pid += 1
        self.perms.append(p)
        return p

    def leave_battlefield(self, p: Permanent) -> None:
        if p in self.perms:
            self.perms.remove(p)
            self.remove_from_combat(p)
            self.graveyard.append(p)
            self._gone[p.name] = self._gone_base[strip_copy(p.name)] = (len(self.graveyard), p)
            p.left_line = self.last_line
            self.effects = [e for e in self.effects if e.target != p.pid]

    def remove_from_combat(self, p: Permanent) -> None:
        for other in self.perms:
            if p.pid in other.blockers:
                other.blockers.remove(p.pid)
            if p.pid in other.blocking:
                other.blocking.remove(p.pid)
        p.in_combat = False
        p.removed_from_combat = True
        p.blocking = []
        p.blockers = []

    def by_pid(self, pid: int) -> Permanent | None:
        for p in self.perms:
            if p.pid == pid:
                return p
        return None

    def priority_players_from(self, player: str) -> list[str]:
        i = self.players.index(player)
        return self.players[i:] + self.players[:i]

    def note_stack_change(self) -> None:
        self.passed = set()

    def all_passed(self) -> bool:
        return set(self.players) <= self.passed

    def expected_step(self) -> PlanEntry | None:
        return self.plan[0] if self.plan else None

    def step_tbas(self) -> tuple[str, ...]:
        return STEP_TBAS.get(self.step or "", ())

    def pay_from_pool(self, player: str, mana: str) -> tuple[bool, bool]:
        """Pay from the pool: returns (enough, shortfall_was_emptied_at_a_boundary)."""
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
            return True, False
        return False, mana_value(missing) <= mana_value(ps.lost_mana) and bool(ps.lost_mana)


def _continues_declaration(stmt: n.Statement, decl: Declaration) -> bool:
    if isinstance(stmt, n.DeclareAttackers) and decl.kind == "attack" and stmt.attackers:
        return True
    if isinstance(stmt, n.DeclareBlockers) and decl.kind == "block" and stmt.blockers:
        return True
    if isinstance(stmt, n.PayMana) and stmt.purpose in (None, "attack" if decl.kind == "attack" else "block"):
        return True
    return isinstance(stmt, (n.TapForMana, n.AddMana))


def strip_copy(name: str) -> str:
    """'Grizzly Bears (2)', the second one on the battlefield, is a Grizzly Bears card."""
    if name.endswith(")") and " (" in name:
        head, _, tail = name.rpartition(" (")
        if tail[:-1].isdigit():
            return head
    return name


_HANDLERS: dict[type, Callable[[Replay, n.Statement], None]] = {}
_NOTHING: tuple[int, Permanent | None] = (0, None)

from ..rules import combat, turn  # noqa: E402 - imported once here, not per statement (they import this module)
