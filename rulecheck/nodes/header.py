"""Statements of the header, the card definitions and the starting state (read before turn 1), and the
turn header."""

from __future__ import annotations

from .base import Ability, Node, Ref, Statement


class Title(Statement):
    text: str


class Players(Statement):
    names: tuple[Ref, ...]


class Edition(Statement):
    name: str
    name_column: int = 0      # where the name is written on the line (0: unknown)


class PriorityMode(Statement):
    mode: str


class AbilitiesUnknown(Statement):
    """`abilities: unknown`: the cards may have abilities their definitions don't list (an imported log)."""


class Include(Statement):
    path: str


class Option(Statement):
    text: str


class Archenemy(Statement):
    player: Ref


class GameFormat(Statement):
    """`format: two-headed giant`: the multiplayer variant the game is played in."""

    name: str


class Teams(Statement):
    """`teams: Alice & Anna, Bob & Bill`: the teams, each a tuple of its players."""

    teams: tuple[tuple[Ref, ...], ...]


class CardDef(Statement):
    name: str
    name_column: int
    types: tuple[str, ...]
    power: int | None
    toughness: int | None
    loyalty: int | None
    abilities: tuple[Ability, ...]
    mana_cost: str | None = None
    subtypes: tuple[str, ...] = ()     # lower case, from the type line's dash (`creature — Wall`)


class Fact(Node):
    key: str
    value: object = None


class PlayerState(Statement):
    player: Ref
    facts: tuple[Fact, ...]


class PermanentSpec(Node):
    ref: Ref
    facts: tuple[Fact, ...]


class Controls(Statement):
    player: Ref
    permanents: tuple[PermanentSpec, ...]


class Holds(Statement):
    player: Ref
    cards: tuple[Ref, ...]


class DelayedTrigger(Statement):
    source: Ref
    trigger: str


class TurnHeader(Statement):
    number: int
    player: Ref
    extra: bool
    in_step: str | None
    teammates: tuple[Ref, ...] = ()   # a team's turn: 'turn 5: Alice & Anna' (player Alice, teammates Anna)
    controlled_by: str | None = None   # `turn 6: Bob (controlled by Alice)` (baseline 711, current 722)


SETUP_KINDS = (Title, Players, Edition, PriorityMode, AbilitiesUnknown, Include, Option, Archenemy, CardDef,
               PlayerState, GameFormat, Teams,
               Controls, Holds, DelayedTrigger)
