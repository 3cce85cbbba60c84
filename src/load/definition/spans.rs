//! Mapping a byte range inside a YAML string's value back to the file.
//!
//! The parser gives the span of the scalar as written: with quotes, escapes, or a block
//! scalar's indentation. A DSL error is found in the unquoted value, so its range must be
//! carried back through that quoting to land on the right character.

use std::ops::Range;

/// Maps `inner` (a byte range in `value`) to a byte range in `text`, where `raw` is the byte
/// range in `text` of the scalar that `value` was read from.
///
/// Walks the value's characters and finds each, in order, in the raw text; what the raw text
/// has in between (quotes, escape backslashes, indentation) is skipped. Exact for plain,
/// single-quoted, double-quoted (without escapes that change letters) and block scalars.
pub(crate) fn dsl_span(
    text: &str,
    raw: Range<usize>,
    value: &str,
    inner: Range<usize>,
) -> Range<usize> {
    ValueMap::new(text, raw, value).span(value, inner)
}

/// Where each byte of a string value stands in the file: built once per value, so that
/// many problems in one long value cost one walk of it, not one walk each.
#[derive(Debug, Clone)]
pub(crate) struct ValueMap {
    /// Start of the scalar in the file.
    raw_start: usize,
    /// Per byte of the value, its offset in the scalar; one more entry for its end.
    map: Vec<usize>,
}

impl ValueMap {
    /// Maps `value`, read from the scalar at `raw` in `text` (see [`dsl_span`]).
    pub(crate) fn new(text: &str, raw: Range<usize>, value: &str) -> ValueMap {
        let raw = raw.start.min(text.len())..raw.end.min(text.len());
        let raw_text = &text[raw.clone()];
        let mut raw_iter = raw_text.char_indices().peekable();
        let mut map = Vec::with_capacity(value.len() + 1);
        let skip_quote = raw_text.starts_with('"') || raw_text.starts_with('\'');
        if skip_quote {
            raw_iter.next();
        }
        let mut last = if skip_quote { 1 } else { 0 };
        for ch in value.chars() {
            let mut found = None;
            while let Some(&(i, r)) = raw_iter.peek() {
                raw_iter.next();
                if r == ch {
                    found = Some(i);
                    break;
                }
            }
            let at = found.unwrap_or(raw_text.len());
            for _ in 0..ch.len_utf8() {
                map.push(at);
            }
            last = at + ch.len_utf8();
        }
        map.push(last.min(raw_text.len()));
        ValueMap {
            raw_start: raw.start,
            map,
        }
    }

    /// The file's byte range of `inner`, a byte range in the mapped `value`.
    pub(crate) fn span(&self, value: &str, inner: Range<usize>) -> Range<usize> {
        let map = &self.map;
        let start = map[inner.start.min(value.len())];
        let end = if inner.end > inner.start {
            map[inner.end.min(value.len()) - 1]
                + value[..inner.end.min(value.len())]
                    .chars()
                    .next_back()
                    .map_or(1, char::len_utf8)
        } else {
            start
        };
        self.raw_start + start..self.raw_start + end.max(start)
    }
}

#[cfg(test)]
mod tests {
    use super::dsl_span;

    fn check(
        text: &str,
        raw_start: usize,
        raw_end: usize,
        value: &str,
        inner: std::ops::Range<usize>,
        want: &str,
    ) {
        let r = dsl_span(text, raw_start..raw_end, value, inner);
        assert_eq!(&text[r], want);
    }

    #[test]
    fn plain_scalar_is_identity() {
        let text = "moves: fmWX\n";
        check(text, 7, 11, "fmWX", 3..4, "X");
    }

    #[test]
    fn double_quoted_skips_quote_and_escapes() {
        let text = "moves: \"a\\\"X\"\n";
        check(text, 7, 13, "a\"X", 2..3, "X");
    }

    #[test]
    fn single_quoted_doubles_quotes() {
        let text = "moves: 'it''sX'\n";
        check(text, 7, 15, "it'sX", 4..5, "X");
    }

    #[test]
    fn block_scalar_skips_indentation() {
        let text = "moves: |\n  fmW\n  cX\n";
        check(text, 11, 20, "fmW\ncX\n", 5..6, "X");
    }
}
