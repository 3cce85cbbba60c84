//! The `notation:` section: each template parsed into text and placeholders, every
//! placeholder checked against its class, piece letters and ammunition names resolved.

use crate::load::definition::{file_of, span_of, NotationDef, Sp, TemplateDef, TemplatesDef};
use crate::load::diagnostics::Problem;
use crate::load::dsl::DslError;
use crate::rules::layers::LayerRules;
use crate::rules::notation::{Forms, MoveClass, Notation, Part, Placeholder, Templates};
use crate::rules::PieceType;

use super::names::Names;
use super::Ctx;

/// The compiled notation; problems are recorded in `cx` at their place in the template.
pub(super) fn notation(
    def: &NotationDef,
    pieces: &[PieceType],
    layers: Option<&LayerRules>,
    names: &Names,
    cx: &mut Ctx,
) -> Option<Notation> {
    let templates = templates(&def.templates, cx);
    let mut own = Vec::new();
    for (letter, t) in &def.pieces {
        let Some(kind) = names.key(letter) else {
            let known: String = names.letters().iter().collect();
            // Point at the key: the span is the mapping under it.
            let value = span_of(t);
            let text = &cx.sources[file_of(t)].text;
            let span = text[..value.start.min(text.len())]
                .rfind(&format!("{letter}:"))
                .map_or(value, |at| at..at + letter.len());
            let p = Problem::error(
                "fairy::unknown-piece",
                format!("the notation's templates for `{letter}`: no piece has that letter"),
                span,
                "no such piece",
            )
            .help(format!(
                "key them by a piece's letter; the letters are {known}"
            ));
            cx.at(t, p);
            continue;
        };
        own.push((kind, templates_of(&t.value, cx)));
    }
    let mut ignore: Vec<String> = Vec::new();
    for token in &def.ignore {
        if token.value.trim().is_empty() || token.value.contains(char::is_whitespace) {
            cx.error(
                token,
                "fairy::bad-notation",
                "an ignored token is one word without spaces".into(),
                "not one word",
                "list each annotation on its own, e.g. `[\"*\", \"!\"]`",
            );
        } else {
            ignore.push(token.value.clone());
        }
    }
    // Longest first, so that `**` is taken whole before `*`.
    ignore.sort_by_key(|t| std::cmp::Reverse(t.len()));
    let remarks = def
        .remarks
        .iter()
        .filter(|r| !r.value.trim().is_empty())
        .map(|r| r.value.trim().to_string())
        .collect();
    let ammo = ammo_letters(def, pieces, layers, cx);
    Some(Notation {
        name: def.name.value.clone(),
        templates: templates?,
        pieces: own,
        ignore,
        remarks,
        ammo,
    })
}

/// Per kind and ammunition slot, the letter written for it (`ammo:`, else the name's first
/// letter).
fn ammo_letters(
    def: &NotationDef,
    pieces: &[PieceType],
    layers: Option<&LayerRules>,
    cx: &mut Ctx,
) -> Vec<Vec<char>> {
    let kinds = layers.map_or(&[][..], |l| &l.kinds[..]);
    for (name, letter) in &def.ammo {
        if !kinds.iter().any(|k| k.ammo.iter().any(|a| &a.name == name)) {
            cx.error(
                letter,
                "fairy::unknown-ammo",
                format!("no piece has an ammunition named `{name}`"),
                "the letter of an unknown ammunition",
                "key the letters by the names under the pieces' `ammo:`",
            );
        }
        let mut chars = letter.value.chars();
        if !matches!((chars.next(), chars.next()), (Some(c), None) if c.is_ascii_alphabetic()) {
            cx.error(
                letter,
                "fairy::bad-letter",
                format!("the letter of the ammunition `{name}` must be one ASCII letter"),
                "not one letter",
                "write a single letter such as `M`",
            );
        }
    }
    (0..pieces.len())
        .map(|k| {
            kinds.get(k).map_or_else(Vec::new, |kl| {
                kl.ammo
                    .iter()
                    .map(|a| {
                        def.ammo
                            .get(&a.name)
                            .and_then(|l| l.value.chars().next())
                            .or_else(|| a.name.chars().next())
                            .map_or('?', |c| c.to_ascii_uppercase())
                    })
                    .collect()
            })
        })
        .collect()
}

/// The templates of one scope; `None` when one of them has an error.
fn templates(def: &TemplatesDef, cx: &mut Ctx) -> Option<Templates> {
    let before = cx.problems.len();
    let t = templates_of(def, cx);
    (cx.problems.len() == before).then_some(t)
}

fn templates_of(def: &TemplatesDef, cx: &mut Ctx) -> Templates {
    let by_class = MoveClass::ALL
        .iter()
        .map(|&class| forms(entry(def, class)?, class, cx))
        .collect();
    Templates { by_class }
}

