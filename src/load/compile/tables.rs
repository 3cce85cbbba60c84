//! Motions to the engine's tables at the board's width: per-cell move tables for each piece
//! type and side, and the reverse tables used to find attackers.

use std::collections::{HashMap, HashSet};

use crate::rules::layers::{LayerRules, RemoteReach};
use crate::rules::setwise::{LineFills, SetWise, MAX_RIDER_SETS};
use crate::rules::tables::AnyTables;
use crate::rules::tables::{
    Alternative, AttackTables, Conditional, Extent, Hop, KindFacts, LeapCell, Lines, Mode,
    PieceTables, RayAttack, Ride, Tables, TwoLegs,
};
use crate::rules::{Color, KindSet, PieceType, Topology, MAX_KINDS};
use crate::types::bitboard::{Bitboard, Bits, Cell};

use super::betza::{Motion, Reach};

/// A piece type's motions: everywhere, per `within` region (per side) only there, and per
/// `from` region only from there.
pub(crate) struct KindMotions {
    pub(crate) everywhere: Vec<Motion>,
    pub(crate) within: Vec<(Vec<Motion>, [Bitboard; 2])>,
    pub(crate) from: Vec<(Vec<Motion>, [Bitboard; 2])>,
    /// Kinds its hops may not go over (`cannot_hop:`).
    pub(crate) cannot_hop: KindSet,
}

impl KindMotions {
    /// Whether any of its motions has two legs through a cell ([`Reach::Via`]).
    fn has_legs(&self) -> bool {
        self.everywhere
            .iter()
            .chain(self.within.iter().chain(&self.from).flat_map(|(m, _)| m))
            .any(|m| matches!(m.reach, Reach::Via { .. }))
    }
}

/// Builds the engine's tables for a board of `topo`'s size.
pub(crate) fn build(
    topo: &Topology,
    motions: &[KindMotions],
    pieces: &[PieceType],
    layers: Option<&LayerRules>,
    mutually_immune: KindSet,
    gates: [Bitboard; 2],
) -> AnyTables {
    let t = (topo, motions, pieces, layers, mutually_immune, gates);
    match topo.cell_count() {
        0..=64 => AnyTables::N64(Box::new(tables::<1>(t))),
        65..=128 => AnyTables::N128(Box::new(tables::<2>(t))),
        _ => AnyTables::N256(Box::new(tables::<4>(t))),
    }
}

/// What [`tables`] builds from: the board, each kind's motions and piece type, the layer
/// rules, the mutually immune kinds and the gates.
type TableInputs<'a> = (
    &'a Topology,
    &'a [KindMotions],
    &'a [PieceType],
    Option<&'a LayerRules>,
    KindSet,
    [Bitboard; 2],
);

