"""Issue 29, items 2-5: counters during play (baseline 121, current 122), face-down permanents (baseline 707,
current 708), another player's turn controlled (baseline 711, current 722) and the end of the game (104, 704.5a-c,
800.4). The unit tests below pin the exact findings (rule, line, message) of the mechanics; the shared acceptance
folder of issue 29 is graded whole in test_zones.py."""

from __future__ import annotations

from rulecheck.checker import check_text
from rulecheck.parser import parse_line


def _findings(text: str) -> list[tuple[int, str, str]]:
    return [(v.line, v.rule, v.message) for v in check_text(text) if v.severity != "warning"]


HEAD = "title: t\nplayers: Alice, Bob\npriority: implicit\n"


def test_counter_statements_parse() -> None:
    stmts = parse_line("a +1/+1 counter and a -1/-1 counter are removed from Grizzly Bears as a state-based action", 1)
    assert not isinstance(stmts, Exception)
    change = stmts[0]
    assert (change.subject.text, change.counters, change.removed, change.state_based) == \
        ("Grizzly Bears", (("+1/+1", 1), ("-1/-1", 1)), True, True)
    stmts = parse_line("Alice removes 2 time counters from Durkwood Baloth", 1)
    assert not isinstance(stmts, Exception)
    assert (stmts[0].player.text, stmts[0].counters, stmts[0].removed) == ("Alice", (("time", 2),), True)


def test_annihilation_narrated_with_the_wrong_count() -> None:
    text = HEAD + ("card Grizzly Bears: creature 2/2\nAlice controls Grizzly Bears: 2 +1/+1 counters\n"
                   "turn 5: Alice, in precombat main phase\nGrizzly Bears gets a -1/-1 counter\n"
                   "2 +1/+1 counters and 2 -1/-1 counters are removed from Grizzly Bears as a state-based action\n"
                   "Grizzly Bears is 2/2\n")
    assert _findings(text) == [(8, "704.5r", "Grizzly Bears had 2 +1/+1 and 1 -1/-1 counters; the state-based "
                                             "action removes 1 of each, not 2 +1/+1 and 2 -1/-1")]


def test_assertion_of_counts_before_the_annihilation() -> None:
    text = HEAD + ("card Grizzly Bears: creature 2/2\nAlice controls Grizzly Bears: 1 +1/+1 counter\n"
                   "turn 5: Alice, in precombat main phase\nGrizzly Bears gets a -1/-1 counter\n"
                   "Grizzly Bears has 1 -1/-1 counter\n")
    assert _findings(text) == [(8, "704.5r", "Grizzly Bears has 0 -1/-1 counters, not 1: its +1/+1 and -1/-1 "
                                             "counters annihilated (1 of each) as a state-based action")]


def test_a_second_untap_after_a_stun_counter_replaced_the_first() -> None:
    text = ("title: t\nedition: current\nplayers: Alice, Bob\npriority: implicit\n"
            "card Craw Wurm: creature 6/4\nAlice controls Craw Wurm: tapped, 1 stun counter\n"
            "turn 7: Alice\nuntap step\nAlice untaps all permanents\nAlice untaps Craw Wurm\nCraw Wurm is untapped\n")
    assert _findings(text) == [(10, "502.3", "Craw Wurm's untap in this untap step was replaced: a stun counter was "
                                             "removed from it instead, and nothing else untaps it in the untap step")]


def test_stun_counters_are_followed_but_not_judged_in_the_baseline() -> None:
    text = HEAD + ("card Craw Wurm: creature 6/4\nAlice controls Craw Wurm: tapped, 1 stun counter\n"
                   "turn 7: Alice\nuntap step\nAlice untaps all permanents except Craw Wurm\nAlice untaps Craw Wurm\n")
    assert _findings(text) == []


