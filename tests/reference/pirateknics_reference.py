#!/usr/bin/env python3
"""Independent reference move generator for PiRaTeKnIcS (standard library only).

Written from the project's readings (docs/games/pirateknics.md and the brief), not from the engine.
Usage:
  pirateknics_reference.py perft "<FEN>" <depth>
  pirateknics_reference.py divide "<FEN>" <depth>
  pirateknics_reference.py moves "<FEN>"
  pirateknics_reference.py positions <seed> <n>
  pirateknics_reference.py apply "<FEN>" <key>      (key e.g. "C b1 c1 R xR" or "S b2 b4")
  pirateknics_reference.py selftest
"start" may be given instead of a FEN.
"""
import sys
import random
import time
from itertools import combinations_with_replacement

START_FEN = ("<rnb><rbq><kbn><bnr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/"
             "<PPP><PPP><PPP><PPP><PPP><PPP>/<RNB><RBQ><KBN><BNR> w - - 0 1")

CAPACITY = 3
NFILES, NRANKS = 6, 8
FILES = 'abcdef'
MISSING = {(0, 0), (5, 0), (0, 7), (5, 7)}     # a1 f1 a8 f8 as (file, rank) 0-based

# Mailbox: 8 columns (pad, a..f, pad) x 12 rows (2 pad, ranks 1..8, 2 pad).
# Knight jumps off the a/f files wrap onto a pad column, so one pad column per side suffices.
W = 8
SIZE = 12 * W


def sqi(f, r):
    return (r + 2) * W + f + 1


ON = [False] * SIZE
SQS = []
NAME = {}
FILE_OF = [None] * SIZE
RANK_OF = [None] * SIZE
for _r in range(NRANKS):
    for _f in range(NFILES):
        if (_f, _r) in MISSING:
            continue
        _i = sqi(_f, _r)
        ON[_i] = True
        SQS.append(_i)
        NAME[_i] = FILES[_f] + str(_r + 1)
        FILE_OF[_i] = _f
        RANK_OF[_i] = _r
BYNAME = {v: k for k, v in NAME.items()}

ORTHO = (W, -W, 1, -1)
DIAG = (W + 1, W - 1, -W + 1, -W - 1)
KING_STEPS = ORTHO + DIAG
KNIGHT_STEPS = (2 * W + 1, 2 * W - 1, -2 * W + 1, -2 * W - 1, W + 2, W - 2, -W + 2, -W - 2)

ORDER = 'PNBRQKpnbrqk'
ORDKEY = {c: i for i, c in enumerate(ORDER)}
PROMO_TYPES = 'NBRQ'

# own half (0-based ranks) and promotion cells per side (0 = White, 1 = Black)
HALF = ({0, 1, 2, 3}, {4, 5, 6, 7})
PROMO = (
    {BYNAME[n] for n in ('b8', 'c8', 'd8', 'e8', 'a7', 'f7')},
    {BYNAME[n] for n in ('b1', 'c1', 'd1', 'e1', 'a2', 'f2')},
)
FWD = (W, -W)
IN_HALF = [[False] * SIZE, [False] * SIZE]
for _i in SQS:
    IN_HALF[0][_i] = RANK_OF[_i] in HALF[0]
    IN_HALF[1][_i] = RANK_OF[_i] in HALF[1]

PROMO_CHOICES = {k: [''.join(c) for c in combinations_with_replacement(PROMO_TYPES, k)]
                 for k in range(0, 4)}


def canon(chars):
    return ''.join(sorted(chars, key=ORDKEY.__getitem__))


def is_own(c, side):
    return c.isupper() if side == 0 else c.islower()


def cased(t, side):
    return t.upper() if side == 0 else t.lower()


class Pos:
    __slots__ = ('ships', 'side', 'last', 'hm', 'fm')

    def __init__(self, ships, side, last, hm, fm):
        self.ships = ships      # list SIZE: None = no ship, '' = empty ship, str = crew (canonical)
        self.side = side        # 0 white, 1 black
        self.last = last        # None or (A, B): previous ply was ship move A -> B
        self.hm = hm
        self.fm = fm


# ---------------------------------------------------------------- FEN

