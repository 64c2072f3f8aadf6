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
    # in the step it left in, its exact name still means it (a narrated state-based death confirms it) ...
    with pytest.raises(NotOnBattlefield):
        g.perm(ref("Grizzly Bears"))
    g.step_serial += 1
    assert g.perm(ref("Grizzly Bears")) is second          # ... later, the base name means the copy left
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
    assert g.pay_from_pool("Alice", "{1}{G}") == (True, False, [])
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


FACTORY = Card("Mishra's Factory", ("land",))
TRAMPLE = n.Ability("keyword", "trample")
RANCOR = Card("Rancor", ("green", "enchantment", "aura"), abilities=(
    n.Ability("attached", "enchanted creature gets +2/+0 and has trample", (2, 0), (TRAMPLE,)),))


def test_animation_sets_types_and_base_power_in_timestamp_order_until_it_ends() -> None:
    g = game()
    factory = g.new_perm("Mishra's Factory", FACTORY, "Alice")
    assert not factory.is_creature()
    g.add_effect(Effect(factory.pid, 1, 1, duration="end_of_turn"))                  # +1/+1 first
    g.add_effect(Effect(factory.pid, set_pt=(2, 2), add_types=("artifact", "creature")))
    assert factory.is_creature() and factory.is_("land") and factory.is_("artifact")
    assert g.pt(factory) == (3, 3)          # the later "becomes 2/2" doesn't erase the earlier +1/+1 (7b, then 7c)
    factory.counters["-1/-1"] = 1
    assert g.pt(factory) == (2, 2)
    g.cleanup()
    assert not factory.is_creature() and factory.types == ("land",)


def test_later_base_power_wins() -> None:
    g = game()
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    g.add_effect(Effect(bears.pid, set_pt=(4, 4)))
    g.add_effect(Effect(bears.pid, set_pt=(0, 1)))
    assert g.pt(bears) == (0, 1)


def test_an_aura_gives_its_bonus_only_while_attached_and_on_the_battlefield() -> None:
    g = game()
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    other = g.new_perm("Grizzly Bears", BEARS, "Alice")
    rancor = g.new_perm("Rancor", RANCOR, "Alice")
    g.attach(rancor, bears)
    assert g.pt(bears) == (4, 2) and g.has_ability(bears, "trample") and "trample" in g.ability_texts(bears)
    assert g.pt(other) == (2, 2) and not g.has_ability(other, "trample") and not g.has_ability(rancor, "trample")
    g.attach(rancor, other)
    assert g.pt(bears) == (2, 2) and g.pt(other) == (4, 2)
    g.leave_battlefield(rancor)
    assert g.pt(other) == (2, 2) and not g.has_ability(other, "trample")


def test_control_change_refreshes_the_controller_removes_from_combat_and_ends_with_its_duration() -> None:
    g = game()
    giant = g.new_perm("Hill Giant", BEARS, "Bob")
    giant.in_combat = True
    giant.attacking = "Alice"
    g.add_effect(Effect(giant.pid, duration="end_of_turn", controller="Alice"))
    assert giant.controller == "Alice" and giant.new and not giant.in_combat
    g.add_effect(Effect(giant.pid, duration="always", controller="Bob"))   # later: Bob's for good
    assert giant.controller == "Bob"
    g.cleanup()
    assert giant.controller == "Bob"
    g.add_effect(Effect(giant.pid, duration="end_of_turn", controller="Alice"))
    g.cleanup()
    assert giant.controller == "Bob"


def test_for_as_long_as_effects_end_when_their_condition_stops_and_stay_ended() -> None:
    g = game()
    bears = g.new_perm("Grizzly Bears", BEARS, "Alice")
    paladin = g.new_perm("Silverblade Paladin", BEARS, "Alice")
    old_man = g.new_perm("Old Man of the Sea", BEARS, "Alice")
    g.add_effect(Effect(bears.pid, 1, 1, duration="while", condition=("on_battlefield", paladin.pid, None)))
    g.add_effect(Effect(bears.pid, ability=n.Ability("keyword", "flying"), duration="while",
                        condition=("paired", bears.pid, paladin.pid)))
    g.add_effect(Effect(bears.pid, 0, 2, duration="while", condition=("controls", old_man.pid, "Alice")))
    assert g.pt(bears) == (3, 5) and g.has_ability(bears, "flying")
    g.add_effect(Effect(old_man.pid, duration="end_of_turn", controller="Bob"))
    assert g.pt(bears) == (3, 3)
    g.cleanup()                                   # Alice controls it again; the effect doesn't come back
    assert old_man.controller == "Alice" and g.pt(bears) == (3, 3)
    g.leave_battlefield(paladin)
    assert g.pt(bears) == (2, 2) and not g.has_ability(bears, "flying")
    g.add_effect(Effect(bears.pid, 5, 5, duration="while", condition=("on_battlefield", paladin.pid, None)))
    assert g.pt(bears) == (2, 2)                  # a condition false from the start: the effect never applies


def test_a_regeneration_shield_replaces_lethal_damage_once() -> None:
    from rulecheck.game.combat import state_based_actions
    g = game()
    boa = g.new_perm("River Boa", BEARS, "Bob")
    g.add_effect(Effect(boa.pid, shield=True))
    boa.damage = 3
    boa.in_combat = True
    state_based_actions(g)
    assert g.on_battlefield(boa) and boa.tapped and boa.damage == 0 and not boa.in_combat
    assert g.shielded(boa) is None
    boa.damage = 2
    state_based_actions(g)
    assert not g.on_battlefield(boa)


def test_becoming_a_colour_replaces_the_old_colours() -> None:
    g = game()
    knight = g.new_perm("White Knight", Card("White Knight", ("white", "creature"), 2, 2), "Alice")
    g.add_effect(Effect(knight.pid, add_types=("green", "creature")))
    assert knight.types == ("creature", "green")
    g.cleanup()
    assert knight.types == ("white", "creature")
