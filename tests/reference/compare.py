#!/usr/bin/env python3
"""Compare the engine's perft --divide with the reference generator, and on a
mismatch drill down (playing the first differing root move) to the smallest
depth at which the two disagree.

Usage: python3 tests/reference/compare.py FEN DEPTH [--moves M1 M2 ...]
       python3 tests/reference/compare.py --all [MAXDEPTH]   (positions.txt)
       (run from /work/main; uses ./target/release/fairy)
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import falcon_reference as ref  # noqa: E402

ENGINE = "./target/release/fairy"


def engine_divide(fen, depth, moves):
    cmd = [ENGINE, "perft", "falcon-chess", str(depth), "--divide"]
    if fen != "startpos":
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves"] + list(moves)
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("engine failed: %s\n%s" % (" ".join(cmd), out.stderr))
    res, nodes = {}, None
    for line in out.stdout.splitlines():
        if line.startswith("nodes"):
            nodes = int(line.split()[1])
        elif ": " in line:
            k, v = line.rsplit(": ", 1)
            res[k] = int(v)
    return res, nodes


def ref_divide(fen, depth, moves):
    pos = ref.Position.from_fen(fen)
    for m in moves:
        pos = ref.make_move(pos, ref.find_move(pos, m))
    return ref.divide(pos, depth), pos


def compare(fen, depth, moves=(), verbose=True):
    e, enodes = engine_divide(fen, depth, moves)
    r, pos = ref_divide(fen, depth, moves)
    rnodes = sum(r.values())
    diffs = []
    for k in sorted(set(e) | set(r)):
        if e.get(k) != r.get(k):
            diffs.append((k, e.get(k), r.get(k)))
    if verbose:
        print("depth %d moves=%s engine=%s reference=%d %s"
              % (depth, " ".join(moves) or "-", enodes, rnodes,
                 "OK" if not diffs and enodes == rnodes else "MISMATCH"))
    return diffs, pos


def drill(fen, depth, moves=()):
    """Follow the first differing root move down until depth 1."""
    moves = list(moves)
    while True:
        diffs, pos = compare(fen, depth, moves)
        if not diffs:
            return
        print("  position:", pos.to_fen())
        for k, ev, rv in diffs:
            print("  %-14s engine=%s reference=%s" % (k, ev, rv))
        if depth == 1:
            return
        # go down a move present on both sides with differing counts
        both = [k for k, ev, rv in diffs if ev is not None and rv is not None]
        if not both:
            return
        moves.append(both[0])
        depth -= 1


def run_all(maxdepth=None):
    here = os.path.dirname(os.path.abspath(__file__))
    for line in open(os.path.join(here, "positions.txt")):
        line = line.strip()
        if not line or line.startswith("#"):
            continue
        name, fen, depth = line.split("|")
        depth = int(depth) if maxdepth is None else min(int(depth), maxdepth)
        print("==", name, fen)
        for d in range(1, depth + 1):
            diffs, _ = compare(fen, d)
            if diffs:
                drill(fen, d)
                break


if __name__ == "__main__":
    args = sys.argv[1:]
    if args and args[0] == "--all":
        run_all(int(args[1]) if len(args) > 1 else None)
        sys.exit(0)
    fen, depth = args[0], int(args[1])
    mv = []
    if "--moves" in args:
        mv = args[args.index("--moves") + 1:]
    for d in range(1, depth + 1):
        diffs, _ = compare(fen, d, mv)
        if diffs:
            drill(fen, d, mv)
            break
