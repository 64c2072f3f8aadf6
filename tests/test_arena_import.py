"""`rulecheck import arena` and `check --from arena`: framing, game states, holes, errors, and real sessions."""

from __future__ import annotations

import gzip
import sqlite3
from pathlib import Path

import pytest
from arena_logs import LogBuilder, ann, creature, land, opening, play_land
from click.testing import CliRunner

from rulecheck import checker
from rulecheck.cli import cli
from rulecheck.importers.arena import ArenaImport, CardDatabase, ImportOptions, LogError
from rulecheck.importers.arena.framing import GRE, SUMMARY, LogStatus, envelopes
from rulecheck.importers.arena.session import ImportedGame, Problem

ROOT = Path(__file__).resolve().parent.parent
SESSIONS = ROOT / "fixtures" / "arena" / "sessions"
ORIGINALS = ROOT.parent / "shared" / "formats" / "arena" / "samples"


def import_text(text: str, **options: object) -> tuple[list[ImportedGame], list[Problem]]:
    importer = ArenaImport(iter(text.splitlines(True)), ImportOptions(**options))  # type: ignore[arg-type]
    games = list(importer)
    return games, importer.problems


def statements(game: ImportedGame) -> list[str]:
    """The transcript's statements after the setup, without their comments."""
    out = []
    started = False
    for line in game.text.splitlines():
        text = line.split("   #", 1)[0].strip() if not line.startswith("#") else ""
        started = started or text.startswith("turn ")
        if started and text:
            out.append(text)
    return out


def run(*args: str) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args))
    return result.exit_code, result.stdout, result.stderr


# ---------------------------------------------------------------- framing
def test_envelopes_skip_noise_and_keep_header_lines() -> None:
    log = LogBuilder()
    first = log.start()
    second = log.envelope(log.state(), noise=True)
    log.lines.insert(0, "[UnityCrossThreadLogger]1/2/2026: Match to ABC: ClientToGremessage")
    status = LogStatus()
    found = list(envelopes(iter(log.text().splitlines(True)), status))
    assert [(e.kind, e.line) for e in found] == [(GRE, first + 1), (GRE, second + 1)]
    assert status.detailed is True and status.detailed_line == 3
    assert found[1].value["greToClientEvent"]["greToClientMessages"][0]["gameStateId"] == 2


def test_summarized_envelope_is_recognised() -> None:
    text = ("[UnityCrossThreadLogger]5/13/2026 10:01:12 AM: Match to X: GreToClientEvent\n"
            "[Message summarized because one or more GameStateMessages exceeded the 50 GameObject or 50 Annotation "
            "limit.]\n::: GameStateMessage\n:: GameObject Count = 63\n")
    found = list(envelopes(iter(text.splitlines(True)), LogStatus()))
    assert [(e.kind, e.line) for e in found] == [(SUMMARY, 1)]
    assert found[0].note.startswith("[Message summarized because")


def test_a_damaged_envelope_inside_the_log_is_an_error_with_its_line() -> None:
    log = LogBuilder()
    log.start()
    log.envelope(log.state())
    log.lines[-1] = log.lines[-1][:40]          # cut in the middle of the JSON
    log.envelope(log.state())
    with pytest.raises(LogError) as err:
        list(envelopes(iter(log.text().splitlines(True)), LogStatus()))
    assert err.value.line == 6
    assert "cannot be read" in err.value.message


def test_a_cut_last_envelope_is_truncation() -> None:
    log = LogBuilder()
    log.start()
    log.envelope(log.state())
    log.lines[-1] = log.lines[-1][:40]
    status = LogStatus()
    found = list(envelopes(iter(log.text().splitlines(True)), status))
    assert len(found) == 1 and status.truncated_line == 5


# ---------------------------------------------------------------- game states
def test_a_plain_turn_with_reconstructed_passes() -> None:
    log = LogBuilder()
    opening(log)
    land_line = play_land(log, 200, 500)
    log.game_over()
    games, problems = import_text(log.text())
    assert problems == []
    assert [g.name for g in games] == ["m1-1.transcript"]
    assert statements(games[0]) == [
        "turn 1: Player", "untap step", "upkeep step", "Player passes", "Opponent passes", "precombat main phase",
        "Player plays \"Card 500\""]
    assert "card Card 500: colorless basic land   # grpId 500" in games[0].text
    assert f"Player plays \"Card 500\"   # gs 6, log line {land_line}" in games[0].text
    assert "players: Player, Opponent" in games[0].text and "edition: current" in games[0].text


def test_objects_are_replaced_not_merged() -> None:
    """A Diff re-describes an object completely: a power that dropped back is seen, not latched (FORMAT §4.1)."""
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [300], zone_src=31, zone_dest=28,
                                      category="Put")],
                           [creature(300, 700, 1, 2, 2)], log.zones_now()))
    log.envelope(log.state(None, [], [creature(300, 700, 1, 5, 5, isTapped=True)]))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))        # sync at the step's end: 5/5
    log.envelope(log.state(None, [], [creature(300, 700, 1, 2, 2)]))        # replaced: 2/2, untapped
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)]))
    log.game_over()
    games, _ = import_text(log.text())
    body = statements(games[0])
    assert body[body.index("precombat main phase") + 1:] == [
        "Player puts \"Card 700\" onto the battlefield", "\"Card 700\" gets +3/+3 until end of turn",
        "Player passes", "Opponent passes", "beginning of combat step",
        "\"Card 700\" gets -3/-3 until end of turn", "Player passes", "Opponent passes", "declare attackers step"]


