"""What every handler works with: the game, the edition, the findings, and what the narration has said so far.

The game (`rulecheck.game`) holds the state of the game itself; this context holds what belongs to the
*transcript*: which turn-based actions have been narrated in this step, which event came first, a declaration
written over several lines, a resolution whose effects the following statements describe.
"""

from __future__ import annotations

from dataclasses import field

from .. import nodes as n
from ..diagnostics import NOTE
from ..editions import BASELINE, Edition
from ..game.game import Game
from ..game.objects import DayNightState, Effect, Permanent, PlanEntry, StackItem
from ..records import record
from .unread import explaining_source


@record(frozen=True, slots=True)
class Finding:
    line: int
    column: int
    end_column: int
    rule: str
    message: str
    related: tuple[str, ...] = ()
    severity: str = "error"
    hint: str | None = None



@record()
class Declaration:
    """Attack or block declaration being built from consecutive lines (508.1 / 509.1)."""

    kind: str                                   # attack or block
    player: str
    lines: list[n.Statement] = field(default_factory=list)
    pairs: list[tuple[int, list[str]]] = field(default_factory=list)   # creature pid -> what it attacks/blocks
    band: bool = False
    banded: list[int] = field(default_factory=list)   # pids declared on a line that says "as a band"
    paid: int = 0
    paid_life: int = 0
    pay_line: n.Statement | None = None
    bad: set[int] = field(default_factory=set)  # pids already flagged individually
    declared: dict[int, int] = field(default_factory=dict)   # pid -> how many creatures or players it is paired with
    line_of: dict[int, n.Statement] = field(default_factory=dict)   # pid -> the line that first declared it

    def add(self, pid: int, targets: list[str], stmt: n.Statement) -> None:
        self.pairs.append((pid, targets))
        self.declared[pid] = self.declared.get(pid, 0) + len(targets)
        self.line_of.setdefault(pid, stmt)

    def line(self, pid: int) -> n.Statement | None:
        """Where a creature was declared: a fault of that creature's is flagged on its own line."""
        return self.line_of.get(pid) or (self.lines[0] if self.lines else None)


@record()
class AssignmentGroup:
    """One player's combat damage assignment, written over consecutive lines."""

    player: str
    lines: list[n.AssignDamage] = field(default_factory=list)


