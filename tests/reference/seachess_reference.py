#!/usr/bin/env python3
"""Seachess: independent reference move generator and perft counter.

Written from /work/ref-seachess/SPEC.md only (standard library, Python 3).

Usage:
  seachess_reference.py perft  FEN DEPTH [--gen a|b] [--jobs N]
  seachess_reference.py divide FEN DEPTH [--gen a|b]
  seachess_reference.py moves  FEN [--gen a|b]      legal moves with resulting FENs
  seachess_reference.py crosscheck NGAMES [--seed S] [--jobs N]
  seachess_reference.py selftest
  seachess_reference.py positions [--seed S]         writes positions.txt
FEN '-' means the start position.

Two generators live in this file and share only the FEN reader/writer
(which works on a neutral dict form):
  * generator A ("fast"): padded mailbox arrays, moves as tuples, copy-make,
    legality by a reverse attack test looking outward from the king cell.
  * generator B ("literal"): dicts keyed by (file, rank), moves produced as
    their move TEXT and made by parsing that text, legality by literally
    putting a non-royal dummy on the king cell and generating every enemy
    capture (the SPEC's "could capture it if it were not royal").
"""
import sys
import re
import random
import time

# ---------------------------------------------------------------------------
# Rule switches for the points where SPEC.md can be read two ways (see NOTES.md)
# ---------------------------------------------------------------------------
# "A C or T that ends ANY move ... on a cell of its own side's haven becomes
# loaded."  True: also after a plant / torpedo shot made while standing in the
# own haven (the piece ends that move there).  False: only after the piece
# actually moved (or castled) onto a haven cell.
RELOAD_AFTER_ACTION = False
# A submerged S attacks (checks) as a knight only where it could actually surface
# by moving: the king's cell must hold no submerged piece (SPEC destination rule).
# False: the knight geometry alone is enough.
SUB_CHECK_NEEDS_FREE_CELL = False
# A boat's step (1..4 forward, sideways) may end on a mined cell with an empty
# surface (the boat is then destroyed with the mine); only the cells it passes
# must be free of mines.  False: the destination must also be free of mines.
BOAT_ONTO_MINE = True

FILES = 'abcdefghijkl'
START_FEN = 'csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/CSDAKDST w KQkq - 0 1 -'
PIECE_LETTERS = 'KBCTSDA'


def cell_exists(f, r):
    """f, r are 0-based (file a = 0, rank 1 = 0)."""
    if not (0 <= f < 12 and 0 <= r < 12):
        return False
    if 2 <= r <= 9:
        return True
    return 2 <= f <= 9


def rank_files(r):
    return [f for f in range(12) if cell_exists(f, r)]


ALL_CELLS = [(f, r) for r in range(12) for f in range(12) if cell_exists(f, r)]
assert len(ALL_CELLS) == 128


def cname(f, r):
    return FILES[f] + str(r + 1)


def cparse(s):
    m = re.fullmatch(r'([a-l])(\d{1,2})', s)
    if not m:
        raise ValueError('bad cell name %r' % s)
    f = FILES.index(m.group(1))
    r = int(m.group(2)) - 1
    if not cell_exists(f, r):
        raise ValueError('cell %r does not exist' % s)
    return f, r


def default_facing(letter):
    return 'n' if letter.isupper() else 's'


# ---------------------------------------------------------------------------
# Neutral form + FEN reader/writer (shared by both generators)
# ---------------------------------------------------------------------------
# neutral dict:
#   surf:  {cellname: (letter, loaded, facing, surfaced)}  (None where not applicable)
#   sub:   {cellname: (letter, submerged)}
#   mine:  {cellname: 'M' | 'm'}
#   side 'w'|'b', castling str ('KQkq' subset or ''), ep cellname or None,
#   half int, full int, sortie {'w': cellname|None, 'b': cellname|None}

def surf_default(letter):
    k = letter.upper()
    if k == 'C':
        return (letter, 1, None, None)
    if k == 'T':
        return (letter, 1, default_facing(letter), None)
    if k == 'S':
        return (letter, None, None, 0)
    return (letter, None, None, None)


def parse_fen(fen):
    fen = fen.strip()
    if fen == '-':
        fen = START_FEN
    parts = fen.split()
    if len(parts) < 2:
        raise ValueError('FEN needs at least placement and side')
    while len(parts) < 7:
        parts.append({2: '-', 3: '-', 4: '0', 5: '1', 6: '-'}[len(parts)])
    placement, side, castling, ep, half, full, state = parts[:7]
    rows = placement.split('/')
    if len(rows) != 12:
        raise ValueError('placement needs 12 ranks, got %d' % len(rows))
    surf, sub, mine = {}, {}, {}
    for i, row in enumerate(rows):
        r = 11 - i
        files = rank_files(r)
        cells = []  # list of (surf letter|None, sub letter|None, mine|None) or None=empty
        j = 0
        while j < len(row):
            ch = row[j]
            if ch.isdigit():
                k = j
                while k < len(row) and row[k].isdigit():
                    k += 1
                cells.extend([None] * int(row[j:k]))
                j = k
            elif ch == '{':
                k = row.index('}', j)
                body = row[j + 1:k]
                m = re.fullmatch(r'([KBCTSDAkbctsda])?(?:_([KBCTSDAkbctsda]))?(?:\*([Mm]))?', body)
                if not m or body == '':
                    raise ValueError('bad cell %r' % row[j:k + 1])
                cells.append((m.group(1), m.group(2), m.group(3)))
                j = k + 1
            elif ch in PIECE_LETTERS or ch in PIECE_LETTERS.lower():
                cells.append((ch, None, None))
                j += 1
            else:
                raise ValueError('bad character %r in rank %d' % (ch, r + 1))
        if len(cells) != len(files):
            raise ValueError('rank %d has %d cells, expected %d' % (r + 1, len(cells), len(files)))
        for f, c in zip(files, cells):
            if c is None:
                continue
            n = cname(f, r)
            s_l, u_l, m_l = c
            if s_l:
                surf[n] = surf_default(s_l)
            if u_l:
                if u_l.upper() != 'S':
                    raise ValueError('only submarines submerge (%s)' % n)
                sub[n] = (u_l, None)
            if m_l:
                mine[n] = m_l
    if side not in ('w', 'b'):
        raise ValueError('bad side %r' % side)
    if castling != '-' and not re.fullmatch(r'K?Q?k?q?', castling):
        raise ValueError('bad castling %r' % castling)
    castling = '' if castling == '-' else castling
    if ep != '-':
        cparse(ep)
    else:
        ep = None
    sortie = {'w': None, 'b': None}
    if state != '-':
        for ent in state.split(','):
            key, _, val = ent.partition('=')
            if key in ('sortie.w', 'sortie.b'):
                cparse(val)
                sortie[key[-1]] = val
                continue
            m = re.fullmatch(r'(_?)([a-l]\d{1,2})\.(mine|torpedo|facing|surfaced|submerged)', key)
            if not m:
                raise ValueError('bad state entry %r' % ent)
            under, n, attr = m.groups()
            cparse(n)
            if under:
                if attr != 'submerged' or n not in sub:
                    raise ValueError('bad state entry %r' % ent)
                sub[n] = (sub[n][0], int(val))
                continue
            if n not in surf:
                raise ValueError('state entry %r for an empty cell' % ent)
            letter, loaded, facing, surfaced = surf[n]
            k = letter.upper()
            if attr == 'mine' and k == 'C':
                loaded = int(val)
            elif attr == 'torpedo' and k == 'T':
                loaded = int(val)
            elif attr == 'facing' and k == 'T' and val in ('n', 'e', 's', 'w'):
                facing = val
            elif attr == 'surfaced' and k == 'S':
                surfaced = int(val)
            else:
                raise ValueError('bad state entry %r' % ent)
            surf[n] = (letter, loaded, facing, surfaced)
    for n, (l, cnt) in sub.items():
        if cnt is None:
            raise ValueError('submerged S on %s without _%s.submerged entry' % (n, n))
    return {'surf': surf, 'sub': sub, 'mine': mine, 'side': side, 'castling': castling,
            'ep': ep, 'half': int(half), 'full': int(full), 'sortie': sortie}


def write_fen(d):
    rows = []
    for r in range(11, -1, -1):
        out = ''
        empty = 0
        for f in rank_files(r):
            n = cname(f, r)
            s = d['surf'].get(n)
            u = d['sub'].get(n)
            m = d['mine'].get(n)
            if s is None and u is None and m is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            if u is None and m is None:
                out += s[0]
            else:
                out += '{' + (s[0] if s else '') + ('_' + u[0] if u else '') + ('*' + m if m else '') + '}'
        if empty:
            out += str(empty)
        rows.append(out)
    st = []
    for r in range(11, -1, -1):
        for f in rank_files(r):
            n = cname(f, r)
            s = d['surf'].get(n)
            if s:
                letter, loaded, facing, surfaced = s
                k = letter.upper()
                if k == 'C' and loaded != 1:
                    st.append('%s.mine=%d' % (n, loaded))
                if k == 'T':
                    if loaded != 1:
                        st.append('%s.torpedo=%d' % (n, loaded))
                    if facing != default_facing(letter):
                        st.append('%s.facing=%s' % (n, facing))
                if k == 'S' and surfaced != 0:
                    st.append('%s.surfaced=%d' % (n, surfaced))
            u = d['sub'].get(n)
            if u:
                st.append('_%s.submerged=%d' % (n, u[1]))
    for c in ('w', 'b'):
        if d['sortie'].get(c):
            st.append('sortie.%s=%s' % (c, d['sortie'][c]))
    return '%s %s %s %s %d %d %s' % ('/'.join(rows), d['side'], d['castling'] or '-',
                                     d['ep'] or '-', d['half'], d['full'],
                                     ','.join(st) if st else '-')


# ===========================================================================
# Generator A: padded mailbox, tuples, copy-make, reverse attack test
# ===========================================================================
W3 = 18          # row width of the padded board (3 cells of padding on each side)
SIZE = W3 * W3


