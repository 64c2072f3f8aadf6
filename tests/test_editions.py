"""Editions: each difference between the editions has a transcript in fixtures/editions/ run under two (or three)
editions with different verdicts or numbers; the per-rule fixtures keep their verdicts, renumbered, in every
edition; the header, the configuration and --edition choose the edition."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.api import check_text
from rulecheck.cli import cli
from rulecheck.config import Config, ConfigError
from rulecheck.editions import BASELINE, EDITIONS, UnknownEdition, find_edition

ROOT = Path(__file__).resolve().parent.parent
EDITION_FIXTURES = sorted((ROOT / "fixtures" / "editions").glob("*.transcript"))
RULE_FIXTURES = sorted((ROOT / "fixtures" / "rules").glob("*.transcript"))
ACCEPTANCE = ROOT.parent / "shared" / "acceptance" / "editions"
_EXPECT = re.compile(r"#.*?\bexpect-([a-z0-9]+):\s*([0-9a-z.,\s-]+)")
_RUNS = re.compile(r"^#\s*editions:\s*(.+)$", re.MULTILINE)


def found(text: str, edition: str) -> list[tuple[int, str]]:
    return sorted((v.line, v.rule) for v in check_text(text, config=Config(edition=edition))
                  if v.severity == "error")


def expected(text: str, edition: str) -> list[tuple[int, str]]:
    out = []
    for i, line in enumerate(text.splitlines(), 1):
        for m in _EXPECT.finditer(line):
            if m.group(1) == edition:
                out += [(i, r) for r in m.group(2).replace(" ", "").split(",") if r]
    return sorted(out)


def test_there_is_a_fixture_for_each_difference() -> None:
    assert len(EDITION_FIXTURES) >= 30


@pytest.mark.parametrize("path", EDITION_FIXTURES, ids=[p.name for p in EDITION_FIXTURES])
def test_edition_fixture(path: Path) -> None:
    """Each fixture names the editions it runs under; at least two give different findings."""
    text = path.read_text(encoding="utf-8")
    m = _RUNS.search(text)
    assert m, "a fixture says '# editions: A, B' on a line of its own"
    runs = [e.strip() for e in m.group(1).split(",")]
    assert len(runs) >= 2 and all(e in EDITIONS for e in runs)
    results = {e: found(text, e) for e in runs}
    for e in runs:
        assert results[e] == expected(text, e), e
    assert len({tuple(r) for r in results.values()}) > 1, "the editions must disagree"


ORDER_DEPENDENT = {"509.2", "509.2a", "509.3", "509.3a", "509.6", "509.7", "703.4h", "703.4i", "510.1c", "510.1d"}
# fixtures whose verdict an edition changes for another reason than the damage assignment order
CHANGED = {("2003", "510.2-fail.transcript"): [],   # combat damage on the stack: priority after assignment
           ("2003", "510.2-fail-damage-told-after.transcript"): [],
           # no Two-Headed Giant in 2003: the format line is a diagnostic, and 506.2b has no 2003 number
           ("2003", "506.2b-fail.transcript"): [(4, "syntax")], ("2003", "506.2b-pass.transcript"): [(4, "syntax")]}


@pytest.mark.parametrize("edition", ["current", "2003"])
def test_rule_fixtures_keep_their_verdicts_in_each_edition(edition: str) -> None:
    """A per-rule fixture gives, in another edition, the baseline's findings in that edition's numbers (a rule it
    lacks is not reported); a damage assignment order line is an 'edition' diagnostic there, and what the order
    decided is not judged."""
    e = EDITIONS[edition]
    wrong = {}
    for path in RULE_FIXTURES:
        text = path.read_text(encoding="utf-8")
        orders = [i for i, line in enumerate(text.splitlines(), 1) if re.match(r"\w+ orders (blockers|attackers)",
                                                                                line)]
        if (edition, path.name) in CHANGED:
            want = CHANGED[(edition, path.name)]
        else:
            want = []
            for line, rule in found(text, "baseline"):
                if orders and rule in ORDER_DEPENDENT:
                    continue
                number = e.number(rule) if rule[0].isdigit() else rule
                if number is not None:
                    want.append((line, number))
            want = sorted(want + [(i, "edition") for i in orders])
        got = found(text, edition)
        if got != sorted(want):
            wrong[path.name] = (got, want)
    assert wrong == {}


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("path", sorted(ACCEPTANCE.glob("*.transcript")) if ACCEPTANCE.is_dir() else [],
                         ids=lambda p: p.name)
def test_acceptance(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    want = sorted((i, r) for i, line in enumerate(text.splitlines(), 1)
                  for m in [re.search(r"#\s*expect:\s*([0-9a-z.,\s-]+)", line)] if m
                  for r in m.group(1).replace(" ", "").split(",") if r)
    assert found(text, "baseline") == want   # the header picks the edition


# ---------------------------------------------------------------- choosing the edition

MANA_BURN = """players: Alice, Bob
card Forest: land
Alice: life 20
Alice controls Forest
turn 3: Alice, in precombat main phase
Alice taps Forest for {G}
precombat main phase ends
beginning of combat step begins
Alice has 20 life
"""


def test_header_wins_over_configuration() -> None:
    assert found("edition: baseline\n" + MANA_BURN, "2003") == []
    assert found("edition: 2003\n" + MANA_BURN, "baseline") == [(10, "300.3")]
    assert found(MANA_BURN, "2003") == [(9, "300.3")]     # the configuration over the default
    assert found(MANA_BURN, "baseline") == []             # the default


def test_unknown_edition_in_the_header() -> None:
    v = [x for x in check_text("edition: curent\nplayers: Alice, Bob\n")]
    assert [(x.line, x.column, x.end_column, x.rule, x.message) for x in v] == [
        (1, 10, 16, "syntax", "unknown edition 'curent'; did you mean 'current'?")]
    v = check_text("edition: 1999\nplayers: Alice, Bob\n")
    assert [(x.line, x.rule, x.message) for x in v] == [
        (1, "syntax", "unknown edition '1999'; rulecheck knows 2003, baseline, current")]


def test_a_second_edition_header_is_refused_and_the_first_stands() -> None:
    v = check_text("edition: 2003\nedition: baseline\n" + MANA_BURN)
    assert [(x.line, x.column, x.end_column, x.rule, x.message) for x in v] == [
        (2, 10, 18, "syntax", "the edition was already set on line 1 ('2003'); a transcript is judged under one "
                              "edition"),
        (11, 1, 18, "300.3", "Alice has 19 life in the replay, not 20: 1 unused mana left in the pool as a phase "
                             "ended burned Alice for 1 life")]   # mana burn: the 2003 edition judges the game
    # a header with an unknown name sets nothing, so a corrected one after it is taken
    assert [(x.line, x.rule) for x in check_text("edition: 203\nedition: 2003\n" + MANA_BURN)] == [
        (1, "syntax"), (11, "300.3")]


def test_edition_after_the_game_began_is_refused() -> None:
    v = check_text("players: Alice, Bob\nturn 1: Alice, in upkeep step\nedition: current\n")
    assert [(x.line, x.rule) for x in v] == [(3, "syntax")]


def test_find_edition() -> None:
    assert find_edition("Current") is EDITIONS["current"]
    assert find_edition(" 2003 ") is EDITIONS["2003"]
    with pytest.raises(UnknownEdition):
        find_edition("2011")


def test_configuration_edition() -> None:
    assert Config(edition="2003").edition == "2003"
    with pytest.raises(ConfigError):
        Config(edition="2011")


def test_edition_numbers() -> None:
    current, old = EDITIONS["current"], EDITIONS["2003"]
    assert [BASELINE.number("510.5"), current.number("510.5"), old.number("510.5")] == ["510.5", "510.4", "502.2b"]
    assert [BASELINE.number("508.6"), current.number("508.6"), old.number("508.6")] == ["508.6", "508.8", "308.4"]
    assert [BASELINE.number("702.18"), current.number("702.18"), old.number("702.18")] == ["702.18", "702.19",
                                                                                         "502.9"]
    assert current.number("509.2") is None and old.number("509.2") is None
    assert BASELINE.number("2003:300.3") is None and current.number("2003:300.3") is None
    assert old.number("2003:300.3") == "300.3"
    assert BASELINE.number("current:702.111") is None and current.number("current:702.111") == "702.111"
    assert current.related("510.1c") == ("702.2", "702.19", "509.1h")
    assert old.related("510.1c") == ("502.9", "309.4")


# ---------------------------------------------------------------- the command line

def run(*args: str) -> tuple[int, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.output


def test_check_edition_option(tmp_path: Path) -> None:
    path = tmp_path / "burn.transcript"
    path.write_text(MANA_BURN, encoding="utf-8")
    code, out = run("check", "--isolated", "--format", "concise", "--edition", "2003", str(path))
    assert (code, out.splitlines()[0]) == (1, f"{path}:9:1: 300.3 Alice has 19 life in the replay, not 20: 1 "
                                              "unused mana left in the pool as a phase ended burned Alice for 1 life")
    code, out = run("check", "--isolated", "--format", "concise", str(path))
    assert code == 0
    code, out = run("check", "--isolated", "--edition", "2011", str(path))
    assert code == 2 and "'2011' is not one of" in out


def test_configuration_file_edition_and_option_over_it(tmp_path: Path) -> None:
    (tmp_path / ".rulecheck.yaml").write_text("edition: 2003\n", encoding="utf-8")
    path = tmp_path / "burn.transcript"
    path.write_text(MANA_BURN, encoding="utf-8")
    assert run("check", "--format", "concise", str(path))[0] == 1
    assert run("check", "--format", "concise", "--edition", "baseline", str(path))[0] == 0
    path.write_text("edition: baseline\n" + MANA_BURN, encoding="utf-8")
    assert run("check", "--format", "concise", str(path))[0] == 0


def test_rules_edition_option() -> None:
    code, out = run("rules", "--edition", "current")
    assert code == 0
    assert "510.4    checked         With first or double strike" in out and "509.3 " not in out.split("509.3a")[0]
    code, out = run("rules", "--edition", "2003", "--format", "json")
    rules = {r["rule"]: r for r in json.loads(out)}
    assert rules["300.3"]["checked_by"] == ["rulecheck.replay.assertions.assertion",
                                            "rulecheck.replay.mana.mana_empties"] or rules["300.3"]["checked_by"]
    assert rules["310.1c"]["related"] == ["502.9", "309.4"]
    assert "510.1c" not in rules


def test_explain_edition_option(tmp_path: Path) -> None:
    code, out = run("explain", "510.4", "--edition", "current")
    assert code == 0 and out.startswith("510.4: With first or double strike")
    assert "rulecheck reports (edition current):" in out and ": 510.4 only creatures with first strike" in out
    code, out = run("explain", "510.2", "--edition", "2003")
    assert code == 2 and "the baseline's 510.2 is 310.2 in this edition" in out
    cr = tmp_path / "cr2003.txt"
    cr.write_text("310.2. Our stand-in text for the damage rule.\n\n310.3. Another.\n", encoding="utf-8")
    code, out = run("explain", "310.2", "--edition", "2003", "--cr", str(cr))
    assert code == 0 and "    310.2 Our stand-in text for the damage rule." in out
    code, out = run("explain", "310.2", "--cr", str(cr))
    assert code == 2   # not a rule of the baseline


def test_exam_edition_option(tmp_path: Path) -> None:
    exam = tmp_path / "burn.exam.yaml"
    exam.write_text("""exam: burn
