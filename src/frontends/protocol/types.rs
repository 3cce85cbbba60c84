//! The protocol's messages. Cells are named as the variant names them (`e4`); sides are
//! `white` and `black`.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::Value;

/// A request line: an optional `id` that the response repeats, and a [`Command`].
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Request {
    /// Any JSON value; the response carries it back unchanged.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub id: Option<Value>,
    /// What to do.
    #[serde(flatten)]
    pub command: Command,
}

/// What a request asks, named by its `request` field.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "request", rename_all = "snake_case", deny_unknown_fields)]
pub enum Command {
    // `hello` and `variants` are variants with no fields, not unit variants: serde lets a
    // unit variant of a tagged enum take any field.
    /// The protocol version and the program: [`Answer::Hello`].
    Hello {},
    /// The variants that can be named: bundled, given on the command line, and loaded from
    /// YAML text: [`Answer::Variants`].
    Variants {},
    /// Loads a variant, by `name` (bundled or given on the command line) or from `yaml`
    /// text (then `name`, if given, names it in diagnostics; it may extend only bundled
    /// definitions, `variants/chess.yaml`, since the server reads no file for a client):
    /// [`Answer::Variant`], or an error with the definition's diagnostics.
    LoadVariant {
        /// A variant's name, or the source name of `yaml`.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// A definition's YAML text.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        yaml: Option<String>,
    },
    /// Starts a game: [`Answer::Game`].
    NewGame {
        /// A variant's id: its name, or the id `load_variant` gave.
        variant: String,
        /// Start from this FEN instead of the start position.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        fen: Option<String>,
        /// Seed of the game's chance events and drawn parameters (0 by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seed: Option<u64>,
        /// Game parameters as text (`dutchman=R/N,port=d8/e1`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        parameters: Option<String>,
    },
    /// The legal moves of the seat's side (of the side to move when the game hides
    /// nothing): [`Answer::Moves`].
    Moves {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    },
    /// Plays a move given as move text: [`Answer::Played`], after a `chance` event if the
    /// move drew a cell and a `game_over` event if it ended the game.
    Play {
        /// The game's id.
        game: String,
        /// Move text (`e2e4`; `d2d4@e5` gives a chance outcome).
        #[serde(rename = "move")]
        text: String,
        /// A seat token: needed when the game hides information, and then it must be the
        /// side to move's.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    },
    /// Takes back the last move: [`Answer::Position`].
    Undo {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    },
    /// The position as the seat's side sees it (all of it when the game hides nothing):
    /// [`Answer::Position`].
    Position {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    },
    /// The engine plays for the side to move, from that side's view only:
    /// [`Answer::Played`], told as the seat's side sees it.
    EngineMove {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
        /// How long the engine may think.
        #[serde(default)]
        limits: EngineLimits,
    },
    /// The game's result, if it is over: [`Answer::Result`].
    Result {
        /// The game's id.
        game: String,
    },
    /// The game record as the seat's side may see it: [`Answer::Record`].
    Record {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
    },
    /// Ends a game and frees it: [`Answer::Closed`].
    CloseGame {
        /// The game's id.
        game: String,
    },
    /// Checks a definition's YAML text without loading it (nothing is kept):
    /// [`Answer::Checked`] with every error and warning, located in the text.
    CheckVariant {
        /// The source name the diagnostics give (`definition.yaml` by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        name: Option<String>,
        /// The definition's YAML text.
        yaml: String,
    },
    /// A piece's move diagram on the variant's empty board: [`Answer::Diagram`].
    Diagram {
        /// A variant's id.
        variant: String,
        /// The piece's FEN letter: upper case a White piece, lower case a Black one.
        piece: char,
        /// The cell it stands on (the board's central cell by default).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        cell: Option<String>,
    },
    /// The position drawn as an SVG picture, as the seat's side sees it: [`Answer::Picture`].
    Picture {
        /// The game's id.
        game: String,
        /// A seat token; needed when the game hides information.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        seat: Option<String>,
        /// Named regions of the variant to shade besides the goals and chance cells (both
        /// sides' cells of each).
        #[serde(default, skip_serializing_if = "Vec::is_empty")]
        regions: Vec<String>,
    },
}

/// How long the engine thinks: any of the three; with none, 20000 positions. Every search is
/// capped at 64 plies, 100 million positions and 60 seconds, also when a limit is not given
/// (see [`crate::protocol::SearchCaps`]).
///
/// See the example of [`crate::protocol::SearchCaps::limits`].
#[derive(Debug, Clone, Copy, Default, Serialize, Deserialize, JsonSchema)]
#[serde(deny_unknown_fields)]
pub struct EngineLimits {
    /// Plies.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub depth: Option<u32>,
    /// Positions searched.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub nodes: Option<u64>,
    /// Milliseconds.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movetime_ms: Option<u64>,
}

/// A response line: `ok` with a `result`, or not with an `error`.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Response {
    /// The request's `id` (null when the request had none or could not be read).
    pub id: Option<Value>,
    /// Whether the request was carried out.
    pub ok: bool,
    /// What it gave, when `ok`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Answer>,
    /// Why not, when not `ok`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<ErrorInfo>,
}

