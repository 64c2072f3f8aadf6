"""Issue 30, a judge's first transcript: natural phrasings read as their canonical lines (with a note), step
headings in implicit transcripts, one finding per unknown name, "did you mean" on syntax errors, `rulecheck new`.

The first-try folders are graded as ../shared/acceptance/README.md says: a file whose first lines say
`# intended: legal` gets no error at all (syntax included), one that says `# intended: line N breaks RULE` gets
exactly that one error; warnings and notes don't count."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from acceptance import ROOT, SHARED_ACCEPTANCE
from click.testing import CliRunner

from rulecheck.checker import check_text
from rulecheck.cli import cli

SHARED = SHARED_ACCEPTANCE / "first-try"
OWN = ROOT / "fixtures" / "first-try"
INTENDED = re.compile(r"#\s*intended:\s*(?:(legal)|line (\d+) breaks ([0-9]{3}\.[0-9]+[a-z]?))")


def intended(path: Path) -> list[tuple[int, str]]:
    m = INTENDED.search(path.read_text(encoding="utf-8"))
    assert m is not None, f"{path.name} says nothing of what its author intended"
    return [] if m.group(1) else [(int(m.group(2)), m.group(3))]


def errors(path: Path) -> list[tuple[int, str]]:
    run = CliRunner().invoke(cli, ["check", "--isolated", "--format", "json", str(path)])
    assert run.exit_code in (0, 1), run.output
    return sorted((d["line"], d["rule"]) for d in json.loads(run.output) if d["severity"] == "error")


def _files(folder: Path) -> list[Path]:
    return sorted(folder.glob("*.transcript")) if folder.is_dir() else []


@pytest.mark.skipif(not SHARED.is_dir(), reason="the shared acceptance files are not beside the checkout")
@pytest.mark.parametrize("path", _files(SHARED), ids=lambda p: p.stem)
def test_shared_first_try(path: Path) -> None:
    assert errors(path) == intended(path)


@pytest.mark.parametrize("path", _files(OWN), ids=lambda p: p.stem)
def test_own_first_try(path: Path) -> None:
    assert errors(path) == intended(path)


def test_own_round_has_twelve_files() -> None:
    assert len(_files(OWN)) == 12


ISSUE = """players: Alice, Bob
Alice controls Grizzly Bears
Bob controls Hill Giant
turn 3: Alice
declare attackers step
Alice attacks with Grizzly Bears
Bob blocks Grizzly Bears with Hill Giant
combat damage step
Grizzly Bears deals 2 damage to Hill Giant
Hill Giant deals 3 damage to Grizzly Bears
Grizzly Bears dies
"""
DEFINED = ISSUE.replace("players: Alice, Bob\n", "players: Alice, Bob\ncard Grizzly Bears: creature 2/2\n"
                        "card Hill Giant: creature 3/3\n")


def test_the_issue_example_gets_two_findings_with_their_hints() -> None:
    found = [v for v in check_text(ISSUE) if v.severity == "error"]
    assert [(v.line, v.rule, v.message) for v in found] == [
        (2, "syntax", "unknown card 'Grizzly Bears' (also on lines 6, 7, 9, 11, left out of the replay with it)"),
        (3, "syntax", "unknown card 'Hill Giant' (also on line 10, left out of the replay with it)"),
    ]
    assert found[0].hint is not None and found[0].hint.startswith("define it ('card Grizzly Bears: creature 2/2')")
    assert found[1].hint is not None and "--cards FILE" in found[1].hint


def test_the_issue_example_with_its_cards_defined_is_clean() -> None:
    found = check_text(DEFINED)
    assert [v for v in found if v.severity != "note"] == []
    assert [(v.line, v.rule, v.message) for v in found] == [
        (8, "read-as", "read as: Alice attacks Bob with Grizzly Bears")]


HEAD = ("players: Alice, Bob\ncard Grizzly Bears: creature 2/2\ncard Hill Giant: creature 3/3\n"
        "card Lightning Bolt: instant\ncard Forest: basic land\n"
        "Alice controls Grizzly Bears, Forest, Forest\nBob controls Hill Giant\n")


def _in_main(line: str) -> str:
    """HEAD, then `line` as line 9, in Alice's precombat main phase."""
    return HEAD + "turn 3: Alice, in precombat main phase\n" + line + "\n"


def _assert_read_as(line: str, canonical: str) -> None:
    """Line 9 (`line`, in Alice's precombat main phase) gets the note that it was read as `canonical`."""
    notes = [(v.line, v.rule, v.message, v.severity) for v in check_text(_in_main(line)) if v.line == 9]
    assert (9, "read-as", f"read as: {canonical}", "note") in notes


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice attacks with Grizzly Bears", "Alice attacks Bob with Grizzly Bears"),
    ("Alice taps both Forests", "Alice taps Forest, Forest"),
    ("Bob is at 17", "Bob has 17 life"),
    ("Bob goes to 16", "Bob has 16 life"),
    ("Alice draws", "Alice draws a card"),
    ("Alice moves to combat", "combat phase"),
    ("both pass", "all players pass"),
    ("Bears die", "Grizzly Bears dies"),
    ("Bob doesn't block", "Bob declares no blockers"),
    ("upkeep", "upkeep step"),
    ("main phase 2", "postcombat main phase"),
    ("Alice taps Forest for G", "Alice taps Forest for {G}"),
    ("Combat damage step", "combat damage step"),
    ("Upkeep step begins", "upkeep step begins"),
    ("Declare attackers: Alice attacks with Grizzly Bears",
     "declare attackers step; Alice attacks Bob with Grizzly Bears"),
    ("Bolt resolves. Bob goes to 17.", "Lightning Bolt resolves; Bob has 17 life"),
    ("Alice plays a Forest", "Alice plays Forest"),
    ("Alice casts Lightning Bolt on Hill Giant", "Alice casts Lightning Bolt targeting Hill Giant"),
])
def test_a_phrasing_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


