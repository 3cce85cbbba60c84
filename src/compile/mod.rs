//! Definition to rule set: check every part, resolve names, build the tables.
//!
//! The compiler keeps going after a problem where it can, so one run reports every problem of
//! a file; it returns a [`Ruleset`] only when there is none.

mod betza;
mod tables;

use indexmap::IndexMap;

use crate::bitboard::Bitboard;
use crate::definition::{
    dsl_span, span_of, ChanceEffect, ChanceTrigger, RegionDef, Sp, VariantDef,
};
use crate::diagnostics::{DefinitionError, Problem, Source};
use crate::dsl::{self, DslError, RegionItem, RegionSpec};
use crate::engine::Position;
use crate::notation::parse_placement;
use crate::rules::{
    AttackTables, Castling, Chance, Color, EndRules, Flag, Lines, Piece, PieceTables, PieceType,
    Promotion, Ruleset, Topology, Zobrist, MAX_KINDS,
};

struct Ctx<'a> {
    source: &'a Source,
    problems: Vec<Problem>,
}

impl Ctx<'_> {
    /// Records a DSL error found inside the string value `value`.
    fn dsl(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        self.dsl_in(value, &value.value, code, e);
    }

    /// Records a warning about a part of the DSL string `value`.
    fn dsl_warning(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        let span = dsl_span(
            &self.source.text,
            span_of(value),
            &value.value,
            e.span.clone(),
        );
        let mut p = Problem::warning(code, e.message.clone(), span, e.message);
        p.help = e.help;
        self.problems.push(p);
    }

    /// Same, for a string whose span is that of an enclosing node.
    fn dsl_in<T>(&mut self, node: &Sp<T>, text: &str, code: &'static str, e: DslError) {
        let span = dsl_span(&self.source.text, span_of(node), text, e.span.clone());
        let mut p = Problem::error(code, e.message.clone(), span, e.message);
        p.help = e.help;
        self.problems.push(p);
    }

    fn error<T>(
        &mut self,
        node: &Sp<T>,
        code: &'static str,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.problems
            .push(Problem::error(code, message, span_of(node), label).help(help));
    }

    fn warning<T>(
        &mut self,
        node: &Sp<T>,
        code: &'static str,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.problems
            .push(Problem::warning(code, message, span_of(node), label).help(help));
    }
}

/// Compiles a parsed definition.
///
/// # Errors
/// A [`DefinitionError`] listing every problem found, each at its place in `source`.
pub fn compile(
    def: &VariantDef,
    source: &Source,
) -> Result<(Ruleset, Vec<Problem>), DefinitionError> {
    let mut cx = Ctx {
        source,
        problems: Vec::new(),
    };
    let result = build(def, &mut cx);
    cx.problems.sort_by_key(|p| (p.span.start, p.span.end));
    match result {
        Some(rules) if !cx.problems.iter().any(Problem::is_error) => Ok((rules, cx.problems)),
        _ => Err(DefinitionError {
            file: source.clone(),
            problems: cx.problems,
        }),
    }
}

