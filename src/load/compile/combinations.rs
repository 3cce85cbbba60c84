//! Which mechanisms combine: the one place that decides, with the reason for each refusal.
//!
//! Every mechanism runs in the one engine core, so any two combine unless [`REFUSED`] says
//! otherwise. A refused pair is reported at the key that asks for the second mechanism,
//! naming the first and the reason (`fairy::unsupported-combination`).

use std::ops::Range;

use crate::load::definition::{dsl_span, file_of, span_of, RoyalRule, Sp, VariantDef};
use crate::load::diagnostics::Problem;
use crate::load::dsl::ContainerSpec;
use crate::rules::{Geometry, Topology};

use super::Ctx;

/// A mechanism a definition may ask for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mechanism {
    Containers,
    Castling,
    EnPassant,
    FirstMove,
    Ammunition,
    Remote,
    Submerge,
    VersusSubmerged,
    Hand,
    Gating,
    HopLimits,
    Extinction,
    Explosion,
    PromotionLimit,
    FirstMovesInFen,
    StandingPromotion,
    Conversion,
    Royal,
    Walls,
    Hexagon,
    RoyalsFacing,
    Returns,
    LosesFirstMove,
    MultiLeg,
}

impl Mechanism {
    fn name(self) -> &'static str {
        match self {
            Mechanism::Containers => "containers",
            Mechanism::Castling => "castling",
            Mechanism::EnPassant => "en passant",
            Mechanism::FirstMove => "first-move (`i`) components",
            Mechanism::Ammunition => "ammunition and planting",
            Mechanism::Remote => "captures without moving",
            Mechanism::Submerge => "diving",
            Mechanism::VersusSubmerged => "acting on submerged pieces",
            Mechanism::Hand => "pieces in hand",
            Mechanism::Gating => "gating",
            Mechanism::HopLimits => "pieces a hop may not go over (`cannot_hop`)",
            Mechanism::Extinction => "extinction of a piece type",
            Mechanism::Explosion => "explosions",
            Mechanism::PromotionLimit => "promotion limits",
            Mechanism::FirstMovesInFen => "first-move rights in FEN's castling field",
            Mechanism::StandingPromotion => "standing promotions",
            Mechanism::Conversion => "conversion on arrival (`convert`)",
            Mechanism::Royal => "royal pieces",
            Mechanism::Walls => "walls (`walls`)",
            Mechanism::Hexagon => "a hexagonal board",
            Mechanism::RoyalsFacing => "facing royal pieces (`royals_facing`)",
            Mechanism::Returns => "returning pieces (`returns`)",
            Mechanism::LosesFirstMove => "first moves lost to a piece on the file or rank",
            Mechanism::MultiLeg => "multi-leg moves (`a`)",
        }
    }
}