def test_refused_the_attack_has_no_single_opponent() -> None:
    text = "players: Alice, Bob, Carol\ncard Grizzly Bears: creature 2/2\nAlice controls Grizzly Bears\n" \
           "turn 3: Alice, in declare attackers step\nAlice attacks with Grizzly Bears\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (5, "syntax") in found and (5, "read-as") not in found


def test_a_short_name_on_a_line_the_grammar_reads_is_noted() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nAlice casts Lightning Bolt targeting Hill Giant\n" \
                  "Bolt resolves\nGiant dies\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert (10, "read-as", "read as: Lightning Bolt resolves") in found
    assert (11, "read-as", "read as: Hill Giant dies") in found
    assert [f for f in found if f[1] != "read-as"] == []


def test_an_ambiguous_short_name_is_not_read() -> None:
    text = HEAD + "card Stone Giant: creature 3/4\nBob controls Stone Giant\n" \
                  "turn 3: Alice, in precombat main phase\nGiant dies\n"
    assert [(v.line, v.rule) for v in check_text(text)] == [(11, "syntax")]


def test_a_short_name_that_could_name_another_card_is_read_with_a_warning() -> None:
    text = HEAD + "card Stone Giant: creature 3/4\nturn 3: Alice, in precombat main phase\nGiant dies\n"
    found = [(v.line, v.rule, v.severity) for v in check_text(text)]
    assert found == [(10, "read-as", "note"), (10, "short-name", "warning")]


def test_a_block_after_a_heading_begins_the_declare_blockers_step() -> None:
    text = HEAD + "turn 3: Alice\ndeclare attackers step\nAlice attacks Bob with Grizzly Bears\n" \
                  "Bob blocks Grizzly Bears with Hill Giant\n"
    assert check_text(text) == []


def test_a_block_in_a_step_narrated_as_an_event_is_still_703_4g() -> None:
    text = HEAD + "turn 3: Alice, in beginning of combat step\ndeclare attackers step begins\n" \
                  "Alice attacks Bob with Grizzly Bears\nBob blocks Grizzly Bears with Hill Giant\n"
    assert [(v.line, v.rule) for v in check_text(text)] == [(11, "703.4g")]


@pytest.mark.parametrize(("boundary", "found"), [
    ("combat damage step", []),                       # a heading: the declare blockers step passed
    ("combat damage step begins", [(10, "506.1")]),   # an event: the game jumped there
])
def test_a_heading_passes_the_steps_between_and_an_event_does_not(boundary: str, found: list[object]) -> None:
    text = HEAD + "turn 3: Alice, in declare attackers step\nAlice attacks Bob with Grizzly Bears\n" \
        + boundary + "\nBob has 18 life\n"
    assert [(v.line, v.rule) for v in check_text(text)] == found


def test_explicit_priority_keeps_a_heading_jump_a_finding() -> None:
    text = "priority: explicit\n" + HEAD + "turn 3: Alice\nprecombat main phase\n"
    assert [(v.line, v.rule) for v in check_text(text)] == [(10, "501.1")]


def test_a_syntax_error_says_the_nearest_canonical_form() -> None:
    found = [v for v in check_text(HEAD + "turn 3: Alice, in precombat main phase\nAlice draws card\n")
             if v.rule == "syntax"]
    assert [(v.line, v.hint) for v in found] == [(9, "did you mean 'Alice draws a card'?")]


def test_a_mostly_unreadable_file_gets_one_summary() -> None:
    text = "players: Alice, Bob\nthe bears attack\nthen a block happens\nsomebody dies\nbob is sad\n"
    found = check_text(text)
    summary = [v for v in found if v.rule == "unreadable"]
    assert len(summary) == 1 and summary[0].severity == "warning"
    assert "docs/transcript-language.md" in summary[0].message and "rulecheck new" in summary[0].message


def test_a_file_of_notes_only_exits_zero(tmp_path: Path) -> None:
    f = tmp_path / "t.transcript"
    f.write_text(DEFINED, encoding="utf-8")
    run = CliRunner().invoke(cli, ["check", "--isolated", str(f)])
    assert run.exit_code == 0, run.output
    assert "No violations in 1 file; 1 note." in run.output


@pytest.mark.parametrize("players", ["Alice,Bob", "Alice,Bob,Carol,Dan"])
def test_rulecheck_new_writes_a_transcript_that_checks_clean(tmp_path: Path, players: str) -> None:
    out = tmp_path / "new.transcript"
    run = CliRunner().invoke(cli, ["new", "--players", players, "-o", str(out)])
    assert run.exit_code == 0, run.output
    text = out.read_text(encoding="utf-8")
    assert f"players: {players.replace(',', ', ')}" in text and "turn 3: Alice" in text
    assert check_text(text) == []


def test_rulecheck_new_refuses_bad_players_and_an_existing_file(tmp_path: Path) -> None:
    assert CliRunner().invoke(cli, ["new", "--players", "alice"]).exit_code == 2
    out = tmp_path / "x.transcript"
    out.write_text("keep", encoding="utf-8")
    assert CliRunner().invoke(cli, ["new", "-o", str(out)]).exit_code == 2
    assert out.read_text(encoding="utf-8") == "keep"


