//! The setup: its placement read with the pieces' letters and the board, and the start
//! position the engine sets up from it, which must read back from its FEN.

use crate::formats::notation::{parse_placement, FenError, Holds, Placement};
use crate::load::definition::{Sp, VariantDef};
use crate::load::dsl::DslError;
use crate::rules::containers::ContainerRules;
use crate::rules::hand::HandRules;
use crate::rules::layers::LayerRules;
use crate::rules::{Color, PieceType, Ruleset, Topology};

use super::names::Names;
use super::{warnings, Ctx};

/// What a setup may hold besides pieces on the board: containers, markers, pieces in hand.
pub(super) struct Holding<'a> {
    pub(super) containers: Option<&'a ContainerRules>,
    pub(super) layers: Option<&'a LayerRules>,
    pub(super) hand: Option<&'a HandRules>,
}

/// The setup's placement, with the setup it was read from; `None` after reporting why it
/// cannot be read, or noting that it was not (its pieces or markers were taken out). The
/// warnings about the setup (pieces never placed...) are given here.
pub(super) fn setup<'d>(
    def: &'d VariantDef,
    topology: &Topology,
    names: &Names,
    pieces: &[PieceType],
    holding: Holding<'_>,
    cx: &mut Ctx,
) -> Option<(Placement, &'d Sp<String>)> {
    let setup = def.setup.as_ref()?;
    if cx.lost("pieces").is_some() || cx.lost("markers").is_some() {
        cx.skipped("pieces", "the setup was");
        cx.skipped("markers", "the setup was");
        return None;
    }
    let marker_letters: Option<Vec<char>> = holding
        .layers
        .map(|l| l.markers.iter().map(|m| m.letter).collect());
    let holds = Holds {
        containers: holding.containers.map_or(&[][..], |c| &c.types[..]),
        markers: marker_letters.as_deref(),
        hand: holding.hand,
        walls: def.walls.is_some(),
        pieces,
    };
    let placement = placement(cx, setup, topology, names, holds)?;
    if cx.damaged("pieces") {
        // A royal flag or a promotion taken out would make them wrong.
        cx.skipped_for("pieces", "the warnings about the setup were");
    } else {
        warnings::setup_warnings(def, setup, cx, pieces, &placement.pieces, &placement.hand);
    }
    Some((placement, setup))
}

/// The rule set whose start is `placement` set up, from `rules`, whole but for its start
/// (the empty board) and its forced promotions: placing a setup and finding the cells a
/// piece cannot leave take the engine, which plays a whole rule set.
pub(super) fn with_start(mut rules: Ruleset, placement: &Placement) -> Ruleset {
    rules.forced_promotions();
    let start = rules.setup_position(placement);
    Ruleset { start, ..rules }
}

/// Under `first_moves_in_fen`, FEN's castling field names first-move pieces by file on
/// their side's first rank: a first-move piece the setup puts elsewhere could not be
/// written, and is `fairy::unsupported-combination` at the key.
pub(super) fn first_moves_on_first_rank(cx: &mut Ctx, rules: &Ruleset, key: &Sp<bool>) {
    let start = &rules.start;
    let top = rules.topology.height().saturating_sub(1);
    let off = start.unmoved().cells().find(|&cell| {
        let rank = rules.topology.coords(cell).1;
        let white = start
            .piece_at(cell)
            .is_some_and(|p| p.color() == Color::White);
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

/// The setup's placement, or `None` after reporting why it cannot be read.
fn placement(
    cx: &mut Ctx,
    setup: &Sp<String>,
    topology: &Topology,
    names: &Names,
    holds: Holds<'_>,
) -> Option<Placement> {
    let error = match parse_placement(topology, |c| names.kind(c), holds, &setup.value) {
        Ok(p) if !p.moved.is_empty() => {
            let at = p.moved[0].1;
            DslError::new(
                at..at + 1,
                "`'` (a piece that has moved) cannot stand in a setup",
            )
            .with_help("the setup is the start: remove the `'`")
        }
        Ok(p) => return Some(p),
        Err(e) => DslError::new(e.span, e.message).with_help(e.help),
    };
    cx.dsl(setup, "fairy::bad-setup", error);
    None
}

/// What `validate` accepts a game can save and load: the start position's FEN must read
/// back, as the same position (issue 15: a side not to move in check, two castling kings of
/// a side with a castling right; issue 31: a state the FEN cannot write, such as the first
/// move of a pawn named as the castling king, lost on the way).
pub(super) fn start_reads_back(rules: &Ruleset, setup: &Sp<String>, cx: &mut Ctx) {
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
