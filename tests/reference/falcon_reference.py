#!/usr/bin/env python3
"""Independent reference move generator for Falcon Chess (10x8 board).

Written from the rules text only (not from the engine's source), standard
library only.  It is deliberately simple and readable rather than fast.

Usage:
    python3 tests/reference/falcon_reference.py FEN DEPTH [--divide]
    python3 tests/reference/falcon_reference.py FEN DEPTH --moves M1 M2 ... [--divide]
    python3 tests/reference/falcon_reference.py --paths     (print the falcon path table)

FEN "startpos" is accepted as a shorthand for the initial position.

Rules implemented
-----------------
* Board: files a..j (10), ranks 1..8.  White moves first.
* King, queen, rook, bishop, knight, pawn: orthodox chess, including check,
  checkmate, stalemate (a move may never leave the mover's king attacked).
* Falcon: moves or captures to the 16 squares at (+-1,+-3), (+-3,+-1),
  (+-2,+-3), (+-3,+-2).  Each destination is reached by exactly three paths of
  three unit (king) steps; a path is open when its two intermediate squares
  are on the board and empty.  The move exists when at least one path is open
  (several open paths still give ONE move).  The falcon never jumps.
* Pawns: single step, double step from the 2nd rank (7th for Black), diagonal
  capture, en passant, promotion on the last rank to Q, F, R, B or N.
* Free castling: king and rook unmoved (FEN rights K/Q/k/q; K = j-file rook,
  Q = a-file rook), every square strictly between them empty.  The king moves
  1.. squares toward the rook, at most to the square next to the rook; the
  rook lands on the square adjacent to the king's new square, on the side the
  king came from.  The king may not be in check, and no square the king
  passes through or lands on may be attacked.
"""

import sys
from itertools import permutations

FILES = 10
RANKS = 8
NSQ = FILES * RANKS
FILE_NAMES = "abcdefghij"

START_FEN = "rnbfqkfbnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNBFQKFBNR w KQkq - 0 1"

WHITE, BLACK = 0, 1


# ---------------------------------------------------------------------------
# Squares
# ---------------------------------------------------------------------------

def sq_of(f, r):
    """Square index from file 0..9 and rank 0..7 (rank 0 = rank 1)."""
    return r * FILES + f


def fr(sq):
    return sq % FILES, sq // FILES


def on_board(f, r):
    return 0 <= f < FILES and 0 <= r < RANKS


def sq_name(sq):
    f, r = fr(sq)
    return FILE_NAMES[f] + str(r + 1)


def parse_sq(text):
    f = FILE_NAMES.index(text[0])
    r = int(text[1:]) - 1
    assert on_board(f, r), text
    return sq_of(f, r)


# ---------------------------------------------------------------------------
# Directions
# ---------------------------------------------------------------------------

ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KING_STEPS = ORTHO + DIAG
KNIGHT_JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

FALCON_OFFSETS = sorted({(sx * a, sy * b)
                         for (a, b) in [(1, 3), (3, 1), (2, 3), (3, 2)]
                         for sx in (1, -1) for sy in (1, -1)})
assert len(FALCON_OFFSETS) == 16


def is_45(u, v):
    """True when unit king steps u and v are 45 degrees apart
    (one orthogonal, one diagonal, and they share a component)."""
    dot = u[0] * v[0] + u[1] * v[1]
    ortho_u = (u[0] == 0) != (u[1] == 0)
    ortho_v = (v[0] == 0) != (v[1] == 0)
    return ortho_u != ortho_v and dot == 1


