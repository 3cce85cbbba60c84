//! Reading a record in the variant's own notation (see [`Game::play_record`]): the record
//! split into move numbers, moves and results.

use super::RecordTextError;
#[cfg(doc)]
use crate::play::game::Game;

/// A piece of a game record.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Token {
    /// A move number: White's (`12.`, `12)`) or Black's (`12...`).
    Number {
        /// The number.
        n: u32,
        /// Whether it numbers Black's half of the move.
        black: bool,
    },
    /// A move as written (joined across a spaced `x` or `-`).
    Move(String),
    /// A result such as `1-0`: the record ends.
    Result(String),
    /// The text between two separators (`,`, `;`, a move number) in a record that uses
    /// them: one move, spaces and all (`Da1 - e5 > f6^ x f6`), or, if it does not read as
    /// one, the moves its words make.
    Segment(String),
    /// The variant's hidden mark standing for a move (`(h)` between separators): a hidden
    /// move of the opponent, left out of this side's record.
    Hidden,
}

/// The move text without trailing annotations (`!`, `?`, `!?`).
pub(super) fn strip_annotations(text: &str) -> &str {
    let stripped = text.trim_end_matches(['!', '?']);
    if stripped.is_empty() {
        text
    } else {
        stripped
    }
}

/// Splits a record into move numbers, moves and a result (see [`Game::play_record`]).
///
/// # Errors
/// A brace comment that is not closed or a `}` that closes none, or a move number too large.
pub(super) fn tokenize(
    record: &str,
    hidden_mark: Option<&str>,
) -> Result<Vec<Token>, RecordTextError> {
    let clean = strip_comments(record)?;
    let mut tokens = if clean.contains([',', ';']) {
        segments(&clean, hidden_mark)?
    } else {
        split_segment(&clean, hidden_mark)?
    };
    // A record numbered from move 1 may have a heading before it (a title, the players).
    let first = tokens
        .iter()
        .position(|t| matches!(t, Token::Number { n: 1, black: false }));
    if let Some(i) = first {
        tokens.drain(..i);
    }
    Ok(tokens)
}

/// A record that separates its moves with `,` or `;`: its move numbers, results and
/// segments.
fn segments(clean: &str, hidden_mark: Option<&str>) -> Result<Vec<Token>, RecordTextError> {
    let mut tokens = Vec::new();
    let mut current: Vec<&str> = Vec::new();
    let flush = |current: &mut Vec<&str>, tokens: &mut Vec<Token>| {
        // Annotation words alone, or trailing ones, are no part of a move.
        while current.last().is_some_and(|w| is_mark(w)) {
            current.pop();
        }
        match current.as_slice() {
            [] => {}
            [w] if Some(*w) == hidden_mark => tokens.push(Token::Hidden),
            _ => tokens.push(Token::Segment(current.join(" "))),
        }
        current.clear();
    };
    for (word, separated) in words(clean) {
        if separated {
            flush(&mut current, &mut tokens);
        }
        let (number, word) = split_number(word)?;
        if let Some(number) = number {
            flush(&mut current, &mut tokens);
            tokens.push(number);
        }
        if word.is_empty() {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "½-½"].contains(&word) || is_resignation(word) {
            flush(&mut current, &mut tokens);
            tokens.push(Token::Result(word.to_string()));
            return Ok(tokens);
        }
        if word.chars().all(|c| c == '.' || c == '…') {
            if let Some(Token::Number { black, .. }) = tokens.last_mut() {
                *black = true;
            }
            continue;
        }
        current.push(word);
    }
    flush(&mut current, &mut tokens);
    Ok(tokens)
}

/// Check marks (or the unfinished game's result `*`) and annotations of a move.
fn is_mark(word: &str) -> bool {
    (word.chars().all(|c| c == '*') && word.len() <= 2)
        || word.chars().all(|c| c == '!' || c == '?')
}