def parse_fen(fen):
    if fen.strip() == 'start':
        fen = START_FEN
    parts = fen.split()
    if len(parts) < 2:
        raise ValueError('FEN needs at least board and side')
    board, side = parts[0], parts[1]
    ranks = board.split('/')
    if len(ranks) != NRANKS:
        raise ValueError('need 8 ranks')
    ships = [None] * SIZE
    for k, rs in enumerate(ranks):
        r = NRANKS - 1 - k
        cells = [f for f in range(NFILES) if (f, r) not in MISSING]
        ci = 0
        j = 0
        while j < len(rs):
            ch = rs[j]
            if ch.isdigit():
                n = 0
                while j < len(rs) and rs[j].isdigit():
                    n = n * 10 + int(rs[j])
                    j += 1
                ci += n
                continue
            if ch == '<':
                e = rs.index('>', j)
                crew = rs[j + 1:e]
                if len(crew) > CAPACITY or any(c not in ORDKEY for c in crew):
                    raise ValueError('bad ship ' + crew)
                if ci >= len(cells):
                    raise ValueError('rank too long: ' + rs)
                ships[sqi(cells[ci], r)] = canon(crew)
                ci += 1
                j = e + 1
                continue
            raise ValueError('bad char %r' % ch)
        if ci != len(cells):
            raise ValueError('rank %d has %d cells, expected %d' % (r + 1, ci, len(cells)))
    if side not in ('w', 'b'):
        raise ValueError('side')
    last = None
    if len(parts) > 3 and parts[3] != '-':
        a, b = parts[3][:2], parts[3][2:]
        last = (BYNAME[a], BYNAME[b])
    hm = int(parts[4]) if len(parts) > 4 else 0
    fm = int(parts[5]) if len(parts) > 5 else 1
    return Pos(ships, 0 if side == 'w' else 1, last, hm, fm)


def to_fen(pos):
    rows = []
    for r in range(NRANKS - 1, -1, -1):
        out = ''
        run = 0
        for f in range(NFILES):
            if (f, r) in MISSING:
                continue
            s = pos.ships[sqi(f, r)]
            if s is None:
                run += 1
            else:
                if run:
                    out += str(run)
                    run = 0
                out += '<' + s + '>'
        if run:
            out += str(run)
        rows.append(out)
    last = '-' if pos.last is None else NAME[pos.last[0]] + NAME[pos.last[1]]
    return '%s %s - %s %d %d' % ('/'.join(rows), 'wb'[pos.side], last, pos.hm, pos.fm)


# ---------------------------------------------------------------- geometry

def reach(ships, sq, t, side):
    """Destinations for a crewman of upper-case type t on sq.
    Returns (ship_dests, crew_noncap_dests, crew_cap_dests).
    ship_dests: cells with no ship reachable by the non-capture pattern (ship move).
    crew_noncap_dests: cells with a ship (empty or crewed) reachable by the non-capture pattern.
    crew_cap_dests: cells with a ship reachable by the capture pattern (ship may lack victims;
    the caller filters). Paths may pass empty ships and empty cells, never crewed ships."""
    sd, nd, cd = [], [], []
    if t == 'P':
        f = FWD[side]
        half = IN_HALF[side]
        d = sq
        k = 0
        while True:
            d += f
            k += 1
            if not ON[d]:
                break
            if k > 1 and not (half[sq] and half[d]):
                break
            s = ships[d]
            if s is None:
                sd.append(d)
            else:
                nd.append(d)
                if s:
                    break
        for dd in (f + 1, f - 1):
            d = sq + dd
            if ON[d] and ships[d] is not None:
                cd.append(d)
        return sd, nd, cd
    if t == 'N' or t == 'K':
        for dd in (KNIGHT_STEPS if t == 'N' else KING_STEPS):
            d = sq + dd
            if ON[d]:
                if ships[d] is None:
                    sd.append(d)
                else:
                    nd.append(d)
        return sd, nd, nd
    dirs = ORTHO if t == 'R' else DIAG if t == 'B' else KING_STEPS
    for dd in dirs:
        d = sq + dd
        while ON[d]:
            s = ships[d]
            if s is None:
                sd.append(d)
            else:
                nd.append(d)
                if s:
                    break
            d += dd
    return sd, nd, nd


def attacked(ships, sq, by):
    """Is cell sq attacked by a crewman of colour `by` standing on a different cell?"""
    if by == 0:
        P, N, B, R, Q, K = 'PNBRQK'
        pawn_from = (sq - W - 1, sq - W + 1)
    else:
        P, N, B, R, Q, K = 'pnbrqk'
        pawn_from = (sq + W - 1, sq + W + 1)
    for d in pawn_from:
        s = ships[d]
        if s and P in s:
            return True
    for dd in KNIGHT_STEPS:
        s = ships[sq + dd]
        if s and N in s:
            return True
    for dd in KING_STEPS:
        s = ships[sq + dd]
        if s and K in s:
            return True
    for dd in ORTHO:
        d = sq + dd
        while ON[d]:
            s = ships[d]
            if s:
                if R in s or Q in s:
                    return True
                break
            d += dd
    for dd in DIAG:
        d = sq + dd
        while ON[d]:
            s = ships[d]
            if s:
                if B in s or Q in s:
                    return True
                break
            d += dd
    return False