/// The pairs of mechanisms that do not combine, and why.
const REFUSED: &[(Mechanism, Mechanism, &str)] = &[
    (
        Mechanism::Containers,
        Mechanism::Castling,
        "castling needs a king and a partner that have not moved, and pieces aboard a container \
         are interchangeable, so none of them can be told unmoved",
    ),
    (
        Mechanism::Containers,
        Mechanism::FirstMove,
        "a first-move component needs a piece that has not moved, and pieces aboard a container \
         are interchangeable, so none of them can be told unmoved",
    ),
    (
        Mechanism::Containers,
        Mechanism::EnPassant,
        "en passant captures the piece that passed a cell, and a container carries several \
         pieces, so which of them passed is not defined",
    ),
    (
        Mechanism::Containers,
        Mechanism::Ammunition,
        "pieces aboard a container are interchangeable, and a piece with its own ammunition \
         would not be",
    ),
    (
        Mechanism::Containers,
        Mechanism::Remote,
        "a capture without moving onto a container would have to choose which of its crew it \
         takes",
    ),
    (
        Mechanism::Containers,
        Mechanism::Submerge,
        "a submerged piece surfaces onto a cell, and in a container game a piece stands only \
         aboard a container",
    ),
    (
        Mechanism::Containers,
        Mechanism::VersusSubmerged,
        "nothing can be submerged in a container game",
    ),
    (
        Mechanism::Containers,
        Mechanism::Hand,
        "a drop would put a piece on a cell, and in a container game a piece stands only aboard \
         a container (drops into crews are not written yet)",
    ),
    (
        Mechanism::Containers,
        Mechanism::HopLimits,
        "a hop over a container would have to ask which of its crew it goes over",
    ),
    (
        Mechanism::Containers,
        Mechanism::Extinction,
        "extinction counts the pieces of a kind, and the piece sets of a container game hold \
         a container's cell, not how many pieces are aboard",
    ),
    (
        Mechanism::Containers,
        Mechanism::Explosion,
        "a blast would have to choose which pieces of a crew it takes (explosions in container \
         games are not written yet)",
    ),
    (
        Mechanism::Remote,
        Mechanism::Explosion,
        "a blast is centred where the capturing piece arrives, and a capture without moving \
         arrives nowhere (not written yet)",
    ),
    (
        Mechanism::Submerge,
        Mechanism::Explosion,
        "whether a blast reaches submerged pieces is not defined",
    ),
    (
        Mechanism::VersusSubmerged,
        Mechanism::Explosion,
        "whether a blast reaches submerged pieces is not defined",
    ),
    (
        Mechanism::Ammunition,
        Mechanism::Explosion,
        "whether a blast takes markers and how it meets a planted marker is not defined",
    ),
    (
        Mechanism::Containers,
        Mechanism::PromotionLimit,
        "a promotion limit counts the side's pieces standing on cells, and in a container game \
         they stand aboard containers (limits for crews are not written yet)",
    ),
    (
        Mechanism::Castling,
        Mechanism::FirstMovesInFen,
        "FEN's castling field holds either the castling rights or the first-move rights, \
         not both",
    ),
    (
        Mechanism::Containers,
        Mechanism::StandingPromotion,
        "a standing promotion turns a piece on its own cell, and a crewman stands aboard a \
         container (not written yet)",
    ),
    (
        Mechanism::Royal,
        Mechanism::Conversion,
        "a conversion can turn a royal piece over to the other side, and what that means for \
         check and checkmate is not defined (Fairy-Stockfish refuses kings there too)",
    ),
    (
        Mechanism::Containers,
        Mechanism::Conversion,
        "a conversion would have to turn a whole crew over (not written yet)",
    ),
    (
        Mechanism::Submerge,
        Mechanism::Conversion,
        "whether a conversion reaches submerged pieces is not defined",
    ),
    (
        Mechanism::Explosion,
        Mechanism::Conversion,
        "which comes first, the blast or the conversion, is not defined",
    ),
    (
        Mechanism::Explosion,
        Mechanism::Gating,
        "whether a piece gated on the cell a capturing piece left enters before the blast or \
         after it is not defined (not written yet)",
    ),
    (
        Mechanism::Ammunition,
        Mechanism::Gating,
        "a gate opens when its piece first leaves it, and planting, diving and captures \
         without moving leave a piece where it is or move it below (not written yet)",
    ),
    (
        Mechanism::Remote,
        Mechanism::Gating,
        "a gate opens when its piece first leaves it, and planting, diving and captures \
         without moving leave a piece where it is or move it below (not written yet)",
    ),
    (
        Mechanism::Submerge,
        Mechanism::Gating,
        "a gate opens when its piece first leaves it, and planting, diving and captures \
         without moving leave a piece where it is or move it below (not written yet)",
    ),
    (
        Mechanism::Royal,
        Mechanism::Walls,
        "a wall put down after the move can block a check, and the duck moved away can open \
         one, so whether a move leaves a royal piece in check depends on its wall (not written \
         yet; Fairy-Stockfish refuses kings with the duck too)",
    ),
    (
        Mechanism::Hand,
        Mechanism::Walls,
        "a drop leaves no cell and arrives from nowhere, so where its wall may go is not \
         defined (Fairy-Stockfish refuses drops with walls too)",
    ),
    (
        Mechanism::Containers,
        Mechanism::Walls,
        "a wall on a cell of the board of containers is not defined (not written yet)",
    ),
    (Mechanism::Submerge, Mechanism::Walls, SUBMERGED_WALL),
    (Mechanism::VersusSubmerged, Mechanism::Walls, SUBMERGED_WALL),
    (
        Mechanism::Ammunition,
        Mechanism::Walls,
        "a marker and a wall on one cell are not defined, and FEN's `*` would mean both",
    ),
    (Mechanism::Explosion, Mechanism::MultiLeg, FIRST_LEG_EFFECTS),
    (Mechanism::Returns, Mechanism::MultiLeg, FIRST_LEG_EFFECTS),
    (
        Mechanism::Containers,
        Mechanism::MultiLeg,
        "a crew moves by its pieces' one-leg moves only",
    ),
    (
        Mechanism::Walls,
        Mechanism::MultiLeg,
        "both write a second part after a comma in a move's text (`e2e4,e4h5` names a wall)",
    ),
    (Mechanism::Hexagon, Mechanism::Containers, HEXAGON_UNWRITTEN),
    (
        Mechanism::Hexagon,
        Mechanism::Castling,
        "castling moves along a rank, and a hexagonal board's ranks bend (not written yet)",
    ),
    (
        Mechanism::Hexagon,
        Mechanism::FirstMovesInFen,
        "the field names pieces on a side's first rank by file, and a hexagonal board's first \
         rank bends (not written yet)",
    ),
    (Mechanism::Hexagon, Mechanism::Explosion, HEXAGON_UNWRITTEN),
    (Mechanism::Hexagon, Mechanism::Conversion, HEXAGON_UNWRITTEN),
    (Mechanism::Hexagon, Mechanism::Remote, HEXAGON_UNWRITTEN),
    (Mechanism::Hexagon, Mechanism::Hand, HEXAGON_UNWRITTEN),
    (
        Mechanism::Hexagon,
        Mechanism::RoyalsFacing,
        HEXAGON_UNWRITTEN,
    ),
    (Mechanism::Hexagon, Mechanism::Returns, HEXAGON_UNWRITTEN),
    (
        Mechanism::Hexagon,
        Mechanism::LosesFirstMove,
        HEXAGON_UNWRITTEN,
    ),
];

