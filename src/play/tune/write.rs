//! Writing tuned values into a definition's text as each piece's `value:`, every other
//! byte (comments, order, spacing) kept.

/// Why values cannot be written into a definition.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WriteError {
    /// The pieces are written in YAML's flow style (`{ ... }`), which this edit does not read.
    #[error("line {0}: pieces in flow style ({{ ... }}) cannot be edited in place; write them in block style")]
    FlowStyle(usize),
    /// A piece to value is not in the file, and the file extends no other to override it in.
    #[error("piece `{0}` is not in the definition, which extends no other file")]
    Missing(String),
}

/// One line of the text, with its end.
struct Line<'a> {
    text: &'a str,
}

impl Line<'_> {
    fn indent(&self) -> usize {
        self.text.len() - self.text.trim_start_matches(' ').len()
    }

    /// Whether it holds a key or value: not blank and not a comment.
    fn content(&self) -> bool {
        let t = self.text.trim();
        !t.is_empty() && !t.starts_with('#')
    }

    /// The key of a `key:` or `key: value` line, unquoted.
    fn key(&self) -> Option<&str> {
        let t = self.text.trim();
        let (key, _) = t.split_once(':')?;
        Some(key.trim().trim_matches(|c| c == '"' || c == '\''))
    }

    /// What follows `key:`, without a trailing comment.
    fn rest(&self) -> &str {
        let t = self.text.trim();
        let rest = t.split_once(':').map_or("", |(_, r)| r);
        rest.split(" #").next().unwrap_or("").trim()
    }
}

/// `text` (a definition) with `value: N` set for each `(piece name, N)` of `values`: an
/// existing `value:` of the piece replaced (a comment after it kept), or a line inserted
/// after its `moves:` (after its last key when it has none) at its keys' indentation. In a
/// definition that `extends:` another, a piece it does not list gets an entry of its own
/// holding only `value:`, which merges into the inherited piece (`docs/authoring.md`).
///
/// ```
/// use fairy_rules::tune::write::set_values;
/// let text = "pieces:\n  knight:  # a leaper\n    letter: N\n    moves: N\n  rook:\n    letter: R\n    moves: R\n    value: 480 # guessed\n";
/// let done = set_values(text, &[("knight", 325), ("rook", 500)])?;
/// assert_eq!(done, "pieces:\n  knight:  # a leaper\n    letter: N\n    moves: N\n    value: 325\n  rook:\n    letter: R\n    moves: R\n    value: 500 # guessed\n");
/// # Ok::<(), fairy_rules::tune::write::WriteError>(())
/// ```
///
/// # Errors
/// [`WriteError::FlowStyle`] when the pieces are written in flow style;
/// [`WriteError::Missing`] for a piece the file does not list when it extends no other.
pub fn set_values(text: &str, values: &[(&str, u32)]) -> Result<String, WriteError> {
    let eol = if text.contains("\r\n") { "\r\n" } else { "\n" };
    let mut lines: Vec<String> = text.split_inclusive('\n').map(str::to_string).collect();
    if let Some(last) = lines.last_mut().filter(|l| !l.ends_with('\n')) {
        last.push_str(eol);
    }
    let view = |lines: &[String], i: usize| -> (usize, bool, Option<String>, String) {
        let l = Line {
            text: lines[i].trim_end_matches(['\n', '\r']),
        };
        (
            l.indent(),
            l.content(),
            l.key().map(str::to_string),
            l.rest().to_string(),
        )
    };
    let top = |lines: &[String], key: &str| {
        (0..lines.len()).find(|&i| {
            let (indent, content, k, _) = view(lines, i);
            indent == 0 && content && k.as_deref() == Some(key)
        })
    };
    let extends = top(&lines, "extends").is_some();
    for &(name, value) in values {
        let pieces = match top(&lines, "pieces") {
            Some(p) => p,
            None if extends => {
                lines.push(format!("pieces:{eol}"));
                lines.len() - 1
            }
            None => return Err(WriteError::Missing(name.to_string())),
        };
        if view(&lines, pieces).3.starts_with(['{', '[']) {
            return Err(WriteError::FlowStyle(pieces + 1));
        }
        // The block of pieces: up to the next top-level key.
        let end = (pieces + 1..lines.len())
            .find(|&i| {
                let (indent, content, ..) = view(&lines, i);
                content && indent == 0
            })
            .unwrap_or(lines.len());
        let contents: Vec<usize> = (pieces + 1..end).filter(|&i| view(&lines, i).1).collect();
        let piece_indent = contents.first().map_or(2, |&i| view(&lines, i).0);
        let entry = contents.iter().copied().find(|&i| {
            let (indent, _, key, _) = view(&lines, i);
            indent == piece_indent && key.as_deref() == Some(name)
        });
        let Some(entry) = entry else {
            if !extends {
                return Err(WriteError::Missing(name.to_string()));
            }
            let at = contents.last().map_or(pieces + 1, |&i| i + 1);
            let pad = " ".repeat(piece_indent);
            let inner = " ".repeat(piece_indent * 2);
            lines.insert(at, format!("{pad}{name}:{eol}"));
            lines.insert(at + 1, format!("{inner}value: {value}{eol}"));
            continue;
        };
        if view(&lines, entry).3.starts_with(['{', '[']) {
            return Err(WriteError::FlowStyle(entry + 1));
        }
        let keys: Vec<usize> = contents
            .iter()
            .copied()
            .filter(|&i| i > entry)
            .take_while(|&i| view(&lines, i).0 > piece_indent)
            .collect();
        let key_indent = keys
            .first()
            .map_or(piece_indent * 2, |&i| view(&lines, i).0);
        let at_key = |lines: &[String], key: &str| {
            keys.iter().copied().find(|&i| {
                let (indent, _, k, _) = view(lines, i);
                indent == key_indent && k.as_deref() == Some(key)
            })
        };
        if let Some((i, colon)) =
            at_key(&lines, "value").and_then(|i| Some((i, lines[i].find(':')?)))
        {
            let line = &lines[i];
            let tail = line[colon + 1..].trim_end_matches(['\n', '\r']);
            // A comment after the value keeps its spacing.
            let comment = tail
                .find(" #")
                .map_or("", |c| &tail[tail[..=c].trim_end().len()..]);
            lines[i] = format!("{}: {value}{comment}{eol}", &line[..colon]);
            continue;
        }
        // After `moves:` and any lines continuing its value, else after the last key.
        let after = at_key(&lines, "moves").map_or(keys.last().copied().unwrap_or(entry), |m| {
            keys.iter()
                .copied()
                .filter(|&i| i > m)
                .take_while(|&i| view(&lines, i).0 > key_indent)
                .last()
                .unwrap_or(m)
        });
        let pad = " ".repeat(key_indent);
        lines.insert(after + 1, format!("{pad}value: {value}{eol}"));
    }
    let mut out: String = lines.concat();
    if !text.ends_with('\n') && !text.is_empty() {
        out.truncate(out.len() - eol.len());
    }
    Ok(out)
}
