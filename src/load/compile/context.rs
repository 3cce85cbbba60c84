//! The compiler's context: the problems found so far, and what a YAML error took out.

use std::collections::HashMap;

use miette::Severity;

use crate::load::definition::{file_of, span_of, Loaded, Removed, Sp, ValueMap};
use crate::load::diagnostics::{DefinitionError, Problem, Source};
use crate::load::dsl::DslError;
use crate::types::limits::Limits;

/// What every stage of the compiler shares: the problems found so far, the limits and what a
/// YAML error took out of the definition.
pub(super) struct Ctx<'a> {
    /// The definition's file and the files it extends; a node's span is in one of them.
    pub(super) sources: &'a [Source],
    pub(super) problems: Vec<Problem>,
    /// Per string value (file, start and end of its scalar, its length), where its bytes
    /// stand in the file: a value with many problems is walked once, not once per problem.
    value_maps: HashMap<(usize, usize, usize, usize), ValueMap>,
    pub(super) limits: &'a Limits,
    /// Ways of moving the movement strings expanded to so far (see [`Limits::movement_ways`]);
    /// past the limit, none are expanded any more.
    pub(super) ways: usize,
    /// Entries a YAML shape error took out: names they defined are not known.
    removed: &'a [Removed],
    /// The parts of the definition whose names were looked up and not found while some of
    /// their entries were taken out (see [`Ctx::lost`]): the problems left unsaid.
    pub(super) unsure: Vec<&'static str>,
}

impl<'a> Ctx<'a> {
    /// A context for `loaded` within `limits`, holding the problems found reading it.
    pub(super) fn new(loaded: &'a Loaded, limits: &'a Limits) -> Ctx<'a> {
        Ctx {
            sources: &loaded.files,
            problems: loaded.problems.clone(),
            value_maps: HashMap::new(),
            limits,
            ways: 0,
            removed: &loaded.removed,
            unsure: Vec::new(),
        }
    }

    /// The problems as the error of the definition.
    pub(super) fn into_error(self) -> DefinitionError {
        DefinitionError::new(
            self.sources[0].clone(),
            self.sources[1..].to_vec(),
            self.problems,
        )
    }

    /// Records a DSL error found inside the string value `value`.
    pub(super) fn dsl(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        self.dsl_in(value, &value.value, code, e);
    }

    /// Records a warning about a part of the DSL string `value`.
    pub(super) fn dsl_warning(&mut self, value: &Sp<String>, code: &'static str, e: DslError) {
        self.dsl_problem(value, &value.value, code, e, Severity::Warning);
    }

    /// Records a DSL error in `text`, a string whose span is that of `node`.
    pub(super) fn dsl_in<T>(&mut self, node: &Sp<T>, text: &str, code: &'static str, e: DslError) {
        self.dsl_problem(node, text, code, e, Severity::Error);
    }

    fn dsl_problem<T>(
        &mut self,
        node: &Sp<T>,
        text: &str,
        code: &'static str,
        e: DslError,
        severity: Severity,
    ) {
        let file = file_of(node);
        let raw = span_of(node);
        let span = self
            .value_maps
            .entry((file, raw.start, raw.end, text.len()))
            .or_insert_with(|| ValueMap::new(&self.sources[file].text, raw, text))
            .span(text, e.span.clone());
        let mut p = Problem::error(code, e.message.clone(), span, e.message);
        p.help = e.help;
        p.severity = severity;
        p.file = file;
        self.problems.push(p);
    }

    pub(super) fn error<T>(
        &mut self,
        node: &Sp<T>,
        code: &'static str,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.at(
            node,
            Problem::error(code, message, span_of(node), label).help(help),
        );
    }

    pub(super) fn warning<T>(
        &mut self,
        node: &Sp<T>,
        code: &'static str,
        message: String,
        label: &str,
        help: &str,
    ) {
        self.at(
            node,
            Problem::warning(code, message, span_of(node), label).help(help),
        );
    }

    /// Records `p`, placed in the file `node` comes from. A name not found in a part of the
    /// definition that lost entries may be one of them: that is left unsaid and noted once.
    pub(super) fn at<T>(&mut self, node: &Sp<T>, p: Problem) {
        if let Some(part) = unresolved_part(p.code) {
            if self.lost(part).is_some() {
                if !self.unsure.contains(&part) {
                    self.unsure.push(part);
                }
                return;
            }
        }
        self.problems.push(Problem {
            file: file_of(node),
            ..p
        });
    }

    /// The first entry taken out that defined names in the top-level part `part` (`pieces`,
    /// `board`): the part, one of its entries or an entry's `letter`; or the `extends:` whose
    /// base could not be read (which may have defined any part).
    pub(super) fn lost(&self, part: &str) -> Option<&'a Removed> {
        self.removed.iter().find(|r| match &r.path[..] {
            [p] => p == part || p == "extends",
            [p, _] => p == part,
            [p, _, field] => p == part && field == "letter",
            _ => false,
        })
    }

    /// Whether a YAML error took out anything below the top-level part `part`.
    pub(super) fn damaged(&self, part: &str) -> bool {
        self.any_removed(part).is_some()
    }

    fn any_removed(&self, part: &str) -> Option<&'a Removed> {
        self.removed
            .iter()
            .find(|r| r.path.first().is_some_and(|p| p == part || p == "extends"))
    }

    /// Notes a check skipped because `part` lost the names it defined.
    pub(super) fn skipped(&mut self, part: &str, what: &str) {
        if let Some(r) = self.lost(part) {
            self.note_skipped(r, what);
        }
    }

    /// Notes a check skipped because `part` lost any entry.
    pub(super) fn skipped_for(&mut self, part: &str, what: &str) {
        if let Some(r) = self.any_removed(part) {
            self.note_skipped(r, what);
        }
    }

    fn note_skipped(&mut self, r: &Removed, what: &str) {
        let why = match &r.path[..] {
            [only] if only == "extends" => "the definition it extends could not be read".into(),
            path => format!("the entry `{}` has an error", path.join(" › ")),
        };
        self.problems.push(Problem {
            file: r.file,
            ..Problem::note(
                "fairy::skipped",
                format!("{what} not checked: {why}"),
                r.span.start..r.span.start,
                "skipped because of this entry",
            )
            .help("fix that error and run again to check the rest")
        });
    }
}

/// Most names a help line lists: a definition of thousands of names repeats no more than
/// these in each problem about a name it lacks.
pub(super) const LISTED: usize = 50;

/// Names for a help line, `a, b, c`: the first [`LISTED`] of them, then how many more.
pub(super) fn listed<'a>(names: impl ExactSizeIterator<Item = &'a str>) -> String {
    let more = names.len().saturating_sub(LISTED);
    let shown: Vec<&str> = names.take(LISTED).collect();
    match more {
        0 => shown.join(", "),
        _ => format!("{} and {more} more", shown.join(", ")),
    }
}

/// The part of a definition whose names a "not found" problem looks up.
fn unresolved_part(code: &str) -> Option<&'static str> {
    match code {
        "fairy::unknown-piece" | "fairy::unknown-ammo" => Some("pieces"),
        "fairy::unknown-region" => Some("regions"),
        "fairy::unknown-parameter" => Some("parameters"),
        "fairy::unknown-marker" => Some("markers"),
        _ => None,
    }
}
