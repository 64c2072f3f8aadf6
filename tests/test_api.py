"""The Python API: exports, types, behaviour, and the examples in docs/api.md (run as doctests)."""

from __future__ import annotations

import doctest
from pathlib import Path

import pytest

import rulecheck
from rulecheck import Config, ConfigError, Violation, check_paths, check_text

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "craw-wurm.transcript"


def test_docs_api_examples_run(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(ROOT)
    failed, attempted = doctest.testfile(str(ROOT / "docs" / "api.md"), module_relative=False,
                                         optionflags=doctest.ELLIPSIS, raise_on_error=False, verbose=False)
    assert attempted >= 30
    assert failed == 0


def test_exports() -> None:
    assert sorted(rulecheck.__all__) == ["Config", "ConfigError", "Violation", "__version__", "check_paths",
                                         "check_text", "load_config"]
    assert (Path(rulecheck.__file__).parent / "py.typed").is_file()


def test_check_text_matches_the_file_check() -> None:
    text = EXAMPLE.read_text(encoding="utf-8")
    [v] = check_text(text, path="x.transcript")
    assert v == Violation("x.transcript", 20, 1, 20, 54, "510.1c",
                          "Craw Wurm assigns damage to Eager Cadet, but Wall of Wood, ahead of it in the damage "
                          "assignment order, is not assigned lethal damage", "error", ("702.2", "702.18", "509.1h"))
    [from_file] = check_paths(EXAMPLE)
    assert from_file == Violation(str(EXAMPLE), *[getattr(v, f) for f in ("line", "column", "end_line",
                                                                          "end_column", "rule", "message",
                                                                          "severity", "related", "hint")])


def test_check_text_never_raises_on_odd_text() -> None:
    assert [(v.line, v.rule) for v in check_text("")] == [(1, "empty")]
    assert [(v.line, v.rule) for v in check_text("players: Alice, Bob\n\ud800\n")] == [(2, "syntax")]


def test_check_paths_accepts_one_path_or_many(tmp_path: Path) -> None:
    (tmp_path / "a.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / "b.transcript").write_text(EXAMPLE.read_text())
    one = check_paths(str(tmp_path))
    assert [(Path(v.file).name, v.rule) for v in one] == [("a.transcript", "510.1c"), ("b.transcript", "510.1c")]
    assert check_paths([tmp_path / "b.transcript", tmp_path / "a.transcript"]) == one[::-1]
    assert check_paths(tmp_path, config=Config(ignore=["510"])) == []


def test_check_paths_uses_the_config_file_unless_given_one(tmp_path: Path) -> None:
    (tmp_path / "a.transcript").write_text(EXAMPLE.read_text())
    (tmp_path / ".rulecheck.yaml").write_text("ignore: ['510.1c']\n")
    assert check_paths(tmp_path) == []
    assert [v.rule for v in check_paths(tmp_path, config=Config())] == ["510.1c"]
    (tmp_path / ".rulecheck.yaml").write_text("ignore: ['510.1x']\n")
    with pytest.raises(ConfigError, match=r"unknown rule '510\.1x'; did you mean '510\.1'\?"):
        check_paths(tmp_path)


def test_parallel_equals_sequential() -> None:
    fixtures = [ROOT / "fixtures" / "rules", ROOT / "fixtures" / "scenarios"]
    sequential = check_paths(fixtures)
    assert len(sequential) > 100
    assert check_paths(fixtures, jobs=2) == sequential
