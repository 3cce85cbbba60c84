//! Definition to rule set: check every part, resolve names, build the tables.
//!
//! The compiler keeps going after a problem where it can, so one run reports every problem of
//! a file; it returns a [`Ruleset`] only when there is none.

mod betza;
mod castling;
mod chance;
mod combinations;
mod containers;
mod context;
mod derived;
mod end;
mod explosion;
mod hand;
mod hexagon;
mod hexmoves;
mod layers;
mod names;
mod notation;
mod parameters;
mod pieces;
mod promotion;
mod regions;
mod start;
mod tables;
mod trading;
mod walls;
mod warnings;
mod xboard;

use crate::load::definition::{span_of, EndDef, Loaded, Sp, VariantDef};
use crate::load::diagnostics::{DefinitionError, Problem};
use crate::load::dsl::ContainerSpec;
use crate::rules::conversion::Conversion;
use crate::rules::position::Position;
use crate::rules::{Ruleset, Topology, Zobrist};
use crate::types::bitboard::Bitboard;
use crate::types::limits::Limits;

use context::{listed, Ctx};
use names::Names;

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
pub(crate) fn compile(
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
pub(crate) fn board_only(loaded: &Loaded, limits: &Limits) -> Result<Topology, DefinitionError> {
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

/// The rule set of `def`, stage by stage in the order data flows: the board and regions,
/// the pieces' letters (every later stage names pieces through them), the piece types,
/// the rules that name pieces and regions, the setup, the tables, and last the start
/// position, which takes the engine and so the rest of the rule set.
fn build(def: &VariantDef, cx: &mut Ctx) -> Option<Ruleset> {
    required(def, cx);
    let (board, topology, container_specs) = board(def, cx)?;
    let default_end = EndDef::default();
    let end_def = def.end.as_ref().unwrap_or(&default_end);
    combinations::check(def, board, &topology, &container_specs, cx);
    let regions = regions::regions(def, &topology, cx);
    let names = Names::new(def, cx)?;
    let (pieces, motions) = pieces::pieces(def, &topology, &regions, &names, cx);
    let castling = castling::castling(def, &topology, &regions, &names, cx);
    let parameters = parameters::parameters(def, cx, &regions, &names);
    let conditions = end::conditions(end_def, &parameters, &regions, &names, cx);
    let chance = chance::chance(def, &regions, cx);
    let hand = hand::hand_rules(def, &pieces, &names, &topology, &regions, cx);
    let explosion = explosion::explosion(def, &topology, cx, &names);
    let mutually_immune = explosion::mutually_immune(def, &pieces, end_def.royal, cx, &names);
    let containers = containers::rules(def, board, &container_specs, &pieces, cx);
    let layers = layers::rules(def, &topology, &regions, cx);
    let holding = start::Holding {
        containers: containers.as_ref(),
        layers: layers.as_ref(),
        hand: hand.as_ref(),
    };
    let placement = start::setup(def, &topology, &names, &pieces, holding, cx);
    let returns = match &placement {
        Some((placement, _)) => parameters::returns(
            def,
            cx,
            &topology,
            &parameters,
            &placement.pieces,
            pieces.len(),
            &names,
        ),
        None => Vec::new(),
    };
    let notation = def
        .notation
        .as_ref()
        .and_then(|n| notation::notation(n, &pieces, layers.as_ref(), &names, cx));
    let gates = hand.as_ref().map_or([Bitboard::EMPTY; 2], |h| h.gates);
    let tables = tables::build(
        &topology,
        &motions,
        &pieces,
        layers.as_ref(),
        mutually_immune,
        gates,
    );
    let derived = derived::derived(def, &pieces);
    let walls = walls::walls(def, &regions, &topology, cx);
    let trading = trading::trading(def, &names, cx);
    let plus_bases = promotion::plus_bases(def, &pieces, cx);
    let xboard = xboard::xboard_name(cx, def.xboard.as_ref());
    let end = end::rules(
        end_def,
        conditions,
        explosion.is_some(),
        !derived.royal_kinds.is_empty(),
    );
    let (placement, setup) = placement?;
    let fingerprint = fingerprint(&cx.sources.iter().map(|s| &*s.text).collect::<Vec<_>>());
    // Before its setup is placed, a rule set starts from the empty board.
    let empty = Position::empty(&tables, topology.cell_count(), fingerprint);
    let before_start = Ruleset {
        move_filter: derived.move_filter || trading.is_some(),
        standing_promotions: derived.standing_promotions,
        first_move_losses: derived.first_move_losses,
        name: def
            .name
            .as_ref()
            .map_or_else(String::new, |n| n.value.clone()),
        description: def.description.as_ref().map_or_else(String::new, |d| {
            d.value.split_whitespace().collect::<Vec<_>>().join(" ")
        }),
        royal_kinds: derived.royal_kinds,
        en_passant_kinds: derived.en_passant_kinds,
        zobrist: Zobrist::new(topology.cell_count(), pieces.len()),
        pieces,
        regions,
        castling,
        chance,
        parameters,
        returns,
        containers,
        royals_apart: def.royals_apart.unwrap_or(false),
        royals_facing: def.royals_facing.as_ref().map(|f| f.value),
        pass: def.pass.unwrap_or(false),
        captures_forced: derived.captures_forced,
        no_checks: derived.no_checks,
        royal_may_not_flee: derived.royal_may_not_flee,
        first_moves_in_fen: def.first_moves_in_fen.as_ref().is_some_and(|f| f.value),
        plus_bases,
        xboard,
        layers,
        hand,
        explosion,
        mutually_immune,
        convert: def
            .convert
            .as_ref()
            .map(|c| Conversion::new(c.value, &topology)),
        walls,
        trading,
        notation,
        end,
        start: empty,
        limits: *cx.limits,
        tables,
        fingerprint,
        topology,
    };
    let rules = start::with_start(before_start, &placement);
    if let Some(f) = def.first_moves_in_fen.as_ref().filter(|f| f.value) {
        start::first_moves_on_first_rank(cx, &rules, f);
    }
    if cx.problems.iter().any(Problem::is_error) {
        return None;
    }
    start::start_reads_back(&rules, setup, cx);
    Some(rules)
}

/// The identity of a rule set compiled from `texts` (its definition, then the files it
/// extends): equal texts give equal rule sets.
fn fingerprint(texts: &[&str]) -> u64 {
    use std::hash::{Hash, Hasher};
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    texts.hash(&mut hasher);
    hasher.finish()
}

/// Reports each key a definition must have (`name`, `board`, `setup`) that it lacks, unless
/// a YAML error took it out.
fn required(def: &VariantDef, cx: &mut Ctx) {
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
}

/// The board, its cells and its containers' specifications; `None` when it is missing or
/// has errors, after checking the movement's syntax (all that can be checked without it).
fn board<'d>(
    def: &'d VariantDef,
    cx: &mut Ctx,
) -> Option<(&'d Sp<String>, Topology, Vec<ContainerSpec>)> {
    let skip_all = "regions, the setup and where pieces move were";
    let Some(board) = &def.board else {
        pieces::movement_syntax(def, cx);
        cx.skipped("board", skip_all);
        return None;
    };
    let Some((topology, container_specs)) = regions::board(board, cx) else {
        pieces::movement_syntax(def, cx);
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
    Some((board, topology, container_specs))
}