setup: |
  players: Alice, Bob
  card Forest: land
  Alice: life 20
  Alice controls Forest
  turn 3: Alice, in precombat main phase
questions:
  - id: Q1
    answers:
      A:
        transcript: |
          Alice taps Forest for {G}
          precombat main phase ends
          beginning of combat step begins
          Alice has 20 life
        key: illegal
        cites: [300.3]
""", encoding="utf-8")
    assert run("exam", "--format", "concise", "--edition", "2003", str(exam))[0] == 0
    code, out = run("exam", "--format", "concise", str(exam))
    assert code == 1 and "exam-key" in out


def test_sarif_rule_metadata_per_edition(tmp_path: Path) -> None:
    split = (ROOT / "fixtures" / "editions" / "free-division.transcript").read_text(encoding="utf-8")
    (tmp_path / "a.transcript").write_text("edition: baseline\n" + split, encoding="utf-8")
    bad = "Alice orders blockers of Craw Wurm: Wall of Wood, Eager Cadet\nCraw Wurm assigns 6 to Bob"
    (tmp_path / "b.transcript").write_text("edition: current\n" + split.replace(
        "Craw Wurm assigns 2 to Wall of Wood, 4 to Eager Cadet", bad), encoding="utf-8")
    code, out = run("check", "--isolated", "--format", "sarif", str(tmp_path))
    run_ = json.loads(out)["runs"][0]
    rules = [(r["id"], r["name"], r["shortDescription"]["text"]) for r in run_["tool"]["driver"]["rules"]]
    assert rules == [
        ("510.1c", "CR 510.1c", "A blocked creature damages its blockers in order, lethal damage to each before "
                                "the next"),
        ("edition", "edition", "The transcript narrates something the rules edition it is checked under doesn't "
                               "have (a damage assignment order in the current edition, combat damage on the "
                               "stack in the baseline)"),
        ("510.1c", "CR 510.1c (current)", "A blocked creature divides its combat damage among its blockers as its "
                                          "controller chooses; with trample, lethal damage to every blocker before "
                                          "the player"),
    ]
    assert run_["tool"]["driver"]["rules"][2]["properties"] == {"edition": "current"}
    jsonschema = pytest.importorskip("jsonschema")
    schema = json.loads((ROOT / "tests" / "sarif-schema-2.1.0.json").read_text(encoding="utf-8"))
    jsonschema.validators.validator_for(schema)(schema).validate(json.loads(out))
    assert [(r["ruleId"], r["ruleIndex"]) for r in run_["results"]] == [("510.1c", 0), ("edition", 1),
                                                                        ("510.1c", 2)]


def related(text: str, edition: str) -> list[tuple[str, tuple[str, ...]]]:
    return [(v.rule, v.related) for v in check_text(text, config=Config(edition=edition)) if v.severity == "error"]


def test_keyword_rules_follow_the_edition() -> None:
    """Trample 702.18 (2011), 702.19 (current), 502.9 (2003); reach 702.16/702.17; flying 702.9/502.4; menace
    702.111 only in current; banding 702.20/702.22/502.10."""
    trample = (ROOT / "fixtures" / "editions" / "trample-player-needs-all-lethal.transcript").read_text("utf-8")
    assert related(trample, "baseline") == [("510.1c", ("702.18", "702.2", "509.1h"))]
    assert related(trample, "current") == [("510.1c", ("702.19", "702.2", "509.1h"))]
    assert related(trample, "2003") == [("310.1c", ("502.9", "309.4"))]
    flying = (ROOT / "fixtures" / "rules" / "509.1b-fail.transcript").read_text("utf-8")
    assert related(flying, "baseline") == [("509.1b", ("702.9", "702.16"))]
    assert related(flying, "current") == [("509.1b", ("702.9", "702.17"))]
    assert related(flying, "2003") == [("500.3", ("502.4",))]
    menace = """players: Alice, Bob
