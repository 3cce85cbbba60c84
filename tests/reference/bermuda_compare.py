#!/usr/bin/env python3
"""Compare the engine's `perft bermuda --divide` with bermuda_reference.py, and on a mismatch
drill down (playing the first differing root move with each of its chance outcomes) to the
smallest position where the two disagree.

Usage: python3 tests/reference/bermuda_compare.py FEN DEPTH [--moves M1 M2 ...]
       python3 tests/reference/bermuda_compare.py --all [MAXDEPTH]   (POSITIONS below)
       --quirks castle-dest,ep-sink (before --moves) makes the reference copy the engine's
       known deviations (see bermuda_reference.QUIRKS) to look for further disagreements.
       FAIRY=/path/to/fairy overrides the engine binary (default: /tmp/bermuda-target/release/fairy,
       else ./target/release/fairy).
"""

import os
import subprocess
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bermuda_reference as ref  # noqa: E402

ENGINE = os.environ.get("FAIRY") or next(
    (p for p in ("/tmp/bermuda-target/release/fairy", "./target/release/fairy")
     if os.path.exists(p)), "fairy")

# name, FEN, depth for --all
POSITIONS = [
    ("start", "startpos", 3),
    # (a) both sides may castle both ways while enemy pieces hit the squares the king
    #     crosses (castling ignores check). First with the Angle empty (castling does not
    #     roll), then with the attackers standing in the Angle (everything rolls).
    ("a_castle_attacked",
     "r4k3r/pp1R4pp/1N6N1/10/10/10/10/1n6n1/PP1r4PP/R4K3R w KQkq - 0 1", 3),
    ("a_castle_attacked_black",
     "r4k3r/pp1R4pp/1N6N1/10/10/10/10/1n6n1/PP1r4PP/R4K3R b KQkq - 0 1", 3),
    ("a_castle_attacked_angle",
     "r4k3r/pp6pp/2N7/7B2/10/10/7b2/2n7/PP6PP/R4K3R w KQkq - 0 1", 3),
    # (b) a piece in the Angle: every move rolls.
    ("b_occupied_angle", "k9/10/10/10/4n5/10/10/10/10/K9 w - - 0 1", 3),
    ("b_occupied_angle_2", "4k5/pp6pp/10/10/4Q5/10/10/10/PP6PP/4K5 b - - 0 1", 3),
    # (c) en passant from the FEN (victim in the Angle, outside it, two takers) and from play.
    ("c_ep_angle", "5k4/10/10/3pP5/10/10/10/10/10/5K4 w - d8 0 1", 3),
    ("c_ep_black", "5k4/10/10/10/10/10/3Pp5/10/10/5K4 b - d3 0 1", 3),
    ("c_ep_edge", "5k4/10/10/10/10/10/Pp8/10/10/5K4 b - a3 0 1", 3),
    ("c_ep_two_takers", "5k4/10/10/10/10/10/1pPp6/10/10/5K4 b - c3 0 1", 3),
    ("c_ep_played", "5k4/3p6/10/4P5/10/10/10/10/10/5K4 b - - 0 1", 3),
    # (d) a king can be captured (then the game is over).
    ("d_king_capture_w", "5k4/10/10/10/10/10/10/10/4q5/5K4 w - - 0 1", 3),
    ("d_king_capture_b", "5k4/10/10/10/10/10/10/10/4q5/5K4 b - - 0 1", 3),
    ("d_king_capture_angle", "10/10/3k6/10/4N5/10/10/10/10/K9 w - - 0 1", 3),
    ("d_kings_in_angle", "10/10/4k5/4R5/10/4r5/4K5/10/10/10 w - - 0 1", 3),
    # (e) promotions (pushes and captures, one capturing a king), both sides.
    ("e_promotion", "r1n2k4/1P1P6/10/10/10/10/10/10/4p1p3/R4K1N2 w - - 0 1", 3),
    ("e_promotion_black", "r1n2k4/1P1P6/10/10/10/10/10/10/4p1p3/R4K1N2 b - - 0 1", 3),
    # (f) middle game with pieces of both sides in and around the Angle.
    ("f_middlegame",
     "r2sqk1b1r/pp1p1ppp1p/2n1b3n1/2pP1sP3/4p5/2N2S1Q2/1pP1N5/3B2p3/PP2P1PPPP/R1B2K3R w KQkq - 0 1", 3),
    ("f_middlegame_black",
     "r2sqk1b1r/pp1p1ppp1p/2n1b3n1/2pP1sP3/4p5/2N2S1Q2/1pP1N5/3B2p3/PP2P1PPPP/R1B2K3R b KQkq - 0 1", 3),
    ("f_ships", "4k5/10/2s4S2/10/3S2s3/10/2S4s2/10/10/4K5 w - - 0 1", 3),
]