fn build(def: &VariantDef, cx: &mut Ctx) -> Option<Ruleset> {
    let topology = board(def, cx)?;
    let regions = regions(def, &topology, cx);

    // Letters first: promotion choices and castling refer to pieces by letter.
    let mut letters: Vec<char> = Vec::new();
    for (name, piece) in &def.pieces {
        let l = &piece.value.letter;
        let mut chars = l.value.chars();
        let letter = match (chars.next(), chars.next()) {
            (Some(c), None) if c.is_ascii_alphabetic() => c.to_ascii_uppercase(),
            _ => {
                cx.error(
                    l,
                    "fairy::bad-letter",
                    format!("the letter of `{name}` must be one ASCII letter"),
                    "not one letter",
                    "write a single letter such as `N`",
                );
                '?'
            }
        };
        if letter != '?' && letters.contains(&letter) {
            cx.error(
                l,
                "fairy::duplicate-letter",
                format!("the letter `{letter}` is used by two pieces"),
                "used before",
                "give every piece its own letter",
            );
        }
        letters.push(letter);
    }
    if def.pieces.len() > MAX_KINDS {
        cx.error(
            &def.setup,
            "fairy::too-many-pieces",
            format!(
                "{} piece types; at most {MAX_KINDS} are supported",
                def.pieces.len()
            ),
            "here",
            "merge or drop piece types",
        );
        return None;
    }
    let kind_of = |c: char| letters.iter().position(|&l| l == c).map(|k| k as u8);
    let resolve = |cx: &mut Ctx, s: &Sp<String>, what: &str| -> Option<u8> {
        let found = s
            .value
            .chars()
            .next()
            .filter(|_| s.value.chars().count() == 1)
            .and_then(|c| kind_of(c.to_ascii_uppercase()));
        if found.is_none() {
            let known: String = letters.iter().collect();
            cx.error(
                s,
                "fairy::unknown-piece",
                format!("{what} `{}` is not a defined piece", s.value),
                "no such piece",
                &format!("the defined letters are {known}"),
            );
        }
        found
    };

    let mut lines = Lines::default();
    let mut tables: [Vec<PieceTables>; 2] = [Vec::new(), Vec::new()];
    let mut pieces = Vec::new();
    for ((name, piece), &letter) in def.pieces.iter().zip(&letters) {
        let p = &piece.value;
        let motions = match dsl::parse_movement(&p.moves.value) {
            Ok(movement) => {
                let mut motions = Vec::new();
                for component in &movement.components {
                    match betza::expand(component) {
                        Ok(m) if !reaches_a_cell(&topology, &m) => {
                            let e = DslError::new(component.span.clone(), "this move reaches no square of this board")
                                .with_help("it is longer than the board allows from every square; drop it or enlarge the board");
                            cx.dsl_warning(&p.moves, "fairy::unreachable-move", e);
                        }
                        Ok(m) => motions.extend(m),
                        Err(e) => cx.dsl(&p.moves, "fairy::bad-movement", e),
                    }
                }
                motions
            }
            Err(e) => {
                cx.dsl(&p.moves, "fairy::movement-syntax", e);
                Vec::new()
            }
        };
        for color in Color::BOTH {
            tables[color.index()]
                .push(tables::piece_tables(&topology, &mut lines, &motions, color));
        }
        let promotion = p.promotion.as_ref().and_then(|promo| {
            let zone = region_named(cx, &regions, &promo.zone);
            if promo.choices.value.is_empty() {
                cx.error(
                    &promo.choices,
                    "fairy::no-promotion-choice",
                    "a promotion needs at least one choice".into(),
                    "empty",
                    "list the letters of the pieces it may become, e.g. [Q, R, B, N]",
                );
            }
            let choices: Vec<u8> = promo
                .choices
                .value
                .iter()
                .filter_map(|c| resolve(cx, c, "promotion choice"))
                .collect();
            Some(Promotion {
                zone: zone?,
                choices,
            })
        });
        pieces.push(PieceType {
            name: name.clone(),
            letter,
            moves: p.moves.value.clone(),
            royal: p.royal,
            en_passant: p.en_passant,
            resets_halfmove_clock: p.resets_halfmove_clock,
            promotion,
            has_initial: motions.iter().any(|m| m.initial),
        });
    }

    let castling = def.castling.as_ref().and_then(|c| {
        let king = resolve(cx, &c.value.king, "castling king");
        let partners = c
            .value
            .partners
            .iter()
            .filter_map(|p| resolve(cx, p, "castling partner"))
            .fold(0u32, |acc, k| acc | 1 << k);
        Some(Castling {
            king: king?,
            partners,
            kingside: c.value.king_distance.value.kingside,
            queenside: c.value.king_distance.value.queenside,
            ignore_check: c.value.ignore_check,
        })
    });

    let flags: Vec<Flag> = def
        .end
        .flags
        .iter()
        .filter_map(|f| {
            let kind = resolve(cx, &f.piece, "flag piece");
            let zone = region_named(cx, &regions, &f.zone);
            Some(Flag {
                kind: kind?,
                zone: zone?,
            })
        })
        .collect();

    let chance = def.chance.as_ref().and_then(|c| {
        let cells = region_named(cx, &regions, &c.region)?;
        Some(Chance {
            cells,
            on_path: c.when.contains(&ChanceTrigger::Path),
            on_occupied: c.when.contains(&ChanceTrigger::Occupied),
            remove_piece: c.effects.contains(&ChanceEffect::RemovePiece),
            remove_mover: c.effects.contains(&ChanceEffect::RemoveMoverOnPath),
        })
    });

    let placement = match parse_placement(&topology, kind_of, &def.setup.value) {
        Ok(p) => Some(p),
        Err((span, message, help)) => {
            cx.dsl(
                &def.setup,
                "fairy::bad-setup",
                DslError::new(span, message).with_help(help),
            );
            None
        }
    };

    if let Some(placement) = &placement {
        setup_warnings(def, cx, &pieces, placement);
    }

    let attacks: [AttackTables; 2] = [
        tables::attack_tables(&topology, &mut lines, &tables[0]),
        tables::attack_tables(&topology, &mut lines, &tables[1]),
    ];
    let end = &def.end;
    let mut rules = Ruleset {
        name: def.name.value.clone(),
        topology,
        royal_kinds: pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.royal)
            .fold(0, |acc, (k, _)| acc | 1 << k),
        en_passant_kinds: pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| p.en_passant)
            .fold(0, |acc, (k, _)| acc | 1 << k),
        pieces,
        regions,
        castling,
        chance,
        end: EndRules {
            royal: end.royal,
            stalemate: end.stalemate,
            move_rule_plies: end.move_rule * 2,
            repetition: end.repetition,
            flags,
        },
        start: Position::empty(),
        tables,
        attacks,
        lines,
        zobrist: Zobrist::new(),
    };
    let placement = placement?;
    let mut start = Position::empty();
    for (cell, piece) in placement {
        start.put(&rules.zobrist, cell, piece);
    }
    // First-move state matters only for pieces with first-move components or castling.
    let castling_kinds = rules
        .castling
        .as_ref()
        .map_or(0, |c| c.partners | 1 << c.king);
    let unmoved = start
        .occupied()
        .cells()
        .filter(|&c| {
            let kind = start.piece_at(c).expect("occupied").kind();
            rules.pieces[kind as usize].has_initial || castling_kinds >> kind & 1 != 0
        })
        .fold(Bitboard::EMPTY, Bitboard::with);
    start.set_unmoved(&rules.zobrist, unmoved);
    rules.start = start;
    if cx.problems.iter().any(Problem::is_error) {
        return None;
    }
    Some(rules)
}

