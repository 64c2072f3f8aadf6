"""Phasing indirectly (702.24f, current 702.26g): the Auras and Equipment attached to a permanent phase out with
it, whoever controls them, and such a one phases in only along with it."""

from __future__ import annotations

from collections.abc import Callable, Iterable

from .objects import Permanent


def phase_attached(battlefield: Iterable[Permanent], p: Permanent, out: bool,
                   phase: Callable[[Permanent], None]) -> None:
    """p just phased out (or in): what is attached to it follows, indirectly (`phase` phases one the same way)."""
    for q in [q for q in battlefield if q.attached_pid == p.pid and q is not p]:
        if q.phased_out != out and (out or q.phased_indirectly):
            phase(q)
            q.phased_indirectly = out
