"""Boundary hooks and features (rulecheck/game/hooks.py): a game subscribes what it uses, in a fixed order, and
every place that gives a game what a hook looks at subscribes it."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rulecheck.checker import FileResult
from rulecheck.checker.pipeline import check_lines
from rulecheck.checker.reading import _lines_of_bytes
from rulecheck.game.hooks import DECLARED, HAND_SIZE, SAGA_HOOK, STEP_TRIGGER_HOOK, TAXES, Hooks
from rulecheck.replay.designations import DAY_NIGHT_HOOK, MONARCH_HOOK
from rulecheck.replay.engine import Engine
from rulecheck.replay.step_triggers import DELAYED_HOOK

ROOT = Path(__file__).resolve().parent.parent
PACKAGE = ROOT / "rulecheck"

VANILLA = """players: Alice, Bob
card Grizzly Bears: creature 2/2
card Forest: basic land
Alice: life 20, hand 7
Bob: life 20, hand 7

turn 3: Alice
untap step begins
upkeep step begins
draw step begins
precombat main phase begins
Alice plays Forest
Alice taps Forest for G
Alice casts Grizzly Bears
Bob passes priority
Grizzly Bears resolves
beginning of combat step begins
declare attackers step begins
Alice declares no attackers
end of combat step begins
postcombat main phase begins
end step begins
cleanup step begins
turn 4: Bob
untap step begins
"""


def _replay(text: str) -> Engine:
    seen: list[Engine] = []
    result = FileResult("<test>")
    check_lines(_lines_of_bytes([text.encode()], "<test>", result), "<test>", result, seen=seen)
    return seen[0]


def test_a_vanilla_game_subscribes_nothing() -> None:
    engine = _replay(VANILLA)
    assert engine.findings == []
    hooks = engine.replay.game.hooks
    assert hooks.subscribed == set() and hooks.step_begins == () and hooks.step_triggers == ()


def test_what_a_game_gets_subscribes_its_hook() -> None:
    text = VANILLA.replace("card Forest: basic land",
                           "card Forest: basic land\ncard Arena: enchantment, at the beginning of your upkeep\n"
                           "card Propaganda: enchantment, attack cost {2}")
    engine = _replay(text + "Alice untaps all permanents\n")
    g = engine.replay.game
    assert g.hooks.subscribed == set()   # defined, but nothing with those abilities entered the battlefield
    arena = g.new_perm("Arena", g.cards["Arena"], "Alice")
    assert g.hooks.uses(STEP_TRIGGER_HOOK) and g.step_trigger_holders("upkeep step") == [arena]
    assert g.step_trigger_holders("draw step") == []
    assert not g.hooks.uses(TAXES)
    g.new_perm("Propaganda", g.cards["Propaganda"], "Bob")
    assert g.hooks.uses(TAXES)
    g.leave_battlefield(arena)
    assert g.step_trigger_holders("upkeep step") == [] and g.step_trigger_holders() == []


def test_hooks_run_in_their_declared_order_whatever_the_order_of_subscription() -> None:
    names = [DELAYED_HOOK, SAGA_HOOK, MONARCH_HOOK, STEP_TRIGGER_HOOK]
    expected = tuple(DECLARED[x].function for x in sorted(names, key=lambda x: DECLARED[x].order))
    for order in (names, list(reversed(names))):
        hooks = Hooks()
        for name in order:
            hooks.subscribe(name)
            hooks.subscribe(name)   # a second time changes nothing
        assert hooks.step_triggers == expected and hooks.step_begins == ()
    hooks = Hooks()
    hooks.subscribe(HAND_SIZE)   # a feature: remembered, no function
    assert hooks.uses(HAND_SIZE) and hooks.step_triggers == () and hooks.step_begins == ()
    hooks.subscribe(DAY_NIGHT_HOOK)
    assert hooks.step_begins == (DECLARED[DAY_NIGHT_HOOK].function,)


def test_a_boundary_point_must_exist() -> None:
    from rulecheck.game.hooks import boundary_hook
    with pytest.raises(ValueError):
        boundary_hook("statement", "x", 1)


# what gives a game what a hook looks at, and the hook it must subscribe (in the same module)
_WRITERS = [
    (re.compile(r"\.delayed\.(append|extend|insert)\("), "DELAYED_HOOK"),
    (re.compile(r"designations\[\s*[\"']monarch[\"']\s*\]\s*="), "MONARCH_HOOK"),
    (re.compile(r"designations\[\s*DAY_OR_NIGHT\s*\]\s*="), "DAY_NIGHT_HOOK"),
]


@pytest.mark.parametrize(("pattern", "hook"), _WRITERS, ids=[h for _, h in _WRITERS])
def test_every_writer_subscribes_the_hook(pattern: re.Pattern[str], hook: str) -> None:
    """A module that gives the game a delayed trigger, a monarch or day and night subscribes the hook that acts
    on it (without it, the hook would never run in that game)."""
    writers = [p for p in PACKAGE.rglob("*.py") if pattern.search(p.read_text(encoding="utf-8"))]
    assert writers, pattern.pattern
    for path in writers:
        assert f"subscribe({hook})" in path.read_text(encoding="utf-8"), path.relative_to(ROOT)
