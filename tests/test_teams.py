"""Two-Headed Giant (baseline and current 810, shared team turns 805): the team fixtures give exactly their findings
under both editions, with each edition's numbers; the other team variants get a diagnostic. (The shared acceptance
folder of issue 28, Two-Headed Giant included, is graded whole in test_cardtext.py.)"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecheck.checker import check_text
from rulecheck.config import Config
from rulecheck.game.game import Game
from rulecheck.game.objects import PlayerState
from rulecheck.game.teams import form_teams, is_active, next_in_turn_order, opponents

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures" / "coverage").glob("teams-*.transcript")) + \
    sorted((ROOT / "fixtures" / "rules").glob("506.2b-*.transcript"))
_EXPECT = re.compile(r"#\s*expect:\s*([0-9a-z.,\s-]+)")
_EXPECT_CURRENT = re.compile(r"#\s*expect-current:\s*([0-9a-z.,\s-]+)")

HEADER = """format: two-headed giant
teams: Alice & Anna, Bob & Bill
players: Alice, Anna, Bob, Bill
card Grizzly Bears: green creature 2/2
card Craw Wurm: green creature 6/4
Alice controls Grizzly Bears
Bob controls Craw Wurm
"""


def _expected(text: str, edition: str) -> list[tuple[int, str]]:
    out = []
    for i, line in enumerate(text.splitlines(), 1):
        m = (_EXPECT_CURRENT.search(line) if edition == "current" else None) or _EXPECT.search(line)
        if m:
            out += [(i, rule) for rule in m.group(1).replace(" ", "").split(",") if rule]
    return sorted(out)


def _found(text: str, edition: str = "baseline") -> list[tuple[int, str, str]]:
    return sorted((v.line, v.rule, v.message) for v in check_text(text, config=Config(edition=edition))
                  if v.severity == "error")


def test_there_are_team_fixtures() -> None:
    assert len(FIXTURES) >= 12
    fails = {p.name.replace("-fail", "") for p in FIXTURES if "-fail" in p.name}
    passes = {p.name.replace("-pass", "") for p in FIXTURES if "-pass" in p.name}
    assert len(fails) >= 7 and fails <= passes   # every failing fixture has its passing one


@pytest.mark.parametrize("edition", ["baseline", "current"])
@pytest.mark.parametrize("path", FIXTURES, ids=[p.name for p in FIXTURES])
def test_team_fixture_in_both_editions(path: Path, edition: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert [(line, rule) for line, rule, _ in _found(text, edition)] == _expected(text, edition)
    if "-fail" in path.name:
        assert _expected(text, edition), "a failing fixture expects a finding"


@pytest.mark.parametrize(("edition", "related"), [("baseline", ["810.7c", "703.4f"]),
                                                  ("current", ["805.10b", "703.4i"])])
def test_attacking_out_of_turn_cites_each_editions_team_rule(edition: str, related: list[str]) -> None:
    text = HEADER + "turn 5: Alice & Anna, in declare attackers step\nBob declares Craw Wurm attacking Anna\n"
    (v,) = [v for v in check_text(text, config=Config(edition=edition)) if v.severity == "error"]
    assert (v.line, v.rule, v.message) == (
        9, "508.1", "Bob declares attackers, but Bob's team is not the active team; the active team, Alice & Anna, "
                    "declares attackers")
    assert list(v.related) == related


@pytest.mark.parametrize(("edition", "related"), [("baseline", ["810.7a"]), ("current", ["805.10a"])])
def test_attacking_a_teammate(edition: str, related: list[str]) -> None:
    text = HEADER + "turn 5: Alice & Anna, in declare attackers step\nAlice declares Grizzly Bears attacking Anna\n"
    (v,) = [v for v in check_text(text, config=Config(edition=edition)) if v.severity == "error"]
    assert (v.line, v.rule, v.message) == (
        9, "506.2b", "Anna is Alice's teammate; the active team's creatures attack the other team (Bob & Bill)")
    assert list(v.related) == related


def test_the_defending_team_declares_blockers_and_both_may_block() -> None:
    text = HEADER + ("card Wall of Wood: green creature 0/3, defender\nBill controls Wall of Wood\n"
                     "turn 5: Alice & Anna, in declare attackers step\n"
                     "Alice declares Grizzly Bears attacking Bob\ndeclare blockers step begins\n"
                     "Bill declares Wall of Wood blocking Grizzly Bears\n")
    assert _found(text) == []
    wrong = text.replace("Bill declares Wall of Wood", "Anna declares Wall of Wood").replace(
        "Bill controls Wall", "Anna controls Wall")
    assert _found(wrong) == [(13, "509.1", "Anna declares blockers, but Anna is on the active team; the defending "
                                           "team, Bob & Bill, declares blockers")]


def test_without_teams_a_block_of_another_players_attacker_is_still_flagged() -> None:
    """Teams change who may block whom only in a team game (an unrelated multiplayer game is judged as before)."""
    text = """players: Alice, Bob, Carol
