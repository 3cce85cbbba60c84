//! `fairy replay`: plays a game record move by move and tells where it led.
//!
//! A PGN record (it begins with a tag pair, `[Event "..."]`) is read by
//! [`fairy_rules::pgn`]: its `Variant` or `VariantFile` tag names the variant when the
//! command does not, its `FEN` tag the start, its `[%chance CELL]` comments the chance
//! outcomes.
//!
//! Any other record is moves separated by whitespace, commas or semicolons, in SAN, the
//! engine's move text or the variant's own notation ([`fairy_rules::Ruleset::read_move`]). Move
//! numbers (`12.`, `12)`, `12...`, also glued to the move: `12.e4`), `#` line comments, `{...}`
//! comments (the check mark `{*}` among them), standalone check marks `*` `**` and annotations `!?`
//! are skipped, as are the annotation words of the variant's own notation (`[**]`) and, in a
//! record numbered from `1.` or `1)`, a heading before it (a title, the players); a result
//! (`1-0`, `0-1`, `1/2-1/2`, `½-½`) or a resignation (`resigns`) ends the record. A capture written
//! with spaces around the `x` (`f7BR x d5P`, as some inventors write) is joined into one move
//! text, `f7BR x d5P`, and so is a move split around a `-` (`b2 - b4`); the library reads the
//! spaces as part of that notation.

use std::io::Read as _;
use std::path::{Path, PathBuf};

use fairy_rules::pgn::{self, PgnGame};
use fairy_rules::{Color, Game, Outcome, Reason, Variant};

use super::{game, load, At};

/// Arguments of `fairy replay`.
#[derive(clap::Args)]
pub(super) struct Args {
    /// The variant (a definition file, or the name of a bundled one: `chess`,
    /// `pirateknics`), then the record; a PGN record that names its variant may come alone.
    #[arg(value_name = "[VARIANT] FILE", num_args = 1..=2, required = true)]
    args: Vec<String>,
    /// Start from this FEN instead of the variant's start position (a PGN record gives its
    /// own in its FEN tag).
    #[arg(long)]
    fen: Option<String>,
    /// Seed of the generator that draws the game parameters and the chance outcomes that
    /// the record does not give.
    #[arg(long, default_value_t = 0)]
    seed: u64,
    /// Which game of a PGN file with several (1 is the first).
    #[arg(long, default_value_t = 1)]
    game: usize,
}

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

pub(super) fn run(args: &Args) -> miette::Result<()> {
    let (variant, file) = match args.args.as_slice() {
        [file] => (None, PathBuf::from(file)),
        [variant, file, ..] => (Some(variant.as_str()), PathBuf::from(file)),
        [] => unreachable!("clap requires the record"),
    };
    let record = read(&file)?;
    if is_pgn(&record) {
        return run_pgn(args, variant, &file, &record);
    }
    let Some(variant) = variant else {
        return Err(miette::miette!(
            "name the variant: fairy replay VARIANT {} (only a PGN record names its own)",
            file.display()
        ));
    };
    let mut game = game(&At {
        variant: variant.to_string(),
        fen: args.fen.clone(),
        moves: Vec::new(),
        seed: args.seed,
        params: Vec::new(),
    })?;
    let mark = game.variant().hidden_mark();
    let tokens = tokenize(&record, mark.as_deref())
        .map_err(|e| miette::miette!("cannot read the record {}: {e}", name(&file)))?;
    // The number of the next move: the record's own when it gives one, else counted.
    let mut number = game.position().fullmove_number();
    let mut given: Option<(u32, bool)> = None;
    let mut tokens = std::collections::VecDeque::from(tokens);
    while let Some(token) = tokens.pop_front() {
        match token {
            // One move, or (when it does not read as one) the moves its words make; after
            // the end, one text for the error to name.
            Token::Segment(text) => {
                let one = game.outcome().is_some()
                    || game
                        .variant()
                        .read_move(game.position(), strip_annotations(&text))
                        .is_ok();
                let words = match one {
                    true => vec![Token::Move(text)],
                    false => split_segment(&text, mark.as_deref())
                        .unwrap_or_else(|_| vec![Token::Move(text)]),
                };
                for w in words.into_iter().rev() {
                    tokens.push_front(w);
                }
            }
            Token::Number { n, black } => given = Some((n, black)),
            Token::Result(_) => break,
            Token::Hidden => {
                let side = game.position().side_to_move();
                let (n, black) = given.take().unwrap_or((number, side == Color::Black));
                print_position(&game);
                let dots = if black { "..." } else { "." };
                return Err(miette::miette!(
                    "move {n}{dots}: a hidden move, left out of this side's record; the full record replays"
                ));
            }
            // An annotation of the variant's notation written apart from its move.
            Token::Move(text) if game.variant().is_annotation(&text) => {}
            Token::Move(text) => {
                let side = game.position().side_to_move();
                let (n, black) = given.take().unwrap_or((number, side == Color::Black));
                let text = strip_annotations(&text);
                let played = match game.outcome() {
                    Some(o) => Err(format!("the game is over: {o}")),
                    None => game
                        .variant()
                        .read_move(game.position(), text)
                        .and_then(|m| game.play_move(m))
                        .map_err(|e| e.to_string()),
                };
                if let Err(e) = played {
                    let nearest = match game.outcome() {
                        Some(_) => String::new(),
                        None => super::nearest(game.variant(), game.position(), text),
                    };
                    print_position(&game);
                    let dots = if black { "..." } else { "." };
                    return Err(miette::miette!("move {n}{dots} {text}: {e}{nearest}"));
                }
                number = if side == Color::Black {
                    n.saturating_add(1)
                } else {
                    n
                };
            }
        }
    }
    print_position(&game);
    out!("result: {}", result(game.outcome()));
    Ok(())
}

