//! Definition to rule set: check every part, resolve names, build the tables.
//!
//! The compiler keeps going after a problem where it can, so one run reports every problem of
//! a file; it returns a [`Ruleset`] only when there is none.

mod betza;
mod combinations;
mod containers;
mod end;
mod explosion;
mod hand;
mod layers;
mod notation;
mod parameters;
mod promotion;
mod regions;
mod tables;
mod walls;
mod warnings;

use std::collections::{HashMap, HashSet};

use crate::load::definition::{
    file_of, span_of, ChanceEffect, ChanceTrigger, Distance, DistanceDef, EndDef, Loaded, Removed,
    Sp, ValueMap, VariantDef,
};
use miette::Severity;

use crate::formats::notation::{parse_placement, FenError, Holds, Placement};
use crate::load::diagnostics::{DefinitionError, Problem, Source};
use crate::load::dsl::{self, DslError};
use crate::rules::{
    Castling, Chance, Color, EndRules, Flag, Kind, KindSet, Material, Piece, PieceType, Promotion,
    Ruleset, Topology, Zobrist, MAX_KINDS,
};
use crate::types::limits::{Limit, LimitExceeded, Limits};

struct Ctx<'a> {
    /// The definition's file and the files it extends; a node's span is in one of them.
    sources: &'a [Source],
    problems: Vec<Problem>,
    /// Per string value (file, start and end of its scalar, its length), where its bytes
    /// stand in the file: a value with many problems is walked once, not once per problem.
    value_maps: HashMap<(usize, usize, usize, usize), ValueMap>,
    limits: &'a Limits,
    /// Ways of moving the movement strings expanded to so far (see [`Limits::movement_ways`]);
    /// past the limit, none are expanded any more.
    ways: usize,
    /// Entries a YAML shape error took out: names they defined are not known.
    removed: &'a [Removed],
    /// The parts of the definition whose names were looked up and not found while some of
    /// their entries were taken out (see [`Ctx::lost`]): the problems left unsaid.
    unsure: Vec<&'static str>,
}

impl<'a> Ctx<'a> {
    /// A context for `loaded` within `limits`, holding the problems found reading it.
    fn new(loaded: &'a Loaded, limits: &'a Limits) -> Ctx<'a> {
        Ctx {
            sources: &loaded.files,
            problems: loaded.problems.clone(),
            value_maps: HashMap::new(),
            limits,
            ways: 0,
            removed: &loaded.removed,
            unsure: Vec::new(),
        }
    }

    /// The problems as the error of the definition.
    fn into_error(self) -> DefinitionError {
        DefinitionError::new(
            self.sources[0].clone(),
            self.sources[1..].to_vec(),
            self.problems,
        )
    }

    /// Records a DSL error found inside the string value `value`.
    fn dsl(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        self.dsl_in(value, &value.value, code, e);
    }

    /// Records a warning about a part of the DSL string `value`.
    fn dsl_warning(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        self.dsl_problem(value, &value.value, code, e, Severity::Warning);
    }

    /// Records a DSL error in `text`, a string whose span is that of `node`.
    fn dsl_in<T>(&mut self, node: &Sp<T>, text: &str, code: &'static str, e: DslError) {
        self.dsl_problem(node, text, code, e, Severity::Error);
    }

    fn dsl_problem<T>(
        &mut self,
        node: &Sp<T>,
        text: &str,
        code: &'static str,
        e: DslError,
        severity: Severity,
    ) {
        let file = file_of(node);
        let raw = span_of(node);
        let span = self
            .value_maps
            .entry((file, raw.start, raw.end, text.len()))
            .or_insert_with(|| ValueMap::new(&self.sources[file].text, raw, text))
            .span(text, e.span.clone());
        let mut p = Problem::error(code, e.message.clone(), span, e.message);
        p.help = e.help;
        p.severity = severity;
        p.file = file;
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
        self.at(
            node,
            Problem::error(code, message, span_of(node), label).help(help),
        );
    }

    fn warning<T>(
        &mut self,
        node: &Sp<T>,
        code: &'static str,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.at(
            node,
            Problem::warning(code, message, span_of(node), label).help(help),
        );
    }

    /// Records `p`, placed in the file `node` comes from. A name not found in a part of the
    /// definition that lost entries may be one of them: that is left unsaid and noted once.
    fn at<T>(&mut self, node: &Sp<T>, p: Problem) {
        if let Some(part) = unresolved_part(p.code) {
            if self.lost(part).is_some() {
                if !self.unsure.contains(&part) {
                    self.unsure.push(part);
                }
                return;
            }
        }
        self.problems.push(Problem {
            file: file_of(node),
            ..p
        });
    }

    /// The first entry taken out that defined names in the top-level part `part` (`pieces`,
    /// `board`): the part, one of its entries or an entry's `letter`; or the `extends:` whose
    /// base could not be read (which may have defined any part).
    fn lost(&self, part: &str) -> Option<&'a Removed> {
        self.removed.iter().find(|r| match &r.path[..] {
            [p] => p == part || p == "extends",
            [p, _] => p == part,
            [p, _, field] => p == part && field == "letter",
            _ => false,
        })
    }

    /// Whether a YAML error took out anything below the top-level part `part`.
    fn damaged(&self, part: &str) -> bool {
        self.any_removed(part).is_some()
    }

    fn any_removed(&self, part: &str) -> Option<&'a Removed> {
        self.removed
            .iter()
            .find(|r| r.path.first().is_some_and(|p| p == part || p == "extends"))
    }

    /// Notes a check skipped because `part` lost the names it defined.
    fn skipped(&mut self, part: &str, what: &str) {
        if let Some(r) = self.lost(part) {
            self.note_skipped(r, what);
        }
    }

    /// Notes a check skipped because `part` lost any entry.
    fn skipped_for(&mut self, part: &str, what: &str) {
        if let Some(r) = self.any_removed(part) {
            self.note_skipped(r, what);
        }
    }

    fn note_skipped(&mut self, r: &Removed, what: &str) {
        let why = match &r.path[..] {
            [only] if only == "extends" => "the definition it extends could not be read".into(),
            path => format!("the entry `{}` has an error", path.join(" › ")),
        };
        self.problems.push(Problem {
            file: r.file,
            ..Problem::note(
                "fairy::skipped",
                format!("{what} not checked: {why}"),
                r.span.start..r.span.start,
                "skipped because of this entry",
            )
            .help("fix that error and run again to check the rest")
        });
    }
}

