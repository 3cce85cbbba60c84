//! Going on after a YAML shape error, so that one run reports every problem of a file.
//!
//! The deserializer stops at its first error. To read on, the entry holding the error (a key
//! with its value, or a sequence item, with every line indented under it) is blanked out with
//! spaces and the text is read again. Blanking keeps every byte offset, so the spans read from
//! the repaired text are spans in the file as written.

use std::ops::Range;

/// Bytes of the line holding `offset`, without its line break.
fn line_at(text: &str, offset: usize) -> Range<usize> {
    let offset = offset.min(text.len());
    let start = text[..offset].rfind('\n').map_or(0, |i| i + 1);
    let end = text[offset..].find('\n').map_or(text.len(), |i| offset + i);
    start..end
}

/// Where the structures a line opens begin, left to right: each `- ` of a sequence item,
/// then the key of a `key:` entry. Each is paired with whether it is a key.
fn starts(text: &str, line: Range<usize>) -> Vec<(usize, bool)> {
    let content = &text[line.clone()];
    // A tab is not indentation in YAML, but a line indented with one still names its key.
    let mut at = content.len() - content.trim_start_matches([' ', '\t']).len();
    let mut found = Vec::new();
    while content[at..].starts_with("- ") || &content[at..] == "-" {
        found.push((line.start + at, false));
        at += 1;
        at += content[at..].len() - content[at..].trim_start_matches(' ').len();
    }
    if is_key(&content[at..]) {
        found.push((line.start + at, true));
    }
    found
}

/// Whether a line's remaining text starts with a plain `key:`.
fn is_key(rest: &str) -> bool {
    let Some(colon) = rest.find(':') else {
        return false;
    };
    let key = &rest[..colon];
    let after = rest[colon + 1..].chars().next();
    !key.is_empty()
        && !key.starts_with(['[', '{', '"', '\'', '|', '>', '#', '&', '*', '!'])
        && !key.starts_with("- ")
        && !key.contains(" #")
        && after.is_none_or(|c| c == ' ')
}

/// Whether a line holds nothing to read: blank, blanked, or a comment.
fn is_empty_line(text: &str) -> bool {
    let t = text.trim_start();
    t.is_empty() || t.starts_with('#')
}

/// The entry beginning at `start` (a key or a `-`, at its column): its first line and every
/// later line indented deeper, with a key's sequence written at the key's own indentation.
fn entry_from(text: &str, start: usize) -> Range<usize> {
    let first = line_at(text, start);
    let column = start - first.start;
    let opens_block = text[start..first.end]
        .split(" #")
        .next()
        .is_some_and(|t| t.trim_end().ends_with(':'));
    let mut end = first.end;
    let mut next = first.end + 1;
    while next < text.len() {
        let line = line_at(text, next);
        let content = &text[line.clone()];
        if !is_empty_line(content) {
            let indent = content.len() - content.trim_start_matches(' ').len();
            let same_column_item =
                opens_block && indent == column && content[indent..].starts_with('-');
            if indent <= column && !same_column_item {
                break;
            }
            end = line.end;
        }
        next = line.end + 1;
    }
    start..end
}

/// The entry an error at `offset` is in: the innermost key or sequence item that starts on
/// its line at or before it, or, on a line that starts none (a value's continuation), the
/// entry enclosing that line.
pub(super) fn entry_at(text: &str, offset: usize) -> Option<Range<usize>> {
    let line = line_at(text, offset);
    let found = starts(text, line.clone());
    // An error in the indentation is the first entry's.
    let at = offset.max(found.first().map_or(line.start, |&(s, _)| s));
    match found.into_iter().rfind(|&(s, _)| s <= at) {
        Some((start, _)) => Some(entry_from(text, start)),
        None => {
            let content = &text[line.clone()];
            let indent = content.len() - content.trim_start_matches(' ').len();
            enclosing(text, line.start + indent)
        }
    }
}