def test_the_language_server_shows_the_note_and_rewrites_the_line() -> None:
    from lsprotocol import types as t

    from rulecheck.server.documents import Document
    from rulecheck.server.features import TRANSCRIPT, analyse, code_actions
    doc = Document("untitled:first", DEFINED, 1, "transcript")
    analysis = analyse(doc, None, "utf-16")
    notes = [d for d in analysis.diagnostics if d.code == "read-as"]
    assert [(d.range.start.line, d.severity) for d in notes] == [(7, t.DiagnosticSeverity.Information)]
    fixes = [a for a in code_actions(doc, doc.uri, TRANSCRIPT, notes, "utf-16") if a.title.startswith("Rewrite")]
    assert [a.title for a in fixes] == ["Rewrite as 'Alice attacks Bob with Grizzly Bears'"]
    assert fixes[0].edit is not None and fixes[0].edit.changes is not None
    (edit,) = fixes[0].edit.changes[doc.uri]
    line = DEFINED.split("\n")[7]
    assert line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:] == \
        "Alice attacks Bob with Grizzly Bears"


COMBAT = HEAD + "turn 3: Alice, in declare attackers step\n"


@pytest.mark.parametrize(("lines", "canonical"), [
    (["Grizzly Bears attacks"], "Alice attacks Bob with Grizzly Bears"),
    (["Alice declares Grizzly Bears as an attacker"], "Alice attacks Bob with Grizzly Bears"),
    (["Alice attacks with Grizzly Bears", "Grizzly Bears is blocked by Hill Giant"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Hill Giant blocks Grizzly Bears"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Bob blocks with Hill Giant"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "no blocks", "combat damage step", "Grizzly Bears deals 2 to Bob"],
     "Grizzly Bears deals 2 damage to Bob"),
])
def test_a_combat_phrasing_is_read(lines: list[str], canonical: str) -> None:
    found = check_text(COMBAT + "\n".join(lines) + "\n")
    last = 9 + len(lines) - 1
    assert [(v.line, v.message) for v in found if v.line == last] == [(last, f"read as: {canonical}")]
    assert [v for v in found if v.severity == "error"] == []


def test_the_language_server_rewrites_a_line_with_its_nearest_form() -> None:
    from rulecheck.server.documents import Document
    from rulecheck.server.features import TRANSCRIPT, analyse, code_actions
    text = HEAD + "turn 3: Alice, in precombat main phase\nAlice draws card   # the draw\n"
    doc = Document("untitled:near", text, 1, "transcript")
    analysis = analyse(doc, None, "utf-16")
    syntax = [d for d in analysis.diagnostics if d.code == "syntax"]
    actions = code_actions(doc, doc.uri, TRANSCRIPT, syntax, "utf-16")
    assert [a.title for a in actions if a.title.startswith(("Rewrite", "Replace"))] == \
        ["Rewrite as 'Alice draws a card'"]
    edit = actions[0].edit.changes[doc.uri][0]  # type: ignore[union-attr, index]
    line = text.split("\n")[8]
    assert line[:edit.range.start.character] + edit.new_text + line[edit.range.end.character:] == \
        "Alice draws a card   # the draw"


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice tapped Forest for G", "Alice taps Forest for {G}"),
    ("Alice cast Lightning Bolt targeting Hill Giant", "Alice casts Lightning Bolt targeting Hill Giant"),
    ("Alice played a Forest", "Alice plays Forest"),
    ("Bob went to 17", "Bob has 17 life"),
    ("Bob was at 17", "Bob has 17 life"),
    ("Hill Giant died", "Hill Giant dies"),
    ("Hill Giant was destroyed", "Hill Giant is destroyed"),
    ("Alice drew", "Alice draws a card"),
    ("Alice taps two Forests for GG", "Alice taps Forest, Forest for {G}{G}"),
    ("Alice tapped both Forests for 1G", "Alice taps Forest, Forest for {1}{G}"),
    ("Alice taps the other Forest for G", "Alice taps Forest for {G}"),
    ("Alice taps another Forest", "Alice taps Forest"),
    ("Bob: 20 -> 15", "Bob has 15 life"),
    ("Bob 20 → 17", "Bob has 17 life"),
    ("(Bob to 17)", "Bob has 17 life"),
    ("EOT", "end step"),
    ("End of turn", "end step"),
    ("== Combat ==", "combat phase"),
    ("Declare attackers:", "declare attackers step"),
    ("Alice taps Forest for G, then casts Lightning Bolt targeting Hill Giant",
     "Alice taps Forest for {G}; Alice casts Lightning Bolt targeting Hill Giant"),
    ("Alice taps Forest for G, then Alice casts Lightning Bolt targeting Hill Giant",
     "Alice taps Forest for {G}; Alice casts Lightning Bolt targeting Hill Giant"),
    ("Alice casts Lightning Bolt targeting herself", "Alice casts Lightning Bolt targeting Alice"),
    ("Hill Giant goes to the graveyard", "Hill Giant dies"),
    ("Forest is put into the graveyard", "Forest is put into its owner's graveyard"),
])
def test_a_phrasing_of_another_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