def IDX(f, r):
    return (r + 3) * W3 + (f + 3)


EX = [False] * SIZE
FILE_OF = [-1] * SIZE
RANK_OF = [-1] * SIZE
NAME = [None] * SIZE
for _f, _r in ALL_CELLS:
    _i = IDX(_f, _r)
    EX[_i] = True
    FILE_OF[_i] = _f
    RANK_OF[_i] = _r
    NAME[_i] = cname(_f, _r)
CELLS_A = [IDX(f, r) for f, r in ALL_CELLS]
NAME2IDX = {NAME[i]: i for i in CELLS_A}

NN, SS, EE, WW = W3, -W3, 1, -1
ORTH = (NN, EE, SS, WW)
DIAG = (NN + EE, SS + EE, SS + WW, NN + WW)
KING8 = ORTH + DIAG
KNIGHT8 = (2 * NN + EE, 2 * NN + WW, 2 * SS + EE, 2 * SS + WW,
           2 * EE + NN, 2 * EE + SS, 2 * WW + NN, 2 * WW + SS)
DIR2FACE = {NN: 'n', EE: 'e', SS: 's', WW: 'w'}
FWD_DIAG = {'n': (NN + WW, NN + EE), 'e': (NN + EE, SS + EE),
            's': (SS + EE, SS + WW), 'w': (SS + WW, NN + WW)}

KN = [[] for _ in range(SIZE)]
KG = [[] for _ in range(SIZE)]
RING = [[] for _ in range(SIZE)]
for _i in CELLS_A:
    KN[_i] = [_i + d for d in KNIGHT8 if EX[_i + d]]
    KG[_i] = [_i + d for d in KING8 if EX[_i + d]]
    RING[_i] = [_i + dr * W3 + df for dr in range(-3, 4) for df in range(-3, 4)
                if max(abs(dr), abs(df)) == 3 and EX[_i + dr * W3 + df]]

# carrier (1,2)-type moves: (dest offset, first path cell, second path cell)
HORSE = []
for _dx, _dy in ((1, 2), (-1, 2), (1, -2), (-1, -2), (2, 1), (2, -1), (-2, 1), (-2, -1)):
    _dest = _dy * W3 + _dx
    if abs(_dy) == 2:
        _s = (1 if _dy > 0 else -1) * W3
    else:
        _s = 1 if _dx > 0 else -1
    HORSE.append((_dest, _s, 2 * _s))
# reverse form for attack test: carrier at target - dest, path relative to carrier
HORSE_REV = [(-dst, p1, p2) for dst, p1, p2 in HORSE]

WHITE, BLACK = 0, 1
# move types
MV_N, MV_P, MV_E, MV_R, MV_O, MV_M, MV_F, MV_BACK, MV_V, MV_U, MV_X, MV_I = range(12)
CASTLE_BITS = {'K': 1, 'Q': 2, 'k': 4, 'q': 8}
G_HOME = (IDX(6, 0), IDX(6, 11))
C_HOME = (IDX(2, 0), IDX(2, 11))
T_HOME = (IDX(9, 0), IDX(9, 11))


def in_haven(i, c):
    r = RANK_OF[i]
    return r <= 1 if c == WHITE else r >= 10


def piece_a(c, kind):
    if kind == 'C':
        return (c, 'C', 1, None)
    if kind == 'T':
        return (c, 'T', 1, 'n' if c == WHITE else 's')
    return (c, kind, 0, None)


class PosA(object):
    __slots__ = ('sq', 'sub', 'mine', 'side', 'castle', 'ep', 'epv', 'half', 'full',
                 'sortie', 'kings')


def a_from_neutral(d):
    p = PosA()
    p.sq = [None] * SIZE
    p.sub = [None] * SIZE
    p.mine = [None] * SIZE
    p.kings = [-1, -1]
    for n, (letter, loaded, facing, surfaced) in d['surf'].items():
        i = NAME2IDX[n]
        c = WHITE if letter.isupper() else BLACK
        k = letter.upper()
        if k in 'CT':
            p.sq[i] = (c, k, loaded, facing)
        elif k == 'S':
            p.sq[i] = (c, k, surfaced, None)
        else:
            p.sq[i] = (c, k, 0, None)
        if k == 'K':
            p.kings[c] = i
    for n, (letter, cnt) in d['sub'].items():
        p.sub[NAME2IDX[n]] = (WHITE if letter.isupper() else BLACK, cnt)
    for n, m in d['mine'].items():
        p.mine[NAME2IDX[n]] = WHITE if m == 'M' else BLACK
    p.side = WHITE if d['side'] == 'w' else BLACK
    p.castle = sum(CASTLE_BITS[ch] for ch in d['castling'])
    p.half, p.full = d['half'], d['full']
    p.ep, p.epv = -1, -1
    if d['ep']:
        ep = NAME2IDX[d['ep']]
        mover = 1 - p.side               # the side whose boat made the long step
        fw = NN if mover == WHITE else SS
        t = ep + fw
        for _ in range(3):
            q = p.sq[t] if EX[t] else None
            if q is not None and q[0] == mover and q[1] == 'B':
                p.ep, p.epv = ep, t
                break
            t += fw
    p.sortie = [-1, -1]
    for ci, cs in ((WHITE, 'w'), (BLACK, 'b')):
        if d['sortie'][cs]:
            i = NAME2IDX[d['sortie'][cs]]
            q = p.sq[i]
            if q is not None and q[0] == ci and q[1] == 'A':
                p.sortie[ci] = i
    return p


def a_to_neutral(p):
    surf, sub, mine = {}, {}, {}
    for i in CELLS_A:
        q = p.sq[i]
        if q is not None:
            c, k, a, b = q
            letter = k if c == WHITE else k.lower()
            if k in 'CT':
                surf[NAME[i]] = (letter, a, b)  + (None,)
            elif k == 'S':
                surf[NAME[i]] = (letter, None, None, a)
            else:
                surf[NAME[i]] = (letter, None, None, None)
        s = p.sub[i]
        if s is not None:
            sub[NAME[i]] = ('S' if s[0] == WHITE else 's', s[1])
        if p.mine[i] is not None:
            mine[NAME[i]] = 'M' if p.mine[i] == WHITE else 'm'
    cast = ''.join(ch for ch in 'KQkq' if p.castle & CASTLE_BITS[ch])
    return {'surf': surf, 'sub': sub, 'mine': mine, 'side': 'w' if p.side == WHITE else 'b',
            'castling': cast, 'ep': NAME[p.ep] if p.ep >= 0 else None,
            'half': p.half, 'full': p.full,
            'sortie': {'w': NAME[p.sortie[0]] if p.sortie[0] >= 0 else None,
                       'b': NAME[p.sortie[1]] if p.sortie[1] >= 0 else None}}


def attacked_a(sq, sub, mine, cell, by):
    """Could side `by` capture a (non-royal) piece standing on `cell`?"""
    for t in KN[cell]:
        q = sq[t]
        if q is not None and q[0] == by and q[1] == 'S':
            return True
    # submerged S: knight leap + surface; its destination must have no mine,
    # no surface destroyer and no submerged piece
    if (sub[cell] is None or not SUB_CHECK_NEEDS_FREE_CELL) and mine[cell] is None:
        q = sq[cell]
        if q is None or q[1] != 'D':
            for t in KN[cell]:
                s = sub[t]
                if s is not None and s[0] == by:
                    return True
    for t in KG[cell]:
        q = sq[t]
        if q is not None and q[0] == by and (q[1] == 'K' or q[1] == 'A'):
            return True
    if by == WHITE:
        b1, b2 = cell + SS + WW, cell + SS + EE
    else:
        b1, b2 = cell + NN + WW, cell + NN + EE
    for b in (b1, b2):
        q = sq[b]
        if q is not None and q[0] == by and q[1] == 'B':
            return True
    for d in ORTH:
        t = cell + d
        while EX[t]:
            q = sq[t]
            if q is not None:
                if q[0] == by and (q[1] == 'C' or q[1] == 'T'):
                    return True
                break
            if mine[t] is not None:
                break
            t += d
    for d in DIAG:
        t = cell + d
        while EX[t]:
            q = sq[t]
            if q is not None:
                if q[0] == by and q[1] == 'D':
                    return True
                break
            if mine[t] is not None:
                break
            t += d
    for d in KING8:
        m = cell + d
        if EX[m] and sq[m] is None and mine[m] is None:
            q = sq[m + d]
            if q is not None and q[0] == by and q[1] == 'A':
                return True
    for aoff, p1, p2 in HORSE_REV:
        a = cell + aoff
        q = sq[a]
        if q is not None and q[0] == by and q[1] == 'A':
            x1, x2 = a + p1, a + p2
            if EX[x1] and EX[x2] and sq[x1] is None and mine[x1] is None \
                    and sq[x2] is None and mine[x2] is None:
                return True
    for t in RING[cell]:
        q = sq[t]
        if q is not None and q[0] == by and q[1] == 'A':
            return True
    for d in DIAG:
        t1 = cell - d
        if not EX[t1]:
            continue
        q = sq[t1]
        if q is not None:
            if q[0] == by and q[1] == 'T' and q[2] == 1 and d in FWD_DIAG[q[3]]:
                return True
            continue
        if mine[t1] is not None:
            continue
        q = sq[t1 - d]
        if q is not None and q[0] == by and q[1] == 'T' and q[2] == 1 and d in FWD_DIAG[q[3]]:
            return True
    return False