def test_attack_block_and_combat_damage() -> None:
    log = LogBuilder()
    opening(log)
    log.battlefield += [300, 400]
    haste = [{"id": 2, "grpId": 9}]
    log.envelope(log.state(None, [], [creature(300, 700, 1, 3, 3, uniqueAbilities=haste), creature(400, 800, 2, 2, 2,
                                                                              uniqueAbilities=[{"id": 1,
                                                                                                "grpId": 13}])],
                           log.zones_now()))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]), log.state((1, 3, 0, 1, 2)))
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)]))
    log.envelope(log.state(None, [], [creature(300, 700, 1, 3, 3, isTapped=True, attackState="AttackState_Attacking",
                                               attackInfo={"targetId": 2}, uniqueAbilities=haste)]))
    log.envelope(log.state((1, 3, 5, 1, 2)))
    log.envelope(log.state((1, 3, 6, 1, 1), [log.step_marker(3, 6)], [
        creature(400, 800, 2, 2, 2, blockState="BlockState_Blocking", blockInfo={"attackerIds": [300]},
                 uniqueAbilities=[{"id": 1, "grpId": 13}])]))
    log.envelope(log.state((1, 3, 6, 1, 2)))
    log.envelope(log.state((1, 3, 7, 1, 1), [log.step_marker(3, 7),
                                             ann(log.next_ann(), "DamageDealt", 400, [300], damage=2, type=1),
                                             ann(log.next_ann(), "DamageDealt", 300, [400], damage=3, type=1)]))
    log.game_over()
    games, _ = import_text(log.text())
    body = statements(games[0])
    start = body.index("declare attackers step")
    assert body[start:] == [
        "declare attackers step", "Player declares \"Card 700\" attacking Opponent", "Player passes", "Opponent passes",
        "declare blockers step", "Opponent declares \"Card 800\" blocking \"Card 700\"", "Player passes",
        "Opponent passes", "combat damage step", "\"Card 700\" assigns 3 to \"Card 800\"",
        "\"Card 800\" assigns 2 to \"Card 700\"", "combat damage is dealt"]
    assert "card Card 800: green creature 2/2, reach   # grpId 800" in games[0].text
    assert checker.check_text(games[0].text) == []


def test_rollback_forgets_the_undone_cast() -> None:
    log = LogBuilder()
    opening(log)
    play_land(log, 200, 500)
    before = log.gs
    log.stack.append(301)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [301], zone_src=31, zone_dest=27,
                                      category="CastSpell")],
                           [{"instanceId": 301, "grpId": 900, "type": "GameObjectType_Card", "zoneId": 27,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Sorcery"]}],
                           log.zones_now(), update="GameStateUpdate_Send"))
    log.stack.clear()
    log.envelope(log.message({"turnInfo": log.turn_info(1, 2, 0, 1, 1), "zones": log.zones_now(),
                              "gameObjects": [land(200, 500, 1)]}, undo_to=before))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.game_over()
    games, _ = import_text(log.text())
    assert "casts" not in games[0].text
    assert (f"# rollback: Arena undid game state {before + 1} (an action was cancelled); back to state {before}"
            in games[0].text)
    assert statements(games[0])[-4:] == ["Player plays \"Card 500\"", "Player passes", "Opponent passes",
                                         "beginning of combat step"]
    assert checker.check_text(games[0].text) == []


def test_summarized_state_becomes_a_gap_and_the_stack_is_not_trusted_across_it() -> None:
    log = LogBuilder()
    opening(log)
    log.stack.append(301)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [301], zone_src=31, zone_dest=27,
                                      category="CastSpell")],
                           [{"instanceId": 301, "grpId": 900, "type": "GameObjectType_Card", "zoneId": 27,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Instant"]}],
                           log.zones_now()))
    log.lines.append("[UnityCrossThreadLogger]1/2/2026 1:00:00 PM: Match to ABC: GreToClientEvent")
    summary = len(log.lines)
    log.lines += ["[Message summarized because one or more GameStateMessages exceeded the 50 GameObject or 50 "
                  "Annotation limit.]", "::: GameStateMessage"]
    log.gs += 1     # the lost state
    log.envelope(log.state((1, 2, 0, 1, 2)))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.game_over()
    games, problems = import_text(log.text())
    assert problems == []
    text = games[0].text
    assert (f"log incomplete: game state 7 summarized by Arena (log line {summary}: too many objects or "
            "annotations to log)") in text
    body = statements(games[0])
    assert body[body.index("Player casts \"Card 900\""):] == [
        "Player casts \"Card 900\"", "...", "\"Card 900\" is countered", "Opponent passes", "Player passes",
        "beginning of combat step"]
    assert checker.check_text(text) == []


def test_a_missing_state_id_is_a_gap() -> None:
    log = LogBuilder()
    opening(log)
    log.gs += 2
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.game_over()
    games, _ = import_text(log.text())
    assert "...   # gs 8, log line" in games[0].text
    assert "log incomplete: game state 6-7 missing from the log" in games[0].text


def test_flash_is_inferred_from_a_cast_arena_allowed() -> None:
    log = LogBuilder()
    opening(log)
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.stack.append(301)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [301], zone_src=31, zone_dest=27,
                                      category="CastSpell")],
                           [{"instanceId": 301, "grpId": 900, "type": "GameObjectType_Card", "zoneId": 27,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Creature"],
                             "power": {"value": 1}, "toughness": {"value": 1}}], log.zones_now()))
    log.game_over()
    games, _ = import_text(log.text())
    assert ("card Card 900: colorless creature 1/1, flash   # grpId 900; flash inferred: cast in the beginning "
            "of combat step of turn 1, game state 7: Arena allowed it") in games[0].text
    assert checker.check_text(games[0].text) == []


