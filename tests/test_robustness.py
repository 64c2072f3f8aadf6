"""Hostile and broken input, through the command line: each case gets its exact diagnostics (rule, line, column,
message) and exit code, and the other files of the same run are still checked.

Big inputs (a 10 MB line, a 100 MB transcript, 10^6 extra turns, 10^4 files) are generated in a temporary
directory. The card-file cases live in fixtures/hostile/ (annotated with `# expect:`).
"""

from __future__ import annotations

import errno
import json
import os
import re
import shutil
import subprocess
import sys
import textwrap
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from rulecheck import checker
from rulecheck.cli import cli
from rulecheck.parser import MAX_LINE_LENGTH, MAX_NUMBER

ROOT = Path(__file__).resolve().parent.parent
HOSTILE = ROOT / "fixtures" / "hostile"
LEGAL = ROOT / "fixtures" / "scenarios" / "C049.transcript"  # clean
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"  # one violation: 510.1c at 20:1
EXAMPLE_FINDING = (str(EXAMPLE), 20, 1, "510.1c")

Diag = tuple[str, int, int, str, str]  # file, line, column, rule, message (exact)


def run(*args: str, stdin: bytes | None = None) -> tuple[int, list[dict[str, Any]]]:
    """`rulecheck check ARGS --format json` in this process: exit code and the diagnostics. No traceback, ever."""
    result = CliRunner().invoke(cli, ["check", *args, "--format", "json", "--isolated", "-j", "1"], input=stdin)
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert "Traceback" not in result.output
    return result.exit_code, json.loads(result.stdout)


def diags(found: list[dict[str, Any]], path: Path | str | None = None) -> list[Diag]:
    return [(d["file"], d["line"], d["column"], d["rule"], d["message"]) for d in found
            if path is None or d["file"] == str(path)]


def assert_case(path: Path, expected: list[Diag], exit_alone: int, *, severity: str = "error",
                alone: bool = True) -> None:
    """The file alone gives exactly `expected` and `exit_alone`; checked between two other files, it gives the
    same, and both neighbours are still checked (the example's violation is still reported). `alone=False` skips
    the first run, for big files whose exit code alone is 1 anyway."""
    if alone:
        code, found = run(str(path))
        assert diags(found) == expected
        assert all(d["severity"] == severity for d in found)
        assert code == exit_alone
    else:
        assert exit_alone == 1
    code, found = run(str(LEGAL), str(path), str(EXAMPLE))
    assert diags(found, path) == expected
    assert diags(found, EXAMPLE) == [(*EXAMPLE_FINDING, diags(found, EXAMPLE)[0][4])]
    assert diags(found, LEGAL) == []
    assert code == max(exit_alone, 1)


def legal_with(line_no: int, content: bytes) -> bytes:
    """The clean scenario with one line replaced: a known position for the hostile bytes."""
    lines = LEGAL.read_bytes().split(b"\n")
    lines[line_no - 1] = content
    return b"\n".join(lines)


# ------------------------------------------------------------------ encodings and line endings
@pytest.mark.parametrize(("name", "data"), [
    ("bom", b"\xef\xbb\xbf" + LEGAL.read_bytes()),
    ("crlf", LEGAL.read_bytes().replace(b"\n", b"\r\n")),
    ("lone-cr", LEGAL.read_bytes().replace(b"\n", b"\r")),
    ("mixed", b"\xef\xbb\xbf" + b"".join(line + (b"\r\n", b"\r", b"\n")[i % 3]
                                          for i, line in enumerate(LEGAL.read_bytes().split(b"\n")))),
    ("no-final-newline", LEGAL.read_bytes().rstrip(b"\n")),
], ids=lambda v: v if isinstance(v, str) else "")
def test_accepted_silently(tmp_path: Path, name: str, data: bytes) -> None:
    f = tmp_path / f"{name}.transcript"
    f.write_bytes(data)
    assert_case(f, [], 0)


