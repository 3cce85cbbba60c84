#!/usr/bin/env python3
"""Random positions of every definition of variants/fsf/, written by Fairy-Stockfish itself.

Usage: scripts/fsf-random-positions.py FSF_BINARY > tests/fixtures/fsf-random.txt

FSF_BINARY is a Fairy-Stockfish built from commit c19b5f6c of fairy-stockfish/Fairy-Stockfish
with `make build ARCH=x86-64-bmi2 all=yes largeboards=yes` (not the Debian package, whose
older rules differ). For each definition it plays POSITIONS seeded random games over UCI:
each ply a move drawn uniformly from Fairy-Stockfish's own move list (`go perft 1`), for a
length drawn from 5 to 60 plies (a game that ends sooner stops there). The position reached
is taken as Fairy-Stockfish prints it (`d`, its `Fen:` line) with its perft count, from that
FEN (`position fen`, so that no history the FEN does not hold counts), at depth 3, or at
depth 2 when depth 3 passes MAX_NODES leaves (or is foretold to: perft(2)^2 / perft(1)).
The games of the `*960` definitions start from a Chess960 setup drawn from the same
generator, under UCI_Chess960.

Each output line: definition, depth, count, FEN, separated by tabs. The committed fixture
was made with Python 3.11; rerun with the same binary, the script writes it again unchanged.
"""

import pathlib
import random
import sys

from fsf_uci import Engine

SEED = 35
POSITIONS = 10
MAX_NODES = 200_000
COMMIT = "c19b5f6c"
BUILD = "make build ARCH=x86-64-bmi2 all=yes largeboards=yes"

# A definition of ours played as a Fairy-Stockfish variant under UCI_Chess960.
CHESS960 = {"atomic960": "atomic", "extinction960": "extinction", "seirawan960": "seirawan"}


def chess960_setup(rng, seirawan):
    """A Chess960 start position: bishops on opposite colours, the king between the rooks."""
    rank = [None] * 8
    rank[rng.choice(range(0, 8, 2))] = "B"
    rank[rng.choice(range(1, 8, 2))] = "B"
    for piece in "QNN":
        rank[rng.choice([i for i in range(8) if rank[i] is None])] = piece
    rest = [i for i in range(8) if rank[i] is None]
    rank[rest[0]], rank[rest[1]], rank[rest[2]] = "R", "K", "R"
    white = "".join(rank)
    files = "".join(chr(ord("A") + i) for i in range(8) if rank[i] == "R")
    pocket = "[HEhe]" if seirawan else ""
    rights = "ABCDEFGHabcdefgh" if seirawan else files + files.lower()
    return f"{white.lower()}/pppppppp/8/8/8/8/PPPPPPPP/{white}{pocket} w {rights} - 0 1"


def main():
    engine = Engine(sys.argv[1])
    root = pathlib.Path(__file__).resolve().parent.parent
    print("# Random positions of every definition of variants/fsf/, written by Fairy-Stockfish.")
    print(f"# Fairy-Stockfish: fairy-stockfish/Fairy-Stockfish at commit {COMMIT}, built with")
    print(f"# `{BUILD}`.")
    print(f"# Made by scripts/fsf-random-positions.py: {POSITIONS} games per definition, each")
    print(f"# drawn by Python's random.Random seeded with `{SEED}:<definition>:<game>`: 5 to 60")
    print("# plies, every move drawn uniformly from Fairy-Stockfish's sorted legal moves (`go")
    print("# perft 1`); the `*960` ones from a drawn Chess960 setup under UCI_Chess960. The FEN")
    print("# is Fairy-Stockfish's `Fen:` line (`d`); the count is its perft from that FEN")
    print("# (`position fen`: no history) at the depth given: 3, or 2 where depth 3 passes")
    print(f"# {MAX_NODES:,} leaves (or is foretold to, perft(2)^2 / perft(1) passing it).")
    print("# definition\tdepth\tcount\tFEN")
    for path in sorted((root / "variants" / "fsf").glob("*.yaml")):
        name = path.stem
        chess960 = name in CHESS960
        engine.variant(CHESS960.get(name, name), chess960)
        for i in range(POSITIONS):
            rng = random.Random(f"{SEED}:{name}:{i}")
            start = (
                "position fen " + chess960_setup(rng, name == "seirawan960")
                if chess960
                else "position startpos"
            )
            plies = rng.randint(5, 60)
            moves = []
            for _ in range(plies):
                position = start + (" moves " + " ".join(moves) if moves else "")
                legal, _ = engine.perft(position, 1)
                if not legal:
                    break
                moves.append(rng.choice(sorted(legal)))
            position = start + (" moves " + " ".join(moves) if moves else "")
            fen = engine.fen(position)
            # Counted from the FEN, not the game: a history the FEN does not hold (Janggi's
            # bikjang of the move before) must not count.
            position = f"position fen {fen}"
            depth, count = 2, engine.perft(position, 2)[1]
            # Depth 3 only where depths 1 and 2 foretell few enough leaves (duck's would
            # take Fairy-Stockfish minutes).
            width = max(len(engine.perft(position, 1)[0]), 1)
            if count * count <= MAX_NODES * width:
                deeper = engine.perft(position, 3)[1]
                if deeper <= MAX_NODES:
                    depth, count = 3, deeper
            print(f"{name}\t{depth}\t{count}\t{fen}", flush=True)


if __name__ == "__main__":
    main()