fn board(def: &VariantDef, cx: &mut Ctx) -> Option<Topology> {
    let shape = match dsl::parse_board(&def.board.value) {
        Ok(s) => s,
        Err(e) => {
            cx.dsl(&def.board, "fairy::bad-board", e);
            return None;
        }
    };
    let (w, h) = (shape.width, shape.height);
    let mut removed = Vec::new();
    for (item, span) in &shape.removed.items {
        match cells_of(item, w, h) {
            Some(cells) => removed.extend(cells),
            None => cx.dsl(
                &def.board,
                "fairy::outside-board",
                outside(span.clone(), w, h),
            ),
        }
    }
    let topo = Topology::new(w, h, |f, r| !removed.contains(&(f, r)));
    if topo.is_none() {
        cx.dsl(
            &def.board,
            "fairy::board-too-large",
            DslError::new(
                0..def.board.value.len(),
                format!(
                    "the board has more than {} cells",
                    crate::bitboard::MAX_CELLS
                ),
            )
            .with_help("remove cells or use a smaller grid"),
        );
    }
    topo
}

fn outside(span: std::ops::Range<usize>, w: u8, h: u8) -> DslError {
    DslError::new(span, "this lies outside the board").with_help(format!(
        "the board has files a-{} and ranks 1-{h}",
        (b'a' + w - 1) as char
    ))
}

/// The grid squares of a region item, or `None` if any lies outside the `w` x `h` grid.
fn cells_of(item: &RegionItem, w: u8, h: u8) -> Option<Vec<(u8, u8)>> {
    let (f0, r0, f1, r1) = match *item {
        RegionItem::Square(c) => (c.file, c.rank, c.file, c.rank),
        RegionItem::Rect(a, b) => (
            a.file.min(b.file),
            a.rank.min(b.rank),
            a.file.max(b.file),
            a.rank.max(b.rank),
        ),
        RegionItem::Ranks(a, b) => (0, a, w - 1, b),
        RegionItem::Files(a, b) => (a, 0, b, h - 1),
    };
    if f1 >= w || r1 >= h {
        return None;
    }
    Some(
        (r0..=r1)
            .flat_map(|r| (f0..=f1).map(move |f| (f, r)))
            .collect(),
    )
}