class Replay:
    """The replay of one transcript: a game, the edition judging it, and the findings so far."""

    def __init__(self, edition: Edition = BASELINE) -> None:
        self.game = Game()
        self.edition = edition
        self.edition_line: int | None = None   # where an `edition:` header set it
        self.findings: list[Finding] = []
        self._flagged: set[tuple[int, str]] = set()
        self._flagged_stmt: set[tuple[int, int]] = set()
        # turn-based actions narrated in this step (None: taken as done without narration)
        self.tba_done: dict[str, n.Statement | None] = {}
        self.tba_history: dict[str, dict[str, n.Statement | None]] = {}   # step -> its tba_done, this turn
        # turn-based actions taken as done because another event came first, and what assuming them undid
        self.tba_assumed: set[str] = set()
        self.assumed_removed_plan: list[PlanEntry] = []
        self.assumed_discard = 0
        self.first_other: n.Statement | None = None     # the first event of the step that is not turn-based
        self.resolving: StackItem | None = None          # a resolution on this line describes what follows
        self.reversed_spells: dict[str, StackItem] = {}  # illegal casts, by card name, in case they 'resolve'
        # an additional phase or step another player "gets" in this turn, which adds nothing (current 500.10a)
        self.refused_extra: tuple[str, list[PlanEntry]] | None = None

        self.resolving_line = -1
        # a spell or ability that resolved with an effect neither known nor narrated on its line: the assertions
        # right after it say what it did (taken as the transcript says, like damage of an unknown power)
        self.unknown_effect: str | None = None
        self.last_line = 0
        self.gap = False
        self.declaration: Declaration | None = None
        self.assigning: AssignmentGroup | None = None
        self.mana_emptied: n.Statement | None = None     # a "mana pools empty" that must end its step
        self.missed_triggers: set[str] = set()
        # delayed triggers that have triggered, by source: where, in words (603.7b: they trigger only once)
        self.spent_delayed: dict[str, str] = {}
        self.day_night = DayNightState()
        self.pending_flagged = False
        self.priority_used = False    # someone has acted with priority in this step (explicit transcripts)
        self.priority_rule: str | None = None   # the rule of the next first-priority check, when not the step's
        # the statement flagged for acting before the active player had priority, and the rule printed: if a
        # turn-based action of the step is narrated after it, that fault is the one to report (703.4)
        self.priority_flagged: tuple[n.Statement, str, int] | None = None   # (statement, rule, step serial)
        # creatures that entered "attacking" or "blocking" but aren't: (key, why) (506.3)
        self.not_in_combat: dict[int, tuple[str, str]] = {}
        # mana burn not narrated (editions with mana burn): player -> (life lost, step serial of the burn)
        self.mana_burned: dict[str, tuple[int, int]] = {}
        # combat damage on the stack that resolved on this line (2003): what the line's 'deals' narrate
        self.resolved_damage: list[tuple[Permanent, int, str]] = []
        # a ninjutsu activation whose cost's return is narrated next: (activation, player, card with ninjutsu)
        self.ninjutsu_cost: tuple[n.Activate, str, str] | None = None
        # the step serial of the last resolution: its effect may have put lore counters on Sagas (current 714.2b)
        self.resolved_serial = -1
        self.joined_serial = -1   # the step serial of a step the transcript begins in the middle of
        self.by_heading = False   # the step in progress began with a heading (a bare step name, or the first line)
        self.marks_gaps = False   # the transcript has written '...': it says where it leaves steps out
        self.turn_written = False   # a line that begins a turn was written, even one that couldn't be read
        self.lore_added: dict[int, int] = {}   # Saga pid -> step serial of its last lore counter from 505.4
        # the counter the resolving text returns a permanent with ("with a +1/+1 counter on it": undying)
        self.returns_with: str | None = None
        # the tokens the resolving text creates attack this combat if able (Legion Warboss's "That token gains haste
        # until end of turn and attacks this combat if able.")
        self.made_attack = False
        # the extra turns the last resolving text made, as (line, player): one narrated after it is the same turn
        self.text_turns: list[tuple[int, str]] = []
        # the additional phases the last resolving text put in the plan, with its line: one narrated after it
        # replaces them
        self.text_phases: tuple[int, list[PlanEntry]] | None = None
        # the effects the last resolving spell's text made on its target: a narration of the same effect is it
        self.text_effects: list[Effect] = []
        # the unread text of spells and abilities that resolved with no effect narrated on their line: (turn,
        # source, text, line), for `unread.py`
        self.resolved_unread = self.game.resolved_unread   # one list: the game asks it too (game/unknown_pt.py)
        self.first_draw_skipped = False   # turn 1 of a two-player game: no draw step (103.7a)
        # the header's `format:` and `teams:` lines (Two-Headed Giant, replay/teams.py)
        self.team_format: n.GameFormat | None = None
        self.team_header: n.Teams | None = None
        # no rare state is pending (`is_ordinary`): the engine replays a statement by its handler alone. The code
        # that sets a rare state sets this False; the engine's general path sets it again after each statement
        # (source, what its text may allow) while a check runs whose findings a permanent's own unread text may
        # explain (a trigger of it nothing owed: step_triggers.misfire); None otherwise
        self.explained: tuple[str, str] | None = None
        self.ordinary = False
        self.game.table.alarm = self._unusual   # a player may have lost: the table watches (gameover.py)

    def is_ordinary(self) -> bool:
        """Whether no rare state is pending: the game has begun and is not over, no player may have lost or has
        left, the game is inside a step, and nothing narrated waits for the next statement (a gap, mana pools that
        emptied, a declaration or damage assignment in progress, a resolution whose line goes on, or whose effect is
        unknown, or whose unread text its line may narrate, a ninjutsu cost to return). For a statement of this
        line or a later one, the engine's general path then does nothing but call the handler."""
        g = self.game
        return g.started and not g.table.watch and not g.between_steps and not g.between_turns and not self.gap \
            and self.mana_emptied is None and self.declaration is None and self.assigning is None \
            and self.resolving is None and self.unknown_effect is None and self.ninjutsu_cost is None \
            and not (self.resolved_unread and self.resolved_unread[-1][3] == self.last_line)

    def _unusual(self) -> None:
        self.ordinary = False

    # ------------------------------------------------------------ reporting
    def flag(self, stmt: n.Statement | None, key: str, message: str, related: tuple[str, ...] = ()) -> bool:
        """Report a violation of the rule `key` on the statement; False when the edition lacks the rule or the
        statement already has a finding."""
        if stmt is None:
            return False
        rule = self.edition.number(key)
        if rule is None:
            return False
        span = stmt.span
        at = (span.line, span.column)
        keyed = (span.line, rule)
        if keyed in self._flagged or at in self._flagged_stmt:
            return False
        self._flagged.add(keyed)
        self._flagged_stmt.add(at)
        if self.game.table.turn_controller is not None:   # a turn another player controls (711, current 722)
            message, related = self._controlled(stmt, message, related)
        rel = tuple(dict.fromkeys(self.edition.cite(related) + self.edition.related(key)))
        unread = self.explained or explaining_source(self.game, key, self.resolved_unread, stmt)
        if unread is not None:   # text the replay can't read may allow it: not judged (unread.py)
            self.findings.append(Finding(span.line, span.column, span.end_column, rule,
                                         f"not judged: {unread[0]}'s text may allow {unread[1]}", rel, NOTE,
                                         f"without that text: {message}"))
            return True
        self.findings.append(Finding(span.line, span.column, span.end_column, rule, message, rel))
        return True

    def _controlled(self, stmt: n.Statement, message: str, related: tuple[str, ...]) -> tuple[str, tuple[str, ...]]:
        """A finding on an action narrated under the name of the player who controls the active player's turn
        says whose action it is in the rules (711.3)."""
        controller = self.game.table.turn_controller
        actor = getattr(stmt, "player", None)
        if not isinstance(actor, n.Ref) or actor.text != controller:
            return message, related
        active = self.game.active
        return (f"{message} ({controller} controls {active} during this turn, but {active} is still the active "
                f"player and {active}'s permanents are still {active}'s: what {controller} decides for {active} is "
                f"narrated as {active}'s action)", (*related, "711.3", "711.5"))

    def warn(self, stmt: n.Statement, code: str, message: str) -> None:
        """A finding that is not a violation: something rulecheck could not judge."""
        self.findings.append(Finding(stmt.span.line, stmt.span.column, stmt.span.end_column, code, message,
                                     severity="warning"))

    def unflag(self, stmt: n.Statement, rule: str) -> None:
        """Withdraw the finding of `rule` on the statement: a later line showed that the statement's fault is
        another rule's (one fault, one finding)."""
        span = stmt.span
        kept = [f for f in self.findings if not (f.line == span.line and f.column == span.column and f.rule == rule)]
        if len(kept) != len(self.findings):
            self.findings = kept
            self._flagged.discard((span.line, rule))
            self._flagged_stmt.discard((span.line, span.column))

    def is_flagged(self, stmt: n.Statement) -> bool:
        return (stmt.span.line, stmt.span.column) in self._flagged_stmt

    def syntax(self, ref: n.Ref, line: int, message: str, hint: str | None = None) -> None:
        """A name that is not defined, or a statement the language doesn't allow here."""
        self._tool_finding("syntax", ref, line, message, hint)

    def state(self, ref: n.Ref, line: int, message: str) -> None:
        """The transcript says something the replayed game can't have: a permanent that isn't there."""
        self._tool_finding("state", ref, line, message)

    def _tool_finding(self, code: str, ref: n.Ref, line: int, message: str, hint: str | None = None) -> None:
        key = (line, code)
        if key in self._flagged:
            return
        self._flagged.add(key)
        self.findings.append(Finding(line, ref.column, ref.end_column, code, message, hint=hint))
