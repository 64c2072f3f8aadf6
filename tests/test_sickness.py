"""Summoning sickness of {T} abilities (302.6, replay/sickness.py): exact findings, and what keeps them from being
judged (haste, another object's cost paid by tapping a creature, unread text, abilities unknown)."""

from __future__ import annotations

from rulecheck.api import check_text

_HEAD = ("players: Alice, Bob\npriority: implicit\ncard Forest: basic land\n"
         'card Llanowar Elves: creature 1/1, "{T}: Add {G}."\n')
_ELVES_MSG = ("Llanowar Elves came under Alice's control this turn and lacks haste, so it can't be tapped for mana "
              "yet: a creature's {T} abilities wait until its controller has controlled it since the start of their "
              "most recent turn")


def _found(text: str) -> list[tuple[int, str, str, str]]:
    return [(v.line, v.rule, v.severity, v.message) for v in check_text(text) if v.rule != "read-as"]


def _elves(setup: str, cards: str = "") -> str:
    return (_HEAD + cards + setup + "turn 5: Alice, in precombat main phase\nAlice taps Llanowar Elves for {G}\n")


def test_a_new_creature_tapped_for_mana_is_302_6() -> None:
    text = _elves("Alice controls Llanowar Elves: new\n")
    assert _found(text) == [(7, "302.6", "error", _ELVES_MSG)]
    assert [v.related for v in check_text(text)] == [("702.10",)]


def test_a_creature_controlled_since_the_turn_began_or_with_haste_may_tap() -> None:
    assert _found(_elves("Alice controls Llanowar Elves\n")) == []
    hasty = _HEAD.replace('1/1, "{T}', '1/1, haste, "{T}')
    assert _found(hasty + "Alice controls Llanowar Elves: new\nturn 5: Alice, in precombat main phase\n"
                          "Alice taps Llanowar Elves for {G}\n") == []


def test_a_card_that_taps_creatures_for_its_own_cost_keeps_it_unjudged() -> None:
    drum = 'card Springleaf Drum: artifact, "{T}, Tap an untapped creature you control: Add one mana of any color."\n'
    assert _found(_elves("Alice controls Llanowar Elves: new\n", drum)) == []
    convoke = 'card Chord of Calling: instant, "Convoke"\n'
    assert _found(_elves("Alice controls Llanowar Elves: new\n", convoke)) == []


def test_unread_text_that_may_give_haste_makes_it_a_note() -> None:
    elixir = ('card Thousand-Year Elixir: artifact, "You may activate abilities of creatures you control as though '
              'those creatures had haste."\n')
    found = _found(_elves("Alice controls Thousand-Year Elixir\nAlice controls Llanowar Elves: new\n", elixir))
    assert [(f[0], f[1], f[2]) for f in found] == [(9, "302.6", "note")]
    assert found[0][3] == "not judged: Thousand-Year Elixir's text may allow this {T} ability"


def test_an_activated_ability_is_judged_only_when_every_one_has_the_tap_symbol() -> None:
    sorcerer = ('players: Alice, Bob\npriority: implicit\n'
                'card Prodigal Sorcerer: creature 1/1, "{T}: Prodigal Sorcerer deals 1 damage to any target."\n'
                "Alice controls Prodigal Sorcerer: new\nturn 5: Alice, in precombat main phase\n"
                "Alice activates Prodigal Sorcerer targeting Bob\n")
    assert _found(sorcerer) == [(6, "302.6", "error", "Prodigal Sorcerer came under Alice's control this turn and "
                                 "lacks haste, so its abilities with {T} in their cost can't be activated yet")]
    two = sorcerer.replace('any target."', 'any target.", "{1}: Prodigal Sorcerer gets +1/+0 until end of turn."')
    assert _found(two) == []
    vanilla = sorcerer.replace(', "{T}: Prodigal Sorcerer deals 1 damage to any target."', "")
    assert _found(vanilla) == []


def test_2003_has_no_such_finding() -> None:
    assert _found("edition: 2003\n" + _elves("Alice controls Llanowar Elves: new\n")) == []