@pytest.mark.parametrize(("header", "canonical"), [
    ("T5: Alice", "turn 5: Alice"),
    ("Turn 5: Alice", "turn 5: Alice"),
    ("Turn 5 (Alice)", "turn 5: Alice"),
    ("Alice's turn 5", "turn 5: Alice"),
    ("T5: Alice, in beginning of combat step", "turn 5: Alice, in beginning of combat step"),
    ("T4: Bob, upkeep", "turn 4: Bob, in upkeep step"),
    ("Turn 4 - Alice, main 1", "turn 4: Alice, in precombat main phase"),
])
def test_a_turn_header_in_another_shape_is_read(header: str, canonical: str) -> None:
    found = [(v.line, v.rule, v.message) for v in check_text(HEAD + header + "\n")]
    assert found == [(8, "read-as", f"read as: {canonical}")]


@pytest.mark.parametrize("header", ["Turn 6: Bob (controlled by Alice)", "T6: Bob (extra turn)", "T5: Carol",
                                    "Turn 5: Alice, in the middle of combat", "Turn 5: Alice and Bob"])
def test_refused_a_turn_header_that_says_more_than_a_number_a_player_and_a_step(header: str) -> None:
    found = [(v.line, v.rule) for v in check_text(HEAD + header + "\n")]
    assert (8, "syntax") in found and (8, "read-as") not in found


@pytest.mark.parametrize(("lines", "canonical"), [
    (["Alice attacked Bob with Grizzly Bears"], "Alice attacks Bob with Grizzly Bears"),
    (["Alice attacks with Grizzly Bears", "Bob blocked Grizzly Bears with Hill Giant"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant", "combat damage step",
      "Grizzly Bears dealt 2 damage to Hill Giant"], "Grizzly Bears deals 2 damage to Hill Giant"),
    (["Alice attacks with Grizzly Bears", "no blocks", "combat damage step",
      "Grizzly Bears deals 2 damage to Bob", "Bob: 20 -> 18"], "Bob has 18 life"),
])
def test_a_combat_phrasing_of_another_author_is_read(lines: list[str], canonical: str) -> None:
    found = check_text(COMBAT + "\n".join(lines) + "\n")
    last = 9 + len(lines) - 1
    assert [(v.line, v.message) for v in found if v.line == last] == [(last, f"read as: {canonical}")]
    assert [v for v in found if v.severity == "error"] == []


RATS = ("players: Alice, Bob\ncard Craw Wurm: creature 6/4\ncard Typhoid Rats: creature 1/1, deathtouch\n"
        "card Goblin Piker: creature 2/1\ncard Wall of Wood: creature 0/3, defender\n"
        "Alice controls Craw Wurm, Goblin Piker\nBob controls Typhoid Rats, Wall of Wood\n"
        "turn 5: Alice, in declare attackers step\n")


def test_a_plural_verb_after_one_name_is_read_in_the_singular() -> None:
    text = RATS + "Alice attacks Bob with Craw Wurm\nTyphoid Rats block Craw Wurm\ncombat damage step\n" \
                  "Craw Wurm deals 6 damage to Typhoid Rats\nTyphoid Rats deal 1 damage to Craw Wurm\n" \
                  "Craw Wurm and Typhoid Rats die\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert found == [(10, "read-as", "read as: Bob blocks Craw Wurm with Typhoid Rats"),
                     (13, "read-as", "read as: Typhoid Rats deals 1 damage to Craw Wurm"),
                     (14, "read-as", "read as: Craw Wurm dies; Typhoid Rats dies")]


def test_refused_a_plural_verb_after_a_player() -> None:
    found = [(v.line, v.rule) for v in check_text(RATS + "Alice attack Bob with Craw Wurm\n")]
    assert (9, "syntax") in found and (9, "read-as") not in found


def test_a_split_assignment_joined_by_and_is_one_assignment() -> None:
    text = RATS + "Alice attacks Bob with Craw Wurm\nBob blocks Craw Wurm with Wall of Wood\ncombat damage step\n" \
                  "Craw Wurm assigns 3 to Wall of Wood and 3 to Bob\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert (12, "read-as", "read as: Craw Wurm assigns 3 to Wall of Wood, 3 to Bob") in found
    assert [f[1] for f in found if f[1] != "read-as"] == ["510.1c"]   # no trample: all to Wall of Wood


def test_one_blocker_on_two_attackers_is_judged() -> None:
    text = RATS + "Alice attacks Bob with Craw Wurm, Goblin Piker\ndeclare blockers step\n" \
                  "Bob blocks Craw Wurm and Goblin Piker with Wall of Wood\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert (11, "read-as", "read as: Bob declares Wall of Wood blocking Craw Wurm, Goblin Piker") in found
    assert [(f[0], f[1]) for f in found if f[1] != "read-as"] == [(11, "509.1a")]


def test_refused_two_blockers_on_two_attackers_say_not_which_blocks_which() -> None:
    text = RATS + "Alice attacks Bob with Craw Wurm, Goblin Piker\ndeclare blockers step\n" \
                  "Bob blocks Craw Wurm and Goblin Piker with Wall of Wood and Typhoid Rats\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (11, "syntax") in found and (11, "read-as") not in found


def test_a_possessive_names_the_permanent_dealt_combat_damage() -> None:
    text = RATS + "Alice attacks Bob with Goblin Piker\nBob blocks Goblin Piker with Wall of Wood\n" \
                  "combat damage step\nAlice's Goblin Piker deals 2 damage to Bob's Wall of Wood\n"
    assert [v for v in check_text(text) if v.severity == "error"] == []


def test_a_possessive_of_a_player_who_doesnt_control_it_is_not_read() -> None:
    text = RATS + "Alice attacks Bob with Goblin Piker\nBob blocks Goblin Piker with Wall of Wood\n" \
                  "combat damage step\nGoblin Piker deals 2 damage to Alice's Wall of Wood\n"
    assert [(v.line, v.rule) for v in check_text(text) if v.severity == "error"] == [(12, "510.1c")]