# ---------------------------------------------------------------- bad logs
def test_detailed_logs_off() -> None:
    text = "Unity\nDETAILED LOGS: DISABLED\n[UnityCrossThreadLogger]x: Match to A: GreToClientEvent\n{}\n"
    games, problems = import_text(text)
    assert games == []
    assert [(p.line, p.severity) for p in problems] == [(2, "error")]
    assert problems[0].message.startswith("Detailed Logs is off in this log")


def test_not_an_arena_log() -> None:
    games, problems = import_text("hello\nworld\n")
    assert games == [] and [(p.line, p.message) for p in problems] == [
        (1, "no Arena game messages in this file: it is not a Player.log written with Detailed Logs on")]


def test_a_log_cut_in_the_middle_of_a_game() -> None:
    log = LogBuilder()
    opening(log)
    log.envelope(log.state())
    log.lines[-1] = log.lines[-1][:30]
    games, problems = import_text(log.text())
    assert games == []
    assert [(p.line, p.message) for p in problems] == [
        (10, "the log ends in the middle of this envelope (cut off while Arena was writing?); it is left out"),
        (3, "game 1 of match m1 starts here but the log ends before it does; it is not imported")]


def test_cli_import_writes_whole_games_and_fails_on_a_truncated_log(tmp_path: Path) -> None:
    log = LogBuilder()
    opening(log)
    play_land(log, 200, 500)
    log.game_over()
    complete = log.text()
    log2 = LogBuilder()
    opening(log2)
    log2.envelope(log2.state())
    log2.lines[-1] = log2.lines[-1][:30]
    path = tmp_path / "Player.log"
    path.write_text(complete + "\n".join(log2.lines[2:]) + "\n")
    code, out, err = run("import", "arena", str(path), "-o", str(tmp_path / "games"))
    assert code == 2
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == ["m1-1.transcript"]
    assert out.startswith(f"{tmp_path / 'games' / 'm1-1.transcript'}: game of log lines 3-")
    assert "the log ends in the middle of this envelope" in err
    assert f"{path}:{len(complete.splitlines()) + 8}: error: the log ends in the middle" in err
    assert f"{path}:{len(complete.splitlines()) + 1}: error: game 1 of match m1 starts here" in err


def test_cli_import_refuses_detailed_logs_off_and_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "Player.log"
    path.write_text("Unity\nDETAILED LOGS: DISABLED\n")
    code, out, err = run("import", "arena", str(path), "-o", str(tmp_path / "games"))
    assert code == 2 and out == ""
    assert err.startswith(f"{path}:2: error: Detailed Logs is off in this log")
    assert list((tmp_path / "games").iterdir()) == []


def test_cli_import_missing_log(tmp_path: Path) -> None:
    code, _, err = run("import", "arena", str(tmp_path / "nope.log"), "-o", str(tmp_path))
    assert code == 2 and err.startswith("rulecheck: cannot read ") and "No such file" in err


def test_check_from_arena_points_at_the_log_line(tmp_path: Path) -> None:
    """Arena never lets a player play two lands, but a damaged or forged log can say so: the finding names the
    transcript line and the log line."""
    log = LogBuilder()
    opening(log)
    play_land(log, 200, 500)
    second = play_land(log, 201, 500)
    log.game_over()
    path = tmp_path / "Player.log"
    path.write_text(log.text())
    code, out, _ = run("check", "--from", "arena", str(path), "--format", "concise")
    assert code == 1
    line = next(i for i, t in enumerate(import_text(log.text())[0][0].text.splitlines(), 1)
                if t.startswith("Player plays") and f"log line {second}" in t)
    assert out.splitlines()[0] == (
        f"{path}#m1-1.transcript:{line}:1: 505.6b Player plays Card 500, but Player already played a land this turn "
        f"(Card 500, line {line - 1}) [log line {second}, game state 7]")
    code, out, _ = run("check", "--from", "arena", str(path), "--transcripts", str(tmp_path / "t"), "--format",
                       "concise")
    assert code == 1 and out.startswith(f"{tmp_path / 't' / 'm1-1.transcript'}:{line}:1: 505.6b")


def test_check_from_arena_reports_a_bad_log_as_io(tmp_path: Path) -> None:
    path = tmp_path / "Player.log"
    path.write_text("Unity\nDETAILED LOGS: DISABLED\n")
    code, out, _ = run("check", "--from", "arena", str(path), "--format", "concise")
    assert code == 2
    assert out.splitlines()[0].startswith(f"{path}:2:1: io Detailed Logs is off")


def test_arena_options_need_from() -> None:
    code, _, err = run("check", "x.transcript", "--names")
    assert code == 2 and "--names and --transcripts go with --from arena" in err


# ---------------------------------------------------------------- names and the card database
def test_screen_names_with_names() -> None:
    log = LogBuilder()
    log.room("m1", {1: "Alice#12345", 2: "bob"})
    opening(log)
    log.game_over()
    games, _ = import_text(log.text(), names=True)
    assert "players: Alice, Bob" in games[0].text
    games, _ = import_text(log.text())
    assert "players: Player, Opponent" in games[0].text


