#!/usr/bin/env python3
"""Independent reference move generator for The Bermuda Chess Angle.

Written from the rules as stated (variants/bermuda.yaml and the verification brief), without
reading the engine's source.

Rules implemented:
  * 10x10 board, files a-j, ranks 1-10; White moves toward rank 10.
  * Pieces: P pawn (one step, two steps from rank 2 / 9 through an empty square, diagonal
    capture, en passant, promotion on the last rank to Q R B N S), N knight, B bishop,
    R rook, Q queen, K king, S ship (one or two squares along any of the 8 lines, the first
    square must be empty to reach the second).
  * No check. Kings are captured like any piece. A position where either king is missing is
    a finished game: it has no legal moves.
  * Castling: king on f1 and rook on j1 / a1 (rights K/Q, k/q for the 10th rank) with every
    square between them empty; check plays no part. Kingside f1->i1 with j1->h1, queenside
    f1->b1 with a1->c1. Written as the king's from-to (f1i1, f1b1).
  * The Angle is c3-h8 (36 squares). After a move whose path touches the Angle, or after
    which any piece stands in the Angle, one Angle square is drawn uniformly: the piece on
    it (after the move) is removed, and the piece that just moved is removed if the square
    is on its path (castling: king by the king's path, rook by the rook's path).
    A path is origin + every square passed over in a straight line + destination; a
    knight's path is origin and destination; en passant is the capturing pawn's origin and
    destination.
  * Perft: a triggering move counts as 36 moves, one per drawn square ("e2e4@d5").

Usage: python3 bermuda_reference.py FEN|startpos DEPTH [--divide] [--outcomes]
           [--quirks castle-dest,ep-sink] [--moves M1 M2 ...]
  --outcomes divides by move with its outcome (e2e4@d5); --quirks: see QUIRKS below.
"""

import sys
from collections import Counter

SIZE = 10
START_FEN = "rnbsqksbnr/pppppppppp/10/10/10/10/10/10/PPPPPPPPPP/RNBSQKSBNR w KQkq - 0 1"
FILES = "abcdefghij"
PROMOTIONS = "QRBNS"

# Deviations observed in the engine that the rules above do NOT ask for. Off by default;
# `--quirks castle-dest,ep-sink` turns them on, so that a comparison can look past a known
# disagreement for further ones.
#   castle-dest: castling is refused when the enemy attacks the king's destination square.
#   ep-sink:     the en passant right is lost when the chance event removes a piece.
QUIRKS = set()


def sq(file, rank):
    """Square index from 0-based file and rank."""
    return rank * SIZE + file


def file_of(s):
    return s % SIZE


def rank_of(s):
    return s // SIZE


def sq_name(s):
    return FILES[file_of(s)] + str(rank_of(s) + 1)


def parse_sq(text):
    return sq(FILES.index(text[0]), int(text[1:]) - 1)


def on_board(f, r):
    return 0 <= f < SIZE and 0 <= r < SIZE


# The Angle: files c-h, ranks 3-8.
ANGLE = [sq(f, r) for r in range(2, 8) for f in range(2, 8)]
ANGLE_SET = frozenset(ANGLE)
assert len(ANGLE) == 36

ORTHO = [(1, 0), (-1, 0), (0, 1), (0, -1)]
DIAG = [(1, 1), (1, -1), (-1, 1), (-1, -1)]
KNIGHT = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def ray(s, d, limit=SIZE):
    """Squares from s (exclusive) in direction d, at most `limit` of them."""
    out = []
    f, r = file_of(s) + d[0], rank_of(s) + d[1]
    while on_board(f, r) and len(out) < limit:
        out.append(sq(f, r))
        f, r = f + d[0], r + d[1]
    return out


