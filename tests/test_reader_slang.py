"""Judges' slang in the clause reader (rulecheck/parser/slang.py): words written in the language's vocabulary, clauses
that state what the game already knows read as remarks, intentions that are no event, numbered steps, and the
syntax error that names the clause the reader couldn't read. Events are still never dropped."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text
from rulecheck.parser.lexicon import in_language_words, narrates

CARDS = ("players: Alice, Bob\ncard Grizzly Bears: green creature 2/2, mana cost {1}{G}\n"
         "card Hill Giant: red creature 3/3, mana cost {3}{R}\n"
         "card Mogg Fanatic: red creature 1/1, mana cost {R}, \"Sacrifice Mogg Fanatic: Mogg Fanatic deals 1 damage "
         "to any target.\"\n"
         "card Lightning Bolt: instant, mana cost {R}, \"Lightning Bolt deals 3 damage to any target.\"\n"
         "card Mountain: basic land\ncard Forest: basic land\n"
         "Alice: life 20, hand 2\nAlice holds Forest, Grizzly Bears\nAlice controls Grizzly Bears, Forest, Forest\n"
         "Bob: life 20, hand 1\nBob holds Lightning Bolt\nBob controls Hill Giant, Mogg Fanatic, Mountain\n")
HEAD = CARDS.count("\n")
ATTACKS = "turn 3: Alice, in declare attackers step\n"
END = "turn 3: Alice, in end step\n"


def _found(body: str) -> list[tuple[int, int, str, str, str]]:
    return [(v.line - HEAD, v.column, v.rule, v.severity, v.message) for v in check_text(CARDS + body)]


@pytest.mark.parametrize(("written", "words"), [
    ("LD: Bob plays Mountain", "Bob plays Mountain"),
    ("Alice plays Forest for her LD", "Alice plays Forest"),
    ("Bob double blocks: Grizzly Bears and Llanowar Elves block Craw Wurm",
     "Grizzly Bears and Llanowar Elves block Craw Wurm"),
    ("Alice swung with everything: Goblin Piker and Hill Giant", "Alice attacks with Goblin Piker and Hill Giant"),
    ("Alice draws her card for the turn", "Alice draws a card"),
    ("Alice is at 2 cards", "Alice has 2 cards in hand"),
    ("she's at 10 cards", "she has 10 cards in hand"),
    ("Alice has 1 card", "Alice has 1 card in hand"),
    ("the Giant lives with 2 damage on it", "Giant survives with 2 damage on it"),
    ("Soul Warden triggers off the Goblin ETB", "Soul Warden triggers"),
    ("Pelakka Wurm ETB trigger resolves", "Pelakka Wurm ability resolves"),
    ("1 damage goes to Alice", "1 damage to Alice"),
    ("Alice attacks Bob with Serra Angel only", "Alice attacks Bob with Serra Angel"),
    ("In response Bob casts Giant Growth", "Bob casts Giant Growth"),
    ("Bob casts Shock targeting Llanowar Elves before Alice draws", "Bob casts Shock targeting Llanowar Elves"),
    ("damage wears off the Giant", "damage wears off Giant"),
    ("Bob untaps his stuff except Hill Giant", "Bob untaps all permanents except Hill Giant"),
    ("Alice sacrifices Mogg Fanatic targeting Raging Goblin",
     "Alice activates Mogg Fanatic targeting Raging Goblin, sacrificing Mogg Fanatic"),
    ("Elves take 2 and die", "Elves takes 2 damage; Elves dies"),
    ("Alice ends her turn with 1 card in hand", "Alice has 1 card in hand"),
])
def test_judges_slang_in_the_languages_words(written: str, words: str) -> None:
    assert in_language_words(written) == words


@pytest.mark.parametrize("clause", [
    "Juggernaut stays back to block", "Bob holds Hill Giant back to block", "She's tapped out now",
    "Bob's guys are both tapped from attacking",
])
def test_an_intention_or_a_state_narrates_no_event(clause: str) -> None:
    assert not narrates(clause)


def test_the_events_beside_them_still_narrate() -> None:
    assert narrates("Juggernaut blocks Craw Wurm") and narrates("Bob taps Hill Giant")


# ---------------------------------------------------------------------- numbered steps and remarks
def test_a_numbered_step_is_read_clause_by_clause_with_its_remarks() -> None:
    assert _found(ATTACKS + "5. Alice attacks Bob with Grizzly Bears, Hill Giant stays home (summoning sick)\n") == [
        (2, 1, "read-as", "note", "read as: Alice attacks Bob with Grizzly Bears"),
        (2, 42, "remark", "note", "not read: a remark — Hill Giant stays home"),
        (2, 64, "remark", "note", "not read: a remark — summoning sick"),
    ]


def test_nothing_in_the_step_the_game_is_in_is_a_remark_and_a_hand_count_is_asserted() -> None:
    assert _found(END + "Nothing EOT, Alice is at 2 cards so no discard\n") == [
        (2, 1, "read-as", "note", "read as: Alice has 2 cards in hand"),
        (2, 1, "remark", "note", "not read: a remark — Nothing EOT"),
        (2, 37, "remark", "note", "not read: a remark — no discard"),
    ]
    wrong = _found(END + "Nothing EOT, Alice is at 3 cards so no discard\n")
    assert [(x[0], x[2], x[3]) for x in wrong if x[3] == "error"] == [(2, "assert", "error")]


def test_nothing_in_another_step_is_not_a_remark() -> None:
    found = _found("turn 3: Alice, in precombat main phase\nNothing EOT\n")
    assert [(x[0], x[1], x[2]) for x in found] == [(2, 12, "syntax")]


def test_the_turns_own_player_is_a_remark_and_the_other_player_is_not() -> None:
    assert _found("turn 3: Alice\nAlice's turn, nothing happens until combat.\n") == [
        (2, 1, "read-as", "note", "read as: # Alice's turn, nothing happens until combat."),
        (2, 1, "remark", "note", "not read: a remark — Alice's turn"),
        (2, 15, "remark", "note", "not read: a remark — nothing happens until combat"),
    ]
    assert [x[2] for x in _found("turn 3: Alice\nBob's turn, nothing happens until combat.\n")] == ["syntax"]


def test_a_summary_of_steps_reads_each_heading() -> None:
    assert _found("turn 3: Alice\nAlice's turn - upkeep, draw, main 1, nothing relevant.\n") == [
        (2, 1, "read-as", "note", "read as: upkeep step; draw step; precombat main phase"),
        (2, 1, "remark", "note", "not read: a remark — Alice's turn"),
        (2, 38, "remark", "note", "not read: a remark — nothing relevant"),
    ]


def test_eot_in_the_end_step_and_the_dome() -> None:
    assert _found(END + "EOT Bob taps Mountain for {R}, casts Lightning Bolt targeting Alice\n"
                  "Bolt resolves, 3 to the dome, Alice at 17\n") == [
        (2, 1, "read-as", "note", "read as: Bob taps Mountain for {R}; Bob casts Lightning Bolt targeting Alice"),
        (3, 1, "read-as", "note",
         "read as: Lightning Bolt resolves; Lightning Bolt deals 3 damage to Alice; Alice has 17 life"),
    ]


def test_a_sacrifice_targeting_is_the_permanents_own_ability_and_its_damage_its_sources() -> None:
    assert _found(ATTACKS + "Alice attacks Bob with Grizzly Bears\nBob sacrifices Mogg Fanatic targeting Grizzly "
                  "Bears\nFanatic's ability resolves, 1 damage to Grizzly Bears\n") == [
        (3, 1, "read-as", "note",
         "read as: Bob activates Mogg Fanatic targeting Grizzly Bears sacrificing Mogg Fanatic"),
        (4, 1, "read-as", "note",
         "read as: Mogg Fanatic ability resolves; Mogg Fanatic deals 1 damage to Grizzly Bears"),
    ]


def test_an_attack_with_everything_is_still_judged() -> None:
    found = _found("turn 3: Alice, in precombat main phase\nAlice plays Forest\n"
                   "Alice taps two Forests for {G}{G} and casts Grizzly Bears\nGrizzly Bears resolves\n"
                   "declare attackers step\nAlice swings with everything: Grizzly Bears and Grizzly Bears\n")
    assert [(x[0], x[2]) for x in found if x[3] == "error"] == [(6, "508.1a")]


# ---------------------------------------------------------------------- the syntax error names the clause
def test_the_syntax_error_names_the_clause_that_could_not_be_read() -> None:
    found = _found(ATTACKS + "4. Alice attacks Bob with Grizzly Bears, Bob frobnicates the Bears\n")
    assert found == [(2, 42, "syntax", "error", "the clause 'Bob frobnicates the Bears' can't be read, and is no "
                      "remark (docs/transcript-language.md, 'Remarks')")]


def test_a_numbered_steps_error_is_the_grammars_for_the_words_after_its_number() -> None:
    found = _found(ATTACKS + "7. Alice frobnicates\n")
    assert [(x[0], x[1], x[2]) for x in found] == [(2, 10, "syntax")]
    assert "counter kind" not in found[0][4] and found[0][4].startswith("unexpected 'frobnicates'")


def test_a_line_of_several_clauses_names_the_one_that_could_not_be_read() -> None:
    found = _found(ATTACKS + "Alice attacks Bob with Grizzly Bears, then Bob frobnicates\n")
    assert [(x[0], x[2]) for x in found] == [(2, "syntax")]
    assert found[0][4].startswith("the clause 'Bob frobnicates' can't be read, and is no remark "
                                  "(docs/transcript-language.md, 'Remarks'): unexpected")


def test_an_intention_beside_an_attack_leaves_the_requirement_judged() -> None:
    cards = CARDS.replace("card Mountain", "card Juggernaut: artifact creature 5/3, mana cost {4}, \"Juggernaut "
                          "attacks each combat if able.\"\ncard Mountain").replace(
        "Alice controls Grizzly Bears,", "Alice controls Juggernaut, Grizzly Bears,")
    found = check_text(cards + "turn 3: Alice, in declare attackers step\n"
                       "4. Alice attacks Bob with Grizzly Bears only, Juggernaut stays back to block\n")
    assert [(v.line - HEAD - 1, v.rule) for v in found if v.severity == "error"] == [(2, "508.1d")]
