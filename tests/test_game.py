"""The game model on its own, without a transcript: lookups, indexes, characteristics and moves."""

from __future__ import annotations

import pytest

from rulecheck import nodes as n
from rulecheck.game.game import Game, NotOnBattlefield, UnknownName
from rulecheck.game.objects import Card, Effect, ExtraTurns, PlayerState


def ref(text: str) -> n.Ref:
    return n.Ref(text, 1, 1 + len(text))


def game() -> Game:
    g = Game()
    g.players = ["Alice", "Bob"]
    return g


BEARS = Card("Grizzly Bears", ("creature",), 2, 2)
ANTHEM = Card("Propaganda", ("enchantment",), abilities=(n.Ability("static", "attack cost {2}"),))


def test_copies_get_numbered_names_and_are_found_by_either_name() -> None:
    g = game()
    first = g.new_perm("Grizzly Bears", BEARS, "Alice")
    second = g.new_perm("Grizzly Bears", BEARS, "Bob")
    assert (first.name, second.name) == ("Grizzly Bears", "Grizzly Bears (2)")
    assert g.perm(ref("Grizzly Bears (2)")) is second
    assert g.perm(ref("Grizzly Bears")) is first                                   # the exact name first
    # 'Grizzly Bears' may mean any of them: the copy the statement needs (Bob's, untapped...) is meant
    assert g.perm(ref("Grizzly Bears"), prefer=lambda p: p.controller == "Bob") is second
    assert g.perm(ref("Grizzly Bears"), prefer=lambda p: p.controller == "Carol") is first
    g.leave_battlefield(first)
    assert g.perm(ref("Grizzly Bears")) is second          # the base name now means the copy left
    assert g.named("Grizzly Bears") is None


def test_a_permanent_that_left_is_reported_with_its_line() -> None:
    g = game()
    g.cards["Grizzly Bears"] = BEARS
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    g.line = 12
    g.leave_battlefield(bears)
    with pytest.raises(NotOnBattlefield, match="left on line 12"):
        g.perm(ref("Grizzly Bears"))
    assert g.perm(ref("Grizzly Bears"), anywhere=True) is bears
    with pytest.raises(UnknownName, match="did you mean 'Grizzly Bears'"):
        g.perm(ref("Grizly Bears"))


def test_statics_index_follows_the_battlefield() -> None:
    g = game()
    propaganda = g.new_perm("Propaganda", ANTHEM, "Bob")
    assert g.global_static("attack cost {2}") == [propaganda]
    assert g.global_static("attack cost {2}", "Alice") == []
    propaganda.phased_out = True
    assert g.global_static("attack cost {2}") == []
    propaganda.phased_out = False
    g.leave_battlefield(propaganda)
    assert g.global_static("attack cost {2}") == []
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    g.add_printed_ability(bears, n.Ability("static", "attack cost {2}"))
    assert g.global_static("attack cost {2}") == [bears]


def test_power_and_toughness_include_counters_and_effects() -> None:
    g = game()
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    bears.counters["+1/+1"] = 2
    g.effects.append(Effect(bears.pid, 3, -1, duration="end_of_combat"))
    assert g.pt(bears) == (7, 3)
    g.end_combat()
    assert g.pt(bears) == (4, 4)


def test_removing_a_blocker_from_combat_updates_both_sides() -> None:
    g = game()
    attacker = g.new_perm("Grizzly Bears", BEARS, "Alice")
    blocker = g.new_perm("Grizzly Bears", BEARS, "Bob")
    attacker.blockers.append(blocker.pid)
    blocker.blocking.append(attacker.pid)
    g.remove_from_combat(blocker)
    assert attacker.blockers == [] and blocker.blocking == [] and blocker.removed_from_combat


def test_paying_takes_coloured_mana_before_generic() -> None:
    g = game()
    g.pstate = {"Alice": PlayerState("Alice")}
    g.pstate["Alice"].pool = ["G", "R"]
    assert g.pay_from_pool("Alice", "{1}{G}") == (True, False)
    assert g.pstate["Alice"].pool == []


def test_extra_turns_come_most_recent_first_and_can_be_taken_out_of_order() -> None:
    turns = ExtraTurns()
    for player in ("Alice", "Bob", "Alice"):
        turns.push(player)
    assert turns.next() == "Alice"
    turns.remove_latest("Bob")
    assert turns.next() == "Alice"
    turns.pop()
    assert turns.next() == "Alice"
    turns.pop()
    assert turns.next() is None
    turns.pop()   # nothing left: no error
    turns.push("Bob")
    assert turns.next() == "Bob"