RAYS = {
    "R": [[ray(s, d) for d in ORTHO] for s in range(SIZE * SIZE)],
    "B": [[ray(s, d) for d in DIAG] for s in range(SIZE * SIZE)],
    "Q": [[ray(s, d) for d in ORTHO + DIAG] for s in range(SIZE * SIZE)],
    "S": [[ray(s, d, 2) for d in ORTHO + DIAG] for s in range(SIZE * SIZE)],
}
LEAPS = {
    "N": [[sq(file_of(s) + a, rank_of(s) + b) for a, b in KNIGHT
           if on_board(file_of(s) + a, rank_of(s) + b)] for s in range(SIZE * SIZE)],
    "K": [[sq(file_of(s) + a, rank_of(s) + b) for a, b in ORTHO + DIAG
           if on_board(file_of(s) + a, rank_of(s) + b)] for s in range(SIZE * SIZE)],
}

# Castling: right letter -> (king from, king to, rook from, rook to, squares between).
CASTLING = {}
for _right, _rank in (("K", 0), ("Q", 0), ("k", 9), ("q", 9)):
    _king = sq(5, _rank)
    if _right.lower() == "k":
        _kt, _rf, _rt = sq(8, _rank), sq(9, _rank), sq(7, _rank)
    else:
        _kt, _rf, _rt = sq(1, _rank), sq(0, _rank), sq(2, _rank)
    _lo, _hi = min(_king, _rf), max(_king, _rf)
    CASTLING[_right] = (_king, _kt, _rf, _rt, list(range(_lo + 1, _hi)))


def is_white(p):
    return p.isupper()


def color(p):
    return "w" if p.isupper() else "b"


def between_inclusive(a, b):
    """Squares on a rank from a to b inclusive (used for castling paths)."""
    step = 1 if b > a else -1
    return list(range(a, b + step, step))


class Move:
    """A move before its chance outcome.

    movers: list of (path squares, final square) for every piece that moved; the piece at
    the final square sinks if the drawn square is on its path.
    """

    __slots__ = ("frm", "to", "promo", "kind", "movers", "text")

    def __init__(self, frm, to, promo=None, kind="normal", movers=None):
        self.frm, self.to, self.promo, self.kind = frm, to, promo, kind
        self.movers = movers if movers is not None else [([frm, to], to)]
        self.text = sq_name(frm) + sq_name(to) + (promo.lower() if promo else "")


class Position:
    __slots__ = ("board", "side", "castling", "ep")

    def __init__(self, board, side, castling, ep):
        self.board = board          # list of 100: "" or piece letter
        self.side = side            # "w" or "b"
        self.castling = castling    # string subset of "KQkq"
        self.ep = ep                # square index or None

    @classmethod
    def from_fen(cls, fen):
        if fen == "startpos":
            fen = START_FEN
        parts = fen.split()
        rows = parts[0].split("/")
        assert len(rows) == SIZE, "need 10 ranks"
        board = [""] * (SIZE * SIZE)
        for i, row in enumerate(rows):
            rank = SIZE - 1 - i
            f, j = 0, 0
            while j < len(row):
                if row[j].isdigit():
                    k = j
                    while k < len(row) and row[k].isdigit():
                        k += 1
                    f += int(row[j:k])
                    j = k
                else:
                    board[sq(f, rank)] = row[j]
                    f += 1
                    j += 1
            assert f == SIZE, "rank %d has %d files" % (rank + 1, f)
        side = parts[1] if len(parts) > 1 else "w"
        castling = parts[2] if len(parts) > 2 and parts[2] != "-" else ""
        ep = parse_sq(parts[3]) if len(parts) > 3 and parts[3] != "-" else None
        return cls(board, side, castling, ep)

    def fen(self):
        rows = []
        for rank in range(SIZE - 1, -1, -1):
            row, empty = "", 0
            for f in range(SIZE):
                p = self.board[sq(f, rank)]
                if p:
                    if empty:
                        row += str(empty)
                        empty = 0
                    row += p
                else:
                    empty += 1
            if empty:
                row += str(empty)
            rows.append(row)
        return "%s %s %s %s" % ("/".join(rows), self.side, self.castling or "-",
                                sq_name(self.ep) if self.ep is not None else "-")

    def key(self):
        return (tuple(self.board), self.side, self.castling, self.ep)

    def game_over(self):
        """Either king missing: the game is decided (or drawn), no moves."""
        return "K" not in self.board or "k" not in self.board