def legal_after(ships, mover):
    """Legality of a finished move by `mover`: own kings unattacked, kings not adjacent."""
    wk = []
    bk = []
    for sq in SQS:
        s = ships[sq]
        if s:
            if 'K' in s:
                wk.append(sq)
            if 'k' in s:
                bk.append(sq)
    for a in wk:
        for b in bk:
            if a != b and abs(FILE_OF[a] - FILE_OF[b]) <= 1 and abs(RANK_OF[a] - RANK_OF[b]) <= 1:
                return False
    enemy = 1 - mover
    for k in (wk if mover == 0 else bk):
        if attacked(ships, k, enemy):
            return False
    return True


def in_check(pos):
    ks = 'K' if pos.side == 0 else 'k'
    return any(pos.ships[sq] and ks in pos.ships[sq] and attacked(pos.ships, sq, 1 - pos.side)
               for sq in SQS)


def sub_multisets(s):
    """Distinct sub-multisets (canonical strings) of the crew string s (len <= 2 here)."""
    res = {''}
    n = len(s)
    for mask in range(1, 1 << n):
        res.add(canon([s[i] for i in range(n) if mask >> i & 1]))
    return res


# ---------------------------------------------------------------- move generation

def pseudo_moves(pos):
    """dict key -> descriptor, before the legality check. Keys:
    ('S', from, to, promo)  and  ('C', from, to, GROUP, captured-char-or-'', promo)."""
    ships = pos.ships
    side = pos.side
    pawn = 'P' if side == 0 else 'p'
    promo_cells = PROMO[side]
    moves = {}
    for sq in SQS:
        s = ships[sq]
        if not s:
            continue
        owns = [c for c in s if is_own(c, side)]
        if not owns:
            continue
        types = sorted(set(c.upper() for c in owns), key=ORDKEY.__getitem__)
        shipdests = set()
        for t in types:
            sd, nd, cd = reach(ships, sq, t, side)
            shipdests.update(sd)
            rest = list(owns)
            rest.remove(cased(t, side))
            comps = sub_multisets(canon(rest))
            tc = cased(t, side)
            for d in nd:
                room = CAPACITY - len(ships[d])
                for comp in comps:
                    if 1 + len(comp) <= room:
                        group = canon(tc + comp)
                        k = group.count(pawn) if d in promo_cells else 0
                        for pr in PROMO_CHOICES[k]:
                            moves[('C', sq, d, group.upper(), '', pr)] = group
            for d in cd:
                ds = ships[d]
                room = CAPACITY - (len(ds) - 1)
                victims = set(c for c in ds if c not in 'Kk')
                for comp in comps:
                    if 1 + len(comp) <= room:
                        group = canon(tc + comp)
                        k = group.count(pawn) if d in promo_cells else 0
                        for v in victims:
                            for pr in PROMO_CHOICES[k]:
                                moves[('C', sq, d, group.upper(), v, pr)] = group
        k = owns.count(pawn)
        for d in shipdests:
            if pos.last is not None and pos.last[0] == d and pos.last[1] == sq:
                continue        # no-undo rule
            kk = k if d in promo_cells else 0
            for pr in PROMO_CHOICES[kk]:
                moves[('S', sq, d, pr)] = None
    return moves


def promote(crew, side, pr):
    """Replace len(pr) own pawns in crew by the promotion choices pr."""
    if not pr:
        return crew
    pawn = 'P' if side == 0 else 'p'
    lst = list(crew)
    for t in pr:
        lst.remove(pawn)
        lst.append(cased(t, side))
    return lst


def make(pos, key, group=None):
    side = pos.side
    ships = list(pos.ships)
    if key[0] == 'S':
        _, a, b, pr = key
        ships[b] = canon(promote(ships[a], side, pr))
        ships[a] = None
        return Pos(ships, 1 - side, (a, b), pos.hm + 1, pos.fm + side)
    _, a, b, G, cap, pr = key
    if group is None:
        group = cased(G, side)
    orig = list(ships[a])
    for c in group:
        orig.remove(c)
    ships[a] = canon(orig)
    dest = list(ships[b])
    if cap:
        dest.remove(cap)
    dest.extend(promote(group, side, pr))
    ships[b] = canon(dest)
    return Pos(ships, 1 - side, None, 0 if cap else pos.hm + 1, pos.fm + side)


