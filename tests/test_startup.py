"""A check imports what a check uses (docs/performance.md, "Start-up"): the modules of other commands, other
formats, card databases, worker pools and suggestions are imported when they are asked for, not by every
`rulecheck check`. Each test runs the command in a new process and lists what it imported."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from bench_modules import bench_module

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"

# Run `rulecheck check ARGS...` as the console script does, and write the modules it imported (beyond those the
# interpreter had already: `site`, an editable install's finder, and pathlib's) to the file named first.
RUN = r"""
import contextlib, io, sys
import pathlib   # rulecheck uses pathlib; on Python 3.11 it imports urllib.parse, which an editable install's
                 # finder has imported already, a wheel install's not: counted as already there either way
before = set(sys.modules)
out, args = sys.argv[1], sys.argv[2:]
sys.argv = ["rulecheck", "check", *args]
from rulecheck.__main__ import run
with contextlib.redirect_stdout(io.StringIO()):
    try:
        run()
    except SystemExit:
        pass
imported = set(sys.modules) - before
import json
with open(out, "w") as fh:
    json.dump(sorted(imported), fh)
"""

# Never needed to check a transcript (without --cards, --from, --scheduler, -j, include: or a configuration)
NOT_FOR_A_CHECK = [
    "concurrent", "multiprocessing", "asyncio", "subprocess", "socket", "ssl", "http", "urllib", "email",
    "sqlite3", "zipfile", "importlib.resources", "difflib", "argparse", "yaml", "tomllib", "xml", "traceback",
    "textwrap",
    "rulecheck.commands", "rulecheck.cards.fetch", "rulecheck.cards.index", "rulecheck.cards.formats",
    "rulecheck.cards.jsonstream", "rulecheck.trace", "rulecheck.server", "rulecheck.exam", "rulecheck.importers",
    "rulecheck.explain", "rulecheck.docs", "rulecheck.starter", "rulecheck.project", "rulecheck.checker.forgive",
    "rulecheck.parser.forgiving", "rulecheck.parser.phrasings", "rulecheck.parser.nearest",
    "rulecheck.report.sarif", "rulecheck.report.junit", "rulecheck.report.github", "rulecheck.report.gitlab",
]


def _imported(tmp_path: Path, *args: str, env: dict[str, str] | None = None) -> list[str]:
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUN, str(out), *args], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300, env=env)
    assert done.returncode == 0, done.stderr
    modules: list[str] = json.loads(out.read_text(encoding="utf-8"))
    return modules


def _unwanted(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == bad or m.startswith(bad + ".") for bad in NOT_FOR_A_CHECK)]


def test_a_check_imports_only_what_a_check_uses(tmp_path: Path) -> None:
    _imported(tmp_path, "--isolated", "--format", "json", str(EXAMPLE))   # the first run keeps the parser's tables
    modules = _imported(tmp_path, "--isolated", "--format", "json", str(EXAMPLE))
    assert "rulecheck.replay.engine" in modules and "json" in modules   # it did check the transcript
    assert _unwanted(modules) == []


def test_the_list_catches_a_module_a_run_does_import(tmp_path: Path) -> None:
    """The same run with --format sarif imports the SARIF writer: the listing sees what a run imports."""
    _imported(tmp_path, "--isolated", "--format", "json", str(EXAMPLE))
    modules = _imported(tmp_path, "--isolated", "--format", "sarif", str(EXAMPLE))
    assert _unwanted(modules) == ["rulecheck.report.sarif"]


def _lark_modules(modules: list[str]) -> list[str]:
    return [m for m in modules if m == "lark" or m.startswith("lark.") or m == "rulecheck.parser.lalr"]


def test_a_check_of_lines_the_loop_reads_never_imports_lark(tmp_path: Path) -> None:
    """Once the parser's plain tables are kept (the first run makes them, with Lark), a check whose lines the loop
    reads (and whose cards' texts it reads or surely rejects) never imports Lark: not its grammar compiler, not its
    parser, not the parser's snapshot."""
    env = {**os.environ, "RULECHECK_CACHE_DIR": str(tmp_path / "cache")}
    first = _imported(tmp_path, "--isolated", "--format", "json", str(EXAMPLE), env=env)
    assert "lark" in first   # nothing kept yet: the tables are made from Lark
    game = tmp_path / "game.transcript"   # one turn of the benchmark's generated game, with 36 cards
    bench_module("generate").write_game(game, 1, seed=3)
    for transcript in (EXAMPLE, game):
        modules = _imported(tmp_path, "--isolated", "--format", "json", str(transcript), env=env)
        assert "rulecheck.replay.engine" in modules and _lark_modules(modules) == [], transcript


def test_a_line_the_grammar_rejects_gets_larks_message(tmp_path: Path) -> None:
    """A line the loop declines is read by Lark, imported then: its syntax problem is Lark's, word for word."""
    from rulecheck import parser

    env = {**os.environ, "RULECHECK_CACHE_DIR": str(tmp_path / "cache")}
    bad = "Alice casts {2}{G} Bob ;; passes"
    text = EXAMPLE.read_text(encoding="utf-8") + f"{bad}\n"
    transcript = tmp_path / "broken.transcript"
    transcript.write_text(text, encoding="utf-8")
    line = text.count("\n")
    for _ in range(2):   # without the plain tables, then with them
        modules = _imported(tmp_path, "--isolated", "--format", "json", str(transcript), env=env)
        assert "lark" in modules
        done = subprocess.run([sys.executable, "-m", "rulecheck", "check", "--isolated", "--format", "json",
                               str(transcript)], capture_output=True, text=True, cwd=tmp_path, timeout=300, env=env)
        found = [f for f in json.loads(done.stdout) if f["line"] == line]
        want = parser._parse_with_lark(parser.lark_parser(), bad, line, False)
        assert isinstance(want, parser.SyntaxProblem)
        assert [(f["column"], f["end_column"], f["message"]) for f in found] == \
            [(want.column, want.end_column, want.message)], found
        assert found[0]["hint"] == "did you mean 'Alice casts NAME'?"   # the checker's suggestion, as before
        assert want.message == "unexpected '{2}{G} Bob ;; passes'; expected a name"


def test_the_process_ends_with_its_status_and_its_caches_written(tmp_path: Path) -> None:
    """`python -m rulecheck` ends without the interpreter's teardown (__main__.finish): the same status, the whole
    report, and the exit functions run first (the caches write their files at exit)."""
    env = {**os.environ, "RULECHECK_CACHE_DIR": str(tmp_path / "cache")}
    broken = tmp_path / "broken.transcript"
    broken.write_text(EXAMPLE.read_text(encoding="utf-8") + "Alice casts {2}{G} Bob ;; passes\n", encoding="utf-8")
    for args, status in (([str(EXAMPLE)], 1), ([str(broken)], 1), (["--exit-zero", str(EXAMPLE)], 0),
                         ([str(tmp_path / "absent.transcript")], 2), (["--bogus"], 2)):
        done = subprocess.run([sys.executable, "-m", "rulecheck", "check", "--isolated", "--format", "json", *args],
                              capture_output=True, text=True, cwd=tmp_path, timeout=300, env=env)
        assert done.returncode == status, (args, done.stderr)
        if status != 2 or "absent" in args[0]:
            assert json.loads(done.stdout), args   # the report, whole
    kept = sorted(p.name.split("-py3")[-1] if p.name.startswith("lalr") else p.name.split("-")[0]
                  for p in (tmp_path / "cache").iterdir())
    assert any(name.startswith("records") for name in kept)   # written at exit
    assert any("-re3-" in p.name for p in (tmp_path / "cache").iterdir())   # the lexer's patterns, at exit


def test_a_check_without_a_usable_cache_directory_reads_the_same(tmp_path: Path) -> None:
    """No cache directory (turned off, or one that can't be made: a home that is missing or a file): the parser's
    tables are made from Lark in the process and nothing is written; the report is the same, line for line."""
    blocker = tmp_path / "not-a-directory"
    blocker.write_text("", encoding="utf-8")
    broken = tmp_path / "broken.transcript"
    broken.write_text(EXAMPLE.read_text(encoding="utf-8") + "Alice casts {2}{G} Bob ;; passes\n", encoding="utf-8")
    reports = []
    for cache in ({"RULECHECK_CACHE_DIR": str(tmp_path / "cache")}, {"RULECHECK_CACHE_DIR": ""},
                  {"XDG_CACHE_HOME": str(blocker / "sub"), "HOME": str(blocker / "home")}):
        env = {k: v for k, v in os.environ.items() if k not in ("RULECHECK_CACHE_DIR", "XDG_CACHE_HOME")}
        done = subprocess.run([sys.executable, "-m", "rulecheck", "check", "--isolated", "--format", "json",
                               str(EXAMPLE), str(broken)], capture_output=True, text=True, cwd=tmp_path,
                              timeout=300, env={**env, **cache})
        assert done.returncode == 1 and done.stderr == "", done.stderr
        reports.append(done.stdout)
    assert reports[0] == reports[1] == reports[2] and json.loads(reports[0])
    assert sorted(p.name for p in tmp_path.iterdir()) == ["broken.transcript", "cache", "not-a-directory"]