card Goblin Heelcutter: creature 3/2, menace
card Grizzly Bears: creature 2/2
Alice controls Goblin Heelcutter
Bob controls Grizzly Bears
turn 5: Alice, in beginning of combat step
declare attackers step begins
Alice declares Goblin Heelcutter attacking Bob
declare blockers step begins
Bob declares Grizzly Bears blocking Goblin Heelcutter
"""
    assert related(menace, "baseline") == [("509.1b", ("702.9", "702.16"))]
    assert related(menace, "current") == [("509.1b", ("702.111", "702.9", "702.17"))]
    banding = (ROOT / "fixtures" / "editions" / "banding.transcript").read_text("utf-8")
    assert [r for _, rel in related(banding, "baseline") for r in rel if r.startswith("702.")] == ["702.20"]
    assert [r for _, rel in related(banding, "current") for r in rel if r.startswith("702.")] == ["702.22"]
    assert [r for _, rel in related(banding, "2003") for r in rel if r.startswith("502.")] == ["502.10"]


def test_mana_burn_narrated_is_not_counted_twice() -> None:
    narrated = MANA_BURN.replace("Alice has 20 life", "Alice loses 1 life\nAlice has 19 life")
    assert found(narrated, "2003") == []
    assert found(narrated, "baseline") == []   # without mana burn the loss is just a loss of life
    later = MANA_BURN.replace("Alice has 20 life", "Alice has 19 life")
    assert found(later, "2003") == [] and found(later, "baseline") == [(9, "assert")]


def test_mana_stays_within_a_phase_in_2003() -> None:
    steps = MANA_BURN.replace("turn 3: Alice, in precombat main phase", "turn 3: Alice, in beginning of combat step")
    steps = steps.replace("precombat main phase ends\nbeginning of combat step begins",
                          "declare attackers step begins\nAlice declares no attackers\nend of combat step begins\n"
                          "Alice has 20 life\npostcombat main phase begins")
    assert found(steps, "2003") == [(12, "300.3")]   # burnt only as the combat phase ended
    assert found(steps, "baseline") == []


STACKED = """players: Alice, Bob
priority: implicit
card Mogg Fanatic: creature 1/1, "Sacrifice Mogg Fanatic: It deals 1 damage to target creature or player."
card Hill Giant: creature 3/3
card Grizzly Bears: creature 2/2
card Shock: instant
Alice controls Hill Giant, Mogg Fanatic
Bob controls Grizzly Bears
turn 5: Alice, in beginning of combat step
declare attackers step begins
Alice declares Hill Giant attacking Bob
declare blockers step begins
Bob declares Grizzly Bears blocking Hill Giant
combat damage step begins
Hill Giant assigns 3 to Grizzly Bears; Grizzly Bears assigns 2 to Hill Giant
Alice casts Shock targeting Bob, sacrificing Mogg Fanatic
Shock resolves
Hill Giant deals 3 combat damage to Grizzly Bears
Grizzly Bears deals 2 combat damage to Hill Giant
end of combat step begins
Hill Giant has 2 damage
Mogg Fanatic is untapped
"""


def test_damage_on_the_stack_told_creature_by_creature() -> None:
    """2003: after a spell with combat damage on the stack, 'X deals N combat damage' lines resolve it part by part
    (dealt once, not again as the step ends); the sacrificed Fanatic is gone."""
    assert found(STACKED, "2003") == []
    assert found(STACKED.replace("Hill Giant has 2 damage", "Hill Giant has 4 damage"), "2003") == [(21, "assert")]
    assert found(STACKED, "baseline")[0] == (16, "510.2")


def test_unresolved_damage_with_explicit_priority() -> None:
    """2003, explicit priority: combat damage left on the stack as the step ends is flagged (300.2); passing
    priority and 'combat damage resolves' is right."""
    head = """players: Alice, Bob