def gen_pseudo_a(p):
    c = p.side
    e = 1 - c
    sq, sub, mine = p.sq, p.sub, p.mine
    mv = []
    add = mv.append
    so = p.sortie[c]
    if so >= 0:
        q = sq[so]
        if q is not None and q[0] == c and q[1] == 'A':
            for t in RING[so]:
                q = sq[t]
                if q is not None and q[0] == e and q[1] != 'K':
                    add((MV_F, so, t, None))
            add((MV_BACK, so, so, None))
            return mv
    fw = NN if c == WHITE else SS
    start_rank = 1 if c == WHITE else 10
    last_rank = 11 if c == WHITE else 0
    for i in CELLS_A:
        pc = sq[i]
        if pc is not None and pc[0] == c:
            k = pc[1]
            if k == 'B':
                t = i + fw
                if EX[t] and sq[t] is None and (BOAT_ONTO_MINE or mine[t] is None):
                    if RANK_OF[t] == last_rank:
                        for pr in 'CTSDA':
                            add((MV_R, i, t, pr))
                    else:
                        add((MV_N, i, t, None))
                if RANK_OF[i] == start_rank:
                    t = i
                    for n in (2, 3, 4):
                        t += fw      # the cell passed before the destination
                        if not EX[t] or sq[t] is not None or mine[t] is not None:
                            break
                        dst = t + fw
                        if not EX[dst]:
                            break
                        if sq[dst] is None and (BOAT_ONTO_MINE or mine[dst] is None):
                            add((MV_P, i, dst, None))
                for t in (i + fw + WW, i + fw + EE):
                    if not EX[t]:
                        continue
                    q = sq[t]
                    if q is not None:
                        if q[0] == e and q[1] != 'K':
                            if RANK_OF[t] == last_rank:
                                for pr in 'CTSDA':
                                    add((MV_R, i, t, pr))
                            else:
                                add((MV_N, i, t, None))
                    elif t == p.ep:
                        add((MV_E, i, t, None))
                if RANK_OF[i] == (9 if c == WHITE else 2):
                    f = FILE_OF[i]
                    t = -1
                    if f <= 1:
                        t = i + EE
                    elif f >= 10:
                        t = i + WW
                    if t >= 0 and EX[t] and sq[t] is None and (BOAT_ONTO_MINE or mine[t] is None):
                        add((MV_N, i, t, None))
            elif k == 'K':
                for t in KG[i]:
                    q = sq[t]
                    if q is None or (q[0] == e and q[1] != 'K'):
                        add((MV_N, i, t, None))
            elif k == 'S':
                for t in KN[i]:
                    q = sq[t]
                    if q is None or (q[0] == e and q[1] != 'K'):
                        add((MV_N, i, t, None))
                if pc[2] >= 2:
                    for t in KN[i]:
                        if mine[t] is None and sub[t] is None:
                            q = sq[t]
                            if q is None or q[1] != 'D':
                                add((MV_V, i, t, None))
            elif k == 'A':
                for t in KG[i]:
                    q = sq[t]
                    if q is None or (q[0] == e and q[1] != 'K'):
                        add((MV_N, i, t, None))
                for d in KING8:
                    m = i + d
                    if EX[m] and sq[m] is None and mine[m] is None:
                        t = m + d
                        if EX[t]:
                            q = sq[t]
                            if q is None or (q[0] == e and q[1] != 'K'):
                                add((MV_N, i, t, None))
                for dst, p1, p2 in HORSE:
                    t = i + dst
                    x1, x2 = i + p1, i + p2
                    if EX[t] and EX[x1] and EX[x2] and sq[x1] is None and mine[x1] is None \
                            and sq[x2] is None and mine[x2] is None:
                        q = sq[t]
                        if q is None or (q[0] == e and q[1] != 'K'):
                            add((MV_N, i, t, None))
                for t in RING[i]:
                    q = sq[t]
                    if q is not None and q[0] == e and q[1] != 'K':
                        add((MV_F, i, t, None))
            else:   # riders C, T, D
                dirs = DIAG if k == 'D' else ORTH
                for d in dirs:
                    t = i + d
                    while EX[t]:
                        q = sq[t]
                        if q is None:
                            add((MV_N, i, t, None))
                            if mine[t] is not None:
                                break
                            t += d
                            continue
                        if q[0] == e and q[1] != 'K':
                            add((MV_N, i, t, None))
                        break
                if k == 'C':
                    if pc[2] == 1 and mine[i] is None:
                        add((MV_M, i, i, None))
                elif k == 'T' and pc[2] == 1:
                    for d in FWD_DIAG[pc[3]]:
                        t = i
                        for _ in (1, 2):
                            t += d
                            if not EX[t]:
                                break
                            q = sq[t]
                            if q is not None:
                                if q[0] == e and q[1] != 'K':
                                    add((MV_F, i, t, None))
                                break
                            if mine[t] is not None:
                                break
        s = sub[i]
        if s is not None and s[0] == c:
            for t in KN[i]:
                if mine[t] is None and sub[t] is None:
                    q = sq[t]
                    if q is None or q[1] != 'D':
                        add((MV_U, i, t, None))
                        if q is None or (q[0] == e and q[1] != 'K'):
                            add((MV_X, i, t, None))
            q = sq[i]
            if q is None or (q[0] == e and q[1] != 'K'):
                add((MV_I, i, i, None))
    # castling
    g = G_HOME[c]
    q = sq[g]
    if q is not None and q[0] == c and q[1] == 'K' and p.castle & (3 if c == WHITE else 12):
        kbit, qbit = (1, 2) if c == WHITE else (4, 8)
        if p.castle & kbit:
            tj = T_HOME[c]
            h, ii = g + 1, g + 2
            q = sq[tj]
            if q is not None and q[0] == c and q[1] == 'T' and sq[h] is None and mine[h] is None \
                    and sq[ii] is None and mine[ii] is None:
                if not attacked_a(sq, sub, mine, g, e):
                    kp = sq[g]
                    sq[g] = None
                    ok = not attacked_a(sq, sub, mine, h, e) and not attacked_a(sq, sub, mine, ii, e)
                    sq[g] = kp
                    if ok:
                        add((MV_O, g, ii, None))
        if p.castle & qbit:
            tc = C_HOME[c]
            dd, ee, ff = g - 3, g - 2, g - 1
            q = sq[tc]
            if q is not None and q[0] == c and q[1] == 'C' and all(
                    sq[x] is None and mine[x] is None for x in (dd, ee, ff)):
                if not attacked_a(sq, sub, mine, g, e):
                    kp = sq[g]
                    sq[g] = None
                    ok = not attacked_a(sq, sub, mine, ff, e) and not attacked_a(sq, sub, mine, ee, e)
                    sq[g] = kp
                    if ok:
                        add((MV_O, g, ee, None))
    return mv


def _force_surface_a(sq, sub, mine, i):
    """Forced surfacing at i; returns number of pieces that left the game."""
    s = sub[i]
    sub[i] = None
    q = sq[i]
    if q is not None and q[1] == 'K':
        return 1                      # the S is destroyed
    n = 0
    if q is not None:
        n += 1                        # captured (any colour)
    sq[i] = (s[0], 'S', 0, None)
    if mine[i] is not None:
        sq[i] = None
        mine[i] = None
        n += 1
    return n