fn tables<const W: usize>(
    (topo, motions, pieces, layers, mutually_immune, gates): TableInputs<'_>,
) -> Tables<W> {
    let mut lines = Lines::default();
    let mut per_side: [Vec<PieceTables<W>>; 2] = [Vec::new(), Vec::new()];
    for color in Color::BOTH {
        for m in motions {
            let all: Bits<W> = topo.all().resize();
            let side = |zone: &[Bitboard; 2]| zone[color.index()].resize();
            // Each group with the cells its moves start from and the cells they keep to.
            let groups: Vec<Group<'_, W>> = std::iter::once((&m.everywhere[..], all, all))
                .chain(m.within.iter().map(|(ms, z)| (&ms[..], side(z), side(z))))
                .chain(m.from.iter().map(|(ms, z)| (&ms[..], side(z), all)))
                .collect();
            per_side[color.index()].push(piece_tables(
                topo,
                &mut lines,
                &groups,
                color,
                m.cannot_hop,
            ));
        }
    }
    let attacks = [
        attack_tables(topo, &mut lines, &per_side[0]),
        attack_tables(topo, &mut lines, &per_side[1]),
    ];
    let mut promotion_zone = [[Bits::EMPTY; MAX_KINDS]; 2];
    for (k, p) in pieces.iter().enumerate() {
        // A standing promotion is a move of its own, never made on arrival.
        if let Some(promo) = p.promotion.as_ref().filter(|p| !p.standing) {
            for color in Color::BOTH {
                promotion_zone[color.index()][k] = promo.zone[color.index()].resize();
            }
        }
    }
    let mut drop_zone = [[Bits::EMPTY; MAX_KINDS]; 2];
    for (k, p) in pieces.iter().enumerate() {
        for color in Color::BOTH {
            if let Some(rule) = &p.drop {
                drop_zone[color.index()][k] = rule.zone[color.index()].resize();
            }
        }
    }
    let mut rings = Vec::new();
    let mut sonars = Vec::new();
    for (kind, k) in layers.iter().flat_map(|l| l.kinds.iter().enumerate()) {
        for (i, remote) in k.remote.iter().enumerate() {
            if let RemoteReach::Ring(cells) = &remote.reach {
                rings.push((
                    kind as u8,
                    i as u8,
                    cells.iter().map(|c| c.resize()).collect(),
                ));
            }
        }
        if !k.sonar.is_empty() {
            sonars.push((kind as u8, k.sonar.iter().map(|c| c.resize()).collect()));
        }
    }
    let royal: KindSet = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .map(|(k, _)| crate::rules::Kind::new(k as u8))
        .collect();
    let kinds = pieces
        .iter()
        .enumerate()
        .map(|(k, p)| KindFacts {
            royal: p.royal,
            first_move: p.first_move,
            en_passant: p.takes_en_passant,
            hunts: layers.is_some_and(|l| l.kinds[k].hunts_submerged),
            limited_promotion: p
                .promotion
                .as_ref()
                .is_some_and(|p| !p.limit.is_empty() && !p.standing),
            promotes_to_royal: p
                .promotion
                .as_ref()
                .is_some_and(|p| p.choices.iter().flatten().any(|&c| royal.has(c))),
            optional_promotion: p.promotion.as_ref().is_some_and(|p| p.optional),
            promotes_on_capture: p.promotion.as_ref().is_some_and(|p| p.on_capture),
            promotes_entering: p.promotion.as_ref().is_some_and(|p| p.entering),
            cannot_capture: p.cannot_capture,
            plain: p.promotion.as_ref().is_none_or(|p| {
                !p.optional
                    && !p.on_capture
                    && !p.entering
                    && p.limit.is_empty()
                    && p.choices.iter().all(|c| !c.is_empty())
            }) && p.cannot_capture.is_empty()
                && motions[k].cannot_hop.is_empty()
                && !motions[k].has_legs()
                && !mutually_immune.has(crate::rules::Kind::new(k as u8)),
            extra_choices: [0, 1].map(|side| {
                p.promotion
                    .as_ref()
                    .map_or(0, |p| p.choices[side].len().saturating_sub(1) as u8)
            }),
        })
        .collect::<Vec<KindFacts>>();
    // The kinds the bulk counter may count set-wise: plain ones that are not judged move
    // by move (royal pieces, promotions to one) and capture only what stands on a cell.
    let mut line_fills = [LineFills::default(), LineFills::default()];
    for color in Color::BOTH {
        let side = &mut per_side[color.index()];
        for (t, facts) in side.iter_mut().zip(&kinds) {
            let judged = facts.royal || facts.promotes_to_royal || facts.hunts;
            if facts.plain && !judged {
                t.setwise = SetWise::derive(t, &lines);
            }
        }
        line_fills[color.index()] =
            fill_lines(side, &kinds, &promotion_zone[color.index()], &lines);
    }
    let rank_rays = topo
        .cells()
        .map(|c| [1, -1].map(|dx| topo.ray(c, dx, 0).fold(Bits::EMPTY, |b, c| b.with(c))))
        .collect();
    Tables {
        all: topo.all().resize(),
        rank_rays,
        kinds,
        pieces: per_side,
        attacks,
        lines,
        promotion_zone,
        drop_zone,
        gating: gates.iter().any(|g| !g.is_empty()),
        gates: gates.map(|g| g.resize()),
        rings,
        sonars,
        line_fills,
    }
}

