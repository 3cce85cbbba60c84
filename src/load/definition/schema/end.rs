//! `end:` and the rules beside it (the guide's "The file": game end).

use serde::Deserialize;

use crate::load::definition::Sp;
use crate::types::rule_enums::{MateRule, RoyalCheck, RoyalRule, StalemateRule};

/// How the game ends.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct EndDef {
    /// What losing the royal piece means.
    #[serde(default)]
    pub royal: RoyalRule,
    /// The result when the side to move has no legal move and is not in check.
    #[serde(default)]
    pub stalemate: StalemateRule,
    /// Draw after this many moves by each side without a capture or a clock-resetting move
    /// (50 in chess); 0 turns the rule off.
    #[serde(default = "fifty")]
    pub move_rule: u32,
    /// Draw when the same position occurs this many times (3 in chess); 0 turns it off.
    #[serde(default = "three")]
    pub repetition: u32,
    /// Counting rules: once no piece of the pausing kinds is left, a draw when the side that
    /// counts is not mated within a number of moves (makruk's board's and pieces' honour).
    #[serde(default)]
    pub counting: Option<CountingDef>,
    /// Flag wins: a side wins when, after its own move, one of its pieces of a given type
    /// stands in a given region.
    #[serde(default)]
    pub flags: Vec<FlagDef>,
    /// Draws by insufficient material: each entry is every piece on the board, as FEN letters
    /// (case gives the colour), e.g. `KBk`; it also stands for the same with colours swapped.
    #[serde(default)]
    pub insufficient_material: Vec<Sp<String>>,
    /// The result for a side whose royal pieces are checkmated: `loss` (the default), `win`
    /// (losing chess) or `draw`.
    #[serde(default)]
    pub checkmate: MateRule,
    /// Extinction of a piece type: a side left with too few pieces of a kind loses (or wins).
    #[serde(default)]
    pub extinction: Option<ExtinctionDef>,
    /// Check counting: the side that gives its n-th check wins (3 in three-check); 0 or
    /// absent turns it off. Each side's checks given are part of the position and its FEN.
    #[serde(default)]
    pub checks_to_win: Option<Sp<u8>>,
    /// Flag reply (racing kings): when the first player (White) reaches a flag zone, Black
    /// still has its move if one of its legal moves reaches its own flag zone; the game ends
    /// after it, drawn if Black reached its zone, else won by White.
    #[serde(default)]
    pub flag_reply: bool,
    /// The game ends when every cell of the board is occupied (Fairy-Stockfish's
    /// `adjudicateFullBoard`): a draw, or decided by `count_pieces`.
    #[serde(default)]
    pub full_board: bool,
    /// A game that ends by stalemate, by two passes in a row or on a full board is won by the
    /// side with more pieces on the board; equal numbers draw (Fairy-Stockfish's
    /// `stalematePieceCount` with `materialCounting = unweighted`: Ataxx, Othello).
    #[serde(default)]
    pub count_pieces: bool,
    /// Which attacks on a side's royal pieces are check when it has several (under the
    /// checkmate rule): `any` (the default), `all` or `last` (see [`RoyalCheck`]).
    #[serde(default)]
    pub check: Option<Sp<RoyalCheck>>,
}

/// Whether captures are free or forced.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CaptureRule {
    /// A side may capture or not.
    #[default]
    Free,
    /// When a side can capture, it must (any of its legal captures).
    Forced,
}

