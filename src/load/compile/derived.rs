//! What the engine reads of the piece types and rules as a whole: flags derived once, so
//! that it does not look them up at every move.

use crate::load::definition::{CaptureRule, VariantDef};
use crate::rules::{Kind, KindSet, PieceType};

/// The derived parts of a rule set.
pub(super) struct Derived {
    pub(super) royal_kinds: KindSet,
    pub(super) en_passant_kinds: KindSet,
    pub(super) captures_forced: bool,
    pub(super) no_checks: bool,
    pub(super) royal_may_not_flee: bool,
    /// Whether legal moves pass through the move filters.
    pub(super) move_filter: bool,
    pub(super) standing_promotions: bool,
    pub(super) first_move_losses: bool,
}

/// The derived parts of the rule set of `def` with these `pieces`.
pub(super) fn derived(def: &VariantDef, pieces: &[PieceType]) -> Derived {
    let kinds = |has: fn(&PieceType) -> bool| -> KindSet {
        pieces
            .iter()
            .enumerate()
            .filter(|(_, p)| has(p))
            .map(|(k, _)| Kind::new(k as u8))
            .collect()
    };
    let royal_may_not_flee = def.royal_may_not_flee.unwrap_or(false);
    let captures_forced = def.captures == Some(CaptureRule::Forced);
    let no_checks = def.no_checks.unwrap_or(false);
    Derived {
        royal_kinds: kinds(|p| p.royal),
        en_passant_kinds: kinds(|p| p.takes_en_passant),
        captures_forced,
        no_checks,
        royal_may_not_flee,
        move_filter: captures_forced
            || no_checks
            || royal_may_not_flee
            || pieces
                .iter()
                .any(|p| p.first_move && !p.first_move_in_check),
        standing_promotions: pieces
            .iter()
            .any(|p| p.promotion.as_ref().is_some_and(|p| p.standing)),
        first_move_losses: pieces
            .iter()
            .any(|p| p.first_move && !p.loses_first_move_to.is_empty()),
    }
}