def make_card_db(path: Path) -> None:
    """A tiny database in Arena's schema (synthetic: no Wizards data)."""
    db = sqlite3.connect(path)
    db.executescript("""
        CREATE TABLE Cards (GrpId INTEGER PRIMARY KEY, TitleId INTEGER, AbilityIds TEXT);
        CREATE TABLE Localizations_enUS (LocId INTEGER, Formatted INTEGER, Loc TEXT);
        INSERT INTO Cards VALUES (700, 1, '8:11,15:12'), (500, 2, '');
        INSERT INTO Localizations_enUS VALUES (1, 1, 'Sky <i>Watcher</i>'), (1, 0, NULL), (2, 1, 'Forest');
    """)
    db.commit()
    db.close()


def test_card_database_names_and_keywords(tmp_path: Path) -> None:
    make_card_db(tmp_path / "Raw_CardDatabase_x.mtga")
    db = CardDatabase(str(tmp_path / "Raw_CardDatabase_x.mtga"))
    log = LogBuilder()
    opening(log)
    play_land(log, 200, 500)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [creature(300, 700, 1, 1, 1)], log.zones_now()))
    log.game_over()
    games, _ = import_text(log.text(), cards=db)
    db.close()
    assert "card Sky Watcher: green creature 1/1, flying, vigilance   # grpId 700" in games[0].text
    assert "Player plays Forest" in games[0].text
    assert "Player puts Sky Watcher onto the battlefield" in games[0].text


def test_card_database_is_opened_read_only(tmp_path: Path) -> None:
    target = tmp_path / "Raw_CardDatabase_x.mtga"
    make_card_db(target)
    before = target.read_bytes()
    db = CardDatabase(str(target))
    with pytest.raises(sqlite3.OperationalError):
        db._db.execute("DELETE FROM Cards")
    db.close()
    assert target.read_bytes() == before


def test_not_a_card_database(tmp_path: Path) -> None:
    (tmp_path / "x.mtga").write_text("not sqlite")
    code, _, err = run("import", "arena", str(tmp_path / "x.mtga"), "--cards", str(tmp_path / "x.mtga"))
    assert code == 2 and err.startswith(f"rulecheck: cannot use the card database {tmp_path / 'x.mtga'}: not an")


# ---------------------------------------------------------------- the real sessions
SESSION_GAMES = {
    "sealed-matches": ["017b1408-b184-4ca8-bc1a-096fd5244419-1", "dbab7bda-1719-4acd-935f-0712982a09b5-1"],
    "recycle-defect-trigger": ["96cbb0a5-0bc9-4ebb-802c-13ee840e90d2-1"],
    "pioneer-play-bo3": ["37b28807-2430-4628-81aa-e5ee6905a108-1", "37b28807-2430-4628-81aa-e5ee6905a108-2",
                         "37b28807-2430-4628-81aa-e5ee6905a108-3"],
}


def _import_session(path: Path) -> tuple[list[ImportedGame], list[Problem]]:
    with gzip.open(path, "rt", encoding="utf-8", newline="") as fh:
        importer = ArenaImport(fh, ImportOptions(log_name=path.name))
        return list(importer), importer.problems


@pytest.fixture(scope="module")
def sessions() -> dict[str, list[ImportedGame]]:
    out = {}
    for name in SESSION_GAMES:
        games, problems = _import_session(SESSIONS / f"{name}.log.gz")
        assert problems == []
        out[name] = games
    return out


@pytest.mark.parametrize("session", sorted(SESSION_GAMES))
def test_every_sample_game_imports_and_parses(sessions: dict[str, list[ImportedGame]], session: str) -> None:
    games = sessions[session]
    assert [g.name for g in games] == [f"{n}.transcript" for n in SESSION_GAMES[session]]
    for game in games:
        found = checker.check_text(game.text, path=game.name)
        assert [v for v in found if v.rule in ("syntax", "state", "internal-error")] == []


@pytest.mark.parametrize("session", sorted(SESSION_GAMES))
def test_every_sample_game_checks_clean(sessions: dict[str, list[ImportedGame]], session: str) -> None:
    """Real games that Arena's rules engine enforced: any finding is a bug in the importer or the checker."""
    for game in sessions[session]:
        assert checker.check_text(game.text, path=game.name) == []


def test_the_recycle_session_keeps_its_holes_and_rollbacks(sessions: dict[str, list[ImportedGame]]) -> None:
    text = sessions["recycle-defect-trigger"][0].text
    assert "# holes in the log: 1; rollbacks (Undo): 3; see the comments below" in text
    assert "# rollback: Arena undid game state 145-148 (an action was cancelled); back to state 144" in text
    assert "# rollback: Arena undid game state 150 (an action was cancelled); back to state 149" in text
    assert ("# rollback in the hole: the log re-uses annotation ids from 1165 on, so the lost state undid what "
            "followed game state 457; that is not narrated") in text
    assert "...   # gs 460, log line" in text and "game state 459 summarized by Arena" in text


def test_the_sealed_double_block_is_narrated(sessions: dict[str, list[ImportedGame]]) -> None:
    text = sessions["sealed-matches"][0].text
    assert "Opponent declares \"Card 102514\" blocking \"Card 102640\"   # gs 436" in text
    assert "Opponent declares \"Card 102576\" blocking \"Card 102640\"   # gs 436" in text
    assert "\"Card 102640\" assigns 4 to \"Card 102514\", 2 to \"Card 102576\"   # gs 439" in text


@pytest.mark.skipif(not ORIGINALS.is_dir(), reason="the original samples are not next to this checkout")
def test_the_original_samples_give_the_same_games() -> None:
    """The uncut logs (with client messages and Unity noise) import to the same games as the cuts."""
    originals = sorted(ORIGINALS.glob("manasight-*.log.gz"))
    assert len(originals) == 3
    names = []
    for path in originals:
        games, problems = _import_session(path)
        assert problems == []
        names += [g.name for g in games]
        for game in games:
            assert checker.check_text(game.text, path=game.name) == []
    assert sorted(names) == sorted(f"{n}.transcript" for ns in SESSION_GAMES.values() for n in ns)


