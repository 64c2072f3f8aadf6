"""What each speed-up in the parser is worth: check one generated game with each lever switched off in turn.

    python bench/levers.py                 # the 10^5-event game of bench/run.py (generated if missing)
    python bench/levers.py --events 20000

Every variant runs in its own process and reports CPU time (less disturbed by other work on the machine
than wall time) of check_file, best of --repeats, after the LALR tables are built.  The levers:

- line cache: parsed lines are kept and reused (rulecheck.parser.parse_line);
- shape cache: a line new only by the digits of its '(N)' suffixes is built from a parsed line of its shape;
- turn fast path: 'turn N: P' and 'turn N ends' are read without Lark (each is unique, so never cached);
- no propagate_positions: Lark fills no tree metadata, which the inline transformer never reads;
- inline transformer: typed nodes are built while parsing, not from a parse tree afterwards.

The Lark table cache (startup) is measured separately: building the tables versus loading them.
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

VARIANTS = ["all levers", "no line cache", "no shape cache", "no turn fast path", "propagate_positions on",
            "tree, then transform"]


def _variant(name: str, path: str) -> dict[str, Any]:
    sys.path.insert(0, str(ROOT))
    from lark import Lark

    from rulecheck import parser

    if name == "no line cache":
        class NoLines(parser._Generations[Any]):
            def put(self, key: str, value: Any) -> None:   # nothing is kept
                pass

        parser._LINES = NoLines(1)
    elif name == "no shape cache":
        parser._parse_cold = parser._parse_uncached
    elif name == "no turn fast path":
        parser._turn_line = lambda code, line_no: None
    elif name in ("propagate_positions on", "tree, then transform"):
        tree_first = name == "tree, then transform"

        class Variant(Lark):
            def __init__(self, grammar: str, **options: Any) -> None:
                options["propagate_positions"] = True
                options["cache"] = False
                self.build = options.pop("transformer") if tree_first else None
                super().__init__(grammar, **options)

            def parse(self, text: Any, start: str | None = None, on_error: Any = None) -> Any:
                tree = super().parse(text, start, on_error)
                return self.build.transform(tree) if self.build is not None else tree

        from rulecheck.parser import lalr

        lalr.Lark = Variant
        parser._lark.cache_clear()
    from rulecheck.checker import check_file

    parser.lark_parser()
    start = time.process_time()
    result = check_file(path)
    return {"seconds": time.process_time() - start, "statements": result.statements,
            "violations": len(result.violations)}


def _tables() -> dict[str, float]:
    sys.path.insert(0, str(ROOT))
    from lark import Lark

    from rulecheck import parser

    text = parser.grammar_text()
    options: dict[str, Any] = {"parser": "lalr", "lexer": "contextual", "maybe_placeholders": False,
                               "transformer": parser.Build()}
    start = time.perf_counter()
    Lark(text, cache=False, **options)
    built = time.perf_counter() - start
    cache = parser._table_cache(text)
    if cache is None:
        return {"build": built, "load": float("nan")}
    Lark(text, cache=cache + ".levers", **options)
    start = time.perf_counter()
    Lark(text, cache=cache + ".levers", **options)
    loaded = time.perf_counter() - start
    os.unlink(cache + ".levers")
    return {"build": built, "load": loaded}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--repeats", type=int, default=3)
    ap.add_argument("--variant", help=argparse.SUPPRESS)
    ap.add_argument("--tables", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--game", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.variant:
        print(json.dumps(_variant(args.variant, args.game)))
        return 0
    if args.tables:
        print(json.dumps(_tables()))
        return 0
    sys.path.insert(0, str(BENCH))
    import generate

    game = BENCH / "out" / f"levers-{args.events}.transcript"
    game.parent.mkdir(parents=True, exist_ok=True)
    if not game.exists():
        generate.write_game(game, args.events, seed=1)
    rows = []
    for name in VARIANTS:
        runs = [json.loads(subprocess.run([sys.executable, __file__, "--variant", name, "--game", str(game)],
                                          check=True, capture_output=True, text=True).stdout)
                for _ in range(args.repeats)]
        best = min(runs, key=lambda r: r["seconds"])
        if best["violations"]:
            sys.exit(f"levers: {name} reported {best['violations']} violations on a legal game")
        rows.append((name, best))
    base = rows[0][1]["seconds"]
    print(f"check_file on a {rows[0][1]['statements']:,}-event game, CPU seconds, best of {args.repeats}")
    for name, best in rows:
        print(f"  {name:<24} {best['seconds']:6.2f}s  {best['statements'] / best['seconds']:>9,.0f} events/s  "
              f"{best['seconds'] / base:5.2f}x")
    tables = json.loads(subprocess.run([sys.executable, __file__, "--tables"], check=True, capture_output=True,
                                       text=True).stdout)
    print(f"LALR tables: built in {tables['build'] * 1000:.0f} ms, loaded from the cache in "
          f"{tables['load'] * 1000:.0f} ms")
    return 0


if __name__ == "__main__":
    sys.exit(main())