def test_line_endings_keep_line_numbers(tmp_path: Path) -> None:
    """A violation is reported on the same line whatever the line endings."""
    for ending in (b"\r\n", b"\r"):
        f = tmp_path / "endings.transcript"
        f.write_bytes(EXAMPLE.read_bytes().replace(b"\n", ending))
        code, found = run(str(f))
        assert [(d["line"], d["column"], d["rule"]) for d in found] == [(20, 1, "510.1c")]
        assert code == 1


NOTHING = "the transcript contains no statements; nothing was checked"


@pytest.mark.parametrize(("name", "data"), [
    ("empty", b""),
    ("only-comments", b"# a title that never came\n# expect: 510.1c\n"),
    ("blank", b"\n\n   \t\n\r\n"),
    ("bom-only", b"\xef\xbb\xbf"),
], ids=lambda v: v if isinstance(v, str) else "")
def test_nothing_to_check_warns_and_exits_zero(tmp_path: Path, name: str, data: bytes) -> None:
    f = tmp_path / f"{name}.transcript"
    f.write_bytes(data)
    assert_case(f, [(str(f), 1, 1, "empty", NOTHING)], 0, severity="warning")


def test_bytes_that_are_not_utf8(tmp_path: Path) -> None:
    f = tmp_path / "latin1.transcript"
    f.write_bytes(legal_with(3, "title: C049 Craw Wurm assigns 3 to Wall of Wood — café".encode("latin-1", "replace")))
    assert_case(f, [(str(f), 3, 54, "syntax", "this line is not valid UTF-8 (byte 0xe9 at byte offset 53)")], 1)


def test_utf8_cut_off_at_the_end_of_the_file(tmp_path: Path) -> None:
    f = tmp_path / "cut.transcript"
    f.write_bytes(LEGAL.read_bytes() + "# the end — ".encode()[:-2])
    last = LEGAL.read_bytes().count(b"\n") + 1
    assert_case(f, [(str(f), last, 11, "syntax", "this line is not valid UTF-8 (byte 0xe2 at byte offset 10)")], 1)


def test_nul_bytes(tmp_path: Path) -> None:
    f = tmp_path / "nul.transcript"
    f.write_bytes(legal_with(3, b"title: C049\x00 Craw Wurm"))
    assert_case(f, [(str(f), 3, 12, "syntax", "this line contains a NUL byte")], 1)


def test_utf16_file(tmp_path: Path) -> None:
    f = tmp_path / "utf16.transcript"
    f.write_bytes(LEGAL.read_text(encoding="utf-8").encode("utf-16"))
    assert_case(f, [(str(f), 1, 1, "syntax", "this file is UTF-16 or UTF-32 (it begins with a byte order mark); "
                                             "rulecheck reads UTF-8")], 1)


def test_hostile_bytes_on_stdin() -> None:
    code, found = run("-", str(EXAMPLE), stdin=b"players: Alice, Bob\r\n\xff\x00\r\nturn 1: Alice\x00\n")
    assert diags(found, "<stdin>") == [("<stdin>", 2, 1, "syntax", "this line is not valid UTF-8 (byte 0xff at byte "
                                                                   "offset 0)"),
                                       ("<stdin>", 3, 14, "syntax", "this line contains a NUL byte")]
    assert len(diags(found, EXAMPLE)) == 1
    assert code == 1


# ------------------------------------------------------------------ size
def test_ten_megabyte_line(tmp_path: Path) -> None:
    f = tmp_path / "long-line.transcript"
    f.write_bytes(legal_with(3, b"title: " + b"x" * 10_000_000))
    n = 10_000_007
    assert_case(f, [(str(f), 3, MAX_LINE_LENGTH + 1, "syntax",
                     f"line is {n} characters long; the limit is {MAX_LINE_LENGTH}")], 1)


