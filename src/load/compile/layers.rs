//! Layers: the `markers:` section and the pieces' `ammo`, `plant`, `remote`, `submerge` and
//! `versus_submerged` keys, checked and compiled into [`LayerRules`].

use indexmap::IndexMap;

use crate::load::definition::{Sp, VariantDef};
use crate::rules::layers::{
    Ammo, KindLayers, LayerRules, MarkerType, Remote, RemoteReach, Submerge, MAX_AMMO, MAX_COUNT,
};
use crate::rules::Topology;
use crate::types::bitboard::Bitboard;

use super::betza::Reach;
use super::pieces::component_motions;
use super::regions::region_named;
use super::Ctx;

/// The layer rules, when the definition uses any layer mechanism. Problems are recorded in
/// `cx`: bad letters and counts, unknown names, remote moves that are not lines or leaps.
pub(super) fn rules(
    def: &VariantDef,
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    cx: &mut Ctx,
) -> Option<LayerRules> {
    let used = !def.markers.is_empty()
        || def.pieces.values().any(|p| {
            let p = &p.value;
            !p.ammo.is_empty()
                || p.plant.is_some()
                || !p.remote.is_empty()
                || p.submerge.is_some()
                || p.versus_submerged.is_some()
        });
    if !used {
        return None;
    }
    let mut markers: Vec<MarkerType> = Vec::new();
    for (name, m) in &def.markers {
        let letter = match single_letter(&m.value.letter.value) {
            Some(l) if markers.iter().all(|o| o.letter != l) => l,
            Some(_) => {
                cx.error(
                    &m.value.letter,
                    "fairy::duplicate-letter",
                    format!("the marker letter `{}` is used twice", m.value.letter.value),
                    "used before",
                    "give every marker type its own letter",
                );
                '?'
            }
            None => {
                cx.error(
                    &m.value.letter,
                    "fairy::bad-letter",
                    format!("the letter of marker `{name}` must be one ASCII letter"),
                    "not one letter",
                    "write a single letter such as `M`",
                );
                '?'
            }
        };
        markers.push(MarkerType {
            name: name.clone(),
            letter,
            blocks: m.value.blocks,
            destroys: m.value.destroys,
            bars_submerged: m.value.bars_submerged,
            hidden: m.value.hidden,
        });
    }
    let kinds = def
        .pieces
        .values()
        .map(|p| kind_layers(&p.value, &markers, topology, regions, cx))
        .collect();
    Some(LayerRules { markers, kinds })
}

fn single_letter(text: &str) -> Option<char> {
    let mut chars = text.chars();
    match (chars.next(), chars.next()) {
        (Some(c), None) if c.is_ascii_alphabetic() => Some(c.to_ascii_uppercase()),
        _ => None,
    }
}

