"""Issue 30, the fifth round of first transcripts (fixtures/first-try5/): the families of phrasings it needed, each
read as its exact canonical line(s), and their neighbours that would need a guess refused (the line stays a syntax
error). docs/transcript-language.md, "Natural phrasings", has a row for each family."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text

CARDS = ("players: Alice, Bob\ncard Craw Wurm: creature 6/4\ncard Grizzly Bears: creature 2/2\n"
         "card Hill Giant: creature 3/3\ncard Llanowar Elves: creature 1/1, \"{T}: Add {G} to your mana pool.\"\n"
         "card Runeclaw Bear: creature 2/2\ncard Serra Angel: creature 4/4, flying\n"
         "card Air Elemental: creature 4/4, flying\ncard Giant Growth: instant, mana cost {G}, "
         "\"Target creature gets +3/+3 until end of turn.\"\ncard Divination: sorcery, mana cost {2}{U}, "
         "\"Draw two cards.\"\ncard Island: basic land\ncard Forest: basic land\ncard Mountain: basic land\n")


def _found(text: str) -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.message) for v in check_text(text)]


def _line_of(text: str) -> int:
    return text.count("\n")


# ---------------------------------------------------------------------- combat: words left out, creatures together
WURM = CARDS + ("Alice controls Craw Wurm\nBob controls Grizzly Bears, Hill Giant, Runeclaw Bear\n"
                "turn 5: Alice, in declare attackers step\nAlice attacks Bob with Craw Wurm\n")
TWO_BLOCK = WURM + "Bob blocks Craw Wurm with Grizzly Bears, Hill Giant\n"
DAMAGE = TWO_BLOCK + "Alice orders blockers of Craw Wurm: Grizzly Bears, Hill Giant\ncombat damage step\n" \
                     "Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant\n"


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (DAMAGE, "Hill Giant deals 3 damage to Craw Wurm, Grizzly Bears deals 2",
     "Hill Giant deals 3 damage to Craw Wurm; Grizzly Bears deals 2 damage to Craw Wurm"),
    (DAMAGE, "Hill Giant deals 3 damage to Craw Wurm and Grizzly Bears deals 2 damage",
     "Hill Giant deals 3 damage to Craw Wurm; Grizzly Bears deals 2 damage to Craw Wurm"),
    (DAMAGE, "the blockers deal 5 to the Wurm",
     "Grizzly Bears deals 2 damage to Craw Wurm; Hill Giant deals 3 damage to Craw Wurm"),
    (DAMAGE.replace("Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant\n", ""),
     "Craw Wurm assigns 2 to Grizzly Bears and 4 to Hill Giant; the blockers deal 5 to the Wurm",
     "Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant; Grizzly Bears deals 2 damage to Craw Wurm; "
     "Hill Giant deals 3 damage to Craw Wurm"),
    (TWO_BLOCK, "Alice orders Craw Wurm's blockers: Hill Giant, then Grizzly Bears",
     "Alice orders blockers of Craw Wurm: Hill Giant, Grizzly Bears"),
    (WURM, "Bob blocks Craw Wurm with Grizzly Bears and Hill Giant, Alice orders them Grizzly Bears then Hill Giant",
     "Bob blocks Craw Wurm with Grizzly Bears and Hill Giant; Alice orders blockers of Craw Wurm: Grizzly Bears, "
     "Hill Giant"),
    (TWO_BLOCK, "Alice orders the blockers Hill Giant first, then Grizzly Bears",
     "Alice orders blockers of Craw Wurm: Hill Giant, Grizzly Bears"),
])
def test_a_combat_clause_with_words_left_out_is_read(before: str, line: str, canonical: str) -> None:
    text = before + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] not in ("read-as",)] == []


@pytest.mark.parametrize(("before", "line"), [
    (DAMAGE, "Grizzly Bears deals 2"),                             # no target earlier on the line
    (DAMAGE, "Craw Wurm assigns 2 to Grizzly Bears, Hill Giant deals 2"),   # an assignment is not a target
    (DAMAGE, "the blockers deal 4 to the Wurm"),                   # neither their total nor what each deals
    (TWO_BLOCK, "Alice orders Hill Giant's blockers: Grizzly Bears, Runeclaw Bear"),   # not an attacker
    (TWO_BLOCK, "Bob orders them Grizzly Bears then Hill Giant"),  # not the attacking player
])
def test_refused_a_combat_clause_that_would_need_a_guess(before: str, line: str) -> None:
    text = before + line + "\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


def test_the_blockers_of_one_of_two_attackers_are_not_read() -> None:
    text = CARDS + ("Alice controls Craw Wurm, Serra Angel\nBob controls Grizzly Bears, Hill Giant\n"
                    "turn 5: Alice, in declare attackers step\nAlice attacks Bob with Craw Wurm, Serra Angel\n"
                    "Bob blocks Craw Wurm with Grizzly Bears, Hill Giant\n"
                    "Alice orders blockers of Craw Wurm: Grizzly Bears, Hill Giant\ncombat damage step\n"
                    "the blockers deal 5 to Craw Wurm\n")
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


ANGELS = CARDS + ("Alice controls Serra Angel, Grizzly Bears\nBob controls Air Elemental, Hill Giant\n"
                  "turn 5: Alice, in declare attackers step\nAlice attacks Bob with Serra Angel\n"
                  "Bob blocks Serra Angel with Air Elemental\ncombat damage step\n")


def test_two_creatures_dealing_damage_to_each_other_and_both_dying() -> None:
    text = ANGELS + "Serra Angel and Air Elemental deal 4 damage to each other and both die.\n"
    assert _found(text) == [(_line_of(text), "read-as", "read as: Serra Angel deals 4 damage to Air Elemental; "
                             "Air Elemental deals 4 damage to Serra Angel; Serra Angel dies; Air Elemental dies")]


def test_refused_each_other_when_a_power_is_not_the_number() -> None:
    text = ANGELS + "Serra Angel and Air Elemental deal 3 damage to each other\n"
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


BEARS = CARDS + ("Alice controls Grizzly Bears, Hill Giant\nBob controls Runeclaw Bear\n"
                 "turn 5: Alice, in precombat main phase\n")


def test_both_and_a_common_noun_name_the_two_creatures_it_ends() -> None:
    text = BEARS + "Both bears died.\n"
    assert (_line_of(text), "read-as", "read as: Grizzly Bears dies; Runeclaw Bear dies") in _found(text)


def test_refused_a_common_noun_that_names_more_creatures_than_it_says() -> None:
    text = BEARS.replace("Bob controls Runeclaw Bear", "Bob controls Runeclaw Bear, Grizzly Bears") \
        + "Both bears died.\n"
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


# ---------------------------------------------------------------------- sentences: several on a line, life, hand
MAIN = CARDS + ("Alice controls Grizzly Bears, Island, Island, Island\nAlice holds Divination, Island, Giant Growth\n"
                "Bob controls Hill Giant, Mountain\nBob holds Mountain, Hill Giant\nBob: life 20\n")


@pytest.mark.parametrize(("start", "line", "canonical"), [
    ("turn 6: Bob, in precombat main phase", "Bob played Mountain. Down to 1 card.",
     "Bob plays Mountain; Bob has 1 card in hand"),
    ("turn 6: Bob, in precombat main phase", "Bob played Mountain. He is down to 1 card in his hand.",
     "Bob plays Mountain; Bob has 1 card in hand"),
    ("turn 5: Alice, in precombat main phase", "Grizzly Bears deals 2 damage to Bob. Bob loses 2 life, 18 left.",
     "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
    ("turn 5: Alice, in precombat main phase", "Grizzly Bears deals 2 damage to Bob and Bob loses 2 life, now at 18",
     "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
    ("turn 5: Alice, in precombat main phase", "Grizzly Bears deals 2 damage to Bob. Bob's life went from 20 to 18.",
     "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
])
def test_a_line_of_several_sentences_is_read_sentence_by_sentence(start: str, line: str, canonical: str) -> None:
    text = MAIN + start + "\n" + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


@pytest.mark.parametrize("line", [
    "Bob loses 2 life, 18 left.",                                  # after no damage: another loss, or the damage's?
    "Grizzly Bears deals 2 damage to Bob. Bob loses 3 life, 17 left.",   # not the damage's amount
    "Grizzly Bears deals 2 damage to Bob. What a hit.",            # a sentence that can't be read swallows nothing
    "Grizzly Bears deals 2 damage to Bob. Down to 18.",            # down to 18 what?
])
def test_refused_a_sentence_that_cant_be_read_for_sure(line: str) -> None:
    text = MAIN + "turn 5: Alice, in precombat main phase\n" + line + "\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


# ---------------------------------------------------------------------- spells: floating mana, circumstances, sizes
@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice taps Island for U. Alice casts Giant Growth on Grizzly Bears with the floating U.",
     "Alice taps Island for {U}; Alice casts Giant Growth targeting Grizzly Bears paying {U} from pool"),
    ("Alice casts Giant Growth targeting Grizzly Bears paying {G}. Giant Growth resolves; Grizzly Bears is 5/5 "
     "until end of turn",
     "Alice casts Giant Growth targeting Grizzly Bears paying {G}; Giant Growth resolves; Grizzly Bears is 5/5"),
    ("Alice casts Giant Growth targeting Grizzly Bears paying {G}. Giant Growth resolves: Grizzly Bears is 5/5 "
     "until end of turn.",
     "Alice casts Giant Growth targeting Grizzly Bears paying {G}; Giant Growth resolves; Grizzly Bears is 5/5"),
])
def test_a_spell_phrasing_is_read(line: str, canonical: str) -> None:
    text = MAIN + "turn 5: Alice, in precombat main phase\n" + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


def test_a_size_until_end_of_turn_is_checked() -> None:
    text = MAIN + "turn 5: Alice, in precombat main phase\nAlice plays Island; Grizzly Bears is 5/5 until end of turn\n"
    assert (_line_of(text), "assert") in [(f[0], f[1]) for f in _found(text)]


def test_a_land_played_while_a_spell_is_on_the_stack_is_the_play_and_judged() -> None:
    text = MAIN + "turn 7: Alice, in precombat main phase\nAlice tapped three Islands for {2}{U}.\n" \
                  "Alice cast Divination.\nAlice played Island while Divination was on the stack.\n"
    found = _found(text)
    assert (_line_of(text), "read-as", "read as: Alice plays Island") in found
    assert [(f[0], f[1]) for f in found if f[1] != "read-as"] == [(_line_of(text), "505.5b")]


def test_refused_a_circumstance_the_game_doesnt_agree_with() -> None:
    text = MAIN + "turn 7: Alice, in precombat main phase\nAlice played Island while Divination was on the stack.\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


# ---------------------------------------------------------------------- turns and steps
@pytest.mark.parametrize(("header", "canonical"), [
    ("T4 (Bob), end step", "turn 4: Bob, in end step"),
    ("T5 (Alice)", "turn 5: Alice"),
    ("Turn 5 (Alice's turn)", "turn 5: Alice"),
    ("Turn 5: Alice's turn.", "turn 5: Alice"),
    ("Turn 5. Alice.", "turn 5: Alice"),
])
def test_a_short_turn_header_with_the_player_in_parentheses(header: str, canonical: str) -> None:
    text = MAIN + header + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)


def test_refused_a_short_turn_header_of_someone_not_playing() -> None:
    text = MAIN + "T4 (Carol), end step\n"
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


STRIKE = CARDS.replace("card Serra Angel: creature 4/4, flying", "card Serra Angel: creature 4/4, double strike") \
    + "Alice controls Serra Angel\nBob: life 20\n"


def test_combat_damage_step_written_twice_in_explicit_priority_is_the_second_step() -> None:
    text = STRIKE.replace("players: Alice, Bob", "players: Alice, Bob\npriority: explicit") + (
        "turn 4: Alice, in declare attackers step\nAlice attacks Bob with Serra Angel\nAlice passes\nBob passes\n"
        "declare blockers step\nAlice passes\nBob passes\ncombat damage step\nAlice passes\nBob passes\n"
        "combat damage step\nBob has 12 life\nAlice passes\nBob passes\nend of combat step\n")
    assert [f for f in _found(text) if f[1] != "read-as"] == []


def test_combat_damage_step_written_twice_without_first_strike_is_still_flagged() -> None:
    text = STRIKE.replace("double strike", "flying").replace("players: Alice, Bob",
                                                              "players: Alice, Bob\npriority: explicit") + (
        "turn 4: Alice, in declare attackers step\nAlice attacks Bob with Serra Angel\nAlice passes\nBob passes\n"
        "declare blockers step\nAlice passes\nBob passes\ncombat damage step\nAlice passes\nBob passes\n"
        "combat damage step\n")
    assert [f[0] for f in _found(text) if f[1] not in ("read-as",)] == [_line_of(text)]


CLEANUP = CARDS + ("Alice controls Craw Wurm\nBob controls Hill Giant\nturn 8: Alice, in declare attackers step\n"
                   "Alice attacks Bob with Craw Wurm\nBob blocks Craw Wurm with Hill Giant\ncombat damage step\n"
                   "Craw Wurm deals 6 damage to Hill Giant\nHill Giant deals 3 damage to Craw Wurm\n"
                   "Hill Giant dies\nend step\n")


def test_damage_wearing_off_in_cleanup_is_the_steps_removal_of_damage() -> None:
    text = CLEANUP + "cleanup step\nDamage wears off Craw Wurm.\nCraw Wurm has 0 damage\n"
    assert _found(text) == [(_line_of(text) - 1, "read-as", "read as: all damage is removed")]


@pytest.mark.parametrize("line", ["All damage wears off.", "Damage on Craw Wurm wears off."])
def test_all_damage_wearing_off_in_cleanup(line: str) -> None:
    text = CLEANUP + "cleanup step\n" + line + "\n"
    assert _found(text) == [(_line_of(text), "read-as", "read as: all damage is removed")]


def test_refused_damage_wearing_off_outside_cleanup() -> None:
    text = CLEANUP + "Damage wears off Craw Wurm.\n"
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


DRAW = CARDS + "Alice controls Llanowar Elves, Grizzly Bears\nAlice holds Giant Growth\n" \
               "turn 3: Alice\nuntap step\nupkeep step\ndraw step\n"


def test_a_mana_ability_before_the_narrated_draw_is_703_4c() -> None:
    text = DRAW + "Alice taps Llanowar Elves for {G}\nAlice draws a card\n"
    assert [(f[0], f[1]) for f in _found(text) if f[1] != "read-as"] == [(_line_of(text) - 1, "703.4c")]


def test_a_mana_ability_after_the_draw_or_with_the_draw_untold_is_legal() -> None:
    assert _found(DRAW + "Alice draws a card\nAlice taps Llanowar Elves for {G}\n") == []
    assert _found(DRAW + "Alice taps Llanowar Elves for {G}\nAlice casts Giant Growth targeting Grizzly Bears "
                         "paying {G} from pool\n") == []


# ---------------------------------------------------------------------- the same families, as another judge writes them
ORDERED = TWO_BLOCK + "Alice orders blockers of Craw Wurm: Grizzly Bears, Hill Giant\ncombat damage step\n"


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (ORDERED, "Craw Wurm deals 2 damage to Grizzly Bears and 4 to Hill Giant.",
     "Craw Wurm deals 2 damage to Grizzly Bears; Craw Wurm deals 4 damage to Hill Giant"),
    (DAMAGE, "Grizzly Bears and Hill Giant deal 2 and 3 damage to Craw Wurm.",
     "Grizzly Bears deals 2 damage to Craw Wurm; Hill Giant deals 3 damage to Craw Wurm"),
    (DAMAGE, "Grizzly Bears deals 2 and Hill Giant deals 3 to Craw Wurm.",
     "Grizzly Bears deals 2 damage to Craw Wurm; Hill Giant deals 3 damage to Craw Wurm"),
    (WURM, "Bob double-blocks Craw Wurm with Grizzly Bears and Hill Giant.",
     "Bob blocks Craw Wurm with Grizzly Bears and Hill Giant"),
    (WURM, "Bob blocks Craw Wurm with both Grizzly Bears and Hill Giant.",
     "Bob blocks Craw Wurm with Grizzly Bears, Hill Giant"),
])
def test_a_combat_phrasing_of_the_same_families_is_read(before: str, line: str, canonical: str) -> None:
    text = before + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


@pytest.mark.parametrize(("before", "line"), [
    (DAMAGE, "Grizzly Bears and Hill Giant deal 3 and 2 damage to Craw Wurm."),   # not their powers: which is which?
    (ORDERED, "4 to Hill Giant."),                                 # no source earlier on the line
    (WURM, "Bob blocks Craw Wurm with both Grizzly Bears and Runeclaw Bear and Craw Wurm."),   # Alice's creature
])
def test_refused_a_combat_phrasing_of_the_same_families_that_needs_a_guess(before: str, line: str) -> None:
    text = before + line + "\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


UNBLOCKED = WURM + "declare blockers step\nBob declares no blockers\ncombat damage step\n"


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (UNBLOCKED, "Craw Wurm deals 6 damage to Bob, who goes to 14.", "Craw Wurm deals 6 damage to Bob; Bob has 14 life"),
    (UNBLOCKED, "Craw Wurm deals 6 damage to Bob, putting him at 14.",
     "Craw Wurm deals 6 damage to Bob; Bob has 14 life"),
    (MAIN + "turn 5: Alice, in precombat main phase\n", "Both players pass.", "all players pass"),
    (MAIN + "turn 5: Alice, in precombat main phase\n", "Alice casts Giant Growth on Grizzly Bears, tapping Forest "
     "for G.", "Alice taps Forest for {G}; Alice casts Giant Growth targeting Grizzly Bears"),
    (MAIN + "turn 5: Alice, in precombat main phase\n", "Alice casts Giant Growth on Grizzly Bears by tapping a "
     "Forest for G.", "Alice taps Forest for {G}; Alice casts Giant Growth targeting Grizzly Bears"),
    (MAIN + "turn 5: Alice, in precombat main phase\n", "Alice casts Giant Growth targeting Grizzly Bears paying "
     "{G}. It resolves.", "Alice casts Giant Growth targeting Grizzly Bears paying {G}; Giant Growth resolves"),
])
def test_a_phrasing_of_the_same_families_is_read(before: str, line: str, canonical: str) -> None:
    text = before.replace("Alice controls Grizzly Bears, Island", "Alice controls Grizzly Bears, Forest, Island") \
        + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)


def test_refused_a_life_total_after_damage_to_a_creature() -> None:
    text = UNBLOCKED + "Craw Wurm deals 6 damage to Grizzly Bears, who goes to 14.\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


def test_mana_added_to_a_pool_in_words() -> None:
    text = MAIN + "turn 5: Alice, in precombat main phase\nAlice adds G to her pool.\n"
    assert (_line_of(text), "read-as", "read as: Alice adds {G}") in _found(text)


def test_an_aside_that_narrates_a_cost_is_read_not_dropped() -> None:
    head = MAIN.replace("Alice controls Grizzly Bears, Island", "Alice controls Grizzly Bears, Forest, Island") \
        + "turn 5: Alice, in precombat main phase\n"
    text = head + "Alice casts Giant Growth on Grizzly Bears (tapping a Forest for G).\n"
    assert (_line_of(text), "read-as", "read as: Alice taps Forest for {G}; Alice casts Giant Growth targeting "
                                       "Grizzly Bears") in _found(text)
    text = head + "Alice casts Giant Growth on Grizzly Bears (tapping a Forest).\n"   # for what mana?
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (ORDERED, "Alice assigns 2 damage to Grizzly Bears and 4 to Hill Giant.",
     "Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant"),
    (ORDERED, "Alice assigns Craw Wurm's damage: 2 to Grizzly Bears, 4 to Hill Giant.",
     "Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant"),
    (ORDERED, "Alice splits Craw Wurm's damage: 2 to Grizzly Bears and 4 to Hill Giant.",
     "Craw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant"),
    (UNBLOCKED, "Bob takes 6 from Craw Wurm, dropping to 14.", "Craw Wurm deals 6 damage to Bob; Bob has 14 life"),
    (UNBLOCKED, "Bob takes 6 damage from Craw Wurm; he is at 14.", "Craw Wurm deals 6 damage to Bob; Bob has 14 life"),
])
def test_a_player_assigning_and_a_life_total_after_damage_taken(before: str, line: str, canonical: str) -> None:
    text = before + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


@pytest.mark.parametrize("line", [
    "Bob assigns 2 damage to Grizzly Bears and 4 to Hill Giant.",   # Bob controls no attacking creature
    "Alice assigns Hill Giant's damage: 2 to Grizzly Bears, 4 to Craw Wurm.",   # not Alice's creature
])
def test_refused_a_player_assigning_what_isnt_theirs(line: str) -> None:
    text = ORDERED + line + "\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


def test_refused_a_player_assigning_with_two_attacking_creatures() -> None:
    text = CARDS + ("Alice controls Craw Wurm, Serra Angel\nBob controls Grizzly Bears, Hill Giant\n"
                    "turn 5: Alice, in declare attackers step\nAlice attacks Bob with Craw Wurm, Serra Angel\n"
                    "Bob blocks Craw Wurm with Grizzly Bears, Hill Giant\n"
                    "Alice orders blockers of Craw Wurm: Grizzly Bears, Hill Giant\ncombat damage step\n"
                    "Alice assigns 2 damage to Grizzly Bears and 4 to Hill Giant\n")
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice taps Forest, adding G.", "Alice taps Forest for {G}"),
    ("Alice casts Giant Growth targeting Grizzly Bears paying {G}. Giant Growth resolves, giving it +3/+3.", None),
])
def test_a_mana_ability_with_its_mana_as_a_gerund(line: str, canonical: str | None) -> None:
    head = MAIN.replace("Alice controls Grizzly Bears, Island", "Alice controls Grizzly Bears, Forest, Island") \
        + "turn 5: Alice, in precombat main phase\n"
    found = _found(head + line + "\n")
    n = _line_of(head + line + "\n")
    if canonical is None:   # a gerund the reader doesn't know: the line stays a finding
        assert (n, "syntax") in [(f[0], f[1]) for f in found]
    else:
        assert (n, "read-as", f"read as: {canonical}") in found


def test_a_spell_resolving_dealing_its_damage() -> None:
    text = MAIN.replace("card Island: basic land", "card Shock: instant, mana cost {R}, \"Shock deals 2 damage to "
                        "any target.\"\ncard Island: basic land").replace("Bob holds Mountain, Hill Giant",
                                                                            "Bob holds Mountain, Shock") \
        + "turn 5: Bob, in precombat main phase\nBob taps Mountain for {R}\nBob casts Shock targeting Grizzly Bears\n" \
          "Shock resolves, dealing 2 damage to Grizzly Bears.\n"
    assert (_line_of(text), "read-as", "read as: Shock resolves; Shock deals 2 damage to Grizzly Bears") \
        in _found(text)


@pytest.mark.parametrize("line", ["Alice casts Giant Growth (G) on Grizzly Bears.",
                                  "Alice casts Giant Growth on Grizzly Bears (G).",
                                  "Alice casts Giant Growth targeting Grizzly Bears ({G})."])
def test_a_cost_in_parentheses_after_a_cast_is_what_it_paid(line: str) -> None:
    text = MAIN + "turn 5: Alice, in precombat main phase\n" + line + "\n"
    assert (_line_of(text), "read-as", "read as: Alice casts Giant Growth targeting Grizzly Bears paying {G}") \
        in _found(text)


@pytest.mark.parametrize(("before", "line", "canonical"), [
    (DAMAGE, "Grizzly Bears dies. So does Hill Giant.", "Grizzly Bears dies; Hill Giant dies"),
    (DAMAGE, "Grizzly Bears dies and so does the Hill Giant.", "Grizzly Bears dies; Hill Giant dies"),
    (DAMAGE, "Craw Wurm deals 2 damage to Runeclaw Bear, as do Grizzly Bears and Hill Giant.", None),
    (UNBLOCKED, "Craw Wurm deals 6 to Bob: 20 -> 14.", "Craw Wurm deals 6 damage to Bob; Bob has 14 life"),
    (UNBLOCKED, "Craw Wurm deals its 6 damage to Bob.", "Craw Wurm deals 6 damage to Bob"),
    (DAMAGE + "Grizzly Bears deals 2 damage to Craw Wurm\nHill Giant deals 3 damage to Craw Wurm\n",
     "Craw Wurm has 5 damage marked on it.", "Craw Wurm has 5 damage"),
])
def test_a_clause_that_refers_to_the_one_before(before: str, line: str, canonical: str | None) -> None:
    text = before + line + "\n"
    if canonical is None:   # 'as do' after damage: what they do is not a death, and nothing is guessed
        assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]
        return
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


def test_refused_a_life_change_alone_without_damage_to_a_player_before_it() -> None:
    text = DAMAGE + "Hill Giant deals 3 damage to Craw Wurm: 20 -> 14.\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Main 1 - Alice plays Island.", "precombat main phase; Alice plays Island"),
    ("Precombat main — Alice plays an Island and taps it for U.",
     "precombat main phase; Alice plays Island; Alice taps Island for {U}"),
    ("End step - nothing.", "end step"),
])
def test_a_step_heading_a_dash_and_what_happened(line: str, canonical: str) -> None:
    text = MAIN + "turn 5: Alice\n" + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)


def test_refused_a_dash_after_something_that_is_not_a_step() -> None:
    text = MAIN + "turn 5: Alice\nAlice - plays Island.\n"
    assert (_line_of(text), "syntax") in [(f[0], f[1]) for f in _found(text)]


@pytest.mark.parametrize(("line", "canonical"), [
    ("Bob plays Mountain. Bob has 1 card left in hand.", "Bob plays Mountain; Bob has 1 card in hand"),
    ("Bob plays Mountain; 1 card left in hand.", "Bob plays Mountain; Bob has 1 card in hand"),
    ("Bob has 20 life and 2 cards in hand.", "Bob has 20 life; Bob has 2 cards in hand"),
])
def test_a_hand_count_in_a_sentence_of_its_own(line: str, canonical: str) -> None:
    text = MAIN + "turn 6: Bob, in precombat main phase\n" + line + "\n"
    assert (_line_of(text), "read-as", f"read as: {canonical}") in _found(text)
    assert [f for f in _found(text) if f[1] != "read-as"] == []


def test_refused_a_hand_count_after_a_clause_about_no_player() -> None:
    text = MAIN + "turn 6: Bob, in precombat main phase\nHill Giant is untapped; 1 card left in hand.\n"
    found = [(f[0], f[1]) for f in _found(text)]
    assert (_line_of(text), "syntax") in found and (_line_of(text), "read-as") not in found
