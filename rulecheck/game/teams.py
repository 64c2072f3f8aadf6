"""Teams: the Two-Headed Giant variant (CR 810) and its shared team turns (805). Who is on which team, the team
whose turn it is, the other team, and each team's shared life total. Knows no rule numbers.

In a game without teams every player is a team of one, and each question here costs one comparison more than
the two-player question it replaces."""

from __future__ import annotations

from dataclasses import fields

from .game import Game
from .objects import PlayerState

TWO_HEADED_GIANT = "two-headed giant"
TEAM_LIFE = 30   # a Two-Headed Giant team's starting life total (810.4)


class TeamPlayerState(PlayerState):
    """A player whose life total is the team's: damage, life loss and life gain happen to the player, and the
    result is applied to the total the team shares (810.9); reading it gives the team's total (810.9a)."""

    __slots__ = ("shared",)

    def __init__(self, name: str, shared: list[int]) -> None:
        self.shared = shared
        super().__init__(name, _life=shared[0])

    @property
    def life(self) -> int:
        return self.shared[0]

    @life.setter
    def life(self, value: int) -> None:   # the table isn't told: a team's loss (810.8) is not modelled
        self.shared[0] = value


def form_teams(g: Game, teams: list[tuple[str, ...]]) -> None:
    """Make the teams: each player's state keeps what it has, and the team's players share one life total, 30
    unless the setup says otherwise (810.4)."""
    default = PlayerState("").life
    for team in teams:
        # a life total the setup stated before the teams were named is the team's
        shared = [next((g.pstate[p].life for p in team if g.pstate[p].life != default), TEAM_LIFE)]
        for name in team:
            old = g.pstate[name]
            ps = TeamPlayerState(name, shared)
            for f in fields(PlayerState):
                if f.name != "life":
                    setattr(ps, f.name, getattr(old, f.name))
            ps.team = team
            g.pstate[name] = ps
    g.teamed = True


def has_teams(g: Game) -> bool:
    if not g.teamed:
        return False
    ps = g.pstate.get(g.active) if g.active else None
    return ps is not None and bool(ps.team)


def teammates(g: Game, player: str) -> tuple[str, ...]:
    """The players of `player`'s team, `player` included: `(player,)` in a game without teams."""
    if not g.teamed:
        return (player,)
    ps = g.pstate.get(player)
    return ps.team if ps is not None and ps.team else (player,)


def is_active(g: Game, player: str) -> bool:
    """Whether `player` is an active player: the active player, or a player of the active team (805.4a)."""
    if player == g.active:
        return True
    if not g.teamed:
        return False
    ps = g.pstate.get(g.active)
    return ps is not None and player in ps.team


def active_players(g: Game) -> tuple[str, ...]:
    return teammates(g, g.active)


def turn_of(g: Game, player: str) -> str:
    """The active player as `player` sees the turn: `player` in their own team's turn ("your upkeep" is theirs,
    805.4), else the active player."""
    return player if is_active(g, player) else g.active


def whose_turn(g: Game) -> str:
    """The turn's owner in words: 'Alice', or 'Alice & Anna' in a team's turn."""
    return " & ".join(active_players(g))


def active_side(g: Game) -> str:
    """Who gets priority first, in words: 'the active player, Alice' or 'the active team, Alice & Anna'."""
    return f"the active team, {whose_turn(g)}," if has_teams(g) else f"the active player, {g.active},"


def next_in_turn_order(g: Game, player: str) -> str:
    """The player after `player` in turn order, passing over `player`'s teammates: with teams, the next team's
    first player (805.4: teams take turns, not players)."""
    own = teammates(g, player)
    i = g.players.index(player)
    for k in range(1, len(g.players) + 1):
        nxt = g.players[(i + k) % len(g.players)]
        if nxt not in own:
            return nxt
    return player


def opponents(g: Game, player: str) -> list[str]:
    """The players not on `player`'s team."""
    own = teammates(g, player)
    return [x for x in g.players if x not in own]