/// A request's result, named by its `kind` field.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum Answer {
    /// For `hello`.
    Hello {
        /// The protocol's version, 1; it changes when a request or a response changes
        /// incompatibly.
        protocol: u32,
        /// `fairy-rules` and its version.
        program: String,
    },
    /// For `variants`.
    Variants {
        /// The variants that can be named.
        variants: Vec<VariantSummary>,
    },
    /// For `load_variant`.
    Variant(VariantInfo),
    /// For `new_game`.
    Game(GameInfo),
    /// For `moves`.
    Moves {
        /// The moves, sorted by their text.
        moves: Vec<MoveInfo>,
    },
    /// For `play` and `engine_move`.
    Played(PlayedInfo),
    /// For `position` and `undo`.
    Position(PositionInfo),
    /// For `result`.
    Result {
        /// The result, or null while the game goes on.
        outcome: Option<OutcomeInfo>,
    },
    /// For `record`.
    Record(RecordInfo),
    /// For `close_game`.
    Closed {
        /// The closed game's id.
        game: String,
    },
    /// For `check_variant`.
    Checked {
        /// The definition has no error (it may have warnings).
        valid: bool,
        /// Its errors and warnings, in the order of the text.
        diagnostics: Vec<Diagnostic>,
    },
    /// For `diagram`.
    Diagram(DiagramInfo),
    /// For `picture`.
    Picture(PictureInfo),
}

/// Where a cell is drawn in a picture: a square, in the picture's pixels.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct CellRect {
    /// The cell's name.
    pub cell: String,
    /// The left edge.
    pub x: f64,
    /// The top edge.
    pub y: f64,
    /// The side of the square.
    pub size: f64,
}

/// A piece's move diagram.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct DiagramInfo {
    /// What it shows (`Falcon Chess: white falcon (F) on e4`).
    pub title: String,
    /// The cell the piece stands on.
    pub cell: String,
    /// The cells it moves to without capturing (`m` or `x` in the diagram).
    pub moves: Vec<String>,
    /// The cells it captures on (`c` or `x`).
    pub captures: Vec<String>,
    /// The diagram as a standalone SVG document.
    pub svg: String,
    /// Where each cell is drawn in `svg`.
    pub cells: Vec<CellRect>,
}

/// A position as a picture.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PictureInfo {
    /// The game's id.
    pub game: String,
    /// Whose view it is; null for the whole position of a game that hides nothing.
    pub view: Option<Side>,
    /// The cells a piece must reach to win (flag zones), shaded in the picture; for a view,
    /// the viewing side's only.
    pub goals: Vec<String>,
    /// The cells a chance event draws from, shaded in the picture.
    pub chance_cells: Vec<String>,
    /// The cells of the regions asked for, shaded in the picture.
    pub region_cells: Vec<String>,
    /// The picture as a standalone SVG document: every piece a `<g>` of class `piece`.
    pub svg: String,
    /// Where each cell is drawn in `svg`.
    pub cells: Vec<CellRect>,
}

/// A variant that can be named.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VariantSummary {
    /// The id to give `load_variant` and `new_game`.
    pub id: String,
    /// Bundled with the program (rather than given on the command line or loaded).
    pub bundled: bool,
}