def legal_moves(pos):
    """list of (key, new position), sorted by printed key."""
    res = []
    side = pos.side
    for key, group in pseudo_moves(pos).items():
        np = make(pos, key, group)
        if legal_after(np.ships, side):
            res.append((key, np))
    res.sort(key=lambda kv: key_str(kv[0]))
    return res


def key_str(key):
    if key[0] == 'S':
        _, a, b, pr = key
        return 'S %s %s%s' % (NAME[a], NAME[b], ' =' + pr if pr else '')
    _, a, b, G, cap, pr = key
    return 'C %s %s %s%s%s' % (NAME[a], NAME[b], G, ' x' + cap if cap else '',
                               ' =' + pr if pr else '')


def perft(pos, depth):
    if depth == 0:
        return 1
    side = pos.side
    n = 0
    if depth == 1:
        for key, group in pseudo_moves(pos).items():
            if legal_after(make(pos, key, group).ships, side):
                n += 1
        return n
    for key, group in pseudo_moves(pos).items():
        np = make(pos, key, group)
        if legal_after(np.ships, side):
            n += perft(np, depth - 1)
    return n


# ---------------------------------------------------------------- self tests

def selftest():
    fails = 0

    def check(name, got, want):
        nonlocal fails
        ok = got == want
        if not ok:
            fails += 1
        print('%s %s: got %r want %r' % ('ok  ' if ok else 'FAIL', name, got, want))

    def keys(fen):
        return [key_str(k) for k, _ in legal_moves(parse_fen(fen))]

    # FEN round trip (canonical crew order white first, PNBRQK)
    p = parse_fen(START_FEN)
    check('start fen canonical', to_fen(p),
          '<nbr><brq><nbk><nbr>/<ppp><ppp><ppp><ppp><ppp><ppp>/6/6/6/6/'
          '<PPP><PPP><PPP><PPP><PPP><PPP>/<NBR><BRQ><NBK><NBR> w - - 0 1')
    check('fen round trip', to_fen(parse_fen(to_fen(p))), to_fen(p))

    # start: 18 non-capturing moves (12 pawn-ship + 6 knight-ship), 42 captures (hand count:
    # b1 7, c1 16, d1 13, e1 6), no non-capturing crew moves (all ships full / out of range)
    ks = keys(START_FEN)
    nc = [k for k in ks if ' x' not in k]
    check('start non-capturing moves', len(nc), 18)
    check('start ship moves', sorted(k for k in ks if k[0] == 'S'), sorted(
        ['S %s%d %s%d' % (f, 2, f, r) for f in 'abcdef' for r in (3, 4)] +
        ['S b1 a3', 'S b1 c3', 'S d1 c3', 'S d1 e3', 'S e1 d3', 'S e1 f3']))
    check('start captures', len(ks) - len(nc), 42)
    check('start b1 captures', sorted(k for k in ks if k.startswith('C b1')),
          sorted(['C b1 b2 R xP', 'C b1 c1 R xR', 'C b1 c1 R xB', 'C b1 c1 R xQ',
                  'C b1 d2 N xP', 'C b1 a2 B xP', 'C b1 c2 B xP']))
    # black to move, symmetric
    check('start black perft1', perft(parse_fen(START_FEN.replace(' w ', ' b ')), 1), 60)

    # companions & room: white R+N+P on c3 (N and P companions), empty ship c6, ship c5? none.
    # Rook c3 up: c4 empty cell, c5 empty ship (passable, destination), c6 ship <p> crewed.
    fen = '4/6/2<p>3/2<>3/6/2<PNR>3/6/<K>3 w - - 0 1'
    ks = keys(fen)
    check('companions to empty ship c5',
          sorted(k for k in ks if k.startswith('C c3 c5')),
          # the pawn c3 cannot reach c5 itself (c5 is outside White's half: one step only)
          sorted(['C c3 c5 R', 'C c3 c5 NR', 'C c3 c5 PR', 'C c3 c5 PNR']))
    # rook to c6 (crewed <p>): non-capture room 2 (R + one companion), capture room 3
    check('rook onto crewed c6',
          sorted(k for k in ks if k.startswith('C c3 c6')),
          sorted(['C c3 c6 R', 'C c3 c6 NR', 'C c3 c6 PR',
                  'C c3 c6 R xp', 'C c3 c6 NR xp', 'C c3 c6 PR xp', 'C c3 c6 PNR xp']))
    # c7 beyond crewed c6 unreachable; ship moves of c3 do not stop on c5 (ship there)
    check('no passing crewed ship', [k for k in ks if ' c7' in k or ' c8' in k], [])
    check('ship move cannot land on empty ship', [k for k in ks if k.startswith('S c3 c5')], [])
    check('ship move passes empty ship (none beyond c6 here), c4 ok',
          'S c3 c4' in ks and 'S c3 c5' not in ks, True)

    # empty ship doesn't block a rook's attack: white king e1? put black rook a4 vs white king e4
    # with empty ship on c4 between -> king in check; with crewed ship -> not.
    fen1 = '4/6/6/6/<r>1<>1<K>1/6/6/<k>3 w - - 0 1'
    fen2 = '4/6/6/6/<r>1<P>1<K>1/6/6/<k>3 w - - 0 1'
    check('empty ship transparent for check', in_check(parse_fen(fen1)), True)
    check('crewed ship blocks check', in_check(parse_fen(fen2)), False)

    # full ship as target: no non-capture; capture gives room for mover only
    fen = '4/6/6/6/6/<PPP>5/<R>5/<K>3 w - - 0 1'
    ks = keys(fen)
    check('full ship target', sorted(k for k in ks if k.startswith('C a2 a3')), ['C a2 a3 R xP'])

    # two/three pawns promoting at once: white <PPP> on b7, b8 empty ship -> crew move b7->b8
    # pawn forward non-capture onto ship b8 with room 3: groups P, PP, PPP promoted
    fen = '<>3/1<PPP>4/6/6/6/6/6/<K>1<k>1 w - - 0 1'
    ks = keys(fen)
    cb8 = [k for k in ks if k.startswith('C b7 b8')]
    check('multi promotion count crew', len(cb8), 4 + 10 + 20)
    check('multi promo example', 'C b7 b8 PP =NQ' in cb8 and 'C b7 b8 PPP =QQQ' in cb8, True)
    # ship move b7->... b8 holds ship; use ship move a6->a7 with <PPP>
    fen = '4/6/<PPP>5/6/6/6/6/<K>1<k>1 w - - 0 1'
    ks = keys(fen)
    check('ship move promotes 3 pawns', len([k for k in ks if k.startswith('S a6 a7 =')]), 20)
    # rook-driven ship move carrying a pawn onto a7 promotes it; black pawn carried does not
    fen = '4/6/6/<PRp>5/6/6/6/<K>1<k>1 w - - 0 1'
    ks = keys(fen)
    check('rook ship ride promotes own pawn only',
          sorted(k for k in ks if k.startswith('S a5 a7')),
          ['S a5 a7 =B', 'S a5 a7 =N', 'S a5 a7 =Q', 'S a5 a7 =R'])
    np = make(parse_fen(fen), ('S', BYNAME['a5'], BYNAME['a7'], 'Q'))
    check('black pawn carried stays pawn', np.ships[BYNAME['a7']], 'RQp')

    # no-undo: last ply ship move b5 -> a7 forbids S a7 b5 (knight) only
    fen = '4/<nk>5/6/6/6/6/6/<K>3 b - b5a7 0 1'
    ks = keys(fen)
    check('no-undo knight', ('S a7 b5' in ks, 'S a7 c6' in ks, 'S a7 c8' in ks), (False, True, True))
    check('no-undo absent', 'S a7 b5' in keys(fen.replace('b5a7', '-')), True)
    check('no-undo only that ship', 'S a7 b5' in keys(fen.replace('b5a7', 'b5c6')), True)
    fen = '4/<rk>5/6/6/6/6/6/<K>3 b - a4a7 0 1'
    check('no-undo rook', ('S a7 a4' in keys(fen), 'S a7 a3' in keys(fen)), (False, True))
    check('no-undo rook absent', 'S a7 a4' in keys(fen.replace('a4a7', '-')), True)
    # no-undo does not restrict crew moves: black rook may go back a7->a4 onto a ship
    fen = '4/<rk>5/6/6/<>5/6/6/<K>3 b - a4a7 0 1'
    check('no-undo ignores crew moves', 'C a7 a4 R' in keys(fen), True)

    # king adjacency: white king c4, black king c6: no white move may end on b5/c5/d5
    fen = '4/6/2<k>3/6/2<K>3/6/6/4 w - - 0 1'
    ks = keys(fen)
    check('kings not adjacent', sorted(k for k in ks if k[-2:] in ('b5', 'c5', 'd5')), [])
    check('king free moves', sorted(ks), ['S c4 b3', 'S c4 b4', 'S c4 c3', 'S c4 d3', 'S c4 d4'])
    # white <KP> on c3, empty ship c4, black king c6? put it on c5... use c6 then c4 not adjacent
    fen = '4/6/6/2<k>3/2<>3/2<KP>3/6/4 w - - 0 1'
    ks = keys(fen)
    check('companion king may not land next to enemy king',
          sorted(k for k in ks if k.startswith('C c3 c4')), ['C c3 c4 P'])
    # kings may share a ship: white <KP> c4, black <k> c5 (room 2): pawn carries the king
    fen = '4/6/6/2<k>3/2<KP>3/6/6/4 w - - 0 1'   # (kings adjacent already; only a test)
    ks = keys(fen)
    check('kings share a ship', ('C c4 c5 PK' in ks, 'C c4 c5 K' in ks, 'C c4 c5 P' in ks),
          (True, True, False))
    np = make(parse_fen(fen), ('C', BYNAME['c4'], BYNAME['c5'], 'PK', '', ''))
    check('shared ship fen', to_fen(np).split()[0], '4/6/6/2<PKk>3/2<>3/6/6/4')

    # pawn multi-step: white pawn b1 may go b2..b4 but not b5
    fen = '4/6/6/6/6/6/6/1<P>2 w - - 0 1'
    ks = keys(fen)
    check('pawn multi-step from rank 1', sorted(ks), ['S c1 c2', 'S c1 c3', 'S c1 c4'])
    # black pawn capture pattern & friendly capture; never a king
    fen = '4/6/6/6/2<p>3/1<K>1<P>2/6/4 b - - 0 1'
    ks = keys(fen)
    check('pawn captures diag, never king', sorted(k for k in ks if k[0] == 'C'), ['C c4 d3 P xP'])

    # checkmate: white king a2 region... use: black king b8? Construct a mate:
    # white king alone on b1 ship; black rooks on a-file? a1 missing. Use king c1 with
    # black rooks on rank 1 and rank 2 far, enough.
    fen = '<k>3/6/6/6/6/6/5<r>/1<K>1<r> w - - 0 1'
    check('checkmate (no moves, in check)', (perft(parse_fen(fen), 1), in_check(parse_fen(fen))),
          (0, True))
    fen = '<k>3/6/6/6/6/6/5<r>/<K>3 w - - 0 1'
    # king b1 not in check (rank 1 free), but b2, c2 attacked by rook f2, c1 free? c1 attacked? no
    p1 = perft(parse_fen(fen), 1)
    check('not stalemate', p1 > 0, True)
    fen = '4/6/6/6/6/2<k>3/3<q>2/<K>3 w - - 0 1'
    check('stalemate', (perft(parse_fen(fen), 1), in_check(parse_fen(fen))), (0, False))

    print('selftest: %d failure(s)' % fails)
    return fails



