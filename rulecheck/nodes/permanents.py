"""Statements of what happens to permanents: tapping and untapping, phasing, leaving the battlefield,
control, attachment, regeneration, entering the battlefield."""

from __future__ import annotations

from .base import Condition, Ref, Statement


class UntapAll(Statement):
    player: Ref
    except_: tuple[Ref, ...]


class Untap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class Tap(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class BecomesTapped(Statement):
    permanent: Ref


class PhaseEvent(Statement):
    permanent: Ref
    direction: str  # in / out


class Leaves(Statement):
    permanent: Ref
    how: str  # dies, destroyed, exiled, sacrificed, left, hand, graveyard
    state_based: bool


class Sacrifice(Statement):
    player: Ref
    permanents: tuple[Ref, ...]


class Regenerate(Statement):
    permanent: Ref

class GainControl(Statement):
    player: Ref
    permanent: Ref
    duration: str | None = None        # None: for good; end_of_turn, end_of_combat, this_turn, while
    condition: Condition | None = None


class Attach(Statement):
    """'Bonesplitter becomes attached to Grizzly Bears': an Equipment (or an Aura) becomes attached."""

    attachment: Ref
    target: Ref


class RegenerationShield(Statement):
    permanent: Ref


class PutOntoBattlefield(Statement):
    player: Ref
    card: Ref
    tapped: bool
    attacking: Ref | None
    blocking: Ref | None
    token: bool
    count: int = 1
    from_zone: str | None = None   # "onto the battlefield from her graveyard"
    counters: tuple[tuple[str, int], ...] = ()   # "with two +1/+1 counters on it" (current 122.6)