def generate(pos):
    """All moves of the side to move, before their chance outcomes."""
    if pos.game_over():
        return []
    board, white = pos.board, pos.side == "w"
    moves = []

    def own(p):
        return p and is_white(p) == white

    def enemy(p):
        return p and is_white(p) != white

    fwd = 1 if white else -1
    start_rank = 1 if white else 8
    last_rank = 9 if white else 0
    for s in range(SIZE * SIZE):
        p = board[s]
        if not own(p):
            continue
        kind = p.upper()
        if kind == "P":
            f, r = file_of(s), rank_of(s)
            r1 = r + fwd
            if not 0 <= r1 < SIZE:
                continue
            one = sq(f, r1)
            promos = PROMOTIONS if r1 == last_rank else [None]
            if not board[one]:
                for pr in promos:
                    moves.append(Move(s, one, pr))
                if r == start_rank:
                    two = sq(f, r + 2 * fwd)
                    if not board[two]:
                        moves.append(Move(s, two, None, "double", [([s, one, two], two)]))
            for df in (-1, 1):
                if not 0 <= f + df < SIZE:
                    continue
                t = sq(f + df, r1)
                if enemy(board[t]):
                    for pr in promos:
                        moves.append(Move(s, t, pr))
                elif t == pos.ep and not board[t]:
                    # En passant: the pawn that double-stepped stands behind the ep square.
                    victim = sq(f + df, r)
                    if board[victim] == ("p" if white else "P"):
                        moves.append(Move(s, t, None, "ep"))
        elif kind in LEAPS:
            for t in LEAPS[kind][s]:
                if not own(board[t]):
                    moves.append(Move(s, t))
        else:
            for line in RAYS[kind][s]:
                path = [s]
                for t in line:
                    path.append(t)
                    if own(board[t]):
                        break
                    moves.append(Move(s, t, None, "normal", [(list(path), t)]))
                    if board[t]:
                        break
    # Castling.
    for right in (("K", "Q") if white else ("k", "q")):
        if right not in pos.castling:
            continue
        kf, kt, rf, rt, between = CASTLING[right]
        if board[kf] != ("K" if white else "k") or board[rf] != ("R" if white else "r"):
            continue
        if any(board[b] for b in between):
            continue
        if "castle-dest" in QUIRKS and attacked(board, kt, not white):
            continue
        movers = [(between_inclusive(kf, kt), kt), (between_inclusive(rf, rt), rt)]
        moves.append(Move(kf, kt, None, "castle", movers))
    return moves


def attacked(board, target, by_white):
    """Could a piece of that colour capture on target? (Only for the castle-dest quirk.)"""
    for s in range(SIZE * SIZE):
        p = board[s]
        if not p or is_white(p) != by_white:
            continue
        kind = p.upper()
        if kind == "P":
            fwd = 1 if by_white else -1
            if rank_of(target) == rank_of(s) + fwd and abs(file_of(target) - file_of(s)) == 1:
                return True
        elif kind in LEAPS:
            if target in LEAPS[kind][s]:
                return True
        else:
            for line in RAYS[kind][s]:
                for t in line:
                    if t == target:
                        return True
                    if board[t]:
                        break
    return False


