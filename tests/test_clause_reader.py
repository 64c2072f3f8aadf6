"""The clause reader and the remark policy (rulecheck/parser/clauses.py, rulecheck/parser/lexicon.py): a line the
forgiving reader can't read whole is read clause by clause; a clause that narrates no event is a remark (a note at
its columns), one that narrates an event and can't be read keeps the line a syntax error, and a fault written in
a judge's words still gets its one finding. docs/transcript-language.md, "Remarks", states the policy."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text
from rulecheck.parser.clauses import is_remark, parts, units
from rulecheck.parser.lexicon import in_language_words, misspelt_verb, narrates

CARDS = ("players: Alice, Bob\npriority: implicit\ncard Grizzly Bears: creature 2/2, mana cost {1}{G}\n"
         "card Goblin Piker: creature 2/1, mana cost {1}{R}\ncard Hill Giant: creature 3/3, mana cost {3}{R}\n"
         "card Prodigal Pyromancer: creature 1/1, mana cost {2}{R}, "
         "\"{T}: Prodigal Pyromancer deals 1 damage to any target.\"\n"
         "card Shock: instant, mana cost {R}, \"Shock deals 2 damage to any target.\"\n"
         "card Forest: basic land\ncard Mountain: basic land\n")
GAME = CARDS + ("Alice controls Grizzly Bears, Forest, Forest, Mountain\nAlice holds Goblin Piker\n"
                "Bob controls Hill Giant, Prodigal Pyromancer, Mountain\nAlice: life 20\nBob: life 20\n")
MAIN = GAME + "turn 3: Alice, in precombat main phase\n"
COMBAT = GAME + "turn 3: Alice, in declare attackers step\n"


def _found(text: str) -> list[tuple[int, int, str, str, str]]:
    return [(v.line, v.column, v.rule, v.severity, v.message) for v in check_text(text)]


def _last(text: str) -> int:
    return text.count("\n")


# ---------------------------------------------------------------------- the lexicon
@pytest.mark.parametrize("clause", [
    "Alice swings with Grizzly Bears", "Bob chumps with Hill Giant", "Hill Giant died", "Bob is dealt 3",
    "Alice attacked Bob", "Shock resolved", "the Pyromancer pings Alice", "Bob scoops", "as do the Bears",
    "Bob doesn't respond",   # not responding is a pass
])
def test_a_clause_with_a_verb_of_the_lexicon_narrates_an_event(clause: str) -> None:
    assert narrates(clause)


@pytest.mark.parametrize("clause", [
    "Nothing cast", "Bob keeps Counterspell mana up", "thought he was at 8", "Knight already dealt its damage",
    "Swiftblade is still blocked", "so it deals nothing", "Angel doesn't tap", "Goblin has haste",
    "Piker's been there since last turn", "keeps the Bears home",
])
def test_a_clause_without_an_event_narrates_none(clause: str) -> None:
    assert not narrates(clause)


@pytest.mark.parametrize(("written", "words"), [
    ("Alice attacks Bob w/ Grizzly Bears", "Alice attacks Bob with Grizzly Bears"),
    ("1st strike damage", "first strike damage"),
    ("1 dmg to Alice", "1 damage to Alice"),
    ("Bob chumps with Hill Giant", "Bob blocks with Hill Giant"),
    ("Grizzly Bears goes unblocked", "Grizzly Bears is unblocked"),
    ("Bob is dealt 3", "Bob takes 3"),
    ("Alice draws a card and loses 1", "Alice draws a card and loses 1 life"),
    ("Alice passes priority to Bob", "Alice passes"),
    ("Arena trigger goes on the stack", "Arena ability triggers"),
    ("Knight unblocked", "Knight is unblocked"),
    ("Bob stays at 10", "Bob is at 10"),
])
def test_the_judges_words_in_the_languages(written: str, words: str) -> None:
    assert in_language_words(written) == words


def test_a_misspelt_verb_is_seen_and_an_ordinary_word_is_not() -> None:
    assert misspelt_verb("Alice atacks Bob") and misspelt_verb("Shock resovles")
    assert misspelt_verb("Alice grins")   # one letter from 'gains': taken for a misspelling, so never a remark
    assert not misspelt_verb("Youthful Knight is a black creature") and not misspelt_verb("it costs 3")


# ---------------------------------------------------------------------- clauses and remarks
def test_a_line_is_cut_into_sentences_and_clauses_with_their_asides() -> None:
    text = "Upkeep - nothing. Bob discards Hill Giant (thought he was at 8), and Alice passes"
    assert [text[a:b] for a, b in units(text)] == [
        "Upkeep", "nothing", "Bob discards Hill Giant (thought he was at 8), and Alice passes"]
    assert [text[a:b] for a, b in parts(text, units(text)[2])] == [
        "Bob discards Hill Giant", "(thought he was at 8)", "Alice passes"]


@pytest.mark.parametrize(("clause", "remark"), [
    ("Bob keeps Counterspell mana up", True), ("thought he was at 8", True), ("Wall has 0 power", True),
    ("Alice attacks with Bears", False),           # an event
    ("Runeclaw Bear", False),                       # a name alone: a piece of a list, not a remark
    ("Bob keeps mana up (20 -> 15)", False),        # a number only a belief may carry ('thought he was at 8')
    ("After combat", False),                        # a step: where the line's events happen
    ("Bob is at 8", False),                         # a life total: a fact the line asserts
    ("6 cards left", False),                        # a hand's count, whose the line may not say
    ("Alice atacks Bob", False),                    # a misspelt verb
    ("Alice may play an additional land", False),   # a permission
])
def test_what_may_be_a_remark(clause: str, remark: bool) -> None:
    assert is_remark(clause) == remark


def test_a_verb_the_lexicon_doesnt_know_after_a_known_subject_is_never_a_remark() -> None:
    known = {"Alice", "Bob", "Grizzly Bears"}.__contains__
    assert not is_remark("Alice sends the Bears in", known) and not is_remark("Grizzly Bears sneaks past", known)
    assert is_remark("Alice looks pleased", known) and is_remark("Bob keeps Grizzly Bears back", known)
    assert is_remark("Knight already struck", known)   # a verb of the lexicon, said again


def test_a_remark_becomes_a_note_at_its_columns_and_the_rest_of_the_line_is_read() -> None:
    line = "Nothing cast, Bob keeps Shock mana up."
    text = MAIN + line + "\n"
    assert _found(text) == [
        (_last(text), 1, "read-as", "note", "read as: # " + line),
        (_last(text), 1, "remark", "note", "not read: a remark — Nothing cast, Bob keeps Shock mana up"),
    ]


def test_an_aside_without_an_event_is_a_remark_and_the_event_before_it_is_read() -> None:
    text = MAIN + "Alice taps Mountain for R, casts Shock on the Pyromancer (Bob looks sad). Resolves.\n"
    found = _found(text)
    assert (_last(text), 1, "read-as", "note", "read as: Alice taps Mountain for {R}; Alice casts Shock targeting "
            "Prodigal Pyromancer; Shock resolves") in found
    assert (_last(text), 58, "remark", "note", "not read: a remark — Bob looks sad") in found
    assert [f for f in found if f[3] == "error"] == []


def test_the_cards_notation_for_a_tap_ability_is_an_activation() -> None:
    text = COMBAT + "Alice attacks Bob with Grizzly Bears\n" \
                    "Bob taps Prodigal Pyromancer: 1 dmg to Alice. Ability resolves, Alice 20 -> 19.\n"
    assert (_last(text), 1, "read-as", "note", "read as: Bob taps Prodigal Pyromancer; Bob activates Prodigal "
            "Pyromancer targeting Alice; Prodigal Pyromancer ability resolves; Alice has 19 life") in _found(text)


@pytest.mark.parametrize("line", [
    "Nothing cast, Alice atacks Bob with Grizzly Bears.",          # a misspelt event is never a remark
    "Alice keeps mana up, Alice frobnicates the Bears and attacks.",   # 'attacks' with nothing it can be read as
    "Bob keeps mana up (20 -> 15).",                               # a life total, whose the line doesn't say
    "Alice taps Forest for G (tapping Mountain too).",             # an event in an aside
    "Alice plays Forest; ; Bob keeps mana up.",                    # a clause left out
    "Alice does nothing in Bob's end step, keeps mana up.",        # another player's step
])
def test_a_clause_that_narrates_an_event_and_cant_be_read_keeps_the_syntax_error(line: str) -> None:
    text = MAIN + line + "\n"
    found = [(f[0], f[2]) for f in _found(text)]
    assert (_last(text), "syntax") in found
    assert (_last(text), "read-as") not in found and (_last(text), "remark") not in found


def test_a_fault_written_in_a_judges_words_gets_its_one_finding() -> None:
    text = MAIN + "Alice taps Forest and Mountain for 1R, casts Goblin Piker. Resolves.\n" \
                  "beginning of combat step\ndeclare attackers step\n" \
                  "Alice swings at Bob w/ Goblin Piker (she forgot it just came in).\n"
    found = _found(text)
    assert [(f[0], f[2]) for f in found if f[3] == "error"] == [(_last(text), "508.1a")]
    assert (_last(text), 37, "remark", "note", "not read: a remark — she forgot it just came in") in found


def test_a_life_total_in_a_judges_words_that_is_wrong_is_asserted_not_dropped() -> None:
    text = COMBAT + "Alice attacks Bob with Grizzly Bears\ndeclare blockers step\nBob doesn't block\n" \
                    "combat damage step\nBears hit Bob for 2. Bob stays at 20, Alice looks pleased.\n"
    found = _found(text)
    assert [(f[0], f[2]) for f in found if f[3] == "error"] == [(_last(text), "assert")]
    assert (_last(text), 39, "remark", "note", "not read: a remark — Alice looks pleased") in found


def test_a_line_the_reader_reads_whole_gets_no_remark() -> None:
    text = MAIN + "Alice plays Forest.\n"
    assert [f[2] for f in _found(text)] == ["read-as"]


PLACES = {
    "main": MAIN,
    "attack": COMBAT,
    "block": COMBAT + "Alice attacks Bob with Grizzly Bears\ndeclare blockers step\n",
    "damage": COMBAT + "Alice attacks Bob with Grizzly Bears\ndeclare blockers step\nBob declares no blockers\n"
                       "combat damage step\n",
}


@pytest.mark.parametrize(("where", "line", "canonical"), [
    ("main", "Alice casts Goblin Piker using Mountain and Forest.",
     "Alice taps Mountain for {R}; Alice taps Forest for {G}; Alice casts Goblin Piker"),
    ("main", "Alice taps Mountain and Forest for 1R and casts Goblin Piker, which resolves.",
     "Alice taps Mountain and Forest for {1}{R}; Alice casts Goblin Piker; Goblin Piker resolves"),
    ("main", "Bob responds: taps Mountain for R and casts Shock on the Bears.",
     "Bob taps Mountain for {R}; Bob casts Shock targeting Grizzly Bears"),
    ("main", "Alice is done for the turn.", "cleanup step"),
    ("main", "Onto combat.", "combat phase"),
    ("main", "Alice draws for turn.", "Alice draws a card"),
    ("main", "Alice taps Forest for G and Mountain for R, casting Goblin Piker.",
     "Alice taps Forest for {G}; Alice taps Mountain for {R}; Alice casts Goblin Piker"),
    ("main", "Alice casts Goblin Piker (paid with Mountain and Forest).",
     "Alice taps Mountain for {R}; Alice taps Forest for {G}; Alice casts Goblin Piker"),
    ("main", "Alice Shocks the Bears.", "Alice casts Shock targeting Grizzly Bears"),   # a spell's name as its verb
    ("main", "Alice taps Mountain & Forest, casts Goblin Piker.",
     "Alice taps Mountain for {R}; Alice taps Forest for {G}; Alice casts Goblin Piker"),   # basic lands' mana
    ("main", "Alice moves to combat; Bob passes.", "Bob passes; combat phase"),   # the pass that ended main
    ("attack", "Bob taps the Pyromancer to ping the Bears.",
     "Bob taps Prodigal Pyromancer; Bob activates Prodigal Pyromancer targeting Grizzly Bears"),
    ("attack", "Bob pings Alice with the Pyromancer.", "Bob activates Prodigal Pyromancer targeting Alice"),
    ("attack", "Bob uses Prodigal Pyromancer on the Bears.",
     "Bob activates Prodigal Pyromancer targeting Grizzly Bears"),
    ("attack", "Alice: attack with Bears.", "Alice attacks Bob with Grizzly Bears"),
    ("attack", "Alice still attacks with the Bears.", "Alice attacks Bob with Grizzly Bears"),
    ("block", "Bob elects not to block.", "Bob declares no blockers"),
    ("block", "Bob declares Hill Giant as a blocker for the Bears.", "Bob blocks Grizzly Bears with Hill Giant"),
    ("block", "Bob blocks: Hill Giant on Grizzly Bears.", "Bob blocks Grizzly Bears with Hill Giant"),
    ("damage", "Bears connect for 2, Bob at 18.", "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
    ("damage", "Bears hit for 2.", "Grizzly Bears deals 2 damage to Bob"),   # an unblocked attacker: its player
    ("damage", "Bob takes 2 from the unblocked Bears.", "Grizzly Bears deals 2 damage to Bob"),
    ("damage", "Bears deal 2 to Bob's face.", "Grizzly Bears deals 2 damage to Bob"),
    ("damage", "Bob life 18.", "Bob has 18 life"),
    ("block", "Bob blocks Grizzly Bears using Hill Giant.", "Bob blocks Grizzly Bears with Hill Giant"),
    ("block", "No blocks from Bob.", "Bob declares no blockers"),
    ("damage", "Unblocked, the Bears deal 2 to Bob.", "Grizzly Bears deals 2 damage to Bob"),
    ("main", "Hill Giant was tapped by Bob.", "Bob taps Hill Giant"),   # the passive
    ("main", "Alice taps Forest and Mountain, casts Goblin Piker (resolves).",
     "Alice taps Forest for {G}; Alice taps Mountain for {R}; Alice casts Goblin Piker; Goblin Piker resolves"),
    ("main", "Alice taps Mountain -> casts Shock on the Bears -> it resolves.",
     "Alice taps Mountain for {R}; Alice casts Shock targeting Grizzly Bears; Shock resolves"),
    ("damage", "2 damage to Bob from the Bears (18 left).", "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
    ("damage", "Bears: 2 to Bob. Bob now 18.", "Grizzly Bears deals 2 damage to Bob; Bob has 18 life"),
])
def test_a_judges_line_is_read_with_the_lexicon(where: str, line: str, canonical: str) -> None:
    text = PLACES[where] + line + "\n"
    assert (_last(text), 1, "read-as", "note", f"read as: {canonical}") in _found(text)


@pytest.mark.parametrize(("where", "line"), [
    ("attack", "Alice sends the Bears in."),        # a verb the lexicon doesn't know: maybe an attack
    ("main", "Alice passes; Bob passes. Moving on."),   # a capitalised word alone is not known to be a remark
    ("main", "Alice casts Goblin Piker using Hill Giant and Forest."),   # Hill Giant makes no mana of its name
    ("main", "Alice Hill Giants the Bears."),        # a permanent's name is not a spell cast
    ("main", "Bob taps Mountain to cast Shock."),    # a land tapped 'to' do something: for what mana?
])
def test_refused_a_judges_line_the_lexicon_cant_read_for_sure(where: str, line: str) -> None:
    text = PLACES[where] + line + "\n"
    found = [(f[0], f[2]) for f in _found(text)]
    assert (_last(text), "syntax") in found and (_last(text), "read-as") not in found


def test_lands_tapped_before_a_cast_make_mana_only_when_their_names_say_which() -> None:
    from rulecheck.parser.clauseforms import basic_mana
    assert basic_mana(["Alice taps Mountain, Forest", "Alice casts Goblin Piker"]) == [
        "Alice taps Mountain for {R}", "Alice taps Forest for {G}", "Alice casts Goblin Piker"]
    assert basic_mana(["Alice taps Mountain, Llanowar Elves", "Alice casts Goblin Piker"]) == [
        "Alice taps Mountain, Llanowar Elves", "Alice casts Goblin Piker"]   # the Elves: what mana?
    assert basic_mana(["Alice taps Mountain", "Bob casts Shock"]) == ["Alice taps Mountain", "Bob casts Shock"]
    assert basic_mana(["Alice taps Mountain"]) == ["Alice taps Mountain"]   # no cast after it: not for mana


def test_a_name_with_the_words_of_a_sentence_in_it_is_not_a_reading() -> None:
    from rulecheck.parser.clauseforms import odd_names
    known = {"Alice", "Bob", "Prodigal Pyromancer", "Pyromancer", "Mountain", "Shock", "Wind Drake"}.__contains__
    assert odd_names(["Bob taps Pyromancer to ping the Bears"], known)
    assert not odd_names(["Bob taps Mountain for {R}", "Bob casts Shock targeting Wind Drake"], known)
    assert not odd_names(["Alice controls Jace, the Mind Sculptor"], known)   # words of a name: 'the'


ARENA = CARDS.replace("card Forest", "card Phyrexian Arena: enchantment, mana cost {1}{B}{B}, \"At the beginning "
                      "of your upkeep, you draw a card and you lose 1 life.\"\ncard Forest") \
    + "Alice controls Phyrexian Arena\nAlice: life 10\nBob: life 20\nturn 5: Alice, in upkeep step\n"


@pytest.mark.parametrize("line", [
    "Arena's ability triggers and resolves, Alice draws a card and loses 1 life.",
    "Arena trigger goes on the stack and resolves. Alice draws a card and loses 1.",
])
def test_a_trigger_said_with_a_short_name_and_a_possessive(line: str) -> None:
    text = ARENA + line + "\n"
    assert (_last(text), 1, "read-as", "note", "read as: Phyrexian Arena ability triggers; Phyrexian Arena ability "
            "resolves; Alice draws a card; Alice loses 1 life") in _found(text)


@pytest.mark.parametrize(("line", "found"), [
    ("turn 3: Alice. Nothing else happens.",
     [("read-as", "read as: turn 3: Alice"), ("remark", "not read: a remark — Nothing else happens")]),
    ("T3 - Alice (as expected)",
     [("read-as", "read as: turn 3: Alice"), ("remark", "not read: a remark — as expected")]),
    ("turn 3: Alice. Alice attacks with Bears.", None),   # an event after a header: not a remark
    ("Turn 3: Alice (extra turn)", None),                 # the header's own words
    ("Turn 3: Alice (controlled by Bob)", None),
])
def test_a_turn_header_with_a_remark_after_it(line: str, found: list[tuple[str, str]] | None) -> None:
    text = GAME + line + "\n"
    said = [(f[2], f[4]) for f in _found(text) if f[0] == _last(text)]
    assert said == found if found is not None else [f[0] for f in said] == ["syntax"]
