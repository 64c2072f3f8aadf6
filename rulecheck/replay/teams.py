"""Two-Headed Giant (baseline and current 810; the shared team turns option, 805): the header that names the
format and its teams, and a team's turn header. The rules the variant changes are asked where they apply, through
`game/teams.py`: who the active players are (805.4a), who attacks, defends and blocks (810.7 / 805.10), the shared
life total (810.4, 810.9). Other team variants are refused with a diagnostic, never judged as if they were
two-player games."""

from __future__ import annotations

from .. import nodes as n
from ..game.objects import PlayerState
from ..game.teams import TWO_HEADED_GIANT, form_teams, teammates
from .context import Replay
from .registry import handles

# variants of the multiplayer rules (800-811) and casual variants (900-) that rulecheck doesn't model, with what to
# write instead where the language has it
UNSUPPORTED_FORMATS = {
    "free-for-all": "a Free-for-All game needs no format line: list its players ('players: ...') and its options "
                    "('option: attack left')",
    "archenemy": "write 'archenemy: NAME' in the header; the shared team turns of the archenemy's opponents are "
                 "not modelled",
    "three-headed giant": "Two-Headed Giant with teams of more than two players (810.11) is not modelled",
    "grand melee": "Grand Melee (807) is not modelled",
    "team vs. team": "Team vs. Team (808) is not modelled",
    "emperor": "the Emperor variant (809) is not modelled",
    "alternating teams": "Alternating Teams (811) is not modelled",
}


def _unsupported(name: str) -> str:
    hint = UNSUPPORTED_FORMATS.get(name) or UNSUPPORTED_FORMATS.get(name.replace(" variant", ""))
    if hint is None and "headed giant" in name:
        hint = UNSUPPORTED_FORMATS["three-headed giant"]
    return (f"the format '{name}' is not supported: rulecheck models the Two-Headed Giant variant "
            f"('format: {TWO_HEADED_GIANT}', two teams of two players)" + (f"; {hint}" if hint else ""))


@handles(n.GameFormat, when="setup")
def game_format(r: Replay, stmt: n.GameFormat) -> None:
    if stmt.name != TWO_HEADED_GIANT:
        r.flag(stmt, "syntax", _unsupported(stmt.name))
        return
    if not r.edition.has_two_headed_giant:
        r.flag(stmt, "syntax", f"the {r.edition.name} edition has no Two-Headed Giant variant; it is judged under "
                               "the baseline and current editions")
        return
    r.team_format = stmt


@handles(n.Teams, when="setup")
def teams(r: Replay, stmt: n.Teams) -> None:
    """`teams: Alice & Anna, Bob & Bill`: the players of each team (810.1), who share a life total (810.4)."""
    g = r.game
    names = [tuple(ref.text for ref in team) for team in stmt.teams]
    seen: list[str] = [p for team in names for p in team]
    problem = None
    if r.team_header is not None:
        problem = f"the teams were already named on line {r.team_header.span.line}"
    elif len(names) != 2:
        problem = f"a Two-Headed Giant game has two teams (810.1), not {len(names)}; other team variants are not " \
                  "supported"
    elif any(len(team) != 2 for team in names):
        problem = "each Two-Headed Giant team has two players (810.1); teams of more players (810.11) are not " \
                  "supported"
    elif len(set(seen)) != len(seen):
        problem = "a player is named on two teams"
    elif g.players and set(g.players) != set(seen):
        problem = "the teams name other players than 'players:' does (" + ", ".join(g.players) + ")"
    if problem is not None:
        r.flag(stmt, "syntax", problem)
        return
    if not g.players:   # the teams name the players, in turn order
        for p in seen:
            g.players.append(p)
            g.pstate[p] = PlayerState(p)
    form_teams(g, names)
    r.team_header = stmt


def team_turn(r: Replay, stmt: n.TurnHeader) -> None:
    """A turn header in a game with teams, or with a team's turn: the header names the team whose turn it is
    (805.4a); the first turn checks that the format and the teams were both named."""
    g = r.game
    if not g.started:
        if r.team_format is not None and r.team_header is None:
            r.flag(r.team_format, "syntax", "a Two-Headed Giant game names its teams in the header, as in "
                                            "'teams: Alice & Anna, Bob & Bill'")
        elif r.team_header is not None and r.team_format is None and r.edition.has_two_headed_giant:
            r.flag(r.team_header, "syntax", "teams play a team format: write 'format: two-headed giant' in the "
                                            "header (the only team format rulecheck models)")
    if not stmt.teammates:
        return
    player = stmt.player.text
    if r.team_header is None:
        r.flag(stmt, "syntax", "a team's turn needs the teams in the header, as in 'teams: Alice & Anna, Bob & Bill'")
        return
    team = teammates(g, player)
    for ref in stmt.teammates:
        if ref.text not in team:
            r.flag(stmt, "syntax", f"{ref.text} is not on {player}'s team ({' & '.join(team)})")
            return