def falcon_paths_by_multiset():
    """Enumerate the falcon's paths from the rules text.

    A path is three unit steps: either {S, S, D} (two equal orthogonal steps
    plus one diagonal step at 45 degrees to them) or {D, D, S} (two equal
    diagonal steps plus one orthogonal step at 45 degrees), taken in every
    distinct order (SSD, SDS, DSS / DDS, DSD, SDD).
    Returns {offset: set of step-sequences}."""
    paths = {}
    for two in KING_STEPS:            # the step taken twice
        for one in KING_STEPS:        # the single step at 45 degrees to it
            if not is_45(two, one):
                continue
            for order in set(permutations((two, two, one))):
                dest = (sum(s[0] for s in order), sum(s[1] for s in order))
                paths.setdefault(dest, set()).add(order)
    return paths


def falcon_paths_by_bruteforce():
    """Cross-check: all 8^3 sequences of king steps in which every pair of
    steps is at most 45 degrees apart and whose sum is a falcon offset."""
    paths = {}
    for a in KING_STEPS:
        for b in KING_STEPS:
            for c in KING_STEPS:
                seq = (a, b, c)
                ok = all(x == y or is_45(x, y) for x in seq for y in seq)
                dest = (a[0] + b[0] + c[0], a[1] + b[1] + c[1])
                if ok and dest in FALCON_OFFSETS:
                    paths.setdefault(dest, set()).add(seq)
    return paths


FALCON_PATHS = falcon_paths_by_multiset()
# Every destination is one of the 16 and has exactly three paths.
assert sorted(FALCON_PATHS) == FALCON_OFFSETS, sorted(FALCON_PATHS)
for _off, _ps in FALCON_PATHS.items():
    assert len(_ps) == 3, (_off, _ps)
assert FALCON_PATHS == falcon_paths_by_bruteforce()


def path_intermediates(path):
    """Relative intermediate squares (after step 1 and after step 2)."""
    (a, b, _c) = path
    return ((a[0], a[1]), (a[0] + b[0], a[1] + b[1]))


# ---------------------------------------------------------------------------
# Precomputed tables per square
# ---------------------------------------------------------------------------

KNIGHT_TABLE = []
KING_TABLE = []
RAYS = []          # RAYS[sq] = list of (is_orthogonal, [squares along ray])
FALCON_TABLE = []  # FALCON_TABLE[sq] = list of (dest, [(i1, i2), ...])

for s in range(NSQ):
    f, r = fr(s)
    KNIGHT_TABLE.append([sq_of(f + dx, r + dy) for dx, dy in KNIGHT_JUMPS
                         if on_board(f + dx, r + dy)])
    KING_TABLE.append([sq_of(f + dx, r + dy) for dx, dy in KING_STEPS
                       if on_board(f + dx, r + dy)])
    rays = []
    for dx, dy in KING_STEPS:
        ray = []
        x, y = f + dx, r + dy
        while on_board(x, y):
            ray.append(sq_of(x, y))
            x, y = x + dx, y + dy
        rays.append(((dx == 0) or (dy == 0), ray))
    RAYS.append(rays)
    fal = []
    for (dx, dy) in FALCON_OFFSETS:
        if not on_board(f + dx, r + dy):
            continue
        inter = []
        for path in sorted(FALCON_PATHS[(dx, dy)]):
            (ax, ay), (bx, by) = path_intermediates(path)
            # both intermediate squares must be on the board
            if on_board(f + ax, r + ay) and on_board(f + bx, r + by):
                inter.append((sq_of(f + ax, r + ay), sq_of(f + bx, r + by)))
        if inter:
            fal.append((sq_of(f + dx, r + dy), inter))
    FALCON_TABLE.append(fal)


# ---------------------------------------------------------------------------
# Position
# ---------------------------------------------------------------------------

def color_of(p):
    return WHITE if p.isupper() else BLACK


