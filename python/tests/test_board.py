"""The python-chess-like API: Board, Outcome, Engine, Variant and Diagnostic."""

import copy

import pytest

import fairy_rules as fr

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
KIWIPETE = "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1"
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]


def test_a_new_board():
    board = fr.Board()
    assert board.variant == "chess"
    assert board.fen() == CHESS
    assert str(board) == CHESS
    assert repr(board) == f"Board('chess', '{CHESS}')"
    assert board.turn is True
    assert len(board.legal_moves) == 20
    assert board.move_stack == []
    assert board.outcome() is None
    assert board.result() == "*"
    assert board.is_check() is False
    assert board.is_game_over() is False


def test_push_pop_and_notation():
    board = fr.Board()
    assert board.push("e2e4") is None
    assert board.turn is False
    assert board.push_san("e5") == "e7e5"
    assert board.fen() == "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2"
    assert board.san("g1f3") == "Nf3"
    assert board.lan("g1f3") == "Ng1-f3"
    assert board.parse_san("Nf3") == "g1f3"
    assert board.is_capture("g1f3") is False
    assert board.push_uci("g1f3") == "g1f3"
    assert board.move_stack == ["e2e4", "e7e5", "g1f3"]
    assert board.peek() == "g1f3"
    assert board.pop() == "g1f3"
    assert board.pop() == "e7e5"
    assert board.pop() == "e2e4"
    assert board.fen() == CHESS
    with pytest.raises(IndexError):
        board.pop()
    with pytest.raises(IndexError):
        board.peek()


def test_checkmate():
    board = fr.Board()
    for move in FOOLS_MATE:
        board.push(move)
    assert board.is_check() is True
    assert board.is_game_over() is True
    assert board.legal_moves == []
    outcome = board.outcome()
    assert (outcome.winner, outcome.termination, outcome.result()) == (False, "checkmate", "0-1")
    assert repr(outcome) == "Outcome(termination='checkmate', winner=False)"
    assert board.result() == "0-1"
    with pytest.raises(fr.GameOver) as raised:
        board.push("e2e4")
    assert raised.value.outcome.termination == "checkmate"
    assert raised.value.text == "e2e4"
    # A game over is an illegal move, and a ValueError, as in python-chess.
    assert isinstance(raised.value, fr.IllegalMove) and isinstance(raised.value, ValueError)


def test_other_ends():
    stalemate = fr.Board("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1").outcome()
    assert (stalemate.winner, stalemate.termination, stalemate.result()) == (
        None, "stalemate", "1/2-1/2")
    hill = fr.Board("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1")
    hill.push("e3e4")
    assert (hill.outcome().winner, hill.outcome().termination) == (True, "flag")
    dead = fr.Board("chess", "8/8/8/3k4/8/3KB3/8/8 w - - 0 1").outcome()
    assert (dead.winner, dead.termination) == (None, "insufficient material")
    board = fr.Board()
    for move in ["g1f3", "g8f6", "f3g1", "f6g8"] * 2:
        board.push(move)
    assert board.outcome().termination == "repetition"
    assert board.legal_moves == []


def test_perft():
    assert fr.Board().perft(3) == 8902
    assert fr.Board().perft(4) == 197281
    assert fr.Board("chess", KIWIPETE).perft(3) == 97862
    assert fr.Board("shogi").perft(3) == 25470
    assert fr.Board("capablanca").perft(3) == 25228
    board = fr.Board()
    board.push("e2e4")
    assert board.perft(1) == 20
    assert board.perft(0) == 1


def test_crazyhouse_drops():
    board = fr.Board("crazyhouse")
    for san in ["e4", "d5", "exd5", "Qxd5"]:
        board.push_san(san)
    assert board.fen() == "rnb1kbnr/ppp1pppp/8/3q4/8/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3"
    assert board.san("P@e4") == "P@e4"
    assert board.push_san("P@e4") == "P@e4"
    assert board.is_capture("d5e4") is True
    assert board.san("d5e4") == "Qxe4+"


def test_chess960_castling_text():
    fen = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"
    assert "e1g1" in fr.Board("chess", fen).legal_moves
    board = fr.Board("chess", fen, chess960=True)
    assert board.chess960 is True
    assert "e1h1" in board.legal_moves and "e1g1" not in board.legal_moves
    board.push("e1h1")
    assert board.move_stack == ["e1h1"]
    assert board.fen() == "r3k2r/8/8/8/8/8/8/R4RK1 b kq - 1 1"


def test_copies_are_independent():
    board = fr.Board()
    board.push("e2e4")
    for other in [board.copy(), copy.copy(board), copy.deepcopy(board)]:
        other.push("e7e5")
        assert other.move_stack == ["e2e4", "e7e5"]
    assert board.move_stack == ["e2e4"]


def test_chance_is_drawn_from_the_seed():
    # The Bermuda Chess Angle: a move through the triangle draws a cell.
    assert fr.Board("bermuda", seed=0).push_uci("d2d4") == "d2d4@g7"
    assert fr.Board("bermuda", seed=1).push_uci("d2d4") == "d2d4@h7"
    board = fr.Board("bermuda", seed=1)
    board.push("d2d4@e3")
    assert board.move_stack == ["d2d4@e3"]


