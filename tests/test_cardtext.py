"""Card text read as rules (issue 28, items 1 and 2): the Oracle reader (`rulecheck.cards.oracle`), what a
resolving text does to the turn (`rulecheck.replay.cardtext`), and the unread-text policy (`rulecheck.replay.unread`):
exact diagnostics, both ways. The shared acceptance files of the card-text folder that this work answers are graded
as the issue grades them (skipped when ../shared/acceptance is not beside the checkout)."""

from __future__ import annotations

from pathlib import Path

import pytest
from acceptance import SHARED_ACCEPTANCE, graded, shared_files

from rulecheck import nodes as n
from rulecheck.api import check_text
from rulecheck.cards.choice import card_line
from rulecheck.cards.definition import abilities_of
from rulecheck.cards.facts import CardFacts
from rulecheck.cards.oracle import read_abilities, read_line
from rulecheck.parser import parse_line
from rulecheck.replay.cardtext import delayed_condition

ACCEPTANCE = SHARED_ACCEPTANCE / "cardtext"


@pytest.mark.skipif(not ACCEPTANCE.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("path", shared_files("cardtext"), ids=lambda p: p.stem)
def test_cardtext_acceptance(path: Path) -> None:
    """The whole shared folder: the card templates, Two-Headed Giant and one fault, one finding."""
    found, wanted, code = graded(path)
    assert found == wanted
    assert code == (1 if wanted else 0)


@pytest.mark.parametrize(("line", "names", "read"), [
    ("Untap all creatures and lands you control during each other player's untap step.", [],
     [("static", "untap all creatures and lands you control during each other player's untap step")]),
    ("Untap Bender's Waterskin during each other player's untap step.", ["Bender's Waterskin"],
     [("static", "untaps during each other player's untap step")]),
    ("Colossus of Sardia doesn't untap during your untap step.", ["Colossus of Sardia"],
     [("static", "doesn't untap during its controller's untap step")]),
    ("You may choose not to untap CARDNAME during your untap step.", [],
     [("static", "you may choose not to untap this during your untap step")]),
    ("Players skip their untap steps.", [], [("static", "players skip their untap steps")]),
    ("{1}, {T}: End the turn. Activate only during your turn.", [], [("resolution", "{1}, {t}: end the turn")]),
    ("{T}: Untap another target permanent.", [], [("resolution", "{t}: untap another target permanent")]),
    ("{1}, {T}: Tap target artifact, creature, or land.", [],
     [("resolution", "{1}, {t}: tap target artifact, creature, or land")]),
    ("Tap target creature. Draw a card.", [], [("resolution", "tap target creature"), ("text", "draw a card.")]),
    ("Your opponents can't cast spells this turn. End the combat phase.", [],
     [("resolution", "end the combat phase"), ("text", "your opponents can't cast spells this turn.")]),
    ("This creature can't attack or block.", [], [("static", "can't attack"), ("static", "can't block")]),
    ("Juggernaut attacks each turn if able.", ["Juggernaut"], [("static", "attacks each combat if able")]),
    ("Bulwark Sentry can attack as though it didn't have defender.", ["Bulwark Sentry"],
     [("static", "can attack as though it didn't have defender")]),
    ("Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
     "owner's control with a +1/+1 counter on it.)", [],
     [("trigger", "when this dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
                  "owner's control with a +1/+1 counter on it")]),
    ("First strike", [], [("keyword", "first strike")]),
    # colours before the kinds: the colours are part of what it untaps
    ("Untap all green and/or blue creatures you control during each other player's untap step.", [],
     [("static", "untap all green and/or blue creatures you control during each other player's untap step")]),
    ("Juggernaut can't be blocked by Walls.", ["Juggernaut"], [("static", "can't be blocked by walls")]),
    ("Elven Riders can't be blocked except by Walls and/or creatures with flying.", ["Elven Riders"],
     [("static", "can't be blocked except by walls and/or creatures with flying")]),
    ("This creature can't be blocked except by creatures with flying.", [],
     [("static", "can't be blocked except by creatures with flying")]),
    # a qualifier no template follows: the whole line stays text
    ("Untap each creature you control with a +1/+1 counter on it during each other player's untap step.", [],
     [("text", "Untap each creature you control with a +1/+1 counter on it during each other player's untap step.")]),
    ("Juggernaut can't be blocked by creatures with power 2 or less.", ["Juggernaut"],
     [("text", "Juggernaut can't be blocked by creatures with power 2 or less.")]),
    # independent13's families: flash permissions, extra turns, additional combat phases, intervening "if",
    # attack taxes, cast timing, a spell's effect on its target
    ("You may cast creature spells as though they had flash.", [],
     [("static", "you may cast creature spells as though they had flash")]),
    ("Any player may cast creature and enchantment spells as though they had flash.", [],
     [("static", "any player may cast creature and enchantment spells as though they had flash")]),
    ("You may cast green creature spells as though they had flash.", [],
     [("text", "You may cast green creature spells as though they had flash.")]),
    ("Take an extra turn after this one. Skip the untap step of that turn.", [],
     [("resolution", "take an extra turn after this one"), ("resolution", "skip the untap step of that turn")]),
    ("Target player takes two extra turns after this one.", [],
     [("resolution", "target player takes two extra turns after this one")]),
    ("Untap all creatures that attacked this turn. After this main phase, there is an additional combat phase "
     "followed by an additional main phase.", [],
     [("resolution", "untap all creatures that attacked this turn"),
      ("resolution", "after this main phase, there is an additional combat phase followed by an additional main "
                     "phase")]),
    # the untap inside a condition stays unread (Hellkite Charger)
    ("If you do, untap all attacking creatures and after this phase, there is an additional combat phase.", [],
     [("text", "If you do, untap all attacking creatures and after this phase, there is an additional combat "
               "phase.")]),
    ("Untap target creature.", [], [("resolution", "untap target creature")]),
    ("Creatures you control get +3/+3 and gain trample until end of turn.", [],
     [("resolution", "creatures you control get +3/+3 and gain trample until end of turn")]),
    ("Attacking creatures get +2/+0 until end of turn.", [],
     [("resolution", "attacking creatures get +2/+0 until end of turn")]),
    ("Selesnya Guildgate enters the battlefield tapped.", ["Selesnya Guildgate"],
     [("static", "enters the battlefield tapped")]),
    ("This land enters tapped.", [], [("static", "enters the battlefield tapped")]),
    ("You may have Thorn Elemental assign its combat damage as though it weren't blocked.", ["Thorn Elemental"],
     [("static", "may assign its combat damage as though it weren't blocked")]),
    ("Dauthi Horror can't be blocked by white creatures.", ["Dauthi Horror"],
     [("static", "can't be blocked by white creatures")]),
    ("Sea Serpent can't attack unless defending player controls an Island.", ["Sea Serpent"],
     [("static", "can't attack unless defending player controls an island")]),
    ("Creatures you control get +1/+1.", [], [("group", "creatures you control get +1/+1")]),
    ("Other Goblin creatures you control get +1/+1.", [], [("group", "other goblin creatures you control get +1/+1")]),
    ("Other Goblins get +1/+1 and have mountainwalk.", [], [("group", "other goblins get +1/+1 and have mountainwalk")]),
    ("Creatures you control with flying get +1/+1.", [], [("text", "Creatures you control with flying get +1/+1.")]),
    ("Nontoken creatures you control get +1/+1.", [], [("group", "nontoken creatures you control get +1/+1")]),
    ("Nontoken creatures you control get +1/+1 and have vigilance.", [],
     [("group", "nontoken creatures you control get +1/+1 and have vigilance")]),
    ("Nontoken creatures get +1/+1.", [], [("text", "Nontoken creatures get +1/+1.")]),
    ("You may play an additional land this turn.", [], [("resolution", "you may play an additional land this turn")]),
    ("You may play an additional land this turn if you control a Forest.", [],
     [("text", "You may play an additional land this turn if you control a Forest.")]),
    ("Each player may play an additional land on each of their turns.", [],
     [("static", "each player may play an additional land on each of their turns")]),
    ("{1}, {T}: Tap target artifact. It doesn't untap during its controller's untap step for as long as Rust Tick "
     "remains tapped.", ["Rust Tick"],
     [("resolution", "{1}, {t}: tap target artifact. it doesn't untap during its controller's untap step for as "
                     "long as this remains tapped")]),
    ("{T}: Tap target creature. It doesn't untap during its controller's next untap step.", [],
     [("resolution", "{t}: tap target creature"), ("text", "it doesn't untap during its controller's next untap step.")]),
    ("You have no maximum hand size.", [], [("static", "you have no maximum hand size")]),
    ("Each opponent's maximum hand size is reduced by two.", ["Locust Miser"],
     [("static", "each opponent's maximum hand size is reduced by 2")]),
    ("You may play two additional lands on each of your turns.", [],
     [("static", "you may play two additional lands on each of your turns")]),
    ("You may play lands from your graveyard.", [], [("static", "you may play lands from your graveyard")]),
    ("At the beginning of each opponent's upkeep, if that player has five or more cards in hand, Misers' Cage deals "
     "2 damage to that player.", ["Misers' Cage"],
     [("trigger", "at the beginning of each opponent's upkeep, if that player has five or more cards in hand"),
      ("text", "Misers' Cage deals 2 damage to that player.")]),
    ("Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking "
     "you.", [], [("attack_cost", "{2}")]),
    ("Creatures can't attack you or planeswalkers you control unless their controller pays {W/P} for each of those "
     "creatures.", [], [("text", "Creatures can't attack you or planeswalkers you control unless their controller "
                                 "pays {W/P} for each of those creatures.")]),
    ("Cast this spell only before the combat damage step.", [],
     [("timing", "cast only before the combat damage step")]),
    ("Play Berserk only before combat damage.", ["Berserk"], [("timing", "cast only before the combat damage step")]),
    ("Cast this spell only during your turn.", [], [("text", "Cast this spell only during your turn.")]),
    ("Target creature gets +3/+3 until end of turn.", [],
     [("resolution", "target creature gets +3/+3 until end of turn")]),
    ("Target creature gets +X/+X until end of turn.", [], [("text", "Target creature gets +X/+X until end of turn.")]),
])
def test_oracle_templates_read_every_wording(line: str, names: list[str], read: list[tuple[str, str]]) -> None:
    assert [(a.kind, a.text) for a in read_line(line, names)] == read


def test_an_enchanted_creature_that_cant_attack_or_block_keeps_the_rest_as_text() -> None:
    read = read_line("Enchanted creature can't attack or block, and its activated abilities can't be activated.", [])
    assert [a.kind for a in read] == ["attached", "text"]
    assert [g.text for g in read[0].grants] == ["can't attack", "can't block"]


def test_quoted_text_of_a_definition_is_read_and_abilities_written_twice_stay_two() -> None:
    quoted = (n.Ability("text", "Flying"), n.Ability("trigger", "whenever this attacks"),
              n.Ability("trigger", "whenever this attacks"), n.Ability("text", "Enchant creature"))
    assert [(a.kind, a.text) for a in read_abilities(quoted, "Hero")] == [
        ("keyword", "flying"), ("trigger", "whenever this attacks"), ("trigger", "whenever this attacks"),
        ("text", "Enchant creature")]


def _found(text: str) -> list[tuple[int, str, str, str]]:
    return [(v.line, v.rule, v.severity, v.message) for v in check_text(text)]


_FORTRESS = ('card Ivorytusk Fortress: white black green creature 5/7, "Untap each creature you control with a +1/+1 '
          'counter on it during each other player\'s untap step."\n')


def test_unread_text_makes_what_it_could_allow_a_note() -> None:
    text = ("players: Alice, Bob\n" + _FORTRESS + "card Grizzly Bears: green creature 2/2\n"
            "Bob controls Ivorytusk Fortress\nBob controls Grizzly Bears: tapped\n"
            "turn 6: Alice\nuntap step\nBob untaps Grizzly Bears\n")
    assert _found(text) == [(8, "502.2", "note", "not judged: Ivorytusk Fortress's text may allow Bob to untap here")]
    hint = check_text(text)[0].hint
    assert hint == ("without that text: Bob untaps Grizzly Bears during Alice's untap step; only the active "
                    "player's permanents untap")


def test_unread_text_of_another_player_or_of_another_family_explains_nothing() -> None:
    text = ("players: Alice, Bob\n" + _FORTRESS + "card Grizzly Bears: green creature 2/2\n"
            "Alice controls Ivorytusk Fortress\nBob controls Grizzly Bears: tapped\n"
            "turn 6: Alice\nuntap step\nBob untaps Grizzly Bears\n")
    assert [(f[0], f[1], f[2]) for f in _found(text)] == [(8, "502.2", "error")]
    attack = ("players: Alice, Bob\n" + _FORTRESS + "card Hill Giant: red creature 3/3\n"
              "Alice controls Ivorytusk Fortress\nAlice controls Hill Giant: tapped\n"
              "turn 6: Alice, in declare attackers step\nAlice declares Hill Giant attacking Bob\n")
    assert _found(attack) == [(7, "508.1a", "error", "Hill Giant is tapped; attacking creatures must be untapped")]


def test_a_resolution_whose_effect_is_narrated_explains_nothing_more() -> None:
    base = ("players: Alice, Bob\ncard Chronatog: creature 1/2, \"{0}: Chronatog gets +3/+3 until end of turn. "
            "You skip your next turn.\"\nAlice controls Chronatog\nturn 5: Alice, in precombat main phase\n"
            "Alice activates Chronatog\n")
    unread = base + "Chronatog ability resolves\nend step begins\n"
    narrated = base + "Chronatog ability resolves; Chronatog gets +3/+3 until end of turn\nend step begins\n"
    assert [(f[1], f[2]) for f in _found(unread)] == [("505.1", "note")]
    assert [(f[1], f[2]) for f in _found(narrated)] == [("505.1", "error")]


@pytest.mark.parametrize(("text", "spell", "condition"), [
    ("Exile target creature. At the beginning of the next end step, return that card to the battlefield.", True,
     "at the beginning of the next end step"),
    ("Return it to the battlefield at end of turn.", True, "at the beginning of the next end step"),
    ("at the beginning of your next upkeep, pay {3}{U}{U}.", True, "at the beginning of your next upkeep"),
    ("Sacrifice it at end of combat.", True, "at end of combat"),
    ("Draw a card at the beginning of the next cleanup step.", True, "at the beginning of the next cleanup step"),
    # a triggered ability's own condition is not a delayed trigger; its effect may make one
    ("at the beginning of your upkeep, draw a card.", False, None),
    ("when this enters the battlefield, exile another target permanent. return that card to the battlefield under "
     "its owner's control at the beginning of the next end step.", False, "at the beginning of the next end step"),
])
def test_delayed_trigger_wordings(text: str, spell: bool, condition: str | None) -> None:
    assert delayed_condition(text, spell) == condition


def test_a_permanent_spell_whose_text_says_at_end_of_turn_owes_one_trigger() -> None:
    """A permanent's own "at end of turn" ability is a step trigger of the permanent, not a delayed trigger of
    the spell that put it onto the battlefield: it is owed once."""
    text = ("players: Alice, Bob\ncard Ball Lightning: red creature 6/1, \"Trample, haste\", \"At end of turn, "
            "sacrifice Ball Lightning.\"\nAlice: hand 1\nAlice holds Ball Lightning\n"
            "turn 5: Alice, in precombat main phase\nAlice casts Ball Lightning\nBall Lightning resolves\n...\n"
            "end step begins\nBall Lightning triggers\nBall Lightning ability resolves; Alice sacrifices Ball "
            "Lightning\n")
    assert _found(text) == []


@pytest.mark.parametrize("text", [
    "Untap all creatures and lands you control during each other player's untap step.\n"
    "You may cast creature spells as though they had flash.",
    "{1}, {T}: End the turn. Activate only during your turn.",
    "Undying (When this creature dies, if it had no +1/+1 counters on it, return it to the battlefield under its "
    "owner's control with a +1/+1 counter on it.)",
    "Defender\nThis creature can attack as though it didn't have defender.",
    "Creatures can't attack you unless their controller pays {2} for each creature they control that's attacking you.",
    "At the beginning of each opponent's upkeep, if that player has five or more cards in hand, Test Card deals 2 "
    "damage to that player.",
    "Cast this spell only before the combat damage step.\nTarget creature gains trample and gets +X/+0 until end of "
    "turn, where X is its power.",
])
def test_a_database_card_line_reads_back_as_the_same_abilities(text: str) -> None:
    """`cards show` writes the card line a transcript would: read again, it has the same abilities."""
    facts = CardFacts(name="Test Card", types=("creature",), power="1", toughness="1", text=text)
    parsed = parse_line(card_line(facts, "Test Card"), 1)
    assert isinstance(parsed, list) and isinstance(parsed[0], n.CardDef)
    assert read_abilities(parsed[0].abilities, "Test Card") == abilities_of(facts)


def test_an_activated_or_loyalty_ability_explains_nothing_until_it_resolves() -> None:
    text = ("players: Alice, Bob\ncard Kiora: planeswalker, loyalty 7, \"+1: Untap target permanent.\"\n"
            "card Grizzly Bears: green creature 2/2\nBob controls Kiora\nBob controls Grizzly Bears: tapped\n"
            "turn 6: Alice\nuntap step\nBob untaps Grizzly Bears\n")
    assert [(f[0], f[1], f[2]) for f in _found(text)] == [(8, "502.2", "error")]


def test_hellkite_chargers_conditional_combat_phase_is_not_read() -> None:
    """Only a sentence that is the text's own: "If you do, ... and after this phase, ..." stays unread."""
    from rulecheck.cards.oracle import ADDITIONAL_COMBAT
    assert ADDITIONAL_COMBAT.search("whenever this attacks, you may pay {5}{r}{r}. if you do, untap all attacking "
                                    "creatures and after this phase, there is an additional combat phase.") is None
    assert ADDITIONAL_COMBAT.search("whenever this attacks for the first time each turn, untap all creatures you "
                                    "control. after this phase, there is an additional combat phase.") is not None


def test_an_extra_turn_for_a_target_not_named_is_a_note_and_a_named_one_is_judged() -> None:
    """"Target player takes an extra turn after this one." needs the player the cast targeted: without one, whose
    turn comes next isn't known, and a finding it could explain is a note; with one, it is read."""
    text = ('players: Alice, Bob\ncard Time Warp: blue sorcery, "Target player takes an extra turn after this one."\n'
            "Alice: hand 1\nAlice holds Time Warp\nturn 5: Alice, in precombat main phase\n"
            "Alice casts Time Warp{} without paying its mana cost\nTime Warp resolves\nturn 6: Alice\n")
    assert [(line, rule, severity) for line, rule, severity, _ in _found(text.format(""))] == [(8, "500.1", "note")]
    assert [(line, rule, severity) for line, rule, severity, _ in _found(text.format(" targeting Bob"))] == \
        [(8, "500.7", "error")]
    assert _found(text.format(" targeting Alice")) == []


# The false-alarm audit (docs/transcript-language.md, "Unread card text"): for each rule the replay can flag, real
# Oracle phrasings that could make the flagged act legal reach it (a note), and text of another family doesn't.
@pytest.mark.parametrize(("key", "text", "reaches"), [
    ("502.2", "Untap each creature you control with a +1/+1 counter on it during each other player's untap step.", True),
    ("508.1a", "Goblins you control have haste.", True),                                        # Goblin Warchief
    ("508.1a", "Untap another target permanent.", True),                                        # Kiora's Follower
    ("508.1a", "Other Soldier creatures you control have vigilance.", True),
    ("508.1a", "Untap each creature you control with a +1/+1 counter on it during each other player's untap step.",
     False),                                                          # an untap in another player's untap step only
    ("508.1a", "Draw a card.", False),
    ("508.1c", "Wall creatures can attack as though they didn't have defender.", True),        # Rolling Stones
    ("508.1c", "Enchanted land is an Island.", True),                                           # Spreading Seas
    ("508.1d", "Creatures with power greater than the number of cards in your hand can't attack.", True),
    ("508.1d", "Creatures your opponents control enter the battlefield tapped.", True),         # Imposing Sovereign
    ("508.1d", "Tap target creature.", True),
    ("509.1a", "Untap target blocking creature.", True),
    ("509.1a", "Target creature can block any number of creatures this turn.", True),
    ("509.1b", "All creatures lose flying.", True),                                             # Gravity Sphere
    ("509.1b", "Wall of Diffusion can block creatures with shadow as though Wall of Diffusion had shadow.", True),
    ("509.1b", "Nonbasic lands are Mountains.", True),                                          # Blood Moon
    ("509.1b", "Other Spider creatures you control have reach.", True),
    ("509.1b", "You may have Thorn Elemental assign its combat damage as though it weren't blocked.", False),
    ("509.1b", "Players don't lose unspent mana as steps and phases end.", False),
    ("509.1c", "Tap target creature.", True),
    ("506.1", "Equipped creature has double strike.", True),
    ("510.5", "Other Knight creatures you control have first strike.", True),
    ("510.1a", "Other Goblin creatures get +1/+1 and have mountainwalk.", True),                # Goblin King
    ("510.1a", "Each creature assigns combat damage equal to its toughness rather than its power.", True),   # Doran
    ("510.1a", "Prowess", True),                         # the keyword the language doesn't have: its trigger pumps
    ("510.1c", "For each creature you control, you may have that creature assign its combat damage as though it "
               "weren't blocked.", True),                                                   # Siege Behemoth
    ("508.1a", "As long as Siege Behemoth is attacking, for each creature you control, you may have that creature "
               "assign its combat damage as though it weren't blocked.", False),
    ("506.3", "As long as Siege Behemoth is attacking, for each creature you control, you may have that creature "
              "assign its combat damage as though it weren't blocked.", False),
    ("510.1c", "Other Beast creatures you control have trample.", True),
    ("510.1c", "Prevent all combat damage that would be dealt this turn.", False),   # Fog: 510.1c ignores prevention
    ("508.1g", "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for each of "
               "those creatures, where X is the number of enchantments you control.", True),      # Sphere of Safety
    ("509.1d", "{X}{R}: This turn, creatures can't block unless their controller pays {X} for each blocking creature "
               "they control.", True),                                                             # War Cadence
    ("509.1d", "Creatures can't attack you unless their controller pays {2} for each creature they control that's "
               "attacking you.", False),                                     # an attack tax says nothing of blocks
    ("510.1c", "You may assign Butcher Orgg's combat damage divided as you choose among defending player and/or any "
               "number of creatures defending player controls.", True),
    ("510.1a", "Whenever Hypnotic Specter deals combat damage to a player, that player discards a card.", False),
    ("510.1c", "Flying", False),
    ("505.5b", "You may play an additional land this turn.", True),                             # Explore
    ("505.5b", "Each player may play an additional land on each of their turns.", True),        # Rites of Flourishing
    ("505.5b", "You may play any number of lands on each of your turns.", True),                # Fastbond
    ("500.4", "Players don't lose unspent mana as steps and phases end.", True),                # Upwelling
    ("500.4", "If you would lose unspent mana, that mana becomes colorless instead.", True),    # Kruphix
    ("506.3", "Mishra's Factory becomes a 2/2 Assembly-Worker artifact creature until end of turn.", True),
    ("506.3", "Each other non-Aura enchantment is a creature in addition to its other types.", True),   # Opalescence
    ("505.5a", "You may cast green creature spells as though they had flash.", True),
    ("504.1", "Skip your draw step.", True),
    ("500.10", "Skip your draw step.", True),
])
def test_unread_families_reach_the_rules_their_words_could_explain(key: str, text: str, reaches: bool) -> None:
    from rulecheck.replay.unread import family
    assert any(words.search(text.lower()) for words, _ in family(key)) is reaches


def test_unread_text_that_may_change_power_and_toughness_leaves_them_unknown() -> None:
    """Goblin King's "Other Goblin creatures get +1/+1 …" (a creature type: unread): a Goblin's size and its damage
    aren't judged; a read anthem (Glorious Anthem) is applied, and what disagrees with it is judged."""
    base = ("players: Alice, Bob\npriority: implicit\ncard Goblin Piker: red creature — Goblin Warrior 2/1\n"
            "card Hill Giant: red creature — Giant 3/3\nAlice controls Goblin Piker, {}\nBob: life 20\n"
            "turn 4: Alice, in beginning of combat step\nGoblin Piker is 3/2\ndeclare attackers step\n"
            "Alice declares Goblin Piker attacking Bob\ndeclare blockers step\ncombat damage step\n"
            "Goblin Piker assigns 3 to Bob\n")
    king = base.replace("{}", "Goblin King").replace(
        "priority: implicit\n", "priority: implicit\ncard Goblin King: red creature — Goblin 2/2, \"Other Goblin "
                                "creatures get +1/+1 and have mountainwalk.\"\n")
    assert _found(king) == []
    anthem = base.replace("{}", "Glorious Anthem").replace(
        "priority: implicit\n", "priority: implicit\ncard Glorious Anthem: white enchantment, \"Creatures you "
                                "control get +1/+1.\"\n")
    assert _found(anthem) == []
    wrong = anthem.replace("is 3/2", "is 4/3").replace("assigns 3", "assigns 4")
    assert [(f[0], f[1], f[2]) for f in _found(wrong)] == [(9, "assert", "error"), (14, "510.1a", "error")]


def test_a_resolved_trigger_whose_unread_effect_may_pump_leaves_power_unknown_that_turn() -> None:
    """Goblin Piker's "Whenever this attacks, it gets +1/+0 until end of turn." resolves with nothing narrated: its
    damage isn't computed, so Bob's life after it isn't judged; narrated on its line, the effect is the whole effect
    and is judged."""
    text = ("players: Alice, Bob\npriority: implicit\ncard Goblin Piker: red creature — Goblin Warrior 2/1, "
            "\"Whenever Goblin Piker attacks, it gets +1/+0 until end of turn.\"\nAlice controls Goblin Piker\n"
            "Bob: life 20\nturn 4: Alice, in declare attackers step\nAlice declares Goblin Piker attacking Bob\n"
            "Goblin Piker triggers\nGoblin Piker ability resolves\ndeclare blockers step\ncombat damage step\n"
            "combat damage is dealt\nBob has 17 life\n")
    assert _found(text) == []
    narrated = text.replace("ability resolves\n", "ability resolves; Goblin Piker gets +1/+0 until end of turn\n")
    assert _found(narrated) == []
    wrong = narrated.replace("has 17 life", "has 18 life")
    assert [(f[0], f[1]) for f in _found(wrong)] == [(13, "assert")]


def test_unread_text_about_damage_leaves_the_life_totals_it_touches_to_the_transcript() -> None:
    """Vampire Nocturnus' "Other Vampire creatures you control have lifelink." (a creature type: unread): Alice's
    life after her Vampire's damage is what the transcript says; without such text it is judged."""
    text = ("players: Alice, Bob\npriority: implicit\ncard Vampire Nocturnus: black creature — Vampire 3/3, \"Other "
            "Vampire creatures you control have lifelink.\"\ncard Vampire Interloper: black creature — Vampire Scout "
            "2/1\nAlice controls Vampire Nocturnus, Vampire Interloper\nAlice: life 20\nBob: life 20\n"
            "turn 4: Alice, in declare attackers step\nAlice declares Vampire Interloper attacking Bob\n"
            "declare blockers step\ncombat damage step\ncombat damage is dealt\nBob has 18 life\nAlice has 22 life\n")
    assert _found(text) == []
    plain = text.replace("\"Other Vampire creatures you control have lifelink.\"", "\"Flying\"")
    assert [(f[0], f[1]) for f in _found(plain)] == [(14, "assert")]


def test_unread_first_strike_text_leaves_the_first_damage_step_to_the_narration() -> None:
    """Akroma's Memorial ("Creatures you control have flying, first strike, … and protection from black and from
    red.": a keyword the group reader doesn't list, so unread): the second combat damage step is a note, and Hill
    Giant, whose damage isn't narrated in the first step, deals none there (it may have been the first-strike step),
    so it still blocks in the second."""
    text = ("players: Alice, Bob\npriority: implicit\ncard Akroma's Memorial: legendary artifact, \"Creatures you "
            "control have flying, first strike, vigilance, trample, haste, and protection from black and from red.\"\n"
            "card Knight of Meadowgrain: white creature — Human Knight 2/2\ncard Hill Giant: red creature — Giant 3/3\n"
            "Alice controls Akroma's Memorial, Knight of Meadowgrain\n"
            "Bob controls Hill Giant\nturn 4: Alice, in declare attackers step\n"
            "Alice declares Knight of Meadowgrain attacking Bob\ndeclare blockers step\n"
            "Bob declares Hill Giant blocking Knight of Meadowgrain\ncombat damage step\n"
            "Knight of Meadowgrain assigns 2 to Hill Giant\ncombat damage is dealt\nsecond combat damage step begins\n"
            "Hill Giant assigns 3 to Knight of Meadowgrain\ncombat damage is dealt\nKnight of Meadowgrain dies\n")
    assert [(f[0], f[1], f[2]) for f in _found(text)] == [(15, "506.1", "note")]


def test_an_unread_pumping_keyword_leaves_power_unknown() -> None:
    """Monastery Swiftspear's prowess (a keyword the language doesn't have: kept as text, its reminder removed) may
    have made it 2/3 after Shock: its 2 damage isn't judged against its printed power."""
    text = ("players: Alice, Bob\npriority: implicit\ncard Monastery Swiftspear: red creature — Human Monk 1/2, "
            "\"Haste\", \"Prowess (Whenever you cast a noncreature spell, this creature gets +1/+1 until end of turn.)\"\n"
            "Alice controls Monastery Swiftspear\nBob: life 20\nturn 4: Alice, in declare attackers step\n"
            "Alice declares Monastery Swiftspear attacking Bob\ndeclare blockers step\ncombat damage step\n"
            "Monastery Swiftspear assigns 2 to Bob\ncombat damage is dealt\nBob has 18 life\n")
    assert _found(text) == []


def test_unread_text_that_keeps_a_permanent_tapped_reaches_a_later_untap_step() -> None:
    """Frost Breath ("… Those creatures don't untap during their controller's next untap step.") resolved in Alice's
    turn: Bob's Grizzly Bears staying tapped in his next untap step is a note (narrated with `except`), and his word
    that it is tapped is taken (the untap left out)."""
    head = ("players: Alice, Bob\npriority: implicit\ncard Frost Breath: blue instant, \"Tap up to two target "
            "creatures. Those creatures don't untap during their controller's next untap step.\"\n"
            "card Grizzly Bears: green creature — Bear 2/2\nAlice: hand 1\nAlice holds Frost Breath\n"
            "Bob controls Grizzly Bears\nturn 4: Alice, in precombat main phase\n"
            "Alice casts Frost Breath targeting Grizzly Bears\nFrost Breath resolves\nGrizzly Bears is tapped\n"
            "end step\ncleanup step\nturn 5: Bob\nuntap step\n")
    narrated = head + "Bob untaps all permanents except Grizzly Bears\n"
    assert [(f[0], f[1], f[2]) for f in _found(narrated)] == [(16, "502.2", "note")]
    told = head + "upkeep step\nGrizzly Bears is tapped\n"
    assert _found(told) == []
    without = told.replace("Those creatures don't untap during their controller's next untap step.", "")
    assert [(f[0], f[1]) for f in _found(without)] == [(17, "assert")]


def test_a_lord_of_a_creature_type_leaves_a_creature_of_unknown_types_unknown() -> None:
    """Goblin King's "Other Goblins get +1/+1 …": a creature defined without a type line's dash may be a Goblin, so
    its power isn't judged either way; one defined as a Bear is no Goblin, and is judged."""
    text = ("players: Alice, Bob\npriority: implicit\ncard Goblin King: red creature — Goblin 2/2, \"Other Goblins get "
            "+1/+1 and have mountainwalk.\"\ncard Raging Goblin: red creature 1/1\nAlice controls Goblin King, Raging "
            "Goblin\nBob: life 20\nturn 4: Alice, in declare attackers step\nAlice declares Raging Goblin attacking "
            "Bob\ndeclare blockers step\ncombat damage step\nRaging Goblin assigns 2 to Bob\n")
    assert _found(text) == []
    bear = text.replace("card Raging Goblin: red creature 1/1", "card Raging Goblin: red creature — Bear 1/1")
    assert [(f[0], f[1]) for f in _found(bear)] == [(11, "510.1a")]


def test_a_narration_of_what_a_read_anthem_does_is_that_anthem_not_a_second_bonus() -> None:
    text = ("players: Alice, Bob\npriority: implicit\ncard Glorious Anthem: white enchantment, \"Creatures you control "
            "get +1/+1.\"\ncard Grizzly Bears: green creature — Bear 2/2\nAlice: hand 1\nAlice holds Glorious Anthem\n"
            "Alice controls Grizzly Bears\nturn 4: Alice, in precombat main phase\nAlice casts Glorious Anthem\n"
            "Glorious Anthem resolves; Grizzly Bears gets +1/+1 for as long as Glorious Anthem is on the battlefield\n"
            "Grizzly Bears is 3/3\n")
    assert _found(text) == []
    until_eot = text.replace("for as long as Glorious Anthem is on the battlefield", "until end of turn")
    assert [(f[0], f[1]) for f in _found(until_eot)] == [(11, "assert")]   # another effect: 4/4


def test_an_activation_pays_its_tap_cost_and_a_read_untap_among_several_abilities_is_unread() -> None:
    """A {T} cost taps the source as it is activated (602.2); "Untap another target permanent." untaps the target
    when it is the only ability that can be resolving, and is unread text (a note) when another could be."""
    text = ("players: Alice, Bob\ncard Grizzly Bears: green creature 2/2\ncard Hill Giant: red creature 3/3\n"
            'card Untapper: blue creature 1/1, "{T}: Untap another target permanent."{}\n'
            "Alice controls Grizzly Bears\nBob controls Untapper\nBob controls Hill Giant: tapped\n"
            "turn 6: Alice, in beginning of combat step\nBob activates Untapper targeting Hill Giant\n"
            "Untapper ability resolves\ndeclare attackers step\nAlice declares Grizzly Bears attacking Bob\n"
            "declare blockers step\nBob declares Hill Giant blocking Grizzly Bears\n"
            "Bob declares Untapper blocking Grizzly Bears\n")
    assert [(line, rule, severity) for line, rule, severity, _ in _found(text.replace("{}", ""))] == \
        [(15, "509.1a", "error")]
    other = ', "{2}: Untapper gets +1/+0 until end of turn."'
    assert [(line, rule, severity) for line, rule, severity, _ in _found(text.replace("{}", other))] == \
        [(14, "509.1a", "note")]
    cycling = ', "Cycling {2} (Discard this card: draw a card.)"'
    assert [(line, rule, severity) for line, rule, severity, _ in _found(text.replace("{}", cycling))] == \
        [(15, "509.1a", "error")]


_TAXES = """players: Alice, Bob
priority: implicit
card Sphere of Safety: white enchantment, mana cost {4}{W}, "Creatures can't attack you or planeswalkers you control unless their controller pays {X} for each of those creatures, where X is the number of enchantments you control."
card Hill Giant: red creature — Giant 3/3, mana cost {3}{R}
card Grizzly Bears: green creature — Bear 2/2, mana cost {1}{G}
card War Cadence: red enchantment, mana cost {2}{R}, "{X}{R}: This turn, creatures can't block unless their controller pays {X} for each blocking creature they control."
Alice: life 20
Alice controls Hill Giant, War Cadence
Bob: life 20
Bob controls Sphere of Safety, Grizzly Bears
turn 5: Alice, in beginning of combat step
Alice activates War Cadence paying {1}{R}
War Cadence ability resolves
declare attackers step
Alice declares Hill Giant attacking Bob; Alice adds {1}; Alice pays {1} to attack
declare blockers step
Bob declares Grizzly Bears blocking Hill Giant; Bob adds {1}; Bob pays {1} to block
"""


def test_an_unread_cost_to_attack_or_block_makes_its_payment_a_note() -> None:
    """Sphere of Safety's variable tax and War Cadence's resolved one aren't read: the payments they ask for are
    notes (508.1g, 509.1d), not violations."""
    assert [(line, rule, severity) for line, rule, severity, _ in _found(_TAXES)] == \
        [(15, "508.1g", "note"), (17, "509.1d", "note")]


def test_unread_indestructible_leaves_a_creatures_death_to_the_transcript() -> None:
    """Heroic Intervention's "… gain hexproof and indestructible until end of turn." isn't read: Grizzly Bears,
    dealt lethal damage, isn't destroyed unless the transcript says so, and attacks in Bob's turn."""
    text = """players: Alice, Bob
priority: implicit
card Heroic Intervention: green instant, mana cost {1}{G}, "Permanents you control gain hexproof and indestructible until end of turn."
card Hill Giant: red creature — Giant 3/3, mana cost {3}{R}
card Grizzly Bears: green creature — Bear 2/2, mana cost {1}{G}
Alice: life 20
Alice controls Hill Giant
Bob: life 20
Bob holds Heroic Intervention
Bob controls Grizzly Bears
turn 5: Alice, in beginning of combat step
declare attackers step
Alice declares Hill Giant attacking Bob
declare blockers step
Bob declares Grizzly Bears blocking Hill Giant
Bob casts Heroic Intervention paying {1}{G}
Heroic Intervention resolves
combat damage step
combat damage is dealt
end step
turn 6: Bob
declare attackers step
Bob declares Grizzly Bears attacking Alice
"""
    assert _found(text) == []
    assert [(line, rule) for line, rule, _, _ in _found(text.replace("Bob casts Heroic Intervention paying {1}{G}\n"
                                                                     "Heroic Intervention resolves\n", ""))] == \
        [(21, "state")]


@pytest.mark.parametrize(("condition", "blocks"), [("attacks or blocks", False), ("blocks or becomes blocked", True)])
def test_a_trigger_of_two_combat_conditions_is_owed_on_each(condition: str, blocks: bool) -> None:
    """"Whenever this creature attacks or blocks, …": owed as it attacks (508.2); "… blocks or becomes blocked, …"
    as it becomes blocked (509.4); a player acting before it is on the stack is flagged."""
    text = ("players: Alice, Bob\npriority: implicit\n"
            f'card Brawler: red creature 2/2, "Whenever Brawler {condition}, it gets +1/+1 until end of turn."\n'
            'card Grizzly Bears: green creature 2/2\ncard Shock: red instant, "Shock deals 2 damage to any target."\n'
            "Alice controls Brawler\nBob controls Grizzly Bears\nBob holds Shock\n"
            "turn 5: Alice, in beginning of combat step\ndeclare attackers step\nAlice declares Brawler attacking Bob\n"
            + ("declare blockers step\nBob declares Grizzly Bears blocking Brawler\n" if blocks else "")
            + "Bob casts Shock targeting Brawler\n")
    rule = "509.4" if blocks else "508.2"
    assert [(rule_, severity) for _, rule_, severity, _ in _found(text)] == [(rule, "error")]


_WARBOSS = ("card Legion Warboss: red creature — Goblin Soldier 2/2, {other}\"At the beginning of combat on your turn, "
            "create a 1/1 red Goblin creature token. That token gains haste until end of turn and attacks this combat "
            "if able.\"\ncard Goblin: red creature token — Goblin 1/1\n")


@pytest.mark.parametrize(("other", "severity"), [
    ('"Mentor (Whenever this creature attacks, put a +1/+1 counter on target attacking creature with lesser '
     'power.)", ', "note"),
    ('"Battalion — Whenever this creature and at least two other creatures attack, draw a card.", ', "note"),
    ('"Whenever you cast a noncreature spell, put a +1/+1 counter on target creature.", ', "note"),
    ('"Ward {2}", ', "note"),
    ("flying, ", "error"),
    ("", "error"),
])
def test_a_trigger_nothing_owed_is_a_note_beside_an_unfollowed_trigger(other: str, severity: str) -> None:
    """A beginning-of-combat trigger narrated in the declare attackers step: flagged 507.2 unless the permanent has
    another triggered ability the replay doesn't follow (unread trigger text, a triggered keyword kept as text, a
    read trigger of an event it doesn't watch), which may be what triggered: then a note."""
    text = ("players: Alice, Bob\nedition: current\n" + _WARBOSS.format(other=other) +
            "Alice controls Legion Warboss\n"
            "turn 8: Alice, in precombat main phase\nbeginning of combat step\nLegion Warboss triggers\n"
            "Legion Warboss ability resolves; Alice creates a Goblin token; Goblin gains haste until end of turn\n"
            "declare attackers step\nAlice attacks Bob with Legion Warboss, Goblin\nLegion Warboss triggers\n")
    assert [(line, rule, sev) for line, rule, sev, _ in _found(text)] == [(12, "507.2", severity)]
