//! `trading:`: the kinds the trading rules protect, and which rules apply.

use crate::load::definition::{file_of, span_of, Sp, VariantDef};
use crate::load::diagnostics::Problem;
use crate::rules::trading::Trading;
use crate::rules::KindSet;

use super::names::Names;
use super::Ctx;

/// The trading rules of `def`, if it has them. A section that turns no rule on (reported at
/// its key), or names no piece, is `fairy::bad-trading`, as is `cheap` without `from_afar`.
pub(super) fn trading(def: &VariantDef, names: &Names, cx: &mut Ctx) -> Option<Trading> {
    let section = def.trading.as_ref()?;
    let t = &section.value;
    let on = |flag: &Option<Sp<bool>>| flag.as_ref().is_some_and(|f| f.value);
    let (from_afar, counterstrike) = (on(&t.from_afar), on(&t.counterstrike));
    let mut kinds_of = |list: &Sp<Vec<Sp<String>>>, what: &str| -> KindSet {
        list.value
            .iter()
            .filter_map(|letter| names.piece(cx, letter, what))
            .collect()
    };
    let kinds = kinds_of(&t.pieces, "protected piece");
    let cheap = t
        .cheap
        .as_ref()
        .map_or(KindSet::EMPTY, |c| kinds_of(c, "cheap piece"));
    if t.pieces.value.is_empty() {
        cx.error(
            &t.pieces,
            "fairy::bad-trading",
            "the trading rules protect no piece".into(),
            "an empty list",
            "list the letters of the pieces they protect: `pieces: [N]`",
        );
    }
    if !from_afar && !counterstrike {
        // At the section's key: the section itself starts at its first key.
        let file = file_of(section);
        let at = span_of(section).start;
        let key = cx.sources[file].text[..at]
            .rfind("trading")
            .map_or(at..at, |i| i..i + "trading".len());
        cx.problems.push(Problem {
            file,
            ..Problem::error(
                "fairy::bad-trading",
                "the trading section turns no rule on",
                key,
                "no rule",
            )
            .help("set `from_afar: true`, `counterstrike: true` or both")
        });
    }
    if let (Some(c), false) = (&t.cheap, from_afar) {
        cx.error(
            c,
            "fairy::bad-trading",
            "`cheap` belongs to the rule of captures from afar, which is off".into(),
            "without `from_afar: true`",
            "set `from_afar: true`, or drop `cheap`",
        );
    }
    Some(Trading {
        kinds,
        from_afar,
        cheap,
        counterstrike,
    })
}
