"""Statements of the zones beside the battlefield, the hand and the stack (400-408): a card in a zone in the starting
state, searching, shuffling and milling a library, returning a card to its owner's hand, declining a cast an
effect allows, and a time counter removed from a suspended card."""

from __future__ import annotations

from .base import Ref, Statement
from .header import Fact


class InZone(Statement):
    """'Alice has Durkwood Baloth in exile: 1 time counter': a card in a zone, with its facts."""

    player: Ref
    card: Ref
    zone: str              # library, graveyard, exile, command, hand
    facts: tuple[Fact, ...]


class Search(Statement):
    """'Alice searches her library for Forest [and puts it onto the battlefield tapped | into her hand]'."""

    player: Ref
    card: Ref
    dest: str | None       # battlefield, hand, or None: put somewhere by a later statement
    tapped: bool = False


class Shuffle(Statement):
    player: Ref


class Mill(Statement):
    player: Ref
    count: int


class ReturnToHand(Statement):
    """'Alice returns Gravedigger to her hand': from her graveyard (or exile), or a permanent from the battlefield."""

    player: Ref
    card: Ref


class DeclineCast(Statement):
    """'Alice doesn't cast Staggershock': a "may cast" declined as its ability resolves."""

    player: Ref
    card: Ref


class TimeCounterRemoved(Statement):
    """'a time counter is removed from Durkwood Baloth'."""

    target: Ref
