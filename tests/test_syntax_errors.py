"""Malformed input: the exact position, wording and hint of each syntax diagnostic."""

from __future__ import annotations

import pytest

from rulecheck.checker import check_text

HEAD = ("players: Alice, Bob\ncard Craw Wurm: creature 6/4\ncard Grizzly Bears: creature 2/2\n"
        "Alice controls Craw Wurm\nturn 3: Alice, in precombat main phase\n")

CASES = [
    ('turn 4 Bob', 8, 11, "unexpected 'Bob'; expected ':' or 'ends'", "a turn header needs a colon, as in 'turn 3: Alice'"),
    ('Alice atacks Bob with Craw Wurm', 7, 13, "unknown word 'atacks'", "did you mean 'attacks'?"),
    ('upkep step begins', 1, 18, "unexpected 'upkep step begins'; expected '...', 'a', 'abilities', 'all', 'archenemy', 'card', 'combat', 'damage' or one of 22 more", "did you mean 'upkeep step'?"),  # noqa: E501
    ('card Foo creature 2/2', 22, 23, "the statement is incomplete; expected ':'", "a card definition needs a colon after the name, as in 'card Grizzly Bears: creature 2/2'"),
    ('players Alice, Bob', 9, 14, "unexpected 'Alice'; expected ':'", "'players' needs a colon, as in 'players: ...'"),
    ('Alice passes priority please', 23, 29, "unexpected 'please'; expected ';'", None),
    ('Alice casts', 12, 13, 'the statement is incomplete; expected a name', "did you mean 'Alice casts NAME'?"),
    ('Craw Wurm assigns to Bob', 19, 25, "unexpected 'to Bob'; expected 'no' or a number", "did you mean 'Craw Wurm assigns 2 to Bob'?"),  # noqa: E501
    ('Craw Wurm assigns six to Bob', 19, 29, "unexpected 'six to Bob'; expected 'no' or a number", "did you mean 'Craw Wurm assigns 2 to Bob'?"),  # noqa: E501
    ('Alice declares Craw Wurm attacking', 35, 36, 'the statement is incomplete; expected a name', "did you mean 'Alice declares Craw Wurm attacking NAME'?"),  # noqa: E501
    ('Alice orders blockers of Craw Wurm Grizzly Bears', 49, 50, "the statement is incomplete; expected ':'", "did you mean 'Alice orders blockers of Craw Wurm Grizzly Bears: NAME'?"),  # noqa: E501
    ('Alice plays', 12, 13, 'the statement is incomplete; expected a name', "did you mean 'Alice plays NAME'?"),
    ('Bob blocks Craw Wurm with', 26, 27, 'the statement is incomplete; expected a name', "did you mean 'Bob blocks Craw Wurm with NAME'?"),  # noqa: E501
    ('Alice draws card', 13, 17, "unexpected 'card'; expected 'a', 'an' or a number", "did you mean 'Alice draws a card'?"),  # noqa: E501
    ('priority: sometimes', 11, 20, "unexpected 'sometimes'; expected 'explicit' or 'implicit'", "did you mean 'priority: implicit'?"),  # noqa: E501
    ('Grizzly Bears gets +3 until end of turn', 20, 40, "unexpected '+3 until end of turn'; expected 'a', 'an', a modifier like +3/+3 or a number", "did you mean 'Grizzly Bears gets +1/+1 until end of turn'?"),  # noqa: E501
    ('Alice discards many cards', 16, 26, "unexpected 'many cards'; expected 'a', 'no', 'nothing', a name or a number", "did you mean 'Alice discards 2 cards'?"),  # noqa: E501
    ('turn three: Alice', 6, 11, "unexpected 'three'; expected a number", "did you mean 'turn 2: Alice'?"),
    ('combat damage step begin', 20, 25, "unexpected 'begin'; expected ';', 'begins' or 'ends'", "did you mean 'combat damage step'?"),
    ('@Alice passes', 1, 14, "unexpected '@Alice passes'; expected '...', 'a', 'abilities', 'all', 'archenemy', 'card', 'combat', 'damage' or one of 22 more", "did you mean 'NAME passes'?"),  # noqa: E501
    ('Alice passes priority; ; Bob passes', 24, 36, "unexpected '; Bob passes'; expected '...', 'a', 'abilities', 'all', 'archenemy', 'card', 'combat', 'damage' or one of 22 more", "did you mean 'Alice passes priority; Bob passes'?"),  # noqa: E501
    ('Alice casts "Unclosed Quote', 13, 28, "unexpected '\"Unclosed Quote'; expected a name", "did you mean 'Alice casts Quote'?"),  # noqa: E501
    ('alice passes priority', 1, 22, "unexpected 'alice passes priority'; expected '...', 'a', 'abilities', 'all', 'archenemy', 'card', 'combat', 'damage' or one of 22 more", "names start with a capital letter: write 'Alice', or put the name in double quotes"),  # noqa: E501
    ('Alice: life twenty', 13, 19, "unexpected 'twenty'; expected a number", "did you mean 'Alice: life 2'?"),
    ('Alice casts Grizly Bears', 13, 25, "unknown card 'Grizly Bears'; did you mean 'Grizzly Bears'?", None),
    ('Alice declares Grizly Bears attacking Bob', 16, 28, "unknown permanent 'Grizly Bears'; did you mean 'Grizzly Bears'?", None),
    ('Alice casts Craw Wurm targeting', 32, 33, "the statement is incomplete; expected 'the draw' or a name", "did you mean 'Alice casts Craw Wurm targeting NAME'?"),  # noqa: E501
]


