"""Type stubs of fairy_rules: the fairy-rules chess-variant interpreter for Python."""

from typing import List, Optional, Sequence, Tuple, Union

__version__: str

# ---------------------------------------------------------------------------------------
# Exceptions

class FairyError(ValueError):
    """The base of the package's errors: bad input, never a crash."""

    text: str
    """The text given (a FEN, a move, a definition's text, a name)."""
    reason: str
    """What is wrong with it."""
    line: Optional[int]
    """Where the library knows a place: its line, from 1."""
    column: Optional[int]
    """Its column, from 1, in characters."""
    span: Optional[Tuple[int, int]]
    """Its (start, end) character offsets into the text."""

class InvalidFen(FairyError):
    """A FEN that cannot be read in the variant."""

    field: Optional[str]
    """The field at fault (`placement`, `side to move`, `castling`, ...)."""

class IllegalMove(FairyError):
    """A move that is not legal in the position."""

class InvalidMove(IllegalMove):
    """A text that is no move at all."""

class AmbiguousMove(IllegalMove):
    """A move text that several legal moves match."""

    candidates: List[str]
    """The moves it could be, in SAN."""

class GameOver(IllegalMove):
    """A move given after the game ended."""

    outcome: Outcome
    """How the game ended."""

class DefinitionError(FairyError):
    """A variant definition that does not load."""

    diagnostics: List[Diagnostic]
    """Every problem found."""

class UnknownVariant(FairyError):
    """No variant has the name given."""

    known: List[str]
    """The names of the variants."""

# ---------------------------------------------------------------------------------------
# The python-chess-like API

class Outcome:
    """How a game ended."""

    winner: Optional[bool]
    """True if White won, False if Black won, None for a draw."""
    termination: str
    """Why: `checkmate`, `stalemate`, `move rule`, `repetition`, `insufficient material`,
    `flag`, `checks given`, `royal piece captured`, `extinction`, ..."""
    def result(self) -> str:
        """`1-0`, `0-1` or `1/2-1/2`."""

class Board:
    """A game of a variant in progress, moves in UCI as Fairy-Stockfish writes them."""

    def __init__(
        self,
        variant: Union[str, Variant] = "chess",
        fen: Optional[str] = None,
        *,
        chess960: bool = False,
        seed: int = 0,
    ) -> None: ...
    @property
    def variant(self) -> str:
        """The variant's name."""
    @property
    def legal_moves(self) -> List[str]:
        """The legal moves in UCI; none once the game is over."""
    @property
    def move_stack(self) -> List[str]:
        """The moves played, oldest first."""
    @property
    def turn(self) -> bool:
        """True when White is to move."""
    @property
    def chess960(self) -> bool:
        """Whether castling is written as the king's move onto its rook."""
    def push(self, move: str) -> None:
        """Plays a move given in UCI."""
    def push_uci(self, uci: str) -> str:
        """Plays a move given in UCI and returns it as played."""
    def push_san(self, san: str) -> str:
        """Plays a move given in SAN and returns it in UCI."""
    def parse_san(self, san: str) -> str:
        """A move in SAN, in UCI, unplayed."""
    def pop(self) -> str:
        """Takes back the last move and returns it (IndexError without one)."""
    def peek(self) -> str:
        """The last move played (IndexError without one)."""
    def fen(self) -> str:
        """The position as FEN."""
    def view_fen(self, side: Optional[bool] = None) -> str:
        """What a side sees (None: the side to move), as FEN."""
    def san(self, move: str) -> str:
        """The SAN of a legal move given in UCI."""
    def lan(self, move: str) -> str:
        """The long algebraic notation of a legal move given in UCI."""
    def is_capture(self, move: str) -> bool:
        """Whether a legal move captures."""
    def is_check(self) -> bool:
        """Whether the side to move is in check."""
    def is_game_over(self) -> bool:
        """Whether the game is over."""
    def outcome(self) -> Optional[Outcome]:
        """How the game ended, or None while it goes on."""
    def result(self) -> str:
        """`1-0`, `0-1`, `1/2-1/2` or `*`."""
    def perft(self, depth: int) -> int:
        """The leaf nodes of the legal move tree `depth` plies down."""
    def copy(self) -> Board:
        """A copy, moves included."""

class SearchResult:
    """What a search found."""

    best_move: Optional[str]
    score: int
    """For the side to move: centipawns, or a mate score."""
    mate: Optional[int]
    """Full moves to mate: positive when the side to move mates."""
    depth: int
    nodes: int
    pv: List[str]