/// The forms of one class: its one template, or its list (the first written); `None` when
/// one of them has an error or the list is empty.
fn forms(def: &Sp<TemplateDef>, class: MoveClass, cx: &mut Ctx) -> Option<Forms> {
    match &def.value {
        TemplateDef::One(text) => Some(vec![template(def, text, class, cx)?]),
        TemplateDef::Alternatives(list) if list.is_empty() => {
            cx.error(
                def,
                "fairy::bad-notation",
                format!("the `{}` template list is empty", class.key()),
                "no template",
                "give one template, or a list whose first is written and all are read",
            );
            None
        }
        TemplateDef::Alternatives(list) => {
            let forms: Vec<Option<Vec<Part>>> = list
                .iter()
                .map(|text: &Sp<String>| template(text, text.value.as_str(), class, cx))
                .collect();
            forms.into_iter().collect()
        }
    }
}

/// The template a definition gives for `class`.
fn entry(def: &TemplatesDef, class: MoveClass) -> Option<&Sp<TemplateDef>> {
    use MoveClass as C;
    match class {
        C::Move => def.plain.as_ref(),
        C::Capture => def.capture.as_ref(),
        C::CaptureOwn => def.capture_own.as_ref(),
        C::Promotion => def.promotion.as_ref(),
        C::CapturePromotion => def.capture_promotion.as_ref(),
        C::Castle => def.castle.as_ref(),
        C::Sail => def.sail.as_ref(),
        C::Transfer => def.transfer.as_ref(),
        C::TransferCapture => def.transfer_capture.as_ref(),
        C::TransferCaptureOwn => def.transfer_capture_own.as_ref(),
        C::Plant => def.plant.as_ref(),
        C::Drop => def.drop.as_ref(),
        C::Remote => def.remote.as_ref(),
        C::Return => def.back.as_ref(),
        C::Dive => def.dive.as_ref(),
        C::Submerged => def.submerged.as_ref(),
        C::Surface => def.surface.as_ref(),
        C::SurfaceInPlace => def.surface_in_place.as_ref(),
        C::Destroyed => def.destroyed.as_ref(),
        C::ForcedSurface => def.forced_surface.as_ref(),
        C::ForcedSurfaceCapture => def.forced_surface_capture.as_ref(),
        C::Reload => def.reload.as_ref(),
        C::Hidden => def.hidden.as_ref(),
    }
}

/// One template, `s`, written at `text`: literal text and `{placeholder}`s, `{{` and `}}` for
/// braces. A problem is recorded at the character it is about.
fn template<T>(text: &Sp<T>, s: &str, class: MoveClass, cx: &mut Ctx) -> Option<Vec<Part>> {
    let mut parts = Vec::new();
    let mut literal = String::new();
    let mut ok = true;
    let mut i = 0;
    while i < s.len() {
        let rest = &s[i..];
        if rest.starts_with("{{") || rest.starts_with("}}") {
            literal.push_str(&rest[..1]);
            i += 2;
            continue;
        }
        if rest.starts_with('}') {
            let e = DslError::new(i..i + 1, "a `}` without its `{`")
                .with_help("write `}}` for a literal brace");
            cx.dsl_in(text, s, "fairy::bad-notation", e);
            ok = false;
            i += 1;
            continue;
        }
        if !rest.starts_with('{') {
            let c = rest.chars().next().expect("not at the end");
            literal.push(c);
            i += c.len_utf8();
            continue;
        }
        let Some(close) = rest.find('}') else {
            let e = DslError::new(i..i + 1, "this `{` is never closed")
                .with_help("close the placeholder with `}`, or write `{{` for a literal brace");
            cx.dsl_in(text, s, "fairy::bad-notation", e);
            return None;
        };
        let name = &rest[1..close];
        let span = i + 1..i + close;
        match Placeholder::ALL.iter().find(|p| p.name() == name) {
            None => {
                let known: Vec<String> = class
                    .placeholders()
                    .iter()
                    .map(|p| format!("{{{}}}", p.name()))
                    .collect();
                let e =
                    DslError::new(span, format!("no placeholder is named `{{{name}}}`")).with_help(
                        format!("a `{}` template may use {}", class.key(), list(&known)),
                    );
                cx.dsl_in(text, s, "fairy::unknown-placeholder", e);
                ok = false;
            }
            Some(&p) if !class.placeholders().contains(&p) => {
                let known: Vec<String> = class
                    .placeholders()
                    .iter()
                    .map(|p| format!("{{{}}}", p.name()))
                    .collect();
                let e = DslError::new(
                    span,
                    format!("a `{}` move has no `{{{name}}}`", class.key()),
                )
                .with_help(format!(
                    "a `{}` template may use {}",
                    class.key(),
                    list(&known)
                ));
                cx.dsl_in(text, s, "fairy::unknown-placeholder", e);
                ok = false;
            }
            Some(&p) => {
                if !literal.is_empty() {
                    parts.push(Part::Text(std::mem::take(&mut literal)));
                }
                parts.push(Part::Value(p));
            }
        }
        i += close + 1;
    }
    if !literal.is_empty() {
        parts.push(Part::Text(literal));
    }
    ok.then_some(parts)
}

fn list(names: &[String]) -> String {
    if names.is_empty() {
        "no placeholder".into()
    } else {
        names.join(", ")
    }
}