/// Why the effects of a capture on a two-leg move's first leg are not defined.
const FIRST_LEG_EFFECTS: &str = "it acts where a move captures, and a two-leg move captures \
                                 on two cells or on none it arrives on";

/// Why a mechanism that lays its cells out as squares is refused on a hexagonal board.
const HEXAGON_UNWRITTEN: &str = "it lays its cells out on a square grid (its files, ranks, \
                                 light and dark squares or eight neighbours); on a hexagonal \
                                 board it is not written yet";

/// Whether a wall may go above a submerged piece is not defined.
const SUBMERGED_WALL: &str = "whether a wall may go above a submerged piece, and whether it \
                              stops the pieces below, is not defined";

/// Where a definition asks for a mechanism: a file of the chain and a byte range in it.
struct Use {
    mechanism: Mechanism,
    file: usize,
    span: Range<usize>,
}

impl Use {
    /// At `node`'s key `key`: the key written before the node's value (`castling:` before
    /// its mapping), or, with `inside`, the first such key within it (`en_passant:` in a
    /// piece's mapping). At the node itself when the key is not found.
    fn key<T>(mechanism: Mechanism, node: &Sp<T>, key: &str, inside: bool, cx: &Ctx) -> Use {
        let file = file_of(node);
        let text = &cx.sources[file].text;
        let at = span_of(node);
        let needle = format!("{key}:");
        let found = if inside {
            text.get(at.start..)
                .and_then(|t| t.find(&needle))
                .map(|i| at.start + i)
        } else {
            text.get(..at.start).and_then(|t| t.rfind(&needle))
        };
        let span = found.map_or(at, |i| i..i + key.len());
        Use {
            mechanism,
            file,
            span,
        }
    }
}

