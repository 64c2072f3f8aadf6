"""What `rulecheck trace` costs: the state after every line of a 10^5-event game, against `check` on the same game,
and how it grows with the game (it must be linear).

    python bench/trace.py              # 0.5x, 1x and 2x a 10^5-event game, best of 3
    python bench/trace.py --quick      # once each
    python bench/trace.py --json out.json

Each figure is the wall time of its own process (`python -m rulecheck ...` as a user runs it, interpreter start
included), with its peak RSS. Games come from bench/generate.py (seed 1, as bench/run.py's), written into
bench/out/data/. See docs/performance.md, "The trace view".
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402

BASE = 100_000
SIZES = {"0.5x": BASE // 2, "1x": BASE, "2x": 2 * BASE}
LINEAR = 2.5          # the goal: twice the game in at most 2.5 times the time
COMMANDS = {
    "check": ["check", "--format", "json", "--isolated"],
    "trace text": ["trace", "--isolated"],
    "trace html": ["trace", "--format", "html", "--isolated"],
    "trace json": ["trace", "--format", "json", "--isolated"],
}


def run(args: list[str], out: Path) -> tuple[float, float]:
    """Wall seconds and peak RSS (MB) of one `python -m rulecheck` process writing to `out`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    t0 = time.perf_counter()
    with open(out, "wb") as fh:
        proc = subprocess.Popen([sys.executable, "-m", "rulecheck", *args], stdout=fh, stderr=subprocess.PIPE,
                                env=env, cwd=ROOT)
        _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - t0
    code = os.waitstatus_to_exitcode(status)
    if code not in (0, 1) or (args[0] == "check" and out.read_bytes().strip() != b"[]"):
        err = proc.stderr.read().decode()[-500:] if proc.stderr else ""
        raise SystemExit(f"{' '.join(args)} failed (exit {code}): {err}")
    return wall, usage.ru_maxrss / 1024


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="once each instead of best of 3")
    ap.add_argument("--json", type=Path, default=BENCH / "out" / "trace.json")
    args = ap.parse_args(argv)
    repeats = 1 if args.quick else 3
    data = BENCH / "out" / "data"
    data.mkdir(parents=True, exist_ok=True)
    games: dict[str, dict[str, Any]] = {}
    for name, events in SIZES.items():
        path = data / f"trace-{name}.transcript"
        if not path.exists():
            generate.write_game(path, events, seed=1)
        with open(path, "rb") as fh:
            games[name] = {"path": str(path), "lines": sum(1 for _ in fh)}
    results: dict[str, Any] = {"load": os.getloadavg()[0], "games": games, "figures": {}}
    out = BENCH / "out" / "trace-output"
    for what, command in COMMANDS.items():
        for name, game in games.items():
            if what == "trace json" and name != "0.5x":
                continue   # the whole state on every line: measured on the smallest game only (see the docs)
            best = min((run([*command, game["path"]], out) for _ in range(repeats)), key=lambda r: r[0])
            figure = {"seconds": round(best[0], 3), "rss_mb": round(best[1], 1), "output_mb":
                      round(out.stat().st_size / 1e6, 2), "lines_per_second": round(game["lines"] / best[0])}
            results["figures"][f"{what} {name}"] = figure
            print(f"{what:<11} {name:<5} {figure['seconds']:>7.2f} s  {figure['lines_per_second']:>8} lines/s  "
                  f"{figure['rss_mb']:>7.1f} MB peak  {figure['output_mb']:>8.2f} MB out", flush=True)
    f = results["figures"]
    results["goals"] = {
        "trace html 2x / 1x": round(f["trace html 2x"]["seconds"] / f["trace html 1x"]["seconds"], 2),
        "trace text 2x / 1x": round(f["trace text 2x"]["seconds"] / f["trace text 1x"]["seconds"], 2),
        "trace html 1x / check 1x": round(f["trace html 1x"]["seconds"] / f["check 1x"]["seconds"], 2),
    }
    for goal, value in results["goals"].items():
        print(f"{goal}: {value}")
    ok = all(v <= LINEAR for k, v in results["goals"].items() if "2x / 1x" in k)
    print(f"linear (twice the game in at most {LINEAR}x the time): {'yes' if ok else 'NO'}")
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(results, indent=2))
    out.unlink(missing_ok=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
