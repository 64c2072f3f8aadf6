"""One measured job, run by ``bench/run.py`` in a fresh interpreter so each figure has its own process.

    python bench/worker.py parse FILE      # the Lark stage alone: read, split comments, parse every line
    python bench/worker.py parse-cold FILE [N]  # the same with the line cache emptied after every line
    python bench/worker.py check FILE      # the whole pipeline in-process (rulecheck.checker.check_file)
    python bench/worker.py chess FILE.pgn  # the peer: python-chess reads and validates every game

Each prints one JSON object: what was counted and ``seconds``, the time of the work loop alone (the
interpreter start and imports are outside it; ``run.py`` also times the whole process).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))


def parse_only(path: str, cold: bool, limit: int = 0) -> dict[str, object]:
    from rulecheck import parser
    from rulecheck.checker import FileResult, _lines_of_bytes

    parser.lark_parser()  # build the LALR tables outside the timed loop, as check_file's caller does
    clear = getattr(parser, "clear_cache", lambda: None)  # (older trees, measured for 'before', have no cache)
    statements = 0
    problems = 0
    start = time.perf_counter()
    with open(path, "rb") as fh:
        for parsed in parser.parse_lines(_lines_of_bytes(fh, path, FileResult(path))):
            statements += len(parsed.statements)
            problems += parsed.problem is not None
            if cold:
                clear()
            if limit and statements >= limit:
                break
    return {"statements": statements, "problems": problems, "seconds": time.perf_counter() - start}


def check(path: str) -> dict[str, object]:
    from rulecheck.checker import check_file

    start = time.perf_counter()
    result = check_file(path)
    seconds = time.perf_counter() - start
    return {"statements": result.statements, "violations": len(result.violations), "seconds": seconds,
            "first": [f"{v.line}:{v.column} {v.rule} {v.message}" for v in result.violations[:5]]}


def chess_read(path: str) -> dict[str, object]:
    import chess.pgn

    games = plies = errors = 0
    start = time.perf_counter()
    with open(path, encoding="utf-8") as fh:
        while (game := chess.pgn.read_game(fh)) is not None:
            games += 1
            errors += len(game.errors)
            plies += sum(1 for _ in game.mainline_moves())
    return {"games": games, "plies": plies, "errors": errors, "seconds": time.perf_counter() - start}


def main(argv: list[str]) -> int:
    if len(argv) not in (2, 3) or argv[0] not in ("parse", "parse-cold", "check", "chess"):
        print(__doc__, file=sys.stderr)
        return 2
    job, path = argv[:2]
    if job == "chess":
        out = chess_read(path)
    elif job == "check":
        out = check(path)
    else:
        out = parse_only(path, cold=job == "parse-cold", limit=int(argv[2]) if len(argv) == 3 else 0)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