def _combat_until_blocks(log: LogBuilder, attacker: dict[str, object], blocker: dict[str, object]) -> None:
    """Turn 1 of seat 1: attacker (instance 300) attacks, blocker (400) blocks it."""
    opening(log)
    log.battlefield += [300, 400]
    log.envelope(log.state(None, [], [attacker, blocker], log.zones_now()))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]), log.state((1, 3, 0, 1, 2)))
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)]))
    log.envelope(log.state(None, [], [dict(attacker, isTapped=True, attackState="AttackState_Attacking",
                                           attackInfo={"targetId": 2})]))
    log.envelope(log.state((1, 3, 5, 1, 2)))
    log.envelope(log.state((1, 3, 6, 1, 1), [log.step_marker(3, 6)], [
        dict(blocker, blockState="BlockState_Blocking", blockInfo={"attackerIds": [300]})]))
    log.envelope(log.state((1, 3, 6, 1, 2)))


def test_a_creature_dealing_first_strike_damage_has_first_strike() -> None:
    """The log need not list the ability (granted by an effect, unknown without the card database): the damage
    in the first-strike step shows it, so the transcript says it before that step begins."""
    haste = [{"id": 2, "grpId": 9}]
    log = LogBuilder()
    _combat_until_blocks(log, creature(300, 700, 1, 2, 2, uniqueAbilities=haste), creature(400, 800, 2, 1, 1))
    log.envelope(log.state((1, 3, 11, 1, 1), [log.step_marker(3, 11),
                                              ann(log.next_ann(), "DamageDealt", 300, [400], damage=2, type=1)]))
    log.envelope(log.state((1, 3, 11, 1, 2)))
    log.envelope(log.state((1, 3, 7, 1, 1), [log.step_marker(3, 7)]))
    log.game_over()
    games, _ = import_text(log.text())
    body = statements(games[0])
    start = body.index("declare blockers step")
    assert body[start:] == [
        "declare blockers step", "Opponent declares \"Card 800\" blocking \"Card 700\"", "Player passes",
        "Opponent passes", "\"Card 700\" gains first strike until end of turn", "first combat damage step",
        "\"Card 700\" assigns 2 to \"Card 800\"", "combat damage is dealt", "Player passes", "Opponent passes",
        "second combat damage step"]
    assert checker.check_text(games[0].text) == []


def test_a_keyword_seen_only_sometimes_is_an_effect_not_the_cards() -> None:
    """Flying on one turn only (an aura, a pump spell): the card has no flying, the turn says it gains it."""
    flying = [{"id": 3, "grpId": 8}]
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [creature(300, 700, 1, 2, 2)], log.zones_now()))
    log.envelope(log.state(None, [], [creature(300, 700, 1, 2, 2, uniqueAbilities=flying)]))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.game_over()
    games, _ = import_text(log.text())
    assert "card Card 700: green creature 2/2   # grpId 700" in games[0].text
    assert "\"Card 700\" gains flying until end of turn" in statements(games[0])
    log2 = LogBuilder()
    opening(log2)
    log2.battlefield.append(300)
    log2.envelope(log2.state(None, [], [creature(300, 700, 1, 2, 2, uniqueAbilities=flying)], log2.zones_now()))
    log2.envelope(log2.state((1, 3, 0, 1, 1), [log2.step_marker(3, 0)]))
    log2.game_over()
    games, _ = import_text(log2.text())
    assert "card Card 700: green creature 2/2, flying   # grpId 700" in games[0].text
    assert "gains flying" not in games[0].text


def test_a_log_without_any_game() -> None:
    text = "Unity\nDETAILED LOGS: ENABLED\n[UnityCrossThreadLogger]x: Match to A: GreToClientEvent\n" \
           '{"greToClientEvent": {"greToClientMessages": []}}\nlast line\n'
    games, problems = import_text(text)
    assert games == [] and [(p.line, p.severity, p.message) for p in problems] == [
        (5, "error", "this log holds no complete game")]


def test_a_game_abandoned_for_the_next_one_is_a_warning() -> None:
    log = LogBuilder()
    opening(log)
    opening(log)        # a new game 1 starts (a reconnect): the first never ended
    log.game_over()
    games, problems = import_text(log.text())
    assert [g.name for g in games] == ["m1-1.transcript"]
    assert [(p.line, p.severity, p.message) for p in problems] == [
        (3, "warning", "game 1 of match m1 starts here but never ends in the log; it is not imported")]


def test_sample_narration_needs_no_fallback(sessions: dict[str, list[ImportedGame]]) -> None:
    """Every entry to and exit from the battlefield and the stack is narrated from its own annotation: the
    reconciliation with the state (a safety net) never has to step in on the real sessions."""
    texts = [g.text for games in sessions.values() for g in games]
    for text in texts:
        assert "log: on the battlefield" not in text
        assert "no longer on the battlefield in the log" not in text
        assert "removed from the stack unresolved" not in text
    countered = [line.split("   #")[0] for text in texts for line in text.splitlines() if " is countered" in line]
    assert countered == ['"Card 102660" is countered']
    keywords = {line.split("   #")[0] for text in texts for line in text.splitlines()
                if line.startswith(("card Card 93855:", "card Card 102514:", "card Token 102743:"))}
    assert keywords == {"card Card 93855: white creature 1/1, flying, lifelink",
                        "card Card 102514: blue legendary creature 2/4",
                        "card Token 102743: blue red creature token 3/3, flying"}


