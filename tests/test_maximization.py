"""Requirement maximisation (508.1d, 509.1c) is exact: the searches agree with brute force on random boards."""

from __future__ import annotations

import itertools
import random

import pytest

from rulecheck.replay.combat.requirements import best_attack, best_block, requirement_score

Spec = tuple[tuple[tuple[int, ...], bool, bool], ...]


def brute_block(spec: Spec, needs_two: tuple[bool, ...], lures: frozenset[int], max_one: bool,
                at_most_one: tuple[bool, ...] = (), wanted: tuple[bool, ...] = ()) -> int:
    best = 0
    for choice in itertools.product(*[(None, *options) for options, _, _ in spec]):
        chosen = [c for c in choice if c is not None]
        if any(t and chosen.count(a) == 1 for a, t in enumerate(needs_two)):
            continue
        if any(t and chosen.count(a) > 1 for a, t in enumerate(at_most_one)):
            continue
        if max_one and len(chosen) > 1:
            continue
        if any(c is not None and alone for c, (_, _, alone) in zip(choice, spec, strict=True)) and len(chosen) < 2:
            continue
        bonus = sum(1 for a, t in enumerate(wanted) if t and a in chosen)
        best = max(best, bonus + sum(requirement_score(c, o, m, lures)
                                     for c, (o, m, _) in zip(choice, spec, strict=True)))
    return best


def brute_attack(flags: tuple[tuple[bool, bool], ...], max_one: bool) -> int:
    best = 0
    for pick in itertools.product((False, True), repeat=len(flags)):
        total = sum(pick)
        if max_one and total > 1:
            continue
        if any(p and alone for p, (_, alone) in zip(pick, flags, strict=True)) and total < 2:
            continue
        best = max(best, sum(1 for p, (must, _) in zip(pick, flags, strict=True) if p and must))
    return best


def test_block_search_matches_brute_force_on_random_boards() -> None:
    rng = random.Random(509)
    for _ in range(800):
        n_att, n_blk = rng.randint(1, 4), rng.randint(1, 5)
        spec = tuple((tuple(a for a in range(n_att) if rng.random() < 0.6), rng.random() < 0.5, rng.random() < 0.15)
                     for _ in range(n_blk))
        needs_two = tuple(rng.random() < 0.5 for _ in range(n_att))
        lures = frozenset(a for a in range(n_att) if rng.random() < 0.3)
        max_one = rng.random() < 0.1
        single = tuple(rng.random() < 0.25 for _ in range(n_att)) if rng.random() < 0.5 else ()
        wanted = tuple(rng.random() < 0.3 for _ in range(n_att)) if rng.random() < 0.5 else ()
        expected = brute_block(spec, needs_two, lures, max_one, single, wanted)
        assert best_block(spec, needs_two, lures, max_one, single, wanted) == (expected, True), (spec, single)


def test_attack_search_matches_brute_force_on_random_boards() -> None:
    rng = random.Random(508)
    for _ in range(300):
        flags = tuple((rng.random() < 0.5, rng.random() < 0.2) for _ in range(rng.randint(0, 7)))
        max_one = rng.random() < 0.3
        assert best_attack(flags, max_one) == brute_attack(flags, max_one), (flags, max_one)


def test_twelve_by_twelve_menace_board_is_solved_exactly() -> None:
    """12 menace attackers, 12 'blocks if able' blockers, two lures: every blocker can block (12), and a lure
    attacker can take them all in pairs, so 12 + 12 requirements are obeyable."""
    spec: Spec = tuple((tuple(range(12)), True, False) for _ in range(12))
    assert best_block(spec, (True,) * 12, frozenset({0, 1}), False) == (24, True)
    # an odd single blocker can't block a menace creature alone, and nothing else is there to block
    assert best_block(((tuple(range(12)), True, False),), (True,) * 12, frozenset(), False) == (0, True)


def test_a_search_over_budget_warns_instead_of_guessing(monkeypatch: pytest.MonkeyPatch) -> None:
    from rulecheck.checker import check_text
    from rulecheck.replay.combat import requirements as combat

    lines = ["players: Alice, Bob", "priority: implicit"]
    for i in range(6):
        lines += [f"card Attacker {chr(65 + i)}: creature 2/2, menace",
                  f"card Blocker {chr(65 + i)}: creature 1/1, blocks each combat if able"]
    lines += ["Alice controls " + ", ".join(f"Attacker {chr(65 + i)}" for i in range(6)),
              "Bob controls " + ", ".join(f"Blocker {chr(65 + i)}" for i in range(6)),
              "turn 5: Alice, in beginning of combat step", "declare attackers step begins",
              "Alice declares " + ", ".join(f"Attacker {chr(65 + i)}" for i in range(6)) + " attacking Bob",
              "declare blockers step begins"]
    best = lines + [f"Bob declares Blocker {chr(65 + i)} blocking Attacker {chr(65 + i // 2)}" for i in range(6)]
    assert check_text("\n".join(best) + "\n") == []   # every requirement obeyed, found exactly
    monkeypatch.setattr(combat, "SEARCH_BUDGET", 3)
    combat.best_block.cache_clear()
    found = check_text("\n".join(best) + "\n")
    assert [(v.line, v.rule, v.severity) for v in found] == [(21, "search-limit", "warning")]
    assert found[0].message.startswith("the blocking requirements (509.1c) were not judged: 6 potential blockers "
                                       "against 6 attackers")
    combat.best_block.cache_clear()