class Position:
    def __init__(self, board, side, castling, ep, halfmove=0, fullmove=1):
        self.board = board          # list of NSQ chars, '.' = empty
        self.side = side            # WHITE or BLACK
        self.castling = castling    # set of 'K','Q','k','q'
        self.ep = ep                # en passant target square or None
        self.halfmove = halfmove
        self.fullmove = fullmove

    def copy(self):
        return Position(self.board[:], self.side, set(self.castling), self.ep,
                        self.halfmove, self.fullmove)

    @staticmethod
    def from_fen(fen):
        if fen == "startpos":
            fen = START_FEN
        parts = fen.split()
        rows = parts[0].split("/")
        assert len(rows) == RANKS, "need 8 ranks"
        board = ["."] * NSQ
        for i, row in enumerate(rows):
            r = RANKS - 1 - i
            f = 0
            j = 0
            while j < len(row):
                ch = row[j]
                if ch.isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    f += int(row[j:k])     # multi-digit counts, e.g. "10"
                    j = k
                else:
                    assert ch.upper() in "KQRBNFP", ch
                    board[sq_of(f, r)] = ch
                    f += 1
                    j += 1
            assert f == FILES, "rank %d has %d files" % (r + 1, f)
        side = WHITE if (len(parts) < 2 or parts[1] == "w") else BLACK
        castling = set() if len(parts) < 3 or parts[2] == "-" else set(parts[2])
        ep = None if len(parts) < 4 or parts[3] == "-" else parse_sq(parts[3])
        hm = int(parts[4]) if len(parts) > 4 else 0
        fm = int(parts[5]) if len(parts) > 5 else 1
        return Position(board, side, castling, ep, hm, fm)

    def to_fen(self):
        rows = []
        for r in range(RANKS - 1, -1, -1):
            row, empty = "", 0
            for f in range(FILES):
                p = self.board[sq_of(f, r)]
                if p == ".":
                    empty += 1
                else:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
            if empty:
                row += str(empty)
            rows.append(row)
        cast = "".join(c for c in "KQkq" if c in self.castling) or "-"
        ep = sq_name(self.ep) if self.ep is not None else "-"
        return "%s %s %s %s %d %d" % ("/".join(rows), "wb"[self.side], cast, ep,
                                      self.halfmove, self.fullmove)

    def king_sq(self, color):
        k = "K" if color == WHITE else "k"
        for s in range(NSQ):
            if self.board[s] == k:
                return s
        return None


# ---------------------------------------------------------------------------
# Attacks
# ---------------------------------------------------------------------------

def attacked(board, sq, by):
    """Is square sq attacked by a piece of colour `by`?"""
    up = by == WHITE
    pawn, knight, king = ("P", "N", "K") if up else ("p", "n", "k")
    rook, bishop, queen, falcon = ("R", "B", "Q", "F") if up else ("r", "b", "q", "f")
    f, r = fr(sq)
    # pawns: a white pawn attacks from one rank below, a black one from above
    pr = r - 1 if up else r + 1
    for pf in (f - 1, f + 1):
        if on_board(pf, pr) and board[sq_of(pf, pr)] == pawn:
            return True
    for t in KNIGHT_TABLE[sq]:
        if board[t] == knight:
            return True
    for t in KING_TABLE[sq]:
        if board[t] == king:
            return True
    for is_ortho, ray in RAYS[sq]:
        slider = rook if is_ortho else bishop
        for t in ray:
            p = board[t]
            if p != ".":
                if p == slider or p == queen:
                    return True
                break
    # falcon: its paths are reversible, with the same pair of intermediate
    # squares, so look outwards from sq.
    for t, inters in FALCON_TABLE[sq]:
        if board[t] == falcon:
            for i1, i2 in inters:
                if board[i1] == "." and board[i2] == ".":
                    return True
    return False


def in_check(pos, color):
    k = pos.king_sq(color)
    return k is not None and attacked(pos.board, k, 1 - color)


# ---------------------------------------------------------------------------
# Moves
# ---------------------------------------------------------------------------
# A move is a tuple (frm, to, promo, kind, extra):
#   kind "n" normal, "d" pawn double step, "e" en passant (extra = captured sq),
#   "c" castling (extra = (rook_from, rook_to)).

PROMOS = "qfrbn"