class Engine:
    """The library's engine for one variant."""

    def __init__(self, variant: Union[str, Variant] = "chess") -> None: ...
    @property
    def variant(self) -> str: ...
    def search(
        self,
        board: Board,
        depth: Optional[int] = None,
        nodes: Optional[int] = None,
        time: Optional[float] = None,
    ) -> SearchResult:
        """Searches the board's position to the first limit reached (time in seconds;
        6 plies without a limit)."""
    def clear(self) -> None:
        """Forgets what earlier searches learned."""

class Diagnostic:
    """One problem of a variant definition."""

    code: str
    message: str
    severity: str
    """`error`, `warning` or `advice`."""
    file: str
    line: int
    column: int
    end_line: int
    end_column: int
    span: Tuple[int, int]
    """(start, end) character offsets into the file's text."""
    label: str
    help: Optional[str]

class Variant:
    """A compiled variant."""

    def __init__(self, name: str) -> None: ...
    @property
    def name(self) -> str: ...
    @property
    def title(self) -> str: ...
    @property
    def description(self) -> str: ...
    @property
    def start_fen(self) -> str: ...
    @property
    def captures_to_hand(self) -> bool: ...
    @property
    def has_hidden_information(self) -> bool: ...
    @staticmethod
    def diagnostics(yaml: str) -> List[Diagnostic]:
        """Every problem of a definition given as YAML text."""
    @staticmethod
    def load(text_or_path: str) -> Variant:
        """Loads and registers a definition."""
    @staticmethod
    def names() -> List[str]:
        """Every variant's name."""

# ---------------------------------------------------------------------------------------
# pyffish-compatible functions

VALUE_MATE: int
VALUE_DRAW: int
NOTATION_DEFAULT: int
NOTATION_SAN: int
NOTATION_LAN: int
NOTATION_SHOGI_HOSKING: int
NOTATION_SHOGI_HODGES: int
NOTATION_SHOGI_HODGES_NUMBER: int
NOTATION_JANGGI: int
NOTATION_XIANGQI_WXF: int
NOTATION_THAI_SAN: int
NOTATION_THAI_LAN: int
FEN_OK: int
FEN_EMPTY: int
FEN_INVALID_MOVE_COUNTER: int
FEN_INVALID_HALF_MOVE_COUNTER: int
FEN_INVALID_NUMBER_OF_KINGS: int
FEN_INVALID_EN_PASSANT_SQ: int
FEN_INVALID_CASTLING_INFO: int
FEN_INVALID_SIDE_TO_MOVE: int
FEN_INVALID_POCKET_INFO: int
FEN_INVALID_BOARD_GEOMETRY: int
FEN_TOUCHING_KINGS: int
FEN_INVALID_CHAR: int
FEN_INVALID_NB_PARTS: int
FEN_INVALID_PROMOTED_PIECE: int
FEN_INVALID_CHECK_COUNT: int
FEN_INVALID_COUNTING_RULE: int

def version() -> Tuple[int, int, int]: ...
def info() -> str: ...
def variants() -> List[str]: ...
def load_variant_config(config: str) -> str: ...
def start_fen(variant: str) -> str: ...
def captures_to_hand(variant: str) -> bool: ...
def two_boards(variant: str) -> bool: ...
def legal_moves(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> List[str]: ...
def get_fen(
    variant: str,
    fen: str,
    moves: Sequence[str],
    chess960: bool = False,
    sfen: bool = False,
    showPromoted: bool = False,
    countStarted: int = 0,
) -> str: ...
def get_san(
    variant: str, fen: str, move: str, chess960: bool = False, notation: int = 0
) -> str: ...
def get_san_moves(
    variant: str,
    fen: str,
    moves: Sequence[str],
    chess960: bool = False,
    notation: int = 0,
) -> List[str]: ...
def gives_check(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> bool: ...
def is_capture(
    variant: str, fen: str, moves: Sequence[str], move: str, chess960: bool = False
) -> bool: ...
def game_result(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> int: ...
def is_immediate_game_end(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> Tuple[bool, int]: ...
def is_optional_game_end(
    variant: str,
    fen: str,
    moves: Sequence[str],
    chess960: bool = False,
    countStarted: int = 0,
) -> Tuple[bool, int]: ...
def has_insufficient_material(
    variant: str, fen: str, moves: Sequence[str], chess960: bool = False
) -> Tuple[bool, bool]: ...
def validate_fen(fen: str, variant: str, chess960: bool = False) -> int: ...
def get_fog_fen(fen: str, variant: str, chess960: bool = False) -> str: ...