def test_views_of_hidden_parts():
    board = fr.Board("seachess")
    board.push("c1:M")
    assert board.fen() == (
        "csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/{C*M}SDAKDST b KQkq - 1 1 "
        "c1.mine=0,d1.surfaced=1,i1.surfaced=1")
    assert board.view_fen(True) == board.fen()
    hidden = ("csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/CSDAKDST b KQkq - 1 1 "
              "d1.surfaced=1,i1.surfaced=1")
    assert board.view_fen(False) == hidden
    assert board.view_fen() == hidden


def test_engine_finds_the_mate_in_one():
    engine = fr.Engine("chess")
    assert engine.variant == "chess"
    board = fr.Board("chess", "6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1")
    result = engine.search(board, depth=3)
    assert (result.best_move, result.mate, result.pv[0]) == ("a1a8", 1, "a1a8")
    assert result.score == 29999
    assert result.depth <= 3 and result.nodes > 0
    # Without a limit, six plies.
    assert fr.Engine().search(fr.Board()).depth == 6
    # Limited by nodes and by time.
    assert engine.search(board, nodes=2000).best_move == "a1a8"
    assert engine.search(board, time=0.5).best_move == "a1a8"
    assert repr(fr.Engine()) == "Engine('chess')"


def test_engine_on_a_finished_game_and_other_variants():
    board = fr.Board()
    for move in FOOLS_MATE:
        board.push(move)
    result = fr.Engine().search(board, depth=2)
    assert (result.best_move, result.pv, result.mate) == (None, [], 0)
    # Crazyhouse: a legal move, in UCI.
    crazy = fr.Board("crazyhouse")
    crazy.push_san("e4")
    best = fr.Engine("crazyhouse").search(crazy, depth=2).best_move
    assert best in crazy.legal_moves
    # Seachess: the engine searches what the side to move sees.
    sea = fr.Board("seachess")
    assert fr.Engine("seachess").search(sea, depth=1).best_move in sea.legal_moves


def test_engine_refuses_a_board_of_another_variant():
    with pytest.raises(fr.FairyError) as raised:
        fr.Engine("chess").search(fr.Board("crazyhouse"), depth=1)
    assert raised.value.reason == "the engine plays chess, the board another variant"


def test_variant():
    variant = fr.Variant("kingofthehill")
    assert variant.name == "kingofthehill"
    assert variant.title == "King of the Hill"
    assert variant.description == "Chess where bringing your king to d4, e4, d5 or e5 wins."
    assert variant.start_fen == CHESS
    assert variant.captures_to_hand is False
    assert variant.has_hidden_information is False
    assert fr.Variant("seachess").has_hidden_information is True
    assert fr.Variant("crazyhouse").captures_to_hand is True
    assert repr(variant) == "Variant('kingofthehill')"
    # A board takes a Variant too.
    assert fr.Board(variant).variant == "kingofthehill"


BAD_MOVEMENT = """name: Tiny
board: 4x4
pieces:
  king:
    letter: K
    moves: Kz
    royal: true
setup: k3/4/4/3K
"""


def test_diagnostics_of_a_definition():
    [d] = fr.Variant.diagnostics(BAD_MOVEMENT)
    assert (d.code, d.severity, d.message) == (
        "fairy::movement-syntax", "error", "unexpected `z` in movement")
    assert (d.file, d.line, d.column, d.end_line, d.end_column) == (
        "definition.yaml", 6, 13, 6, 14)
    assert d.span == (64, 65) and BAD_MOVEMENT[64:65] == "z"
    assert d.label == "unexpected `z` in movement"
    assert d.help.startswith("expected the end of the text or a move component")
    assert str(d) == "definition.yaml:6:13: error: unexpected `z` in movement"
    assert fr.Variant.diagnostics(BAD_MOVEMENT.replace("Kz", "K")) == []


def test_diagnostics_count_characters_not_bytes():
    text = BAD_MOVEMENT.replace("name: Tiny", "name: Tíñÿ ♔")
    [d] = fr.Variant.diagnostics(text)
    assert text[d.span[0]:d.span[1]] == "z"
    assert (d.line, d.column) == (6, 13)


def test_warnings_are_diagnostics_too():
    text = BAD_MOVEMENT.replace("Kz", "K").replace(
        "setup:", "  rook:\n    letter: R\n    moves: R\nsetup:")
    [w] = fr.Variant.diagnostics(text)
    assert (w.code, w.severity, w.message) == (
        "fairy::unused-piece", "warning", "the rook is never placed and never promoted to")
    assert (w.line, w.column, w.label) == (9, 13, "never used")
    assert text[w.span[0]:w.span[1]] == "R"
    assert w.help == "put it in the setup or among promotion choices, or remove it"
    # A definition with warnings loads.
    assert fr.Variant.load(text.replace("Tiny", "Tiny Rook")).name == "tiny-rook"


def test_variant_load():
    variant = fr.Variant.load(BAD_MOVEMENT.replace("Kz", "K").replace("Tiny", "Tiny Two"))
    assert variant.name == "tiny-two"
    assert "tiny-two" in fr.variants()
    assert fr.Board(variant).legal_moves == ["d1c1", "d1c2", "d1d2"]
