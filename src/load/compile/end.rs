//! The end rules beyond the royal rule: extinction of a piece type and check counting
//! (which combinations are refused is decided in `combinations`).

use crate::load::definition::{EndDef, ExtinctionDef, Sp};
use crate::load::dsl::DslError;
use crate::rules::{Extinction, Kind, KindSet};

use super::Ctx;

/// The compiled `end: extinction:`, if it is written and valid.
pub(super) fn extinction(
    cx: &mut Ctx,
    def: &ExtinctionDef,
    kind_of: &impl Fn(char) -> Option<Kind>,
) -> Option<Extinction> {
    let text = &def.pieces;
    let help = "write `all`, or the letters of the kinds counted, e.g. `KQRBNP`";
    let kinds = if text.value == "all" {
        None
    } else {
        let kinds = kind_letters(cx, text, "fairy::bad-extinction", help, kind_of)?;
        Some(kinds)
    };
    Some(Extinction {
        kinds,
        left: def.left,
        result: def.result,
        opponent_has: def.opponent_has,
    })
}

/// The kinds a string of piece letters names (either case), at least one; each letter that
/// names no piece is reported at that letter under `code`.
pub(super) fn kind_letters(
    cx: &mut Ctx,
    text: &Sp<String>,
    code: &'static str,
    help: &str,
    kind_of: &impl Fn(char) -> Option<Kind>,
) -> Option<KindSet> {
    let mut kinds = KindSet::EMPTY;
    for (i, c) in text.value.char_indices() {
        let Some(kind) = kind_of(c.to_ascii_uppercase()).filter(|_| c.is_ascii_alphabetic()) else {
            let e = DslError::new(i..i + c.len_utf8(), format!("`{c}` is not a piece letter"))
                .with_help(help.to_string());
            cx.dsl(text, code, e);
            return None;
        };
        kinds = kinds.with(kind);
    }
    if kinds.is_empty() {
        let e = DslError::new(0..0, "no piece kind named".to_string()).with_help(help.to_string());
        cx.dsl(text, code, e);
        return None;
    }
    Some(kinds)
}

/// `end: checks_to_win:` (0: off; refused under extinction in `combinations`).
pub(super) fn checks_to_win(end: &EndDef) -> u8 {
    end.checks_to_win.as_ref().map_or(0, |n| n.value)
}
