//! The text language inside definition strings: piece movement and board shape.
//!
//! The grammar lives in `grammar/fairy.pest`; this module turns pest's parse tree into a small
//! AST whose every node keeps its byte range inside the source string, so that the compiler can
//! point a diagnostic at the exact character.

mod board;
mod movement;

pub use board::{
    parse_board, parse_region, BoardShape, Cell, ContainerSpec, RegionItem, RegionSpec,
};
pub use movement::{
    parse_movement, Atom, Body, Component, DirToken, Leg, Modifiers, Movement, Range, Step,
};

#[allow(missing_docs)] // pest generates the undocumented `Rule` enum
mod grammar {
    use pest_derive::Parser;

    #[derive(Parser)]
    #[grammar = "../grammar/fairy.pest"]
    pub(crate) struct FairyParser;
}

pub(crate) use grammar::{FairyParser, Rule};

/// A syntax or meaning error inside one DSL string.
///
/// `span` is a byte range into the string that was parsed (not into the YAML file); the
/// definition loader shifts it to the file.
///
/// See the examples of [`parse_board`] and [`parse_movement`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DslError {
    /// Byte range of the offending text inside the DSL string.
    pub span: std::ops::Range<usize>,
    /// What is wrong, in one sentence.
    pub message: String,
    /// How to fix it, when there is something useful to say.
    pub help: Option<String>,
}

impl DslError {
    pub(crate) fn new(span: std::ops::Range<usize>, message: impl Into<String>) -> Self {
        DslError {
            span,
            message: message.into(),
            help: None,
        }
    }

    pub(crate) fn with_help(mut self, help: impl Into<String>) -> Self {
        self.help = Some(help.into());
        self
    }
}

/// Turns a pest error into a [`DslError`] at the failing position.
pub(crate) fn from_pest(err: pest::error::Error<Rule>, input: &str, what: &str) -> DslError {
    let pos = match err.location {
        pest::error::InputLocation::Pos(p) => p,
        pest::error::InputLocation::Span((s, _)) => s,
    };
    let len = input[pos..].chars().next().map_or(0, char::len_utf8);
    let message = match input[pos..].chars().next() {
        Some(c) => format!("unexpected `{c}` in {what}"),
        None => format!("the {what} ends too soon"),
    };
    let expected = match &err.variant {
        pest::error::ErrorVariant::ParsingError { positives, .. } => describe_rules(positives),
        pest::error::ErrorVariant::CustomError { message } => message.clone(),
    };
    DslError::new(pos..pos + len, message).with_help(format!("expected {expected}"))
}

fn describe_rules(rules: &[Rule]) -> String {
    let mut names: Vec<&str> = rules
        .iter()
        .map(|r| match r {
            Rule::atom | Rule::letter_atom | Rule::ranged => {
                "an atom (W F D N A H C Z G, K Q R B, or (x,y))"
            }
            Rule::prefix | Rule::modifier | Rule::direction => {
                "a modifier (m c i n j p g) or direction (f b l r v s h)"
            }
            Rule::component => "a move component such as `N`, `fmW` or `{WWF}`",
            Rule::step | Rule::step_atom | Rule::step_letter => {
                "a path step such as `W`, `rW`, `F` or `(1,2)`"
            }
            Rule::int => "a number",
            Rule::range | Rule::doubled => "a range digit",
            Rule::dims => "board dimensions such as `8x8`",
            Rule::times => "`x` between the number of files and ranks",
            Rule::item | Rule::items | Rule::square | Rule::rect => {
                "a square (`e4`), a rectangle (`c3-h8`), `rank N` or `file X`"
            }
            Rule::file => "a file letter",
            Rule::containers | Rule::container | Rule::name => {
                "a container such as `ship <3>` (a name, then the capacity in brackets)"
            }
            Rule::capacity => "a capacity in matching brackets: `<3>`, `(2)`, `[4]` or `{6}`",
            Rule::EOI => "the end of the text",
            _ => "more text",
        })
        .collect();
    names.dedup();
    if names.is_empty() {
        "something else".into()
    } else {
        names.join(" or ")
    }
}
