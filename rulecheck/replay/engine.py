"""The engine: feeds each statement to the handler registered for its class, collects the findings, and goes on
after a violation from what the transcript says happened.

It imports the handler modules (which register themselves); they never import it.
"""

from __future__ import annotations

from collections.abc import Callable

from .. import nodes as n
from ..cards.library import CardLibrary
from ..cards.library import active as active_library
from ..editions import BASELINE, Edition
from ..game.game import NotOnBattlefield, UnknownName
from . import actions, assertions, costs, designations, effects, ending, mana, plan, setup, stack, steps, zones  # noqa: F401, E501 - the modules register handlers
from .combat import entering, orders  # noqa: F401
from .combat.damage import close_assignment
from .combat.declarations import close_declaration
from .context import Finding, Replay
from .registry import HANDLERS, Handler
from .steps import before_event

# statements of the game's state: they may say what a resolution with an unknown effect did
_ASSERTIONS = (n.AssertPT, n.AssertCount, n.AssertStatus, n.AssertDayNight)
_TURN_HEADER, _LEAVES = n.TurnHeader, n.Leaves   # (read once a statement: module names, not attribute lookups)

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
        # a card a transcript names without defining comes from this card database (True: the one set with
        # `rulecheck.cards.using`, if any; None: none)
        self.replay.game.cards.library = active_library() if cards is True else cards or None

    @property
    def findings(self) -> list[Finding]:
        return self.replay.findings

    def feed(self, stmt: n.Statement) -> None:
        r = self.replay
        g = r.game
        line = stmt.span.line
        previous = r.last_line
        if line != previous:
            if r.resolving_line != line:
                r.resolving = None
            r.last_line = line
            g.line = line
        if r.unknown_effect is not None and not isinstance(stmt, _ASSERTIONS):
            r.unknown_effect = None   # the effect is narrated, or the game has moved on
        if r.declaration is not None or r.assigning is not None:
            self._close_groups(stmt)
        if self.observer is not None and line != previous and previous:
            self.observer(previous, r)
        cls = type(stmt)
        if r.ninjutsu_cost is not None and cls is not _LEAVES:
            r.ninjutsu_cost = None   # the return of a ninjutsu cost is judged only when narrated right after it
        handler: Handler | None = HANDLERS.get(cls)
        if handler is None:
            raise TypeError(f"no handler for {cls.__name__}")
        if not g.started:
            if handler.when == "game":
                r.flag(stmt, "syntax", "this event comes before the first turn header ('turn N: PLAYER')")
                return
        elif cls is not _TURN_HEADER:
            # before_event has something to check only in these states (most statements skip the call)
            if (r.mana_emptied is not None or r.gap or g.between_steps or g.between_turns) \
                    and not before_event(r, stmt):
                return
            if handler.when == "setup":
                r.flag(stmt, "syntax", "this statement belongs in the setup, before the first turn header")
                return
        try:
            handler.function(r, stmt)
        except UnknownName as err:
            r.syntax(err.ref, line, str(err), _unknown_card_hint(err, g.cards.library is not None))
        except NotOnBattlefield as err:
            r.state(err.ref, line, err.message)

    def add_card(self, stmt: n.CardDef) -> None:
        """A card definition read from a YAML card file."""
        setup.add_card(self.replay, stmt)

    def finish(self) -> None:
        """End of transcript: close anything still open."""
        self._close_groups(None)
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
