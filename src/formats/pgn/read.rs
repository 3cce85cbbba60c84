//! The PGN reader: tag pairs, movetext with comments (`{...}` and `;` to the end of the
//! line), `%` escape lines, move numbers, NAGs and suffix annotations, variations, results.

use super::{PgnGame, PgnMove};
use crate::types::limits::{Limit, LimitExceeded, Limits};

/// A PGN text that cannot be read, with the place of the mistake.
///
/// See the example of [`parse_with`].
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("PGN line {line}, column {column}: {message}")]
pub struct PgnError {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub column: usize,
    /// What is wrong.
    pub message: String,
}

/// Reads every game of a PGN text, in order. A game ends with its result; a text that
/// ends without one (or with movetext and no tags) still gives its last game, with the
/// result `*`.
///
/// ```
/// let games = fairy_rules::pgn::parse("[White \"A\"]\n\n1. e4 {good} e5 (1... c5) 2. Nf3 $1 1-0")?;
/// assert_eq!(games[0].tag("White"), Some("A"));
/// let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
/// assert_eq!(moves, ["e4", "e5", "Nf3"]);
/// assert_eq!(games[0].moves[1].variations[0][0].text, "c5");
/// assert_eq!(games[0].result, "1-0");
/// # Ok::<(), fairy_rules::pgn::PgnError>(())
/// ```
///
/// # Errors
/// A [`PgnError`] at the first thing that is not PGN: an unclosed tag, string, comment or
/// variation, a `)` that closes none, a NAG or a suffix annotation with no move before it,
/// variations nested deeper than [`Limits::pgn_variation_depth`] of the default limits.
pub fn parse(text: &str) -> Result<Vec<PgnGame>, PgnError> {
    parse_with(text, &Limits::default())
}

/// [`parse`] within `limits`: variations may nest at most
/// [`Limits::pgn_variation_depth`] levels deep, so a hostile text cannot make the games read
/// too deep for the programs that walk them.
///
/// ```
/// let mut limits = fairy_rules::Limits::default();
/// limits.pgn_variation_depth = 2;
/// assert!(fairy_rules::pgn::parse_with("1. e4 (1. d4 (1. c4)) e5 *", &limits).is_ok());
/// let too_deep = "1. e4 (1. d4 (1. c4 (1. Nf3))) e5 *";
/// let e = fairy_rules::pgn::parse_with(too_deep, &limits).unwrap_err();
/// assert_eq!(
///     e.to_string(),
///     "PGN line 1, column 21: the nesting of variations exceeds the limit \
///      `pgn_variation_depth` of 2 levels"
/// );
/// ```
///
/// # Errors
/// As [`parse`].
pub fn parse_with(text: &str, limits: &Limits) -> Result<Vec<PgnGame>, PgnError> {
    let mut reader = Reader {
        limits: *limits,
        chars: text
            .strip_prefix('\u{feff}')
            .unwrap_or(text)
            .chars()
            .collect(),
        at: 0,
        line: 1,
        column: 1,
    };
    let mut games = Vec::new();
    loop {
        reader.skip_space();
        if reader.peek().is_none() {
            return Ok(games);
        }
        games.push(reader.game()?);
    }
}

struct Reader {
    limits: Limits,
    chars: Vec<char>,
    at: usize,
    line: usize,
    column: usize,
}

/// A line of moves being read: the moves so far, and the variations opened in it.
#[derive(Default)]
struct Line {
    moves: Vec<PgnMove>,
    /// Comments read before the line's first move.
    comments: Vec<String>,
}