def test_a_heading_of_the_step_the_turn_header_joined_begins_nothing() -> None:
    text = HEAD + "turn 8: Alice, in postcombat main phase\npostcombat main phase\nend step\n"
    assert check_text(text) == []


def test_a_card_cost_without_braces_is_its_mana_cost() -> None:
    text = "players: Alice, Bob\ncard Centaur Courser: creature 3/3, cost 2G\n"
    found = [(v.line, v.message) for v in check_text(text)]
    assert found == [(2, "read as: card Centaur Courser: creature 3/3, mana cost {2}{G}")]


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice draws two cards", "Alice draws 2 cards"),
    ("Bob loses three life", "Bob loses 3 life"),
    ("Bob takes 3 damage from Lightning Bolt", "Lightning Bolt deals 3 damage to Bob"),
    ("Lightning Bolt hits Hill Giant for 3", "Lightning Bolt deals 3 damage to Hill Giant"),
    ("Hill Giant is killed", "Hill Giant dies"),
    ("Grizzly Bears is now tapped", "Grizzly Bears is tapped"),
    ("Lightning Bolt deals 3 damage to Hill Giant, which dies", "Lightning Bolt deals 3 damage to Hill Giant; "
                                                                 "Hill Giant dies"),
    ("Alice plays Forest as her land for the turn", "Alice plays Forest"),
    ("Bob: 17", "Bob has 17 life"),
    ("Bob 17", "Bob has 17 life"),
    ("Life: Alice 20, Bob 17", "Alice has 20 life; Bob has 17 life"),
    ("Bolt deals 3 to Bob (17)", "Lightning Bolt deals 3 damage to Bob; Bob has 17 life"),
    ("Go to combat", "combat phase"),
    ("Moving to the end step", "end step"),
    ("Alice casts Lightning Bolt for R", "Alice casts Lightning Bolt paying {R}"),
    ("Alice casts Lightning Bolt, targeting Hill Giant", "Alice casts Lightning Bolt targeting Hill Giant"),
    ("Alice casts Lightning Bolt at Hill Giant", "Alice casts Lightning Bolt targeting Hill Giant"),
])
def test_a_phrasing_of_a_third_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


@pytest.mark.parametrize("line", [
    "Alice casts Lightning Bolt at Bobby",   # 'at' before no known name: one unknown card, as written
    "Hill Giant kills Grizzly Bears",         # destroyed, or dealt damage? not said
    "Grizzly Bears gets +3/+3",               # for how long? not said
    "Alice untaps",                            # not her untap step: untaps what?
    "Grizzly Bears and Hill Giant trade",
])
def test_refused_a_phrasing_that_says_too_little(line: str) -> None:
    found = [(v.line, v.rule) for v in check_text(_in_main(line))]
    assert (9, "syntax") in found and (9, "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice controls: Grizzly Bears, Forest", "Alice controls Grizzly Bears, Forest"),
    ("Alice's battlefield: Grizzly Bears, Forest", "Alice controls Grizzly Bears, Forest"),
    ("Alice has Grizzly Bears and a Forest in play", "Alice controls Grizzly Bears, Forest"),
    ("Bob controls Hill Giant (tapped)", "Bob controls Hill Giant: tapped"),
    ("Bob controls a tapped Hill Giant", "Bob controls Hill Giant: tapped"),
    ("Both players at 20 life", "Alice: life 20; Bob: life 20"),
    ("Alice's library: 40 cards", "Alice: library 40"),
    ("card Serra Angel: Creature 4/4 flying vigilance", "card Serra Angel: creature 4/4, flying, vigilance"),
    ("card Serra Angel: 4/4 creature with flying and vigilance",
     "card Serra Angel: creature 4/4, flying, vigilance"),
    ("card Serra Angel: 3WW creature 4/4, flying", "card Serra Angel: creature 4/4, mana cost {3}{W}{W}, flying"),
    ("card Counterspell: instant {U}{U}", "card Counterspell: instant, mana cost {U}{U}"),
])
def test_a_setup_phrasing_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    found = [(v.line, v.rule, v.message) for v in check_text(HEAD + line + "\n")]
    assert (8, "read-as", f"read as: {canonical}") in found


def test_refused_a_misspelt_keyword_after_the_type() -> None:
    found = [(v.line, v.rule) for v in check_text("players: Alice, Bob\ncard Serra Angel: creature 4/4 flyng\n")]
    assert found == [(2, "syntax")]


@pytest.mark.parametrize(("lines", "canonical"), [
    (["Alice swings with Grizzly Bears"], "Alice attacks Bob with Grizzly Bears"),
    (["Attackers: Grizzly Bears"], "Alice attacks Bob with Grizzly Bears"),
    (["Alice attacks with Grizzly Bears", "Hill Giant blocks"], "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Blockers: Hill Giant blocks Grizzly Bears"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Blocks: none"], "Bob declares no blockers"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears (2/2) with Hill Giant (3/3)"],
     "Bob blocks Grizzly Bears with Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant",
      "Damage: Grizzly Bears 2 to Hill Giant, Hill Giant 3 to Grizzly Bears"],
     "combat damage step; Grizzly Bears deals 2 damage to Hill Giant; Hill Giant deals 3 damage to Grizzly Bears"),
])
def test_a_combat_phrasing_of_a_third_author_is_read(lines: list[str], canonical: str) -> None:
    found = check_text(COMBAT + "\n".join(lines) + "\n")
    last = 9 + len(lines) - 1
    assert [(v.line, v.message) for v in found if v.line == last] == [(last, f"read as: {canonical}")]
    assert [v for v in found if v.severity == "error"] == []


