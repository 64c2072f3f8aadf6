"""A declaration that names a creature not on the battlefield: that creature gets its `state` finding, and the others
attack or block all the same, so the combat after it is judged from what the transcript says (one fault, one
finding; before, the whole declaration was dropped and the combat steps after it were flagged too)."""

from __future__ import annotations

from rulecheck.api import check_text

_HEAD = ("players: Alice, Bob\npriority: implicit\ncard Goblin Piker: creature 2/1\ncard Raging Goblin: creature 1/1, "
         "haste\ncard Hill Giant: creature 3/3\nAlice controls Goblin Piker\nBob controls Hill Giant\n")


def _found(text: str) -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.message) for v in check_text(text) if v.severity == "error"]


def test_the_other_attackers_attack() -> None:
    text = _HEAD + ("turn 5: Alice, in declare attackers step\nAlice attacks Bob with Raging Goblin, Goblin Piker\n"
                    "declare blockers step\nBob blocks Goblin Piker with Hill Giant\ncombat damage step\n"
                    "Goblin Piker assigns 2 to Hill Giant\nHill Giant assigns 3 to Goblin Piker\n")
    assert _found(text) == [(9, "state", "no permanent named Raging Goblin is on the battlefield; say so in the setup "
                                         "(for example 'Alice controls Raging Goblin') or narrate how it got there")]


def test_the_other_blockers_block() -> None:
    text = _HEAD + ("card Grizzly Bears: creature 2/2\nturn 5: Alice, in declare attackers step\n"
                    "Alice attacks Bob with Goblin Piker\ndeclare blockers step\n"
                    "Bob blocks Goblin Piker with Grizzly Bears, Hill Giant\ncombat damage step\n"
                    "Goblin Piker assigns 2 to Hill Giant\nHill Giant assigns 3 to Goblin Piker\n")
    assert _found(text) == [(12, "state", "no permanent named Grizzly Bears is on the battlefield; say so in the setup "
                                          "(for example 'Alice controls Grizzly Bears') or narrate how it got there")]