/// Reports every refused combination the definition asks for. `containers` are the
/// container types declared in the board text `board`, whose cells are `topology`'s.
pub(super) fn check(
    def: &VariantDef,
    board: &Sp<String>,
    topology: &Topology,
    containers: &[ContainerSpec],
    cx: &mut Ctx,
) {
    let hexagonal = matches!(topology.geometry(), Geometry::Hexagon { .. });
    let uses = uses(def, (board, hexagonal), containers, cx);
    for &(a, b, reason) in REFUSED {
        let (Some(_), Some(second)) = (
            uses.iter().find(|u| u.mechanism == a),
            uses.iter().find(|u| u.mechanism == b),
        ) else {
            continue;
        };
        cx.problems.push(Problem {
            file: second.file,
            ..Problem::error(
                "fairy::unsupported-combination",
                format!("{} cannot be combined with {}", b.name(), a.name()),
                second.span.clone(),
                format!("{} here", b.name()),
            )
            .help(format!("{reason}; drop one of them"))
        });
    }
    if let Some(facing) = &def.royals_facing {
        let extinction = def
            .end
            .as_ref()
            .is_some_and(|e| e.royal == crate::load::definition::RoyalRule::Extinction);
        if extinction {
            let at = Use::key(Mechanism::Castling, facing, "royals_facing", false, cx);
            cx.problems.push(Problem {
                file: at.file,
                ..Problem::error(
                    "fairy::unsupported-combination",
                    String::from("`royals_facing` cannot be combined with `royal: extinction`"),
                    at.span,
                    "facing royal pieces",
                )
                .help(
                    "facing royal pieces attack each other, and under extinction attacks on \
                     royal pieces do not matter; drop one of them",
                )
            });
        }
    }
    if let Some(end) = &def.end {
        if let Some(n) = end.checks_to_win.as_ref().filter(|n| n.value > 0) {
            if end.royal == RoyalRule::Extinction {
                cx.error(
                    n,
                    "fairy::unsupported-combination",
                    "check counting cannot be combined with `royal: extinction`".to_string(),
                    "counts checks",
                    "under extinction nothing is in check; use `royal: checkmate` or drop \
                     `checks_to_win`",
                );
            }
        }
    }
    if let Some(end) = &def.end {
        end_combinations(def, end, cx);
    }
    for (name, piece) in &def.pieces {
        let p = &piece.value;
        if let (true, Some(submerge)) = (p.royal, &p.submerge) {
            let at = Use::key(Mechanism::Submerge, submerge, "submerge", false, cx);
            cx.problems.push(Problem {
                file: at.file,
                ..Problem::error(
                    "fairy::unsupported-combination",
                    format!("the royal piece `{name}` cannot dive"),
                    at.span,
                    "a royal piece diving",
                )
                .help(
                    "whether a submerged royal piece is in check is not defined; drop `royal` \
                     or `submerge`",
                )
            });
        }
    }
}

/// The mechanisms the definition asks for, each at its first key; `board` is the board text
/// and whether it is hexagonal.
fn uses(
    def: &VariantDef,
    (board, hexagonal): (&Sp<String>, bool),
    containers: &[ContainerSpec],
    cx: &Ctx,
) -> Vec<Use> {
    let mut out = Vec::new();
    if let Some(first) = containers.first() {
        let file = file_of(board);
        let span = dsl_span(
            &cx.sources[file].text,
            span_of(board),
            &board.value,
            first.span.clone(),
        );
        out.push(Use {
            mechanism: Mechanism::Containers,
            file,
            span,
        });
    }
    if hexagonal {
        out.push(Use {
            mechanism: Mechanism::Hexagon,
            file: file_of(board),
            span: span_of(board),
        });
    }
    if let Some(c) = &def.castling {
        out.push(Use::key(Mechanism::Castling, c, "castling", false, cx));
    }
    if let Some(f) = &def.royals_facing {
        out.push(Use::key(
            Mechanism::RoyalsFacing,
            f,
            "royals_facing",
            false,
            cx,
        ));
    }
    if let Some(r) = def.returns.first() {
        out.push(Use::key(Mechanism::Returns, &r.piece, "returns", false, cx));
    }
    if let Some(h) = &def.hand {
        out.push(Use::key(Mechanism::Hand, h, "hand", false, cx));
        if let Some(g) = &h.value.gating {
            out.push(Use::key(Mechanism::Gating, g, "gating", false, cx));
        }
    }
    if let Some(x) = def.end.as_ref().and_then(|e| e.extinction.as_ref()) {
        out.push(Use::key(
            Mechanism::Extinction,
            &x.pieces,
            "extinction",
            false,
            cx,
        ));
    }
    if let Some(e) = &def.explosion {
        out.push(Use::key(Mechanism::Explosion, e, "explosion", false, cx));
    }
    if let Some(f) = def.first_moves_in_fen.as_ref().filter(|f| f.value) {
        out.push(Use::key(
            Mechanism::FirstMovesInFen,
            f,
            "first_moves_in_fen",
            false,
            cx,
        ));
    }
    if let Some(c) = &def.convert {
        out.push(Use::key(Mechanism::Conversion, c, "convert", false, cx));
    }
    if let Some(w) = &def.walls {
        out.push(Use::key(Mechanism::Walls, w, "walls", false, cx));
    }
    if let Some((_, royal)) = def.pieces.iter().find(|(_, p)| p.value.royal) {
        out.push(Use::key(Mechanism::Royal, royal, "royal", true, cx));
    }
    for piece in def.pieces.values() {
        let p = &piece.value;
        if let Some((_, count)) = p.promotion.as_ref().and_then(|pr| pr.limit.first()) {
            out.push(Use::key(
                Mechanism::PromotionLimit,
                count,
                "limit",
                false,
                cx,
            ));
        }
        if let Some(standing) = p.promotion.as_ref().and_then(|pr| pr.standing.as_ref()) {
            if standing.value {
                out.push(Use::key(
                    Mechanism::StandingPromotion,
                    standing,
                    "standing",
                    false,
                    cx,
                ));
            }
        }
        if p.en_passant {
            out.push(Use::key(
                Mechanism::EnPassant,
                piece,
                "en_passant",
                true,
                cx,
            ));
        }
        let first_move = |moves: &Sp<String>| {
            crate::load::dsl::parse_movement(&moves.value)
                .is_ok_and(|m| m.components.iter().any(|c| c.modifiers.initial))
        };
        if first_move(&p.moves) {
            out.push(Use::key(Mechanism::FirstMove, &p.moves, "moves", false, cx));
        }
        if let Some((region, moves)) = p.within.iter().chain(&p.from).find(|(_, m)| first_move(m)) {
            out.push(Use::key(Mechanism::FirstMove, moves, region, false, cx));
        }
        let legs = |moves: &Sp<String>| {
            crate::load::dsl::parse_movement(&moves.value)
                .is_ok_and(|m| m.components.iter().any(|c| !c.legs.is_empty()))
        };
        if let Some(moves) = std::iter::once(&p.moves)
            .chain(p.within.values().chain(p.from.values()))
            .find(|m| legs(m))
        {
            out.push(Use::key(Mechanism::MultiLeg, moves, "moves", false, cx));
        }
        if let Some((_, ammo)) = p.ammo.first() {
            out.push(Use::key(Mechanism::Ammunition, ammo, "ammo", false, cx));
        }
        if let Some(plant) = &p.plant {
            out.push(Use::key(Mechanism::Ammunition, plant, "plant", false, cx));
        }
        if let Some(remote) = p.remote.first() {
            out.push(Use::key(Mechanism::Remote, remote, "remote", false, cx));
        }
        if let Some(submerge) = &p.submerge {
            out.push(Use::key(
                Mechanism::Submerge,
                submerge,
                "submerge",
                false,
                cx,
            ));
        }
        if let Some(list) = &p.loses_first_move_to {
            out.push(Use::key(
                Mechanism::LosesFirstMove,
                list,
                "loses_first_move_to",
                false,
                cx,
            ));
        }
        if let Some(list) = &p.cannot_hop {
            out.push(Use::key(
                Mechanism::HopLimits,
                list,
                "cannot_hop",
                false,
                cx,
            ));
        }
        if let Some(v) = &p.versus_submerged {
            out.push(Use::key(
                Mechanism::VersusSubmerged,
                v,
                "versus_submerged",
                false,
                cx,
            ));
        }
    }
    out
}