/// Most names a help line lists: a definition of thousands of names repeats no more than
/// these in each problem about a name it lacks.
const LISTED: usize = 50;

/// Names for a help line, `a, b, c`: the first [`LISTED`] of them, then how many more.
fn listed<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    let more = names.len().saturating_sub(LISTED);
    let shown: Vec<&str> = names.take(LISTED).collect();
    match more {
        0 => shown.join(", "),
        _ => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The part of a definition whose names a "not found" problem looks up.
fn unresolved_part(code: &str) -> Option<&'static str> {
    match code {
        "fairy::unknown-piece" | "fairy::unknown-ammo" => Some("pieces"),
        "fairy::unknown-region" => Some("regions"),
        "fairy::unknown-parameter" => Some("parameters"),
        "fairy::unknown-marker" => Some("markers"),
        _ => None,
    }
}

/// Compiles a definition chain as read (see [`crate::definition::load_chain`]): its merged
/// definition, with the problems found reading it. `limits` bound the movement's expansion
/// and are kept in the rule set for reading FEN and moves.
///
/// Where a YAML error took an entry out, the checks that need it are skipped, each with a
/// `fairy::skipped` note saying why: a name not found where entries were taken out may be
/// one of them.
///
/// # Errors
/// A [`DefinitionError`] listing every problem found, each at its place in its file, sorted
/// by file and position.
pub fn compile(
    loaded: &Loaded,
    limits: &Limits,
) -> Result<(Ruleset, Vec<Problem>), DefinitionError> {
    let mut cx = Ctx::new(loaded, limits);
    let result = build(&loaded.def, &mut cx);
    for part in std::mem::take(&mut cx.unsure) {
        cx.skipped(part, &format!("some references to {part} were"));
    }
    cx.problems.sort_by_key(Problem::order);
    match result {
        Some(rules) if !cx.problems.iter().any(Problem::is_error) => Ok((rules, cx.problems)),
        _ => Err(cx.into_error()),
    }
}

