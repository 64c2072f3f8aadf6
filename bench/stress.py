"""Inputs that were quadratic before engine v2, for bench/run.py and docs/performance.md.

    python bench/stress.py combat 2000 > big-combat.transcript     # N attackers, each blocked by one creature
    python bench/stress.py turns 50000 20000 > many-turns.transcript  # N extra turns, then M headers not taking them
"""

from __future__ import annotations

import sys


def combat(n: int) -> str:
    """N attackers each blocked by one creature, damage assigned and dealt: a legal combat (checks clean)."""
    lines = ["title: a combat of many creatures", "players: Alice, Bob", "priority: implicit",
             "card Grizzly Bears: creature 2/2", "card Wall of Wood: creature 0/3, defender"]
    lines.append("Alice controls " + ", ".join(["Grizzly Bears"] * n))
    lines.append("Bob controls " + ", ".join(["Wall of Wood"] * n))
    lines += ["turn 5: Alice, in beginning of combat step", "declare attackers step begins",
              "Alice attacks Bob with " + ", ".join(_names("Grizzly Bears", n)), "declare blockers step begins"]
    lines += [f"Bob blocks {a} with {b}" for a, b in zip(_names("Grizzly Bears", n), _names("Wall of Wood", n),
                                                           strict=True)]
    lines.append("combat damage step begins")
    lines += [f"{a} assigns 2 to {b}" for a, b in zip(_names("Grizzly Bears", n), _names("Wall of Wood", n),
                                                     strict=True)]
    lines += ["combat damage is dealt", "end of combat step begins"]
    return "\n".join(lines) + "\n"


def turns(extra: int, headers: int) -> str:
    """Alice gets `extra` extra turns, then `headers` turn headers of Bob's that don't take them: each is
    flagged (500.7), and each used to scan the whole list of extra turns."""
    lines = ["title: many extra turns", "players: Alice, Bob", "priority: implicit",
             "turn 1: Alice, in precombat main phase"]
    lines += ["Alice gets an extra turn"] * extra
    lines.append("...")
    for number in range(2, headers + 2):
        lines += [f"turn {number}: Bob", "..."]   # the rest of each turn is left out
    return "\n".join(lines) + "\n"


def _names(name: str, n: int) -> list[str]:
    return [name] + [f"{name} ({i})" for i in range(2, n + 1)]


def main(argv: list[str]) -> int:
    if len(argv) >= 2 and argv[0] == "combat":
        sys.stdout.write(combat(int(argv[1])))
        return 0
    if len(argv) >= 3 and argv[0] == "turns":
        sys.stdout.write(turns(int(argv[1]), int(argv[2])))
        return 0
    sys.stderr.write(__doc__ or "")
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