def test_ten_megabyte_line_of_multibyte_characters_without_a_newline(tmp_path: Path) -> None:
    f = tmp_path / "long-tail.transcript"
    f.write_bytes(LEGAL.read_bytes() + "é".encode() * 5_000_000)
    last = LEGAL.read_bytes().count(b"\n") + 1
    assert_case(f, [(str(f), last, MAX_LINE_LENGTH + 1, "syntax",
                     f"line is 5000000 characters long; the limit is {MAX_LINE_LENGTH}")], 1)


def _peak_rss_kb(args: list[str], stdin: Any = None) -> tuple[int, str, int]:
    """Run the CLI in a child process; its exit code, stdout and peak resident memory (KB).

    VmHWM, not ru_maxrss: Linux carries ru_maxrss across exec, so a child of a big pytest process would inherit
    the parent's peak."""
    code = ("import re, sys\n"
            "from rulecheck.cli import main\n"
            "try:\n    main()\nfinally:\n"
            "    hwm = re.search(r'VmHWM:\\s*(\\d+)', open('/proc/self/status').read()).group(1)\n"
            "    sys.stderr.write(f'\\nmaxrss={hwm}\\n')\n")
    proc = subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, stdin=stdin, capture_output=True,
                          text=True, timeout=600, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert "Traceback" not in proc.stderr, proc.stderr
    rss = int(re.findall(r"maxrss=(\d+)", proc.stderr)[-1])
    return proc.returncode, proc.stdout, rss


