//! Containers: the types declared in the board text and the rules of the `containers:`
//! section (which mechanisms they combine with is decided in `combinations`).

use crate::load::definition::{Sp, VariantDef};
use crate::load::dsl::{ContainerSpec, DslError};
use crate::rules::containers::{ContainerRules, ContainerType, BRACKETS, MAX_CAPACITY};
use crate::rules::PieceType;

use super::Ctx;

/// The container rules, when the board text declares containers. Problems are recorded in
/// `cx`: bad capacities, a bracket pair used twice, a `containers:` section without
/// containers, and too many piece types.
pub(super) fn rules(
    def: &VariantDef,
    board: &Sp<String>,
    specs: &[ContainerSpec],
    pieces: &[PieceType],
    cx: &mut Ctx,
) -> Option<ContainerRules> {
    let Some(first) = specs.first() else {
        if let Some(section) = &def.containers {
            cx.error(
                section,
                "fairy::containers-without-containers",
                "container rules are given but the board has no containers".into(),
                "no container declared",
                "declare them in the board text, e.g. `6x8 with ship <3>`",
            );
        }
        return None;
    };
    let mut types = Vec::new();
    for spec in specs {
        let close = BRACKETS
            .iter()
            .find(|(o, _)| *o == spec.open)
            .map(|&(_, c)| c)
            .expect("the grammar admits these brackets only");
        if !(1..=u32::from(MAX_CAPACITY)).contains(&spec.capacity) {
            cx.dsl(
                board,
                "fairy::bad-capacity",
                DslError::new(
                    spec.span.clone(),
                    format!("a capacity of {} is not supported", spec.capacity),
                )
                .with_help(format!("a container holds 1 to {MAX_CAPACITY} pieces")),
            );
        }
        if types.iter().any(|t: &ContainerType| t.open == spec.open) {
            cx.dsl(
                board,
                "fairy::duplicate-container",
                DslError::new(
                    spec.span.clone(),
                    format!("two container types are written `{}{}`", spec.open, close),
                )
                .with_help("give each container type its own brackets: <>, (), [] or {}"),
            );
        }
        types.push(ContainerType {
            name: spec.name.clone(),
            open: spec.open,
            close,
            capacity: spec.capacity.clamp(1, u32::from(MAX_CAPACITY)) as u8,
        });
    }
    if pieces.len() >= 15 {
        cx.dsl(
            board,
            "fairy::too-many-pieces",
            DslError::new(
                first.span.clone(),
                format!(
                    "{} piece types; a container game supports at most 14",
                    pieces.len()
                ),
            )
            .with_help("merge or drop piece types"),
        );
    }
    let options = def.containers.as_ref().map(|c| &c.value);
    Some(ContainerRules {
        types,
        companions: options.is_some_and(|c| c.companions),
        self_capture: options.is_some_and(|c| c.self_capture),
        no_undo: options.is_some_and(|c| c.no_undo),
    })
}