/// Moves separated by whitespace (see [`Game::play_record`]).
pub(super) fn split_segment(
    clean: &str,
    hidden_mark: Option<&str>,
) -> Result<Vec<Token>, RecordTextError> {
    let mut tokens = Vec::new();
    // The last move ended with `x` or `-`: the next word continues it.
    let mut join_next = false;
    for (word, separated) in words(clean) {
        // The hidden mark after a move is part of it; standing alone, it is a move left out.
        if Some(word) == hidden_mark {
            match tokens.last_mut() {
                Some(Token::Move(last)) if !separated && !last.ends_with(word) => {
                    last.push(' ');
                    last.push_str(word);
                }
                _ => tokens.push(Token::Hidden),
            }
            join_next = false;
            continue;
        }
        let (number, word) = split_number(word)?;
        if let Some(number) = number {
            tokens.push(number);
            join_next = false;
        }
        if word.is_empty() {
            continue;
        }
        if ["1-0", "0-1", "1/2-1/2", "½-½"].contains(&word) || is_resignation(word) {
            tokens.push(Token::Result(word.to_string()));
            join_next = false;
            continue;
        }
        if is_mark(word) {
            continue;
        }
        // `12. ... e5`: the number is Black's.
        if word.chars().all(|c| c == '.' || c == '…') {
            if let Some(Token::Number { black, .. }) = tokens.last_mut() {
                *black = true;
            }
            continue;
        }
        let continues = join_next || starts_with_joiner(word);
        match tokens.last_mut() {
            // The space stays: the move text tells the inventor's spaced form by it.
            Some(Token::Move(last)) if continues => {
                last.push(' ');
                last.push_str(word);
            }
            _ => tokens.push(Token::Move(word.to_string())),
        }
        join_next = word.ends_with(['x', '-']);
    }
    Ok(tokens)
}

/// The words of a record, each with whether a `,` or `;` (or a move number) stands
/// between it and the word before.
fn words(text: &str) -> Vec<(&str, bool)> {
    let mut out = Vec::new();
    let mut separated = true;
    let mut start = None;
    for (i, c) in text.char_indices() {
        let ends = c.is_whitespace() || c == ',' || c == ';';
        match (ends, start) {
            (true, Some(s)) => {
                let word = &text[s..i];
                out.push((word, separated));
                // A move number separates what follows it too.
                separated =
                    word.ends_with(['.', ')']) && word.starts_with(|c: char| c.is_ascii_digit());
                start = None;
            }
            (false, None) => start = Some(i),
            _ => {}
        }
        if c == ',' || c == ';' {
            separated = true;
        }
    }
    if let Some(s) = start {
        out.push((&text[s..], separated));
    }
    out
}

/// `resigns`, `resigned.`: the record ends there, as with a result.
fn is_resignation(word: &str) -> bool {
    ["resigns", "resign", "resigned", "resignation"]
        .contains(&word.trim_end_matches('.').to_ascii_lowercase().as_str())
}

/// `x d5P`, `xd5P` or `-b4`: the end of a move begun by the word before. (`x5`, a cell on a
/// board with an `x` file, begins a move.)
fn starts_with_joiner(word: &str) -> bool {
    let mut chars = word.chars();
    match chars.next() {
        Some('-') => true,
        Some('x') => !chars.next().is_some_and(|c| c.is_ascii_digit()),
        _ => false,
    }
}

/// Splits a leading move number (`12.`, `12)`, `12...`, `12…`) off a word.
fn split_number(word: &str) -> Result<(Option<Token>, &str), RecordTextError> {
    let after = word.trim_start_matches(|c: char| c.is_ascii_digit());
    let digits = &word[..word.len() - after.len()];
    if digits.is_empty() {
        return Ok((None, word));
    }
    let (black, rest) = if let Some(rest) = after.strip_prefix(')') {
        (false, rest)
    } else {
        let rest = after.trim_start_matches(['.', '…']);
        let marker = &after[..after.len() - rest.len()];
        if marker.is_empty() {
            return Ok((None, word));
        }
        (marker.chars().count() > 1 || marker.contains('…'), rest)
    };
    let n = digits
        .parse()
        .map_err(|_| RecordTextError::NumberTooLarge {
            digits: digits.to_string(),
        })?;
    Ok((Some(Token::Number { n, black }), rest))
}

/// The record with its `#` line comments and `{...}` comments replaced by spaces.
fn strip_comments(record: &str) -> Result<String, RecordTextError> {
    let mut clean = String::with_capacity(record.len());
    let mut line = 1;
    let mut brace_line = None;
    let mut in_line_comment = false;
    for c in record.chars() {
        if c == '\n' {
            line += 1;
            in_line_comment = false;
        }
        if brace_line.is_some() {
            if c == '}' {
                brace_line = None;
            }
            clean.push(if c == '\n' { '\n' } else { ' ' });
            continue;
        }
        if in_line_comment {
            continue;
        }
        match c {
            '#' => in_line_comment = true,
            '{' => {
                brace_line = Some(line);
                clean.push(' ');
            }
            '}' => return Err(RecordTextError::StrayBrace { line }),
            c => clean.push(c),
        }
    }
    match brace_line {
        Some(line) => Err(RecordTextError::UnclosedComment { line }),
        None => Ok(clean),
    }
}

#[cfg(test)]
mod tests {
    use super::{split_segment, tokenize, Token};

    fn n(n: u32) -> Token {
        Token::Number { n, black: false }
    }

    fn nb(n: u32) -> Token {
        Token::Number { n, black: true }
    }

    fn m(text: &str) -> Token {
        Token::Move(text.to_string())
    }