@pytest.mark.slow
@pytest.mark.skipif(not Path("/proc/self/status").exists(), reason="peak memory read from Linux's /proc")
def test_hundred_megabyte_transcript_streams_in_bounded_memory(tmp_path: Path) -> None:
    """100 MB: a real game, a million lines of narration, then a mistake on the last line, found in place; the
    process never holds the file (peak memory well under its size), from a file or from standard input."""
    f = tmp_path / "huge.transcript"
    filler = b"# narration" + b" " * 88 + b"\n"
    assert len(filler) == 100
    lines = 1_000_000
    with open(f, "wb") as fh:
        fh.write(LEGAL.read_bytes())
        for _ in range(lines // 10_000):
            fh.write(filler * 10_000)
        fh.write(b"Alice atacks Bob\n")
    assert f.stat().st_size > 100_000_000
    last = LEGAL.read_bytes().count(b"\n") + lines + 1
    expected = [f"{f}:{last}:7: syntax unknown word 'atacks'", "Found 1 violation in 1 file (1 checked)."]
    code, out, rss = _peak_rss_kb(["check", str(f), "--format", "concise", "--isolated", "-j", "1"])
    assert (code, out.splitlines()) == (1, expected)
    assert rss < 100_000, f"peak memory {rss} KB for a {f.stat().st_size} byte file"
    with open(f, "rb") as stdin:
        code, out, rss = _peak_rss_kb(["check", "-", "--format", "concise", "--isolated"], stdin=stdin)
    assert (code, out.splitlines()[0]) == (1, f"<stdin>:{last}:7: syntax unknown word 'atacks'")
    assert rss < 100_000, f"peak memory {rss} KB reading standard input"


def test_a_million_extra_turns(tmp_path: Path) -> None:
    """10^6 extra turns created, one taken, then the wrong player's turn: flagged once, on its line."""
    f = tmp_path / "extra-turns.transcript"
    with open(f, "w", encoding="utf-8") as fh:
        fh.write("players: Alice, Bob\nturn 3: Alice, in precombat main phase\n")
        fh.write("Alice gets an extra turn\n" * 1_000_000)
        fh.write("...\nturn 4: Alice\n...\nturn 5: Bob\n")
    line = 2 + 1_000_000 + 4
    assert_case(f, [(str(f), line, 1, "500.7", "turn 5 is Bob's, but the most recently created extra turn is "
                                               "Alice's, and it comes first")], 1, alone=False)


def test_absurd_numbers() -> None:
    f = HOSTILE / "huge-numbers.transcript"
    big, turn = "100000000000...000000 (101 characters)", "100000000000...000000 (31 characters)"
    limit = f"rulecheck accepts numbers up to {MAX_NUMBER}"
    assert_case(f, [(str(f), 4, 13, "syntax", f"number too large: {big}; {limit}"),
                    (str(f), 12, 19, "syntax", f"number too large: {big}; {limit}"),
                    (str(f), 16, 9, "syntax", f"number too large: 2147483648; {limit}"),
                    (str(f), 17, 6, "syntax", f"number too large: {turn}; {limit}")], 1)


def test_numbers_past_pythons_digit_limit(tmp_path: Path) -> None:
    """int() refuses strings over 4300 digits: such a number is still just a syntax diagnostic."""
    f = tmp_path / "digits.transcript"
    f.write_bytes(legal_with(11, b"Alice: life " + b"7" * 5000 + b", hand 3"))
    assert_case(f, [(str(f), 11, 13, "syntax", "number too large: 777777777777...777777 (5000 characters); "
                                               f"rulecheck accepts numbers up to {MAX_NUMBER}")], 1)


def test_unknown_players_and_cards() -> None:
    f = HOSTILE / "unknown-names.transcript"
    assert_case(f, [(str(f), 8, 13, "syntax", "unknown card 'Grizly Bears'; did you mean 'Grizzly Bears'?"),
                    (str(f), 9, 1, "syntax", "unknown player 'Carol'"),
                    (str(f), 10, 13, "syntax", "unknown card 'Lightning Bolt'"),
                    (str(f), 12, 36, "syntax", "unknown permanent 'Mallory'")], 1)


def test_card_defined_twice() -> None:
    f = HOSTILE / "card-defined-twice.transcript"
    assert_case(f, [(str(f), 4, 6, "syntax", "card 'Craw Wurm' is defined twice (first on line 3)")], 1)


# ------------------------------------------------------------------ card files
CARD_FILE_DIAGNOSTICS = [
    (5, "card file 'cards/missing.yaml' not found"),
    (6, "circular card file include: cards/cycle-a.yaml -> cycle-b.yaml -> cycle-a.yaml"),
    (7, "card file 'cards/python-tag.yaml' cannot be read (line 2): could not determine a constructor for the tag "
        "'tag:yaml.org,2002:python/object/apply:os.system'"),
    (8, "card file 'cards/billion-laughs.yaml', line 3: YAML aliases ('*a') are not allowed in card files"),
    (9, "card file 'cards/merge-bomb.yaml', line 3: YAML aliases ('*l0') are not allowed in card files"),
    (10, "card file 'cards/deep.yaml' cannot be read: it is nested more than 50 levels deep"),
    (11, "card file 'cards/wrong-types.yaml', card 2: each card needs a 'name'"),
    (11, "card file 'cards/wrong-types.yaml', card 3: 'types' must be text or a list of text"),
    (11, "card file 'cards/wrong-types.yaml', card 4: 'pt' must be text or a number"),
    (11, "card file 'cards/wrong-types.yaml', card 5: 'abilities' must be a list of text"),
    (11, "card file 'cards/wrong-types.yaml', card 6: each card needs a 'name'"),
    (11, "card file 'cards/wrong-types.yaml', card 7: unexpected 'flies sideways'; expected 'attack', 'block', "
         "'loyalty', 'mana', a card type, a keyword ability, a protection ability, a target restriction or one "
         "of 5 more"),
    (12, "card file 'cards/folder.yaml' cannot be read: it is a directory"),
    (13, "card file 'cards/good.yaml', card 1: card 'Savannah Lions' is defined twice (first on line 4)"),
    (13, "card file 'cards/good.yaml', card 2: card 'Serra Angel' is defined twice (first on line 4)"),
]


def test_hostile_card_files() -> None:
    """Missing, circular, !!python tags, billion laughs, merge-key bomb, 10^4 deep, wrong types, a directory, a file
    included twice: each flagged on its include line; the cards that could be read are used (a nested include
    works); the refused file's cards are unknown."""
    f = HOSTILE / "card-files.transcript"
    expected = [(str(f), line, 1, "syntax", message) for line, message in CARD_FILE_DIAGNOSTICS]
    expected += [(str(f), 18, 13, "syntax", "unknown card 'Laughing Horror'"),
                 (str(f), 20, 1, "assert", "Savannah Lions is 2/1 in the replay, not 3/3")]
    assert_case(f, expected, 1)


def _include_case(tmp_path: Path, card_file: str, setup: Callable[[Path], None]) -> Path:
    setup(tmp_path / card_file)
    f = tmp_path / "t.transcript"
    f.write_text(f"players: Alice, Bob\ninclude: {card_file}\nturn 1: Alice\n", encoding="utf-8")
    return f


def test_card_file_too_large(tmp_path: Path) -> None:
    f = _include_case(tmp_path, "big.yaml",
                      lambda p: p.write_text("cards:\n" + "  - {name: X, types: land}\n" * 40_000, encoding="utf-8"))
    assert_case(f, [(str(f), 2, 1, "syntax", f"card file 'big.yaml' is larger than {checker.MAX_CARD_FILE_BYTES} "
                                             "bytes, the limit for a card file")], 1)


def test_card_file_with_thousands_of_problems_is_summarised(tmp_path: Path) -> None:
    f = _include_case(tmp_path, "many.yaml", lambda p: p.write_text("cards: [" + "1, " * 3000 + "]\n"))
    expected = [(str(f), 2, 1, "syntax", f"card file 'many.yaml', card {i}: each card needs a 'name'")
                for i in range(1, 21)]
    expected.append((str(f), 2, 1, "syntax", "... and 2980 more problems with card file 'many.yaml'"))
    assert_case(f, expected, 1)


def test_card_file_deeply_nested_in_block_style(tmp_path: Path) -> None:
    f = _include_case(tmp_path, "deep.yaml", lambda p: p.write_text("cards:\n" + "- " * 3000 + "x\n"))
    assert_case(f, [(str(f), 2, 1, "syntax", "card file 'deep.yaml' cannot be read: it is nested too deeply")], 1)


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no FIFOs here")
def test_card_file_that_is_a_fifo_does_not_block(tmp_path: Path) -> None:
    f = _include_case(tmp_path, "pipe.yaml", lambda p: os.mkfifo(p))
    assert_case(f, [(str(f), 2, 1, "syntax", "card file 'pipe.yaml' cannot be read: it is not a regular file")], 1)


def test_card_file_that_is_a_symlink_loop(tmp_path: Path) -> None:
    f = _include_case(tmp_path, "loop.yaml", lambda p: p.symlink_to(p.name))
    assert_case(f, [(str(f), 2, 1, "syntax", f"card file 'loop.yaml' cannot be read: {os.strerror(errno.ELOOP)}")], 1)


def test_hostile_fixtures_match_their_annotations() -> None:
    code, found = run(str(HOSTILE), "--expect")
    assert (code, found) == (0, [])


# ------------------------------------------------------------------ paths
def test_unreadable_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    f = tmp_path / "secret.transcript"
    shutil.copy(LEGAL, f)
    f.chmod(0)
    if os.access(f, os.R_OK):  # root reads anything: make open() fail the way it would for anyone else
        real_open = open

        def deny(file: Any, *args: Any, **kwargs: Any) -> Any:
            if str(file) == str(f):
                raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(file))
            return real_open(file, *args, **kwargs)
        monkeypatch.setattr(checker.pipeline, "open", deny, raising=False)
    assert_case(f, [(str(f), 1, 1, "io", f"cannot read file: {os.strerror(errno.EACCES)}")], 2)