def engine_divide(fen, depth, moves=()):
    cmd = [ENGINE, "perft", "bermuda", str(depth), "--divide"]
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


def engine_moves(fen, moves=()):
    cmd = [ENGINE, "moves", "bermuda"]
    if fen != "startpos":
        cmd += ["--fen", fen]
    if moves:
        cmd += ["--moves"] + list(moves)
    out = subprocess.run(cmd, capture_output=True, text=True)
    if out.returncode != 0:
        raise RuntimeError("engine failed: %s\n%s" % (" ".join(cmd), out.stderr))
    return [l.strip() for l in out.stdout.splitlines() if l.strip()]


def ref_position(fen, moves=()):
    pos = ref.Position.from_fen(fen)
    for m in moves:
        pos = ref.find_move(pos, m)
    return pos


def diff(a, b):
    return [(k, a.get(k), b.get(k)) for k in sorted(set(a) | set(b)) if a.get(k) != b.get(k)]


def compare(fen, depth, moves=(), verbose=True):
    e, enodes = engine_divide(fen, depth, moves)
    pos = ref_position(fen, moves)
    r = ref.divide(pos, depth)
    rnodes = sum(r.values())
    d = diff(e, r)
    if verbose:
        print("depth %d moves=%s engine=%s reference=%d %s"
              % (depth, " ".join(moves) or "-", enodes, rnodes,
                 "OK" if not d and enodes == rnodes else "MISMATCH"))
    return d, enodes, rnodes


def drill(fen, depth, moves=()):
    """Follow disagreements down to the smallest position; print it."""
    moves = list(moves)
    while True:
        d, _, _ = compare(fen, depth, moves)
        if not d:
            return True
        pos = ref_position(fen, moves)
        for k, ev, rv in d:
            print("   %s: engine=%s reference=%s" % (k, ev, rv))
        if depth == 1 or any(ev is None or rv is None for _, ev, rv in d):
            print("MINIMAL: fen=%s moves=%s depth=%d" % (fen, " ".join(moves) or "-", depth))
            print("   reference position: %s" % pos.fen())
            em = set(engine_moves(fen, moves))
            rm = {mv.text for mv in ref.generate(pos)}
            print("   only engine: %s" % sorted(em - rm))
            print("   only reference: %s" % sorted(rm - em))
            return False
        # Find the first outcome of the first differing root move that disagrees.
        root = d[0][0]
        mv = [m for m in ref.generate(pos) if m.text == root][0]
        found = False
        for text, child in ref.outcomes(pos, mv):
            en = engine_divide(fen, depth - 1, moves + [text])[1]
            rn = ref.perft(child, depth - 1)
            if en != rn:
                moves.append(text)
                depth -= 1
                found = True
                break
        if not found:
            print("   no single outcome of %s disagrees (the engine gives it other outcomes?)"
                  % root)
            print("MINIMAL: fen=%s moves=%s depth=%d" % (fen, " ".join(moves) or "-", depth))
            return False


def main(argv):
    args = list(argv)
    moves = []
    if "--moves" in args:
        i = args.index("--moves")
        moves, args = args[i + 1:], args[:i]
    if "--quirks" in args:
        i = args.index("--quirks")
        ref.QUIRKS.update(args[i + 1].split(","))
        del args[i:i + 2]
    if args and args[0] == "--all":
        maxdepth = int(args[1]) if len(args) > 1 else 3
        ok = True
        for name, fen, depth in POSITIONS:
            print("== %s: %s" % (name, fen))
            for dep in range(1, min(depth, maxdepth) + 1):
                if not drill(fen, dep):
                    ok = False
                    break
        return 0 if ok else 1
    if len(args) != 2:
        print(__doc__)
        return 2
    return 0 if drill(args[0], int(args[1]), moves) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
