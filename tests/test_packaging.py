"""The grammar ships inside the wheel and is loaded from the installed package."""

from __future__ import annotations

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
    proc = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q",
                           "-w", str(tmp_path), str(ROOT)], capture_output=True, text=True)
    if proc.returncode != 0:
        pytest.fail(proc.stderr)
    wheel = next(tmp_path.glob("rulecheck-*.whl"))
    names = zipfile.ZipFile(wheel).namelist()
    assert "rulecheck/grammars/transcript.lark" in names
    assert "rulecheck/py.typed" in names


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