/// A loaded variant: what a client needs to draw its board and pieces.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct VariantInfo {
    /// The id to give `new_game`.
    pub id: String,
    /// Its display name.
    pub name: String,
    /// Its description.
    pub description: String,
    /// Files of the board's bounding rectangle.
    pub width: u8,
    /// Ranks of the board's bounding rectangle.
    pub height: u8,
    /// Every cell, with its file and rank (0-based, rank 0 at White's side); a rectangle's
    /// coordinates that no cell has are holes.
    pub cells: Vec<CellInfo>,
    /// The piece types.
    pub pieces: Vec<PieceInfo>,
    /// The start position's FEN.
    pub start_fen: String,
    /// Moves may trigger chance events.
    pub chance: bool,
    /// Sides do not see everything (seats are needed).
    pub hidden_information: bool,
    /// The names of its game parameters.
    pub parameters: Vec<String>,
    /// The names of its regions (`picture` shades them on request).
    pub regions: Vec<String>,
    /// The definition's warnings.
    pub warnings: Vec<Diagnostic>,
    /// The definition's YAML text, for a bundled variant.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yaml: Option<String>,
}

/// A cell of the board.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct CellInfo {
    /// Its name (`e4`).
    pub name: String,
    /// File, 0-based from the left.
    pub file: u8,
    /// Rank, 0-based from White's side.
    pub rank: u8,
}

/// A piece type.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PieceInfo {
    /// Upper-case FEN letter (Black's is the lower case).
    pub letter: char,
    /// The definition's name.
    pub name: String,
    /// Its movement in Betza notation, as the definition writes it.
    pub moves: String,
    /// Whether it is royal.
    pub royal: bool,
}

/// A new game.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct GameInfo {
    /// The game's id.
    pub game: String,
    /// The variant's id.
    pub variant: String,
    /// The seat tokens: keep each for the client that plays that side.
    pub seats: Seats,
    /// Sides do not see everything: requests that show the game need a seat.
    pub hidden_information: bool,
}

/// A token per side.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Seats {
    /// White's token.
    pub white: String,
    /// Black's token.
    pub black: String,
}

/// A side.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Side {
    /// White, who moves first.
    White,
    /// Black.
    Black,
}

impl From<crate::types::piece::Color> for Side {
    fn from(c: crate::types::piece::Color) -> Side {
        match c {
            crate::types::piece::Color::White => Side::White,
            crate::types::piece::Color::Black => Side::Black,
        }
    }
}

/// A move as a side knows it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct MoveInfo {
    /// Its move text, as `play` reads it; null for a move hidden from this side.
    pub text: Option<String>,
    /// The cell it leaves (null when hidden).
    pub from: Option<String>,
    /// The cell it arrives on or acts on (null when hidden).
    pub to: Option<String>,
    /// Every cell whose contents it changes, as this side sees them, for highlighting.
    pub cells: Vec<String>,
    /// It captures.
    pub capture: bool,
    /// The letter of the piece it promotes to, if it does.
    pub promotion: Option<char>,
    /// The cell its chance event drew, once played.
    pub chance: Option<String>,
    /// The cell its wall goes on, in a game with walls (`walls:`).
    pub wall: Option<String>,
}

/// A move played.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PlayedInfo {
    /// The game's id.
    pub game: String,
    /// The side that moved.
    pub side: Side,
    /// The move, as the asking side knows it.
    #[serde(rename = "move")]
    pub played: MoveInfo,
    /// The result, if the move ended the game.
    pub outcome: Option<OutcomeInfo>,
    /// The engine's score in centipawns for the side that moved (engine moves only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub score_cp: Option<i32>,
}

/// A position as one side sees it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct PositionInfo {
    /// The game's id.
    pub game: String,
    /// Whose view it is; null for the whole position of a game that hides nothing.
    pub view: Option<Side>,
    /// Its FEN (a view's FEN when `view` is set).
    pub fen: String,
    /// The side to move.
    pub to_move: Side,
    /// Plies played.
    pub ply: usize,
    /// The side to move is in check.
    pub check: bool,
    /// The last move was hidden from this side: only the fact was told.
    pub hidden_move: bool,
    /// The occupied cells: each with what the FEN writes for it.
    pub cells: Vec<CellContent>,
    /// The result, if the game is over.
    pub outcome: Option<OutcomeInfo>,
    /// The board drawn as text, as `fairy show` draws it.
    pub text: String,
}

/// What stands on a cell.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct CellContent {
    /// The cell's name.
    pub cell: String,
    /// Its FEN text: a letter (`P`, `k`), a container with its crew in brackets, or a
    /// layered cell in braces.
    pub content: String,
}