# ---------------------------------------------------------------- naive second generator
# A deliberately different (slow, geometric) implementation used only by `crosscheck` to
# validate the fast generator above: every (from, to) pair is tested with coordinate arithmetic.

def _between_clear(ships, a, b):
    fa, ra, fb, rb = FILE_OF[a], RANK_OF[a], FILE_OF[b], RANK_OF[b]
    df, dr = fb - fa, rb - ra
    n = max(abs(df), abs(dr))
    sf = (df > 0) - (df < 0)
    sr = (dr > 0) - (dr < 0)
    for i in range(1, n):
        c = sqi(fa + i * sf, ra + i * sr)
        if ships[c]:
            return False
    return True


def _pattern(ships, t, side, a, b, capture):
    df = FILE_OF[b] - FILE_OF[a]
    dr = RANK_OF[b] - RANK_OF[a]
    adf, adr = abs(df), abs(dr)
    if t == 'N':
        return (adf, adr) in ((1, 2), (2, 1))
    if t == 'K':
        return max(adf, adr) == 1
    if t == 'R':
        return (df == 0 or dr == 0) and _between_clear(ships, a, b)
    if t == 'B':
        return adf == adr and _between_clear(ships, a, b)
    if t == 'Q':
        return (df == 0 or dr == 0 or adf == adr) and _between_clear(ships, a, b)
    fwd = 1 if side == 0 else -1
    if capture:
        return adf == 1 and dr == fwd
    if df != 0 or dr * fwd <= 0:
        return False
    if dr * fwd == 1:
        return True
    half = HALF[side]
    return RANK_OF[a] in half and RANK_OF[b] in half and _between_clear(ships, a, b)