def test_refused_damage_pairs_outside_a_combat_damage_step() -> None:
    found = [(v.line, v.rule) for v in check_text(COMBAT + "Grizzly Bears 2 to Hill Giant\n")]
    assert (9, "syntax") in found and (9, "read-as") not in found


def test_an_attack_after_a_combat_heading_begins_the_declare_attackers_step() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nCombat\nAlice attacks Bob with Grizzly Bears\n" \
                  "Bob blocks Grizzly Bears with Hill Giant\n"
    assert [(v.line, v.rule) for v in check_text(text)] == [(9, "read-as")]


@pytest.mark.parametrize("start", ["turn 3: Alice, in beginning of combat step\n",
                                   "turn 3: Alice, in precombat main phase\nbeginning of combat step begins\n"])
def test_an_attack_in_a_joined_or_narrated_beginning_of_combat_step_is_still_703_4f(start: str) -> None:
    text = HEAD + start + "Alice attacks Bob with Grizzly Bears\n"
    line = 8 + start.count("\n")
    assert [(v.line, v.rule) for v in check_text(text)] == [(line, "703.4f")]


def test_a_bulleted_line_is_read_without_its_bullet() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\n- Alice taps Forest for G\n"
    assert [(v.line, v.message) for v in check_text(text)] == [(9, "read as: Alice taps Forest for {G}")]


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice draws her card for the turn", "Alice draws a card"),
    ("Alice's end step", "end step"),
    ("Lightning Bolt deals 3 damage to Hill Giant and it dies",
     "Lightning Bolt deals 3 damage to Hill Giant; Hill Giant dies"),
    ("Bob now has 17 life", "Bob has 17 life"),
    ("Alice gains 2 life from lifelink", "Alice gains 2 life"),
    ("1. Alice taps Forest for G", "Alice taps Forest for {G}"),
])
def test_a_phrasing_of_a_fourth_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


def test_refused_the_step_of_a_player_whose_turn_it_is_not() -> None:
    found = [(v.line, v.rule) for v in check_text(HEAD + "turn 3: Alice, in precombat main phase\nBob's end step\n")]
    assert (9, "syntax") in found and (9, "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice: 20 life, 7 cards in hand", "Alice: life 20, hand 7"),
    ("Alice has 20 life and 7 cards in hand", "Alice: life 20, hand 7"),
    ("=== Turn 3: Alice ===", "turn 3: Alice"),
    ("**Turn 3 (Alice)**", "turn 3: Alice"),
])
def test_a_setup_phrasing_of_a_fourth_author_is_read(line: str, canonical: str) -> None:
    found = [(v.line, v.rule, v.message) for v in check_text(HEAD + line + "\n")]
    assert (8, "read-as", f"read as: {canonical}") in found


@pytest.mark.parametrize(("lines", "canonical"), [
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant", "combat damage step",
      "Grizzly Bears deals 2 damage to Hill Giant", "Hill Giant deals 3 damage to Grizzly Bears", "Both die"],
     "Grizzly Bears dies; Hill Giant dies"),
    (["Alice attacks with Grizzly Bears", "Bob declines to block"], "Bob declares no blockers"),
])
def test_a_combat_phrasing_of_a_fourth_author_is_read(lines: list[str], canonical: str) -> None:
    found = check_text(COMBAT + "\n".join(lines) + "\n")
    last = 9 + len(lines) - 1
    assert [(v.line, v.message) for v in found if v.line == last] == [(last, f"read as: {canonical}")]


def test_a_short_name_dealt_combat_damage_is_the_permanent() -> None:
    text = COMBAT + "Alice attacks Bob with Grizzly Bears\nBob blocks Grizzly Bears with Hill Giant\n" \
                    "combat damage step\nHill Giant deals 3 damage to Bears\nGrizzly Bears dies\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert found == [(12, "read-as", "read as: Hill Giant deals 3 damage to Grizzly Bears")]


WURM = ("players: Alice, Bob\ncard Craw Wurm: creature 6/4\ncard Grizzly Bears: creature 2/2\n"
        "card Hill Giant: creature 3/3\nAlice controls Craw Wurm\nBob controls Grizzly Bears, Hill Giant\n"
        "turn 5: Alice, in declare attackers step\nAlice attacks Bob with Craw Wurm\n"
        "Bob blocks Craw Wurm with Grizzly Bears, Hill Giant\n")


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice orders blockers: Grizzly Bears, Hill Giant",
     "Alice orders blockers of Craw Wurm: Grizzly Bears, Hill Giant"),
    ("Damage assignment order: Hill Giant, Grizzly Bears",
     "Alice orders blockers of Craw Wurm: Hill Giant, Grizzly Bears"),
])
def test_an_order_of_blockers_names_the_one_attacker(line: str, canonical: str) -> None:
    found = [(v.line, v.rule, v.message) for v in check_text(WURM + line + "\n")]
    assert found == [(10, "read-as", f"read as: {canonical}")]


