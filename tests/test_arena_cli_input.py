"""`rulecheck import arena` and `check --from arena` on input a user gives them: standard input (`-`, plain or
gzipped, as `check -` takes a transcript) and a transcripts folder that cannot be made."""

from __future__ import annotations

import gzip
from pathlib import Path

from arena_logs import LogBuilder, opening, play_land
from click.testing import CliRunner

from rulecheck.cli import cli


def one_game() -> str:
    log = LogBuilder()
    opening(log)
    play_land(log, 200, 500)
    log.game_over()
    return log.text()


def invoke(*args: str, stdin: bytes | None = None) -> tuple[int, str, str]:
    result = CliRunner().invoke(cli, list(args), input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exception
    return result.exit_code, result.stdout, result.stderr


def test_import_reads_the_log_from_standard_input(tmp_path: Path) -> None:
    text = one_game()
    for data in (text.encode(), gzip.compress(text.encode())):
        out = tmp_path / ("gz" if data[:2] == b"\x1f\x8b" else "plain")
        code, stdout, stderr = invoke("import", "arena", "-", "-o", str(out), stdin=data)
        assert code == 0, stderr
        assert stdout.startswith(f"{out / 'm1-1.transcript'}: game of log lines 3-")
        assert stderr == "Imported 1 game from <stdin>.\n"
        assert "from an MTG Arena log (<stdin>, lines 3-" in (out / "m1-1.transcript").read_text(encoding="utf-8")


def test_check_from_arena_reads_standard_input() -> None:
    code, stdout, _ = invoke("check", "--from", "arena", "-", "--format", "concise", stdin=one_game().encode())
    assert (code, stdout) == (0, "No violations in 1 file.\n")
    code, stdout, _ = invoke("check", "--from", "arena", "-", "--format", "concise", stdin=b"not a log\n")
    assert code == 2
    assert stdout.startswith("<stdin>:1:1: io no Arena game messages in this file")


def test_a_transcripts_folder_that_cannot_be_made_is_a_plain_message(tmp_path: Path) -> None:
    log = tmp_path / "Player.log"
    log.write_text(one_game(), encoding="utf-8")
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    code, stdout, stderr = invoke("check", "--from", "arena", str(log), "--transcripts", str(blocker / "t"))
    assert (code, stdout) == (2, "")
    assert stderr == f"rulecheck: cannot create {blocker / 't'}: Not a directory\n"


def test_a_transcript_that_cannot_be_written_is_an_io_finding_on_the_log(tmp_path: Path) -> None:
    log = tmp_path / "Player.log"
    log.write_text(one_game(), encoding="utf-8")
    (tmp_path / "t" / "m1-1.transcript").mkdir(parents=True)   # a folder where the transcript should go
    code, stdout, _ = invoke("check", "--from", "arena", str(log), "--transcripts", str(tmp_path / "t"),
                             "--format", "concise")
    assert code == 2
    assert stdout.splitlines()[0] == f"{log}:1:1: io cannot write {tmp_path / 't' / 'm1-1.transcript'}: Is a directory"
    assert [p.name for p in (tmp_path / "t").iterdir()] == ["m1-1.transcript"]   # no temporary file left


def test_cards_none_means_no_card_database_with_from_arena(tmp_path: Path) -> None:
    """`--cards none` means none for `check` (its help says so), with --from arena too, and for `import arena`."""
    log = tmp_path / "Player.log"
    log.write_text(one_game(), encoding="utf-8")
    assert invoke("check", "--from", "arena", str(log), "--cards", "none", "--format", "concise")[:2] == (
        0, "No violations in 1 file.\n")
    code, stdout, _ = invoke("import", "arena", str(log), "--cards", "none", "-o", str(tmp_path / "g"))
    assert code == 0 and stdout.startswith(f"{tmp_path / 'g' / 'm1-1.transcript'}: game of log lines 3-")


def test_screen_names_with_a_number_of_their_own_make_a_readable_header() -> None:
    """`--names`: a word of a screen name that begins with a digit ('Card 500', 'Rex 7') is not a name the
    language reads; it is left out, and the game checks clean."""
    import io

    from rulecheck import checker
    from rulecheck.importers.arena import ArenaImport, ImportOptions
    from rulecheck.importers.arena.framing import read_lines

    for screen, shown in (({1: "Alice", 2: "Card 500"}, "Card"), ({1: "Alice", 2: "Rex 7 x"}, "Rex X")):
        log = LogBuilder()
        log.room("m1", screen)
        opening(log)
        play_land(log, 200, 500)
        log.game_over()
        [game] = ArenaImport(read_lines(io.StringIO(log.text())), ImportOptions(names=True))
        assert f"players: Alice, {shown}" in game.text
        assert checker.check_text(game.text) == []


def test_standard_input_named_twice_is_read_once() -> None:
    code, stdout, _ = invoke("check", "--from", "arena", "-", "-", "--format", "concise", stdin=one_game().encode())
    assert code == 2
    assert stdout.splitlines()[0] == "<stdin>:1:1: io cannot read <stdin>: standard input was read already"


def test_the_help_names_the_players_as_the_transcripts_do() -> None:
    """Without --names the players are `Player` and `Opponent` (docs/importing.md), not 'You'."""
    for command in (["import", "arena", "--help"], ["check", "--help"]):
        text = " ".join(invoke(*command)[1].split())
        assert "instead of Player and Opponent" in text and "You" not in text
    assert "- for standard input" in " ".join(invoke("import", "arena", "--help")[1].split())


def test_an_envelope_of_the_wrong_shape_is_an_error_at_its_line_not_a_traceback(tmp_path: Path) -> None:
    """Valid JSON in shapes Arena doesn't write (a damaged or hand-edited log): the games before it are kept, the
    envelope is reported at its line, and the run exits 2."""
    import json

    damaged = [
        {"matchGameRoomStateChangedEvent": {"gameRoomInfo": {"gameRoomConfig": {"reservedPlayers": [True]}}}},
        {"matchGameRoomStateChangedEvent": 1.5},
        {"greToClientEvent": {"greToClientMessages": [{"type": "GREMessageType_GameStateMessage",
                                                       "gameStateMessage": 7}]}},
        {"greToClientEvent": {"greToClientMessages": [{"type": "GREMessageType_GameStateMessage",
                                                       "systemSeatIds": 2.5, "gameStateMessage": {
                                                           "gameStateId": 1, "type": "GameStateType_Full"}}]}},
    ]
    for i, body in enumerate(damaged):
        kind = "MatchGameRoomStateChangedEvent" if "matchGameRoomStateChangedEvent" in body else "GreToClientEvent"
        text = one_game() + f"[UnityCrossThreadLogger]1/2/2026 1:00:00 PM: Match to ABC: {kind}\n{json.dumps(body)}\n"
        line = len(text.splitlines()) - 1
        log = tmp_path / f"Player{i}.log"
        log.write_text(text, encoding="utf-8")
        code, stdout, stderr = invoke("import", "arena", str(log), "-o", str(tmp_path / f"g{i}"))
        assert code == 2, (body, stderr)
        assert stdout.startswith(f"{tmp_path / f'g{i}' / 'm1-1.transcript'}: game of log lines 3-"), body
        assert stderr.startswith(f"{log}:{line}: error: this envelope is not shaped as Arena writes them ("), body
        code, stdout, _ = invoke("check", "--from", "arena", str(log), "--format", "concise")
        assert code == 2 and stdout.startswith(f"{log}:{line}:1: io this envelope is not shaped"), body
