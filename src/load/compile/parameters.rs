//! Game parameters, and the rules that name them: flag wins and pieces that return.

use indexmap::IndexMap;

use crate::load::definition::{Sp, VariantDef};
use crate::load::dsl::{self, DslError, RegionItem};
use crate::rules::{
    Color, Exception, Kind, Parameter, ParameterValues, Piece, PieceRef, Return, Topology, ZoneRef,
    MAX_PARAMETERS,
};
use crate::types::bitboard::{Bitboard, Cell};

use super::names::Names;
use super::{regions, Ctx};

type Regions = IndexMap<String, [Bitboard; 2]>;

pub(super) fn parameters(
    def: &VariantDef,
    cx: &mut Ctx,
    regions: &Regions,
    names: &Names,
) -> Vec<Parameter> {
    let mut out: Vec<Parameter> = Vec::new();
    for (name, p) in &def.parameters {
        if out.len() == MAX_PARAMETERS {
            cx.error(
                p,
                "fairy::too-many-parameters",
                format!("at most {MAX_PARAMETERS} parameters are supported"),
                "one too many",
                "drop or merge parameters",
            );
            break;
        }
        let values = match (&p.value.pieces, &p.value.squares) {
            (Some(pieces), None) => ParameterValues::Pieces(
                pieces
                    .iter()
                    .filter_map(|l| names.piece(cx, l, "parameter piece"))
                    .collect(),
            ),
            (None, Some(region)) => {
                let Some(cells) = regions::region_named(cx, regions, region) else {
                    continue;
                };
                let mut except = Vec::new();
                for e in &p.value.except {
                    let mut pairs = e.when.value.iter();
                    let (Some((earlier, value)), None) = (pairs.next(), pairs.next()) else {
                        cx.error(
                            &e.when,
                            "fairy::bad-parameter",
                            "`when` names exactly one earlier parameter and its value".into(),
                            "here",
                            "write `when: { <piece parameter>: <one of its letters> }`",
                        );
                        continue;
                    };
                    let Some(index) = out.iter().position(|q| {
                        &q.name == earlier && matches!(q.values, ParameterValues::Pieces(_))
                    }) else {
                        cx.error(
                            &e.when,
                            "fairy::unknown-parameter",
                            format!("no earlier piece parameter is named `{earlier}`"),
                            "no such parameter",
                            "an exception names a piece parameter defined above it",
                        );
                        continue;
                    };
                    let (Some(kind), Some(excluded)) = (
                        names.piece(cx, value, "parameter value"),
                        regions::region_named(cx, regions, &e.squares),
                    ) else {
                        continue;
                    };
                    if !matches!(&out[index].values, ParameterValues::Pieces(k) if k.contains(&kind))
                    {
                        cx.error(
                            value,
                            "fairy::bad-parameter",
                            format!("`{earlier}` is never {}", value.value),
                            "not one of its values",
                            "name one of the pieces it may be",
                        );
                        continue;
                    }
                    except.push(Exception {
                        parameter: index,
                        value: kind,
                        cells: excluded,
                    });
                    // All exceptions for this value together must leave a square.
                    let excluded_all = except
                        .iter()
                        .filter(|x| x.parameter == index && x.value == kind)
                        .fold([Bitboard::EMPTY; 2], |acc, x| {
                            [acc[0] | x.cells[0], acc[1] | x.cells[1]]
                        });
                    if (0..2).any(|s| (cells[s] & !excluded_all[s]).is_empty()) {
                        cx.error(
                            &e.squares,
                            "fairy::unsatisfiable-parameter",
                            format!(
                                "no square is left for `{name}` when `{earlier}` is {}",
                                value.value
                            ),
                            "excludes every square",
                            "exclude fewer squares",
                        );
                    }
                }
                ParameterValues::Squares { cells, except }
            }
            _ => {
                cx.error(
                    p,
                    "fairy::bad-parameter",
                    format!("the parameter `{name}` needs either `pieces` or `squares`"),
                    "here",
                    "write `pieces: [R, N, B]` or `squares: a-region`",
                );
                continue;
            }
        };
        let empty = match &values {
            ParameterValues::Pieces(k) => k.is_empty(),
            ParameterValues::Squares { cells, .. } => cells.iter().any(|c| c.is_empty()),
        };
        if empty {
            cx.error(
                p,
                "fairy::unsatisfiable-parameter",
                format!("the parameter `{name}` has no possible value"),
                "no value",
                "give it pieces or squares",
            );
        }
        out.push(Parameter {
            name: name.clone(),
            values,
        });
    }
    out
}