option: attack multiple players
card Grizzly Bears: creature 2/2
card Wall of Wood: creature 0/3, defender
Alice controls Grizzly Bears
Carol controls Wall of Wood
turn 5: Alice, in declare attackers step
Alice declares Grizzly Bears attacking Bob
declare blockers step begins
Carol declares Wall of Wood blocking Grizzly Bears
"""
    assert [(line, rule) for line, rule, _ in _found(text)] == [(10, "509.1a")]


@pytest.mark.parametrize(("header", "line", "message"), [
    ("format: archenemy\nteams: Alice & Anna, Bob & Bill\n", 1,
     "the format 'archenemy' is not supported: rulecheck models the Two-Headed Giant variant ('format: two-headed "
     "giant', two teams of two players); write 'archenemy: NAME' in the header; the shared team turns of the "
     "archenemy's opponents are not modelled"),
    ("format: emperor\n", 1,
     "the format 'emperor' is not supported: rulecheck models the Two-Headed Giant variant ('format: two-headed "
     "giant', two teams of two players); the Emperor variant (809) is not modelled"),
    ("format: Three-Headed Giant\nteams: Alice & Anna & Ann, Bob & Bill & Bo\n", 1,
     "the format 'three-headed giant' is not supported: rulecheck models the Two-Headed Giant variant ('format: "
     "two-headed giant', two teams of two players); Two-Headed Giant with teams of more than two players (810.11) "
     "is not modelled"),
    ("format: two-headed giant\nteams: Alice & Anna & Ann, Bob & Bill & Bo\n", 2,
     "each Two-Headed Giant team has two players (810.1); teams of more players (810.11) are not supported"),
    ("format: two-headed giant\nteams: Alice & Anna, Bob & Bill, Carol & Cid\n", 2,
     "a Two-Headed Giant game has two teams (810.1), not 3; other team variants are not supported"),
    ("teams: Alice & Anna, Bob & Bill\n", 1,
     "teams play a team format: write 'format: two-headed giant' in the header (the only team format rulecheck "
     "models)"),
    ("format: two-headed giant\nplayers: Alice, Anna, Bob, Bill\n", 1,
     "a Two-Headed Giant game names its teams in the header, as in 'teams: Alice & Anna, Bob & Bill'"),
    ("edition: 2003\nformat: two-headed giant\nteams: Alice & Anna, Bob & Bill\n", 2,
     "the 2003 edition has no Two-Headed Giant variant; it is judged under the baseline and current editions"),
])
def test_unsupported_team_variants_get_a_diagnostic(header: str, line: int, message: str) -> None:
    text = header + "turn 5: Alice, in precombat main phase\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text, config=Config()) if v.severity == "error"]
    assert found[0] == (line, "syntax", message)


def test_a_team_turn_names_one_team() -> None:
    text = HEADER + "turn 5: Alice & Bob, in precombat main phase\n"
    assert _found(text) == [(8, "syntax", "Bob is not on Alice's team (Alice & Anna)")]
    no_teams = "players: Alice, Anna, Bob, Bill\nturn 5: Alice & Anna, in precombat main phase\n"
    assert _found(no_teams) == [(2, "syntax", "a team's turn needs the teams in the header, as in 'teams: Alice & "
                                              "Anna, Bob & Bill'")]


def test_game_teams_share_life_and_take_turns() -> None:
    g = Game()
    for name in ("Alice", "Anna", "Bob", "Bill"):
        g.players.append(name)
        g.pstate[name] = PlayerState(name)
    g.pstate["Bob"].hand = 4
    form_teams(g, [("Alice", "Anna"), ("Bob", "Bill")])
    assert (g.pstate["Bill"].life, g.pstate["Bob"].hand) == (30, 4)
    g.pstate["Bob"].life -= 5
    g.pstate["Bill"].life += 1
    assert (g.pstate["Bob"].life, g.pstate["Bill"].life, g.pstate["Alice"].life) == (26, 26, 30)
    assert (next_in_turn_order(g, "Alice"), next_in_turn_order(g, "Anna"), next_in_turn_order(g, "Bill")) == \
        ("Bob", "Bob", "Alice")
    g.active = "Anna"
    assert is_active(g, "Alice") and not is_active(g, "Bob") and opponents(g, "Alice") == ["Bob", "Bill"]


def test_a_game_without_teams_is_unchanged() -> None:
    g = Game()
    for name in ("Alice", "Bob", "Carol"):
        g.players.append(name)
        g.pstate[name] = PlayerState(name)
    g.active = "Alice"
    assert is_active(g, "Alice") and not is_active(g, "Bob")
    assert next_in_turn_order(g, "Bob") == "Carol" and opponents(g, "Alice") == ["Bob", "Carol"]
