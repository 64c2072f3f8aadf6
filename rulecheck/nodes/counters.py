"""Statements of counters put and removed during play (baseline 121, current 122), face-down permanents turned
face up (baseline 707, current 708), the end of the game (104, 704.5a-c) and control of another player's turn
(baseline 711, current 722)."""

from __future__ import annotations

from .base import Ref, Statement


class CounterChange(Statement):
    """Counters put on or removed from a permanent or a player. `counters` is ((kind, how many), ...); `player`
    is who puts or removes them when the narration says so; `state_based` marks the removal of +1/+1 and -1/-1
    counters as a state-based action."""

    subject: Ref
    counters: tuple[tuple[str, int], ...]
    removed: bool
    player: Ref | None = None
    state_based: bool = False


class TurnFaceUp(Statement):
    """`Alice turns Glacial Stalker face up paying {4}{U} from pool`: a special action."""

    player: Ref
    permanent: Ref
    cost: str | None = None
    from_pool: bool = False


class LoseGame(Statement):
    """`Bob loses the game` (a state-based action or an effect) or `Bob concedes` (104.3a)."""

    player: Ref
    conceded: bool = False
    state_based: bool = False


class ControlPlayer(Statement):
    """`Alice controls Bob during Bob's next turn` or `Alice controls Bob's turn 7` (baseline 711, current 722)."""

    controller: Ref
    controlled: str
    turn: int | None = None