def _naive_attacked(ships, sq, by):
    for a in SQS:
        if a == sq or not ships[a]:
            continue
        for c in set(ships[a]):
            if is_own(c, by) and _pattern(ships, c.upper(), by, a, sq, True):
                return True
    return False


def _naive_legal(ships, mover):
    kings = [(a, c) for a in SQS if ships[a] for c in ships[a] if c in 'Kk']
    for a, c in kings:
        for b, d in kings:
            if c != d and a != b and max(abs(FILE_OF[a] - FILE_OF[b]), abs(RANK_OF[a] - RANK_OF[b])) == 1:
                return False
    mk = 'K' if mover == 0 else 'k'
    return not any(c == mk and _naive_attacked(ships, a, 1 - mover) for a, c in kings)


def naive_keys(pos):
    ships, side = pos.ships, pos.side
    pawn = cased('P', side)
    out = set()
    for a in SQS:
        s = ships[a]
        if not s:
            continue
        own = [c for c in s if is_own(c, side)]
        if not own:
            continue
        for b in SQS:
            if b == a:
                continue
            dest = ships[b]
            if dest is None:
                if pos.last == (b, a):
                    continue
                if any(_pattern(ships, c.upper(), side, a, b, False) for c in own):
                    k = own.count(pawn) if b in PROMO[side] else 0
                    for pr in combinations_with_replacement(PROMO_TYPES, k):
                        pr = ''.join(pr)
                        nsh = list(ships)
                        nsh[b] = canon(promote(s, side, pr))
                        nsh[a] = None
                        if _naive_legal(nsh, side):
                            out.add(('S', a, b, pr))
                continue
            # crew moves: choose a group = mover + companions (any sub-multiset of own crew that
            # contains at least one crewman able to make the step)
            n = len(own)
            groups = set()
            for mask in range(1, 1 << n):
                groups.add(canon([own[i] for i in range(n) if mask >> i & 1]))
            for g in groups:
                for cap in [''] + sorted(set(c for c in dest if c not in 'Kk')):
                    room = CAPACITY - len(dest) + (1 if cap else 0)
                    if len(g) > room:
                        continue
                    if not any(_pattern(ships, c.upper(), side, a, b, bool(cap)) for c in g):
                        continue
                    k = g.count(pawn) if b in PROMO[side] else 0
                    for pr in combinations_with_replacement(PROMO_TYPES, k):
                        pr = ''.join(pr)
                        nsh = list(ships)
                        o = list(s)
                        for c in g:
                            o.remove(c)
                        nsh[a] = canon(o)
                        dd = list(dest)
                        if cap:
                            dd.remove(cap)
                        dd.extend(promote(g, side, pr))
                        nsh[b] = canon(dd)
                        if _naive_legal(nsh, side):
                            out.add(('C', a, b, g.upper(), cap, pr))
    return out


