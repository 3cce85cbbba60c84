//! The rule choices a definition names and the engine obeys: plain enums, read from YAML
//! by `serde` and matched on by the rules and the engine.

use serde::Deserialize;

/// Where a wall may go after a move (`walls: place:`), always on a cell left empty by it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum WallPlacement {
    /// Any empty cell (duck chess; Fairy-Stockfish's `duck`).
    Anywhere,
    /// A cell the moved piece could move to from where it arrived, as if shooting an arrow
    /// along its own movement (the Amazons; `arrow`).
    Shot,
    /// The cell the piece left (`past`).
    Vacated,
}

/// Which enemy pieces a move converts (`convert:`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum ConvertRule {
    /// Those on the cells one king step from the arrival cell (Ataxx).
    Adjacent,
    /// Those in an unbroken line from the arrival cell, along one of the eight king
    /// directions, that ends on a piece of the mover (Othello).
    Enclosed,
}

/// A king's castling distance.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Distance {
    /// Exactly this many squares.
    Fixed(u8),
    /// Any number of squares from one up to the square next to the partner.
    Free,
}

/// When a side with several royal pieces is in check (Fairy-Stockfish's
/// `extinctionPseudoRoyal` and `dupleCheck`). With one royal piece left, every choice is the
/// same: it may not be left attacked.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoyalCheck {
    /// Any one of them attacked is check: none may be left attacked.
    #[default]
    Any,
    /// Only all of them attacked together is check ("duple check", Spartan chess's two
    /// kings): a move may leave some attacked, and an attacked one may be captured.
    All,
    /// Only a side's last royal piece is protected: while it has several, they are
    /// ordinary pieces that may be left attacked and captured (sho shogi's king and crown
    /// prince; Fairy-Stockfish's `extinctionPseudoRoyal` with `extinctionPieceCount = 0`).
    Last,
}

/// The result of being checkmated (or of extinction) for the side that suffers it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum MateRule {
    /// It loses.
    #[default]
    Loss,
    /// It wins.
    Win,
    /// Nobody wins (Fairy-Stockfish's `extinctionValue = VALUE_DRAW`: a bare king in
    /// shatar).
    Draw,
}

/// What a drop of a piece that checkmates does (a drop's `mates:`).
///
/// ```
/// use fairy_rules::types::rule_enums::DropMate;
/// assert_eq!(DropMate::default(), DropMate::Allowed);
/// ```
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub enum DropMate {
    /// It is a move like any other and wins (`mates: true`, the default).
    #[default]
    Allowed,
    /// It is no legal move (`mates: false`: shogi's pawn may not be dropped to mate).
    Forbidden,
    /// It is legal, and the checkmate loses for the side that dropped (`mates: loses`:
    /// Fairy-Stockfish's `shogiPawnDropMateIllegal`, whose move generator keeps the drop
    /// and scores the mate it gives as won by the side mated).
    Loses,
}

impl<'de> Deserialize<'de> for DropMate {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct V;
        impl serde::de::Visitor<'_> for V {
            type Value = DropMate;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("`true`, `false` or `loses`")
            }
            fn visit_bool<E: serde::de::Error>(self, v: bool) -> Result<DropMate, E> {
                Ok(if v {
                    DropMate::Allowed
                } else {
                    DropMate::Forbidden
                })
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<DropMate, E> {
                match v {
                    "loses" => Ok(DropMate::Loses),
                    _ => Err(E::invalid_value(serde::de::Unexpected::Str(v), &self)),
                }
            }
        }
        d.deserialize_any(V)
    }
}

/// The rule protecting royal pieces.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum RoyalRule {
    /// A royal piece may not be left attacked; a side in check with no legal move loses.
    #[default]
    Checkmate,
    /// Royal pieces are captured like any other and check does not exist; a side that has
    /// lost its royal pieces loses (both at once: a draw).
    Extinction,
}

/// What happens when royal pieces of opposite colours face each other: stand on one file or
/// rank with only empty cells between them (a rook's line; Fairy-Stockfish's
/// `flyingGeneral` and `bikjangRule`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "kebab-case")]
pub enum FacingRule {
    /// No move may leave them facing (Xiangqi's flying general): they attack each other
    /// along the open line.
    Forbidden,
    /// A move may bring them face to face; the side whose turn starts so must break the
    /// facing or pass, and may pass even in check (Janggi's bikjang).
    MustBreak,
}

/// How FEN writes a promoted kind (`promoted_in_fen:`).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PromotedInFen {
    /// By its own letter.
    #[default]
    Letter,
    /// As `+` and the letter of the one kind that promotes to it, as Fairy-Stockfish and
    /// HaChu write shogi's promoted pieces (`+P`).
    Plus,
}

/// The result of stalemate for the side that cannot move.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum StalemateRule {
    /// Stalemate is a draw (FIDE).
    #[default]
    Draw,
    /// The stalemated side loses.
    Loss,
    /// The stalemated side wins.
    Win,
    /// The side passes its turn (with the move of its first piece onto its own cell; a side
    /// without pieces cannot, and its stalemate is a draw, or decided by `count_pieces`).
    /// Two passes in a row end the game (Fairy-Stockfish's `passOnStalemate`).
    Pass,
}
