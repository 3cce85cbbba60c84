#!/usr/bin/env python3
"""Makruk's counting rules compared move by move with Fairy-Stockfish's.

Usage: scripts/fsf-counting.py FAIRY FSF [SEED [GAMES]]

FAIRY is our `fairy` binary (built with `--features cli`), FSF a Fairy-Stockfish that speaks
UCI (Debian's `/usr/games/fairy-stockfish`, 11.1). Each game starts from a random makruk
ending: the two kings, up to four of each side's rooks, knights, khons and mets, and up to
two pawns short of their promotion zone, on random squares; a start either program refuses
is drawn again. Fairy-Stockfish plays uniformly random legal moves (`go perft 1`) for up to
120 plies; after every ply its FEN (`d`) must equal ours (`fairy replay --fen`), counting
fields included. Fairy-Stockfish 11.1 starts one count a ply later than later versions
(a lone king that takes the last pawn): such a FEN is tallied as expected, not as a
difference. Prints each difference and a summary; exit code 1 if there is one.
"""

import random
import subprocess
import sys

from fsf_uci import Engine


def state(engine, fen, moves):
    """Fairy-Stockfish's FEN after `moves` from `fen`, and its legal moves there."""
    position = f"position fen {fen}" + (" moves " + " ".join(moves) if moves else "")
    legal, _ = engine.perft(position, 1)
    return engine.fen(position), legal


def ours(fairy, fen, moves):
    """Our FEN and result after `moves` from `fen`; None where we refuse the start."""
    run = subprocess.run(
        [fairy, "replay", "makruk", "--fen", fen, "-"],
        input=" ".join(moves),
        capture_output=True,
        text=True,
    )
    fields = dict(line.split(": ", 1) for line in run.stdout.splitlines() if ": " in line)
    return fields.get("fen"), fields.get("result", "")


def random_ending(rng):
    board = [None] * 64
    cells = rng.sample(range(64), 14)
    board[cells[0]], board[cells[1]] = "K", "k"
    i = 2
    for upper in (True, False):
        for p in rng.sample("RRNNSSMM", rng.randint(0, 4)):
            board[cells[i]] = p if upper else p.lower()
            i += 1
    for _ in range(rng.choice([0, 0, 1, 2])):
        c = cells[i]
        i += 1
        if 8 <= c < 40 and rng.random() < 0.5:
            board[c] = "P"
        elif 24 <= c < 56:
            board[c] = "p"
    rows = []
    for r in range(7, -1, -1):
        row, empty = "", 0
        for f in range(8):
            x = board[r * 8 + f]
            if x is None:
                empty += 1
                continue
            row += (str(empty) if empty else "") + x
            empty = 0
        rows.append(row + (str(empty) if empty else ""))
    return "/".join(rows) + f" {rng.choice('wb')} - - 0 1"


def a_later_start(fsf_fen, our_fen):
    """Whether the difference is 11.1's later count: ours runs, at 2 plies a piece less one."""
    theirs, mine = fsf_fen.split(), our_fen.split()
    pieces = sum(c.isalpha() for c in mine[0])
    return theirs[3] == "-" and mine[3].isdigit() and int(mine[4]) == 2 * pieces - 1


def main():
    fairy, fsf = sys.argv[1], sys.argv[2]
    seed = int(sys.argv[3]) if len(sys.argv) > 3 else 1
    games = int(sys.argv[4]) if len(sys.argv) > 4 else 80
    rng = random.Random(seed)
    engine = Engine(fsf)
    engine.variant("makruk", False)
    differences = expected = counted = 0
    for _ in range(games):
        while True:
            fen = random_ending(rng)
            if ours(fairy, fen, [])[0] is not None and state(engine, fen, [])[1]:
                break
        moves = []
        for _ in range(120):
            written, legal = state(engine, fen, moves)
            mine, result = ours(fairy, fen, moves)
            if mine != written:
                if a_later_start(written, mine):
                    expected += 1
                else:
                    print(f"difference from {fen} after {' '.join(moves)}: {written} | {mine}")
                    differences += 1
                    break
            if written.split()[3].isdigit():
                counted += 1
            if not legal or "goes on" not in result:
                break
            moves.append(rng.choice(legal))
    print(
        f"{games} games, {counted} positions with a running count, "
        f"{expected} of 11.1's later start, {differences} differences"
    )
    sys.exit(1 if differences else 0)


if __name__ == "__main__":
    main()
