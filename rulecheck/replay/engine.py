"""The engine: feeds each statement to the handler registered for its class, collects the findings, and goes on
after a violation from what the transcript says happened.

It imports the handler modules (which register themselves); they never import it.
"""

from __future__ import annotations

from .. import nodes as n
from ..editions import BASELINE, Edition
from ..game.game import NotOnBattlefield, UnknownName
from . import assertions, designations, effects, ending, mana, plan, setup, stack, steps, zones  # noqa: F401 - the modules register handlers
from .combat import entering, orders  # noqa: F401
from .combat.damage import close_assignment
from .combat.declarations import close_declaration
from .context import Finding, Replay
from .registry import HANDLERS, Handler
from .steps import before_event


class Engine:
    """Replays one transcript. Feed statements in order with :meth:`feed`, then :meth:`finish`; read
    :attr:`findings`."""

    def __init__(self, edition: Edition = BASELINE) -> None:
        self.replay = Replay(edition)

    @property
    def findings(self) -> list[Finding]:
        return self.replay.findings

    def feed(self, stmt: n.Statement) -> None:
        r = self.replay
        g = r.game
        line = stmt.span.line
        if line != r.last_line:
            if r.resolving_line != line:
                r.resolving = None
            r.last_line = line
            g.line = line
        if r.declaration is not None or r.assigning is not None:
            self._close_groups(stmt)
        cls = type(stmt)
        handler: Handler | None = HANDLERS.get(cls)
        if handler is None:
            raise TypeError(f"no handler for {cls.__name__}")
        if not g.started:
            if handler.when == "game":
                r.flag(stmt, "syntax", "this event comes before the first turn header ('turn N: PLAYER')")
                return
        elif cls is not n.TurnHeader:
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
            r.syntax(err.ref, line, str(err))
        except NotOnBattlefield as err:
            r.state(err.ref, line, err.message)

    def add_card(self, stmt: n.CardDef) -> None:
        """A card definition read from a YAML card file."""
        setup.add_card(self.replay, stmt)

    def finish(self) -> None:
        """End of transcript: close anything still open."""
        self._close_groups(None)

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


def _continues_declaration(stmt: n.Statement, kind: str) -> bool:
    if isinstance(stmt, n.DeclareAttackers) and kind == "attack" and stmt.attackers:
        return True
    if isinstance(stmt, n.DeclareBlockers) and kind == "block" and stmt.blockers:
        return True
    if isinstance(stmt, n.PayMana) and stmt.purpose in (None, "attack" if kind == "attack" else "block"):
        return True
    return isinstance(stmt, (n.TapForMana, n.AddMana))