def pseudo_moves(pos):
    b = pos.board
    me = pos.side
    moves = []

    def enemy(p):
        return p != "." and color_of(p) != me

    for s in range(NSQ):
        p = b[s]
        if p == "." or color_of(p) != me:
            continue
        kind = p.upper()
        f, r = fr(s)
        if kind == "P":
            dr = 1 if me == WHITE else -1
            start_rank = 1 if me == WHITE else RANKS - 2
            last_rank = RANKS - 1 if me == WHITE else 0

            def add_pawn(to, k="n", extra=None):
                if fr(to)[1] == last_rank:
                    for pr in PROMOS:
                        moves.append((s, to, pr, k, extra))
                else:
                    moves.append((s, to, None, k, extra))

            if on_board(f, r + dr) and b[sq_of(f, r + dr)] == ".":
                add_pawn(sq_of(f, r + dr))
                if r == start_rank and b[sq_of(f, r + 2 * dr)] == ".":
                    moves.append((s, sq_of(f, r + 2 * dr), None, "d", None))
            for df in (-1, 1):
                if on_board(f + df, r + dr):
                    t = sq_of(f + df, r + dr)
                    if enemy(b[t]):
                        add_pawn(t)
                    elif t == pos.ep:
                        moves.append((s, t, None, "e", sq_of(f + df, r)))
        elif kind == "N" or kind == "K":
            table = KNIGHT_TABLE if kind == "N" else KING_TABLE
            for t in table[s]:
                if b[t] == "." or enemy(b[t]):
                    moves.append((s, t, None, "n", None))
        elif kind in "RBQ":
            for is_ortho, ray in RAYS[s]:
                if kind == "R" and not is_ortho:
                    continue
                if kind == "B" and is_ortho:
                    continue
                for t in ray:
                    if b[t] == ".":
                        moves.append((s, t, None, "n", None))
                    else:
                        if enemy(b[t]):
                            moves.append((s, t, None, "n", None))
                        break
        elif kind == "F":
            for t, inters in FALCON_TABLE[s]:
                if b[t] != "." and not enemy(b[t]):
                    continue
                # one move however many paths are open
                if any(b[i1] == "." and b[i2] == "." for i1, i2 in inters):
                    moves.append((s, t, None, "n", None))
    moves.extend(castling_moves(pos))
    return moves


def castling_moves(pos):
    """Free castling."""
    me = pos.side
    b = pos.board
    rank = 0 if me == WHITE else RANKS - 1
    king = "K" if me == WHITE else "k"
    rook = "R" if me == WHITE else "r"
    ksq = pos.king_sq(me)
    out = []
    if ksq is None or fr(ksq)[1] != rank:
        return out
    kf = fr(ksq)[0]
    rights = [("K" if me == WHITE else "k", FILES - 1),
              ("Q" if me == WHITE else "q", 0)]
    for right, rf in rights:
        if right not in pos.castling:
            continue
        rsq = sq_of(rf, rank)
        if b[rsq] != rook:
            continue
        step = 1 if rf > kf else -1
        between = [sq_of(x, rank) for x in range(kf + step, rf, step)]
        if any(b[x] != "." for x in between):
            continue
        if attacked(b, ksq, 1 - me):           # not out of check
            continue
        # A passed square is judged as if the king stood on it: its own square vacated
        # (this matters when the king's square is on a falcon path to a passed square).
        lifted = list(b)
        lifted[ksq] = "."
        # king destinations: 1 .. (distance - 1) squares toward the rook
        for n in range(1, abs(rf - kf)):
            kto = sq_of(kf + n * step, rank)
            passed = [sq_of(kf + i * step, rank) for i in range(1, n + 1)]
            if any(attacked(lifted, x, 1 - me) for x in passed):
                break                         # farther squares pass this one too
            rto = sq_of(kf + (n - 1) * step, rank)   # next to king, origin side
            out.append((ksq, kto, None, "c", (rsq, rto)))
    return out


