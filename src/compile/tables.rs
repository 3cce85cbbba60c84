//! Motions to per-cell move tables and the reverse tables used to find attackers.

use crate::bitboard::Bitboard;
use crate::rules::{
    Alternative, AttackTables, Color, Conditional, Extent, Hop, LeapCell, Lines, Mode, PieceTables,
    RayAttack, ReverseLeaps, Ride, Topology,
};

use super::betza::{Motion, Reach};

/// Orients a White-frame offset for `color`: Black's forward is down the board, and its left
/// is White's right (the board seen from Black's side).
fn orient(color: Color, dx: i8, dy: i8) -> (i8, i8) {
    match color {
        Color::White => (dx, dy),
        Color::Black => (-dx, -dy),
    }
}

/// Builds the move tables of one piece type for one side: `motions` anywhere, and each
/// group of `within` only where the move starts, passes and ends inside the group's cells.
pub(crate) fn piece_tables(
    topo: &Topology,
    lines: &mut Lines,
    motions: &[Motion],
    within: &[(Vec<Motion>, Bitboard)],
    color: Color,
) -> PieceTables {
    let n = topo.cell_count();
    let mut t = PieceTables {
        leaps: vec![LeapCell::default(); n],
        conditional: vec![Vec::new(); n],
        ..PieceTables::default()
    };
    let everywhere = topo.all();
    let groups = std::iter::once((motions, everywhere))
        .chain(within.iter().map(|(m, zone)| (m.as_slice(), *zone)));
    for (motions, zone) in groups {
        for motion in motions {
            add_motion(&mut t, topo, lines, motion, zone, color);
        }
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

/// Adds one motion's moves that lie wholly inside `zone`.
fn add_motion(
    t: &mut PieceTables,
    topo: &Topology,
    lines: &mut Lines,
    motion: &Motion,
    zone: Bitboard,
    color: Color,
) {
    let n = topo.cell_count();
    let everywhere = zone == topo.all();
    let (dx, dy) = orient(color, motion.dx, motion.dy);
    match &motion.reach {
        Reach::Leap => {
            for from in 0..n as u8 {
                let Some(to) = topo.offset(from, dx as i32, dy as i32) else {
                    continue;
                };
                if !zone.has(from) || !zone.has(to) {
                    continue;
                }
                let cell = &mut t.leaps[from as usize];
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
            for from in 0..n as u8 {
                let Some(to) = topo.offset(from, dx as i32, dy as i32) else {
                    continue;
                };
                if !zone.has(from) || !zone.has(to) {
                    continue;
                }
                let cells = |offsets: &[(i8, i8)]| -> Option<Bitboard> {
                    offsets.iter().try_fold(Bitboard::EMPTY, |acc, &(ox, oy)| {
                        let (ox, oy) = orient(color, ox, oy);
                        topo.offset(from, ox as i32, oy as i32).map(|c| acc.with(c))
                    })
                };
                // A way through a missing square is no way at all.
                let alts: Vec<Alternative> = alternatives
                    .iter()
                    .filter_map(|a| {
                        Some(Alternative {
                            empty: cells(&a.empty)?,
                            occupied: cells(&a.occupied)?,
                        })
                    })
                    .filter(|a| (a.empty | a.occupied) & !zone == Bitboard::EMPTY)
                    .collect();
                if alts.is_empty() {
                    continue;
                }
                let list = &mut t.conditional[from as usize];
                let same = |c: &Conditional| {
                    c.to == to && c.mode == motion.mode && c.initial == motion.initial
                };
                if !list.iter().any(same) {
                    list.push(Conditional::new(to, motion.mode, motion.initial));
                }
                let entry = list.iter_mut().find(|c| same(c)).expect("just ensured");
                for a in alts {
                    entry.add(a);
                }
            }
        }
        Reach::Ride { max, hop } => {
            let line = lines.index((dx, dy), topo);
            let extent = match max {
                None if everywhere => Extent::Full,
                _ => Extent::Limited(
                    (0..n as u8)
                        .map(|from| {
                            topo.ray(from, dx as i32, dy as i32)
                                .take(max.map_or(usize::MAX, |m| m as usize))
                                .take_while(|&c| zone.has(c) && zone.has(from))
                                .fold(Bitboard::EMPTY, Bitboard::with)
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
            });
        }
    }
}

/// Builds the reverse tables of every piece type of `color` (as attacker).
pub(crate) fn attack_tables(
    topo: &Topology,
    lines: &mut Lines,
    tables: &[PieceTables],
) -> AttackTables {
    let n = topo.cell_count();
    let mut a = AttackTables {
        conditional: vec![Vec::new(); n],
        ..AttackTables::default()
    };
    for (kind, t) in tables.iter().enumerate() {
        let kind = kind as u8;
        let captures: [(Vec<Bitboard>, &mut ReverseLeaps); 2] = [
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
            let mut reverse = vec![Bitboard::EMPTY; n];
            for (from, targets) in source.iter().enumerate() {
                for to in *targets {
                    reverse[to as usize] = reverse[to as usize].with(from as u8);
                }
            }
            target.push((kind, reverse));
        }
        for (from, list) in t.conditional.iter().enumerate() {
            for c in list.iter().filter(|c| c.mode.capture()) {
                a.screens |= c.alternatives().any(|alt| !alt.occupied.is_empty());
                a.conditional[c.to as usize].push((from as u8, kind, c.clone()));
            }
        }
        for ride in t.rides.iter().filter(|r| r.mode.capture()) {
            if ride.hop != Hop::None {
                if !a.hoppers.contains(&kind) {
                    a.hoppers.push(kind);
                }
                a.screens = true;
                continue;
            }
            let (dx, dy) = lines.steps[ride.line];
            let back = lines.index((-dx, -dy), topo);
            // The attacker's range seen from the target: cells whose forward reach holds it.
            let extent = match &ride.extent {
                Extent::Full => Extent::Full,
                Extent::Limited(_) => Extent::Limited(
                    (0..n as u8)
                        .map(|to| {
                            lines
                                .ray(back, to)
                                .cells()
                                .filter(|&from| ride.extent.at(lines, ride.line, from).has(to))
                                .fold(Bitboard::EMPTY, Bitboard::with)
                        })
                        .collect(),
                ),
            };
            match a
                .rays
                .iter_mut()
                .find(|r| r.line == back && r.extent == extent && r.initial == ride.initial)
            {
                Some(existing) => existing.kinds |= 1 << kind,
                None => a.rays.push(RayAttack {
                    line: back,
                    extent,
                    kinds: 1 << kind,
                    initial: ride.initial,
                }),
            }
        }
    }
    a
}