def make_a(p, m):
    """Make move m (pseudo-legal) with all effects; return the child or None if illegal."""
    t, frm, to, promo = m
    c = p.side
    e = 1 - c
    sq = p.sq[:]
    sub = p.sub[:]
    mine = p.mine[:]
    sortie = p.sortie[:]
    kings = p.kings[:]
    gone = 0
    boat = False
    if t <= MV_R:                                # N, P, E, R: surface piece moves
        pc = sq[frm]
        sq[frm] = None
        k = pc[1]
        if k == 'B':
            boat = True
        if t == MV_E:
            sq[p.epv] = None
            gone += 1
        if sq[to] is not None:
            gone += 1
        if k == 'D':
            s = sub[to]
            if s is not None and s[0] == e:
                sub[to] = None
                gone += 1
        if t == MV_R:
            pc = piece_a(c, promo)
        elif k == 'T':
            dr = RANK_OF[to] - RANK_OF[frm]
            df = FILE_OF[to] - FILE_OF[frm]
            face = 'n' if dr > 0 else 's' if dr < 0 else 'e' if df > 0 else 'w'
            pc = (c, 'T', pc[2], face)
        if mine[to] is not None:
            sq[to] = None
            mine[to] = None
            gone += 1
            if k == 'K':
                kings[c] = -1
        else:
            if k == 'K':
                kings[c] = to
            elif (pc[1] == 'C' or pc[1] == 'T') and pc[2] == 0 and in_haven(to, c):
                pc = (c, pc[1], 1, pc[3])
            sq[to] = pc
    elif t == MV_O:
        sq[frm] = None
        sq[to] = (c, 'K', 0, None)
        kings[c] = to
        if FILE_OF[to] == 4:          # with the cruiser: c -> f
            sq[C_HOME[c]] = None
            sq[to + 1] = (c, 'C', 1, None)
        else:                         # with the torpedo boat: j -> h, moving west
            pc = sq[T_HOME[c]]
            sq[T_HOME[c]] = None
            sq[to - 1] = (c, 'T', 1, 'w')
    elif t == MV_M:
        pc = sq[frm]
        mine[frm] = c
        ld = 1 if (RELOAD_AFTER_ACTION and in_haven(frm, c)) else 0
        sq[frm] = (c, 'C', ld, None)
    elif t == MV_F:
        pc = sq[frm]
        sq[to] = None
        gone += 1
        if pc[1] == 'T':
            ld = 1 if (RELOAD_AFTER_ACTION and in_haven(frm, c)) else 0
            sq[frm] = (c, 'T', ld, pc[3])
        else:
            sortie[c] = frm
    elif t == MV_BACK:
        sortie[c] = -1
    elif t == MV_V:
        pc = sq[frm]
        sq[frm] = None
        sub[to] = (c, min(4, pc[2] // 2))
    elif t == MV_U:
        sub[to] = sub[frm]
        sub[frm] = None
    else:                             # MV_X, MV_I: surfacing
        sub[frm] = None
        if sq[to] is not None:
            gone += 1
        sq[to] = (c, 'S', 0, None)
        if mine[to] is not None:
            sq[to] = None
            mine[to] = None
            gone += 1
    # destroyer effect (simultaneous)
    marks = []
    for i in CELLS_A:
        s = sub[i]
        if s is not None:
            for d in ORTH:
                q = sq[i + d]
                if q is not None and q[1] == 'D' and q[0] != s[0]:
                    marks.append(i)
                    break
    for i in marks:
        gone += _force_surface_a(sq, sub, mine, i)
    # counting for the mover, then forced surfacing of the other side
    for i in CELLS_A:
        q = sq[i]
        if q is not None and q[1] == 'S' and q[0] == c and q[2] < 8:
            sq[i] = (c, 'S', q[2] + 1, None)
        s = sub[i]
        if s is not None and s[0] == c:
            sub[i] = (c, s[1] - 1)
    for i in CELLS_A:
        s = sub[i]
        if s is not None and s[0] == e and s[1] <= 0:
            gone += _force_surface_a(sq, sub, mine, i)
    # legality
    kc = kings[c]
    if kc < 0 or attacked_a(sq, sub, mine, kc, e):
        return None
    ch = PosA()
    ch.sq, ch.sub, ch.mine, ch.kings = sq, sub, mine, kings
    for col in (WHITE, BLACK):
        so = sortie[col]
        if so >= 0:
            q = sq[so]
            if q is None or q[0] != col or q[1] != 'A':
                sortie[col] = -1
    ch.sortie = sortie
    ch.ep, ch.epv = -1, -1
    if t == MV_P:
        q = sq[to]
        if q is not None and q[0] == c and q[1] == 'B':
            ch.ep = frm + (NN if c == WHITE else SS)
            ch.epv = to
    cs = p.castle
    if cs:
        for col in (WHITE, BLACK):
            g = sq[G_HOME[col]]
            kok = g is not None and g[0] == col and g[1] == 'K'
            q = sq[T_HOME[col]]
            if not (kok and q is not None and q[0] == col and q[1] == 'T'):
                cs &= ~(1 if col == WHITE else 4)
            q = sq[C_HOME[col]]
            if not (kok and q is not None and q[0] == col and q[1] == 'C'):
                cs &= ~(2 if col == WHITE else 8)
    ch.castle = cs
    ch.half = 0 if (boat or gone) else p.half + 1
    ch.full = p.full + (1 if c == BLACK else 0)
    ch.side = e
    return ch


def move_text_a(p, m):
    t, frm, to, promo = m
    if t == MV_R:
        return NAME[frm] + NAME[to] + promo.lower()
    if t in (MV_N, MV_P, MV_E, MV_O):
        return NAME[frm] + NAME[to]
    if t == MV_M:
        return NAME[frm] + (':M' if p.side == WHITE else ':m')
    if t == MV_F:
        return NAME[frm] + 'x' + NAME[to]
    if t == MV_BACK:
        return NAME[frm] + ':back'
    if t == MV_V:
        return NAME[frm] + '_' + NAME[to]
    if t == MV_U:
        return '_' + NAME[frm] + '_' + NAME[to]
    return '_' + NAME[frm] + NAME[to]      # MV_X, MV_I


def legal_a(p):
    """[(move, child)] of legal moves."""
    out = []
    for m in gen_pseudo_a(p):
        ch = make_a(p, m)
        if ch is not None:
            out.append((m, ch))
    return out


def perft_a(p, depth):
    if depth == 0:
        return 1
    n = 0
    if depth == 1:
        for m in gen_pseudo_a(p):
            if make_a(p, m) is not None:
                n += 1
        return n
    for m in gen_pseudo_a(p):
        ch = make_a(p, m)
        if ch is not None:
            n += perft_a(ch, depth - 1)
    return n


# ===========================================================================
# Generator B: dicts of (file, rank), text moves, make-by-text, literal check
# ===========================================================================
OTHER = {'w': 'b', 'b': 'w'}
EXISTS_B = set(ALL_CELLS)


def nm(x):
    return cname(x[0], x[1])


class PieceB(object):
    __slots__ = ('color', 'kind', 'ammo', 'face', 'up')

    def __init__(self, color, kind, ammo=None, face=None, up=None):
        self.color, self.kind, self.ammo, self.face, self.up = color, kind, ammo, face, up

    def clone(self):
        return PieceB(self.color, self.kind, self.ammo, self.face, self.up)


def new_piece_b(color, kind):
    if kind == 'C':
        return PieceB(color, 'C', ammo=1)
    if kind == 'T':
        return PieceB(color, 'T', ammo=1, face='n' if color == 'w' else 's')
    if kind == 'S':
        return PieceB(color, 'S', up=0)
    return PieceB(color, kind)


class PosB(object):
    def __init__(self):
        self.top = {}      # (f, r) -> PieceB
        self.under = {}    # (f, r) -> [color, turns]
        self.mines = {}    # (f, r) -> color
        self.side = 'w'
        self.castling = ''
        self.ep = None
        self.half = 0
        self.full = 1
        self.sortie = {'w': None, 'b': None}

    def clone(self):
        q = PosB()
        q.top = {k: v.clone() for k, v in self.top.items()}
        q.under = {k: list(v) for k, v in self.under.items()}
        q.mines = dict(self.mines)
        q.side, q.castling, q.ep, q.half, q.full = self.side, self.castling, self.ep, self.half, self.full
        q.sortie = dict(self.sortie)
        return q


def b_from_neutral(d):
    q = PosB()
    for n, (letter, loaded, facing, surfaced) in d['surf'].items():
        col = 'w' if letter.isupper() else 'b'
        q.top[cparse(n)] = PieceB(col, letter.upper(), loaded, facing, surfaced)
    for n, (letter, cnt) in d['sub'].items():
        q.under[cparse(n)] = ['w' if letter.isupper() else 'b', cnt]
    for n, m in d['mine'].items():
        q.mines[cparse(n)] = 'w' if m == 'M' else 'b'
    q.side = d['side']
    q.castling = d['castling']
    q.ep = cparse(d['ep']) if d['ep'] else None
    q.half, q.full = d['half'], d['full']
    for col in ('w', 'b'):
        s = d['sortie'][col]
        if s:
            x = cparse(s)
            pc = q.top.get(x)
            if pc is not None and pc.color == col and pc.kind == 'A':
                q.sortie[col] = x
    return q


def b_to_neutral(q):
    surf = {}
    for x, pc in q.top.items():
        letter = pc.kind if pc.color == 'w' else pc.kind.lower()
        surf[nm(x)] = (letter, pc.ammo if pc.kind in 'CT' else None,
                       pc.face if pc.kind == 'T' else None, pc.up if pc.kind == 'S' else None)
    sub = {nm(x): ('S' if v[0] == 'w' else 's', v[1]) for x, v in q.under.items()}
    mine = {nm(x): ('M' if v == 'w' else 'm') for x, v in q.mines.items()}
    return {'surf': surf, 'sub': sub, 'mine': mine, 'side': q.side, 'castling': q.castling,
            'ep': nm(q.ep) if q.ep else None, 'half': q.half, 'full': q.full,
            'sortie': {c: (nm(v) if v else None) for c, v in q.sortie.items()}}


def _add(x, d, k=1):
    return (x[0] + d[0] * k, x[1] + d[1] * k)


ROOK_D = [(0, 1), (1, 0), (0, -1), (-1, 0)]
BISHOP_D = [(1, 1), (1, -1), (-1, -1), (-1, 1)]
KNIGHT_D = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
FACE_VEC = {'n': (0, 1), 'e': (1, 0), 's': (0, -1), 'w': (-1, 0)}


def forward_diagonals_b(face):
    """forward-left and forward-right relative to a facing (by rotating the facing 45 deg)."""
    fx, fy = FACE_VEC[face]
    # left of forward is (-fy, fx); right is (fy, -fx)
    return [(fx - fy, fy + fx), (fx + fy, fy - fx)]


def is_clear_b(q, x):
    """'Empty' for passing: the cell exists, no surface piece, no mine."""
    return x in EXISTS_B and x not in q.top and x not in q.mines


def can_take_b(q, x, me):
    """Ordinary destination: cell exists, surface empty or enemy non-K."""
    if x not in EXISTS_B:
        return False
    pc = q.top.get(x)
    return pc is None or (pc.color != me and pc.kind != 'K')


def gen_b(q, me, attack_mode=False):
    """Pseudo moves of side `me` as (text, kind, dest).  kind:
    'ord' ordinary surface move/capture, 'push' boat non-capture, 'ep', 'castle',
    'plant', 'remote' (torpedo/aircraft), 'back', 'dive', 'under' (submerged move),
    'surf' (surface by moving), 'inplace'.  attack_mode: ignore the aircraft-out
    restriction and skip castling (used by the check test)."""
    res = []
    opp = OTHER[me]
    if not attack_mode and q.sortie[me] is not None:
        c0 = q.sortie[me]
        pc = q.top.get(c0)
        if pc is not None and pc.color == me and pc.kind == 'A':
            for x in ring_b(c0):
                v = q.top.get(x)
                if v is not None and v.color == opp and v.kind != 'K':
                    res.append((nm(c0) + 'x' + nm(x), 'remote', x))
            res.append((nm(c0) + ':back', 'back', None))
            return res
    forward = 1 if me == 'w' else -1
    for x, pc in list(q.top.items()):
        if pc.color != me:
            continue
        k = pc.kind
        if k == 'K':
            for d in ROOK_D + BISHOP_D:
                y = _add(x, d)
                if can_take_b(q, y, me):
                    res.append((nm(x) + nm(y), 'ord', y))
        elif k in ('C', 'T', 'D'):
            for d in (BISHOP_D if k == 'D' else ROOK_D):
                y = _add(x, d)
                while y in EXISTS_B:
                    if y in q.top:
                        if can_take_b(q, y, me):
                            res.append((nm(x) + nm(y), 'ord', y))
                        break
                    res.append((nm(x) + nm(y), 'ord', y))
                    if y in q.mines:
                        break
                    y = _add(y, d)
            if k == 'C' and pc.ammo == 1 and x not in q.mines:
                res.append((nm(x) + (':M' if me == 'w' else ':m'), 'plant', None))
            if k == 'T' and pc.ammo == 1:
                for d in forward_diagonals_b(pc.face):
                    for dist in (1, 2):
                        y = _add(x, d, dist)
                        if y not in EXISTS_B:
                            break
                        v = q.top.get(y)
                        if v is not None:
                            if v.color == opp and v.kind != 'K':
                                res.append((nm(x) + 'x' + nm(y), 'remote', y))
                            break
                        if y in q.mines:
                            break
        elif k == 'S':
            for d in KNIGHT_D:
                y = _add(x, d)
                if can_take_b(q, y, me):
                    res.append((nm(x) + nm(y), 'ord', y))
                if pc.up >= 2 and sub_dest_ok_b(q, y):
                    res.append((nm(x) + '_' + nm(y), 'dive', y))
        elif k == 'A':
            seen = set()
            for d in ROOK_D + BISHOP_D:
                y = _add(x, d)
                if can_take_b(q, y, me):
                    seen.add(y)
                if is_clear_b(q, y) and can_take_b(q, _add(y, d), me):
                    seen.add(_add(y, d))
            for d in ROOK_D:
                a1 = _add(x, d)
                a2 = _add(x, d, 2)
                if is_clear_b(q, a1) and is_clear_b(q, a2):
                    side_d = (d[1], d[0])
                    for sgn in (1, -1):
                        y = (a2[0] + side_d[0] * sgn, a2[1] + side_d[1] * sgn)
                        if can_take_b(q, y, me):
                            seen.add(y)
            for y in sorted(seen):
                res.append((nm(x) + nm(y), 'ord', y))
            for y in ring_b(x):
                v = q.top.get(y)
                if v is not None and v.color == opp and v.kind != 'K':
                    res.append((nm(x) + 'x' + nm(y), 'remote', y))
        elif k == 'B':
            y = (x[0], x[1] + forward)
            last = 11 if me == 'w' else 0
            if y in EXISTS_B and y not in q.top and (BOAT_ONTO_MINE or y not in q.mines):
                if y[1] == last:
                    for pr in 'ctsda':
                        res.append((nm(x) + nm(y) + pr, 'push', y))
                else:
                    res.append((nm(x) + nm(y), 'push', y))
            if x[1] == (1 if me == 'w' else 10):
                for steps in (2, 3, 4):
                    passed = [(x[0], x[1] + forward * s) for s in range(1, steps)]
                    y = (x[0], x[1] + forward * steps)
                    if all(is_clear_b(q, z) for z in passed) and y in EXISTS_B and y not in q.top and (BOAT_ONTO_MINE or y not in q.mines):
                        res.append((nm(x) + nm(y), 'push', y))
            for dx in (-1, 1):
                y = (x[0] + dx, x[1] + forward)
                if y not in EXISTS_B:
                    continue
                v = q.top.get(y)
                if v is not None and v.color == opp and v.kind != 'K':
                    if y[1] == last:
                        for pr in 'ctsda':
                            res.append((nm(x) + nm(y) + pr, 'ord', y))
                    else:
                        res.append((nm(x) + nm(y), 'ord', y))
                elif v is None and q.ep == y and ep_victim_b(q) is not None:
                    res.append((nm(x) + nm(y), 'ep', y))
            side_rank = 9 if me == 'w' else 2
            if x[1] == side_rank and x[0] in (0, 1, 10, 11):
                y = (x[0] + (1 if x[0] < 6 else -1), x[1])
                if y in EXISTS_B and y not in q.top and (BOAT_ONTO_MINE or y not in q.mines):
                    res.append((nm(x) + nm(y), 'push', y))
    for x, (col, turns) in list(q.under.items()):
        if col != me:
            continue
        for d in KNIGHT_D:
            y = _add(x, d)
            if sub_dest_ok_b(q, y):
                res.append(('_' + nm(x) + '_' + nm(y), 'under', y))
                v = q.top.get(y)
                if v is None or (v.color == opp and v.kind != 'K'):
                    res.append(('_' + nm(x) + nm(y), 'surf', y))
        v = q.top.get(x)
        if v is None or (v.color == opp and v.kind != 'K'):
            res.append(('_' + nm(x) + nm(x), 'inplace', x))
    if not attack_mode:
        res.extend(castling_b(q, me))
    return res


def sub_dest_ok_b(q, y):
    if y not in EXISTS_B or y in q.mines or y in q.under:
        return False
    v = q.top.get(y)
    return v is None or v.kind != 'D'


def ring_b(x):
    out = []
    for y in ALL_CELLS:
        if max(abs(y[0] - x[0]), abs(y[1] - x[1])) == 3:
            out.append(y)
    return out


def ep_victim_b(q):
    """The boat that made the long first step (nearest enemy boat beyond the ep cell)."""
    if q.ep is None:
        return None
    mover = OTHER[q.side]
    step = 1 if mover == 'w' else -1
    for s in (1, 2, 3):
        y = (q.ep[0], q.ep[1] + step * s)
        v = q.top.get(y)
        if v is not None and v.color == mover and v.kind == 'B':
            return y
    return None


def castling_b(q, me):
    res = []
    r = 0 if me == 'w' else 11
    kx = (6, r)
    kpc = q.top.get(kx)
    if kpc is None or kpc.color != me or kpc.kind != 'K':
        return res
    opp = OTHER[me]
    for flag, partner_f, partner_kind, must_clear, not_attacked, kdest in (
            ('K', 9, 'T', [7, 8], [7, 8], 8),
            ('Q', 2, 'C', [3, 4, 5], [5, 4], 4)):
        fl = flag if me == 'w' else flag.lower()
        if fl not in q.castling:
            continue
        ppc = q.top.get((partner_f, r))
        if ppc is None or ppc.color != me or ppc.kind != partner_kind:
            continue
        if not all(is_clear_b(q, (f, r)) for f in must_clear):
            continue
        if square_attacked_b(q, kx, opp):
            continue
        lifted = q.clone()
        del lifted.top[kx]
        if any(square_attacked_b(lifted, (f, r), opp) for f in not_attacked):
            continue
        res.append((nm(kx) + nm((kdest, r)), 'castle', (kdest, r)))
    return res


def square_attacked_b(q, x, by):
    """Literal: put a non-royal piece of the other side on x and ask whether any
    enemy capture (ordinary, remote, surfacing-by-moving) could take it."""
    victim = OTHER[by]
    saved = q.top.get(x)
    q.top[x] = PieceB(victim, 'B')
    saved_under = None
    if not SUB_CHECK_NEEDS_FREE_CELL and x in q.under:
        saved_under = q.under.pop(x)
    try:
        for text, kind, dest in gen_b(q, by, attack_mode=True):
            if dest == x and kind in ('ord', 'remote', 'surf'):
                return True
        return False
    finally:
        if saved_under is not None:
            q.under[x] = saved_under
        if saved is None:
            del q.top[x]
        else:
            q.top[x] = saved


CELL_RE = r'[a-l]\d{1,2}'


def surface_b(q, x, color):
    """An S of `color` arrives on the surface at x by surfacing (voluntary)."""
    if x in q.top:
        del q.top[x]
    q.top[x] = new_piece_b(color, 'S')
    if x in q.mines:
        del q.top[x]
        del q.mines[x]


def forced_up_b(q, x):
    col, _ = q.under.pop(x)
    above = q.top.get(x)
    if above is not None and above.kind == 'K':
        return
    if above is not None:
        del q.top[x]
    q.top[x] = new_piece_b(col, 'S')
    if x in q.mines:
        del q.top[x]
        del q.mines[x]


def reload_b(q, x, me):
    pc = q.top.get(x)
    if pc is not None and pc.kind in ('C', 'T') and pc.color == me:
        if (me == 'w' and x[1] in (0, 1)) or (me == 'b' and x[1] in (10, 11)):
            pc.ammo = 1


def count_pieces_b(q):
    return len(q.top) + len(q.under)


def make_b(q0, text):
    """Make a move given as text; returns new PosB (legality not checked)."""
    q = q0.clone()
    me = q.side
    opp = OTHER[me]
    before = count_pieces_b(q)
    boat_moved = False
    long_step = None
    if text.endswith(':back'):
        q.sortie[me] = None
    elif text.endswith(':M') or text.endswith(':m'):
        x = cparse(text[:-2])
        q.mines[x] = me
        q.top[x].ammo = 0
        if RELOAD_AFTER_ACTION:
            reload_b(q, x, me)
    elif 'x' in text:
        a, b = text.split('x')
        x, y = cparse(a), cparse(b)
        del q.top[y]
        shooter = q.top[x]
        if shooter.kind == 'T':
            shooter.ammo = 0
            if RELOAD_AFTER_ACTION:
                reload_b(q, x, me)
        else:
            q.sortie[me] = x
    elif text.startswith('_'):
        cells = re.findall(CELL_RE, text)
        x, y = cparse(cells[0]), cparse(cells[1])
        if text.count('_') == 2:
            q.under[y] = q.under.pop(x)
        else:
            q.under.pop(x)
            surface_b(q, y, me)
    elif '_' in text:
        a, b = text.split('_')
        x, y = cparse(a), cparse(b)
        pc = q.top.pop(x)
        q.under[y] = [me, min(4, pc.up // 2)]
    else:
        m = re.fullmatch('(' + CELL_RE + ')(' + CELL_RE + ')([ctsda]?)', text)
        x, y, promo = cparse(m.group(1)), cparse(m.group(2)), m.group(3)
        pc = q.top.pop(x)
        if pc.kind == 'K' and abs(y[0] - x[0]) == 2:
            r = x[1]
            q.top[y] = pc
            if y[0] == 4:
                cpc = q.top.pop((2, r))
                q.top[(5, r)] = cpc
                cpc.ammo = 1
            else:
                tpc = q.top.pop((9, r))
                q.top[(7, r)] = tpc
                tpc.face = 'w'
                tpc.ammo = 1
        else:
            if pc.kind == 'B':
                boat_moved = True
                if y[0] != x[0] and y not in q.top and y == q.ep and y[1] != x[1]:
                    del q.top[ep_victim_b(q0)]
                if abs(y[1] - x[1]) >= 2:
                    long_step = (x, y)
            q.top.pop(y, None)
            if pc.kind == 'D' and y in q.under and q.under[y][0] == opp:
                del q.under[y]
            if promo:
                pc = new_piece_b(me, promo.upper())
            if pc.kind == 'T':
                dx, dy = y[0] - x[0], y[1] - x[1]
                pc.face = 'n' if dy > 0 else 's' if dy < 0 else 'e' if dx > 0 else 'w'
            q.top[y] = pc
            if y in q.mines:
                del q.top[y]
                del q.mines[y]
            else:
                reload_b(q, y, me)
    # --- effects after the move itself
    hunted = []
    for x, (col, _) in q.under.items():
        for d in ROOK_D:
            v = q.top.get(_add(x, d))
            if v is not None and v.kind == 'D' and v.color != col:
                hunted.append(x)
                break
    for x in hunted:
        forced_up_b(q, x)
    for x, pc in q.top.items():
        if pc.color == me and pc.kind == 'S':
            pc.up = min(8, pc.up + 1)
    for x, v in q.under.items():
        if v[0] == me:
            v[1] -= 1
    for x in [x for x, v in q.under.items() if v[0] == opp and v[1] <= 0]:
        forced_up_b(q, x)
    # --- bookkeeping
    for col in ('w', 'b'):
        s = q.sortie[col]
        if s is not None:
            v = q.top.get(s)
            if v is None or v.color != col or v.kind != 'A':
                q.sortie[col] = None
    q.ep = None
    if long_step:
        x, y = long_step
        v = q.top.get(y)
        if v is not None and v.color == me and v.kind == 'B':
            q.ep = (x[0], x[1] + (1 if me == 'w' else -1))
    keep = ''
    for fl in q.castling:
        col = 'w' if fl.isupper() else 'b'
        r = 0 if col == 'w' else 11
        kp = q.top.get((6, r))
        pp = q.top.get((9, r) if fl.upper() == 'K' else (2, r))
        want = 'T' if fl.upper() == 'K' else 'C'
        if kp and kp.color == col and kp.kind == 'K' and pp and pp.color == col and pp.kind == want:
            keep += fl
    q.castling = keep
    q.half = 0 if (boat_moved or count_pieces_b(q) < before) else q.half + 1
    if me == 'b':
        q.full += 1
    q.side = opp
    return q


def king_cell_b(q, col):
    for x, pc in q.top.items():
        if pc.color == col and pc.kind == 'K':
            return x
    return None


def legal_b(q):
    """[(text, child)] of legal moves."""
    me = q.side
    out = []
    for text, kind, dest in gen_b(q, me):
        ch = make_b(q, text)
        k = king_cell_b(ch, me)
        if k is None or square_attacked_b(ch, k, OTHER[me]):
            continue
        out.append((text, ch))
    return out


def perft_b(q, depth):
    if depth == 0:
        return 1
    mv = legal_b(q)
    if depth == 1:
        return len(mv)
    return sum(perft_b(ch, depth - 1) for _, ch in mv)


# ===========================================================================
# Front end
# ===========================================================================

def load(fen, gen='a'):
    d = parse_fen(fen)
    return a_from_neutral(d) if gen == 'a' else b_from_neutral(d)


def divide(fen, depth, gen='a'):
    p = load(fen, gen)
    res = []
    if gen == 'a':
        for m, ch in legal_a(p):
            res.append((move_text_a(p, m), perft_a(ch, depth - 1)))
    else:
        for text, ch in legal_b(p):
            res.append((text, perft_b(ch, depth - 1)))
    res.sort()
    return res


def _divide_worker(args):
    fen, text, depth = args
    p = load(fen, 'a')
    for m, ch in legal_a(p):
        if move_text_a(p, m) == text:
            return text, perft_a(ch, depth - 1)
    raise RuntimeError(text)


def perft_parallel(fen, depth, jobs):
    import multiprocessing
    p = load(fen, 'a')
    texts = [move_text_a(p, m) for m, ch in legal_a(p)]
    if depth <= 1:
        return len(texts), [(t, 1) for t in texts]
    with multiprocessing.Pool(jobs) as pool:
        res = pool.map(_divide_worker, [(fen, t, depth) for t in texts], chunksize=1)
    return sum(n for _, n in res), sorted(res)


def neutral_fen_a(p):
    return write_fen(a_to_neutral(p))


def neutral_fen_b(q):
    return write_fen(b_to_neutral(q))


MOVE_KIND_NAMES = {MV_N: 'plain', MV_P: 'long_step', MV_E: 'en_passant', MV_R: 'promotion',
                   MV_O: 'castling', MV_M: 'plant', MV_F: 'remote_capture', MV_BACK: 'return',
                   MV_V: 'dive', MV_U: 'submerged_move', MV_X: 'surface_by_moving',
                   MV_I: 'surface_in_place'}


def compare_position(fen, game_pos=None, kinds=None):
    """Compare both generators on one position. Returns list of disagreement strings.
    game_pos: generator A's own position object reached by playing (so that its
    internal state, not only the FEN, is exercised)."""
    errs = []
    d = parse_fen(fen)
    fen2 = write_fen(d)
    if parse_fen(fen2) != d:
        errs.append('FEN round trip differs: %s' % fen)
    pa = a_from_neutral(d)
    pb = b_from_neutral(d)
    if write_fen(a_to_neutral(pa)) != write_fen(b_to_neutral(pb)):
        errs.append('import differs: A %s | B %s' % (neutral_fen_a(pa), neutral_fen_b(pb)))
    la = {}
    for m, ch in legal_a(pa):
        t = move_text_a(pa, m)
        if t in la:
            errs.append('A duplicate move %s' % t)
        la[t] = neutral_fen_a(ch)
        if kinds is not None:
            k = MOVE_KIND_NAMES[m[0]]
            if m[0] == MV_N and pa.sq[m[2]] is not None:
                k = 'capture'
            if m[0] == MV_F:
                k = 'torpedo' if pa.sq[m[1]][1] == 'T' else 'launch'
            kinds[k] = kinds.get(k, 0) + 1
    if game_pos is not None:
        lg = {move_text_a(game_pos, m): neutral_fen_a(ch) for m, ch in legal_a(game_pos)}
        if lg != la:
            errs.append('A game object and A-from-FEN differ')
    lb = {}
    for t, ch in legal_b(pb):
        if t in lb:
            errs.append('B duplicate move %s' % t)
        lb[t] = neutral_fen_b(ch)
    for t in sorted(set(la) - set(lb)):
        errs.append('only A: %s' % t)
    for t in sorted(set(lb) - set(la)):
        errs.append('only B: %s' % t)
    for t in sorted(set(la) & set(lb)):
        if la[t] != lb[t]:
            errs.append('child of %s differs:\n   A %s\n   B %s' % (t, la[t], lb[t]))
    return errs


SPECIAL = (MV_E, MV_R, MV_O, MV_M, MV_F, MV_BACK, MV_V, MV_U, MV_X, MV_I)


def pick_move(rng, p, legal, bias=True):
    """Random legal move, biased towards special and capturing moves."""
    if not bias:
        return rng.choice(legal)
    weights = []
    for m, ch in legal:
        w = 1.0
        t = m[0]
        if t in SPECIAL:
            w = 6.0
            if t == MV_BACK:
                w = 2.0
        elif p.sq[m[2]] is not None:
            w = 4.0
        pc = p.sq[m[1]]
        if t == MV_N and pc is not None and pc[1] in 'TSDA':
            w *= 1.5
        weights.append(w)
    return rng.choices(legal, weights)[0]


def features(p):
    f = set()
    for i in CELLS_A:
        if p.sub[i] is not None:
            f.add('submerged')
        if p.mine[i] is not None:
            f.add('mine')
        q = p.sq[i]
        if q is not None:
            if q[1] in 'CT' and q[2] == 0:
                f.add('unloaded')
            if q[1] == 'T' and q[3] != ('n' if q[0] == WHITE else 's'):
                f.add('facing')
            if q[1] == 'S' and q[2] >= 2:
                f.add('can_dive')
            if q[1] == 'A' and q[0] != p.side:
                pass
    if p.sortie[p.side] >= 0:
        f.add('sortie_to_move')
    if p.sortie[1 - p.side] >= 0:
        f.add('sortie_other')
    if p.ep >= 0:
        f.add('ep')
    if attacked_a(p.sq, p.sub, p.mine, p.kings[p.side], 1 - p.side):
        f.add('check')
    return f


def random_scatter(rng):
    """A random position (both kings, random pieces and layers/states) with the
    side not to move not in check."""
    while True:
        d = {'surf': {}, 'sub': {}, 'mine': {}, 'side': rng.choice('wb'), 'castling': '',
             'ep': None, 'half': 0, 'full': 1, 'sortie': {'w': None, 'b': None}}
        cells = [cname(f, r) for f, r in ALL_CELLS]
        rng.shuffle(cells)
        ci = iter(cells)
        for col in 'wb':
            letters = ['K'] + [rng.choice('BBBCTTSDA') for _ in range(rng.randint(4, 16))]
            for L in letters:
                n = next(ci)
                f, r = cparse(n)
                if L == 'B' and ((col == 'w' and r >= 11) or (col == 'b' and r <= 0)):
                    L = 'D'
                letter = L if col == 'w' else L.lower()
                st = surf_default(letter)
                if L == 'C':
                    st = (letter, rng.choice([0, 1, 1]), None, None)
                elif L == 'T':
                    st = (letter, rng.choice([0, 1, 1]), rng.choice('nesw'), None)
                elif L == 'S':
                    st = (letter, None, None, rng.randint(0, 8))
                d['surf'][n] = st
            for _ in range(rng.randint(0, 2)):
                n = next(ci)
                if rng.random() < 0.4:
                    # put it below somebody else
                    n2 = rng.choice(list(d['surf']))
                    if d['surf'][n2][0].upper() != 'D' and n2 not in d['sub']:
                        n = n2
                d['sub'][n] = ('S' if col == 'w' else 's', rng.randint(1, 4))
            for _ in range(rng.randint(0, 3)):
                n = next(ci)
                if n not in d['surf'] and n not in d['sub']:
                    d['mine'][n] = 'M' if col == 'w' else 'm'
        # sometimes a cruiser standing on a mine
        for n, st in d['surf'].items():
            if st[0] in 'Cc' and rng.random() < 0.3 and n not in d['mine']:
                d['mine'][n] = 'M' if st[0] == 'C' else 'm'
        # castling rights where they fit
        for col, r in (('w', 1), ('b', 12)):
            def has(cn, L):
                return d['surf'].get(cn, (None,))[0] == (L if col == 'w' else L.lower())
            if has('g%d' % r, 'K'):
                fl = ''
                if has('j%d' % r, 'T'):
                    fl += 'K'
                if has('c%d' % r, 'C'):
                    fl += 'Q'
                d['castling'] += fl if col == 'w' else fl.lower()
        d['castling'] = ''.join(ch for ch in 'KQkq' if ch in d['castling'])
        # sometimes an en passant situation: the side not to move just made a long first step
        if rng.random() < 0.3:
            mover = 'b' if d['side'] == 'w' else 'w'
            f = rng.randint(2, 9)
            steps = rng.randint(2, 4)
            if mover == 'w':
                path = [cname(f, r) for r in range(1, 1 + steps + 1)]
            else:
                path = [cname(f, r) for r in range(10, 10 - steps - 1, -1)]
            for n in path:
                d['surf'].pop(n, None)
                d['mine'].pop(n, None)
            d['surf'][path[-1]] = surf_default('B' if mover == 'w' else 'b')
            d['ep'] = path[1]
            er = cparse(path[1])[1] + (1 if mover == 'w' else -1)
            for df in (-1, 1):
                if cell_exists(f + df, er) and rng.random() < 0.7:
                    n = cname(f + df, er)
                    d['surf'][n] = surf_default('b' if mover == 'w' else 'B')
                    d['mine'].pop(n, None)
            kings = [n for n, st in d['surf'].items() if st[0] in 'Kk']
            if len(kings) != 2:
                continue
        # sortie
        for col in 'wb':
            carriers = [n for n, st in d['surf'].items() if st[0] == ('A' if col == 'w' else 'a')]
            if carriers and rng.random() < 0.4:
                d['sortie'][col] = rng.choice(carriers)
        # submerged pieces next to enemy destroyers would have surfaced already
        try:
            fen = write_fen(d)
            p = a_from_neutral(parse_fen(fen))
        except ValueError:
            continue
        bad = False
        for i in CELLS_A:
            s = p.sub[i]
            if s is not None:
                for dd in ORTH:
                    q = p.sq[i + dd]
                    if q is not None and q[1] == 'D' and q[0] != s[0]:
                        bad = True
        if bad:
            continue
        other = 1 - p.side
        if attacked_a(p.sq, p.sub, p.mine, p.kings[other], p.side):
            continue
        return fen


def _cross_worker(args):
    seed, plies, mode = args
    rng = random.Random(seed)
    fen = START_FEN if mode == 'start' else random_scatter(rng)
    p = load(fen, 'a')
    results = []
    feats = {}
    kinds = {}
    for ply in range(plies):
        f = neutral_fen_a(p)
        errs = compare_position(f, p, kinds)
        for x in features(p):
            feats[x] = feats.get(x, 0) + 1
        results.append((f, errs))
        leg = legal_a(p)
        if not leg:
            break
        m, p = pick_move(rng, p, leg)
    return results, feats, kinds


def crosscheck(ngames, seed=1, jobs=2, plies=60, quiet=False):
    import multiprocessing
    tasks = []
    for g in range(ngames):
        mode = 'start' if g % 2 == 0 else 'scatter'
        tasks.append((seed * 100003 + g, plies if mode == 'start' else plies // 3, mode))
    npos = 0
    nerr = 0
    feats = {}
    kinds = {}
    t0 = time.time()
    with multiprocessing.Pool(jobs) as pool:
        for results, fe, ki in pool.imap_unordered(_cross_worker, tasks):
            for k, v in fe.items():
                feats[k] = feats.get(k, 0) + v
            for k, v in ki.items():
                kinds[k] = kinds.get(k, 0) + v
            for f, errs in results:
                npos += 1
                if errs:
                    nerr += 1
                    if nerr <= 20:
                        print('DISAGREE at', f)
                        for e in errs[:10]:
                            print('  ', e)
    if not quiet:
        print('positions compared: %d, disagreeing: %d, time %.0fs' % (npos, nerr, time.time() - t0))
        print('feature counts (positions):', dict(sorted(feats.items())))
        print('legal move kinds compared:', dict(sorted(kinds.items())))
    return npos, nerr


# ---------------------------------------------------------------------------
# self tests: hand-made positions with the expected behaviour
# ---------------------------------------------------------------------------

def fen_from(pieces, side='w', castling='-', ep='-', state='-'):
    """pieces: {cell: token} where token is like 'K', 'k', '{C*M}', '{_s}'."""
    rows = []
    for r in range(11, -1, -1):
        out, empty = '', 0
        for f in rank_files(r):
            tok = pieces.get(cname(f, r))
            if tok is None:
                empty += 1
                continue
            if empty:
                out += str(empty)
                empty = 0
            out += tok
        if empty:
            out += str(empty)
        rows.append(out)
    return '%s %s %s %s 0 1 %s' % ('/'.join(rows), side, castling, ep, state)


HAND = [
    ('mine stops a rook (no check through the mine; rook may land on the mine)',
     fen_from({'g1': 'K', 'c5': 'C', 'c8': '{*m}', 'c10': 'k', 'h10': 'b'}, 'w')),
    ('destroyer next to a submerged S (D to f5 forces the sub at f6 up, capturing the B above)',
     fen_from({'g1': 'K', 'h3': 'D', 'f6': '{B_s}', 'g12': 'k', 'd9': 'b'}, 'w',
              state='_f6.submerged=3')),
    ('submerged S giving check',
     fen_from({'f5': 'K', 'e7': '{_s}', 'g12': 'k', 'c3': 'C', 'e3': 'D'}, 'w',
              state='_e7.submerged=2')),
    ('carrier ring check',
     fen_from({'e6': 'K', 'e9': 'a', 'g12': 'k', 'b3': 'S', 'j4': 'T'}, 'w')),
    ('loaded torpedo facing east',
     fen_from({'c1': 'K', 'd5': 'T', 'e6': 'b', 'f7': 'd', 'e4': '{*m}', 'f3': 's', 'g12': 'k'}, 'w',
              state='d5.facing=e')),
    ('sortie state (aircraft out from f5: launches and return only)',
     fen_from({'g1': 'K', 'f5': 'A', 'c8': 'b', 'f8': 'd', 'i2': 'c', 'h3': 'C', 'g12': 'k'},
              'w', state='sortie.w=f5')),
    ('en passant on rank 3 (white e2-e5, black d4 may take on e3)',
     fen_from({'g1': 'K', 'e5': 'B', 'd4': 'b', 'f4': 'b', 'g12': 'k', 'e12': 'c'}, 'b', ep='e3')),
    ('boats at a10, b10, k10 (sideways steps, b10xc11)',
     fen_from({'g1': 'K', 'a10': 'B', 'b10': 'B', 'k10': 'B', 'c11': 's', 'g12': 'k', 'l3': 'b'}, 'w')),
    ('castling: T side allowed, C side refused because f1 is attacked by the d on c4',
     fen_from({'g1': 'K', 'c1': 'C', 'j1': 'T', 'd2': 'B', 'f2': 'B', 'g2': 'B', 'h2': 'B',
               'i2': 'B', 'j2': 'B', 'c4': 'd', 'g12': 'k'}, 'w', castling='KQ')),
    ('cruiser on its own mine, boat promoting onto a mined cell, own submerged S under the K',
     fen_from({'g1': '{K_S}', 'd4': '{C*M}', 'e11': 'B', 'e12': '{*m}', 'g12': 'k', 'f11': 'b'}, 'w',
              state='d4.mine=0,_g1.submerged=1')),
    ('white sub with 0 turns left surfaces at the end of black move (captures the b above)',
     fen_from({'g1': 'K', 'h6': '{b_S}', 'e5': '{d_s}', 'g12': 'k', 'c9': 'd'}, 'b',
              state='_h6.submerged=0,_e5.submerged=2')),
    ('disputed: submerged s knight-adjacent to a K that has its own S below it (no check here)',
     fen_from({'f5': '{K_S}', 'e7': '{_s}', 'g12': 'k', 'c3': 'C'}, 'w',
              state='_f5.submerged=3,_e7.submerged=2')),
    ('disputed: torpedo fired from the own haven reloads (then g5-g4 walks into it)',
     fen_from({'c1': 'K', 'e2': 'T', 'd3': 'b', 'g5': 'k'}, 'w')),
]


def legal_texts_a(fen):
    p = load(fen, 'a')
    return sorted(move_text_a(p, m) for m, ch in legal_a(p))


def child_after(fen, text):
    p = load(fen, 'a')
    for m, ch in legal_a(p):
        if move_text_a(p, m) == text:
            return neutral_fen_a(ch)
    return None


def selftest():
    ok = True

    def check(cond, msg):
        nonlocal ok
        if not cond:
            ok = False
            print('FAIL:', msg)

    d = parse_fen('-')
    check(write_fen(d) == START_FEN, 'start FEN round trip')
    p = load('-')
    check(NAME[p.kings[0]] == 'g1' and NAME[p.kings[1]] == 'g12', 'kings g1/g12')
    check(d['surf']['c1'][0] == 'C' and d['surf']['d1'][0] == 'S' and d['surf']['e1'][0] == 'D'
          and d['surf']['f1'][0] == 'A' and d['surf']['h1'][0] == 'D' and d['surf']['i1'][0] == 'S'
          and d['surf']['j1'][0] == 'T', 'white back rank')
    mv = legal_texts_a('-')
    check('c1:M' in mv and 'e2e6' in mv and 'd1c3' in mv and len(mv) == 37, 'start moves %s' % mv)
    # 1 mine stops rook
    f = HAND[0][1]
    mv = legal_texts_a(f)
    check('c5c8' in mv and 'c5c9' not in mv, 'rook stops at mine')
    ch = child_after(f, 'c5c8')
    dd = parse_fen(child_after(f, 'c5c8'))
    check('c8' not in dd['surf'] and 'c8' not in dd['mine'], 'rook destroyed with the mine')
    # the black K on c10 is not in check through the mine: black to move after a quiet move
    # 2 destroyer next to submerged S
    f = HAND[1][1]
    dd = parse_fen(child_after(f, 'h3f5'))
    check(dd['surf'].get('f6', (None,))[0] == 's' and 'f6' not in dd['sub'], 'D forces sub up, B captured')
    dd = parse_fen(child_after(f, 'h3g4'))
    check('f6' in dd['sub'] and dd['sub']['f6'][1] == 3, 'sub count unchanged by white move')
    # 3 submerged S check
    f = HAND[2][1]
    p = load(f)
    check(attacked_a(p.sq, p.sub, p.mine, p.kings[0], 1), 'sub gives check')
    mv = legal_texts_a(f)
    check('e3f4' not in mv, 'ignoring the check')
    # 4 ring check
    f = HAND[3][1]
    p = load(f)
    check(attacked_a(p.sq, p.sub, p.mine, p.kings[0], 1), 'ring check')
    mv = legal_texts_a(f)
    check(sorted(t for t in mv if t.startswith('e6')) == ['e6d5', 'e6e5', 'e6f5'],
          'king escapes only out of reach of the carrier (%s)' % mv)
    # 5 torpedo facing east
    f = HAND[4][1]
    mv = legal_texts_a(f)
    check('d5xe6' in mv and 'd5xf7' not in mv and 'd5xf3' not in mv, 'torpedo east %s' % mv)
    dd = parse_fen(child_after(f, 'd5xe6'))
    check(dd['surf']['d5'] == ('T', 0, 'e', None), 'torpedo unloaded, facing kept')
    # 6 sortie
    f = HAND[5][1]
    mv = legal_texts_a(f)
    check(sorted(mv) == sorted(['f5xc8', 'f5xf8', 'f5xi2', 'f5:back']), 'sortie moves %s' % mv)
    # 7 ep
    f = HAND[6][1]
    mv = legal_texts_a(f)
    check('d4e3' in mv and 'f4e3' in mv, 'ep moves')
    dd = parse_fen(child_after(f, 'd4e3'))
    check('e5' not in dd['surf'] and dd['surf']['e3'][0] == 'b', 'ep removes the boat on e5')
    # 8 boats on a10/b10/k10
    f = HAND[7][1]
    mv = legal_texts_a(f)
    check('a10b10' not in mv and 'b10c10' in mv and 'b10c11' in mv and 'k10j10' in mv, 'sideways %s' % mv)
    # 9 castling
    f = HAND[8][1]
    mv = legal_texts_a(f)
    check('g1i1' in mv and 'g1e1' not in mv, 'castling %s' % mv)
    f2 = f.replace('/2d9/', '/12/')
    check('g1e1' in legal_texts_a(f2), 'C castling once the d is gone')
    dd = parse_fen(child_after(f, 'g1i1'))
    check(dd['surf']['h1'] == ('T', 1, 'w', None) and dd['surf']['i1'][0] == 'K', 'T castling result')
    # 10 mine promotion, cruiser on mine
    f = HAND[9][1]
    mv = legal_texts_a(f)
    check('e11e12c' in mv and 'e11e12a' in mv and 'd4:M' not in mv, 'promo onto mine %s' % mv)
    dd = parse_fen(child_after(f, 'e11e12t'))
    check('e12' not in dd['surf'] and 'e12' not in dd['mine'], 'promoted piece destroyed by mine')
    # forced surfacing under the K: the white sub at g1 surfaces after black's move -> destroyed
    f = HAND[9][1]
    dd = parse_fen(child_after(f, 'd4d5'))
    check(dd['sub']['g1'][1] == 0, 'own sub counts down')
    for t in legal_texts_a(write_fen(dd)):
        dd2 = parse_fen(child_after(write_fen(dd), t))
        check('g1' not in dd2['sub'] and dd2['surf']['g1'][0] == 'K', 'sub under K destroyed on forced surfacing')
        break
    f = HAND[10][1]
    for t in legal_texts_a(f):
        dd = parse_fen(child_after(f, t))
        if t.startswith('h6'):
            check(dd['sub'].get('h6') is None and dd['surf']['h6'][0] == 'S', 'sub surfaces below empty cell')
        elif not t.startswith('_'):
            check(dd['surf']['h6'][0] == 'S' and dd['surf']['h6'][3] == 0, 'forced surfacing captures b (%s)' % t)
    for name, f in HAND:
        e = compare_position(f)
        check(not e, 'generators disagree on %s: %s' % (name, e))
    # perft 1..2 from the start agree between the generators
    for dpt in (1, 2):
        a = perft_a(load('-', 'a'), dpt)
        b = perft_b(load('-', 'b'), dpt)
        check(a == b, 'start perft %d: A %d B %d' % (dpt, a, b))
    print('selftest', 'OK' if ok else 'FAILED')
    return ok


def _pos_worker(seed):
    """One biased random game from the start, 20..60 plies; returns the final FEN and
    the events seen, or None."""
    rng = random.Random(seed)
    plies = rng.randint(20, 60)
    p = load('-', 'a')
    events = set()
    for ply in range(plies):
        leg = legal_a(p)
        if not leg:
            return None
        m, ch = pick_move(rng, p, leg)
        if m[0] == MV_V:
            events.add('dive')
        elif m[0] == MV_M:
            events.add('plant')
        elif m[0] == MV_F:
            events.add('torpedo' if p.sq[m[1]][1] == 'T' else 'aircraft')
        p = ch
    if not legal_a(p):
        return None
    return neutral_fen_a(p), plies, sorted(events), sorted(features(p))


def _count_worker(fen):
    a1 = perft_a(load(fen, 'a'), 1)
    a2 = perft_a(load(fen, 'a'), 2)
    b1 = perft_b(load(fen, 'b'), 1)
    b2 = perft_b(load(fen, 'b'), 2)
    return fen, a1, a2, b1, b2


def make_positions(seed=1, jobs=2, want=30, out='positions.txt'):
    import multiprocessing
    chosen = []
    s = seed * 7919
    with multiprocessing.Pool(jobs) as pool:
        while len(chosen) < want:
            batch = pool.map(_pos_worker, range(s, s + 40))
            s += 40
            for r in batch:
                if r is None:
                    continue
                fen, plies, ev, fe = r
                if 'dive' in ev and 'plant' in ev and ('torpedo' in ev or 'aircraft' in ev):
                    chosen.append(r)
                    if len(chosen) >= want:
                        break
        fens = [r[0] for r in chosen] + [f for _, f in HAND]
        counts = pool.map(_count_worker, fens, chunksize=1)
    bad = 0
    with open(out, 'w') as fh:
        for fen, a1, a2, b1, b2 in counts:
            if (a1, a2) != (b1, b2):
                bad += 1
                print('GENERATORS DISAGREE', fen, a1, a2, b1, b2)
            fh.write('%s\t%d\t%d\n' % (fen, a1, a2))
    for r in chosen:
        print('%2d plies, events %s, now %s' % (r[1], ','.join(r[2]), ','.join(r[3])))
    print('%d positions written to %s, %d disagreements' % (len(counts), out, bad))


def main(argv):
    if len(argv) < 2:
        print(__doc__)
        return 2
    cmd = argv[1]
    args = argv[2:]
    gen = 'a'
    jobs = 1
    seed = 1
    rest = []
    i = 0
    while i < len(args):
        if args[i] == '--gen':
            gen = args[i + 1]
            i += 2
        elif args[i] == '--jobs':
            jobs = int(args[i + 1])
            i += 2
        elif args[i] == '--seed':
            seed = int(args[i + 1])
            i += 2
        else:
            rest.append(args[i])
            i += 1
    if cmd == 'perft':
        fen, depth = rest[0], int(rest[1])
        t0 = time.time()
        if jobs > 1 and gen == 'a':
            n, _ = perft_parallel(fen, depth, jobs)
        else:
            n = perft_a(load(fen, 'a'), depth) if gen == 'a' else perft_b(load(fen, 'b'), depth)
        print(n)
        print('time %.1fs' % (time.time() - t0), file=sys.stderr)
    elif cmd == 'divide':
        fen, depth = rest[0], int(rest[1])
        if jobs > 1 and gen == 'a':
            total, res = perft_parallel(fen, depth, jobs)
        else:
            res = divide(fen, depth, gen)
            total = sum(n for _, n in res)
        for t, n in res:
            print('%s %d' % (t, n))
        print('total %d (%d moves)' % (total, len(res)))
    elif cmd == 'moves':
        fen = rest[0]
        if gen == 'a':
            p = load(fen, 'a')
            out = sorted((move_text_a(p, m), neutral_fen_a(ch)) for m, ch in legal_a(p))
        else:
            q = load(fen, 'b')
            out = sorted((t, neutral_fen_b(ch)) for t, ch in legal_b(q))
        for t, f in out:
            print('%-10s %s' % (t, f))
        print('%d moves' % len(out))
    elif cmd == 'crosscheck':
        crosscheck(int(rest[0]), seed=seed, jobs=jobs)
    elif cmd == 'positions':
        make_positions(seed=seed, jobs=jobs)
    elif cmd == 'selftest':
        return 0 if selftest() else 1
    elif cmd == 'compare':
        e = compare_position(rest[0])
        print('\n'.join(e) if e else 'agree')
    else:
        print(__doc__)
        return 2
    return 0


if __name__ == '__main__':
    sys.exit(main(sys.argv))