/// The board of a loaded definition alone, whatever the rest holds: a guide to the cells'
/// names while the setup is being written (`fairy show --empty`).
///
/// # Errors
/// A [`DefinitionError`] when the definition has no board or its board has errors (with
/// the problems found reading the files).
pub fn board_only(loaded: &Loaded, limits: &Limits) -> Result<Topology, DefinitionError> {
    let mut cx = Ctx::new(loaded, limits);
    let topology = match &loaded.def.board {
        Some(board) => regions::board(board, &mut cx).map(|(topology, _)| topology),
        None => {
            cx.problems.push(
                Problem::error(
                    "fairy::missing-key",
                    "the definition has no `board`",
                    0..0,
                    "here",
                )
                .help("add `board: 8x8`, or extend a definition that has it"),
            );
            None
        }
    };
    match topology {
        Some(topology) => Ok(topology),
        None => {
            cx.problems.sort_by_key(Problem::order);
            Err(cx.into_error())
        }
    }
}

fn build(def: &VariantDef, cx: &mut Ctx) -> Option<Ruleset> {
    let required = [
        ("name", def.name.is_some(), "name: My Chess"),
        ("board", def.board.is_some(), "board: 8x8"),
        (
            "setup",
            def.setup.is_some(),
            "setup: rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR",
        ),
    ];
    for (key, present, example) in required {
        if !present && cx.lost(key).is_none() {
            cx.problems.push(
                Problem::error(
                    "fairy::missing-key",
                    format!("the definition has no `{key}`"),
                    0..0,
                    "here",
                )
                .help(format!(
                    "add `{example}`, or extend a definition that has it"
                )),
            );
        }
    }
    // Without a board, the movement's syntax is all that can be checked.
    let skip_all = "regions, the setup and where pieces move were";
    let Some(board) = &def.board else {
        movement_syntax(def, cx);
        cx.skipped("board", skip_all);
        return None;
    };
    let Some((topology, container_specs)) = regions::board(board, cx) else {
        movement_syntax(def, cx);
        cx.at(
            board,
            Problem::note(
                "fairy::skipped",
                format!("{skip_all} not checked: they need the board, and it has errors"),
                span_of(board),
                "skipped because of this board",
            )
            .help("fix the board and run again to check the rest"),
        );
        return None;
    };
    let default_end = EndDef::default();
    let end_def = def.end.as_ref().unwrap_or(&default_end);
    combinations::check(def, board, &container_specs, cx);
    let regions = regions::regions(def, &topology, cx);

    // Letters first: promotion choices and castling refer to pieces by letter.
    let mut letters: Vec<char> = Vec::new();
    // By ASCII code: a definition of many pieces is checked in one pass.
    let mut used = [false; 128];
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
        if letter != '?' && std::mem::replace(&mut used[letter as usize], true) {
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
    if let Some(extra) = def.pieces.values().nth(MAX_KINDS) {
        cx.error(
            &extra.value.letter,
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
    let kind_of = |c: char| {
        letters
            .iter()
            .position(|&l| l == c)
            .map(|k| Kind::new(k as u8))
    };
    let resolve = |cx: &mut Ctx, s: &Sp<String>, what: &str| -> Option<Kind> {
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

    let mut kind_motions = Vec::new();
    let mut pieces = Vec::new();
    for ((name, piece), &letter) in def.pieces.iter().zip(&letters) {
        let p = &piece.value;
        let motions = component_motions(cx, &topology, &p.moves);
        let within: Vec<(Vec<betza::Motion>, [crate::types::bitboard::Bitboard; 2])> = p
            .within
            .iter()
            .filter_map(|(region, moves)| {
                let Some(zone) = regions.get(region) else {
                    let known = listed(regions.keys().map(String::as_str));
                    cx.error(
                        moves,
                        "fairy::unknown-region",
                        format!("no region is named `{region}`"),
                        "the moves of an unknown region",
                        &format!("define it under `regions:`; defined: {known}"),
                    );
                    return None;
                };
                Some((component_motions(cx, &topology, moves), *zone))
            })
            .collect();
        let first_move = motions.iter().any(|m| m.initial)
            || within.iter().any(|(m, _)| m.iter().any(|m| m.initial));
        kind_motions.push(tables::KindMotions {
            everywhere: motions,
            within,
            cannot_hop: KindSet::EMPTY,
        });
        let promotion = p.promotion.as_ref().and_then(|promo| {
            let zone = regions::region_named(cx, &regions, &promo.zone);
            let choices = promotion::promotion_choices(cx, &promo.choices, &resolve);
            let limit = promotion::promotion_limit(cx, promo, &choices, &kind_of);
            Some(Promotion {
                zone: zone?,
                choices,
                limit,
                optional: promo.optional,
                on_capture: promo.on_capture,
                standing: promo.standing.as_ref().is_some_and(|s| s.value),
                last_anywhere: promo.last_anywhere,
                peaceful: promo.peaceful,
                // Filled in once the rule set can move pieces (see `forced_promotions`).
                forced: [crate::types::bitboard::Bitboard::EMPTY; 2],
            })
        });
        pieces.push(PieceType {
            name: name.clone(),
            letter,
            moves: p.moves.value.clone(),
            royal: p.royal,
            en_passant: p.en_passant,
            en_passant_zone: p
                .en_passant_zone
                .as_ref()
                .and_then(|z| regions::region_named(cx, &regions, z)),
            resets_halfmove_clock: p.resets_halfmove_clock,
            promotion,
            first_move,
            drop: hand::drop_rule(cx, &topology, &regions, p.drop.as_ref()),
            promoted: p.promoted,
            image: p.image.as_ref().and_then(|image| known_image(cx, image)),
            value: p.value,
            cannot_hop: kind_list(cx, p.cannot_hop.as_ref(), "a piece it cannot hop", &resolve),
            cannot_capture: kind_list(
                cx,
                p.cannot_capture.as_ref(),
                "a piece it cannot capture",
                &resolve,
            ),
            first_move_in_check: p.first_move_in_check,
            loses_first_move_to: kind_list(
                cx,
                p.loses_first_move_to.as_ref(),
                "a piece that takes first-move rights",
                &resolve,
            ),
        });
    }
    for (motions, piece) in kind_motions.iter_mut().zip(&pieces) {
        motions.cannot_hop = piece.cannot_hop;
    }
    // The attack test asks whether a royal piece could be captured, not by whom it may be.
    for def in def.pieces.values() {
        let letters = def.value.cannot_capture.iter().flat_map(|list| &list.value);
        for letter in letters {
            let royal_letter = letter.value.chars().next().is_some_and(|c| {
                pieces
                    .iter()
                    .any(|p| p.royal && p.letter == c.to_ascii_uppercase())
            });
            if royal_letter {
                cx.error(
                    letter,
                    "fairy::unsupported-combination",
                    "a royal piece in `cannot_capture` is not supported".into(),
                    "a royal piece",
                    "list only pieces that are not royal",
                );
            }
        }
    }

    let castling = def.castling.as_ref().and_then(|c| {
        let king = resolve(cx, &c.value.king, "castling king");
        let partners = c
            .value
            .partners
            .iter()
            .filter_map(|p| resolve(cx, p, "castling partner"))
            .collect::<KindSet>();
        let (distance, king_files) = castling_moves(cx, c, &topology)?;
        Some(Castling {
            king: king?,
            partners,
            kingside: distance.kingside,
            queenside: distance.queenside,
            king_files,
            ignore_check: c.value.ignore_check,
            drop_rights: match &c.value.drop_rights {
                Some(d) => {
                    let king = regions::region_named(cx, &regions, &d.king);
                    let partners = regions::region_named(cx, &regions, &d.partners);
                    Some(crate::rules::DropRights {
                        king: king?,
                        partners: partners?,
                    })
                }
                None => None,
            },
        })
    });

    let params = parameters::parameters(def, cx, &regions, &resolve);
    let flags: Vec<Flag> = end_def
        .flags
        .iter()
        .filter_map(|f| {
            let piece = parameters::piece_ref(cx, &params, &f.piece, "flag piece", &resolve);
            let zone = parameters::zone_ref(cx, &params, &regions, &f.zone);
            Some(Flag {
                piece: piece?,
                zone: zone?,
                safe: f.safe,
                hold: f.hold.as_ref().is_some_and(|h| h.value),
            })
        })
        .collect();

    let insufficient_material = end_def
        .insufficient_material
        .iter()
        .filter_map(|entry| material(cx, entry, &kind_of))
        .collect();
    let extinction = end_def
        .extinction
        .as_ref()
        .and_then(|x| end::extinction(cx, x, &kind_of));
    let checks_to_win = end::checks_to_win(end_def);

    let chance = def.chance.as_ref().and_then(|c| {
        let cells = regions::region_named(cx, &regions, &c.region)?;
        Some(Chance {
            cells,
            on_path: c.when.contains(&ChanceTrigger::Path),
            on_occupied: c.when.contains(&ChanceTrigger::Occupied),
            remove_piece: c.effects.contains(&ChanceEffect::RemovePiece),
            remove_mover: c.effects.contains(&ChanceEffect::RemoveMoverOnPath),
        })
    });

    let hand = hand::hand_rules(def, &pieces, &topology, &regions, cx);
    let explosion = explosion::explosion(def, &topology, cx, &resolve);
    let mutually_immune = explosion::mutually_immune(def, &pieces, end_def.royal, cx, &resolve);
    let containers = containers::rules(def, board, &container_specs, &pieces, cx);
    let layers = layers::rules(def, &topology, &regions, cx);
    let container_types = containers.as_ref().map_or(&[][..], |c| &c.types[..]);
    let marker_letters: Option<Vec<char>> = layers
        .as_ref()
        .map(|l| l.markers.iter().map(|m| m.letter).collect());
    let placement = def.setup.as_ref().and_then(|setup| {
        if cx.lost("pieces").is_some() || cx.lost("markers").is_some() {
            cx.skipped("pieces", "the setup was");
            cx.skipped("markers", "the setup was");
            return None;
        }
        let holds = Holds {
            containers: container_types,
            markers: marker_letters.as_deref(),
            hand: hand.as_ref(),
            walls: def.walls.is_some(),
        };
        let placement = placement(cx, setup, &topology, &kind_of, holds)?;
        Some((placement, setup))
    });
    if let Some((placement, setup)) = &placement {
        if cx.damaged("pieces") {
            // A royal flag or a promotion taken out would make them wrong.
            cx.skipped_for("pieces", "the warnings about the setup were");
        } else {
            warnings::setup_warnings(def, setup, cx, &pieces, &placement.pieces, &placement.hand);
        }
    }
    let returns = match &placement {
        Some((placement, _)) => parameters::returns(
            def,
            cx,
            &topology,
            &params,
            &placement.pieces,
            pieces.len(),
            &resolve,
        ),
        None => Vec::new(),
    };

    let notation = def
        .notation
        .as_ref()
        .and_then(|n| notation::notation(n, &pieces, layers.as_ref(), &kind_of, cx));
    let gates = hand
        .as_ref()
        .map_or([crate::types::bitboard::Bitboard::EMPTY; 2], |h| h.gates);
    let tables = tables::build(
        &topology,
        &kind_motions,
        &pieces,
        layers.as_ref(),
        mutually_immune,
        gates,
    );
    let end = end_def;
    let royal_kinds = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.royal)
        .map(|(k, _)| Kind::new(k as u8))
        .collect();
    let en_passant_kinds = pieces
        .iter()
        .enumerate()
        .filter(|(_, p)| p.en_passant)
        .map(|(k, _)| Kind::new(k as u8))
        .collect();
    let zobrist = Zobrist::new(topology.cell_count());
    let royal_may_not_flee = def.royal_may_not_flee.unwrap_or(false);
    let captures_forced = def.captures == Some(crate::load::definition::CaptureRule::Forced);
    let no_checks = def.no_checks.unwrap_or(false);
    let move_filter = captures_forced
        || no_checks
        || royal_may_not_flee
        || pieces
            .iter()
            .any(|p| p.first_move && !p.first_move_in_check);
    let standing_promotions = pieces
        .iter()
        .any(|p| p.promotion.as_ref().is_some_and(|p| p.standing));
    let first_move_losses = pieces
        .iter()
        .any(|p| p.first_move && !p.loses_first_move_to.is_empty());
    let walls = walls::walls(def, &regions, &topology, cx);
    let mut rules = Ruleset {
        move_filter,
        standing_promotions,
        first_move_losses,
        name: def
            .name
            .as_ref()
            .map_or_else(String::new, |n| n.value.clone()),
        description: def.description.as_ref().map_or_else(String::new, |d| {
            d.value.split_whitespace().collect::<Vec<_>>().join(" ")
        }),
        royal_kinds,
        en_passant_kinds,
        pieces,
        regions,
        castling,
        chance,
        parameters: params,
        returns,
        containers,
        royals_apart: def.royals_apart.unwrap_or(false),
        royals_facing: def.royals_facing.as_ref().map(|f| f.value),
        pass: def.pass.unwrap_or(false),
        captures_forced,
        no_checks,
        royal_may_not_flee,
        first_moves_in_fen: def.first_moves_in_fen.as_ref().is_some_and(|f| f.value),
        xboard: xboard_name(cx, def.xboard.as_ref()),
        layers,
        hand,
        explosion,
        mutually_immune,
        convert: def
            .convert
            .as_ref()
            .map(|c| crate::rules::conversion::Conversion::new(c.value, &topology)),
        walls,
        notation,
        end: EndRules {
            // Set below, once the rule set is whole.
            ends_by_position: true,
            royal: end.royal,
            stalemate: end.stalemate,
            move_rule_plies: end.move_rule.saturating_mul(2),
            repetition: end.repetition,
            flags,
            insufficient_material,
            checkmate: end.checkmate,
            extinction,
            checks_to_win,
            flag_reply: end.flag_reply,
            check: end.check.as_ref().map_or(Default::default(), |c| c.value),
            full_board: end.full_board,
            count_pieces: end.count_pieces,
        },
        // Replaced below by the setup, once the rule set can place it.
        start: crate::engine::Position::placeholder(),
        limits: *cx.limits,
        tables,
        zobrist,
        topology,
    };
    let (placement, setup) = placement?;
    rules.start = rules.setup_position(&placement);
    if let Some(f) = def.first_moves_in_fen.as_ref().filter(|f| f.value) {
        first_moves_on_first_rank(cx, &rules, f);
    }
    rules.forced_promotions();
    rules.end.ends_by_position = ends_by_position(&rules);
    if cx.problems.iter().any(Problem::is_error) {
        return None;
    }
    start_reads_back(&rules, setup, cx);
    Some(rules)
}

/// Whether the engine's `decided` can find an end in a position of `rules` beyond the pass
/// and facing counters kept in the position: the game-end rules it reads.
fn ends_by_position(rules: &Ruleset) -> bool {
    let end = &rules.end;
    end.full_board
        || ((end.royal == crate::load::definition::RoyalRule::Extinction
            || rules.explosion.is_some())
            && !rules.royal_kinds.is_empty())
        || end.extinction.is_some()
        || end.checks_to_win > 0
        || !end.flags.is_empty()
}

/// How the castling king moves: `king_distance`, or Chess960's `king_files` (then the
/// distances are unused). Exactly one must be given (`fairy::bad-castling`), and each file
/// must be a file of the board.
fn castling_moves(
    cx: &mut Ctx,
    c: &Sp<crate::load::definition::CastlingDef>,
    topology: &Topology,
) -> Option<(DistanceDef, Option<[u8; 2]>)> {
    let unused = DistanceDef {
        kingside: Distance::Free,
        queenside: Distance::Free,
    };
    match (&c.value.king_distance, &c.value.king_files) {
        (Some(d), None) => Some((d.value, None)),
        (None, Some(files)) => {
            let mut file = |letter: &Sp<String>| {
                let mut chars = letter.value.chars();
                let found = match (chars.next(), chars.next()) {
                    (Some(ch @ 'a'..='z'), None)
                        if (ch as u32 - 'a' as u32) < u32::from(topology.width()) =>
                    {
                        Some(ch as u8 - b'a')
                    }
                    _ => None,
                };
                if found.is_none() {
                    cx.error(
                        letter,
                        "fairy::bad-castling",
                        format!("`{}` is not a file of the board", letter.value),
                        "not a file",
                        "write a file letter of the board, such as `g`",
                    );
                }
                found
            };
            let kingside = file(&files.value.kingside);
            let queenside = file(&files.value.queenside);
            Some((unused, Some([kingside?, queenside?])))
        }
        (Some(_), Some(files)) => {
            cx.error(
                files,
                "fairy::bad-castling",
                "castling with both `king_distance` and `king_files`".to_string(),
                "a second way to move the king",
                "keep one: `king_files` for Chess960 castling, `king_distance` otherwise",
            );
            None
        }
        (None, None) => {
            cx.error(
                c,
                "fairy::bad-castling",
                "castling without `king_distance` or `king_files`".to_string(),
                "how far does the king go?",
                "add `king_distance: 2` (chess) or `king_files: {kingside: g, queenside: c}` \
                 (Chess960)",
            );
            None
        }
    }
}

/// A piece's `image:` when the project's set has it; else a problem, with the nearest name.
fn known_image(cx: &mut Ctx, image: &Sp<String>) -> Option<String> {
    if crate::render::picture::image_names().any(|n| n == image.value) {
        return Some(image.value.clone());
    }
    let names: Vec<&str> = crate::render::picture::image_names().collect();
    let nearest = names
        .iter()
        .map(|n| (strsim::levenshtein(n, &image.value), *n))
        .min()
        .filter(|(d, _)| *d <= 2.max(image.value.len() / 3));
    let help = match nearest {
        Some((_, n)) => format!("did you mean `{n}`?"),
        None => format!("the images are {}", names.join(", ")),
    };
    cx.error(
        image,
        "fairy::unknown-image",
        format!("the project has no piece image `{}`", image.value),
        "no such image",
        &help,
    );
    None
}

/// Under `first_moves_in_fen`, FEN's castling field names first-move pieces by file on
/// their side's first rank: a first-move piece the setup puts elsewhere could not be
/// written, and is `fairy::unsupported-combination` at the key.
fn first_moves_on_first_rank(cx: &mut Ctx, rules: &Ruleset, key: &Sp<bool>) {
    let start = &rules.start;
    let top = rules.topology.height().saturating_sub(1);
    let off = start.unmoved().cells().find(|&cell| {
        let rank = rules.topology.coords(cell).1;
        let white = start
            .piece_at(cell)
            .is_some_and(|p| p.color() == crate::rules::Color::White);
        rank != if white { 0 } else { top }
    });
    if let Some(cell) = off {
        cx.error(
            key,
            "fairy::unsupported-combination",
            format!(
                "the first-move piece on {} stands off its side's first rank, where FEN's \
                 castling field cannot name it",
                rules.topology.name(cell)
            ),
            "first-move rights by file",
            "give first moves (`i`) only to pieces that start on their side's first rank, \
             or drop `first_moves_in_fen`",
        );
    }
}

/// The kinds a list of letters names (`cannot_hop:`, `cannot_capture:`); unknown letters
/// are reported by `resolve`.
fn kind_list(
    cx: &mut Ctx,
    list: Option<&Sp<Vec<Sp<String>>>>,
    what: &str,
    resolve: &parameters::Resolve,
) -> KindSet {
    list.map_or(KindSet::EMPTY, |l| {
        l.value
            .iter()
            .filter_map(|s| resolve(cx, s, what))
            .fold(KindSet::EMPTY, KindSet::with)
    })
}

/// The `xboard:` name: one of XBoard's own variants, or the name of an engine-defined
/// variant that XBoard would not misread (for a file whose name XBoard would).
fn xboard_name(cx: &mut Ctx, name: Option<&Sp<String>>) -> Option<String> {
    let name = name?;
    let own = crate::formats::xboard_names::xboard_variants().any(|n| n == name.value);
    if own
        || crate::formats::xboard_names::engine_defined_name(&name.value).as_ref()
            == Ok(&name.value)
    {
        return Some(name.value.clone());
    }
    cx.error(
        name,
        "fairy::unknown-xboard-variant",
        format!(
            "XBoard has no variant `{}`, and would misread it as an engine's own",
            name.value
        ),
        "not an XBoard variant",
        &format!(
            "leave `xboard:` out for a variant XBoard does not know (`fairy xboard` then \
             describes it to XBoard itself under the file's name), or give a name in camel \
             case (`AtomFischer`) that holds none of XBoard's own; XBoard's own: {}",
            crate::formats::xboard_names::xboard_variants()
                .collect::<Vec<_>>()
                .join(", ")
        ),
    );
    None
}

/// The setup's placement, or `None` after reporting why it cannot be read.
fn placement(
    cx: &mut Ctx,
    setup: &Sp<String>,
    topology: &Topology,
    kind_of: &impl Fn(char) -> Option<Kind>,
    holds: Holds<'_>,
) -> Option<Placement> {
    let error = match parse_placement(topology, kind_of, holds, &setup.value) {
        Ok(p) if !p.moved.is_empty() => {
            let at = p.moved[0].1;
            DslError::new(
                at..at + 1,
                "`'` (a piece that has moved) cannot stand in a setup",
            )
            .with_help("the setup is the start: remove the `'`")
        }
        Ok(p) => return Some(p),
        Err((span, message, help)) => DslError::new(span, message).with_help(help),
    };
    cx.dsl(setup, "fairy::bad-setup", error);
    None
}

/// One `insufficient_material` entry: FEN letters, each a piece on the board.
fn material(
    cx: &mut Ctx,
    entry: &Sp<String>,
    kind_of: &impl Fn(char) -> Option<Kind>,
) -> Option<Material> {
    let mut m = Material::EMPTY;
    for (i, c) in entry.value.char_indices() {
        let Some(kind) = kind_of(c.to_ascii_uppercase()).filter(|_| c.is_ascii_alphabetic()) else {
            let e = DslError::new(i..i + c.len_utf8(), format!("`{c}` is not a piece letter"))
                .with_help(
                    "write the letters of every piece on the board, White's upper case, e.g. `KBk`",
                );
            cx.dsl(entry, "fairy::bad-material", e);
            return None;
        };
        let color = if c.is_ascii_uppercase() {
            Color::White
        } else {
            Color::Black
        };
        m = m.with(Piece::new(kind, color));
    }
    Some(m)
}

/// What `validate` accepts a game can save and load: the start position's FEN must read
/// back, as the same position (issue 15: a side not to move in check, two castling kings of
/// a side with a castling right; issue 31: a state the FEN cannot write, such as the first
/// move of a pawn named as the castling king, lost on the way).
fn start_reads_back(rules: &Ruleset, setup: &Sp<String>, cx: &mut Ctx) {
    let fen = rules.fen(&rules.start);
    let e = match rules.read_fen(&fen, false) {
        Ok(back) => {
            let (before, after) = (rules.legal_moves(&rules.start), rules.legal_moves(&back));
            if back.hash() == rules.start.hash() && before == after {
                return;
            }
            cx.error(
                setup,
                "fairy::bad-start",
                format!(
                    "the start position's FEN `{fen}` reads back as another position \
                     ({} legal moves become {})",
                    before.len(),
                    after.len()
                ),
                "this start position",
                "a state the FEN does not write is lost, such as the first move of a piece \
                 that is not a castling piece but is named as one: change the setup or the rule",
            );
            return;
        }
        Err(e) => e,
    };
    let (message, help) = match &e {
        FenError::Position { reason } => (
            format!("the start position cannot arise in a game: {reason}"),
            "change the setup so that the side not to move is not attacked".to_string(),
        ),
        _ => (
            format!("the start position cannot be written as a FEN that reads back: {e}"),
            format!("its FEN would be `{fen}`; change the setup or the rule that this breaks"),
        ),
    };
    cx.error(
        setup,
        "fairy::bad-start",
        message,
        "this start position",
        &help,
    );
}

/// The motions of a movement string; problems are recorded at their place in it.
/// Checks the syntax of every piece's movement strings, for a definition without a board.
fn movement_syntax(def: &VariantDef, cx: &mut Ctx) {
    for piece in def.pieces.values() {
        let p = &piece.value;
        for moves in std::iter::once(&p.moves).chain(p.within.values()) {
            if let Err(e) = dsl::parse_movement(&moves.value) {
                cx.dsl(moves, "fairy::movement-syntax", e);
            }
        }
    }
}

fn component_motions(
    cx: &mut Ctx,
    topology: &crate::rules::Topology,
    moves: &Sp<String>,
) -> Vec<betza::Motion> {
    let movement = match dsl::parse_movement(&moves.value) {
        Ok(movement) => movement,
        Err(e) => {
            cx.dsl(moves, "fairy::movement-syntax", e);
            return Vec::new();
        }
    };
    let mut motions = Vec::new();
    // A repeated component is expanded once, and a motion that two components share is
    // kept once: repeats cost no table work and count once against the limit.
    let mut reaches: HashMap<&str, bool> = HashMap::new();
    let mut unique: HashSet<betza::Motion> = HashSet::new();
    for component in &movement.components {
        let unreachable = |cx: &mut Ctx| {
            let e = DslError::new(component.span.clone(), "this move reaches no square of this board")
                .with_help("it is longer than the board allows from every square; drop it or enlarge the board");
            cx.dsl_warning(moves, "fairy::unreachable-move", e);
        };
        let text = &moves.value[component.span.clone()];
        match reaches.get(text) {
            Some(true) => continue,
            Some(false) => {
                unreachable(cx);
                continue;
            }
            None => {}
        }
        if cx.ways > cx.limits.movement_ways {
            continue;
        }
        match betza::expand(component) {
            Ok(m) if !warnings::reaches_a_cell(topology, &m) => {
                reaches.insert(text, false);
                unreachable(cx);
            }
            Ok(m) => {
                reaches.insert(text, true);
                for motion in m {
                    if unique.contains(&motion) {
                        continue;
                    }
                    cx.ways += motion.ways();
                    unique.insert(motion.clone());
                    motions.push(motion);
                }
                if let Err(e) = LimitExceeded::check(Limit::MovementWays, cx.limits, cx.ways) {
                    let e = DslError::new(component.span.clone(), e.to_string()).with_help(
                        "drop components that repeat others' moves, or raise `movement_ways`",
                    );
                    cx.dsl(moves, "fairy::limit-exceeded", e);
                }
            }
            Err(e) => cx.dsl(moves, "fairy::bad-movement", e),
        }
    }
    motions
}