fn kind_layers(
    p: &crate::load::definition::PieceDef,
    markers: &[MarkerType],
    topology: &Topology,
    regions: &IndexMap<String, [Bitboard; 2]>,
    cx: &mut Ctx,
) -> KindLayers {
    let mut k = KindLayers::default();
    for (i, (name, a)) in p.ammo.iter().enumerate() {
        if i == MAX_AMMO {
            cx.error(
                a,
                "fairy::too-much-ammo",
                format!("a piece has at most {MAX_AMMO} kinds of ammunition"),
                "one too many",
                "drop one",
            );
            break;
        }
        let count = a.value.count.as_ref().map_or(1, |c| c.value);
        if !(1..=MAX_COUNT).contains(&count) {
            let node = a.value.count.as_ref().expect("the default is in range");
            cx.error(
                node,
                "fairy::bad-count",
                format!("an ammunition count of {count} is not supported"),
                "out of range",
                &format!("write 1 to {MAX_COUNT}"),
            );
        }
        let reload = match &a.value.reload {
            Some(r) => region_named(cx, regions, r).unwrap_or_default(),
            None => [Bitboard::EMPTY; 2],
        };
        k.ammo.push(Ammo {
            name: name.clone(),
            count,
            reload,
            hidden: a.value.hidden,
        });
    }
    let ammo_slot = |cx: &mut Ctx, name: &Sp<String>| -> Option<u8> {
        let slot = p.ammo.get_index_of(&name.value).filter(|&i| i < MAX_AMMO);
        if slot.is_none() {
            let known: Vec<&str> = p.ammo.keys().map(String::as_str).collect();
            cx.error(
                name,
                "fairy::unknown-ammo",
                format!("the piece has no ammunition named `{}`", name.value),
                "no such ammunition",
                &format!(
                    "declare it under the piece's `ammo:`; declared: {}",
                    known.join(", ")
                ),
            );
        }
        slot.map(|s| s as u8)
    };
    if let Some(plant) = &p.plant {
        let marker = markers
            .iter()
            .position(|m| m.name == plant.value.marker.value);
        if marker.is_none() {
            let known: Vec<&str> = markers.iter().map(|m| m.name.as_str()).collect();
            cx.error(
                &plant.value.marker,
                "fairy::unknown-marker",
                format!("no marker type is named `{}`", plant.value.marker.value),
                "no such marker",
                &format!("define it under `markers:`; defined: {}", known.join(", ")),
            );
        }
        let slot = ammo_slot(cx, &plant.value.ammo);
        if let (Some(m), Some(s)) = (marker, slot) {
            k.plant = Some((m as u8, s));
        }
    }
    for r in &p.remote {
        let ammo = r.value.ammo.as_ref().and_then(|a| ammo_slot(cx, a));
        let reach = match (&r.value.moves, &r.value.ring) {
            (Some(moves), None) => remote_lines(moves, r.value.facing, topology, cx),
            (None, Some(ring)) if r.value.facing => {
                cx.error(
                    ring,
                    "fairy::bad-remote",
                    "a ring does not turn with the facing".into(),
                    "a ring",
                    "drop `facing: true` or give `moves:` instead",
                );
                None
            }
            (None, Some(ring)) if ring.value == 0 => {
                cx.error(
                    ring,
                    "fairy::bad-remote",
                    "a ring of distance 0 is the piece's own cell".into(),
                    "0",
                    "give a distance of at least 1",
                );
                None
            }
            (None, Some(ring)) => Some(RemoteReach::Ring(ring_cells(topology, ring.value))),
            _ => {
                cx.error(
                    r,
                    "fairy::bad-remote",
                    "a remote capture needs exactly one of `moves` and `ring`".into(),
                    "here",
                    "write `moves: fF2` (lines or leaps) or `ring: 3`",
                );
                None
            }
        };
        if let Some(reach) = reach {
            k.facing |= matches!(reach, RemoteReach::Lines { facing: true, .. });
            k.remote.push(Remote {
                reach,
                ammo,
                sortie: r.value.sortie,
            });
        }
    }
    if let Some(s) = &p.submerge {
        let s = &s.value;
        for (node, low) in [(&s.per, 1), (&s.max, 1)] {
            if !(low..=MAX_COUNT).contains(&node.value) {
                cx.error(
                    node,
                    "fairy::bad-count",
                    format!("{} is out of range", node.value),
                    "out of range",
                    &format!("write {low} to {MAX_COUNT}"),
                );
            }
        }
        if s.after.value > 15 {
            cx.error(
                &s.after,
                "fairy::bad-count",
                format!("{} is out of range", s.after.value),
                "out of range",
                "write 0 to 15",
            );
        }
        k.submerge = Some(Submerge {
            after: s.after.value,
            per: s.per.value,
            max: s.max.value,
            hidden: s.hidden,
        });
    }
    if let Some(v) = &p.versus_submerged {
        k.bars_submerged = v.value.bars;
        k.hunts_submerged = v.value.hunts;
        if let Some(sonar) = &v.value.sonar {
            k.sonar = sonar_cells(sonar, topology, cx);
        }
    }
    k
}

/// `moves` of a remote capture as line steps; only riders and leapers make sense there.
fn remote_lines(
    moves: &Sp<String>,
    facing: bool,
    topology: &Topology,
    cx: &mut Ctx,
) -> Option<RemoteReach> {
    let mut steps = Vec::new();
    for m in component_motions(cx, topology, moves) {
        let most = match m.reach {
            Reach::Leap => 1,
            Reach::Ride {
                max,
                hop: crate::rules::tables::Hop::None,
            } => max.unwrap_or(u8::MAX),
            _ => {
                cx.error(
                    moves,
                    "fairy::bad-remote",
                    "a remote capture takes riders and leapers only".into(),
                    "a path or a hopper",
                    "write atoms such as `fF2` or `N`",
                );
                return None;
            }
        };
        steps.push((m.dx, m.dy, most));
    }
    steps.sort_unstable();
    steps.dedup();
    Some(RemoteReach::Lines { steps, facing })
}

/// Per cell, the cells at Chebyshev distance `d`.
fn ring_cells(topology: &Topology, d: u8) -> Vec<Bitboard> {
    topology
        .cells()
        .map(|from| {
            let (fx, fy) = topology.coords(from);
            topology
                .all()
                .cells()
                .filter(|&to| {
                    let (tx, ty) = topology.coords(to);
                    fx.abs_diff(tx).max(fy.abs_diff(ty)) == d
                })
                .fold(Bitboard::EMPTY, Bitboard::with)
        })
        .collect()
}

/// Per cell, the cells the leaps of `sonar` reach, read in White's frame for both sides (so
/// write symmetric atoms such as `W`).
fn sonar_cells(sonar: &Sp<String>, topology: &Topology, cx: &mut Ctx) -> Vec<Bitboard> {
    let motions = component_motions(cx, topology, sonar);
    if motions.iter().any(|m| m.reach != Reach::Leap) {
        cx.error(
            sonar,
            "fairy::bad-sonar",
            "a sonar takes leaps only".into(),
            "not a leap",
            "write leap atoms such as `W` or `K`",
        );
        return Vec::new();
    }
    topology
        .cells()
        .map(|from| {
            motions
                .iter()
                .filter_map(|m| topology.offset(from, m.dx.into(), m.dy.into()))
                .fold(Bitboard::EMPTY, Bitboard::with)
        })
        .collect()
}
