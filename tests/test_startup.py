"""A check imports what a check uses (docs/performance.md, "Start-up"): the modules of other commands, other
formats, card databases, worker pools and suggestions are imported when they are asked for, not by every
`rulecheck check`. Each test runs the command in a new process and lists what it imported."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

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
    "sqlite3", "zipfile", "importlib.resources", "difflib", "argparse", "yaml", "tomllib", "xml",
    "rulecheck.commands", "rulecheck.cards.fetch", "rulecheck.cards.index", "rulecheck.cards.formats",
    "rulecheck.cards.jsonstream", "rulecheck.trace", "rulecheck.server", "rulecheck.exam", "rulecheck.importers",
    "rulecheck.explain", "rulecheck.docs", "rulecheck.starter", "rulecheck.project", "rulecheck.checker.forgive",
    "rulecheck.parser.forgiving", "rulecheck.parser.phrasings", "rulecheck.parser.nearest",
    "rulecheck.report.sarif", "rulecheck.report.junit", "rulecheck.report.github", "rulecheck.report.gitlab",
]


def _imported(tmp_path: Path, *args: str) -> list[str]:
    out = tmp_path / "modules.json"
    done = subprocess.run([sys.executable, "-c", RUN, str(out), *args], capture_output=True, text=True,
                          cwd=tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    modules: list[str] = json.loads(out.read_text(encoding="utf-8"))
    return modules


def _unwanted(modules: list[str]) -> list[str]:
    return [m for m in modules if any(m == bad or m.startswith(bad + ".") for bad in NOT_FOR_A_CHECK)]


def test_a_check_imports_only_what_a_check_uses(tmp_path: Path) -> None:
    modules = _imported(tmp_path, "--isolated", "--format", "json", str(EXAMPLE))
    assert "rulecheck.replay.engine" in modules and "json" in modules   # it did check the transcript
    assert _unwanted(modules) == []


def test_the_list_catches_a_module_a_run_does_import(tmp_path: Path) -> None:
    """The same run with --format sarif imports the SARIF writer: the listing sees what a run imports."""
    modules = _imported(tmp_path, "--isolated", "--format", "sarif", str(EXAMPLE))
    assert _unwanted(modules) == ["rulecheck.report.sarif"]