/// The lines the set-wise kinds of one side ride, each filled from all its riders, and
/// those kinds marked as counted so (on a one-word board). A kind joins when every line it
/// rides can be filled, it never promotes (a promoting arrival counts once per choice of its
/// own kind) and it takes nothing en passant (its moves are then listed piece by piece).
fn fill_lines<const W: usize>(
    side: &mut [PieceTables<W>],
    kinds: &[KindFacts],
    zones: &[Bits<W>; MAX_KINDS],
    lines: &Lines<W>,
) -> LineFills<W> {
    if W > 1 {
        // A fill's doublings are a chain of dependent shifts, one instruction each on a
        // one-word board but several on a wider one: there, sliding piece by piece measured
        // faster (Capablanca perft(5): 86 million nodes a second filled, 99 slid).
        return LineFills::default();
    }
    // Each line's fill, built once.
    let by_line: Vec<_> = (0..lines.steps.len()).map(|l| lines.fill(l)).collect();
    let mut riders: Vec<KindSet> = vec![KindSet::EMPTY; lines.steps.len()];
    for (k, t) in side.iter().enumerate() {
        let joins = t.setwise.is_some()
            && !t.plain_rides.is_empty()
            && zones[k].is_empty()
            && !kinds[k].en_passant
            && t.plain_rides.iter().all(|&line| by_line[line].is_some());
        if joins {
            for &line in &t.plain_rides {
                riders[line] = riders[line].with(crate::rules::Kind::new(k as u8));
            }
        }
    }
    let mut fills = LineFills::default();
    for (set, fill) in riders.into_iter().zip(by_line) {
        let Some(fill) = fill.filter(|_| !set.is_empty()) else {
            continue;
        };
        let at = match fills.riders.iter().position(|&s| s == set) {
            Some(at) => at,
            None => {
                fills.riders.push(set);
                fills.riders.len() - 1
            }
        };
        fills.lines.push((fill, at));
    }
    if fills.riders.len() > MAX_RIDER_SETS {
        return LineFills::default();
    }
    for (k, t) in side.iter_mut().enumerate() {
        if let Some(sw) = &mut t.setwise {
            sw.rides_filled = fills
                .riders
                .iter()
                .any(|s| s.has(crate::rules::Kind::new(k as u8)));
        }
    }
    fills
}

/// Orients a White-frame offset for `color`: Black's forward is down the board, and its left
/// is White's right (the board seen from Black's side).
fn orient(color: Color, dx: i8, dy: i8) -> (i8, i8) {
    match color {
        Color::White => (dx, dy),
        Color::Black => (-dx, -dy),
    }
}

/// Motions, the cells they may start from, and the cells their moves must pass and end on.
type Group<'a, const W: usize> = (&'a [Motion], Bits<W>, Bits<W>);

