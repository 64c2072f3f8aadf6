"""Profile rulecheck on a generated game with pyinstrument (a bench-only dependency).

    python bench/profile.py                    # a 10^5-event game, text report on stdout
    python bench/profile.py --events 20000 --html bench/out/profile.html
    python bench/profile.py --stage parse      # the Lark stage alone

The game is generated into bench/out/ (see bench/generate.py); the profile covers check_file (or the
parse-only loop) after the parser tables are built, which is where a long log spends its time.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent
sys.path.insert(0, str(BENCH.parent))
sys.path.insert(0, str(BENCH))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--events", type=int, default=100_000)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--stage", choices=["check", "parse"], default="check")
    ap.add_argument("--html", help="write an HTML report here instead of text on stdout")
    args = ap.parse_args(argv)
    try:
        from pyinstrument import Profiler
    except ImportError:
        print("bench/profile.py needs pyinstrument: pip install '.[bench]'", file=sys.stderr)
        return 2
    import generate
    import worker

    from rulecheck import parser
    from rulecheck.checker import check_file

    game = BENCH / "out" / f"profile-{args.events}-{args.seed}.transcript"
    game.parent.mkdir(parents=True, exist_ok=True)
    if not game.exists():
        generate.write_game(game, args.events, seed=args.seed)
    parser.lark_parser()
    profiler = Profiler(interval=0.0005)
    profiler.start()
    if args.stage == "parse":
        worker.parse_only(str(game), cold=False)
    else:
        check_file(str(game))
    profiler.stop()
    if args.html:
        Path(args.html).write_text(profiler.output_html(), encoding="utf-8")
        print(f"profile written to {args.html}")
    else:
        print(profiler.output_text(unicode=True, color=False, show_all=False))
    return 0


if __name__ == "__main__":
    sys.exit(main())
