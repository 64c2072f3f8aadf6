"""A card database is named in messages as the user gave it (`--cards data/x.json`), whatever went wrong."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from rulecheck.cli import cli


@pytest.mark.parametrize(("content", "problem"), [
    (b"{not json", "expected a key near character 1"),
    (b"[]", "holds no cards"),
    (b"", "is not a card database: it should begin with '[' (Scryfall) or '{' (MTGJSON), not nothing"),
])
def test_a_bad_database_is_named_as_given(content: bytes, problem: str, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    (tmp_path / "data").mkdir()
    (tmp_path / "data" / "x.json").write_bytes(content)
    (tmp_path / "t.transcript").write_text("players: Alice, Bob\nAlice controls Craw Wurm\n", encoding="utf-8")
    for command in (["check", "t.transcript"], ["trace", "t.transcript"], ["cards", "show", "Craw Wurm"]):
        result = CliRunner().invoke(cli, [*command, "--cards", "data/x.json"])
        assert (result.exit_code, result.output) == (2, f"rulecheck: card database 'data/x.json' {problem}\n")