/// The entry enclosing the one that starts at `start`: the nearest structure begun, on an
/// earlier line, at a column left of it (or a key at the same column whose block holds a
/// sequence item starting there). `None` at the top level.
pub(super) fn enclosing(text: &str, start: usize) -> Option<Range<usize>> {
    let line = line_at(text, start);
    let column = start - line.start;
    let item = text[start..].starts_with('-');
    let mut end = line.start;
    while end > 0 {
        let above = line_at(text, end - 1);
        end = above.start;
        if is_empty_line(&text[above.clone()]) {
            continue;
        }
        let found = starts(text, above.clone()).into_iter().rfind(|&(s, key)| {
            let c = s - above.start;
            c < column || (item && key && c == column)
        });
        if let Some((s, _)) = found {
            let entry = entry_from(text, s);
            if entry.end >= start {
                return Some(entry);
            }
        }
        let content = &text[above.clone()];
        if content.len() - content.trim_start_matches(' ').len() < column {
            return None;
        }
    }
    None
}

/// The keys leading to the entry that starts at `start`, from the top level (`pieces`,
/// `rook`, `royal`); sequence items add nothing.
pub(super) fn key_path(text: &str, start: usize) -> Vec<String> {
    let mut path = Vec::new();
    let mut at = Some(start);
    while let Some(s) = at {
        let rest = &text[s..line_at(text, s).end];
        if is_key(rest) {
            let key = &rest[..rest.find(':').expect("a key has a colon")];
            path.push(key.trim_end().to_string());
        }
        at = enclosing(text, s).map(|r| r.start);
    }
    path.reverse();
    path
}

/// Replaces every character of `range` but line breaks with spaces.
pub(super) fn blank(text: &mut String, range: Range<usize>) {
    // A character of several bytes becomes as many spaces, so every offset stays.
    let blanked: String = text[range.clone()]
        .chars()
        .flat_map(|c| match c {
            '\n' => std::iter::repeat_n('\n', 1),
            c => std::iter::repeat_n(' ', c.len_utf8()),
        })
        .collect();
    text.replace_range(range, &blanked);
}

#[cfg(test)]
mod tests {
    use super::*;

    const TEXT: &str = "\
name: A
pieces:
  knight:
    letter: N
    moves: N   # a comment

  rook:
    promotion:
      choices:
      - Q
      - X
    royal: banana
rules:
  - piece: R
    zone: top
";

    fn at(s: &str) -> usize {
        TEXT.find(s).unwrap()
    }

    fn text_of(r: Option<Range<usize>>) -> String {
        r.map(|r| TEXT[r].to_string()).unwrap_or_default()
    }

    #[test]
    fn an_entry_is_its_key_and_everything_indented_under_it() {
        assert_eq!(text_of(entry_at(TEXT, at("banana"))), "royal: banana");
        assert_eq!(
            text_of(entry_at(TEXT, at("knight"))),
            "knight:\n    letter: N\n    moves: N   # a comment"
        );
        assert_eq!(
            text_of(entry_at(TEXT, at("choices"))),
            "choices:\n      - Q\n      - X"
        );
        assert_eq!(text_of(entry_at(TEXT, at("X\n"))), "- X");
        assert_eq!(text_of(entry_at(TEXT, at("zone"))), "zone: top");
    }

    #[test]
    fn the_enclosing_entry_is_found_across_blank_lines_and_items() {
        assert_eq!(
            text_of(enclosing(TEXT, at("- X"))),
            "choices:\n      - Q\n      - X"
        );
        assert_eq!(
            text_of(enclosing(TEXT, at("zone"))),
            "- piece: R\n    zone: top"
        );
        assert!(text_of(enclosing(TEXT, at("rook"))).starts_with("pieces:\n  knight:"));
        assert_eq!(enclosing(TEXT, at("pieces")), None);
    }

    #[test]
    fn key_paths_name_the_keys_from_the_top() {
        assert_eq!(key_path(TEXT, at("royal")), ["pieces", "rook", "royal"]);
        assert_eq!(key_path(TEXT, at("zone")), ["rules", "zone"]);
        assert_eq!(
            key_path(TEXT, at("- X")),
            ["pieces", "rook", "promotion", "choices"]
        );
    }

    #[test]
    fn blanking_keeps_every_offset() {
        let mut text = "a: é\nb: 1\n".to_string();
        blank(&mut text, 0..5);
        assert_eq!(text, "     \nb: 1\n");
    }
}
