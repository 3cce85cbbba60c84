"""The pyffish-compatible functions: exact answers on known positions."""

import os

import pytest

import fairy_rules as fr

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
FOOLS_MATE = ["f2f3", "e7e5", "g2g4", "d8h4"]
CASTLING = "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1"


def test_variants_are_sorted_and_hold_the_bundled_and_suite_games():
    names = fr.variants()
    assert names == sorted(names)
    for name in ["chess", "crazyhouse", "3check", "king-of-the-hill", "atomic", "antichess",
                 "horde", "racingkings", "shogi", "xiangqi", "falcon-chess", "seachess"]:
        assert name in names
    assert fr.Variant.names() == names


@pytest.mark.parametrize(
    "variant,fen",
    [
        ("chess", CHESS),
        ("crazyhouse", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1"),
        ("3check", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1"),
        ("horde", "rnbqkbnr/pppppppp/8/1PP2PP1/PPPPPPPP/PPPPPPPP/PPPPPPPP/PPPPPPPP w kq - 0 1"),
        ("racingkings", "8/8/8/8/8/8/krbnNBRK/qrbnNBRQ w - - 0 1"),
        ("antichess", "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w - - 0 1"),
        ("capablanca", "rnabqkbcnr/pppppppppp/10/10/10/10/PPPPPPPPPP/RNABQKBCNR w KQkq - 0 1"),
        ("shogi", "lnsgkgsnl/1r5b1/ppppppppp/9/9/9/PPPPPPPPP/1B5R1/LNSGKGSNL[] w - - 0 1"),
    ],
)
def test_start_fen(variant, fen):
    assert fr.start_fen(variant) == fen


def test_names_as_fairy_stockfish_writes_them():
    # pyffish's `kingofthehill` is the bundled `king-of-the-hill`.
    assert fr.start_fen("kingofthehill") == CHESS
    assert fr.Variant("kingofthehill").title == "King of the Hill"
    assert fr.Variant("King of the Hill").title == "King of the Hill"


def test_legal_moves():
    assert len(fr.legal_moves("chess", CHESS, [])) == 20
    assert len(fr.legal_moves("chess", "startpos", ["e2e4"])) == 20
    assert sorted(fr.legal_moves("chess", CHESS, ["e2e4", "e7e5", "g1f3"]))[:4] == [
        "a7a5", "a7a6", "b7b5", "b7b6"]
    assert len(fr.legal_moves("shogi", "startpos", [])) == 30
    # No legal move after mate.
    assert fr.legal_moves("chess", CHESS, FOOLS_MATE) == []
    # A tuple of moves is a sequence too.
    assert len(fr.legal_moves("chess", CHESS, ("e2e4", "e7e5"))) == 29


def test_drops_and_captures_to_hand():
    fen = fr.get_fen("crazyhouse", "startpos", ["e2e4", "d7d5", "e4d5"])
    assert fen == "rnbqkbnr/ppp1pppp/8/3P4/8/8/PPPP1PPP/RNBQKBNR[P] b KQkq - 0 2"
    moves = fr.legal_moves("crazyhouse", fen, ["d8d5"])
    drops = sorted(m for m in moves if "@" in m)
    assert len(drops) == 33 and drops[:3] == ["P@a3", "P@a4", "P@a5"]
    assert fr.get_san("crazyhouse", fen, "d8d5") == "Qxd5"
    assert fr.get_san_moves("crazyhouse", fen, ["d8d5", "P@e4"]) == ["Qxd5", "P@e4"]
    assert fr.captures_to_hand("crazyhouse") is True
    assert fr.captures_to_hand("shogi") is True
    assert fr.captures_to_hand("chess") is False
    assert fr.two_boards("crazyhouse") is False


def test_shogi_promotion_is_written_with_a_plus():
    moves = fr.legal_moves("shogi", "startpos", ["c3c4", "g7g6"])
    assert "b2h8+" in moves and "b2h8" in moves
    assert len(moves) == 39
    after = fr.get_fen("shogi", "startpos", ["c3c4", "g7g6", "b2h8+"])
    assert after == "lnsgkgsnl/1r5H1/pppppp1pp/6p2/9/2P6/PP1PPPPPP/7R1/LNSGKGSNL[B] b - - 0 2"
    # The library's own move text is read too.
    assert fr.get_fen("shogi", "startpos", ["c3c4", "g7g6", "b2h8h"]) == after


def test_get_fen():
    assert fr.get_fen("chess", CHESS, ["e2e4", "e7e5"]) == (
        "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 2")
    assert fr.get_fen("chess", CHESS, []) == CHESS
    assert fr.get_fen("3check", "startpos", ["e2e4", "f7f5", "d1h5"]) == (
        "rnbqkbnr/ppppp1pp/8/5p1Q/4P3/8/PPPP1PPP/RNB1KBNR b KQkq - 2+3 1 2")
    with pytest.raises(NotImplementedError):
        fr.get_fen("shogi", "startpos", [], sfen=True)


def test_get_san():
    assert fr.get_san("chess", CHESS, "g1f3") == "Nf3"
    assert fr.get_san("chess", CHESS, "g1f3", False, fr.NOTATION_SAN) == "Nf3"
    assert fr.get_san("chess", CHESS, "g1f3", notation=fr.NOTATION_LAN) == "Ng1-f3"
    assert fr.get_san("chess", CHESS, "e2e4", notation=fr.NOTATION_LAN) == "e2-e4"
    assert fr.get_san_moves("chess", CHESS, FOOLS_MATE) == ["f3", "e5", "g4", "Qh4#"]
    assert fr.get_san_moves("chess", CHESS, FOOLS_MATE, notation=fr.NOTATION_LAN) == [
        "f2-f3", "e7-e5", "g2-g4", "Qd8-h4#"]
    assert fr.get_san_moves(
        "chess", CHESS,
        ["e2e4", "e7e5", "g1f3", "b8c6", "f1b5", "a7a6", "b5c6", "d7c6", "e1g1"],
    ) == ["e4", "e5", "Nf3", "Nc6", "Bb5", "a6", "Bxc6", "dxc6", "O-O"]
    assert fr.get_san("chess", "7k/8/8/8/8/8/4p3/K7 b - - 0 1", "e2e1q") == "e1=Q+"


def test_chess960_castling_is_the_king_onto_its_rook():
    assert fr.get_san("chess", CASTLING, "e1c1") == "O-O-O"
    assert fr.get_san("chess", CASTLING, "e1a1", True) == "O-O-O"
    ordinary = sorted(fr.legal_moves("chess", CASTLING, []))
    chess960 = sorted(fr.legal_moves("chess", CASTLING, [], True))
    assert "e1g1" in ordinary and "e1c1" in ordinary and "e1h1" not in ordinary
    assert "e1h1" in chess960 and "e1a1" in chess960 and "e1g1" not in chess960
    assert len(ordinary) == len(chess960) == 26


def test_gives_check_and_is_capture():
    assert fr.gives_check("chess", CHESS, FOOLS_MATE) is True
    assert fr.gives_check("chess", CHESS, FOOLS_MATE[:3]) is False
    assert fr.is_capture("chess", CHESS, ["e2e4", "d7d5"], "e4d5") is True
    assert fr.is_capture("chess", CHESS, ["e2e4", "d7d5"], "e4e5") is False
    # En passant captures.
    assert fr.is_capture("chess", CHESS, ["e2e4", "a7a6", "e4e5", "d7d5"], "e5d6") is True


def test_game_result():
    assert fr.VALUE_MATE == 32000 and fr.VALUE_DRAW == 0
    # The side to move is mated.
    assert fr.game_result("chess", CHESS, FOOLS_MATE) == -fr.VALUE_MATE
    # Stalemate.
    assert fr.game_result("chess", "7k/5Q2/6K1/8/8/8/8/8 b - - 0 1", []) == fr.VALUE_DRAW
    # Antichess: the side to move wins without pieces, and stalemated.
    assert fr.game_result("antichess", "8/8/8/8/8/8/p7/8 w - - 0 1", []) == fr.VALUE_MATE
    assert fr.game_result("antichess", "8/8/8/8/8/1p6/1P6/8 w - - 0 1", []) == fr.VALUE_MATE
    # A game that goes on.
    assert fr.game_result("chess", CHESS, []) == fr.VALUE_DRAW


def test_immediate_game_end():
    assert fr.is_immediate_game_end("chess", CHESS, FOOLS_MATE) == (False, 0)
    # The king on the hill: the side to move has lost.
    assert fr.is_immediate_game_end("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1",
                                    ["e3e4"]) == (True, -fr.VALUE_MATE)
    assert fr.game_result("kingofthehill", "4k3/8/8/8/8/4K3/8/8 w - - 0 1",
                          ["e3e4"]) == -fr.VALUE_MATE
    # The third check.
    # Bxf7+, Qh5+, Qxg6+.
    third = ["e2e4", "e7e5", "f1c4", "d7d6", "c4f7", "e8f7", "d1h5", "g7g6", "h5g6"]
    assert fr.is_immediate_game_end("3check", "startpos", third[:-1]) == (False, 0)
    assert fr.is_immediate_game_end("3check", "startpos", third) == (True, -fr.VALUE_MATE)
    # Insufficient material ends a chess game here.
    assert fr.is_immediate_game_end("chess", "8/8/8/3k4/8/3K4/8/8 w - - 0 1", []) == (True, 0)


def test_optional_game_end():
    shuffle = ["g1f3", "g8f6", "f3g1", "f6g8"]
    assert fr.is_optional_game_end("chess", CHESS, shuffle) == (False, 0)
    assert fr.is_optional_game_end("chess", CHESS, shuffle * 2) == (True, 0)
    assert fr.is_optional_game_end("chess", "4k3/8/8/8/8/8/R7/4K3 w - - 99 80", []) == (False, 0)
    assert fr.is_optional_game_end("chess", "4k3/8/8/8/8/8/R7/4K3 w - - 99 80",
                                   ["a2a3"]) == (True, 0)
    # The game is over: another move raises.
    with pytest.raises(fr.GameOver) as raised:
        fr.legal_moves("chess", CHESS, shuffle * 2 + ["g1f3"])
    assert raised.value.outcome.termination == "repetition"
    # Legal moves do not stop at a claimable end, as in Fairy-Stockfish.
    assert len(fr.legal_moves("chess", CHESS, shuffle * 2)) == 20
    # Makruk's counting rules: a rook against a lone king counts 16 moves from 3 pieces, in
    # the FEN as Fairy-Stockfish writes it; past the limit the game is drawn.
    rook = "8/8/8/4k3/8/8/8/R3K3 w - - 0 1"
    assert fr.get_fen("makruk", rook, ["a1a2"]) == "8/8/8/4k3/8/8/R7/4K3 b - 32 6 1"
    counted = "k7/8/1K6/8/8/8/8/7R w - 32 32 1"
    assert fr.is_optional_game_end("makruk", counted, []) == (False, 0)
    assert fr.is_optional_game_end("makruk", counted, ["h1h2"]) == (True, 0)


def test_insufficient_material():
    assert fr.has_insufficient_material("chess", CHESS, []) == (False, False)
    assert fr.has_insufficient_material("chess", "8/8/8/3k4/8/3KB3/8/8 w - - 0 1", []) == (
        True, True)
    assert fr.has_insufficient_material("chess", "8/8/8/3k4/8/3KR3/8/8 w - - 0 1", []) == (
        False, True)
    assert fr.has_insufficient_material("chess", "8/8/8/3kn3/8/3KR3/8/8 w - - 0 1", []) == (
        False, True)
    # A definition without the list never says so.
    assert fr.has_insufficient_material("racingkings", "8/8/8/8/8/8/k6K/8 w - - 0 1",
                                        []) == (False, False)
    # Crazyhouse has chess's list: bare kings with empty hands cannot win.
    assert fr.has_insufficient_material("crazyhouse", "8/8/8/3k4/8/3K4/8/8[] w - - 0 1",
                                        []) == (True, True)
    assert fr.has_insufficient_material("crazyhouse", "8/8/8/3k4/8/3K4/8/8[p] w - - 0 1",
                                        []) == (True, False)


@pytest.mark.parametrize(
    "fen,code",
    [
        (CHESS, fr.FEN_OK),
        ("", fr.FEN_EMPTY),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBXR w KQkq - 0 1", fr.FEN_INVALID_CHAR),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP w KQkq - 0 1", fr.FEN_INVALID_BOARD_GEOMETRY),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR x KQkq - 0 1",
         fr.FEN_INVALID_SIDE_TO_MOVE),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkqX - 0 1",
         fr.FEN_INVALID_CASTLING_INFO),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq z9 0 1",
         fr.FEN_INVALID_EN_PASSANT_SQ),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - x 1",
         fr.FEN_INVALID_HALF_MOVE_COUNTER),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 0", fr.FEN_INVALID_MOVE_COUNTER),
        ("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1 extra more",
         fr.FEN_INVALID_NB_PARTS),
        ("4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1", fr.FEN_TOUCHING_KINGS),
    ],
)
def test_validate_fen(fen, code):
    assert fr.validate_fen(fen, "chess") == code