/// A result.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct OutcomeInfo {
    /// `1-0`, `0-1` or `1/2-1/2`.
    pub result: String,
    /// The winner, null for a draw.
    pub winner: Option<Side>,
    /// Why (`checkmate`, `flag`, `repetition`, ...).
    pub reason: String,
}

/// A game record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RecordInfo {
    /// The game's id.
    pub game: String,
    /// The variant's id.
    pub variant: String,
    /// The FEN the game started from (with its drawn parameters).
    pub start_fen: String,
    /// The moves in order.
    pub moves: Vec<RecordMove>,
    /// The result, if the game is over.
    pub outcome: Option<OutcomeInfo>,
    /// The moves as one line of move text that `fairy replay` reads from `start_fen`; null
    /// when a move is hidden from this side.
    pub text: Option<String>,
    /// The game as PGN (`fairy_rules::pgn`): SAN moves, chance outcomes in `[%chance]`
    /// comments, and each move hidden from this side as `--` with `[%hidden]`.
    pub pgn: String,
}

/// A move of a record.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct RecordMove {
    /// The side that made it.
    pub side: Side,
    /// Its move text with any chance outcome (`d2d4@e5`); null when hidden from this side.
    pub text: Option<String>,
    /// The move as a person reads it: SAN, or the variant's own notation where it has one,
    /// written from what this side saw (`Nf3`, `e4`); null when hidden from this side.
    #[serde(default)]
    pub san: Option<String>,
    /// The full-move number it was played at (`1` for White's first move and Black's reply).
    #[serde(default)]
    pub number: u32,
}

/// Why a request failed.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct ErrorInfo {
    /// What kind of failure.
    pub code: ErrorCode,
    /// A sentence for people.
    pub message: String,
    /// For [`ErrorCode::Definition`]: the definition's diagnostics.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub diagnostics: Vec<Diagnostic>,
}

/// Kinds of failure.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The line is not JSON (or not UTF-8).
    MalformedJson,
    /// The line is longer than [`crate::protocol::MAX_LINE`].
    TooLong,
    /// Not a known request, or its fields are wrong.
    BadRequest,
    /// No variant has that id.
    UnknownVariant,
    /// The YAML definition has errors (see `diagnostics`).
    Definition,
    /// Too many games or loaded variants are open.
    TooMany,
    /// No game has that id.
    UnknownGame,
    /// The game hides information and the request names no seat.
    SeatRequired,
    /// The seat token is not one of the game's.
    BadSeat,
    /// The FEN is wrong.
    BadFen,
    /// The game parameters are wrong.
    BadParameters,
    /// The move text is malformed, or the move is not legal.
    IllegalMove,
    /// The move is legal in the side's view, but what it cannot see forbids it.
    NotPossible,
    /// The seat's side is not to move.
    NotYourTurn,
    /// No move has been played.
    NothingToUndo,
    /// The game is over.
    GameOver,
    /// The engine is searching the game (a move, an undo or another engine move must wait
    /// for its move), the server runs as many searches as it may, or the search was stopped
    /// before it played.
    Busy,
}

/// A problem in a definition, located in its text.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
pub struct Diagnostic {
    /// The source's name.
    pub file: String,
    /// Line, 1-based.
    pub line: usize,
    /// Column, 1-based, in characters.
    pub column: usize,
    /// Byte offset of the span's start.
    pub start: usize,
    /// Byte offset of the span's end.
    pub end: usize,
    /// `error`, `warning` or `note`.
    pub severity: String,
    /// The diagnostic code (`fairy::unknown-atom`).
    pub code: String,
    /// What is wrong.
    pub message: String,
    /// The label under the span.
    pub label: String,
    /// How to fix it.
    pub help: Option<String>,
}

/// Something the server tells besides a response, on its own line before the response of
/// the request that caused it.
#[derive(Debug, Clone, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum Event {
    /// A chance event drew a cell (a die roll), seeded by the game's seed.
    Chance {
        /// The game's id.
        game: String,
        /// The ply whose move triggered it, 1-based.
        ply: usize,
        /// The cell drawn.
        cell: String,
    },
    /// The game ended.
    GameOver {
        /// The game's id.
        game: String,
        /// Its result.
        outcome: OutcomeInfo,
    },
}
