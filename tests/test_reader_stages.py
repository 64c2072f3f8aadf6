"""The forgiving reader's normalisation stages (rulecheck/parser/stages.py), each on its own with its exact output,
then lines read through all of them (the sixth round of first transcripts, fixtures/first-try6/, needed them: small
variations of families the reader had) with their exact canonical lines, and the neighbours that would need a
guess refused (the line stays a syntax error). docs/transcript-language.md, "How a line the grammar rejects is
read", describes the stages."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text
from rulecheck.parser import SyntaxProblem, parse_line
from rulecheck.parser.forgiving import _Reader, _step_of
from rulecheck.parser.phrasings import ReadingContext
from rulecheck.parser.stages import (
    heading,
    life_tail,
    narrates_event,
    referent,
    sentences,
    set_aside,
    staged,
    step_name,
    ungapped,
    words,
)

PLAYERS = ("Alice", "Bob")


# ---------------------------------------------------------------------- 1. headings
@pytest.mark.parametrize(("line", "step", "rest"), [
    ("declare attackers step - Alice attacks Bob with Goblin Piker", "declare attackers step",
     "Alice attacks Bob with Goblin Piker"),
    ("Declare blockers - Bob did not block", "declare blockers step", "Bob did not block"),
    ("Untap: Alice untaps", "untap step", "Alice untaps"),
    ("Upkeep: Phyrexian Arena's trigger goes on the stack", "upkeep step",
     "Phyrexian Arena's trigger goes on the stack"),
    ("Combat damage — Lion 2, Wall 3", "combat damage step", "Lion 2, Wall 3"),
    ("Damage: Bob takes 3", "combat damage step", "Bob takes 3"),
    ("Attackers: Alice attacks with Raging Goblin", "declare attackers step", "Alice attacks with Raging Goblin"),
    ("normal damage: Elvish Warrior deals 2 to Bob", "second combat damage step", "Elvish Warrior deals 2 to Bob"),
])
def test_a_step_heading_is_the_step_and_the_rest_what_happened(line: str, step: str, rest: str) -> None:
    assert heading(line, _step_of) == (step, rest)


@pytest.mark.parametrize("line", [
    "Attackers: Grizzly Bears, Hill Giant",      # a label's list of names: another family reads it
    "Bob - 15",                                  # not a step
    "It resolves: Alice draws a card",           # what a resolution did
    "Alice: plays Forest",                       # a player speaking
])
def test_not_a_step_heading(line: str) -> None:
    assert heading(line, _step_of) == (None, line)


@pytest.mark.parametrize(("written", "step"), [
    ("normal damage", "second combat damage step"), ("First strike damage", "first combat damage step"),
    ("regular damage step", "second combat damage step"), ("Declare Blockers", "declare blockers step"),
])
def test_a_step_name_in_any_case_with_or_without_combat(written: str, step: str) -> None:
    assert step_name(written, _step_of) == step


def test_not_a_step_name() -> None:
    assert step_name("lifelink damage", _step_of) is None


# ---------------------------------------------------------------------- 2. sentences and 'it'
def test_a_line_is_cut_into_sentences() -> None:
    assert sentences("Phyrexian Arena's trigger goes on the stack. It resolves: Alice draws a card (19).") == \
        ["Phyrexian Arena's trigger goes on the stack", "It resolves: Alice draws a card (19)"]
    assert sentences("Lava Axe resolves; it deals 5 damage to Bob (Bob at 15).") == \
        ["Lava Axe resolves", "it deals 5 damage to Bob (Bob at 15)"]
    assert sentences("Alice passes priority; ; Bob passes") == ["Alice passes priority", "", "Bob passes"]


@pytest.mark.parametrize(("statement", "it"), [
    ("Alice casts Shock targeting Bob", "Shock"),
    ("Alice activates Gideon's Lawkeeper targeting Runeclaw Bear", "Gideon's Lawkeeper ability"),
    ("Phyrexian Arena ability triggers", "Phyrexian Arena ability"),
    ("Lava Axe resolves", "Lava Axe"),
    ("Alice draws a card", None),          # about a player: 'it' is not certain
    ("Bob has 15 life", None),
])
def test_what_it_stands_for_after_a_statement(statement: str, it: str | None) -> None:
    assert referent(statement, PLAYERS) == it


def test_parallel_clauses_with_the_player_and_verb_left_out() -> None:
    assert ungapped("Bob blocks Craw Wurm with Hill Giant and Grizzly Bears with Llanowar Elves", PLAYERS) == \
        "Bob blocks Craw Wurm with Hill Giant; Bob blocks Grizzly Bears with Llanowar Elves"
    assert ungapped("Bob blocks Craw Wurm with Hill Giant and Grizzly Bears", PLAYERS) is None   # not parallel
    assert ungapped("Hill Giant blocks Craw Wurm with X and Y with Z", PLAYERS) is None         # not a player


# ---------------------------------------------------------------------- 3. remarks
def test_remarks_are_set_aside_with_what_was_written_before_them() -> None:
    assert set_aside("Colossal Dreadmaw assigns 2 to Giant Spider (it already has 2 damage) and 4 to Bob.") == (
        "Colossal Dreadmaw assigns 2 to Giant Spider and 4 to Bob.",
        [("it already has 2 damage", "Colossal Dreadmaw assigns 2 to Giant Spider")])


@pytest.mark.parametrize(("remark", "event"), [
    ("taps his Mountain for it", True), ("Bob draws a card", True), ("tapping the Lawkeeper", True),
    ("the Wall has 0 power and deals nothing", False), ("the Angel doesn't tap: vigilance", False),
    ("nothing is blocking it any more, trample", False), ("the Armodon stays blocked and deals nothing", False),
    ("Bob at 15", False), ("trample", False),
])
def test_a_remark_narrates_an_event_or_not(remark: str, event: bool) -> None:
    assert narrates_event(remark) is event


@pytest.mark.parametrize(("line", "remark"), [
    ("Grizzly Bears deals 2 to Bob, life 18", "Grizzly Bears deals 2 to Bob (18)"),
    ("Grizzly Bears deals 2 damage to Bob => 18", "Grizzly Bears deals 2 damage to Bob (18)"),
    ("Bob takes 2 from Grizzly Bears. 18 life.", "Bob takes 2 from Grizzly Bears (18)"),
    ("Alice casts Grizzly Bears for 2", "Alice casts Grizzly Bears for 2"),   # no life word: not a life total
])
def test_a_life_total_alone_at_the_end_is_a_remark(line: str, remark: str) -> None:
    assert life_tail(line) == remark


# ---------------------------------------------------------------------- 4. words
@pytest.mark.parametrize(("written", "canonical_words"), [
    ("Bob's Armodon dealt 3 to the Baloth", "Bob's Armodon deals 3 damage to Baloth"),
    ("Bob takes 2 from the Bears", "Bob takes 2 from Bears"),
    ("Alice casts Jace, the Mind Sculptor", "Alice casts Jace, the Mind Sculptor"),   # inside a name: kept
    ("Alice plays Dance of the Manse", "Alice plays Dance of the Manse"),
    ("Giant deals 3 to the Elves, which die", "Giant deals 3 damage to Elves, which dies"),
    ("Trained Armodon, Runeclaw Bear and Llanowar Elves died", "Trained Armodon, Runeclaw Bear and Llanowar Elves die"),
    ("Alice tapped five Plains for {3}{W}{W} and cast Serra Angel",
     "Alice taps five Plains for {3}{W}{W} and casts Serra Angel"),
    ("Bob did not block", "Bob does not block"),
    ("Bob's life: 20 → 17", "Bob's life: 17"),
    ("Baloths assign all 6 to Bob", "Baloths assign 6 to Bob"),
    ("Yavimaya Wurm assigns 3 to Centaur Courser and tramples 3 over to Bob",
     "Yavimaya Wurm assigns 3 to Centaur Courser and 3 to Bob"),
    ("Alice untaps her permanents", "Alice untaps all permanents"),
    ("Yavimaya Wurm assigns 3 to Centaur Courser, 3 tramples over to Bob",
     "Yavimaya Wurm assigns 3 to Centaur Courser, 3 to Bob"),
    ("Yavimaya Wurm assigns 3 to Centaur Courser and 3 trample damage to Bob",
     "Yavimaya Wurm assigns 3 to Centaur Courser and 3 damage to Bob"),
    ("Phyrexian Arena's trigger goes on the stack", "Phyrexian Arena ability triggers"),
    ("Alice discards two cards: Forest and Forest", "Alice discards Forest, Forest"),
    ("Alice discards three cards: Forest and Forest", "Alice discards three cards: Forest and Forest"),
    ("Shock resolves, 2 damage on Giant Spider", "Shock resolves, 2 damage to Giant Spider"),
    ("Runeclaw Bear becomes tapped", "Runeclaw Bear is tapped"),
    ("Grizzly Bears is tapped", "Grizzly Bears is tapped"),            # 'tapped' after 'is' is not a verb's past
    ("Lion and Bear deal 2 to each other, both die", "Lion and Bear deal 2 damage to each other, Lion and Bear die"),
    ("Lion 2, Wall 3, Bob went to 15", "Lion 2, Wall 3, Bob goes to 15"),   # no damage: names and numbers stay
])
def test_words_the_canonical_forms_write_otherwise(written: str, canonical_words: str) -> None:
    assert words(written) == canonical_words


def test_in_a_damage_sentence_a_name_and_a_number_is_what_the_creature_deals() -> None:
    assert words("Lion 2, Wall 3, Bob went to 15", True, PLAYERS) == "Lion deals 2, Wall deals 3, Bob goes to 15"
    assert words("Bob's Armodon dealt 3 to the Baloth, the Bear 2 and the Elves 1", False, PLAYERS) == \
        "Bob's Armodon deals 3 damage to Baloth, the Bear deals 2 and Elves deals 1"
    assert words("Alice 18, Bob 15", True, PLAYERS) == "Alice 18, Bob 15"   # a player and a number: life


def test_a_card_definition_or_a_header_is_not_normalised() -> None:
    ctx = ReadingContext(players=PLAYERS, names=("Hill Giant",), started=True, active="Alice")
    reader = _Reader(ctx, lambda t: not isinstance(parse_line(t, 1), SyntaxProblem))
    assert staged(reader, 'card Hill Giant: creature 3/3, "Whenever it dealt 3 to the Bears, it died."', _step_of) \
        is None
    assert staged(reader, "players: Alice, Bob (both at 20 -> 18)", _step_of) is None


# ---------------------------------------------------------------------- all the stages: whole lines
CARDS = ("players: Alice, Bob\ncard Enormous Baloth: creature 7/7\ncard Trained Armodon: creature 3/3\n"
         "card Runeclaw Bear: creature 2/2\ncard Llanowar Elves: creature 1/1\ncard Giant Spider: creature 2/4, reach\n"
         "card Colossal Dreadmaw: creature 6/6, trample\ncard Shock: instant, mana cost {R}, "
         "\"Shock deals 2 damage to any target.\"\ncard Mountain: basic land\ncard Forest: basic land\n"
         "card Raging Goblin: creature 1/1, haste, mana cost {R}\ncard Goblin Piker: creature 2/1, mana cost {1}{R}\n"
         "card Silvercoat Lion: creature 2/2\n")


def _found(text: str) -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.message) for v in check_text(text)]


def _last(text: str) -> int:
    return text.count("\n")


BALOTH = CARDS + ("Alice controls Enormous Baloth\nBob controls Trained Armodon, Runeclaw Bear, Llanowar Elves\n"
                  "turn 7: Alice, in declare attackers step\nAlice attacks Bob with Enormous Baloth\n"
                  "Bob blocks Enormous Baloth with Trained Armodon, Runeclaw Bear, Llanowar Elves\n"
                  "Alice orders blockers of Enormous Baloth: Trained Armodon, Runeclaw Bear, Llanowar Elves\n"
                  "combat damage step\nEnormous Baloth assigns 3 to Trained Armodon, 2 to Runeclaw Bear, "
                  "2 to Llanowar Elves\n")
LION = CARDS + ("Alice controls Silvercoat Lion, Goblin Piker\nBob controls Runeclaw Bear\n"
                "turn 7: Alice, in declare attackers step\nAlice attacks Bob with Silvercoat Lion, Goblin Piker\n")
SHOCK = CARDS + ("Alice controls Colossal Dreadmaw, Mountain\nAlice holds Shock\nBob controls Giant Spider\n"
                 "turn 7: Alice, in precombat main phase\n")
GOBLINS = CARDS + ("Alice controls Mountain, Mountain\nAlice holds Mountain, Raging Goblin\n"
                   "turn 5: Alice, in precombat main phase\n")


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (BALOTH, "Bob's Armodon dealt 3 to the Baloth, the Bear 2 and the Elves 1 (6 in all, the Baloth is a 7/7).",
     "Trained Armodon deals 3 damage to Enormous Baloth; Runeclaw Bear deals 2 damage to Enormous Baloth; "
     "Llanowar Elves deals 1 damage to Enormous Baloth; Enormous Baloth is 7/7"),
    (LION, "Declare blockers - Bob did not block.", "declare blockers step; Bob declares no blockers"),
    (LION + "Bob declares no blockers\n", "Combat damage - Lion 2, Piker 2, Bob went to 16.",
     "combat damage step; Silvercoat Lion deals 2 damage to Bob; Goblin Piker deals 2 damage to Bob; "
     "Bob has 16 life"),
    (LION + "Bob declares no blockers\n", "Damage: Bob takes 4 (20 -> 16).",
     "combat damage step; Silvercoat Lion deals 2 damage to Bob; Goblin Piker deals 2 damage to Bob; "
     "Bob has 16 life"),
    (SHOCK, "Alice casts Shock on Bob's Giant Spider (taps her Mountain for it).",
     "Alice taps Mountain for {R}; Alice casts Shock targeting Giant Spider"),
    (SHOCK, "Alice taps Mountain for {R} and casts Shock targeting Giant Spider. It resolved, 2 damage on Giant "
            "Spider.", "Alice taps Mountain for {R}; Alice casts Shock targeting Giant Spider; Shock resolves; "
                       "Shock deals 2 damage to Giant Spider"),
    (GOBLINS, "Alice plays a Mountain and taps all three for RRR.",
     "Alice plays Mountain; Alice taps Mountain, Mountain, Mountain for {R}{R}{R}"),
    (GOBLINS.replace("in precombat main phase", "in cleanup step").replace("Alice holds Mountain, Raging Goblin",
     "Alice holds Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Mountain, Raging Goblin"),
     "Alice discards Raging Goblin (8 cards down to 7).", "Alice discards Raging Goblin; Alice has 7 cards in hand"),
    (LION + "Bob declares no blockers\n", "Damage - Bob takes 4, down to 16.",
     "combat damage step; Silvercoat Lion deals 2 damage to Bob; Goblin Piker deals 2 damage to Bob; "
     "Bob has 16 life"),
    (LION + "Bob declares no blockers\n", "Combat damage: Silvercoat Lion deals 2 to Bob (Bob at 18).",
     "combat damage step; Silvercoat Lion deals 2 damage to Bob; Bob has 18 life"),
    (LION + "Bob declares no blockers\ncombat damage step\n",
     "Combat damage - Silvercoat Lion deals 2 to Bob (Bob 18).",
     "Silvercoat Lion deals 2 damage to Bob; Bob has 18 life"),   # the heading of the step it is in: nothing
    (SHOCK + "Alice taps Mountain for {R}\nAlice casts Shock targeting Giant Spider\n",
     "It resolves and Giant Spider has 2 damage.", "Shock resolves; Giant Spider has 2 damage"),
    (LION.replace("Alice attacks Bob with Silvercoat Lion, Goblin Piker\n", "")
     .replace("in declare attackers step", "in beginning of combat step"),
     "Attackers: Alice attacks with Silvercoat Lion.",
     "declare attackers step; Alice attacks Bob with Silvercoat Lion"),
    (LION + "Bob blocks Silvercoat Lion with Runeclaw Bear\ncombat damage step\n",
     "Silvercoat Lion and Runeclaw Bear deal 2 and 2 to each other, both die.",
     "Silvercoat Lion deals 2 damage to Runeclaw Bear; Runeclaw Bear deals 2 damage to Silvercoat Lion; "
     "Silvercoat Lion dies; Runeclaw Bear dies"),
])
def test_a_line_read_through_the_stages(before: str, line: str, canonical: str) -> None:
    text = before + line + "\n"
    found = _found(text)
    assert (_last(text), "read-as", f"read as: {canonical}") in found
    assert [f for f in found if f[0] == _last(text) and f[1] != "read-as"] == []


@pytest.mark.parametrize(("before", "line"), [
    # a remark that can't be checked against the amounts, or narrates an event the line doesn't
    (BALOTH, "Bob's Armodon dealt 3 to the Baloth, the Bear 2 and the Elves 1 (7 in all)."),
    (SHOCK, "Alice casts Shock targeting Giant Spider (Bob draws a card)."),
    (SHOCK, "Alice casts Shock targeting Bob (6 cards left); Bob draws a card."),   # whose hand?
    (LION + "Bob declares no blockers\ncombat damage step\n",
     "Silvercoat Lion deals 2 damage to Bob (that is 2 of his 20 life total)."),   # a number about life, unread
    # 'for it' with a land whose mana is not certain from its name, or a land she doesn't control
    (SHOCK, "Alice casts Shock on Bob's Giant Spider (taps Bob's Giant Spider for it)."),
    (SHOCK, "Alice casts Shock on Bob's Giant Spider (taps her Mountain)."),   # for what mana?
    # the count is not the lands she has
    (GOBLINS, "Alice plays a Mountain and taps all four for RRRR."),
    # a number and a name under no damage heading, no deals before: not what it deals
    (LION + "Bob declares no blockers\ncombat damage step\n", "Lion 2, Piker 2, Bob 16 and more."),
    # Bob takes what the attackers' powers don't add up to
    (LION + "Bob declares no blockers\n", "Damage: Bob takes 3 (20 -> 17)."),
    # 'It' at a line's start with two objects on the stack
    (SHOCK + "Alice taps Mountain for {R}\nAlice casts Shock targeting Giant Spider\nAlice activates Giant Spider\n",
     "It resolves and Giant Spider has 2 damage."),
    # each other, the amounts not their powers
    (LION + "Bob blocks Silvercoat Lion with Runeclaw Bear\ncombat damage step\n",
     "Silvercoat Lion and Runeclaw Bear deal 2 and 1 to each other."),
    # the damage already narrated is not dealt again
    (LION + "Bob declares no blockers\ncombat damage step\nSilvercoat Lion deals 2 damage to Bob\n"
            "Goblin Piker deals 2 damage to Bob\n", "Bob takes 4 (20 -> 16)."),
])
def test_refused_a_line_that_would_need_a_guess(before: str, line: str) -> None:
    text = before + line + "\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_last(text), "syntax") in found and (_last(text), "read-as") not in found


def test_it_resolves_after_a_land_play_is_the_empty_stack_not_a_guess() -> None:
    """'It resolves' is the language's name for the top of the stack: after a land play (no stack) it names
    nothing, and says so, rather than being read as the land."""
    text = SHOCK + "Alice plays Mountain. It resolves.\n"
    found = _found(text)
    assert [(f[0], f[1]) for f in found if f[1] in ("state", "syntax")] == [(_last(text), "state")]
