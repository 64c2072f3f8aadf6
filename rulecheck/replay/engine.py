"""The engine: feeds each statement to the handler registered for its class, collects the findings, and goes on
after a violation from what the transcript says happened.

It imports the handler modules (which register themselves); they never import it.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace

from .. import nodes as n
from ..cards.library import CardLibrary
from ..cards.library import active as active_library
from ..editions import BASELINE, Edition
from ..game.game import Game, NotOnBattlefield, UnknownName
from . import (  # noqa: F401, E501 - the modules register handlers
    actions,
    assertions,
    control,
    costs,
    counters,
    designations,
    effects,
    ending,
    facedown,
    gameover,
    mana,
    plan,
    priority,
    setup,
    stack,
    steps,
    zones,
)
from .combat import entering, orders  # noqa: F401
from .combat.damage import close_assignment
from .combat.declarations import close_declaration
from .context import Finding, Replay
from .headings import HEADING
from .registry import HANDLERS, Handler, HandlerFunction
from .steps import before_event, step_boundary

# statements of the game's state: they may say what a resolution with an unknown effect did
_ASSERTIONS = (n.AssertPT, n.AssertCount, n.AssertStatus, n.AssertDayNight)
_TURN_HEADER, _LEAVES = n.TurnHeader, n.Leaves   # (read once a statement: module names, not attribute lookups)
# what the game may make these say is read first
_READ_FIRST: frozenset[type[n.Statement]] = frozenset({n.Resolve, n.DeclareBlockers, n.DeclareAttackers})

LineObserver = Callable[[int, Replay], None]
"""Called with a line number and the replay once every statement of that line has been replayed (and a
declaration or assignment the next line doesn't continue has been judged): the state *after* the line. Views
(`rulecheck trace`, the editor's hover) read the replay there; they must not change it."""


class Engine:
    """Replays one transcript. Feed statements in order with :meth:`feed`, then :meth:`finish`; read
    :attr:`findings`. An `observer` (off by default: checking pays nothing for it) sees the state after each
    line."""

    def __init__(self, edition: Edition = BASELINE, observer: LineObserver | None = None,
                 cards: CardLibrary | None | bool = True) -> None:
        self.replay = Replay(edition)
        self.observer = observer
        self.unknown_names: dict[str, list[int]] = {}   # name -> [its finding's index, the lines folded into it]
        self.fold_unknown_names = True   # off for exams: each answer is a transcript of its own
        # the handlers the ordinary path calls: those of the statements the general path only dispatches once the
        # game has begun (not a setup statement)
        self.plain: dict[type[n.Statement], HandlerFunction] = {
            cls: h.function for cls, h in HANDLERS.items() if h.when != "setup" and cls not in _READ_FIRST}
        # a resolution and a declaration (a fifth of a game's statements) are read as the game may make them read
        # first (_read_first), which is all the general path does for them when nothing rare is pending
        for cls in _READ_FIRST:
            self.plain[cls] = _reading_first(HANDLERS[cls].function)
        # a card a transcript names without defining comes from this card database (True: the one set with
        # `rulecheck.cards.using`, if any; None: none)
        self.replay.game.cards.library = active_library() if cards is True else cards or None

    @property
    def findings(self) -> list[Finding]:
        return self.replay.findings

    # the ordinary path can be switched off (tests compare the findings of both paths on every fixture)
    ordinary_path = True

    def feed(self, stmt: n.Statement) -> None:
        r = self.replay
        line = stmt.span.line
        # the ordinary path: no rare state is pending (Replay.ordinary) and the line is this one or a later one, so
        # every step of the general path but the handler's call would do nothing for this statement
        # (tests/test_ordinary.py compares the two)
        function = self.plain.get(type(stmt)) if r.ordinary and line >= r.last_line else None
        if function is None:
            told = self._general(stmt)
            r.ordinary = self.ordinary_path and self.observer is None and r.is_ordinary()
            if told is None:
                return
            stmt, function = told[0], told[1].function
        else:
            r.last_line = r.game.line = line
        try:
            function(r, stmt)
        except UnknownName as err:
            told_cast = _cast_on(r.game, stmt, err)
            if told_cast is None:
                self._unknown(stmt, err)
            else:
                self.feed(told_cast)
        except NotOnBattlefield as err:
            r.state(err.ref, line, err.message)

    def _general(self, stmt: n.Statement) -> tuple[n.Statement, Handler] | None:
        """What comes before the handler when a rare state is pending (a resolution's effects narrated, a
        declaration to close, the game not begun or over, a gap...): the statement to replay and its handler,
        or None when it is not replayed."""
        r = self.replay
        g = r.game
        line = stmt.span.line
        previous = r.last_line
        if line != previous:
            if r.resolving_line != line:
                r.resolving = None   # a resolution describes what follows on its line only
            r.last_line = line
            g.line = line
        cls = type(stmt)
        handler = HANDLERS.get(cls)
        if r.resolved_unread and r.resolved_unread[-1][3] == line:   # the resolution's effect is narrated
            r.resolved_unread[:] = [e for e in r.resolved_unread if e[3] != line]   # (the game's list too)
        if r.unknown_effect is not None and not isinstance(stmt, _ASSERTIONS):
            r.unknown_effect = None   # the effect is narrated, or the game has moved on
        if r.declaration is not None or r.assigning is not None:
            self._close_groups(stmt)
        if self.observer is not None and line != previous and previous:
            self.observer(previous, r)
        if r.ninjutsu_cost is not None and cls is not _LEAVES:
            r.ninjutsu_cost = None   # the return of a ninjutsu cost is judged only when narrated right after it
        if cls in _READ_FIRST:
            stmt = _read_first(r, stmt)
        if handler is None:
            raise TypeError(f"no handler for {cls.__name__}")
        if g.table.watch and g.started and cls is not _TURN_HEADER and gameover.before_event(r, stmt):
            return None   # the game is over, or the statement's player has left it (104.1, 104.5)
        if not g.started:
            if isinstance(stmt, n.AssertCount) and stmt.what in ("life", "hand") and stmt.subject.text in g.pstate \
                    and not r.turn_written:
                stmt, handler = _starting_fact(g, stmt)
            if handler.when == "game":
                r.flag(stmt, "syntax", "this event comes before the first turn header ('turn N: PLAYER')")
                return None
        elif cls is not _TURN_HEADER:
            # before_event has something to check only in these states (most statements skip the call)
            if (r.mana_emptied is not None or r.gap or g.between_steps or g.between_turns) \
                    and not before_event(r, stmt):
                return None
            if handler.when == "setup":
                r.flag(stmt, "syntax", "this statement belongs in the setup, before the first turn header")
                return None
        return stmt, handler

    def _unknown(self, stmt: n.Statement, err: UnknownName) -> None:
        """An unknown name makes one finding, with its hint; the lines that only repeat it are folded into it
        (the statement is left out of the replay either way). An attack declared with unknown creatures is still
        an attack, so the combat steps after it are not judged as if none had attacked."""
        r = self.replay
        if isinstance(stmt, n.DeclareAttackers) and stmt.attackers:
            r.game.combat_attackers_declared = True
            if r.declaration is not None and not r.declaration.pairs:
                r.declaration = None   # nothing known to judge: not a declaration of no attackers
        name = err.ref.text
        first = self.unknown_names.get(name)
        if first is not None and self.fold_unknown_names:
            first.append(stmt.span.line)
            return
        before = len(r.findings)
        r.syntax(err.ref, stmt.span.line, str(err), _unknown_card_hint(err, r.game.cards.library is not None))
        if len(r.findings) > before and name not in self.unknown_names:
            self.unknown_names[name] = [before]

    def _fold_unknown_names(self) -> None:
        r = self.replay
        for index, *lines in self.unknown_names.values():
            if lines:
                f = r.findings[index]
                shown = ", ".join(str(x) for x in sorted(set(lines)))
                r.findings[index] = replace(f, message=f"{f.message} (also on line{'s' if len(set(lines)) > 1 else ''} "
                                                       f"{shown}, left out of the replay with it)")

    def add_card(self, stmt: n.CardDef) -> None:
        """A card definition read from a YAML card file."""
        setup.add_card(self.replay, stmt)

    def finish(self) -> None:
        """End of transcript: close anything still open."""
        self._close_groups(None)
        self._fold_unknown_names()
        if self.observer is not None and self.replay.last_line:
            self.observer(self.replay.last_line, self.replay)

    def _close_groups(self, stmt: n.Statement | None) -> None:
        """Judge a declaration or damage assignment once a statement that doesn't continue it arrives
        (``stmt`` None: the end of the transcript)."""
        r = self.replay
        if r.declaration is not None and (stmt is None or not _continues_declaration(stmt, r.declaration.kind)):
            decl = r.declaration
            r.declaration = None
            close_declaration(r, decl)
        if r.assigning is not None and not isinstance(stmt, n.AssignDamage):
            group = r.assigning
            r.assigning = None
            close_assignment(r, group)


def _reading_first(function: HandlerFunction) -> HandlerFunction:
    """The handler of a statement the game may make read otherwise, for the ordinary path."""
    def handle(r: Replay, stmt: n.Statement) -> None:
        function(r, _read_first(r, stmt))
    return handle


def _read_first(r: Replay, stmt: n.Statement) -> n.Statement:
    """A resolution naming a stack object by a short form reads as its full name; a block in an implicit
    declare attackers step may say the declare blockers step began, and an attack in an implicit beginning of
    combat step the declare attackers step."""
    g = r.game
    if isinstance(stmt, n.Resolve):
        if g.stack and all(i.source != stmt.source.text for i in g.stack):
            return _stack_name_in_full(g, stmt)
    elif g.mode != "implicit" or g.between_steps:
        pass
    elif isinstance(stmt, n.DeclareBlockers) and g.step == "declare attackers step":
        implied_blockers_step(r, stmt)
    elif isinstance(stmt, n.DeclareAttackers) and g.step == "beginning of combat step":
        implied_attackers_step(r, stmt)
    return stmt


def implied_blockers_step(r: Replay, stmt: n.Statement) -> None:
    """Implicit priority: a block declared in a declare attackers step that began as a heading says that step
    ended and the declare blockers step began (its heading left out). A transcript that narrates its steps as
    events ('declare attackers step begins') says where each begins, and a block before that is 703.4g."""
    g = r.game
    if r.by_heading and g.plan and g.plan[0].step == "declare blockers step" and g.combat_attackers_declared:
        step_boundary(r, n.StepBoundary(stmt.span, "declare blockers step", HEADING))


def implied_attackers_step(r: Replay, stmt: n.Statement) -> None:
    """Likewise, an attack declared in a beginning of combat step that began as a heading ('Combat', not the
    step the turn header joined) says the declare attackers step began."""
    g = r.game
    if r.by_heading and len(g.turn_steps) > 1 and g.plan and g.plan[0].step == "declare attackers step" \
            and r.first_other is None:
        step_boundary(r, n.StepBoundary(stmt.span, "declare attackers step", HEADING))


def _starting_fact(g: Game, stmt: n.AssertCount) -> tuple[n.Statement, Handler]:
    """'Bob has 20 life' before the first turn says how the game starts: 'Bob: life 20' (noted as read so)."""
    fact = f"{stmt.subject.text}: {stmt.what} {stmt.count}"
    written = f"{stmt.subject.text} has {stmt.count} {'cards in hand' if stmt.what == 'hand' else 'life'}"
    g.readings.append((n.Ref(written, stmt.span.column, stmt.span.end_column), fact, ()))
    told = n.PlayerState(stmt.span, stmt.subject, (n.Fact(stmt.what, stmt.count),))
    return told, HANDLERS[n.PlayerState]


def _cast_on(g: Game, stmt: n.Statement, err: UnknownName) -> n.Cast | None:
    """'Alice casts Giant Growth on Grizzly Bears' (or 'on her Grizzly Bears', 'at Hill Giant'): the grammar reads
    one name where the caster wrote a spell and its target; when the name is unknown and the words before ' on '
    name a card, the spell targets the rest."""
    if not isinstance(stmt, n.Cast) or err.ref is not stmt.card:
        return None
    word = " on " if " on " in stmt.card.text else " at "   # 'Lightning Bolt at Hill Giant': a known target only
    spell, _, target = stmt.card.text.rpartition(word)
    at = stmt.card.column + len(spell) + 4
    owner, space, rest = target.partition(" ")
    if owner in ("her", "his", "their", "the", "its") and space:
        target, at = rest, at + len(owner) + 1   # 'on her Grizzly Bears'
    if not spell or g.cards.find(spell) is None or not target[:1].isupper() \
            or (word == " at " and target not in g.pstate and g.find_perm_quietly(n.Ref(target, 1, 1)) is None):
        return None
    ref = n.Ref(target, at, at + len(target))
    written = n.Ref(stmt.card.text, stmt.card.column, stmt.card.end_column)
    g.readings.append((written, f"{spell} targeting {target}", ()))
    return n.replace(stmt, card=n.Ref(spell, stmt.card.column, stmt.card.column + len(spell)),
                     targets=(n.Target("object", ref, target), *stmt.targets))


def _stack_name_in_full(g: Game, stmt: n.Resolve) -> n.Resolve:
    """'Bolt resolves' with Lightning Bolt on the stack: the short form of the name means the object on it."""
    full = g.short_name(stmt.source, {i.source for i in g.stack})
    return stmt if full is None else n.replace(stmt, source=n.Ref(full, stmt.source.column, stmt.source.end_column))


def _unknown_card_hint(err: UnknownName, with_library: bool) -> str | None:
    """Without a card database, say where a card's facts can come from."""
    if with_library or not str(err).startswith(("unknown card", "unknown permanent")) or err.suggestion is not None:
        return None
    return (f"define it ('card {err.ref.text}: creature 2/2') or give a card database: "
            "rulecheck check --cards FILE (Scryfall or MTGJSON; 'rulecheck cards fetch' downloads one)")


def _continues_declaration(stmt: n.Statement, kind: str) -> bool:
    if isinstance(stmt, n.DeclareAttackers) and kind == "attack" and stmt.attackers:
        return True
    if isinstance(stmt, n.DeclareBlockers) and kind == "block" and stmt.blockers:
        return True
    if isinstance(stmt, (n.PayMana, n.PayLife)) and stmt.purpose in (None, "attack" if kind == "attack" else "block"):
        return True
    return isinstance(stmt, (n.TapForMana, n.AddMana))