/// Whether a record is PGN: it begins with a tag pair, `[Event "`.
fn is_pgn(record: &str) -> bool {
    let Some(rest) = record.trim_start().strip_prefix('[') else {
        return false;
    };
    let name_end = rest
        .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
        .unwrap_or(rest.len());
    name_end > 0
        && rest[name_end..]
            .trim_start_matches([' ', '\t'])
            .starts_with('"')
}

/// Replays a game of a PGN record.
fn run_pgn(args: &Args, variant: Option<&str>, file: &Path, record: &str) -> miette::Result<()> {
    let games = pgn::parse(record)
        .map_err(|e| miette::miette!("cannot read the record {}: {e}", name(file)))?;
    let pgn: &PgnGame = games.get(args.game.wrapping_sub(1)).ok_or_else(|| {
        miette::miette!(
            "the record {} has {} game(s); there is no game {}",
            name(file),
            games.len(),
            args.game
        )
    })?;
    let variant: Variant = match variant {
        Some(v) => load(v)?,
        None => {
            let folder = file.parent().unwrap_or(Path::new("."));
            pgn.variant(folder)
                .map_err(|e| miette::miette!("{e}"))?
                .ok_or_else(|| {
                    miette::miette!(
                        "the record names no variant (no Variant tag): fairy replay VARIANT {}",
                        file.display()
                    )
                })?
        }
    };
    let replay = pgn
        .replay(&variant, args.seed)
        .map_err(|e| miette::miette!("the record's FEN tag: {e}"))?;
    print_position(&replay.game);
    if let Some(e) = replay.error {
        return Err(miette::miette!("{e}"));
    }
    out!("result: {}", result(replay.game.outcome()));
    Ok(())
}

/// Prints the number of moves played and the position reached.
fn print_position(game: &Game) {
    out!("moves: {}", game.moves().len());
    out!("fen: {}", game.fen());
}

/// `White wins by checkmate`, `draw by stalemate`, `game goes on`.
fn result(outcome: Option<Outcome>) -> String {
    match outcome {
        None => "game goes on".into(),
        Some(Outcome::Win { winner, reason }) => {
            let side = match winner {
                Color::White => "White",
                Color::Black => "Black",
            };
            format!("{side} wins by {}", reason_text(reason))
        }
        Some(Outcome::Draw { reason }) => format!("draw by {}", reason_text(reason)),
    }
}

fn reason_text(reason: Reason) -> String {
    match reason {
        Reason::MoveRule => "the move rule".into(),
        Reason::RoyalCaptured => "capture of the royal pieces".into(),
        Reason::Flag => "reaching a flag zone".into(),
        // `checkmate`, `stalemate`, `repetition`, and any reason added later.
        other => other.to_string(),
    }
}

/// The record's name in messages.
fn name(file: &Path) -> String {
    if file == Path::new("-") {
        "from standard input".into()
    } else {
        format!("`{}`", file.display())
    }
}

/// The text of the record file, or of standard input for `-`.
fn read(file: &Path) -> miette::Result<String> {
    let text = if file == Path::new("-") {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map(|_| text)
            .map_err(|e| miette::miette!("cannot read the record from standard input: {e}"))?
    } else {
        std::fs::read_to_string(file)
            .map_err(|e| miette::miette!("cannot read the record `{}`: {e}", file.display()))?
    };
    Ok(match text.strip_prefix('\u{feff}') {
        Some(rest) => rest.to_string(),
        None => text,
    })
}

/// The move text without trailing annotations (`!`, `?`, `!?`).
fn strip_annotations(text: &str) -> &str {
    let stripped = text.trim_end_matches(['!', '?']);
    if stripped.is_empty() {
        text
    } else {
        stripped
    }
}

/// Splits a record into move numbers, moves and a result (see the module documentation).
///
/// # Errors
/// A brace comment that is not closed or a `}` that closes none, or a move number too large.
pub(super) fn tokenize(record: &str, hidden_mark: Option<&str>) -> Result<Vec<Token>, String> {
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
fn segments(clean: &str, hidden_mark: Option<&str>) -> Result<Vec<Token>, String> {
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

/// Moves separated by whitespace (see the module documentation).
fn split_segment(clean: &str, hidden_mark: Option<&str>) -> Result<Vec<Token>, String> {
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
fn split_number(word: &str) -> Result<(Option<Token>, &str), String> {
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
        .map_err(|_| format!("the move number `{digits}` is too large"))?;
    Ok((Some(Token::Number { n, black }), rest))
}

/// The record with its `#` line comments and `{...}` comments replaced by spaces.
fn strip_comments(record: &str) -> Result<String, String> {
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
            '}' => return Err(format!("the `}}` on line {line} closes no `{{` comment")),
            c => clean.push(c),
        }
    }
    match brace_line {
        Some(opened) => Err(format!(
            "the `{{` comment opened on line {opened} is not closed"
        )),
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
    fn a_record_is_pgn_when_it_begins_with_a_tag_pair() {
        assert!(super::is_pgn("\n[Event \"x\"]\n1. e4"));
        assert!(super::is_pgn("[FEN\t\"8/8\"]"));
        assert!(!super::is_pgn("[(6x8)-4] PiRaTeKnIcS\n1) d2-d4"));
        assert!(!super::is_pgn("[**] 1. e4"));
        assert!(!super::is_pgn("1. e4"));
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
            tokenize("e2e4\n{ never closed", None).unwrap_err(),
            "the `{` comment opened on line 2 is not closed"
        );
        assert_eq!(
            tokenize("e2e4 }", None).unwrap_err(),
            "the `}` on line 1 closes no `{` comment"
        );
        assert!(tokenize("99999999999. e2e4", None).is_err());
    }
}