def test_a_resolution_whose_start_this_seat_never_saw() -> None:
    log = LogBuilder()
    opening(log)
    log.stack.append(301)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [301], zone_src=31, zone_dest=27,
                                      category="CastSpell")],
                           [{"instanceId": 301, "grpId": 900, "type": "GameObjectType_Card", "zoneId": 27,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Sorcery"]}],
                           log.zones_now()))
    log.envelope(log.state((1, 2, 0, 1, 2)))
    log.stack.clear()
    log.envelope(log.state((1, 2, 0, 1, 1), [ann(log.next_ann(), "ResolutionComplete", 301, [301], grpid=900),
                                             ann(log.next_ann(), "ZoneTransfer", 1, [301], zone_src=27,
                                                 zone_dest=33, category="Resolve")], zones=log.zones_now()))
    log.game_over()
    games, _ = import_text(log.text())
    assert statements(games[0])[-4:] == ["Player casts \"Card 900\"", "Player passes", "Opponent passes",
                                         "\"Card 900\" resolves"]


def test_a_log_that_begins_in_the_middle_of_a_game() -> None:
    log = LogBuilder()
    log.gs = 40
    orphan = log.envelope(log.state((3, 2, 0, 1, 1)))
    opening(log)
    log.game_over()
    games, problems = import_text(log.text())
    assert [g.name for g in games] == ["m1-1.transcript"]
    assert [(p.line, p.severity, p.message) for p in problems] == [
        (orphan, "warning", "game states before any game's start are ignored: the log begins in the middle of a "
                            "game")]


def test_a_trigger_in_the_cleanup_step_gives_priority_there() -> None:
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [creature(300, 700, 1, 2, 2)], log.zones_now()))
    for phase, step in ((3, 0), (3, 5), (3, 8), (4, 0), (5, 0)):
        log.envelope(log.state((1, phase, step, 1, 1), [log.step_marker(phase, step)]),
                     log.state((1, phase, step, 1, 2)))
    log.stack.append(310)
    log.envelope(log.state((1, 5, 10, 1, 1), [log.step_marker(5, 10),
                                              ann(log.next_ann(), "AbilityInstanceCreated", 300, [310])],
                           [{"instanceId": 310, "grpId": 9001, "type": "GameObjectType_Ability", "zoneId": 27,
                             "controllerSeatId": 1, "objectSourceGrpId": 700, "parentId": 300}], log.zones_now()))
    log.envelope(log.state((1, 5, 10, 1, 2)))
    log.stack.clear()
    log.envelope(log.state((1, 5, 10, 1, 1), [ann(log.next_ann(), "ResolutionStart", 310, [310]),
                                              ann(log.next_ann(), "ResolutionComplete", 310, [310])],
                           zones=log.zones_now()))
    log.envelope(log.state((1, 5, 10, 1, 2)))
    log.envelope(log.state((1, 5, 10, 1, 1), [log.step_marker(5, 10)]))
    log.game_over()
    games, _ = import_text(log.text())
    body = statements(games[0])
    assert body[body.index("end step"):] == [
        "end step", "Player passes", "Opponent passes", "cleanup step", "\"Card 700\" triggers", "Player passes",
        "Opponent passes", "\"Card 700\" ability resolves", "Player passes", "Opponent passes", "cleanup step"]
    assert checker.check_text(games[0].text) == []


def test_card_names_a_definition_cannot_hold_are_adapted(tmp_path: Path) -> None:
    target = tmp_path / "Raw_CardDatabase_x.mtga"
    make_card_db(target)
    db = sqlite3.connect(target)
    db.execute("INSERT INTO Cards VALUES (701, 3, '')")
    db.execute("INSERT INTO Localizations_enUS VALUES (3, 1, ?)", ('Circle of Protection: "Red"',))
    db.commit()
    db.close()
    cards = CardDatabase(str(target))
    assert cards.text(3) == "Circle of Protection - 'Red'"
    assert cards.text(1) == "Sky Watcher" and cards.text(99) is None
    cards.close()


def test_an_overlong_line_is_refused_without_holding_it() -> None:
    import io

    from rulecheck.importers.arena.framing import read_lines
    stream = io.StringIO("short\n" + "x" * 5000 + "\nnext\n")
    lines = read_lines(stream, limit=1000)
    assert next(lines) == "short\n"
    with pytest.raises(LogError) as err:
        next(lines)
    assert err.value.line == 2 and "over 1,000 characters long" in err.value.message