def naive_perft(pos, depth):
    if depth == 0:
        return 1
    ks = naive_keys(pos)
    if depth == 1:
        return len(ks)
    return sum(naive_perft(make(pos, k), depth - 1) for k in ks)


def crosscheck(seed, n):
    rng = random.Random(seed)
    bad = 0
    plies = 0
    starts = [START_FEN] + [f for _, f in HANDMADE]
    for gi in range(n):
        pos = parse_fen(starts[gi % len(starts)])
        for _ in range(rng.randint(2, 120)):
            fast = legal_moves(pos)
            fk = set(k for k, _ in fast)
            nk = naive_keys(pos)
            plies += 1
            if fk != nk:
                bad += 1
                print('MISMATCH', to_fen(pos))
                print('  fast only:', sorted(key_str(k) for k in fk - nk))
                print('  naive only:', sorted(key_str(k) for k in nk - fk))
                break
            if not fast:
                break
            pos = rng.choice(fast)[1]
    print('crosscheck: %d positions compared, %d mismatch(es)' % (plies, bad))
    return bad

# ---------------------------------------------------------------- positions

# Hand-constructed positions stressing the special rules: (comment, FEN)
HANDMADE = [
    ('three pawns promote at once: ship b7-b8 gives 20 promotion multisets, c8 empty ship, no victim',
     '1<>1<k>/1<PPP>4/6/6/6/6/6/<K>3 w - - 0 1'),
    ('two pawns promote on a ship ride a6-a7 driven by pawn or rook (10 multisets, one key each)',
     '4/6/<PPR>3<k>1/6/6/6/<K>5/4 w - - 0 1'),
    ('capture-promotion with companions: groups P, PP, PR onto d8 taking r or b, ship c7-c8 promotes 2',
     '2<rb><k>/2<PPR>3/6/6/6/6/6/<K>3 w - - 0 1'),
    ('king in knight check, only escapes are ship rides (king or rook drives the ship)',
     '3<k>/6/2<n>3/6/1<KR>4/6/6/4 w - - 0 1'),
    ('checkmate: white to move, in check, no legal move',
     '<k>3/6/6/6/6/6/5<r>/1<K>1<r> w - - 0 1'),
    ('stalemate: white to move, not in check, no legal move',
     '4/6/6/6/6/2<k>3/3<q>2/<K>3 w - - 0 1'),
    ('kings of both colours share ship c5 with a white rook, white in double check (rook e5, pawn d6)',
     '4/6/1<>1<pp>2/2<KRk>1<r>1/6/6/6/4 w - - 0 1'),
    ('ships carrying both colours (c5 <Pnr>, d4 <Qp>), black to move, in check from the queen',
     '2<k>1/6/6/2<Pnr>3/1<>1<Qp>2/6/6/<K>3 b - - 0 1'),
    ('empty ships in lines: rook a3 passes/lands on empty ship c3, captures on e3, '
     'white king b1 in check from rook e1 through empty ship c1',
     '4/1<k>4/6/6/6/<R>1<>1<nb>1/6/<K><>1<r> w - - 0 1'),
    ('full ships as targets: queen d3 onto <PPP> b3 and <ppp> d5 (capture only, mover alone)',
     '<k>3/6/6/3<ppp>2/6/1<PPP>1<Q>2/6/3<K> w - - 0 1'),
    ('no-undo: previous ply was ship c3-e4, black may not ride e4 back to c3 (other rides fine)',
     '3<k>/6/6/6/4<nr>1/6/6/<K>3 b - c3e4 0 1'),
    ('white pawn on rank 1: onto empty ship c2, ship ride c1-c3 passing the empty ship, crew onto c4',
     '3<k>/6/6/6/2<p>3/6/2<>3/1<P>1<K> w - - 0 1'),
]