priority: explicit
card Hill Giant: creature 3/3
card Grizzly Bears: creature 2/2
Alice controls Hill Giant
Bob controls Grizzly Bears
turn 5: Alice, in beginning of combat step
all players pass priority
declare attackers step begins
Alice declares Hill Giant attacking Bob
all players pass priority
declare blockers step begins
Bob declares Grizzly Bears blocking Hill Giant
all players pass priority
combat damage step begins
Hill Giant assigns 3 to Grizzly Bears; Grizzly Bears assigns 2 to Hill Giant
combat damage is put on the stack
"""
    assert found(head + "end of combat step begins\n", "2003") == [(18, "300.2")]
    right = head + "all players pass priority\ncombat damage resolves\nall players pass priority\n" \
                   "end of combat step begins\nHill Giant has 2 damage\n"
    assert found(right, "2003") == []
    early = head + "Alice passes priority\ncombat damage resolves\n"
    assert found(early, "2003") == [(19, "300.2")]


def test_statistics_titles_come_from_the_edition(tmp_path: Path) -> None:
    path = tmp_path / "burn.transcript"
    path.write_text("edition: 2003\n" + MANA_BURN, encoding="utf-8")
    code, out = run("check", "--isolated", "--statistics", str(path))
    assert out.splitlines()[0] == "1  300.3  Mana burn: unused mana empties from each pool as a phase ends (not a " \
                                  "step), and its player loses 1 life for each"


def test_explain_2003_with_a_may_text_says_the_numbers_differ() -> None:
    text = ROOT.parent / "shared" / "editions" / "2003.txt"
    if not text.is_file():
        pytest.skip("the shared 2003 text is not beside the checkout")
    code, out = run("explain", "300.3", "--edition", "2003", "--cr", str(text))
    assert code == 0
    assert "    (rulecheck's 2003 edition has the numbers of July 2003; in a text of May 2003 mana burn is\n" \
           "    300.4, and 300.3 is the end of \"until end of\" effects)" in out


FIDELITY = ROOT.parent / "shared" / "acceptance" / "fidelity" / "unknown-edition.transcript"


@pytest.mark.skipif(not FIDELITY.is_file(), reason="the shared acceptance files are not beside the checkout")
def test_unknown_edition_acceptance() -> None:
    assert found(FIDELITY.read_text(encoding="utf-8"), "baseline") == [(2, "syntax")]


@pytest.mark.parametrize("edition", list(EDITIONS))
def test_every_checked_rule_of_an_edition_names_a_handler(edition: str) -> None:
    e = EDITIONS[edition]
    code, out = run("rules", "--edition", edition, "--format", "json")
    rules = json.loads(out)
    assert [r["rule"] for r in rules] == [r.number for r in e.rules]
    assert [r["rule"] for r in rules if r["status"] == "checked" and not r["checked_by"]] == []


def test_no_combat_damage_stays_on_the_stack_after_omitted_steps() -> None:
    """2003: steps left out after '...' have their game actions done; no combat damage is left on the stack to
    stop a land being played in the next turn."""
    text = """players: Alice, Bob
priority: implicit
card Forest: basic land
Alice: hand 3, lands played 0
Alice holds Forest, Forest
Alice gets an extra turn
turn 5: Alice, in precombat main phase
Alice plays Forest
precombat main phase ends
...
turn 5 ends
turn 6: Alice (extra turn)
...
precombat main phase begins
Alice plays Forest
"""
    assert found(text, "2003") == []
    assert found(text + "Alice plays Forest\n", "2003") == [(16, "305.4")]   # one land per turn