/// An extinction rule (Fairy-Stockfish `extinctionPieceTypes`, `extinctionPieceCount`,
/// `extinctionValue`): judged after every move, the side that moved first.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ExtinctionDef {
    /// `all` (every piece of a side counted together, pieces in hand included) or piece
    /// letters, each kind counted on its own (`KQRBNP`: a side that loses every piece of
    /// any one kind).
    pub pieces: Sp<String>,
    /// It applies when at most this many are left: 0 (the default) when none is left, 2 in
    /// three kings (the first king lost of three).
    #[serde(default)]
    pub left: u8,
    /// What it means for the side it applies to: `loss` (the default), `win` or `draw`.
    #[serde(default)]
    pub result: MateRule,
    /// It applies only while the opponent has at least this many pieces of the kind (on
    /// the board and in hand): 0, the default, always (Fairy-Stockfish's
    /// `extinctionOpponentPieceCount`; koedem: 2, a side has lost when the opponent holds
    /// both kings).
    #[serde(default)]
    pub opponent_has: u8,
    /// `true`: the side that moved is judged as usual, but the side to move only while the
    /// opponent has one more than `opponent_has`, so a side that the rule would catch gets
    /// one reply to undo it (Fairy-Stockfish's `extinctionClaim`: shatranj's bare king,
    /// which draws when it bares the other king at once).
    #[serde(default)]
    pub claim: bool,
}

/// Counting rules (Fairy-Stockfish's `countingRule`, in makruk's and ASEAN chess's forms;
/// `variants/fsf/makruk.yaml` writes makruk's): a count that ends the game drawn.
///
/// While any piece of `paused_by` stands on the board nobody counts. Otherwise the side to
/// move starts a count where none runs, if its opponent has more than its royal piece: from
/// 0 up to `board` moves while it has other pieces too (the board's honour), or, with its
/// royal piece alone, up to the moves of the first `bare` entry its opponent has the pieces
/// of, starting from the number of pieces on the board (the pieces' honour; a capture or a
/// promotion that leaves it alone starts it again). The count runs in plies, two per move.
/// The game is drawn when the count passes the limit and the side to move is not
/// checkmated.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct CountingDef {
    /// Letters of the kinds that pause the count while on the board (`P`).
    pub paused_by: Sp<String>,
    /// The board's honour in moves (64 in makruk); 0: a side that still has other pieces
    /// does not count.
    #[serde(default)]
    pub board: u32,
    /// The pieces' honour, tried in order.
    #[serde(default)]
    pub bare: Vec<BareCountDef>,
    /// Where the pieces' honour starts: `pieces` (the default: two plies a piece on the
    /// board, makruk) or `zero` (ASEAN chess).
    #[serde(default)]
    pub bare_start: BareCountStart,
}

/// Where the pieces' honour starts its count.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum BareCountStart {
    /// At the number of pieces on the board.
    #[default]
    Pieces,
    /// At 0.
    Zero,
}

/// One limit of the pieces' honour.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct BareCountDef {
    /// The pieces the stronger side has at least, as letters (`RR`: two rooks); empty for
    /// any pieces.
    pub has: Sp<String>,
    /// The limit in moves.
    pub moves: u32,
}

/// A flag win: a piece type and the region (per side) it must reach.
#[derive(Debug, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FlagDef {
    /// Letter of the piece type, or `$name` of a piece parameter.
    pub piece: Sp<String>,
    /// Name of the region (each side uses its own squares of it), or `$name` of a square
    /// parameter.
    pub zone: Sp<String>,
    /// `true`: the piece wins only while no enemy piece attacks it there; one that arrived
    /// attacked and survives the reply wins once it is safe, at the start of its own turn
    /// (dobutsu's lion; Fairy-Stockfish's `flagPieceSafe`).
    #[serde(default)]
    pub safe: bool,
    /// `true`: arriving does not win yet; the piece wins if it still stands in its zone at
    /// the start of its side's next turn, having survived the opponent's reply (Jeson Mor,
    /// where a knight wins by leaving the centre; Fairy-Stockfish's `flagMove` with a flag
    /// piece other than the king).
    #[serde(default)]
    pub hold: Option<Sp<bool>>,
}

fn fifty() -> u32 {
    50
}

fn three() -> u32 {
    3
}

impl Default for EndDef {
    fn default() -> Self {
        EndDef {
            royal: RoyalRule::default(),
            stalemate: StalemateRule::default(),
            move_rule: fifty(),
            repetition: three(),
            counting: None,
            flags: Vec::new(),
            insufficient_material: Vec::new(),
            checkmate: MateRule::Loss,
            extinction: None,
            checks_to_win: None,
            flag_reply: false,
            check: None,
            full_board: false,
            count_pieces: false,
        }
    }
}