def test_face_down_special_action_without_priority_and_wrong_cost() -> None:
    text = HEAD + ('card Glacial Stalker: creature 4/5, "Morph {4}{U}"\nAlice controls Glacial Stalker: face down\n'
                   "Alice: mana {U}{U}{U}{U}{U}{U}{U}{U}\nturn 5: Alice\nuntap step\n"
                   "Alice turns Glacial Stalker face up paying {4}{U} from pool\n")
    assert _findings(text) == [(9, "502.3", "Alice turns Glacial Stalker face up, a special action taken only with "
                                             "priority, during the untap step, where no player receives priority")]
    assert [v.related for v in check_text(text)] == [("115.2b", "117.3a")]
    cleanup = HEAD + ('card Glacial Stalker: creature 4/5, "Morph {4}{U}"\nAlice controls Glacial Stalker: face down\n'
                      "Alice: mana {U}{U}{U}{U}{U}\nturn 5: Alice, in end step\ncleanup step\n"
                      "Alice turns Glacial Stalker face up paying {4}{U} from pool\n")
    assert _findings(cleanup) == [(9, "514.3", "Alice turns Glacial Stalker face up, a special action taken only "
                                               "with priority, during the cleanup step, where players receive "
                                               "priority only after state-based actions or triggers")]
    text = HEAD + ('card Glacial Stalker: creature 4/5, "Morph {4}{U}"\nAlice controls Glacial Stalker: face down\n'
                   "Alice: mana {U}{U}{U}\nturn 5: Alice, in precombat main phase\n"
                   "Glacial Stalker is 2/2\nAlice turns Glacial Stalker face up paying {3} from pool\n"
                   "Glacial Stalker is 4/5\n")
    assert _findings(text) == [(9, "702.35d", "turning Glacial Stalker face up costs {4}{U}, its morph cost, not {3}")]


def test_the_game_over_is_one_finding() -> None:
    text = HEAD + ("card Craw Wurm: creature 6/4\nAlice controls Craw Wurm\nBob: life 6\n"
                   "turn 5: Alice, in declare attackers step\nAlice declares Craw Wurm attacking Bob\n"
                   "declare blockers step\nBob declares no blockers\ncombat damage step\n"
                   "Craw Wurm assigns 6 to Bob\ncombat damage is dealt\nBob passes priority\n"
                   "end of combat step\nAlice passes priority\n")
    assert _findings(text) == [(14, "104.1", "the game ended on line 14, when Bob lost and Alice won; nothing "
                                             "happens after the game is over")]


def test_a_loss_caused_by_a_flagged_event_is_not_a_second_finding() -> None:
    text = HEAD + ('card Probe: sorcery, "Draw a card."\nAlice: life 1, hand 1\nAlice holds Probe\n'
                   "turn 5: Alice, in precombat main phase\nAlice casts Probe; Alice pays 2 life\n"
                   "Probe resolves; Alice draws a card\n")
    assert [(line, rule) for line, rule, _ in _findings(text)] == [(8, "118.4")]


def test_a_player_who_left_a_multiplayer_game() -> None:
    text = ("title: t\nplayers: Alice, Bob, Carol\npriority: implicit\ncard Hill Giant: creature 3/3\n"
            "Bob controls Hill Giant\nturn 4: Alice, in precombat main phase\nBob concedes\nBob passes priority\n"
            "Bob passes priority\n")
    assert _findings(text) == [(8, "104.5", "Bob conceded and left the game on line 7; a player who has left takes "
                                            "no further part in it")]


def test_a_finding_in_a_controlled_turn_says_whose_action_it_is() -> None:
    text = HEAD + ("card Mountain: basic land\nBob: hand 1\nBob holds Mountain\n"
                   "turn 6: Bob (controlled by Alice), in precombat main phase\nAlice plays Mountain\n")
    assert _findings(text) == [(8, "505.5b", "Alice plays Mountain during Bob's turn; only the active player may "
                                             "play a land (Alice controls Bob during this turn, but Bob is still the "
                                             "active player and Bob's permanents are still Bob's: what Alice decides "
                                             "for Bob is narrated as Bob's action)")]


