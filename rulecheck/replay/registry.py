"""The handler table: which function replays each statement class, and which rules it checks.

Handler modules register with `@handles(StatementClass, ..., checks=("510.1c", ...))`; the engine looks the
handler up by the statement's class (one dict lookup). `checks` names the rule keys the handler (with the
helpers it calls) can report; `rulecheck rules --format json` shows them, and a test compares them with the keys
the handler modules really flag.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Literal

from .. import nodes as n
from ..records import record
from .context import Replay

When = Literal["game", "setup", "any"]
HandlerFunction = Callable[[Replay, Any], None]


@record(frozen=True, slots=True)
class Handler:
    function: HandlerFunction
    when: When              # game: after the first turn header; setup: before it; any: both
    checks: tuple[str, ...]

    @property
    def name(self) -> str:
        return f"{self.function.__module__}.{self.function.__qualname__}"


HANDLERS: dict[type[n.Statement], Handler] = {}
# functions the engine calls when a group of lines closes (a declaration, an assignment), with what they check
CLOSERS: list[Handler] = []


def handles(*types: type[n.Statement], when: When = "game",
            checks: tuple[str, ...] = ()) -> Callable[[HandlerFunction], HandlerFunction]:
    def register(function: HandlerFunction) -> HandlerFunction:
        for t in types:
            if t in HANDLERS:
                raise RuntimeError(f"{t.__name__} has two handlers: {HANDLERS[t].name} and {function.__qualname__}")
            HANDLERS[t] = Handler(function, when, checks)
        return function
    return register


def closes(checks: tuple[str, ...]) -> Callable[[HandlerFunction], HandlerFunction]:
    """Register a function the engine calls when a group of lines is complete."""
    def register(function: HandlerFunction) -> HandlerFunction:
        CLOSERS.append(Handler(function, "game", checks))
        return function
    return register


def checked_by(key: str) -> list[str]:
    """The handlers that report the rule `key`, by qualified name (for `rulecheck rules --format json`)."""
    return sorted({h.name for h in [*HANDLERS.values(), *CLOSERS] if key in h.checks})
