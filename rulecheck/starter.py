"""`rulecheck new`: a starter transcript for a judge to edit: the players, two card definitions, a starting
state, one turn with a heading and a comment for every step, and a simple attack. It is written in implicit
priority, as judges write, and it checks clean (tests/test_first_try.py checks it for two and for four players)."""

from __future__ import annotations

import sys
from pathlib import Path

import click

from .parser import SyntaxProblem, parse_line

_STEPS = (
    ("untap step", "the active player's permanents untap; nobody gets priority"),
    ("upkeep step", "'at the beginning of your upkeep' triggers go on the stack here"),
    ("draw step", "the active player draws a card (write 'Alice draws a card' only if it matters)"),
    ("precombat main phase", "lands and sorcery-speed spells: 'Alice plays Forest', 'Alice casts Grizzly Bears'"),
    ("beginning of combat step", None),
    ("declare attackers step", None),
    ("declare blockers step", None),
    ("combat damage step", "damage as the rules assign it; say the results you want checked"),
    ("end of combat step", None),
    ("postcombat main phase", None),
    ("end step", "'at the beginning of the end step' triggers"),
    ("cleanup step", "the active player discards down to seven; damage wears off"),
)


def starter(players: list[str]) -> str:
    """The starter transcript for these players (the first takes the turn and attacks the second)."""
    active, defender = players[0], players[1]
    out = [
        "# A starter transcript: edit it to tell what happened, then run 'rulecheck check' on it.",
        "# '#' starts a comment. The whole language: docs/transcript-language.md",
        "title: A new game",
        f"players: {', '.join(players)}",
        "priority: implicit",
        "",
        "# the cards: name, then types and power/toughness, then abilities",
        "card Grizzly Bears: creature 2/2",
        "card Hill Giant: creature 3/3",
        "card Forest: basic land",
        "",
        "# the game as it stands when the story begins",
        f"{active} controls Grizzly Bears, Forest",
        f"{defender} controls Hill Giant",
        f"{defender}: life 20",
        "",
        "# a turn: its number and whose it is. Name the steps where something happens; the steps you leave",
        "# out pass with nothing of note. Write '...' for a stretch you skip on purpose.",
        f"turn 3: {active}",
    ]
    for step, comment in _STEPS:
        out.append(step + (f"   # {comment}" if comment else ""))
        if step == "beginning of combat step" and len(players) > 2:
            out.append(f"{active} chooses {defender} as defending player")
        elif step == "declare attackers step":
            out.append(f"{active} attacks {defender} with Grizzly Bears")
        elif step == "declare blockers step":
            out.append(f"{defender} declares no blockers")
        elif step == "combat damage step":
            out.append(f"{defender} has 18 life")
    return "\n".join(out) + "\n"


@click.command(name="new")
@click.option("--players", default="Alice,Bob", metavar="A,B,...", show_default=True,
              help="The players, in turn order (two or more).")
@click.option("-o", "--output", metavar="FILE", default=None, help="Write the transcript here instead of printing it.")
@click.option("--force", is_flag=True, help="Overwrite FILE if it exists.")
def new(players: str, output: str | None, force: bool) -> None:
    """Write a starter transcript to edit: players, card definitions, a turn with every step named."""
    names = [p.strip() for p in players.split(",") if p.strip()]
    if len(names) < 2 or len(set(names)) != len(names):
        raise click.UsageError("--players needs two or more different names, separated by commas")
    if isinstance(parse_line(f"players: {', '.join(names)}", 1), SyntaxProblem) or \
            any(not n[0].isupper() or "," in n for n in names):
        raise click.UsageError("player names start with a capital letter (for example --players Alice,Bob)")
    text = starter(names)
    if output is None:
        sys.stdout.write(text)
        return
    path = Path(output)
    if path.exists() and not force:
        raise click.UsageError(f"{output} exists; use --force to overwrite it")
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as err:
        raise click.UsageError(f"cannot write {output}: {err.strerror or err}") from err
    click.echo(f"wrote {output}; check it with: rulecheck check {output}", err=True)