    fn seg(text: &str) -> Token {
        Token::Segment(text.to_string())
    }

    #[test]
    fn spaced_captures_are_joined_and_check_marks_dropped() {
        let tokens = tokenize(
            "1) b2-b4, b7-b5; 2) f7BR x d5P {*} c4QP(Q)P(N) x c1B ** 3. d3N-b2!",
            None,
        )
        .unwrap();
        // Separated by commas: each segment as one text, split when it does not read.
        assert_eq!(
            tokens,
            [
                n(1),
                seg("b2-b4"),
                seg("b7-b5"),
                n(2),
                seg("f7BR x d5P c4QP(Q)P(N) x c1B"),
                n(3),
                seg("d3N-b2!"),
            ]
        );
        assert_eq!(
            split_segment("f7BR x d5P c4QP(Q)P(N) x c1B", None).unwrap(),
            [m("f7BR x d5P"), m("c4QP(Q)P(N) x c1B")]
        );
    }

    #[test]
    fn a_word_ending_or_starting_with_the_joiner_joins_its_neighbour() {
        let tokens = tokenize("f7BRx d5P c4QP xc1B b2 - b4 b7- b5 d3N -b2 x5x6", None).unwrap();
        assert_eq!(
            tokens,
            [
                m("f7BRx d5P"),
                m("c4QP xc1B"),
                m("b2 - b4"),
                m("b7- b5"),
                m("d3N -b2"),
                m("x5x6"),
            ]
        );
    }

    #[test]
    fn numbers_standalone_or_glued() {
        let tokens = tokenize(
            "1.e2e4 e7e5 2)g1f3 2...b8c6 3. ... f8c5 12… a7a6 4.\ta2a3",
            None,
        )
        .unwrap();
        assert_eq!(
            tokens,
            [
                n(1),
                m("e2e4"),
                m("e7e5"),
                n(2),
                m("g1f3"),
                nb(2),
                m("b8c6"),
                nb(3),
                m("f8c5"),
                nb(12),
                m("a7a6"),
                n(4),
                m("a2a3"),
            ]
        );
    }

    #[test]
    fn comments_results_and_marks() {
        let record =
            "# Fool's mate\n1. f2f3 {weak} e7e5 # the answer\n2. g2g4?? d8h4# mate\n{*} * 0-1\n";
        assert_eq!(
            tokenize(record, None).unwrap(),
            [
                n(1),
                m("f2f3"),
                m("e7e5"),
                n(2),
                m("g2g4??"),
                m("d8h4"),
                Token::Result("0-1".into()),
            ]
        );
        for result in ["1-0", "1/2-1/2", "½-½"] {
            assert_eq!(
                tokenize(&format!("e2e4 {result}"), None).unwrap(),
                [m("e2e4"), Token::Result(result.into())]
            );
        }
    }

    #[test]
    fn the_hidden_mark_ends_its_move_or_stands_for_a_move_left_out() {
        assert_eq!(
            tokenize("1. Ce3-M (h) (h)", Some("(h)")).unwrap(),
            [n(1), m("Ce3-M (h)"), Token::Hidden]
        );
        let tokens = tokenize("1) Ce3 - M (h), (h); 2) (h), Bd11 - d10 (h)", Some("(h)")).unwrap();
        assert_eq!(
            tokens,
            [
                n(1),
                seg("Ce3 - M (h)"),
                Token::Hidden,
                n(2),
                Token::Hidden,
                seg("Bd11 - d10 (h)"),
            ]
        );
    }

    #[test]
    fn a_heading_before_move_one_is_skipped() {
        let record = "Sample game [(6x8)-4] (3,3): (animated)\n\tA. Player\tB. Player\n1) d2-d4, d7-d5;\n2) resigns.\nif 2) e2-e4";
        assert_eq!(
            tokenize(record, None).unwrap(),
            [
                n(1),
                seg("d2-d4"),
                seg("d7-d5"),
                n(2),
                Token::Result("resigns.".into())
            ]
        );
        // Without a move 1, nothing is taken for a heading.
        assert_eq!(
            tokenize("e4 e5 2. Nf3", None).unwrap(),
            [m("e4"), m("e5"), n(2), m("Nf3")]
        );
    }

    #[test]
    fn broken_comments_and_numbers_are_errors() {
        assert_eq!(
            tokenize("e2e4\n{ never closed", None)
                .unwrap_err()
                .to_string(),
            "the `{` comment opened on line 2 is not closed"
        );
        assert_eq!(
            tokenize("e2e4 }", None).unwrap_err().to_string(),
            "the `}` on line 1 closes no `{` comment"
        );
        assert!(tokenize("99999999999. e2e4", None).is_err());
    }
}