fn regions(def: &VariantDef, topo: &Topology, cx: &mut Ctx) -> IndexMap<String, [Bitboard; 2]> {
    let mut out = IndexMap::new();
    for (name, region) in &def.regions {
        let problems_before = cx.problems.len();
        let one = |cx: &mut Ctx, text: &str, node: &dyn Fn(&mut Ctx, DslError)| -> Bitboard {
            let spec: RegionSpec = match dsl::parse_region(text) {
                Ok(s) => s,
                Err(e) => {
                    node(cx, e);
                    return Bitboard::EMPTY;
                }
            };
            let mut bb = Bitboard::EMPTY;
            for (item, span) in &spec.items {
                match cells_of(item, topo.width(), topo.height()) {
                    Some(cells) => {
                        for (f, r) in cells {
                            if let Some(c) = topo.cell(f as i32, r as i32) {
                                bb = bb.with(c);
                            }
                        }
                    }
                    None => node(cx, outside(span.clone(), topo.width(), topo.height())),
                }
            }
            bb
        };
        let sides = match &region.value {
            RegionDef::Both(text) => {
                let b = one(cx, text, &|cx, e| {
                    cx.dsl_in(region, text, "fairy::bad-region", e)
                });
                [b, b]
            }
            RegionDef::PerSide { white, black } => [
                one(cx, &white.value, &|cx, e| {
                    cx.dsl(white, "fairy::bad-region", e)
                }),
                one(cx, &black.value, &|cx, e| {
                    cx.dsl(black, "fairy::bad-region", e)
                }),
            ],
        };
        if sides.iter().all(|b| b.is_empty()) && cx.problems.len() == problems_before {
            cx.warning(
                region,
                "fairy::empty-region",
                format!("the region `{name}` holds no square of the board"),
                "empty",
                "check its squares against the board's missing cells",
            );
        }
        out.insert(name.clone(), sides);
    }
    out
}

/// Whether any of the motions can be made from some cell of the board (on an empty board).
fn reaches_a_cell(topo: &Topology, motions: &[betza::Motion]) -> bool {
    let exists = |from: u8, (dx, dy): (i8, i8)| topo.offset(from, dx as i32, dy as i32).is_some();
    (0..topo.cell_count() as u8).any(|from| {
        motions.iter().any(|m| match &m.reach {
            betza::Reach::Leap | betza::Reach::Ride { .. } => exists(from, (m.dx, m.dy)),
            betza::Reach::Conditional(alternatives) => {
                exists(from, (m.dx, m.dy))
                    && alternatives
                        .iter()
                        .any(|a| a.empty.iter().chain(&a.occupied).all(|&o| exists(from, o)))
            }
        })
    })
}

/// Warnings that need the setup: pieces that never appear, sides without their royal piece.
fn setup_warnings(def: &VariantDef, cx: &mut Ctx, pieces: &[PieceType], placement: &[(u8, Piece)]) {
    let placed = |kind: usize, color: Option<Color>| {
        placement
            .iter()
            .any(|(_, p)| p.kind() as usize == kind && color.is_none_or(|c| p.color() == c))
    };
    let promoted_to = |kind: usize| {
        pieces
            .iter()
            .filter_map(|p| p.promotion.as_ref())
            .any(|p| p.choices.contains(&(kind as u8)))
    };
    for (kind, ((name, def_piece), piece)) in def.pieces.iter().zip(pieces).enumerate() {
        if !placed(kind, None) && !promoted_to(kind) {
            cx.warning(
                &def_piece.value.letter,
                "fairy::unused-piece",
                format!("the {name} is never placed and never promoted to"),
                "never used",
                "put it in the setup or among promotion choices, or remove it",
            );
        }
        if piece.royal && placed(kind, None) {
            for color in Color::BOTH {
                if !placed(kind, Some(color)) {
                    cx.warning(
                        &def.setup,
                        "fairy::missing-royal",
                        format!(
                            "{} has no {name} ({}) in the setup",
                            color.name(),
                            piece.letter
                        ),
                        "no royal piece here",
                        "a side without its royal piece can never be checkmated",
                    );
                }
            }
        }
    }
}

/// The region a definition names, or an error at the name.
fn region_named(
    cx: &mut Ctx,
    regions: &IndexMap<String, [Bitboard; 2]>,
    name: &Sp<String>,
) -> Option<[Bitboard; 2]> {
    let found = regions.get(&name.value).copied();
    if found.is_none() {
        let known: Vec<&str> = regions.keys().map(String::as_str).collect();
        cx.error(
            name,
            "fairy::unknown-region",
            format!("no region is named `{}`", name.value),
            "no such region",
            &format!("define it under `regions:`; defined: {}", known.join(", ")),
        );
    }
    found
}