impl Reader {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.at).copied()
    }

    fn bump(&mut self) -> Option<char> {
        let c = self.peek()?;
        self.at += 1;
        if c == '\n' {
            self.line += 1;
            self.column = 1;
        } else {
            self.column += 1;
        }
        Some(c)
    }

    fn error(&self, message: impl Into<String>) -> PgnError {
        PgnError {
            line: self.line,
            column: self.column,
            message: message.into(),
        }
    }

    /// Skips whitespace and `%` escape lines.
    fn skip_space(&mut self) {
        while let Some(c) = self.peek() {
            if c == '%' && self.column == 1 {
                while self.peek().is_some_and(|c| c != '\n') {
                    self.bump();
                }
            } else if c.is_whitespace() {
                self.bump();
            } else {
                break;
            }
        }
    }

    fn game(&mut self) -> Result<PgnGame, PgnError> {
        let mut game = PgnGame::default();
        self.skip_space();
        while self.peek() == Some('[') {
            game.tags.push(self.tag()?);
            self.skip_space();
        }
        let mut stack = vec![Line::default()];
        loop {
            self.skip_space();
            let Some(c) = self.peek() else { break };
            match c {
                '[' if stack.len() == 1 => break, // the next game's tags: no result given
                '{' => {
                    let comment = self.comment()?;
                    let line = stack.last_mut().expect("a line is open");
                    match line.moves.last_mut() {
                        Some(m) => m.comments.push(comment),
                        None => line.comments.push(comment),
                    }
                }
                ';' => {
                    self.bump();
                    let mut comment = String::new();
                    while let Some(c) = self.peek().filter(|&c| c != '\n') {
                        comment.push(c);
                        self.bump();
                    }
                    let line = stack.last_mut().expect("a line is open");
                    match line.moves.last_mut() {
                        Some(m) => m.comments.push(comment.trim().to_string()),
                        None => line.comments.push(comment.trim().to_string()),
                    }
                }
                '(' => {
                    if stack.last().expect("a line is open").moves.is_empty() {
                        return Err(self.error("a variation before any move"));
                    }
                    // The new variation's level is the number of lines open.
                    LimitExceeded::check(Limit::PgnVariationDepth, &self.limits, stack.len())
                        .map_err(|e| self.error(e.to_string()))?;
                    self.bump();
                    stack.push(Line::default());
                }
                ')' => {
                    if stack.len() == 1 {
                        return Err(self.error("`)` closes no variation"));
                    }
                    self.bump();
                    let inner = stack.pop().expect("checked above");
                    let mut moves = inner.moves;
                    if let Some(first) = moves.first_mut() {
                        let mut comments = inner.comments;
                        comments.append(&mut first.comments);
                        first.comments = comments;
                    }
                    let outer = stack.last_mut().expect("checked above");
                    let last = outer.moves.last_mut().expect("checked when opened");
                    last.variations.push(moves);
                }
                '$' => {
                    self.bump();
                    let digits = self.word();
                    let nag = digits
                        .parse()
                        .map_err(|_| self.error(format!("`${digits}` is not a NAG")))?;
                    self.annotate(&mut stack, nag)?;
                }
                '[' | ']' | '"' | '}' => return Err(self.error(format!("unexpected `{c}`"))),
                _ => {
                    let (line, column) = (self.line, self.column);
                    let word = self.word();
                    let (text, suffix) = split_suffix(&word);
                    // A number glued to a result (`44.*`) is the result, as it is written back.
                    let text = strip_number(text);
                    if ["1-0", "0-1", "1/2-1/2", "*"].contains(&text) {
                        if stack.len() > 1 {
                            return Err(self.error("the game ends inside a variation"));
                        }
                        game.result = text.to_string();
                        break;
                    }
                    if !text.is_empty() {
                        stack
                            .last_mut()
                            .expect("a line is open")
                            .moves
                            .push(PgnMove::new(text));
                    }
                    if let Some(nag) = suffix {
                        self.annotate(&mut stack, nag).map_err(|mut e| {
                            (e.line, e.column) = (line, column);
                            e
                        })?;
                    }
                }
            }
        }
        if stack.len() > 1 {
            return Err(self.error("a variation is not closed"));
        }
        let main = stack.pop().expect("the main line");
        game.moves = main.moves;
        game.comments = main.comments;
        if game.result.is_empty() {
            game.result = "*".into();
        }
        Ok(game)
    }

    /// Gives the last move read a NAG.
    fn annotate(&self, stack: &mut [Line], nag: u8) -> Result<(), PgnError> {
        match stack.last_mut().and_then(|l| l.moves.last_mut()) {
            Some(m) => {
                m.nags.push(nag);
                Ok(())
            }
            None => Err(self.error("an annotation before any move")),
        }
    }

    /// A token of movetext: up to whitespace or a character that starts another token.
    fn word(&mut self) -> String {
        let mut word = String::new();
        while let Some(c) = self.peek() {
            if c.is_whitespace() || "{}();$[]\"".contains(c) {
                break;
            }
            word.push(c);
            self.bump();
        }
        word
    }

    /// `[Name "value"]`.
    fn tag(&mut self) -> Result<(String, String), PgnError> {
        self.bump();
        self.skip_space();
        let mut name = String::new();
        while let Some(c) = self.peek().filter(|c| c.is_alphanumeric() || *c == '_') {
            name.push(c);
            self.bump();
        }
        if name.is_empty() {
            return Err(self.error("a tag pair needs a name"));
        }
        self.skip_space();
        if self.bump() != Some('"') {
            return Err(self.error(format!("the tag `{name}` needs a value in quotes")));
        }
        let mut value = String::new();
        loop {
            if matches!(self.peek(), Some('\n') | None) {
                return Err(self.error(format!("the value of the tag `{name}` is not closed")));
            }
            match self.bump() {
                Some('\\') => match self.peek() {
                    Some(c) if c != '\n' => {
                        value.push(c);
                        self.bump();
                    }
                    _ => {}
                },
                Some('"') => break,
                Some(c) => value.push(c),
                None => unreachable!("checked above"),
            }
        }
        self.skip_space();
        if self.bump() != Some(']') {
            return Err(self.error(format!("the tag `{name}` is not closed by `]`")));
        }
        Ok((name, value))
    }

    /// `{...}`: the text inside, trimmed.
    fn comment(&mut self) -> Result<String, PgnError> {
        let (line, column) = (self.line, self.column);
        self.bump();
        let mut text = String::new();
        loop {
            match self.bump() {
                Some('}') => return Ok(text.trim().to_string()),
                Some(c) => text.push(c),
                None => {
                    return Err(PgnError {
                        line,
                        column,
                        message: "the comment `{` is not closed".into(),
                    })
                }
            }
        }
    }
}

