"""The grammar ships inside the wheel and is loaded from the installed package."""

from __future__ import annotations

import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

import rulecheck.parser as parser

ROOT = Path(__file__).resolve().parent.parent


def test_grammar_is_read_from_package_data() -> None:
    text = parser.grammar_text()
    assert text == (ROOT / "grammars" / "transcript.lark").read_text(encoding="utf-8")


def test_wheel_contains_the_grammar(tmp_path: Path) -> None:
    # Built from a clean copy: setuptools reuses a stale build/lib, which would ship files deleted since.
    source = tmp_path / "src"
    shutil.copytree(ROOT, source, ignore=shutil.ignore_patterns(
        ".git", "build", "dist", ".venv", "*.egg-info", "__pycache__", ".*_cache", ".hypothesis", "out"))
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(tmp_path), str(source)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(proc.stderr)
    wheel = next(tmp_path.glob("rulecheck-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulecheck/grammars/transcript.lark" in names
    assert "rulecheck/py.typed" in names
    assert {"rulecheck/server/__init__.py", "rulecheck/server/app.py"} <= set(names)
    assert {"rulecheck/nodes/combat.py", "rulecheck/parser/lalr.py",
            "rulecheck/parser/builders/combat.py"} <= set(names)
    metadata = zipfile.ZipFile(wheel).read(next(n for n in names if n.endswith(".dist-info/METADATA"))).decode()
    requires = [line.split(": ", 1)[1] for line in metadata.splitlines() if line.startswith("Requires-Dist: ")]
    assert 'tomli>=1.1; python_version < "3.11"' in requires   # pyproject.toml on 3.10
    assert any(r.startswith("pygls") and 'extra == "lsp"' in r for r in requires)
    assert "rulecheck/importers/arena/game.py" in names
    assert {"rulecheck/trace/page.js", "rulecheck/trace/page.css"} <= set(names)   # inlined into the trace page
    shipped = sorted(n.rsplit("/", 1)[1] for n in names
                     if n.startswith("rulecheck/rule_fixtures/") and n.endswith(".transcript"))
    assert shipped == sorted(p.name for p in (ROOT / "fixtures" / "rules").glob("*.transcript"))
    _explain_runs_from_the_installed_wheel(wheel, tmp_path)


def _explain_runs_from_the_installed_wheel(wheel: Path, tmp_path: Path) -> None:
    """`rulecheck explain` finds its examples inside the installed package, with no source tree around."""
    target = tmp_path / "site"
    proc = subprocess.run([sys.executable, "-m", "pip", "install", "--no-deps", "--no-compile", "-q", "--target",
                           str(target), str(wheel)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(proc.stderr)
    script = (
        "import sys; sys.path.insert(0, sys.argv[1])\n"
        "from importlib import resources\n"
        "import rulecheck.explain as e\n"
        "assert e.__file__.startswith(sys.argv[1]), e.__file__\n"
        "assert str(resources.files(e.FIXTURE_PACKAGE)).startswith(sys.argv[1])\n"
        "print(e.explain('510.1c')[0])\n"
    )
    proc = subprocess.run([sys.executable, "-c", script, str(target)], capture_output=True, text=True,
                          cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert "Failing example (510.1c-fail.transcript):" in proc.stdout.splitlines()
    assert "Passing example (510.1c-pass.transcript):" in proc.stdout.splitlines()


def test_reserved_words_cover_the_keywords() -> None:
    """A lowercase keyword must end a name, or 'Craw Wurm attacking Bob' would read as one name."""
    import re
    grammar = parser.grammar_text()
    reserved = set(re.search(r"\(\?!\(\?:([a-z|\-]+)\)", grammar).group(1).split("|"))  # type: ignore[union-attr]
    words = set()
    for m in re.finditer(r'"([a-z][a-z\' \-]*)"', grammar):
        words.update(w for w in m.group(1).split() if w.isalpha())
    allowed_in_names = {"of", "the", "from", "a", "an", "to", "in", "on", "by"}
    assert words - reserved - allowed_in_names == set()