def test_a_controlled_turn_no_effect_gives_unless_unread_text_may_have_made_one() -> None:
    slaver = ('card Mindslaver: artifact, "{4}, {T}, Sacrifice Mindslaver: You control target player during that '
              'player\'s next turn."\nAlice controls Mindslaver\n')
    before = "turn 4: Bob\n...\nturn 5: Alice, in precombat main phase\n"
    after = "...\nturn 6: Bob (controlled by Alice)\n...\n"
    claimed = HEAD + slaver + before + after
    assert _findings(claimed) == [(10, "711.1", "turn 6 is said to be controlled by Alice, but no effect made since "
                                                "Bob's turn 4 began gives anyone control of Bob's next turn; a "
                                                "player-controlling effect applies only to the next turn that player "
                                                "takes")]
    unread = HEAD + slaver + before + "Alice activates Mindslaver targeting Bob\nMindslaver ability resolves\n" + after
    assert _findings(unread) == []
    narrated = unread.replace("ability resolves\n", "ability resolves; Alice controls Bob during Bob's next turn\n")
    assert _findings(narrated) == []


def test_a_draw_from_an_empty_library_loses_unless_text_may_replace_it() -> None:
    text = HEAD + ("card Island: basic land\nAlice: hand 1, library 0\nAlice holds Island\n"
                   "turn 5: Alice\nuntap step\nupkeep step\ndraw step\nprecombat main phase\nAlice plays Island\n")
    assert _findings(text) == [(12, "104.1", "the game ended on line 12, when Alice lost and Bob won; nothing "
                                             "happens after the game is over")]
    maniac = text.replace("card Island: basic land\n", 'card Island: basic land\ncard Laboratory Maniac: blue '
                          'creature 2/2, "If you would draw a card while your library has no cards in it, you win '
                          'the game instead."\nBob controls Laboratory Maniac\n')
    assert _findings(maniac) == []
    last_card = text.replace("library 0", "library 1")
    assert _findings(last_card) == []
    flagged_draw = last_card.replace("draw step\n", "draw step\nAlice draws 2 cards\n")   # one fault, one finding
    assert [f[1] for f in _findings(flagged_draw)] == ["504.1"]


def test_players_who_lose_at_once_draw_the_game() -> None:
    text = HEAD + ('card Earthquake: red sorcery, "Earthquake deals X damage to each creature without flying and '
                   'each player."\nAlice: life 2, hand 1\nAlice holds Earthquake\nBob: life 2\n'
                   "turn 5: Alice, in precombat main phase\nAlice adds {R}{R}{R}\n"
                   "Alice casts Earthquake paying {2}{R}\n"
                   "Earthquake resolves; Alice loses 2 life; Bob loses 2 life\nAlice passes priority\n"
                   "Bob passes priority\n")
    assert _findings(text) == [(12, "104.1", "the game ended on line 12, when Alice lost and Bob lost and the game "
                                             "was a draw; nothing happens after the game is over")]


def test_counts_of_other_kinds_are_judged_once_known() -> None:
    text = HEAD + ("card Serpent Generator: artifact\ncard Sphere: artifact\nAlice controls Serpent Generator\n"
                   "Alice controls Sphere: 0 charge counters\nturn 5: Alice, in precombat main phase\n"
                   "Serpent Generator gets a charge counter\nSerpent Generator has 3 charge counters\n"
                   "Sphere gets a charge counter\nSphere has 3 charge counters\nBob gets 2 poison counters\n"
                   "Bob has 5 poison counters\n")
    assert _findings(text) == [(12, "assert", "Sphere has 1 charge counters in the replay, not 3")]


def test_a_player_the_setup_gives_no_life_is_not_judged() -> None:
    text = HEAD + "Bob: life 0\nturn 5: Alice, in precombat main phase\nBob passes priority\nAlice passes priority\n"
    assert _findings(text) == []