def test_a_cut_gzip_log(tmp_path: Path) -> None:
    data = (SESSIONS / "pioneer-play-bo3.log.gz").read_bytes()
    path = tmp_path / "Player.log.gz"
    path.write_bytes(data[: len(data) * 3 // 4])
    code, out, err = run("import", "arena", str(path), "-o", str(tmp_path / "games"))
    assert code == 2
    assert out.startswith(f"{tmp_path / 'games' / '37b28807-2430-4628-81aa-e5ee6905a108-1.transcript'}: game of")
    assert "error: cannot read the log further: Compressed file ended before the end-of-stream marker" in err
    assert sorted(p.name for p in (tmp_path / "games").iterdir()) == [
        "37b28807-2430-4628-81aa-e5ee6905a108-1.transcript"]


def test_a_vehicle_that_attacks_is_defined_as_a_creature() -> None:
    vehicle = {"instanceId": 300, "grpId": 710, "type": "GameObjectType_Card", "zoneId": 28, "ownerSeatId": 1,
               "controllerSeatId": 1, "cardTypes": ["CardType_Artifact"], "subtypes": ["SubType_Vehicle"],
               "power": {"value": 3}, "toughness": {"value": 3}, "uniqueAbilities": [{"id": 5, "grpId": 9}]}
    crewed = dict(vehicle, cardTypes=["CardType_Artifact", "CardType_Creature"])
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [vehicle], log.zones_now()))
    log.envelope(log.state(None, [], [crewed]))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]), log.state((1, 3, 0, 1, 2)))
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)]))
    log.envelope(log.state(None, [], [dict(crewed, isTapped=True, attackState="AttackState_Attacking",
                                           attackInfo={"targetId": 2})]))
    log.envelope(log.state((1, 3, 5, 1, 2)))
    log.envelope(log.state((1, 3, 8, 1, 1), [log.step_marker(3, 6), log.step_marker(3, 7),
                                             ann(log.next_ann(), "DamageDealt", 300, [2], damage=3, type=1),
                                             log.step_marker(3, 8)]))
    log.game_over()
    games, _ = import_text(log.text())
    assert ("card Card 710: colorless artifact creature 3/3, haste   # grpId 710; subtypes: Vehicle; a creature "
            "only at times in the log (crewed, animated): defined as one throughout") in games[0].text
    assert "Player declares \"Card 710\" attacking Opponent" in statements(games[0])
    assert checker.check_text(games[0].text) == []


def test_abilities_from_a_hand_are_activated_and_trigger_holders_are_not_cards() -> None:
    """A ninjutsu-like ability goes on the stack from a hand (its UserActionTaken comes a state later): it is
    activated. A trigger whose source is Arena's trigger holder (grpId 5) is named after the ability's parent."""
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [creature(300, 700, 1, 2, 2)], log.zones_now()))
    log.stack += [310, 320]
    holder = {"instanceId": 305, "grpId": 5, "type": "GameObjectType_TriggerHolder", "zoneId": 30,
              "controllerSeatId": 1, "objectSourceGrpId": 9002, "uniqueAbilities": [{"id": 1, "grpId": 9002}]}
    log.envelope(log.state(None, [ann(log.next_ann(), "AbilityInstanceCreated", 250, [310], source_zone=31),
                                  ann(log.next_ann(), "AbilityInstanceCreated", 305, [320], source_zone=30)],
                           [{"instanceId": 250, "grpId": 800, "type": "GameObjectType_Card", "zoneId": 31,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Creature"]},
                            {"instanceId": 310, "grpId": 9001, "type": "GameObjectType_Ability", "zoneId": 27,
                             "controllerSeatId": 1, "objectSourceGrpId": 800}, holder,
                            {"instanceId": 320, "grpId": 9002, "type": "GameObjectType_Ability", "zoneId": 27,
                             "controllerSeatId": 1, "objectSourceGrpId": 5, "parentId": 300}],
                           log.zones_now()))
    log.game_over()
    games, _ = import_text(log.text())
    assert statements(games[0])[-2:] == ['Player activates "Card 800"', '"Card 700" triggers']
    assert "Card 5" not in games[0].text


def test_a_hole_that_ends_a_combat_and_the_turn() -> None:
    """The combat damage step and the turn change are in the hole: the damage step is written with a gap, the
    new turn gets its header and a gap, and the attacker's status from before the hole is not taken for an
    attack in the new turn."""
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    attacker = creature(300, 700, 1, 2, 2, uniqueAbilities=[{"id": 2, "grpId": 9}])
    log.envelope(log.state(None, [], [attacker], log.zones_now()))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]), log.state((1, 3, 0, 1, 2)))
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)]))
    log.envelope(log.state(None, [], [dict(attacker, isTapped=True, attackState="AttackState_Attacking",
                                           attackInfo={"targetId": 2})]))
    log.gs += 5     # lost: blocks, damage, the rest of turn 1 and the start of turn 2
    log.envelope(log.state((2, 2, 0, 2, 2)))
    log.envelope(log.state((2, 3, 0, 2, 2), [log.step_marker(3, 0, 2)]))
    log.envelope(log.state((2, 3, 5, 2, 2), [log.step_marker(3, 5, 2)]))
    log.game_over()
    games, problems = import_text(log.text())
    assert problems == []
    body = statements(games[0])
    assert body[body.index('Player declares "Card 700" attacking Opponent'):] == [
        'Player declares "Card 700" attacking Opponent', "...", "combat damage step", "...", "turn 2: Opponent",
        "...", "precombat main phase", "...", "Opponent passes", "Player passes", "beginning of combat step",
        "Opponent passes", "Player passes", "declare attackers step"]
    assert checker.check_text(games[0].text) == []


