"""How the exact requirement searches of 508.1d / 509.1c scale with board size.

    python bench/maximization.py

For each board size N (N attackers, N blockers) it times the worst of 40 random boards per shape: every attacker
with menace ("can't be blocked except by two or more creatures"), most blockers with "blocks each combat if
able", some lures ("all creatures able to block it do so"), and the reach of each blocker drawn at random with the
given density. The figures are recorded in docs/transcript-language.md.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from rulecheck.replay.combat.requirements import best_attack, best_block  # noqa: E402


def worst_block_time(n: int, density: float, max_one: bool, boards: int = 40) -> tuple[float, int]:
    worst, gave_up = 0.0, 0
    for seed in range(boards):
        rng = random.Random(seed * 1000 + n)
        spec = tuple((tuple(a for a in range(n) if rng.random() < density), rng.random() < 0.7, rng.random() < 0.1)
                     for _ in range(n))
        lures = frozenset(a for a in range(n) if rng.random() < 0.2)
        needs_two = tuple(rng.random() < 0.8 for _ in range(n))
        best_block.cache_clear()
        start = time.perf_counter()
        _, exact = best_block(spec, needs_two, lures, max_one)
        worst = max(worst, time.perf_counter() - start)
        gave_up += not exact
    return worst, gave_up


def main() -> None:
    print(f"{'N':>4} {'density':>8} {'max one':>8} {'worst block search':>20} {'gave up':>8}")
    for n in (4, 8, 12, 16, 24):
        for density in (0.2, 0.5, 1.0):
            for max_one in (False, True):
                worst, gave_up = worst_block_time(n, density, max_one)
                print(f"{n:>4} {density:>8} {max_one!s:>8} {worst * 1000:>17.1f} ms {gave_up:>5}/40")
    flags = tuple((i % 2 == 0, i % 5 == 0) for i in range(200))
    best_attack.cache_clear()
    start = time.perf_counter()
    best_attack(flags, True)
    print(f"attack search, 200 creatures: {(time.perf_counter() - start) * 1000:.2f} ms")


if __name__ == "__main__":
    main()
