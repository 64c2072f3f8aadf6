"""The benchmark's game generator writes legal games: rulecheck reports nothing on them."""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import pytest
from bench_modules import bench_module

from rulecheck.checker import check_text

ROOT = Path(__file__).resolve().parent.parent


def _generator() -> ModuleType:
    return bench_module("generate")


generate = _generator()


def _game(events: int, seed: int, priority: str = "explicit") -> tuple[str, int]:
    game = generate.Game(generate.Settings(events=events, seed=seed, priority=priority))
    text = "\n".join(game.lines()) + "\n"
    return text, game.events


@pytest.mark.parametrize(("seed", "priority"), [(1, "explicit"), (2, "explicit"), (3, "implicit")])
def test_generated_game_is_legal(seed: int, priority: str) -> None:
    text, events = _game(1500, seed, priority)
    assert check_text(text, path="generated.transcript") == []
    assert events >= 1500


def test_generator_is_deterministic_and_counts_statements() -> None:
    text, events = _game(800, 7)
    again, _ = _game(800, 7)
    assert text == again
    code = [line.split("#")[0] for line in text.splitlines()]
    assert events == sum(len(line.split(";")) for line in code if line.strip())


def test_generated_games_have_the_mix_of_a_real_log() -> None:
    text, _ = _game(3000, 20)
    for needle in ("passes priority", "second combat damage step begins", "orders blockers of", "discards",
                   "combat damage is dealt", "resolves", "plays", "taps", "declares no attackers", "triggers",
                   "is destroyed", "blocks", "has "):
        assert needle in text, needle
    assert check_text(text, path="seed20.transcript") == []


def test_a_broken_generated_game_is_flagged() -> None:
    """The check above can fail: drop the active player's narrated pass in an upkeep, and the other player acts
    first (503.2) and the step ends before all players passed (500.2)."""
    text, _ = _game(600, 1)
    lines = text.splitlines()
    at = next(i for i, line in enumerate(lines) if line.startswith("upkeep step") and i > 20)
    pass_line = next(i for i in range(at + 1, len(lines)) if lines[i].endswith("passes priority"))
    del lines[pass_line]
    found = check_text("\n".join(lines) + "\n", path="broken.transcript")
    assert lines[pass_line - 1].startswith("upkeep step") and lines[pass_line].endswith("passes priority")
    assert [(v.rule, v.line) for v in found] == [("503.2", pass_line + 1), ("500.2", pass_line + 2)]


def test_tournament_files_are_written(tmp_path: Path) -> None:
    total = generate.write_tournament(tmp_path, 3, 300)
    files = sorted(tmp_path.glob("*.transcript"))
    assert [f.name for f in files] == ["round01-table1.transcript", "round01-table2.transcript",
                                       "round01-table3.transcript"]
    assert total >= 3 * 300 * 0.6
    for f in files:
        assert check_text(f.read_text(encoding="utf-8"), path=f.name) == []


def _stress() -> ModuleType:
    return bench_module("stress")


def test_the_big_combat_of_the_stress_bench_is_legal_and_damages_every_blocker() -> None:
    text = _stress().combat(30)
    assert check_text(text + "Wall of Wood (30) has 2 damage\n", path="combat.transcript") == []
    assert [v.message for v in check_text(text + "Wall of Wood (30) has 3 damage\n", path="c.transcript")] == [
        "Wall of Wood (30) has 2 damage in the replay, not 3"]


def test_turn_headers_that_skip_extra_turns_are_each_flagged() -> None:
    found = check_text(_stress().turns(3, 2), path="turns.transcript")
    assert [(v.line, v.rule) for v in found] == [(9, "500.7"), (11, "500.7")]