def test_validate_fen_of_hands_and_checks():
    assert fr.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[Pz] w KQkq - 0 1",
                           "crazyhouse") == fr.FEN_INVALID_POCKET_INFO
    assert fr.validate_fen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 9+3 0 1",
                           "3check") == fr.FEN_INVALID_CHECK_COUNT
    assert fr.validate_fen(fr.start_fen("shogi"), "shogi") == fr.FEN_OK


def test_fog_fen_is_the_side_to_moves_view():
    # Chess hides nothing.
    assert fr.get_fog_fen(CHESS, "chess") == CHESS
    # In Seachess a mine White planted is hidden from Black.
    fen = ("csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/{C*M}SDAKDST b KQkq - 1 1 "
           "c1.mine=0,d1.surfaced=1,i1.surfaced=1")
    assert fr.get_fog_fen(fen, "seachess") == (
        "csdakdst/bbbbbbbb/12/12/12/12/12/12/12/12/BBBBBBBB/CSDAKDST b KQkq - 1 1 "
        "d1.surfaced=1,i1.surfaced=1")


TINY = """name: Tiny Kings
board: 4x4
pieces:
  king:
    letter: K
    moves: K
    royal: true
setup: k3/4/4/3K
"""


def test_load_variant_config_from_text_and_from_a_file(tmp_path):
    assert fr.load_variant_config(TINY) == "tiny-kings"
    assert "tiny-kings" in fr.variants()
    assert fr.start_fen("tiny-kings") == "k3/4/4/3K w - - 0 1"
    assert sorted(fr.legal_moves("tiny-kings", "startpos", [])) == ["d1c1", "d1c2", "d1d2"]
    # Extending a bundled definition.
    name = fr.load_variant_config("extends: variants/chess.yaml\nname: My Chess\n")
    assert name == "my-chess"
    assert fr.start_fen("my-chess") == CHESS
    path = tmp_path / "corner.yaml"
    path.write_text(TINY.replace("3K", "K3"))
    assert fr.load_variant_config(str(path)) == "corner"
    assert fr.start_fen("corner") == "k3/4/4/K3 w - - 0 1"
    # A file is also a variant by its path.
    assert fr.start_fen(str(path)) == "k3/4/4/K3 w - - 0 1"


def test_version_and_info():
    assert fr.version() == (0, 1, 0)
    assert fr.__version__ == "0.1.0"
    assert fr.info() == "fairy-rules 0.1.0"