def test_broken_symlink(tmp_path: Path) -> None:
    f = tmp_path / "broken.transcript"
    f.symlink_to("nowhere.transcript")
    assert_case(f, [(str(f), 1, 1, "io", "cannot read file: broken symbolic link (to 'nowhere.transcript')")], 2)


def test_symlink_loop(tmp_path: Path) -> None:
    f = tmp_path / "loop.transcript"
    f.symlink_to("loop.transcript")
    assert_case(f, [(str(f), 1, 1, "io", f"cannot read file: {os.strerror(errno.ELOOP)}")], 2)


def test_missing_file() -> None:
    code, found = run("no/such.transcript", str(EXAMPLE))
    assert diags(found, "no/such.transcript") == [("no/such.transcript", 1, 1, "io",
                                                   f"cannot read file: {os.strerror(errno.ENOENT)}")]
    assert len(diags(found, EXAMPLE)) == 1
    assert code == 2


def _tree(tmp_path: Path) -> Path:
    """logs/: two transcripts, a nested one, a loop back to logs/, a broken link, a FIFO, a non-transcript."""
    logs = tmp_path / "logs"
    (logs / "day2" / "late").mkdir(parents=True)
    shutil.copy(LEGAL, logs / "a.transcript")
    shutil.copy(EXAMPLE, logs / "day2" / "b.transcript")
    shutil.copy(EXAMPLE, logs / "day2" / "late" / "c.transcript")
    (logs / "day2" / "up").symlink_to("..")
    (logs / "day2" / "dangling.transcript").symlink_to("gone.transcript")
    (logs / "notes.txt").write_text("not a transcript\n", encoding="utf-8")
    if hasattr(os, "mkfifo"):
        os.mkfifo(logs / "day2" / "pipe.transcript")
    return logs