def play(pos, mv):
    """The position after mv, before any chance event."""
    board = list(pos.board)
    p = board[mv.frm]
    white = is_white(p)
    board[mv.frm] = ""
    if mv.kind == "castle":
        right = [r for r, c in CASTLING.items() if c[0] == mv.frm and c[1] == mv.to][0]
        _, kt, rf, rt, _ = CASTLING[right]
        rook = board[rf]
        board[rf] = ""
        board[kt] = p
        board[rt] = rook
    else:
        if mv.kind == "ep":
            board[sq(file_of(mv.to), rank_of(mv.frm))] = ""
        board[mv.to] = (mv.promo if white else mv.promo.lower()) if mv.promo else p
    castling = pos.castling
    if castling:
        if p.upper() == "K":
            castling = castling.replace("K" if white else "k", "").replace("Q" if white else "q", "")
        for right, (_, _, rf, _, _) in CASTLING.items():
            if mv.frm == rf or mv.to == rf:
                castling = castling.replace(right, "")
    ep = None
    if mv.kind == "double":
        ep = (mv.frm + mv.to) // 2
    return Position(board, "b" if pos.side == "w" else "w", castling, ep)


def triggers(after, mv):
    """Does the chance event happen after this move?"""
    for path, _ in mv.movers:
        if any(s in ANGLE_SET for s in path):
            return True
    return any(after.board[s] for s in ANGLE)


def sink(after, mv, drawn):
    """Apply the drawn square's effects to the position after the move."""
    board = list(after.board)
    board[drawn] = ""
    for path, final in mv.movers:
        if drawn in path:
            board[final] = ""
    # Castling rights are untouched: kings' and rooks' home squares lie outside the Angle.
    ep = after.ep
    if "ep-sink" in QUIRKS and board != after.board:
        ep = None
    return Position(board, after.side, after.castling, ep)


def outcomes(pos, mv):
    """List of (text, position): one entry, or 36 when the chance event happens."""
    after = play(pos, mv)
    if not triggers(after, mv):
        return [(mv.text, after)]
    return [("%s@%s" % (mv.text, sq_name(d)), sink(after, mv, d)) for d in ANGLE]


def perft(pos, depth):
    if depth == 0:
        return 1
    total = 0
    for mv in generate(pos):
        after = play(pos, mv)
        if not triggers(after, mv):
            total += perft(after, depth - 1) if depth > 1 else 1
        elif depth == 1:
            total += len(ANGLE)
        else:
            # Each of the 36 outcomes is its own branch. Outcomes that give the same
            # position are grouped and counted with their multiplicity (same result,
            # fewer searches).
            groups = Counter()
            reps = {}
            for d in ANGLE:
                child = sink(after, mv, d)
                k = child.key()
                groups[k] += 1
                reps[k] = child
            for k, n in groups.items():
                total += n * perft(reps[k], depth - 1)
    return total


def divide(pos, depth, with_outcomes=False):
    """Per root move (summed over outcomes unless with_outcomes) -> node count."""
    res = Counter()
    for mv in generate(pos):
        for text, child in outcomes(pos, mv):
            n = perft(child, depth - 1)
            res[text if with_outcomes else mv.text] += n
    return dict(res)


def find_move(pos, text):
    """Play a move text (optionally with @square) and return the resulting position."""
    base, _, drawn = text.partition("@")
    for mv in generate(pos):
        if mv.text == base:
            for t, child in outcomes(pos, mv):
                if t == text:
                    return child
            raise ValueError("move %s: outcome %r not possible here" % (base, drawn or None))
    raise ValueError("illegal move %s in %s" % (text, pos.fen()))


def main(argv):
    args = list(argv)
    moves = []
    if "--moves" in args:
        i = args.index("--moves")
        moves = args[i + 1:]
        args = args[:i]
    if "--quirks" in args:
        i = args.index("--quirks")
        QUIRKS.update(args[i + 1].split(","))
        del args[i:i + 2]
    flags = {a for a in args if a.startswith("--")}
    args = [a for a in args if not a.startswith("--")]
    if len(args) != 2:
        print(__doc__)
        return 2
    pos = Position.from_fen(args[0])
    for m in moves:
        pos = find_move(pos, m)
    depth = int(args[1])
    if "--divide" in flags or "--outcomes" in flags:
        res = divide(pos, depth, "--outcomes" in flags)
        for k in sorted(res):
            print("%s: %d" % (k, res[k]))
        print("nodes %d" % sum(res.values()))
    else:
        print("nodes %d" % perft(pos, depth))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
