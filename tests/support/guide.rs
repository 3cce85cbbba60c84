//! The code blocks of docs/authoring.md, for the tests that check each example of the guide
//! (`tests/definitions/authoring.rs`, and `tests/frontends/authoring.rs` for its `fairy`
//! sessions).

/// A fenced code block: its info string (`yaml`, `console`...), its text and the 1-based line
/// of its opening fence.
pub struct Block {
    pub info: String,
    pub body: String,
    pub line: usize,
}

pub fn blocks() -> Vec<Block> {
    let text = std::fs::read_to_string("docs/authoring.md").unwrap();
    let mut out = Vec::new();
    let mut current: Option<Block> = None;
    for (i, line) in text.lines().enumerate() {
        match (&mut current, line.strip_prefix("```")) {
            (None, Some(info)) => {
                current = Some(Block {
                    info: info.to_string(),
                    body: String::new(),
                    line: i + 1,
                })
            }
            (Some(_), Some(_)) => out.push(current.take().unwrap()),
            (Some(b), None) => {
                b.body.push_str(line);
                b.body.push('\n');
            }
            (None, None) => {}
        }
    }
    assert!(current.is_none(), "unclosed code block");
    out
}

pub fn of_kind(kind: &str) -> Vec<Block> {
    let found: Vec<Block> = blocks()
        .into_iter()
        .filter(|b| b.info.split_whitespace().next() == Some(kind))
        .collect();
    assert!(!found.is_empty(), "the guide has no `{kind}` block");
    found
}
