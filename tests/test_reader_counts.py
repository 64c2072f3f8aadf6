"""The clause reader's shapes of first-try9 to first-try11 (rulecheck/parser/clausecounts.py, and the orders of
phrasings.py): damage by several creatures in one clause, the order of an attacker's blockers, a hand's count after
a draw or a discard (never a life total), a trigger's draw after its unsaid resolution, prevention narrated, and
times the game already knows. Each reads, stays an error when it is not certain, or is a remark."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text
from rulecheck.parser.clausecounts import after_draw, resolved_triggers
from rulecheck.parser.lexicon import in_language_words

CARDS = ("players: Alice, Bob\npriority: implicit\n"
         "card Grizzly Bears: green creature 2/2, mana cost {1}{G}\n"
         "card Hill Giant: red creature 3/3, mana cost {3}{R}\n"
         "card Runeclaw Bear: green creature 2/2, mana cost {1}{G}\n"
         "card Craw Wurm: green creature 6/4, mana cost {4}{G}{G}\n"
         "card Trained Armodon: green creature 3/3, mana cost {1}{G}{G}\n"
         "card Howling Mine: artifact, mana cost {2}, \"At the beginning of each player's draw step, if Howling Mine "
         "is untapped, that player draws an additional card.\"\n"
         "card Fog: green instant, mana cost {G}, \"Prevent all combat damage that would be dealt this turn.\"\n"
         "card Forest: basic land\n"
         "Alice: life 20, hand 7\nAlice controls Craw Wurm, Trained Armodon, Howling Mine, Forest\n"
         "Bob: life 20, hand 7\nBob controls Grizzly Bears, Runeclaw Bear, Hill Giant\n")
HEAD = CARDS.count("\n")
COMBAT = ("turn 3: Alice, in declare attackers step\nAlice attacks Bob with Craw Wurm and Trained Armodon\n"
          "declare blockers step\n")


def _found(body: str) -> list[tuple[int, str, str, str]]:
    return [(v.line - HEAD, v.rule, v.severity, v.message) for v in check_text(CARDS + body)]


def _errors(body: str) -> list[tuple[int, str]]:
    return [(line, rule) for line, rule, severity, _ in _found(body) if severity == "error"]


def test_damage_by_several_creatures_each_and_in_total_and_a_series() -> None:
    found = _found(COMBAT + "Bob blocks Craw Wurm with Grizzly Bears and Runeclaw Bear\n"
                   "Damage order for Craw Wurm: Runeclaw Bear, then Grizzly Bears\ncombat damage step\n"
                   "Craw Wurm assigns 3 to Runeclaw Bear and 3 to Grizzly Bears\n"
                   "Grizzly Bears and Runeclaw Bear deal 4 to Craw Wurm in total\n"
                   "Trained Armodon deals 3 damage to Bob\nCraw Wurm, Grizzly Bears and Runeclaw Bear die\n")
    assert found == [
        (5, "read-as", "note", "read as: Alice orders blockers of Craw Wurm: Runeclaw Bear, Grizzly Bears"),
        (7, "read-as", "note", "read as: Craw Wurm assigns 3 to Runeclaw Bear, 3 to Grizzly Bears"),
        (8, "read-as", "note", "read as: Grizzly Bears deals 2 damage to Craw Wurm; Runeclaw Bear deals 2 damage "
                               "to Craw Wurm"),
        (10, "read-as", "note", "read as: Craw Wurm dies; Grizzly Bears dies; Runeclaw Bear dies"),
    ]
    each = _found(COMBAT + "Bob blocks Craw Wurm with Grizzly Bears and Runeclaw Bear\ncombat damage step\n"
                  "Craw Wurm assigns 3 to Grizzly Bears and 3 to Runeclaw Bear\n"
                  "Grizzly Bears and Runeclaw Bear deal 2 each to Craw Wurm\n")
    assert each[-1] == (7, "read-as", "note", "read as: Grizzly Bears deals 2 damage to Craw Wurm; Runeclaw Bear "
                                              "deals 2 damage to Craw Wurm")
    series = _found(COMBAT + "Bob blocks Craw Wurm with Grizzly Bears, Runeclaw Bear and Hill Giant\n"
                    "Alice's damage assignment order: Hill Giant, Runeclaw Bear, Grizzly Bears\ncombat damage step\n"
                    "Craw Wurm assigns 3 to Hill Giant, 2 to Runeclaw Bear and 1 to Grizzly Bears\n"
                    "Hill Giant deals 3, Grizzly Bears 2 and Runeclaw Bear 2 to Craw Wurm\n")
    assert series[0] == (5, "read-as", "note", "read as: Alice orders blockers of Craw Wurm: Hill Giant, Runeclaw "
                                               "Bear, Grizzly Bears")
    assert series[-1] == (8, "read-as", "note", "read as: Hill Giant deals 3 damage to Craw Wurm; Grizzly Bears "
                                                "deals 2 damage to Craw Wurm; Runeclaw Bear deals 2 damage to "
                                                "Craw Wurm")


def test_a_sum_the_powers_dont_make_stays_an_error() -> None:
    assert _errors(COMBAT + "Bob blocks Craw Wurm with Grizzly Bears and Hill Giant\ncombat damage step\n"
                   "Craw Wurm assigns 3 to Grizzly Bears and 3 to Hill Giant\n"
                   "Grizzly Bears and Hill Giant deal 4 to Craw Wurm in total\n") == [(7, "syntax")]


def test_the_blockers_ordered_with_a_colon_when_another_attacker_is_unblocked() -> None:
    found = _found(COMBAT + "Bob blocks Craw Wurm with Grizzly Bears and Runeclaw Bear\n"
                   "Alice orders the blockers: Runeclaw Bear first, then Grizzly Bears\n")
    assert found == [(5, "read-as", "note",
                      "read as: Alice orders blockers of Craw Wurm: Runeclaw Bear, Grizzly Bears")]


def test_both_die_after_damage_to_each_other_are_those_two() -> None:
    found = _found(COMBAT + "Bob blocks Trained Armodon with Hill Giant\ncombat damage step\n"
                   "Craw Wurm deals 6 damage to Bob\n"
                   "Trained Armodon and Hill Giant deal 3 damage to each other. Both die.\n")
    assert found[-1] == (7, "read-as", "note", "read as: Trained Armodon deals 3 damage to Hill Giant; Hill Giant "
                                               "deals 3 damage to Trained Armodon; Trained Armodon dies; "
                                               "Hill Giant dies")
    assert not [f for f in found if f[2] == "error"]


def test_a_number_after_a_draw_or_a_discard_is_a_hand_count_not_a_life_total() -> None:
    found = _found("turn 3: Alice, in draw step\nAlice draws a card. She has 8.\n"
                   "Howling Mine triggers and Alice draws an additional card\nAlice has 9 cards in hand\n"
                   "end step\ncleanup step\nAlice discards two cards to get to 7.\n")
    assert found == [
        (2, "read-as", "note", "read as: Alice draws a card; Alice has 8 cards in hand"),
        (3, "read-as", "note", "read as: Howling Mine triggers; Howling Mine ability resolves; Alice draws an "
                               "additional card"),
        (7, "read-as", "note", "read as: Alice discards 2 cards; Alice has 7 cards in hand"),
    ]
    found = _found("turn 3: Alice, in draw step\nAlice draws a card\nAlice loses 2 life, down to 18.\n"
                   "end step\ncleanup step\nAlice discards one card, down to 7.\n")
    assert found == [
        (3, "read-as", "note", "read as: Alice loses 2 life; Alice has 18 life"),
        (6, "read-as", "note", "read as: Alice discards 1 card; Alice has 7 cards in hand"),
    ]


def test_a_hand_count_only_after_the_same_players_draw_and_never_with_life() -> None:
    assert after_draw("Alice discards 1 card", "Alice", "Alice down to 7", "7") == "Alice has 7 cards in hand"
    assert after_draw("Bob discards 1 card", "Bob", "Bob down to 1", "1") == "Bob has 1 card in hand"
    assert after_draw("Alice draws a card", "Bob", "Bob down to 7", "7") is None
    assert after_draw("Alice draws a card", "Alice", "Alice down to 7 life", "7") is None
    assert after_draw("Alice loses 2 life", "Alice", "Alice down to 18", "18") is None
    assert after_draw("Alice draws a card", "Alice", "Alice is at 17", "17") is None   # Phyrexian Arena's loss
    assert after_draw("Alice draws a card", "Alice", "Alice down to 17", "17") is None   # a draw goes up
    assert after_draw("Alice draws a card", "Alice", "Alice has 8", "8") == "Alice has 8 cards in hand"


def test_a_triggers_resolution_is_added_only_before_its_additional_draw() -> None:
    assert resolved_triggers(["Howling Mine triggers", "Bob draws an additional card"]) == [
        "Howling Mine triggers", "Howling Mine ability resolves", "Bob draws an additional card"]
    assert resolved_triggers(["Howling Mine triggers", "Bob draws a card"]) == [
        "Howling Mine triggers", "Bob draws a card"]
    assert resolved_triggers(["Howling Mine triggers", "Bob casts Fog"]) == ["Howling Mine triggers", "Bob casts Fog"]


def test_prevention_of_an_unblocked_attackers_damage_reads_and_a_blocked_ones_stays_an_error() -> None:
    body = ("turn 3: Alice, in precombat main phase\nAlice taps Forest for {G}, casts Fog\nFog resolves\n"
            "declare attackers step\nAlice attacks Bob with Craw Wurm and Trained Armodon\ndeclare blockers step\n"
            "Bob blocks Trained Armodon with Hill Giant\ncombat damage step\n")
    found = _found(body + "Craw Wurm's 6 damage to Bob is prevented\nBob has 20 life\n")
    assert (9, "read-as", "note", "read as: Craw Wurm deals 6 damage to Bob") in found
    assert not [f for f in found if f[2] == "error"]
    assert _errors(body + "Trained Armodon's 3 damage to Hill Giant is prevented\n") == [(9, "syntax")]


def test_while_on_the_stack_is_a_remark_when_true_and_an_error_when_not() -> None:
    found = _found("turn 3: Alice, in precombat main phase\nAlice taps Forest for {G}, casts Fog\n"
                   "while Fog is on the stack, Alice plays Forest\n")
    assert found[1:] == [
        (3, "505.5b", "error", "Alice plays Forest while Fog is on the stack; a land is played only when the stack "
                               "is empty"),
        (3, "read-as", "note", "read as: Alice plays Forest"),
        (3, "remark", "note", "not read: a remark — while Fog is on the stack"),
    ]
    assert _errors("turn 3: Alice, in precombat main phase\nwhile Fog is on the stack, Alice plays Forest\n") \
        == [(2, "syntax")]


def test_a_pass_in_the_main_phase_the_game_is_in() -> None:
    found = _found("turn 3: Alice, in precombat main phase\nAlice passed priority in main 1, then Bob passed\n"
                   "beginning of combat step\n")
    assert found == [(2, "read-as", "note", "read as: Alice passes priority; Bob passes")]
    assert _errors("turn 3: Alice, in precombat main phase\nAlice passed priority in main 2, then Bob passed\n") \
        == [(2, "syntax")]


@pytest.mark.parametrize(("written", "words"), [
    ("She's holding 9", "She has 9 cards in hand"),
    ("Alice is holding 2 Forests", "Alice is holding 2 Forests"),   # what she holds, not how many
    ("Bob has 8 in hand", "Bob has 8 cards in hand"),
    ("Alice has eight cards", "Alice has 8 cards in hand"),
    ("Alice draws another card", "Alice draws an additional card"),
    ("Alice discards two cards to get to 7", "Alice discards 2 cards; Alice has 7 cards in hand"),
    ("Alice discards a card to get down to seven", "Alice discards 1 card; Alice has 7 cards in hand"),
])
def test_hand_words_in_the_languages_words(written: str, words: str) -> None:
    assert in_language_words(written) == words


DRAW = "turn 3: Alice, in draw step\n"


def test_a_bare_count_after_a_draw_and_a_bare_life_change_after_a_loss() -> None:
    """first-try14 R03, R05: 'Alice draws, 8 cards' (her hand's count); 'Alice loses 1 life, 20 -> 19' (her life)."""
    assert _found(DRAW + "Alice draws, 8 cards\n") == [
        (2, "read-as", "note", "read as: Alice draws a card; Alice has 8 cards in hand")]
    assert _found(DRAW + "Alice draws\nAlice loses 1 life, 20 -> 19\n")[-1] == (
        3, "read-as", "note", "read as: Alice loses 1 life; Alice has 19 life")
    assert _errors(DRAW + "Alice draws\nAlice loses 1 life, 20 -> 18\n") == [(3, "assert")]


def test_a_bare_count_or_life_change_with_nothing_before_it_stays_an_error() -> None:
    assert [rule for _, rule in _errors(DRAW + "Alice draws\nAlice plays Forest, 8 cards\n")] == ["syntax"]
    assert [rule for _, rule in _errors(DRAW + "Alice draws\nAlice plays Forest, 20 -> 19\n")] == ["syntax"]


def test_a_plural_death_and_damage_on_it_in_judges_words() -> None:
    """first-try14 R11: 'Bears die' (one creature, its name plural); 'Wurm lives with 5 on it' (damage marked)."""
    body = (COMBAT + "Bob blocks Craw Wurm with Grizzly Bears\ncombat damage step\n"
            "Trained Armodon deals 3 damage to Bob\n"
            "Craw Wurm deals 6 damage to Grizzly Bears, Grizzly Bears deals 2 damage to Craw Wurm\n"
            "Grizzly Bears die. Wurm lives with 2 on it\n")
    assert _found(body)[-1] == (8, "read-as", "note", "read as: Grizzly Bears dies; Craw Wurm has 2 damage")


GOBLINS = ("players: Alice, Bob\npriority: implicit\n"
           "card Raging Goblin: red creature 1/1, haste, mana cost {R}\n"
           "card Goblin Piker: red creature 2/1, mana cost {1}{R}\n"
           "card Eager Cadet: white creature 1/1, mana cost {W}\n"
           "card Mountain: basic land\n"
           "Alice: life 20, hand 3\nAlice holds Mountain, Raging Goblin\nAlice controls Goblin Piker\n"
           "Bob: life 20\nBob controls Eager Cadet\n")


def _goblins(body: str) -> list[tuple[int, str, str, str]]:
    return [(v.line - GOBLINS.count("\n"), v.rule, v.severity, v.message) for v in check_text(GOBLINS + body)]


def test_a_land_played_then_tapped_as_it() -> None:
    """first-try14 R09: 'Alice plays Mountain. Taps it for {R}, ...': the land just played."""
    found = _goblins("turn 3: Alice, in precombat main phase\nAlice plays Mountain. Taps it for {R}, casts Raging "
                     "Goblin; it resolves\n")
    assert found == [(2, "read-as", "note", "read as: Alice plays Mountain; Alice taps Mountain for {R}; Alice casts "
                                            "Raging Goblin; Raging Goblin resolves")]
    assert [r for _, r, s, _ in _goblins("turn 3: Alice, in precombat main phase\nAlice casts Raging Goblin. "
                                         "Taps it for {R}\n") if s == "error"] == ["syntax"]   # no land played


def test_a_short_name_in_combat_damage_is_the_one_creature_in_combat() -> None:
    """first-try14 R09: 'Cadet deals 1 damage to Goblin' with Raging Goblin in combat (Goblin Piker not): Raging
    Goblin; with both in combat the name stays unread (never guessed)."""
    head = "turn 3: Alice, in precombat main phase\nAlice plays Mountain\nAlice taps Mountain for {R}\n" \
           "Alice casts Raging Goblin\nRaging Goblin resolves\ndeclare attackers step\n"
    one = _goblins(head + "Alice attacks Bob with Raging Goblin\ndeclare blockers step\n"
                   "Bob blocks Raging Goblin with Eager Cadet\ncombat damage step\n"
                   "Raging Goblin deals 1 damage to Eager Cadet, Cadet deals 1 damage to Goblin\n")
    assert [x for x in one if x[2] != "note"] == []
    assert one[-1][3] == "read as: Raging Goblin deals 1 damage to Eager Cadet; Eager Cadet deals 1 damage to " \
                         "Raging Goblin"
    both = _goblins(head + "Alice attacks Bob with Raging Goblin, Goblin Piker\ndeclare blockers step\n"
                    "Bob blocks Raging Goblin with Eager Cadet\ncombat damage step\nGoblin Piker deals 2 damage to "
                    "Bob, Raging Goblin deals 1 damage to Eager Cadet, Cadet deals 1 damage to Goblin\n")
    assert [x[1] for x in both if x[2] == "error"] != []   # 'Goblin' could be either: not read as one of them


def test_both_die_on_the_next_line_are_the_two_that_fought() -> None:
    """first-try14 R03: 'Both die.' after a line where a blocked pair and an unblocked attacker dealt damage: the
    attacker and its blocker (the unblocked attacker fought no creature); with two pairs, not read."""
    body = (COMBAT + "Bob blocks Trained Armodon with Hill Giant\ncombat damage step\n"
            "Trained Armodon deals 3 damage to Hill Giant, Hill Giant deals 3 damage to Trained Armodon, "
            "Craw Wurm deals 6 damage to Bob\nBoth die. Bob 20 -> 14\n")
    found = _found(body)
    assert [x for x in found if x[2] != "note"] == []
    assert found[-1] == (7, "read-as", "note", "read as: Trained Armodon dies; Hill Giant dies; Bob has 14 life")
    two = (COMBAT + "Bob blocks Trained Armodon with Hill Giant\nBob blocks Craw Wurm with Grizzly Bears\n"
           "combat damage step\nTrained Armodon deals 3 damage to Hill Giant, Hill Giant deals 3 damage to Trained "
           "Armodon, Craw Wurm deals 6 damage to Grizzly Bears, Grizzly Bears deals 2 damage to Craw Wurm\n"
           "Both die\n")
    assert [rule for _, rule in _errors(two)] == ["syntax"]


def test_an_amount_said_to_be_lethal_is_a_rule_explained() -> None:
    """first-try14 R05: '(deathtouch - 1 is lethal to each)' explains why the damage kills; it asserts no total."""
    from rulecheck.parser.clauses import is_remark
    assert is_remark("deathtouch - 1 is lethal to each")
    assert is_remark("3 damage would be lethal")
    assert not is_remark("1 to each")   # an amount, not explained
    assert not is_remark("Bob is at 3")


def test_a_defined_name_with_a_lowercase_word_is_read_unquoted() -> None:
    """'Quest for Renewal' holds 'for', where the grammar ends a name: written without the quotes the language
    asks for, a name the transcript defined is read as that card (a note says so), not a syntax error."""
    from rulecheck.checker import check_text
    from rulecheck.config import Config
    text = ('title: t\nplayers: Alice, Bob\ncard Quest for Renewal: green enchantment, mana cost {1}{G}\n'
            'Alice controls Quest for Renewal: 4 quest counters\nturn 3: Alice, in precombat main phase\n'
            'Alice casts Quest for Rent\n')
    found = [(v.line, v.rule, v.message) for v in check_text(text, path="t", config=Config())]
    assert (4, "read-as", 'read as: Alice controls "Quest for Renewal": 4 quest counters') in found
    assert [(line, rule) for line, rule, _ in found if rule == "syntax"] == [(6, "syntax")]   # not a defined name


ARENA = ('card Phyrexian Arena: black enchantment, mana cost {1}{B}{B}, "At the beginning of your upkeep, you '
         'draw a card and you lose 1 life."')
SHORT_ON_STACK = """title: short names on the stack
players: Alice, Bob
priority: implicit

ARENA_LINE
card Lightning Bolt: red instant, mana cost {R}, "Lightning Bolt deals 3 damage to any target."
card Mountain: basic land

Alice: life 20
Alice controls Phyrexian Arena
Bob controls Mountain
Bob holds Lightning Bolt

turn 6: Alice
upkeep step
Arena triggers
Arena ability resolves; Alice draws a card; Alice loses 1 life
Bob taps Mountain for {R}
Bob casts Lightning Bolt targeting Alice
Bolt resolves
Alice has 16 life
draw step
""".replace("ARENA_LINE", ARENA)


def test_a_trigger_and_a_resolution_written_with_a_short_name_meet_on_the_stack() -> None:
    """'Arena triggers' then 'Arena ability resolves', and 'Bolt resolves' for the Lightning Bolt on the stack: the
    replay names the object in full both times (replay/stack.py, _written_as), so nothing is left on the stack;
    left there, the trigger is flagged once as the step ends."""
    from rulecheck.checker import check_text
    from rulecheck.config import Config

    def errors(text: str) -> list[tuple[int, str]]:
        return [(v.line, v.rule) for v in check_text(text, path="t", config=Config()) if v.severity == "error"]

    assert errors(SHORT_ON_STACK) == []
    left = SHORT_ON_STACK.split("Arena ability resolves")[0] + "draw step\n"
    assert errors(left) == [(left.count("\n"), "500.2")]
