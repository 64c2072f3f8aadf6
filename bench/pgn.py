"""The peer's input: a PGN file of legal chess games with a given number of plies in all (benchmark only).

A pool of distinct games is played with random legal moves by python-chess itself (seeded, so the file is
the same on every run), each cut at a typical game length, and the pool is repeated until the file holds
the requested number of plies.  python-chess must parse every move and check it against the board when it
reads the file back, which is the work the benchmark times.
"""

from __future__ import annotations

import random
from pathlib import Path

POOL_GAMES = 40


def _random_game(rng: random.Random) -> tuple[list[str], str]:
    import chess

    board = chess.Board()
    sans: list[str] = []
    for _ in range(rng.randint(60, 140)):
        moves = list(board.legal_moves)
        if not moves:
            break
        move = rng.choice(moves)
        sans.append(board.san(move))
        board.push(move)
    result = board.result(claim_draw=False) if board.is_game_over() else "*"
    return sans, result


def write_pgn(path: Path, plies: int, seed: int = 1) -> int:
    """Write games until ``plies`` moves are reached; return the number of plies written."""
    rng = random.Random(seed)
    pool = [_random_game(rng) for _ in range(POOL_GAMES)]
    written = 0
    round_no = 0
    with open(path, "w", encoding="utf-8") as fh:
        while written < plies:
            sans, result = pool[round_no % len(pool)]
            round_no += 1
            sans = sans[:plies - written]
            fh.write(f'[Event "rulecheck bench"]\n[Site "?"]\n[Date "2024.01.01"]\n[Round "{round_no}"]\n'
                     f'[White "Alice"]\n[Black "Bob"]\n[Result "{result}"]\n\n')
            words: list[str] = []
            for i, san in enumerate(sans):
                if i % 2 == 0:
                    words.append(f"{i // 2 + 1}.")
                words.append(san)
            words.append(result)
            for i in range(0, len(words), 16):
                fh.write(" ".join(words[i:i + 16]) + "\n")
            fh.write("\n")
            written += len(sans)
    return written
