"""Partial transcripts: what a `...` gap assumes, and when leaving a step out is itself a violation."""

from __future__ import annotations

from rulecheck.checker import check_text

HEADER = """players: Alice, Bob
card Craw Wurm: creature 6/4
card Forest: land
Alice: hand 3
Alice holds Forest
Alice controls Craw Wurm
Bob: life 20, hand 7
"""


def found(text: str) -> list[tuple[int, str]]:
    return [(v.line, v.rule) for v in check_text(HEADER + text)]


def messages(text: str) -> list[str]:
    return [v.message for v in check_text(HEADER + text)]


def test_a_terse_legal_game_is_not_flagged() -> None:
    assert found("""turn 5: Alice
...
precombat main phase begins
Alice plays Forest
...
declare attackers step begins
Alice declares Craw Wurm attacking Bob
declare blockers step begins
Bob declares no blockers
combat damage step begins
Craw Wurm assigns 6 to Bob
combat damage is dealt
...
turn 5 ends
turn 6: Bob
...
turn 6 ends
turn 7: Alice
...
end step begins
Bob has 14 life
""") == []


def test_omitted_steps_run_their_turn_based_actions() -> None:
    # Alice untapped in the omitted untap step, and drew in the omitted draw step (3 + 1 cards)
    assert found("""turn 5: Alice
...
precombat main phase begins
Alice has 4 cards in hand
""") == []
    assert found("""turn 5: Alice
...
precombat main phase begins
Alice has 3 cards in hand
""") == [(11, "assert")]


def test_an_omitted_cleanup_step_discards_to_hand_size() -> None:
    text = """turn 5: Bob, in end step
...
turn 5 ends
turn 6: Alice
Bob has 7 cards in hand
"""
    assert found(text.replace("Bob: life 20, hand 7", "")) == []
    assert found(text.replace("has 7 cards", "has 8 cards")) == [(12, "assert")]


def test_a_gap_cannot_hide_combat_damage_from_an_attacker_with_power() -> None:
    text = """turn 5: Alice, in declare attackers step
Alice declares Craw Wurm attacking Bob
...
end of combat step begins
"""
    assert found(text) == [(11, "506.1")]
    assert messages(text) == ["the combat damage step is left out while Craw Wurm is attacking with power 6; a "
                              "transcript must show combat damage"]


def test_a_gap_may_hide_combat_damage_when_no_creature_attacks() -> None:
    assert found("""turn 5: Alice, in declare attackers step
Alice declares no attackers
...
end step begins
""") == []


def test_an_event_right_after_a_gap_at_the_start_of_a_turn_needs_a_step() -> None:
    assert found("""turn 5: Alice
...
Alice plays Forest
""") == [(10, "syntax")]


def test_without_a_gap_a_skipped_step_breaks_the_step_order() -> None:
    assert found("""turn 5: Alice, in upkeep step
precombat main phase begins
""") == [(9, "501.1")]
    assert found("""turn 5: Alice, in upkeep step
...
precombat main phase begins
""") == []