/// The end rules that do not combine: a choice of check (`check:`) under extinction, where
/// nothing is in check, or with a royal piece that is dropped (it would answer a check
/// anywhere); a flag that must be held (`hold`) with a safe flag or the flag reply, which
/// decide the same arrival otherwise.
fn end_combinations(def: &VariantDef, end: &crate::load::definition::EndDef, cx: &mut Ctx) {
    if let Some(check) = end
        .check
        .as_ref()
        .filter(|c| c.value != crate::load::definition::RoyalCheck::Any)
    {
        if end.royal == RoyalRule::Extinction {
            cx.error(
                check,
                "fairy::unsupported-combination",
                "`check` cannot be combined with `royal: extinction`".to_string(),
                "which attacks are check",
                "under extinction nothing is in check; use `royal: checkmate` or drop `check`",
            );
        }
        let dropped = def
            .pieces
            .iter()
            .find(|(_, p)| p.value.royal && p.value.drop.is_some());
        if let Some((name, _)) = dropped {
            cx.error(
                check,
                "fairy::unsupported-combination",
                format!("`check` cannot be combined with the drops of the royal piece `{name}`"),
                "which attacks are check",
                "a dropped royal piece would answer a check anywhere; drop `check` or the \
                 piece's `drop:`",
            );
        }
    }
    let held = end
        .flags
        .iter()
        .find_map(|f| f.hold.as_ref().filter(|h| h.value));
    if let Some(hold) = held {
        let other = if end.flag_reply {
            Some("`flag_reply`")
        } else if end.flags.iter().any(|f| f.safe) {
            Some("a `safe` flag")
        } else {
            None
        };
        if let Some(other) = other {
            cx.error(
                hold,
                "fairy::unsupported-combination",
                format!("a flag with `hold: true` cannot be combined with {other}"),
                "a held flag",
                "both decide when an arrival wins; keep one of them",
            );
        }
    }
}