/// A piece letter, or `$name` of a piece parameter.
pub(super) fn piece_ref(
    cx: &mut Ctx,
    params: &[Parameter],
    text: &Sp<String>,
    what: &str,
    names: &Names,
) -> Option<PieceRef> {
    match text.value.strip_prefix('$') {
        Some(name) => {
            let found = params
                .iter()
                .position(|p| p.name == name && matches!(p.values, ParameterValues::Pieces(_)));
            if found.is_none() {
                cx.error(
                    text,
                    "fairy::unknown-parameter",
                    format!("no piece parameter is named `{name}`"),
                    "no such parameter",
                    "define it under `parameters:` with `pieces:`",
                );
            }
            found.map(PieceRef::Parameter)
        }
        None => names.piece(cx, text, what).map(PieceRef::Kind),
    }
}

/// A region name, or `$name` of a square parameter.
pub(super) fn zone_ref(
    cx: &mut Ctx,
    params: &[Parameter],
    regions: &Regions,
    text: &Sp<String>,
) -> Option<ZoneRef> {
    match text.value.strip_prefix('$') {
        Some(name) => {
            let found = params.iter().position(|p| {
                p.name == name && matches!(p.values, ParameterValues::Squares { .. })
            });
            if found.is_none() {
                cx.error(
                    text,
                    "fairy::unknown-parameter",
                    format!("no square parameter is named `{name}`"),
                    "no such parameter",
                    "define it under `parameters:` with `squares:`",
                );
            }
            found.map(ZoneRef::Parameter)
        }
        None => regions::region_named(cx, regions, text).map(ZoneRef::Cells),
    }
}

/// The return rules, each with its cell order for every side and kind.
pub(super) fn returns(
    def: &VariantDef,
    cx: &mut Ctx,
    topo: &Topology,
    params: &[Parameter],
    placement: &[(Cell, Piece)],
    kinds: usize,
    names: &Names,
) -> Vec<Return> {
    let mut out = Vec::new();
    for r in &def.returns {
        let Some(piece) = piece_ref(cx, params, &r.piece, "returning piece", names) else {
            continue;
        };
        // Each item's cells for White as written; Black's are the same seen from its side.
        let mut items: Vec<Option<Vec<(u8, u8)>>> = Vec::new();
        for item in &r.to {
            if item.value == "home" {
                items.push(None);
                continue;
            }
            match dsl::parse_region(&item.value) {
                Ok(spec) => {
                    let mut cells = Vec::new();
                    for (it, span) in &spec.items {
                        let inside = regions::cells_of(it, topo.width(), topo.height());
                        let missing = match (it, &inside) {
                            (RegionItem::Square(c), Some(_)) => {
                                topo.cell(c.file as i32, c.rank as i32).is_none()
                            }
                            (_, None) => true,
                            _ => false,
                        };
                        if missing {
                            let e = DslError::new(span.clone(), "this square is not on the board")
                                .with_help("a return list names squares of the board");
                            cx.dsl(item, "fairy::bad-return", e);
                        }
                        cells.extend(inside.unwrap_or_default());
                    }
                    items.push(Some(cells));
                }
                Err(e) => cx.dsl(item, "fairy::bad-return", e),
            }
        }
        let order = [Color::White, Color::Black].map(|side| {
            (0..kinds as u8)
                .map(|kind| order_for(topo, &items, placement, Piece::new(Kind::new(kind), side)))
                .collect()
        });
        out.push(Return { piece, order });
    }
    out
}

/// The cells, in order, where `piece` returns: the items in turn, each from the owner's side
/// and left, without repeats.
fn order_for(
    topo: &Topology,
    items: &[Option<Vec<(u8, u8)>>],
    placement: &[(Cell, Piece)],
    piece: Piece,
) -> Vec<Cell> {
    let (w, h) = (topo.width(), topo.height());
    // Coordinates as the owner sees the board.
    let seen = |(f, r): (u8, u8)| match piece.color() {
        Color::White => (f, r),
        Color::Black => (w - 1 - f, h - 1 - r),
    };
    let mut out: Vec<Cell> = Vec::new();
    for item in items {
        let mut cells: Vec<(u8, u8)> = match item {
            None => placement
                .iter()
                .filter(|(_, p)| *p == piece)
                .map(|&(c, _)| seen(topo.coords(c)))
                .collect(),
            Some(cells) => cells.clone(),
        };
        cells.sort_by_key(|&(f, r)| (r, f));
        for (f, r) in cells {
            let (f, r) = seen((f, r));
            if let Some(c) = topo.cell(f as i32, r as i32) {
                if !out.contains(&c) {
                    out.push(c);
                }
            }
        }
    }
    out
}