def test_directory_walk_with_links_loops_and_fifos(tmp_path: Path) -> None:
    """Directories are walked without following links (no loop), a FIFO is passed over (no hang), a broken link
    is reported, and every transcript is checked once."""
    logs = _tree(tmp_path)
    code, found = run(str(logs))
    assert sorted(diags(found)) == sorted([
        (str(logs / "day2" / "b.transcript"), 20, 1, "510.1c", diags(found)[0][4]),
        (str(logs / "day2" / "dangling.transcript"), 1, 1, "io",
         "cannot read file: broken symbolic link (to 'gone.transcript')"),
        (str(logs / "day2" / "late" / "c.transcript"), 20, 1, "510.1c", diags(found)[0][4]),
    ])
    assert code == 2


def test_unlistable_directory_is_reported(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    logs = _tree(tmp_path)
    late = logs / "day2" / "late"
    late.chmod(0)
    try:
        if os.access(late, os.R_OK):  # root lists anything: make listing fail as it would for anyone else
            for name in ("scandir", "listdir"):
                real = getattr(os, name)

                def deny(path: Any = ".", _real: Any = real) -> Any:
                    if os.fspath(path) == str(late):
                        raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), os.fspath(path))
                    return _real(path)
                monkeypatch.setattr(os, name, deny)
        code, found = run(str(logs))
    finally:
        late.chmod(0o755)
    assert (str(late), 1, 1, "io", f"cannot read directory: {os.strerror(errno.EACCES)}") in diags(found)
    assert len(diags(found, logs / "day2" / "b.transcript")) == 1
    assert code == 2


def test_ten_thousand_files(tmp_path: Path) -> None:
    """A directory of 10^4 transcripts (checked in parallel): every file is counted, the one mistake is found."""
    logs = tmp_path / "many"
    logs.mkdir()
    game = "players: Alice, Bob\nturn 1: Alice, in precombat main phase\nAlice passes priority\n"
    for i in range(10_000):
        (logs / f"game{i:05}.transcript").write_text(game, encoding="utf-8")
    (logs / "game04321.transcript").write_text(game + "Alice atacks Bob\n", encoding="utf-8")
    result = CliRunner().invoke(cli, ["check", str(logs), "--format", "concise", "--isolated", "-j", "2"])
    assert result.exception is None or isinstance(result.exception, SystemExit), result.exc_info
    assert result.stdout.splitlines() == [f"{logs / 'game04321.transcript'}:4:7: syntax unknown word 'atacks'",
                                          "Found 1 violation in 1 file (10000 checked)."]
    assert result.exit_code == 1


