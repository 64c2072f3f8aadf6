"""The trace of one transcript: each line, the changes it made to the game, and its findings.

The engine calls `Recorder` after each line (`check_lines(..., observer=)`); it keeps only what changed since the
line before (a section that differs, a permanent that changed, arrived or left), so a long game costs memory in
proportion to what happens in it, not to lines times board size. `Trace.states()` folds the changes back into the
full state line by line.
"""

from __future__ import annotations

import copy
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ..diagnostics import Violation
from ..replay.context import Replay
from .state import PermanentReader, State, ZoneReader, snapshot

SECTIONS = ("turn", "players", "stack", "pending", "declaring")
Changes = dict[str, Any]


def empty_state() -> State:
    return {"turn": {"edition": "baseline", "number": None, "active": None, "phase": None, "step": None,
                     "between": None, "priority": None},
            "players": [], "permanents": {}, "stack": [], "pending": [], "declaring": None}


class Recorder:
    """An engine observer: the changes each line made, by line number."""

    def __init__(self) -> None:
        self.changes: dict[int, Changes] = {}
        self.failure: str | None = None     # the first line whose state could not be read, and why
        self._last: State = empty_state()
        self._permanents = PermanentReader()
        self._zones = ZoneReader()

    def __call__(self, line: int, r: Replay) -> None:
        try:
            now = snapshot(r, self._permanents, self._zones)
        except Exception as exc:  # noqa: BLE001 - a view that fails must not change what the check reports
            if self.failure is None:
                self.failure = f"line {line}: {type(exc).__name__}: {exc}"
            return
        self.changes[line] = diff(self._last, now)
        self._last = now


def diff(before: State, after: State) -> Changes:
    """What changed: each top-level section that differs, whole; permanents one by one (None: it left)."""
    out: Changes = {key: after[key] for key in SECTIONS if before[key] != after[key]}
    old, new = before["permanents"], after["permanents"]
    perms: dict[str, Any] = {pid: p for pid, p in new.items() if old.get(pid) is not p and old.get(pid) != p}
    perms.update({pid: None for pid in old if pid not in new})
    if perms:
        out["permanents"] = perms
    return out


def apply(state: State, changes: Changes) -> State:
    """The state after `changes` (a new dict; the old one is left as it was)."""
    out = dict(state)
    for key in SECTIONS:
        if key in changes:
            out[key] = changes[key]
    if "permanents" in changes:
        perms = dict(state["permanents"])
        for pid, p in changes["permanents"].items():
            if p is None:
                perms.pop(pid, None)
            else:
                perms[pid] = p
        out["permanents"] = perms
    return out


@dataclass(slots=True)
class TraceLine:
    """One line of the transcript that has a statement (or a finding): its text, what it changed, its findings."""

    line: int
    text: str
    changes: Changes = field(default_factory=dict)
    findings: list[Violation] = field(default_factory=list)


@dataclass
class Trace:
    path: str
    lines: list[TraceLine]
    failure: str | None = None      # the state after a line could not be read (a fault of rulecheck's)

    def states(self) -> Iterator[tuple[TraceLine, State]]:
        """Each line with the full state after it, in order (each state a fresh structure that shares unchanged
        sections with the one before: copy before changing it)."""
        state = empty_state()
        for entry in self.lines:
            if entry.changes:
                state = apply(state, entry.changes)
            yield entry, state

    def state_at(self, line: int) -> tuple[TraceLine, State] | None:
        """The entry of a line and the state after it: the last entry at or before `line`, or None."""
        found = None
        for entry, state in self.states():
            if entry.line > line:
                break
            found = (entry, state)
        return (found[0], copy.deepcopy(found[1])) if found else None

    @property
    def findings(self) -> list[Violation]:
        return [v for entry in self.lines for v in entry.findings]
