//! Seachess FENs for tests, built from the pieces' squares.

/// A FEN from `square=token` pairs (`c5=C`, `f5={*m}`), then side and state field. Ranks 1,
/// 2, 11 and 12 have the files c-j only.
pub fn fen(pieces: &str, side: &str, state: &str) -> String {
    let tokens: Vec<(&str, &str)> = pieces
        .split_whitespace()
        .map(|p| p.split_once('=').expect("square=token"))
        .collect();
    let mut ranks = Vec::new();
    for rank in (1..=12).rev() {
        let files = if [1, 2, 11, 12].contains(&rank) {
            "cdefghij"
        } else {
            "abcdefghijkl"
        };
        let mut out = String::new();
        let mut empty = 0;
        for file in files.chars() {
            let square = format!("{file}{rank}");
            match tokens.iter().find(|(s, _)| *s == square) {
                Some((_, t)) => {
                    if empty > 0 {
                        out.push_str(&empty.to_string());
                        empty = 0;
                    }
                    out.push_str(t);
                }
                None => empty += 1,
            }
        }
        if empty > 0 {
            out.push_str(&empty.to_string());
        }
        ranks.push(out);
    }
    format!("{} {side} - - 0 1 {state}", ranks.join("/"))
}
