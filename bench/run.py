"""rulecheck's benchmark: throughput, scaling and memory, measured against python-chess in the same run.

    python bench/run.py            # the full run: best of 3, a 10^6-event game, 400 logs, no shortcuts
    python bench/run.py --quick    # every figure, once each, 100 logs, the cold parse on 20,000 lines: < 1 min
    python bench/run.py --json out.json

Every input is generated (bench/generate.py, bench/pgn.py) into bench/out/data/ and reused while the
generator is unchanged.  rulecheck and python-chess on the 1x game run in turn (A B A B ...), each keeping its
best run, and each pair's ratio is printed too.  Every figure comes from its own process: the rulecheck CLI as a
user runs it (``python -m rulecheck check``), and bench/worker.py for the parse-only stage, the in-process pipeline and
the python-chess peer.  rulecheck must report nothing on the generated games: any violation stops the run.
Results are printed as a table and written as JSON (bench/out/results.json by default).
See docs/performance.md.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import platform
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402
import stress  # noqa: E402

MODES: dict[str, dict[str, int]] = {
    # base: events in the 1x game (10x is ten times that); memory: events in the single memory transcript;
    # files x file_events: the tournament set; cold_limit: statements parsed with the line cache off (0: all);
    # inner_10x: also time the 10x game in-process
    "full": {"base": 100_000, "memory": 1_000_000, "files": 400, "file_events": 2_000, "repeats": 3,
             "cold_limit": 0, "inner_10x": 1},
    "quick": {"base": 100_000, "memory": 1_000_000, "files": 100, "file_events": 2_000, "repeats": 1,
              "cold_limit": 20_000, "inner_10x": 0},
}
GOALS = {
    "vs_chess": 2.5,          # end-to-end events/s over python-chess plies/s (issue 31; at the very least 1.0)
    "e2e_over_parse": 1.5,    # end-to-end time over parse-only time (issue 31)
    "scaling_10x": 11.0,      # time for 10x the events over time for 1x
    "memory_mb": 150.0,       # peak RSS checking one 10^6-event transcript
    "jobs_speedup": 1.8,      # -j 1 time over -j 2 time on the tournament set
    "combat_seconds": 1.5,    # end to end, 2,000 attackers each blocked by one creature
    "linear": 2.5,            # time for twice the input over time for the input (combat, turn headers)
}


@dataclass
class Run:
    wall: float
    rss_mb: float
    stdout: str
    stderr: str
    returncode: int


def run_process(args: list[str]) -> Run:
    """Run a child, timing it and reading its own peak RSS from wait4 (not polluted by other children)."""
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""),
               NO_COLOR="1", PYTHONHASHSEED="0")
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.perf_counter()
        proc = subprocess.Popen(args, cwd=ROOT, env=env, stdout=out, stderr=err, stdin=subprocess.DEVNULL)
        _, status, usage = os.wait4(proc.pid, 0)
        wall = time.perf_counter() - start
        proc.returncode = os.waitstatus_to_exitcode(status)
        out.seek(0)
        err.seek(0)
        return Run(wall, usage.ru_maxrss / 1024, out.read().decode("utf-8", "replace"),
                   err.read().decode("utf-8", "replace"), proc.returncode)


def compile_bytecode() -> None:
    """Compile the measured tree's bytecode before timing anything.

    An installed rulecheck runs from bytecode (pip compiles every module at install time), and so does the
    installed python-chess it is compared with; a source tree may not have any (PYTHONDONTWRITEBYTECODE, a
    fresh clone), and then every child process would compile ~90 modules first (~0.1 s) and measure that."""
    import compileall

    compileall.compile_dir(str(ROOT / "rulecheck"), quiet=1)


def best_of(repeats: int, args: list[str]) -> Run:
    runs = [run_process(args) for _ in range(repeats)]
    return min(runs, key=lambda r: r.wall)


def cli(*args: str) -> list[str]:
    return [sys.executable, "-m", "rulecheck", "check", *args]


def worker(job: str, path: Path, *extra: str) -> list[str]:
    return [sys.executable, str(BENCH / "worker.py"), job, str(path), *extra]


def must_be_clean(run: Run, what: str) -> None:
    """rulecheck reports nothing on generated games; anything else is a generator or checker bug."""
    try:
        found = json.loads(run.stdout) if run.stdout.strip() else None
    except json.JSONDecodeError:
        found = None
    if run.returncode != 0 or found != []:
        sys.exit(f"bench: rulecheck reported something on {what} (exit {run.returncode}):\n"
                 f"{run.stdout[:2000]}{run.stderr[-2000:]}")


def worker_json(run: Run, what: str) -> dict[str, Any]:
    if run.returncode != 0:
        sys.exit(f"bench: {what} failed (exit {run.returncode}):\n{run.stderr[-3000:]}")
    data: dict[str, Any] = json.loads(run.stdout.strip().splitlines()[-1])
    return data


# ------------------------------------------------------------------ inputs
def _generator_hash() -> str:
    h = hashlib.sha256()
    for name in ("generate.py", "pgn.py"):
        h.update((BENCH / name).read_bytes())
    return h.hexdigest()[:16]


def prepare_inputs(data: Path, cfg: dict[str, int], log: Any) -> dict[str, Any]:
    """Generate (or reuse) the games, the tournament set and the PGN file."""
    data.mkdir(parents=True, exist_ok=True)
    manifest_path = data / "manifest.json"
    key = {"generator": _generator_hash(), **cfg}
    for name in ("repeats", "cold_limit", "inner_10x"):
        key.pop(name, None)
    manifest: dict[str, Any] = {}
    if manifest_path.exists():
        manifest = json.loads(manifest_path.read_text())
        if manifest.get("key") != key:
            manifest = {}
    if manifest:
        log("inputs: reusing bench/out/data (generator unchanged)")
        return manifest
    base = cfg["base"]
    t0 = time.perf_counter()
    files: dict[str, Any] = {}
    files["1x"] = {"path": str(data / "game-1x.transcript"),
                   "events": generate.write_game(data / "game-1x.transcript", base, seed=1)}
    files["10x"] = {"path": str(data / "game-10x.transcript"),
                    "events": generate.write_game(data / "game-10x.transcript", 10 * base, seed=1)}
    if cfg["memory"] == 10 * base:
        files["memory"] = files["10x"]
    else:
        files["memory"] = {"path": str(data / "game-memory.transcript"),
                           "events": generate.write_game(data / "game-memory.transcript", cfg["memory"], seed=2)}
    tour = data / "tournament"
    for old in tour.glob("*.transcript") if tour.exists() else []:
        old.unlink()
    files["tournament"] = {"path": str(tour), "files": cfg["files"],
                           "events": generate.write_tournament(tour, cfg["files"], cfg["file_events"])}
    import pgn
    files["pgn"] = {"path": str(data / "peer.pgn"),
                    "plies": pgn.write_pgn(data / "peer.pgn", files["1x"]["events"])}
    files["tiny"] = {"path": str(data / "tiny.transcript"),
                     "events": generate.write_game(data / "tiny.transcript", 1, seed=3)}
    for key_name in ("1x", "10x", "memory"):
        with open(files[key_name]["path"], "rb") as fh:
            files[key_name]["lines"] = sum(1 for _ in fh)
    manifest = {"key": key, "files": files, "generated_in": round(time.perf_counter() - t0, 2)}
    manifest_path.write_text(json.dumps(manifest, indent=2))
    log(f"inputs: generated in {manifest['generated_in']:.1f}s")
    return manifest


SPIN = "import time\nt = time.perf_counter()\nx = 0\nfor i in range(8_000_000):\n    x += i\n" \
       "print(time.perf_counter() - t)"


def machine_parallelism() -> float:
    """How many CPU-bound processes' worth of work this machine gives two of them right now (2.0 on an idle
    2-core machine; less when other work shares it): the ceiling for -j 2 during this run."""
    alone = min(float(subprocess.run([sys.executable, "-c", SPIN], capture_output=True, text=True).stdout)
                for _ in range(2))
    start = time.perf_counter()
    pair = [subprocess.Popen([sys.executable, "-c", SPIN], stdout=subprocess.DEVNULL) for _ in range(2)]
    for proc in pair:
        proc.wait()
    return 2 * alone / (time.perf_counter() - start)


def jobs_supported() -> bool:
    run = run_process(cli("--help"))
    return " -j" in run.stdout or "--jobs" in run.stdout


# ------------------------------------------------------------------ measurements
def measure(cfg: dict[str, int], files: dict[str, Any], log: Any) -> dict[str, Any]:
    rep = cfg["repeats"]
    r: dict[str, Any] = {}
    ev1 = files["1x"]["events"]
    ev10 = files["10x"]["events"]

    startup = best_of(3, cli("--format", "json", files["tiny"]["path"]))
    must_be_clean(startup, "a one-turn game")
    r["startup"] = {"seconds": startup.wall, "rss_mb": startup.rss_mb}
    log(f"startup: {startup.wall:.3f}s")

    # rulecheck and its peer run in turn (A B A B ...), so that both meet the same moments of a shared machine; each
    # keeps its best run, and the ratio of each pair is kept too (its median is the steadier figure)
    e2e_runs: list[Run] = []
    chess_runs: list[Run] = []
    for _ in range(rep):
        e2e_runs.append(run_process(cli("--format", "json", files["1x"]["path"])))
        chess_runs.append(run_process(worker("chess", Path(files["pgn"]["path"]))))
    e2e = min(e2e_runs, key=lambda run: run.wall)
    for run in e2e_runs:
        must_be_clean(run, "the 1x game")
    r["e2e"] = {"events": ev1, "seconds": e2e.wall, "events_per_s": ev1 / e2e.wall, "rss_mb": e2e.rss_mb}
    log(f"end-to-end 1x: {e2e.wall:.2f}s, {ev1 / e2e.wall:,.0f} events/s")

    parse_run = best_of(rep, worker("parse", Path(files["1x"]["path"])))
    parsed = worker_json(parse_run, "parse-only")
    if parsed["statements"] != ev1 or parsed["problems"]:
        sys.exit(f"bench: parse-only read {parsed['statements']} statements, {parsed['problems']} problems")
    r["parse"] = {"seconds": parse_run.wall, "inner_seconds": parsed["seconds"],
                  "events_per_s": ev1 / parse_run.wall}
    log(f"parse-only 1x: {parse_run.wall:.2f}s, {ev1 / parse_run.wall:,.0f} events/s")

    limit = cfg["cold_limit"]
    cold_run = run_process(worker("parse-cold", Path(files["1x"]["path"]), *([str(limit)] if limit else [])))
    cold = worker_json(cold_run, "parse-only (no line cache)")
    r["parse_uncached"] = {"statements": cold["statements"], "inner_seconds": cold["seconds"],
                           "events_per_s": cold["statements"] / cold["seconds"]}
    r["parse"]["inner_events_per_s"] = ev1 / parsed["seconds"]
    log(f"parse-only without the line cache: {cold['statements'] / cold['seconds']:,.0f} events/s in-process")

    inner: dict[str, float] = {}
    for size in ("1x", "10x") if cfg["inner_10x"] else ("1x",):
        run = best_of(rep if size == "1x" else 1, worker("check", Path(files[size]["path"])))
        got = worker_json(run, f"in-process check of the {size} game")
        if got["violations"]:
            sys.exit(f"bench: rulecheck reported something on the {size} game: {got['first']}")
        inner[size] = got["seconds"]
    r["inner"] = {"1x_seconds": inner["1x"], "10x_seconds": inner.get("10x"), "events_per_s": ev1 / inner["1x"]}

    e2e10 = run_process(cli("--format", "json", files["10x"]["path"]))
    must_be_clean(e2e10, "the 10x game")
    r["e2e_10x"] = {"events": ev10, "seconds": e2e10.wall, "events_per_s": ev10 / e2e10.wall,
                    "rss_mb": e2e10.rss_mb}
    log(f"end-to-end 10x: {e2e10.wall:.2f}s")
    r["scaling"] = {"events_ratio": ev10 / ev1, "wall_ratio": e2e10.wall / e2e.wall,
                    "inner_ratio": inner["10x"] / inner["1x"] if "10x" in inner else None}

    chess_run = min(chess_runs, key=lambda run: run.wall)
    chess = worker_json(chess_run, "python-chess")
    if chess["errors"]:
        sys.exit(f"bench: python-chess found {chess['errors']} errors in the generated PGN")
    r["chess"] = {"plies": chess["plies"], "games": chess["games"], "seconds": chess_run.wall,
                  "inner_seconds": chess["seconds"], "plies_per_s": chess["plies"] / chess_run.wall,
                  "inner_plies_per_s": chess["plies"] / chess["seconds"]}
    pairs = sorted((ev1 / a.wall) / (chess["plies"] / b.wall) for a, b in zip(e2e_runs, chess_runs, strict=True))
    r["paired_vs_chess"] = {"pairs": len(pairs), "median": pairs[len(pairs) // 2], "min": pairs[0], "max": pairs[-1]}
    log(f"python-chess: {chess_run.wall:.2f}s, {chess['plies'] / chess_run.wall:,.0f} plies/s")

    if files["memory"]["path"] == files["10x"]["path"]:
        mem = e2e10
    else:
        mem = run_process(cli("--format", "json", files["memory"]["path"]))
        must_be_clean(mem, "the memory game")
    r["memory"] = {"events": files["memory"]["events"], "rss_mb": mem.rss_mb, "seconds": mem.wall,
                   "rss_1x_mb": e2e.rss_mb, "rss_startup_mb": startup.rss_mb}
    log(f"memory: {files['memory']['events']:,} events, peak RSS {mem.rss_mb:.1f} MB")

    tour = files["tournament"]
    if jobs_supported():
        j1 = best_of(rep, cli("--format", "json", "-j", "1", tour["path"]))
        must_be_clean(j1, "the tournament set")
        j2 = best_of(rep, cli("--format", "json", "-j", "2", tour["path"]))
        must_be_clean(j2, "the tournament set")
        r["jobs"] = {"files": tour["files"], "events": tour["events"], "j1_seconds": j1.wall, "j2_seconds": j2.wall,
                     "speedup": j1.wall / j2.wall, "method": "rulecheck check -j N"}
    else:
        paths = sorted(str(p) for p in Path(tour["path"]).glob("*.transcript"))
        j1 = run_process(cli("--format", "json", *paths))
        must_be_clean(j1, "the tournament set")
        start = time.perf_counter()
        halves = [subprocess.Popen(cli("--format", "json", *paths[i::2]), cwd=ROOT, stdout=subprocess.DEVNULL)
                  for i in (0, 1)]
        codes = [h.wait() for h in halves]
        wall2 = time.perf_counter() - start
        if any(codes):
            sys.exit("bench: rulecheck reported something on the tournament set")
        r["jobs"] = {"files": tour["files"], "events": tour["events"], "j1_seconds": j1.wall, "j2_seconds": wall2,
                     "speedup": j1.wall / wall2,
                     "method": "-j is not available: two rulecheck processes over halves of the set"}
    r["jobs"]["machine_parallelism"] = machine_parallelism()
    r["stress"] = measure_stress(rep, log)
    log(f"jobs: -j1 {r['jobs']['j1_seconds']:.2f}s, -j2 {r['jobs']['j2_seconds']:.2f}s; machine gives two "
        f"processes {r['jobs']['machine_parallelism']:.2f}x")
    return r


def measure_stress(rep: int, log: Any) -> dict[str, Any]:
    """The inputs that were quadratic before engine v2 (bench/stress.py), end to end, each at two sizes."""
    out: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as tmp:
        cases = {"combat_1000": stress.combat(1000), "combat_2000": stress.combat(2000),
                 "turns_25000_10000": stress.turns(25_000, 10_000), "turns_50000_20000": stress.turns(50_000, 20_000)}
        for name, text in cases.items():
            path = Path(tmp) / f"{name}.transcript"
            path.write_text(text, encoding="utf-8")
            combat = name.startswith("combat")
            run = best_of(rep, cli("--format", "json", str(path)) if combat else cli("--statistics", str(path)))
            if combat:
                must_be_clean(run, f"the {name} transcript")
            elif run.returncode != 1:
                sys.exit(f"bench: the {name} transcript should be flagged (500.7), exit code {run.returncode}")
            out[name] = {"lines": text.count("\n"), "seconds": run.wall, "rss_mb": run.rss_mb}
            log(f"stress {name}: {run.wall:.2f}s")
    out["combat_ratio"] = out["combat_2000"]["seconds"] / out["combat_1000"]["seconds"]
    out["turns_ratio"] = out["turns_50000_20000"]["seconds"] / out["turns_25000_10000"]["seconds"]
    return out


def goals(r: dict[str, Any]) -> list[dict[str, Any]]:
    vs = r["e2e"]["events_per_s"] / r["chess"]["plies_per_s"]
    over = r["e2e"]["seconds"] / r["parse"]["seconds"]
    scale = r["scaling"]["wall_ratio"]
    mem = r["memory"]["rss_mb"]
    jobs = r["jobs"]["speedup"]
    st = r["stress"]
    if "cards" in r:
        import cards as card_bench
        extra = card_bench.goals(r["cards"])
    else:
        extra = []
    return extra + [
        {"goal": f"end-to-end >= {GOALS['vs_chess']}x python-chess plies/s", "value": vs, "target": GOALS["vs_chess"],
         "met": vs >= GOALS["vs_chess"], "parity": vs >= 1.0},
        {"goal": f"end-to-end time <= {GOALS['e2e_over_parse']}x parse-only time", "value": over,
         "target": GOALS["e2e_over_parse"],
         "met": over <= GOALS["e2e_over_parse"]},
        {"goal": "10x the events costs <= 11x the time", "value": scale, "target": GOALS["scaling_10x"],
         "met": scale <= GOALS["scaling_10x"]},
        {"goal": "peak RSS <= 150 MB on a 10^6-event transcript", "value": mem, "target": GOALS["memory_mb"],
         "met": mem <= GOALS["memory_mb"] and r["memory"]["events"] >= 1_000_000},
        {"goal": "-j 2 >= 1.8x faster than -j 1", "value": jobs, "target": GOALS["jobs_speedup"],
         "met": jobs >= GOALS["jobs_speedup"]},
        {"goal": "2,000 x 2,000 combat <= 1.5 s end to end", "value": st["combat_2000"]["seconds"],
         "target": GOALS["combat_seconds"], "met": st["combat_2000"]["seconds"] <= GOALS["combat_seconds"]},
        {"goal": "combat: 2x the creatures costs <= 2.5x the time", "value": st["combat_ratio"],
         "target": GOALS["linear"], "met": st["combat_ratio"] <= GOALS["linear"]},
        {"goal": "turn headers: 2x the turns costs <= 2.5x the time", "value": st["turns_ratio"],
         "target": GOALS["linear"], "met": st["turns_ratio"] <= GOALS["linear"]},
    ]


def table(r: dict[str, Any], files: dict[str, Any]) -> str:
    rows: list[tuple[str, str]] = []
    e, p, c = r["e2e"], r["parse"], r["chess"]
    rows.append(("end-to-end (rulecheck check, 1x)", f"{e['events_per_s']:>12,.0f} events/s  "
                                                      f"({e['events']:,} events in {e['seconds']:.2f}s)"))
    rows.append(("parse-only (Lark stage, 1x)", f"{p['events_per_s']:>12,.0f} events/s  ({p['seconds']:.2f}s)"))
    u = r["parse_uncached"]
    rows.append(("parse-only without line cache", f"{u['events_per_s']:>12,.0f} events/s  (in-process, "
                                                   f"{u['statements']:,} events; cached: "
                                                   f"{p['inner_events_per_s']:,.0f} events/s)"))
    rows.append(("end-to-end / parse-only (time)", f"{e['seconds'] / p['seconds']:>12.2f}x"))
    rows.append(("python-chess (read + validate PGN)", f"{c['plies_per_s']:>12,.0f} plies/s   "
                                                        f"({c['plies']:,} plies in {c['seconds']:.2f}s)"))
    rows.append(("rulecheck events/s / chess plies/s", f"{e['events_per_s'] / c['plies_per_s']:>12.2f}x"))
    if "paired_vs_chess" in r:
        pv = r["paired_vs_chess"]
        rows.append(("  the same, run by run (A B A B ...)",
                     f"{pv['median']:>12.2f}x     (median of {pv['pairs']} pairs; {pv['min']:.2f}x-{pv['max']:.2f}x)"))
    s = r["scaling"]
    inner10 = f"; in-process {s['inner_ratio']:.2f}x" if s["inner_ratio"] else ""
    rows.append(("scaling: 10x events (one long game)", f"{s['wall_ratio']:>12.2f}x time  "
                                                         f"({r['e2e_10x']['events']:,} events in "
                                                         f"{r['e2e_10x']['seconds']:.2f}s{inner10})"))
    j = r["jobs"]
    rows.append(("-j 1 vs -j 2 (tournament set)", f"{j['speedup']:>12.2f}x faster  ({j['files']} files, "
                                                   f"{j['events']:,} events: {j['j1_seconds']:.2f}s vs "
                                                   f"{j['j2_seconds']:.2f}s)"))
    rows.append(("two CPU-bound processes get", f"{j['machine_parallelism']:>12.2f}x     (the ceiling for -j 2 "
                                                 "on this machine during this run)"))
    m = r["memory"]
    rows.append(("peak RSS", f"{m['rss_mb']:>12.1f} MB     ({m['events']:,}-event transcript; "
                             f"{m['rss_1x_mb']:.1f} MB at {e['events']:,}, {m['rss_startup_mb']:.1f} MB for one turn)"))
    rows.append(("interpreter start + imports", f"{r['startup']['seconds']:>12.2f}s"))
    st = r["stress"]
    rows.append(("combat: N attackers each blocked", f"{st['combat_2000']['seconds']:>12.2f}s      (N = 2,000; "
                                                      f"{st['combat_1000']['seconds']:.2f}s at N = 1,000)"))
    rows.append(("extra turns, then headers", f"{st['turns_50000_20000']['seconds']:>12.2f}s      (50,000 then "
                                               f"20,000; {st['turns_25000_10000']['seconds']:.2f}s at half)"))
    if "cards" in r:
        import cards as card_bench
        rows.extend(card_bench.rows(r["cards"]))
    width = max(len(a) for a, _ in rows)
    out = [f"{a:<{width}}  {b}" for a, b in rows]
    out.append("")
    for g in goals(r):
        mark = "met" if g["met"] else ("MISSED (parity reached)" if g.get("parity") else "MISSED")
        out.append(f"goal: {g['goal']:<48} {g['value']:>8.2f}  (target {g['target']})  {mark}")
    if "-j is not available" in j["method"]:
        out.append(f"note: {j['method']}")
    return "\n".join(out)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--quick", action="store_true", help="smaller inputs: the whole run in under a minute")
    ap.add_argument("--json", default=str(BENCH / "out" / "results.json"), help="where to write the figures")
    ap.add_argument("--memory-events", type=int, help="events in the memory transcript (default 10^6)")
    ap.add_argument("--repeats", type=int, help="runs per timed figure; the best is kept")
    ap.add_argument("-v", "--verbose", action="store_true", help="print progress")
    args = ap.parse_args(argv)
    mode = "quick" if args.quick else "full"
    cfg = dict(MODES[mode])
    if args.memory_events:
        cfg["memory"] = args.memory_events
    if args.repeats:
        cfg["repeats"] = args.repeats

    def log(msg: str) -> None:
        if args.verbose:
            print(f"  {msg}", file=sys.stderr, flush=True)

    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    compile_bytecode()
    manifest = prepare_inputs(BENCH / "out" / "data" / mode, cfg, log)
    files = manifest["files"]
    results = measure(cfg, files, log)
    import cards as card_bench  # the card database: index built cold, a --cards check warm (bench/cards.py)
    results["cards"] = card_bench.measure(card_bench.CARDS if mode == "full" else 10_000, cfg["repeats"], log)
    elapsed = time.perf_counter() - started
    print(f"rulecheck benchmark ({mode}), python {platform.python_version()}, {os.cpu_count()} CPUs, "
          f"{elapsed:.0f}s")
    print(table(results, files))
    load = (load_before, os.getloadavg()[0])
    print(f"load average (1 min) before and after: {load[0]:.2f}, {load[1]:.2f}; other work on this machine "
          "slows every figure, -j most")
    out = {"mode": mode, "config": cfg, "python": platform.python_version(), "machine": platform.machine(),
           "cpus": os.cpu_count(), "load_average": load, "elapsed_seconds": elapsed, "inputs": files,
           "results": results, "goals": goals(results)}
    Path(args.json).parent.mkdir(parents=True, exist_ok=True)
    Path(args.json).write_text(json.dumps(out, indent=2) + "\n")
    print(f"figures written to {os.path.relpath(args.json)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