/// Builds the move tables of one piece type for one side: each group's motions where the
/// move starts on one of its origins and passes and ends inside its zone (everywhere, a
/// `within` region, or a `from` region's origins and the whole board).
fn piece_tables<const W: usize>(
    topo: &Topology,
    lines: &mut Lines<W>,
    groups: &[Group<'_, W>],
    color: Color,
    cannot_hop: KindSet,
) -> PieceTables<W> {
    let n = topo.cell_count();
    let mut t = PieceTables {
        leaps: vec![LeapCell::default(); n],
        conditional: vec![Vec::new(); n],
        legs: vec![Vec::new(); n],
        passes: vec![Bits::EMPTY; n],
        ..PieceTables::default()
    };
    let everywhere: Bits<W> = topo.all().resize();
    let mut seen = Seen::default();
    for &(motions, origins, zone) in groups {
        let zones = Zones {
            origins,
            zone,
            all: everywhere,
        };
        for motion in motions {
            add_motion(&mut t, &mut seen, topo, lines, motion, zones, color);
        }
    }
    t.has_conditional = t.conditional.iter().any(|c| !c.is_empty());
    t.has_legs = t.legs.iter().any(|l| !l.is_empty()) || t.passes.iter().any(|p| !p.is_empty());
    t.destinations = if t.rides.is_empty() && !t.has_legs {
        t.leaps
            .iter()
            .zip(&t.conditional)
            .map(|(l, c)| {
                c.iter().fold(
                    l.quiet | l.capture | l.initial_quiet | l.initial_capture,
                    |acc, c| acc.with(c.to),
                )
            })
            .collect()
    } else {
        vec![Bits::ALL; n]
    };
    for ride in t.rides.iter_mut().filter(|r| r.hop != Hop::None) {
        ride.cannot_hop = cannot_hop;
    }
    for (i, ride) in t.rides.iter().enumerate() {
        let plain = ride.extent == Extent::Full
            && ride.hop == Hop::None
            && ride.mode == Mode::Both
            && !ride.initial;
        if plain {
            t.plain_rides.push(ride.line);
        } else {
            t.other_rides.push(i);
        }
    }
    t
}

/// What one piece's conditional tables hold so far, found without scanning them: per
/// origin, destination, mode and first-move flag, the entry's place in the origin's list,
/// and every way already added.
struct Seen<const W: usize> {
    entries: HashMap<(Cell, Cell, Mode, bool), usize>,
    ways: HashSet<(Cell, Cell, Mode, bool, Alternative<W>)>,
}

impl<const W: usize> Default for Seen<W> {
    fn default() -> Seen<W> {
        Seen {
            entries: HashMap::new(),
            ways: HashSet::new(),
        }
    }
}

/// Where a group's moves may go.
#[derive(Clone, Copy)]
struct Zones<const W: usize> {
    /// The cells a move may start from.
    origins: Bits<W>,
    /// The cells a move must pass and end on.
    zone: Bits<W>,
    /// Every cell of the board.
    all: Bits<W>,
}

/// Adds one motion's moves that start on one of `zones`' origins and lie wholly inside its
/// zone.
fn add_motion<const W: usize>(
    t: &mut PieceTables<W>,
    seen: &mut Seen<W>,
    topo: &Topology,
    lines: &mut Lines<W>,
    motion: &Motion,
    zones: Zones<W>,
    color: Color,
) {
    let Zones { origins, zone, all } = zones;
    let (dx, dy) = orient(color, motion.dx, motion.dy);
    match &motion.reach {
        Reach::Leap => {
            for from in topo.cells() {
                let Some(to) = topo.offset(from, dx as i32, dy as i32) else {
                    continue;
                };
                if !origins.has(from) || !zone.has(to) {
                    continue;
                }
                let cell = &mut t.leaps[from.index()];
                let (quiet, capture) = if motion.initial {
                    (&mut cell.initial_quiet, &mut cell.initial_capture)
                } else {
                    (&mut cell.quiet, &mut cell.capture)
                };
                if motion.mode.quiet() {
                    *quiet = quiet.with(to);
                }
                if motion.mode.capture() {
                    *capture = capture.with(to);
                }
            }
        }
        Reach::Conditional(alternatives) => {
            for from in topo.cells() {
                let Some(to) = topo.offset(from, dx as i32, dy as i32) else {
                    continue;
                };
                if !origins.has(from) || !zone.has(to) {
                    continue;
                }
                let cells = |offsets: &[(i8, i8)]| -> Option<Bits<W>> {
                    offsets.iter().try_fold(Bits::EMPTY, |acc, &(ox, oy)| {
                        let (ox, oy) = orient(color, ox, oy);
                        topo.offset(from, ox as i32, oy as i32).map(|c| acc.with(c))
                    })
                };
                // A way through a missing square is no way at all.
                let alts: Vec<Alternative<W>> = alternatives
                    .iter()
                    .filter_map(|a| {
                        Some(Alternative {
                            empty: cells(&a.empty)?,
                            occupied: cells(&a.occupied)?,
                        })
                    })
                    .filter(|a| (a.empty | a.occupied).is_subset(zone))
                    .collect();
                if alts.is_empty() {
                    continue;
                }
                let list = &mut t.conditional[from.index()];
                let key = (from, to, motion.mode, motion.initial);
                let at = *seen.entries.entry(key).or_insert_with(|| {
                    list.push(Conditional::new(to, motion.mode, motion.initial));
                    list.len() - 1
                });
                for a in alts {
                    if seen.ways.insert((from, to, motion.mode, motion.initial, a)) {
                        list[at].add_new(a);
                    }
                }
            }
        }
        Reach::Via { via, captures } => {
            let (vx, vy) = orient(color, via.0, via.1);
            for from in topo.cells().filter(|&c| origins.has(c)) {
                let (Some(via), Some(to)) = (
                    topo.offset(from, vx as i32, vy as i32),
                    topo.offset(from, dx as i32, dy as i32),
                ) else {
                    continue;
                };
                if !zone.has(via) || !zone.has(to) {
                    continue;
                }
                if *captures {
                    let leg = TwoLegs {
                        via,
                        to,
                        mode: motion.mode,
                    };
                    let list = &mut t.legs[from.index()];
                    if !list.contains(&leg) {
                        list.push(leg);
                    }
                } else {
                    t.passes[from.index()] = t.passes[from.index()].with(via);
                }
            }
        }
        Reach::Ride { max, hop } => {
            let line = lines.index((dx, dy), topo);
            let extent = match max {
                None if zone == all && origins == all => Extent::Full,
                _ => Extent::Limited(
                    topo.cells()
                        .map(|from| {
                            topo.ray(from, dx as i32, dy as i32)
                                .take(max.map_or(usize::MAX, |m| m as usize))
                                .take_while(|&c| zone.has(c) && origins.has(from))
                                .collect()
                        })
                        .collect(),
                ),
            };
            t.rides.push(Ride {
                line,
                extent,
                mode: motion.mode,
                initial: motion.initial,
                hop: *hop,
                cannot_hop: KindSet::EMPTY,
            });
        }
    }
}

/// Per kind with such leaps: per target cell, the cells a leap to it comes from.
type ReverseLeaps<const W: usize> = Vec<(u8, Vec<Bits<W>>)>;

/// Builds the reverse tables of every piece type of one colour (as attacker).
fn attack_tables<const W: usize>(
    topo: &Topology,
    lines: &mut Lines<W>,
    tables: &[PieceTables<W>],
) -> AttackTables<W> {
    let n = topo.cell_count();
    let mut a = AttackTables {
        conditional: vec![Vec::new(); n],
        ..AttackTables::default()
    };
    // Each ray's place in `a.rays`, found without a scan.
    let mut rays: HashMap<(usize, Extent<W>, bool, Hop, KindSet), usize> = HashMap::new();
    for (kind, t) in tables.iter().enumerate() {
        let kind = kind as u8;
        let captures: [(Vec<Bits<W>>, &mut ReverseLeaps<W>); 2] = [
            (t.leaps.iter().map(|c| c.capture).collect(), &mut a.leaps),
            (
                t.leaps.iter().map(|c| c.initial_capture).collect(),
                &mut a.initial_leaps,
            ),
        ];
        for (source, target) in captures {
            if source.iter().all(|b| b.is_empty()) {
                continue;
            }
            let mut reverse = vec![Bits::EMPTY; n];
            for (from, targets) in source.iter().enumerate() {
                for to in *targets {
                    reverse[to.index()] = reverse[to.index()].with(Cell::new(from as u8));
                }
            }
            target.push((kind, reverse));
        }
        for (from, list) in t.conditional.iter().enumerate() {
            for c in list.iter().filter(|c| c.mode.capture()) {
                a.screens |= c.screened();
                a.conditional[c.to.index()].push((Cell::new(from as u8), kind, c.clone()));
            }
        }
        for ride in t.rides.iter().filter(|r| r.mode.capture()) {
            let (dx, dy) = lines.steps[ride.line];
            let back = lines.index((-dx, -dy), topo);
            let extent = reverse_extent(lines, ride, back, n);
            let kinds = KindSet::EMPTY.with(crate::rules::Kind::new(kind));
            let key = (back, extent, ride.initial, ride.hop, ride.cannot_hop);
            match rays.get(&key) {
                Some(&i) => a.rays[i].kinds = a.rays[i].kinds.with(crate::rules::Kind::new(kind)),
                None => {
                    a.rays.push(RayAttack {
                        line: back,
                        extent: key.1.clone(),
                        kinds,
                        group: 0,
                        initial: ride.initial,
                        hop: ride.hop,
                        cannot_hop: ride.cannot_hop,
                    });
                    rays.insert(key, a.rays.len() - 1);
                }
            }
        }
    }
    let mut groups: HashMap<KindSet, usize> = HashMap::new();
    for ray in &mut a.rays {
        ray.group = *groups.entry(ray.kinds).or_insert_with(|| {
            a.groups.push(ray.kinds);
            a.groups.len() - 1
        });
    }
    a
}

/// The attackers' range seen from the target along `back` (the line from the target toward
/// the attackers): the cells an attacker may stand on. A rider or cannon must reach the
/// target itself; a grasshopper must reach the hurdle just before it.
fn reverse_extent<const W: usize>(
    lines: &Lines<W>,
    ride: &Ride<W>,
    back: usize,
    cells: usize,
) -> Extent<W> {
    match &ride.extent {
        Extent::Full => Extent::Full,
        Extent::Limited(_) => Extent::Limited(
            (0..cells)
                .map(|to| {
                    let to = Cell::new(to as u8);
                    let aim = match ride.hop {
                        Hop::Grasshopper => lines.next(back, to),
                        _ => Some(to),
                    };
                    let Some(aim) = aim else {
                        return Bits::EMPTY;
                    };
                    lines
                        .ray(back, to)
                        .cells()
                        .filter(|&from| ride.extent.at(lines, ride.line, from).has(aim))
                        .collect()
                })
                .collect(),
        ),
    }
}

#[cfg(test)]
mod tests {
    use crate::load::variant::Variant;
    use crate::rules::tables::{AnyTables, Mode, PieceTables};
    use crate::rules::{Color, Kind, KindSet};
    use crate::types::bitboard::Shift;

    /// Chess's tables at one word, with its kinds by letter.
    fn chess() -> (Variant, impl Fn(char) -> usize) {
        let v = Variant::bundled("chess").expect("chess is bundled");
        let letters: Vec<char> = v.pieces.iter().map(|p| p.letter).collect();
        (v, move |l| {
            letters
                .iter()
                .position(|&c| c == l)
                .expect("a chess letter")
        })
    }

    fn white<const W: usize>(t: &crate::rules::tables::Tables<W>, k: usize) -> &PieceTables<W> {
        &t.pieces[Color::White.index()][k]
    }

    #[test]
    fn chess_pieces_regroup_by_shift_and_lines_fill_from_all_their_riders() {
        let (v, kind) = chess();
        let AnyTables::N64(t) = &v.tables else {
            panic!("chess fits one word");
        };
        let pawn = white(t, kind('P'))
            .setwise
            .as_ref()
            .expect("a pawn counts set-wise");
        let mut leaps: Vec<(i32, Mode, u32)> = pawn
            .leaps
            .iter()
            .map(|l| {
                let d = [0, 7, 8, 9]
                    .into_iter()
                    .find(|&d| Shift::new(d) == Some(l.shift))
                    .expect("a pawn's shift");
                (d, l.mode, l.from.count())
            })
            .collect();
        leaps.sort_by_key(|l| l.0);
        // Pushes from every rank but the last (the tables hold a pawn on the first rank
        // too), captures from there and every file but one.
        assert_eq!(
            leaps,
            [
                (7, Mode::Capture, 49),
                (8, Mode::Quiet, 56),
                (9, Mode::Capture, 49)
            ]
        );
        // The double step of an unmoved pawn (from wherever it stands two ranks from the
        // edge), through the cell in front.
        let [double] = &pawn.lame[..] else {
            panic!("one lame group: {:?}", pawn.lame);
        };
        assert_eq!(
            (double.leap.shift, double.leap.initial),
            (Shift::new(16).unwrap(), true)
        );
        assert_eq!(double.leap.from.count(), 48);
        assert_eq!(double.ways, [vec![Shift::new(-8).unwrap()]]);
        let knight = white(t, kind('N'))
            .setwise
            .as_ref()
            .expect("a knight counts set-wise");
        assert_eq!(knight.leaps.len(), 8);
        assert!(knight
            .leaps
            .iter()
            .all(|l| l.mode == Mode::Both && !l.initial));
        // The king is royal: judged step by step.
        assert!(white(t, kind('K')).setwise.is_none());
        // Rook and queen share the files and ranks, bishop and queen the diagonals.
        let fills = &t.line_fills[Color::White.index()];
        let set = |letters: &str| {
            letters
                .chars()
                .fold(KindSet::EMPTY, |s, l| s.with(Kind::new(kind(l) as u8)))
        };
        let mut riders = fills.riders.clone();
        riders.sort_by_key(|s| s.0);
        let mut expected = vec![set("RQ"), set("BQ")];
        expected.sort_by_key(|s| s.0);
        assert_eq!(riders, expected);
        assert_eq!(fills.lines.len(), 8);
        for k in ['R', 'B', 'Q'] {
            let sw = white(t, kind(k))
                .setwise
                .as_ref()
                .expect("a rider counts set-wise");
            assert!(sw.rides_filled && sw.leaps.is_empty(), "{k}");
        }
    }
}
