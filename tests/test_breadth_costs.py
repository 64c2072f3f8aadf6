"""Breadth (issue 22), costs and mana: the shared acceptance files of this family, graded as the issue grades
them (`rulecheck check --isolated --format json FILE`: exactly the `# expect:` rules on exactly those lines,
warnings aside), and the forms behind them with their exact messages in every edition."""

from __future__ import annotations

import pytest
from acceptance import SHARED_ACCEPTANCE, graded

from rulecheck.api import check_text

BREADTH = SHARED_ACCEPTANCE / "breadth"
MINE = ("life-payment-above-life", "mana-emptied-before-attack-cost", "removed-attacker-narrated")


@pytest.mark.skipif(not BREADTH.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("name", MINE)
def test_acceptance_file_is_exact(name: str) -> None:
    found, want, exit_code = graded(BREADTH / f"{name}.transcript")
    assert found == want
    assert exit_code == 1


def _findings(text: str, edition: str = "baseline") -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.message) for v in check_text(f"edition: {edition}\n" + text)
            if v.severity != "warning"]


TOLL = """players: Alice, Bob
card Grizzly Bears: creature 2/2
card Toll of Flesh: enchantment, attack cost 3 life
card Wall of Wood: creature 0/3, defender
Alice: life {life}
Alice controls Grizzly Bears
Bob controls Toll of Flesh, Wall of Wood
turn 5: Alice, in beginning of combat step
declare attackers step begins
Alice declares Grizzly Bears attacking Bob; Alice pays 3 life to attack
{after}
"""


@pytest.mark.parametrize(("edition", "rule"), [("baseline", "508.1i"), ("current", "508.1j"), ("2003", "308.2")])
def test_an_attack_tax_in_life_above_the_life_total_is_flagged_once(edition: str, rule: str) -> None:
    # the payment is narrated, so it is made: the life total that follows from it is no second finding
    assert _findings(TOLL.format(life=2, after="declare blockers step begins"), edition) == [
        (11, rule, "Alice pays 3 life with 2 life; a player pays life only up to their life total, so the cost "
                   "to attack can't be paid in full")]


def test_an_attack_tax_in_life_paid_at_enough_life_is_clean() -> None:
    assert _findings(TOLL.format(life=3, after="Alice has 0 life")) == []
    assert _findings(TOLL.format(life=20, after="Alice has 17 life"), "current") == []


def test_an_attack_tax_in_life_not_paid_or_paid_short() -> None:
    unpaid = TOLL.format(life=20, after="Alice has 20 life").replace("; Alice pays 3 life to attack", "")
    assert _findings(unpaid) == [(11, "508.1i", "attacking costs 3 life in total, and it is not paid")]
    short = TOLL.format(life=20, after="Alice has 18 life").replace("pays 3 life", "pays 2 life")
    assert _findings(short) == [(11, "508.1g", "the total cost to attack is 3 life, but Alice pays 2 life")]


def test_a_block_tax_in_life() -> None:
    text = """players: Alice, Bob
card Grizzly Bears: creature 2/2
card Hill Giant: creature 3/3
card Blood Toll: enchantment, block cost 2 life
Alice controls Grizzly Bears, Blood Toll
Bob: life 1
Bob controls Hill Giant
turn 5: Alice, in declare attackers step
Alice declares Grizzly Bears attacking Bob
declare blockers step begins
Bob declares Hill Giant blocking Grizzly Bears; Bob pays 2 life to block
"""
    assert _findings(text) == [(12, "509.1f", "Bob pays 2 life with 1 life; a player pays life only up to their "
                                              "life total, so the cost to block can't be paid in full")]
    assert _findings(text.replace("Bob: life 1", "Bob: life 2")) == []


def test_paying_life_for_anything_else_is_118_4() -> None:
    text = """players: Alice, Bob
Alice: life {life}
turn 5: Alice, in precombat main phase
Alice pays 2 life
Alice has {after} life
"""
    message = "Alice pays 2 life with 1 life; a player pays life only up to their life total"
    # paid as narrated: 1 - 2 leaves -1, and the assertion of 0 is a fault of its own, on its own line
    assert _findings(text.format(life=1, after=0)) == [(5, "118.4", message),
                                                       (6, "assert", "Alice has -1 life in the replay, not 0")]
    assert _findings(text.format(life=1, after=0), "current") == [
        (5, "119.4", message), (6, "assert", "Alice has -1 life in the replay, not 0")]
    assert _findings(text.format(life=2, after=0)) == []


GHOSTLY = """players: Alice, Bob
card Grizzly Bears: creature 2/2
card Plains: basic land
card Ghostly Prison: enchantment, attack cost {{2}}
Alice controls Grizzly Bears, Plains, Plains (2)
Bob controls Ghostly Prison
turn 5: Alice, in beginning of combat step
Alice taps Plains, Plains (2) for {{W}}{{W}}
declare attackers step begins
{tap}Alice declares Grizzly Bears attacking Bob; Alice pays {{2}} to attack
"""


def test_an_attack_cost_paid_with_mana_of_the_previous_step() -> None:
    assert _findings(GHOSTLY.format(tap="")) == [
        (11, "500.4", "Alice pays {2} with mana that emptied from the pool when the previous step ended")]
    # the 2003 rules empty the pool only as a phase ends: both steps are in the combat phase
    assert _findings(GHOSTLY.format(tap=""), "2003") == []


def test_an_attack_cost_paid_with_mana_of_this_step_is_clean() -> None:
    text = GHOSTLY.format(tap="").replace("Alice taps Plains, Plains (2) for {W}{W}\ndeclare attackers step begins\n",
                                          "declare attackers step begins\nAlice taps Plains, Plains (2) for {W}{W}\n")
    assert _findings(text) == []


UPWELLING_2003 = """players: Alice, Bob
card Forest: basic land
card Upwelling: enchantment, players don't lose unspent mana as steps and phases end
Alice controls Forest, Forest{upwelling}
turn 5: Alice, in precombat main phase
Alice taps Forest, Forest (2) for {{G}}{{G}}
beginning of combat step begins
Alice has {life} life
"""


def test_mana_kept_by_upwelling_doesn_t_burn_in_2003() -> None:
    assert _findings(UPWELLING_2003.format(upwelling=", Upwelling", life=20), "2003") == []
    assert _findings(UPWELLING_2003.format(upwelling="", life=18), "2003") == []
    assert _findings(UPWELLING_2003.format(upwelling=", Upwelling", life=18), "2003") == [
        (9, "assert", "Alice has 20 life in the replay, not 18")]
