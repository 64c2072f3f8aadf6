"""Statements of turn structure and priority: step and phase boundaries, passes, extra turns and phases,
skipped steps and turns."""

from __future__ import annotations

from .base import Ref, Statement


class StepBoundary(Statement):
    step: str
    edge: str  # "begins", "ends", or "heading": the bare step name, which begins it (a heading in implicit text)


class TurnEnd(Statement):
    number: int


class Gap(Statement):
    pass


class DayNight(Statement):
    """It becomes day or night (current 730): an effect, or the untap step's check narrated."""

    which: str


class AssertDayNight(Statement):
    """'it is day' / 'it is night': an assertion about the game's designation."""

    which: str


class BecomesMonarch(Statement):
    """A player becomes the monarch (current 724)."""

    player: Ref


class EndTheTurn(Statement):
    """An effect ends the turn (Time Stop): the game goes straight to the cleanup step."""


class PassPriority(Statement):
    player: Ref


class AllPass(Statement):
    pass

class ExtraTurn(Statement):
    player: Ref


class ExtraPhase(Statement):
    player: Ref
    steps: tuple[str, ...]
    after: str = ""     # where it goes, as written after "after" ("this phase", "this step", ...); "" unsaid


class SkipStep(Statement):
    player: Ref
    step: str
    this_turn: bool


class SkipTurn(Statement):
    player: Ref
