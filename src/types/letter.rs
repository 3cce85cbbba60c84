//! Piece letters: one letter with an upper and a lower case, White's upper. ASCII has 26,
//! fewer than a variant's [`crate::MAX_KINDS`] kinds, so any Unicode letter with a
//! one-character upper and lower case will do (`Δ`/`δ`, `Ж`/`ж`, `É`/`é`).

use super::piece::Color;

/// The upper case of `c`, when it is one character; `c` otherwise.
#[inline]
pub(crate) fn upper(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_uppercase();
    }
    single(c.to_uppercase()).unwrap_or(c)
}

/// The lower case of `c`, when it is one character; `c` otherwise.
#[inline]
pub(crate) fn lower(c: char) -> char {
    if c.is_ascii() {
        return c.to_ascii_lowercase();
    }
    single(c.to_lowercase()).unwrap_or(c)
}

/// Whether `c` may be a piece letter: a letter whose upper and lower cases are one
/// character each, distinct, and lead back to each other.
pub(crate) fn is_piece_letter(c: char) -> bool {
    let up = upper(c);
    c.is_alphabetic() && lower(up) != up && upper(lower(up)) == up && (c == up || c == lower(up))
}

/// The upper-case letter and side a letter written in a position stands for: its upper
/// case is White's, its lower case Black's; `None` for a character that is neither.
pub(crate) fn read(c: char) -> Option<(char, Color)> {
    if !is_piece_letter(c) {
        return None;
    }
    let up = upper(c);
    Some((up, if c == up { Color::White } else { Color::Black }))
}

fn single(mut chars: impl Iterator<Item = char>) -> Option<char> {
    match (chars.next(), chars.next()) {
        (Some(c), None) => Some(c),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn letters_with_two_one_character_cases_are_piece_letters() {
        assert_eq!(read('Q'), Some(('Q', Color::White)));
        assert_eq!(read('q'), Some(('Q', Color::Black)));
        assert_eq!(read('δ'), Some(('Δ', Color::Black)));
        assert_eq!(read('Ж'), Some(('Ж', Color::White)));
        assert_eq!(read('é'), Some(('É', Color::Black)));
        // No case, or a case of two characters, or a title case: no piece letter.
        for c in ['1', '+', '中', 'ß', 'ǅ', 'İ'] {
            assert_eq!(read(c), None, "{c}");
        }
        assert_eq!(
            (upper('ж'), lower('Ж'), lower('ß'), upper('ß')),
            ('Ж', 'ж', 'ß', 'ß')
        );
    }
}