@pytest.mark.parametrize(("line", "read"), [
    ("All three creatures die", True), ("They all die", True), ("All two creatures die", False),
])
def test_all_the_creatures_in_combat_die_when_the_count_agrees(line: str, read: bool) -> None:
    text = WURM + "combat damage step\nCraw Wurm assigns 2 to Grizzly Bears, 4 to Hill Giant\n" \
                  "Grizzly Bears deals 2 damage to Craw Wurm\nHill Giant deals 3 damage to Craw Wurm\n" + line + "\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    if read:
        assert found == [(14, "read-as", "read as: Craw Wurm dies; Grizzly Bears dies; Hill Giant dies")]
    else:
        assert (14, "read-as", "read as: Craw Wurm dies; Grizzly Bears dies; Hill Giant dies") not in found
        assert (14, "syntax") in [(f[0], f[1]) for f in found]


@pytest.mark.parametrize(("line", "canonical"), [
    ("Bob, in response, casts Lightning Bolt targeting Grizzly Bears",
     "Bob casts Lightning Bolt targeting Grizzly Bears"),
    ("In response, Bob casts Lightning Bolt targeting Grizzly Bears",
     "Bob casts Lightning Bolt targeting Grizzly Bears"),
    ("Bob responds with Lightning Bolt on Grizzly Bears", "Bob casts Lightning Bolt targeting Grizzly Bears"),
    ("Forest taps for G", "Alice taps Forest for {G}"),
    ("Alice's turn ends", "cleanup step"),
    ("End of Alice's turn", "end step"),
    ("Alice moves to her second main phase", "postcombat main phase"),
])
def test_a_phrasing_of_a_fifth_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


@pytest.mark.parametrize("line", ["End of Bob's turn", "Bob's turn ends"])
def test_refused_the_end_of_the_turn_of_a_player_whose_turn_it_is_not(line: str) -> None:
    found = [(v.line, v.rule) for v in check_text(HEAD + "turn 3: Alice, in precombat main phase\n" + line + "\n")]
    assert (9, "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Lightning Bolt resolves; Hill Giant takes 3 damage and dies",
     "Lightning Bolt resolves; Lightning Bolt deals 3 damage to Hill Giant; Hill Giant dies"),
    ("Lightning Bolt resolves: 3 damage to Hill Giant",
     "Lightning Bolt resolves; Lightning Bolt deals 3 damage to Hill Giant"),
])
def test_damage_after_a_resolution_on_the_same_line_is_the_resolving_objects(line: str, canonical: str) -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nAlice casts Lightning Bolt targeting Hill Giant\n" \
        + line + "\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert found == [(10, "read-as", f"read as: {canonical}")]


def test_refused_damage_without_a_source() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nBob takes 3 damage\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (9, "syntax") in found and (9, "read-as") not in found


@pytest.mark.parametrize(("step", "found"), [
    ("end step", []),                        # a heading: the rest of the turn passed
    ("end step begins", [(10, "512.1")]),    # an event: the turn ends before its cleanup step
])
def test_a_turn_header_after_a_heading_passes_the_rest_of_the_turn(step: str, found: list[object]) -> None:
    text = HEAD + "turn 3: Alice, in postcombat main phase\n" + step + "\nturn 4: Bob\n"
    assert [(v.line, v.rule) for v in check_text(text)] == found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice plays Forest and taps it for G", "Alice plays Forest; Alice taps Forest for {G}"),
    ("Alice casts Lightning Bolt targeting Hill Giant and it dies",
     "Alice casts Lightning Bolt targeting Hill Giant; Hill Giant dies"),
    ("Alice passes priority to Bob", "Alice passes"),
    ("Bob's life: 20 -> 17", "Bob has 17 life"),
    ("M2", "postcombat main phase"),
    ("Pre-combat main phase", "precombat main phase"),
])
def test_a_phrasing_of_a_sixth_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice and Bob pass", "all players pass"), ("Both pass", "all players pass"),
    ("Bob: no blocks", "Bob declares no blockers"), ("Alice: no attacks", "Alice declares no attackers"),
])
def test_every_player_passing_or_declaring_nothing_is_read(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


def test_refused_players_passing_who_are_not_all_the_players() -> None:
    text = HEAD.replace("players: Alice, Bob", "players: Alice, Bob, Carol") \
        + "turn 3: Alice, in precombat main phase\nAlice and Bob pass\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (9, "syntax") in found and (9, "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice: plays Forest.", "Alice plays Forest"),
    ("Alice: I attack Bob with Grizzly Bears.", "Alice attacks Bob with Grizzly Bears"),
    ("Bob still at 20", "Bob has 20 life"),
    ("Alice: lifelink, I gain 2, I'm at 14.", "Alice has 14 life"),
    ("Hill Giant survives", "# Hill Giant survives"),
    ("Nothing happens.", "# Nothing happens."),
    ("Alice does nothing else.", "# Alice does nothing else."),
    ("Alice does nothing in her main phase", "# Alice does nothing in her main phase"),
    ("Bob doesn't respond", "# Bob doesn't respond"),
    ("Nothing happens in the end step.", "end step"),
    ("Alice: nothing else, goes to combat.", "combat phase"),
    ("With nothing to fear, Alice taps her Forest", "Alice taps Forest"),
    ("Bob, wanting to wipe out the attackers, taps Forest", "Bob taps Forest"),
    ("Bob casts Lightning Bolt targeting Grizzly Bears; it resolves.",   # 'it resolves': the top of the stack
     "Bob casts Lightning Bolt targeting Grizzly Bears; it resolves"),
    ("Alice plays Forest. She taps it for G", "Alice plays Forest; Alice taps Forest for {G}"),
    ("Lightning Bolt deals 2 damage to each creature",
     "Lightning Bolt deals 2 damage to Grizzly Bears; Lightning Bolt deals 2 damage to Hill Giant"),
    ("The Giant survives with 2 damage marked on it", "Hill Giant has 2 damage"),
    ("Alice has 3 cards. She discards one Forest and keeps two.",
     "Alice has 3 cards in hand; Alice discards Forest; Alice has 2 cards in hand"),
    ("Everything dies: Grizzly Bears and Hill Giant all go to the graveyard.",
     "Grizzly Bears dies; Hill Giant dies"),
])
def test_a_phrasing_of_a_seventh_author_is_read_as_its_canonical_line(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


BLOCKERS = HEAD.replace("card Forest", "card Llanowar Elves: creature 1/1\ncard Forest") \
    .replace("Bob controls Hill Giant", "Bob controls Hill Giant, Llanowar Elves") \
    + "turn 3: Alice, in beginning of combat step\n"


@pytest.mark.parametrize(("lines", "canonical"), [
    (["Alice: attacks with Grizzly Bears."], "declare attackers step; Alice attacks Bob with Grizzly Bears"),
    (["Alice attacks with Grizzly Bears", "Bob chump-blocks Grizzly Bears with Llanowar Elves"],
     "Bob blocks Grizzly Bears with Llanowar Elves"),
    (["Alice attacks with Grizzly Bears", "Bob blocks the Bears with both of his creatures, Hill Giant and "
      "Llanowar Elves"], "Bob blocks Grizzly Bears with Hill Giant, Llanowar Elves"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant, Llanowar Elves",
      "Alice orders the blockers Llanowar Elves first, then Hill Giant"],
     "Alice orders blockers of Grizzly Bears: Llanowar Elves, Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant, Llanowar Elves",
      "Alice orders blockers of Grizzly Bears: Llanowar Elves, Hill Giant",
      "The Bears assign 1 damage to Llanowar Elves and 1 damage to Hill Giant"],
     "combat damage step; Grizzly Bears assigns 1 to Llanowar Elves, 1 to Hill Giant"),
    (["Alice attacks with Grizzly Bears", "Bob blocks Grizzly Bears with Hill Giant, Llanowar Elves",
      "Alice orders blockers of Grizzly Bears: Llanowar Elves, Hill Giant", "combat damage step",
      "Grizzly Bears assigns 1 to Llanowar Elves, 1 to Hill Giant",
      "Hill Giant deals 3 damage and Llanowar Elves deals 1 damage to the Bears"],
     "Hill Giant deals 3 damage to Grizzly Bears; Llanowar Elves deals 1 damage to Grizzly Bears"),
])
def test_a_combat_phrasing_of_a_seventh_author_is_read(lines: list[str], canonical: str) -> None:
    found = check_text(BLOCKERS + "\n".join(lines) + "\n")
    last = 10 + len(lines) - 1
    assert (last, f"read as: {canonical}") in [(v.line, v.message) for v in found]
    assert [v for v in found if v.severity == "error"] == []


