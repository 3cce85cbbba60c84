//! XBoard's own variant names, which a definition may claim (`xboard:`) and an
//! engine-defined variant's name must avoid, because XBoard reads them anywhere in a name.

/// XBoard's variant names (its `variantNames`, without the placeholders) that it finds
/// anywhere in a `variant` command's name.
const ANYWHERE: [&str; 14] = [
    "normal",
    "wildcastle",
    "nocastle",
    "fischerandom",
    "bughouse",
    "crazyhouse",
    "losers",
    "suicide",
    "giveaway",
    "twokings",
    "kriegspiel",
    "atomic",
    "3check",
    "shatranj",
];
/// XBoard's variants whose pieces include a wildcard (the falcon), whose every move XBoard
/// takes as legal, so that it never sees a mate.
pub(crate) const WILDCARD_VARIANTS: [&str; 1] = ["falcon"];
/// XBoard's variant names that it finds at the start of a name, followed by no letter.
const AT_START: [&str; 24] = [
    "shogi",
    "chu",
    "courier",
    "gothic",
    "capablanca",
    "knightmate",
    "fairy",
    "cylinder",
    "falcon",
    "caparandom",
    "berolina",
    "janus",
    "super",
    "great",
    "twilight",
    "makruk",
    "seirawan",
    "grand",
    "spartan",
    "xiangqi",
    "asean",
    "lion",
    "chuchess",
    "elven",
];

/// XBoard's own variant names: the values `xboard:` takes (38 names, `normal` first). See
/// the example of [`crate::cecp::describe`].
pub fn xboard_variants() -> impl Iterator<Item = &'static str> {
    ANYWHERE.iter().chain(AT_START.iter()).copied()
}

/// The name under which XBoard will treat a variant as engine-defined: the id in camel case
/// (`falcon-chess` is `FalconChess`), which XBoard does not mistake for one of its own.
///
/// # Errors
/// When even that holds one of XBoard's names where XBoard looks for it.
pub(crate) fn engine_defined_name(id: &str) -> Result<String, String> {
    let mut name = String::new();
    for word in id.split(|c: char| !c.is_ascii_alphanumeric()) {
        let mut chars = word.chars();
        if let Some(first) = chars.next() {
            name.push(first.to_ascii_uppercase());
            name.extend(chars);
        }
    }
    let lower = name.to_ascii_lowercase();
    let at_start = |n: &str| {
        lower.starts_with(n) && !lower[n.len()..].starts_with(|c: char| c.is_ascii_alphabetic())
    };
    let wild = |w: &str| {
        lower
            .find(w)
            .is_some_and(|i| lower[i + w.len()..].starts_with(|c: char| c.is_ascii_digit()))
    };
    let clash = ANYWHERE
        .iter()
        .find(|n| lower.contains(*n))
        .copied()
        .or_else(|| {
            let special = ["frc", "960"].into_iter().find(|n| lower.contains(n));
            special.or_else(|| AT_START.iter().find(|n| at_start(n)).copied())
        });
    match clash {
        Some(n) => Err(format!(
            "{id}: XBoard would read the name {name} as its variant {n}; rename the file"
        )),
        None if wild("wild") || wild("w") => Err(format!(
            "{id}: XBoard would read the name {name} as a numbered wild variant; rename the file"
        )),
        None if name.is_empty() => Err(format!("{id}: no letters to name it by")),
        None => Ok(name),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn engine_defined_names_avoid_xboard_s_own() {
        assert_eq!(
            engine_defined_name("falcon-chess").as_deref(),
            Ok("FalconChess")
        );
        assert_eq!(
            engine_defined_name("king-of-the-hill").as_deref(),
            Ok("KingOfTheHill")
        );
        assert!(engine_defined_name("atomic-racing").is_err());
        assert!(engine_defined_name("grand").is_err());
        assert!(engine_defined_name("chess960").is_err());
        assert!(engine_defined_name("w7").is_err());
        assert!(engine_defined_name("---").is_err());
    }
}
