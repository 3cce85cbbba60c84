//! The check counters of a check-counting game in FEN (`end: checks_to_win`), in both of
//! Fairy-Stockfish's forms: the checks each side still needs as a field after en passant
//! (`3+3`, its own form: `w KQkq - 3+3 0 1`), or the checks each side has given as a last
//! field (`+2+0`, lichess's form: `w KQkq - 0 1 +2+0`). The writer uses the first.

use crate::engine::Position;
use crate::rules::{Color, Ruleset};

use super::fen::{FenError, FenField, Fields};

/// The index of the remaining-checks field, after en passant.
const REMAINING: usize = 4;

impl Ruleset {
    /// Takes the check field out of `f`, if there is one, and returns the checks given by
    /// each side (none when the FEN has no such field).
    pub(super) fn take_checks(&self, f: &mut Fields) -> Result<[u8; 2], FenError> {
        let n = self.end.checks_to_win;
        if let Some(text) = f
            .get(REMAINING)
            .filter(|t| t.contains('+') && !t.starts_with('+'))
        {
            let counts = self.check_counts(f, REMAINING, text)?;
            f.remove(REMAINING);
            return Ok(counts.map(|left| n - left));
        }
        let last = f.len().saturating_sub(1);
        if let Some(text) = f.get(last).filter(|t| t.starts_with('+') && last > 1) {
            let counts = self.check_counts(f, last, &text[1..])?;
            f.remove(last);
            return Ok(counts);
        }
        Ok([0; 2])
    }

    /// `a+b`: two counts of at most the checks that win, White's first.
    fn check_counts(&self, f: &Fields, i: usize, text: &str) -> Result<[u8; 2], FenError> {
        let n = self.end.checks_to_win;
        let bad = || {
            f.error(
                i,
                FenField::Checks,
                None,
                format!("`{text}` is not two check counts from 0 to {n}, such as `{n}+{n}`"),
            )
        };
        let (a, b) = text.split_once('+').ok_or_else(bad)?;
        let count = |s: &str| s.parse::<u8>().ok().filter(|&c| c <= n).ok_or_else(bad);
        Ok([count(a)?, count(b)?])
    }

    /// The remaining-checks field of `pos`, with its leading space (empty in other games).
    pub(super) fn checks_text(&self, pos: &Position) -> String {
        let n = self.end.checks_to_win;
        if n == 0 {
            return String::new();
        }
        let left = |c: Color| n.saturating_sub(pos.checks_given(c));
        format!(" {}+{}", left(Color::White), left(Color::Black))
    }
}