/// The word without a leading move number (`12.`, `12...`, `12…`); `0-0` keeps its zero.
fn strip_number(mut word: &str) -> &str {
    // Every number glued in front: `5.5.` is two numbers and no move, as it is written back.
    loop {
        if word.chars().all(|c| c == '.' || c == '…') {
            return "";
        }
        let after = word.trim_start_matches(|c: char| c.is_ascii_digit());
        let rest = after.trim_start_matches(['.', '…']);
        if after.len() < word.len() && rest.len() < after.len() {
            word = rest;
        } else {
            return word;
        }
    }
}

/// A move's text and its suffix annotation as a NAG: `Nf3!?` is `("Nf3", Some(5))`.
fn split_suffix(word: &str) -> (&str, Option<u8>) {
    let text = word.trim_end_matches(['!', '?']);
    let nag = match &word[text.len()..] {
        "" => None,
        "!" => Some(1),
        "?" => Some(2),
        "!!" => Some(3),
        "??" => Some(4),
        "!?" => Some(5),
        "?!" => Some(6),
        _ => Some(0),
    };
    (text, nag.filter(|&n| n > 0))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_are_stripped_but_not_castling_zeros() {
        assert_eq!(strip_number("12.e4"), "e4");
        assert_eq!(strip_number("12..."), "");
        assert_eq!(strip_number("0-0"), "0-0");
        assert_eq!(strip_number("e4"), "e4");
        // Two numbers glued together (found by the PGN fuzz target): no move is left.
        assert_eq!(strip_number("5.5."), "");
        assert_eq!(strip_number("5.5.e4"), "e4");
    }

    #[test]
    fn suffixes_become_nags() {
        assert_eq!(split_suffix("Nf3"), ("Nf3", None));
        assert_eq!(split_suffix("Nf3!?"), ("Nf3", Some(5)));
        assert_eq!(split_suffix("e8=Q??"), ("e8=Q", Some(4)));
        assert_eq!(split_suffix("!"), ("", Some(1)));
    }

    #[test]
    fn mistakes_are_placed() {
        let e = parse("[White \"A]\n").unwrap_err();
        assert_eq!((e.line, e.column), (1, 11));
        let e = parse("1. e4 {open").unwrap_err();
        assert_eq!(
            (e.line, e.column, e.message.as_str()),
            (1, 7, "the comment `{` is not closed")
        );
        let e = parse("1. e4 e5)").unwrap_err();
        assert_eq!(
            e.to_string(),
            "PGN line 1, column 9: `)` closes no variation"
        );
        assert!(parse("1. e4 (e5 *").is_err());
        assert!(parse("$1 e4").is_err());
        assert_eq!(parse("1. e4 (e5 [").unwrap_err().message, "unexpected `[`");
    }

    #[test]
    fn a_number_glued_to_a_result_is_the_result() {
        // Found by the PGN fuzz target: `44.*` read as a move `*` was written back as a result.
        let games = parse("1. e4 44.* 2. d4 *").unwrap();
        assert_eq!(games.len(), 2);
        assert_eq!(games[0].result, "*");
        assert_eq!(games[0].moves.len(), 1);
    }

    #[test]
    fn games_follow_each_other_with_or_without_results() {
        let games = parse("[A \"1\"]\n1. e4 1-0\n\n[A \"2\"]\n1. d4\n[A \"3\"]\n% escape\n1. c4 ; a line comment\n*").unwrap();
        assert_eq!(games.len(), 3);
        assert_eq!(games[1].result, "*");
        assert_eq!(games[1].moves[0].text, "d4");
        assert_eq!(games[2].moves[0].comments, ["a line comment"]);
    }

    #[test]
    fn numbers_glued_to_moves_and_black_numbers() {
        let games = parse("1.e4 e5 2.Nf3 2...Nc6 3...a6").unwrap();
        let moves: Vec<&str> = games[0].moves.iter().map(|m| m.text.as_str()).collect();
        assert_eq!(moves, ["e4", "e5", "Nf3", "Nc6", "a6"]);
    }
}