def make_move(pos, mv):
    frm, to, promo, kind, extra = mv
    n = pos.copy()
    b = n.board
    p = b[frm]
    captured = b[to] if kind != "c" else "."
    if kind == "c":
        rfrom, rto = extra
        r = b[rfrom]
        b[frm] = "."
        b[rfrom] = "."
        b[to] = p
        b[rto] = r
    else:
        b[to] = p if promo is None else (promo.upper() if pos.side == WHITE else promo)
        b[frm] = "."
        if kind == "e":
            captured = b[extra]
            b[extra] = "."
    # en passant target
    n.ep = None
    if kind == "d":
        n.ep = (frm + to) // 2
    # castling rights: king or rook moving from / anything landing on the corners
    if p.upper() == "K":
        n.castling -= ({"K", "Q"} if pos.side == WHITE else {"k", "q"})
    corner_rights = {sq_of(0, 0): "Q", sq_of(FILES - 1, 0): "K",
                     sq_of(0, RANKS - 1): "q", sq_of(FILES - 1, RANKS - 1): "k"}
    for s in (frm, to):
        if s in corner_rights:
            n.castling.discard(corner_rights[s])
    n.halfmove = 0 if (p.upper() == "P" or captured != ".") else pos.halfmove + 1
    if pos.side == BLACK:
        n.fullmove += 1
    n.side = 1 - pos.side
    return n


def legal_moves(pos):
    out = []
    for mv in pseudo_moves(pos):
        n = make_move(pos, mv)
        if not in_check(n, pos.side):
            out.append(mv)
    return out


def move_text(mv):
    frm, to, promo, kind, extra = mv
    text = sq_name(frm) + sq_name(to)
    if promo:
        text += promo
    if kind == "c" and abs(fr(frm)[0] - fr(to)[0]) == 1:
        # a one-square castling looks like a king step: add the rook move
        text += "/" + sq_name(extra[0]) + sq_name(extra[1])
    return text


def find_move(pos, text):
    for mv in legal_moves(pos):
        if move_text(mv) == text:
            return mv
    raise ValueError("illegal or unknown move %r in %s" % (text, pos.to_fen()))


# ---------------------------------------------------------------------------
# Perft
# ---------------------------------------------------------------------------

def perft(pos, depth):
    if depth == 0:
        return 1
    moves = legal_moves(pos)
    if depth == 1:
        return len(moves)
    return sum(perft(make_move(pos, mv), depth - 1) for mv in moves)


def divide(pos, depth):
    result = {}
    for mv in legal_moves(pos):
        result[move_text(mv)] = perft(make_move(pos, mv), depth - 1)
    return result


def print_paths():
    for off in FALCON_OFFSETS:
        print("%-8s" % (off,), end="")
        for path in sorted(FALCON_PATHS[off]):
            i1, i2 = path_intermediates(path)
            print("  steps %s -> via %s %s" % (path, i1, i2), end="")
        print()


def main(argv):
    if len(argv) >= 1 and argv[0] == "--paths":
        print_paths()
        return
    if len(argv) < 2:
        print(__doc__)
        sys.exit(2)
    fen, depth = argv[0], int(argv[1])
    rest = argv[2:]
    show_divide = "--divide" in rest
    moves = []
    if "--moves" in rest:
        i = rest.index("--moves") + 1
        while i < len(rest) and not rest[i].startswith("--"):
            moves.append(rest[i])
            i += 1
    pos = Position.from_fen(fen)
    for m in moves:
        pos = make_move(pos, find_move(pos, m))
    if show_divide:
        d = divide(pos, depth)
        for k in sorted(d):
            print("%s: %d" % (k, d[k]))
        print()
        print("nodes %d" % sum(d.values()))
    else:
        print("nodes %d" % perft(pos, depth))


if __name__ == "__main__":
    main(sys.argv[1:])