@pytest.mark.parametrize("line", [
    "She casts Lightning Bolt",                                  # whose 'she' is, the line doesn't say
    "Carol: plays Forest",                                       # not a player
    "Alice: we attack with Grizzly Bears",                       # a first person that isn't the speaker
    "Bob blocks Grizzly Bears with both of his creatures, Hill Giant",   # 'both' of one creature
    "Pyroclasm deals 2 damage to each creature",                 # an unknown source
    "Lightning Bolt survives",                                   # not a creature on the battlefield
])
def test_refused_a_phrasing_that_needs_a_guess(line: str) -> None:
    text = HEAD.replace("Bob controls Hill Giant", "Bob controls Hill Giant, Grizzly Bears") \
        + "turn 3: Alice, in precombat main phase\n" + line + "\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (9, "syntax") in found and (9, "read-as") not in found


def test_refused_not_responding_in_explicit_priority() -> None:
    text = HEAD.replace("players: Alice, Bob", "players: Alice, Bob\npriority: explicit") \
        + "turn 3: Alice, in precombat main phase\nBob doesn't respond\n"
    found = [(v.line, v.rule) for v in check_text(text)]
    assert (10, "syntax") in found and (10, "read-as") not in found


@pytest.mark.parametrize(("line", "canonical"), [
    ("Alice is done", "cleanup step"),              # passing the turn, not a remark
    ("Alice has 9 cards", "Alice has 9 cards in hand"),
])
def test_a_remark_doesnt_take_the_place_of_a_reading(line: str, canonical: str) -> None:
    _assert_read_as(line, canonical)


@pytest.mark.parametrize("line", ["Alice has 9", "After combat, Alice casts Lightning Bolt targeting Hill Giant"])
def test_refused_a_number_without_cards_and_a_step_in_an_intro(line: str) -> None:
    found = [(v.line, v.rule) for v in check_text(_in_main(line))]
    assert (9, "syntax") in found and (9, "read-as") not in found


def test_she_on_the_next_line_is_the_player_of_the_line_read_before() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nAlice plays a Forest.\n" \
        "She casts Lightning Bolt targeting Hill Giant.\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text)]
    assert (10, "read-as", "read as: Alice casts Lightning Bolt targeting Hill Giant") in found


def test_refused_she_after_a_canonical_line() -> None:
    text = HEAD + "turn 3: Alice, in precombat main phase\nAlice plays a Forest.\nAlice taps Forest\n" \
        "She casts Lightning Bolt targeting Hill Giant.\n"
    found = [(v.line, v.rule, v.message) for v in check_text(text) if v.line == 11]
    assert (11, "syntax", "unknown player 'She'") in found
    assert not any(m.startswith("read as: Alice") for _, _, m in found)