def test_a_step_whose_passes_the_log_does_not_record_gets_a_gap() -> None:
    """After a hole (a board wipe's state summarized), the log joins the beginning of combat with a creature being
    destroyed and no one shown holding priority; when the step ends, who passed is not in the log: a gap says so
    (docs/importing.md), rather than nothing and rather than invented passes."""
    log = LogBuilder()
    opening(log)
    log.battlefield.append(401)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 2, [401], zone_src=35, zone_dest=28,
                                      category="Put")], [creature(401, 700, 2, 2, 2)], log.zones_now()))
    log.lines.append("[UnityCrossThreadLogger]1/2/2026 1:00:00 PM: Match to ABC: GreToClientEvent")
    log.lines += ["[Message summarized because one or more GameStateMessages exceeded the 50 GameObject or 50 "
                  "Annotation limit.]", "::: GameStateMessage"]
    log.gs += 1
    log.battlefield.remove(401)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 2, [401], zone_src=28, zone_dest=37,
                                      category="Destroy")], [dict(creature(401, 700, 2, 2, 2), zoneId=37)],
                           log.zones_now(), turnInfo={"turnNumber": 1, "phase": "Phase_Combat",
                                                      "step": "Step_BeginCombat", "activePlayer": 1}))
    log.envelope(log.state((1, 3, 8, 1, 1), [log.step_marker(3, 8)]))
    log.game_over()
    games, problems = import_text(log.text())
    assert problems == []
    body = statements(games[0])
    assert body[body.index("beginning of combat step"):] == [
        "beginning of combat step", "...", '"Card 700" is destroyed', "...", "end of combat step"]
    assert "...   # gs 9, log line 17; the log doesn't record who passed priority here" in games[0].text
    assert checker.check_text(games[0].text) == []


def test_an_ability_that_left_the_stack_unseen_at_a_steps_end_is_followed_by_the_passes() -> None:
    """The class of the beginning of combat after a board wipe: a creature is destroyed in the beginning of combat,
    its trigger goes on the stack, and the log doesn't show its resolution before the declare attackers step. The
    ability is taken off the stack, and the step's passes, rebuilt from who held priority as the step ended, come
    after that (before, the step ended right after the ability left, and the checker found 500.2)."""
    log = LogBuilder()
    opening(log)
    log.battlefield.append(300)
    log.envelope(log.state(None, [], [creature(300, 700, 2, 2, 2)], log.zones_now()))
    log.envelope(log.state((1, 2, 0, 1, 2)))
    log.envelope(log.state((1, 3, 4, 1, 1), [log.step_marker(3, 4)]))
    log.battlefield.remove(300)
    log.stack.append(310)
    log.envelope(log.state((1, 3, 4, 1, 1), [ann(log.next_ann(), "ZoneTransfer", 2, [300], zone_src=28, zone_dest=37,
                                                 category="Destroy"),
                                             ann(log.next_ann(), "AbilityInstanceCreated", 300, [310])],
                           [dict(creature(300, 700, 2, 2, 2), zoneId=37),
                            {"instanceId": 310, "grpId": 9001, "type": "GameObjectType_Ability", "zoneId": 27,
                             "controllerSeatId": 2, "objectSourceGrpId": 700, "parentId": 300}], log.zones_now()))
    log.envelope(log.state((1, 3, 4, 1, 2)))
    log.stack.clear()
    log.envelope(log.state((1, 3, 5, 1, 1), [log.step_marker(3, 5)], zones=log.zones_now()),
                 log.state((1, 3, 5, 1, 2)))
    log.envelope(log.state((1, 3, 8, 1, 1), [log.step_marker(3, 8)]))
    log.game_over()
    games, problems = import_text(log.text())
    assert problems == []
    body = statements(games[0])
    assert body[body.index("beginning of combat step"):] == [
        "beginning of combat step", '"Card 700" is destroyed', '"Card 700" triggers', "Player passes",
        '"Card 700" ability is countered', "Opponent passes", "Player passes", "declare attackers step",
        "Player passes", "Opponent passes", "end of combat step"]


def test_zone_moves_are_narrated() -> None:
    """Issue 29: a mill, a card put onto the battlefield from a graveyard, a card exiled from a graveyard and a
    sorcery cast from a graveyard (Arena's ZoneTransfer annotations) become the transcript's zone statements; a
    card returned from a graveyard to the hand while a permanent of the same card is on the battlefield is left to
    a comment."""
    log = LogBuilder()
    opening(log)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [310, 311], zone_src=32, zone_dest=33,
                                      category="Mill")],
                           [{"instanceId": 310, "grpId": 710, "type": "GameObjectType_Card", "zoneId": 33,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Creature"],
                             "power": {"value": 2}, "toughness": {"value": 2}},
                            {"instanceId": 311, "grpId": 711, "type": "GameObjectType_Card", "zoneId": 33,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Sorcery"]}],
                           log.zones_now()))
    log.battlefield.append(312)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [312], zone_src=33, zone_dest=28,
                                      category="Return")],
                           [creature(312, 710, 1, 2, 2)], log.zones_now()))
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [313], zone_src=33, zone_dest=31,
                                      category="Return")],
                           [{"instanceId": 313, "grpId": 710, "type": "GameObjectType_Card", "zoneId": 31,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Creature"],
                             "power": {"value": 2}, "toughness": {"value": 2}}], log.zones_now()))
    log.stack.append(314)
    log.envelope(log.state(None, [ann(log.next_ann(), "ZoneTransfer", 1, [314], zone_src=33, zone_dest=27,
                                      category="CastSpell")],
                           [{"instanceId": 314, "grpId": 711, "type": "GameObjectType_Card", "zoneId": 27,
                             "ownerSeatId": 1, "controllerSeatId": 1, "cardTypes": ["CardType_Sorcery"]}],
                           log.zones_now()))
    log.envelope(log.state((1, 3, 0, 1, 1), [log.step_marker(3, 0)]))
    log.game_over()
    games, _ = import_text(log.text())
    body = statements(games[0])
    start = body.index("precombat main phase") + 1
    assert body[start:start + 3] == ["Player mills 2 cards", "Player puts \"Card 710\" onto the battlefield from "
                                     "their graveyard", "Player casts \"Card 711\" from their graveyard"]
    assert "# Player returns \"Card 710\" to their hand (log: Return; a permanent of this card is on the battlefield" \
        in games[0].text
    assert checker.check_text(games[0].text) == []
