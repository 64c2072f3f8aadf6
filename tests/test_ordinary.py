"""The engine's ordinary path (`Replay.ordinary`: no rare state pending, the statement goes straight to its
handler) is the general path with nothing to do: on every fixture, and on generated games, the findings are the
same with the ordinary path switched off, and whenever the engine takes it, no rare state is pending."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest
from bench_modules import bench_module

from rulecheck import nodes as n
from rulecheck.checker import check_file, check_text
from rulecheck.diagnostics import Violation
from rulecheck.replay.engine import Engine

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = sorted((ROOT / "fixtures").rglob("*.transcript"))


def _findings(violations: list[Violation]) -> list[tuple[object, ...]]:
    return [(v.line, v.column, v.end_line, v.end_column, v.rule, v.message, v.severity, v.related, v.hint)
            for v in violations]


@pytest.fixture
def watched(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """Every statement fed while the engine holds its game ordinary finds no rare state pending; counts them."""
    taken = [0]
    pending: list[int] = []
    feed = Engine.feed

    def checked(self: Engine, stmt: n.Statement) -> None:
        r = self.replay
        if r.ordinary:
            taken[0] += 1
            if not r.is_ordinary() or self.observer is not None:
                pending.append(stmt.span.line)   # (an exception here would become an internal-error finding)
        feed(self, stmt)
    monkeypatch.setattr(Engine, "feed", checked)
    yield taken
    assert pending == [], "the ordinary path was taken with a rare state pending"


def test_fixtures_give_the_same_findings_without_the_ordinary_path(watched: list[int],
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    assert len(FIXTURES) > 1000
    fast = {p: _findings(check_file(str(p)).violations) for p in FIXTURES}
    assert watched[0] > 5000   # the ordinary path was taken, and checked
    monkeypatch.setattr(Engine, "ordinary_path", False)
    before = watched[0]
    general = {p: _findings(check_file(str(p)).violations) for p in FIXTURES}
    assert watched[0] == before   # switched off, it is never taken
    assert [p.name for p in FIXTURES if fast[p] != general[p]] == []
    assert sum(len(f) for f in fast.values()) > 1000   # the fixtures do find things


@pytest.mark.parametrize("priority", ["explicit", "implicit"])
def test_generated_games_give_the_same_findings_without_the_ordinary_path(
        priority: str, watched: list[int], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = list(bench_module("generate").game_lines(6000, seed=7, priority=priority))
    # a few faults, so that findings and rare states (a gap, mana pools emptying mid-step) are among them
    lines[len(lines) // 3:len(lines) // 3] = ["..."]
    lines[len(lines) // 2:len(lines) // 2] = ["mana pools empty"]
    text = "\n".join(lines) + "\n"
    fast = _findings(check_text(text))
    assert watched[0] > 3000
    monkeypatch.setattr(Engine, "ordinary_path", False)
    assert _findings(check_text(text)) == fast


def _acceptance_and_audit() -> list[Path]:
    """The shared acceptance folders and the audit rounds, where present (more games with combat, damage, phasing)."""
    found: list[Path] = []
    for folder in (ROOT.parent / "shared", ROOT / "tests"):
        if folder.is_dir():
            found += sorted(p for p in folder.rglob("*.transcript") if ".venv" not in p.parts)
    return found


def test_the_marked_permanents_are_indexed(monkeypatch: pytest.MonkeyPatch) -> None:
    """The turn's start, the beginning and end of combat and the cleanup walk only `Game.marked` (game/marks.py):
    before each walk, on every fixture, the shared acceptance folders and a generated game, every permanent on the
    battlefield that carries a mark one of them resets is in the index, and the index holds only permanents on the
    battlefield (a site that sets a mark without indexing the permanent fails here); and at every step's end where
    `Game.mana_held` is False, no pool holds mana or lost some (replay/boundary.py)."""
    from rulecheck.game import marks
    missing: list[str] = []
    monkeypatch.setattr(marks, "CHECK", missing)
    walks: dict[str, int] = {}
    check = marks._check

    def counted(g: object, where: str) -> None:
        walks[where] = walks.get(where, 0) + 1
        check(g, where)   # type: ignore[arg-type]
    monkeypatch.setattr(marks, "_check", counted)
    for path in FIXTURES + _acceptance_and_audit():
        check_file(str(path))
        assert missing == [], f"{path}: {missing[:5]}"
    lines = list(bench_module("generate").game_lines(6000, seed=11, priority="implicit"))
    check_text("\n".join(lines) + "\n")
    assert missing == []
    assert min(walks.values()) > 300 and len(walks) == 4   # every walk was checked, many times


def test_state_based_actions_skip_nothing_they_would_change(monkeypatch: pytest.MonkeyPatch) -> None:
    """After combat damage, the state-based actions pass over the permanents that can't be affected (no effect or
    attachment in the game, no counter, no damage, a toughness above 0 or not a creature); with the skip off, the
    walk looks at every permanent, and every fixture and a generated game give the same findings."""
    from rulecheck.game import combat
    paths = FIXTURES + _acceptance_and_audit()
    text = "\n".join(bench_module("generate").game_lines(6000, seed=13, priority="explicit")) + "\n"
    skipping = {p: _findings(check_file(str(p)).violations) for p in paths}
    generated = _findings(check_text(text))
    monkeypatch.setattr(combat, "SBA_SKIPS", False)
    assert [p.name for p in paths if _findings(check_file(str(p)).violations) != skipping[p]] == []
    assert _findings(check_text(text)) == generated