# ------------------------------------------------------------------ internal errors
def _fail(*args: Any, **kwargs: Any) -> None:
    raise RuntimeError("boom")


INTERNAL = re.compile(r"rulecheck failed on this statement (in rulecheck\.[\w.]+ \(line \d+\) )?"
                      r"\(RuntimeError: boom\); the rest of the file is still checked; please report it")


def test_a_failing_rule_check_is_an_internal_error(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A check that raises: an internal-error naming the check and the line; the rest of the file (its later
    violation) and the other files are still checked; exit 2."""
    from rulecheck.replay.engine import Engine
    name = "_dispatch" if hasattr(Engine, "_dispatch") else "feed"  # the deeper, the better the message
    real = getattr(Engine, name)

    def dispatch(self: Engine, stmt: Any) -> None:
        if stmt.span.line == 21:
            _fail()
        real(self, stmt)
    monkeypatch.setattr(Engine, name, dispatch)
    f = tmp_path / "t.transcript"
    f.write_text(EXAMPLE.read_text(encoding="utf-8") + "Bob passes priority\nAlice atacks Bob\n", encoding="utf-8")
    code, found = run(str(LEGAL), str(f), str(EXAMPLE))
    mine = diags(found, f)
    assert [(line, col, rule) for _, line, col, rule, _ in mine] == [(20, 1, "510.1c"), (21, 1, "internal-error"),
                                                                     (22, 7, "syntax")]
    assert INTERNAL.fullmatch(mine[1][4]), mine[1][4]
    assert len(diags(found, EXAMPLE)) == 1
    assert code == 2


def test_a_failing_parser_is_an_internal_error_on_its_line(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulecheck import nodes, parser
    monkeypatch.setattr(nodes, "Regenerate", _fail)  # what the parser builds for 'X regenerates'
    if hasattr(parser, "clear_cache"):
        parser.clear_cache()
    code, found = run("-", str(EXAMPLE), stdin=b"players: Alice, Bob\ncard Grizzly Bears: creature 2/2\n"
                                                b"Alice controls Grizzly Bears\nturn 1: Alice, in upkeep step\n"
                                                b"Grizzly Bears regenerates\nAlice passes\n")
    assert diags(found, "<stdin>") == [("<stdin>", 5, 1, "internal-error", "rulecheck failed to parse this line "
                                                                          "(RuntimeError: boom); please report it")]
    assert len(diags(found, EXAMPLE)) == 1
    assert code == 2


def test_a_failure_at_the_end_of_the_file(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulecheck.replay.engine import Engine
    monkeypatch.setattr(Engine, "finish", _fail)
    code, found = run(str(LEGAL))
    assert [(line, col, rule) for _, line, col, rule, _ in diags(found)] == [(1, 1, "internal-error")]
    assert re.fullmatch(r"rulecheck failed at the end of the file (in rulecheck\.[\w.]+ \(line \d+\) )?"
                        r"\(RuntimeError: boom\); please report it", diags(found)[0][4])
    assert code == 2


def test_no_traceback_reaches_the_user_of_the_installed_command(tmp_path: Path) -> None:
    """The real entry point, in a child process, with a check that raises: a diagnostic on stdout, exit 2, and
    nothing on stderr."""
    code = textwrap.dedent("""
        import sys
        from rulecheck.replay.engine import Engine
        def boom(self, stmt):
            raise KeyError("boom")
        Engine.feed = boom
        from rulecheck.cli import main
        main()
    """)
    proc = subprocess.run([sys.executable, "-c", code, "check", str(EXAMPLE), "--format", "concise", "--isolated",
                           "-j", "1"], cwd=tmp_path, capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert proc.returncode == 2
    assert proc.stderr == ""
    assert f"{EXAMPLE}:2:1: internal-error rulecheck failed on this statement (KeyError: 'boom'); the rest of the " \
           "file is still checked; please report it" in proc.stdout