def random_positions(seed, n):
    rng = random.Random(seed)
    out = []
    for _ in range(n):
        pos = parse_fen(START_FEN)
        length = rng.randint(2, 80)
        for _ in range(length):
            ms = legal_moves(pos)
            if not ms:
                break
            pos = rng.choice(ms)[1]
        out.append(pos)
    return out


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    if cmd == 'perft':
        pos = parse_fen(argv[2])
        d = int(argv[3])
        t = time.time()
        n = perft(pos, d)
        print(n)
        el = time.time() - t
        if '-v' in argv:
            print('time %.2fs' % el, file=sys.stderr)
    elif cmd == 'divide':
        pos = parse_fen(argv[2])
        d = int(argv[3])
        tot = 0
        lines = []
        for key, np in legal_moves(pos):
            c = perft(np, d - 1)
            tot += c
            lines.append('%s: %d' % (key_str(key), c))
        for l in sorted(lines):
            print(l)
        print(tot)
    elif cmd == 'moves':
        pos = parse_fen(argv[2])
        for k in sorted(key_str(k) for k, _ in legal_moves(pos)):
            print(k)
    elif cmd == 'apply':
        pos = parse_fen(argv[2])
        want = ' '.join(argv[3:]).strip()
        for key, np in legal_moves(pos):
            if key_str(key) == want:
                print(to_fen(np))
                return 0
        print('illegal move: ' + want, file=sys.stderr)
        return 1
    elif cmd == 'positions':
        seed, n = int(argv[2]), int(argv[3])
        for pos in random_positions(seed, n):
            print('%s;%d;%d' % (to_fen(pos), perft(pos, 1), perft(pos, 2)))
    elif cmd == 'handmade':
        for com, fen in HANDMADE:
            pos = parse_fen(fen)
            print('# HAND: ' + com)
            print('%s;%d;%d' % (to_fen(pos), perft(pos, 1), perft(pos, 2)))
    elif cmd == 'naiveperft':
        print(naive_perft(parse_fen(argv[2]), int(argv[3])))
    elif cmd == 'crosscheck':
        return 1 if crosscheck(int(argv[2]), int(argv[3])) else 0
    elif cmd == 'selftest':
        return 1 if selftest() else 0
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