@pytest.mark.parametrize(("line", "column", "end_column", "message", "hint"), CASES, ids=[c[0] for c in CASES])
def test_syntax_error(line: str, column: int, end_column: int, message: str, hint: str | None) -> None:
    found = [v for v in check_text(HEAD + line) if v.rule == "syntax"]
    assert len(found) == 1
    v = found[0]
    assert (v.line, v.column, v.end_column, v.message, v.hint) == (6, column, end_column, message, hint)


def test_parsing_goes_on_after_a_bad_line() -> None:
    text = HEAD + "Alice atacks Bob\nAlice plays Craw Wurm\nAlice plays Craw Wurm\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (6, "syntax") in found
    assert (8, "505.5b") in found


def test_card_defined_twice() -> None:
    found = check_text("players: Alice, Bob\ncard Forest: land\ncard Forest: land\n")
    assert [(v.line, v.column, v.rule, v.message) for v in found] == [
        (3, 6, "syntax", "card 'Forest' is defined twice (first on line 2)")]


@pytest.mark.parametrize("definition", ['card "Fire, Ice": instant', "card Fire, Ice: instant",
                                        'card  "Fire, Ice" : instant'])
def test_a_card_name_with_a_comma_is_defined_quoted_or_not(definition: str) -> None:
    """A definition's name runs up to the colon, and may be quoted like any name."""
    text = f"players: Alice, Bob\n{definition}\nturn 1: Alice, in precombat main phase\nAlice casts \"Fire, Ice\"\n"
    assert check_text(text) == []
    twice = check_text(text.replace("turn 1", f"{definition}\nturn 1"))
    assert [(v.line, v.column, v.message) for v in twice] == [
        (3, len(definition) - len(definition[4:].lstrip()) + 1,   # where the name (or its quote) starts
         "card 'Fire, Ice' is defined twice (first on line 2)")]


def test_a_natural_phrasing_is_read_not_flagged() -> None:
    """'starts' for 'begins' is an alias the forgiving reader takes: a note says what the line was read as."""
    found = [(v.line, v.rule, v.message, v.severity) for v in check_text(HEAD + "declare attackers step starts")]
    assert (6, "read-as", "read as: declare attackers step begins", "note") in found
    assert not [f for f in found if f[1] == "syntax"]
