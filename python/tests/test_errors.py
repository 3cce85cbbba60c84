"""Errors: bad input raises a FairyError carrying the text, the reason and, where the library
knows one, the place; hostile input never aborts the interpreter."""

import os
import subprocess
import sys
import textwrap

import pytest

import fairy_rules as fr

CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def test_the_hierarchy():
    assert issubclass(fr.FairyError, ValueError)
    for error in [fr.InvalidFen, fr.IllegalMove, fr.DefinitionError, fr.UnknownVariant]:
        assert issubclass(error, fr.FairyError)
    for error in [fr.InvalidMove, fr.AmbiguousMove, fr.GameOver]:
        assert issubclass(error, fr.IllegalMove)
    assert fr.FairyError.__module__ == "fairy_rules"


def test_invalid_fen_points_at_its_place():
    fen = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBXR w KQkq - 0 1"
    with pytest.raises(fr.InvalidFen) as raised:
        fr.Board("chess", fen)
    e = raised.value
    assert str(e) == "invalid FEN placement: no piece has the letter `X`"
    assert (e.text, e.field, e.reason) == (fen, "placement", "no piece has the letter `X`")
    assert (e.line, e.column, e.span) == (1, 42, (41, 42))
    assert fen[e.span[0]:e.span[1]] == "X"


def test_invalid_fen_fields():
    with pytest.raises(fr.InvalidFen) as raised:
        fr.get_fen("chess", CHESS.replace(" w ", " x "), [])
    assert raised.value.field == "side to move"
    assert raised.value.reason == "`x` is neither `w` nor `b`"
    with pytest.raises(fr.InvalidFen) as raised:
        fr.legal_moves("chess", "", [])
    assert (raised.value.field, raised.value.span) == (None, None)
    assert str(raised.value) == "invalid FEN: it is empty"
    with pytest.raises(fr.InvalidFen) as raised:
        fr.Board("chess", "4k3/8/8/8/8/8/4Q3/4K3 w - - 0 1")
    assert raised.value.reason == "black is in check with white to move"


def test_illegal_invalid_and_ambiguous_moves():
    board = fr.Board()
    with pytest.raises(fr.IllegalMove) as raised:
        board.push("e2e5")
    assert type(raised.value) is fr.IllegalMove
    assert (raised.value.text, raised.value.reason) == ("e2e5", "the pawn on e2 cannot go to e5")
    assert str(raised.value) == "`e2e5` is not legal here: the pawn on e2 cannot go to e5"
    assert (raised.value.line, raised.value.column, raised.value.span) == (None, None, None)
    with pytest.raises(fr.InvalidMove) as raised:
        board.push("z9z9")
    assert raised.value.reason == "z9 is not a square of this board"
    with pytest.raises(fr.InvalidMove) as raised:
        board.push("")
    assert raised.value.reason == "a move needs an origin and a destination square"
    with pytest.raises(fr.IllegalMove) as raised:
        board.push_san("Qh9")
    assert raised.value.reason == "no legal move reads so"
    knights = fr.Board("chess", "4k3/8/8/8/8/8/8/1N2KN2 w - - 0 1")
    with pytest.raises(fr.AmbiguousMove) as raised:
        knights.push_san("Nd2")
    assert raised.value.candidates == ["Nbd2", "Nfd2"]
    assert raised.value.reason == "it could be Nbd2 or Nfd2"
    # The board is unchanged.
    assert board.fen() == CHESS and knights.move_stack == []
    # pyffish's functions raise too.
    with pytest.raises(fr.IllegalMove):
        fr.legal_moves("chess", CHESS, ["e2e4", "e2e4"])
    with pytest.raises(fr.IllegalMove):
        fr.get_san("chess", CHESS, "e1e2")


def test_unknown_variant():
    with pytest.raises(fr.UnknownVariant) as raised:
        fr.start_fen("no-such-game")
    e = raised.value
    assert (e.text, e.reason) == ("no-such-game", "there is no variant `no-such-game`")
    assert "chess" in e.known and "crazyhouse" in e.known
    with pytest.raises(fr.UnknownVariant):
        fr.Board("")
    with pytest.raises(fr.UnknownVariant):
        fr.Engine("nope")


def test_definition_error_lists_every_problem():
    text = "name: Broken\nboard: 4x4\npieces:\n  king:\n    letter: K\n    moves: Kz\n"
    with pytest.raises(fr.DefinitionError) as raised:
        fr.load_variant_config(text)
    e = raised.value
    assert e.text == text
    assert [(d.code, d.line, d.column) for d in e.diagnostics] == [
        ("fairy::missing-key", 1, 1), ("fairy::movement-syntax", 6, 13)]
    assert (e.line, e.column, e.span) == (1, 1, (0, 0))
    assert str(e).splitlines()[0] == "definition.yaml has 2 errors"
    with pytest.raises(fr.DefinitionError) as raised:
        fr.load_variant_config("/no/such/folder/game.yaml")
    assert raised.value.diagnostics == []
    assert raised.value.reason.startswith("cannot read /no/such/folder/game.yaml")


def test_bad_arguments():
    with pytest.raises(fr.FairyError) as raised:
        fr.Engine().search(fr.Board(), time=-1.0)
    assert raised.value.reason == (
        "time must be a finite number of seconds from 0, not -1")
    with pytest.raises(fr.FairyError):
        fr.Engine().search(fr.Board(), time=float("nan"))
    with pytest.raises(TypeError):
        fr.legal_moves("chess", CHESS, "e2e4")
    with pytest.raises(OverflowError):
        fr.Board().perft(-1)


# The hostile inputs run in a child interpreter: an abort there fails the test instead of
# ending the test run.
HOSTILE = textwrap.dedent(
    r'''
    import fairy_rules as fr

    CHESS = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
    raised = 0

    def attempt(call, *args, **kwargs):
        """Calls; a FairyError (or a type's own error) is the right answer to bad input, a
        value is fine for input that is odd but valid; anything else fails the run."""
        global raised
        try:
            call(*args, **kwargs)
        except (fr.FairyError, NotImplementedError, TypeError, OverflowError):
            raised += 1
        except BaseException as e:
            print("UNEXPECTED", type(e).__name__, call.__name__, repr(args)[:200], e)
            raise SystemExit(1)

    fens = ["", " ", "\0", "x" * 200000, "/" * 5000, "8/" * 5000 + "8 w - - 0 1",
            "99999999999999999999/8/8/8/8/8/8/8 w - - 0 1", "K" * 100 + " w - - 0 1",
            "♔♕♖/8/8/8/8/8/8/8 w - - 0 1", CHESS + " " + "1 " * 1000,
            CHESS.replace(" 0 1", " 4294967296 99999999999999999999"),
            CHESS.replace("KQkq", "K" * 5000), "8/8/8/8/8/8/8/8 w - - 0 1",
            "8/8/8/8/8/8/8/8[" + "Q" * 100000 + "] w - - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 3+3 0 1 +0+0 extra"]
    moves = ["", "@", "@@", "P@", "P@z9", "e2e4@", "e2e4@e5@e5", "e7e8qqq", "a" * 200000,
             "\0", "é2é4", "O-O-O-O", "e2e4,", ",", "e1g1/", "/", "+", "e2e4+++", "Nf3##",
             "0000", "--", "x", "K@e4", "p@e4", "@e4", "e2e4" * 10000, "c1:M", "{}", "<>"]
    names = ["", "\0", "../../etc/passwd", "/etc/passwd.yaml", "a.yaml", "x" * 100000,
             "chess\n", "/dev/zero.yaml", "/proc/self/mem.yml"]
    definitions = ["", "{", ": :", "[" * 100000, "[" * 20000 + "]" * 20000,
                   "{a: " * 20000 + "1" + "}" * 20000, "- " * 50000,
                   "a: &a [" + "*a, " * 1000 + "]",
                   "board: 100000x100000\n", "board: 0x0\n", "extends: definition.yaml\n",
                   "extends: /etc/passwd\n", "extends: " + "../" * 1000 + "x.yaml\n",
                   "name: x\n" * 100000, "\0\0\0", "pieces: {k: {letter: K, moves: '"
                   + "(" * 10000 + "'}}",
                   "name: T\nboard: 8x8\npieces:\n  k:\n    letter: K\n    moves: "
                   + "W" * 100000 + "\n    royal: true\nsetup: k7/8/8/8/8/8/8/7K\n",
                   "laughs:\n" + "".join(f"  l{i}: &l{i} [" + ", ".join(
                       [f"*l{i-1}"] * 9 if i else ["lol"] * 9) + "]\n" for i in range(9))]

    for variant in ["chess", "crazyhouse", "shogi", "seachess", "pirateknics", "bermuda",
                    "duck", "xiangqi"]:
        for fen in fens:
            attempt(fr.Board, variant, fen)
            attempt(fr.legal_moves, variant, fen, [])
            attempt(fr.validate_fen, fen, variant)
            attempt(fr.get_fog_fen, fen, variant)
            attempt(fr.has_insufficient_material, variant, fen, [])
        board = fr.Board(variant)
        for move in moves:
            attempt(board.push, move)
            attempt(board.push_san, move)
            attempt(board.san, move)
            attempt(board.lan, move)
            attempt(board.is_capture, move)
            attempt(fr.get_san, variant, "startpos", move, False, 2)
            attempt(fr.is_capture, variant, "startpos", [], move)
            attempt(fr.get_san_moves, variant, "startpos", [move, move])
            attempt(fr.game_result, variant, "startpos", [move])
        attempt(fr.Engine(variant).search, board, depth=1, nodes=0, time=0.0)
        attempt(fr.Engine(variant).search, board, time=float("inf"))
        attempt(board.perft, 0)
    for name in names:
        attempt(fr.start_fen, name)
        attempt(fr.Board, name)
        attempt(fr.Variant, name)
        attempt(fr.captures_to_hand, name)
    for text in definitions:
        attempt(fr.load_variant_config, text)
        attempt(fr.Variant.diagnostics, text)
    print("hostile inputs refused:", raised)
    '''
)


def test_hostile_input_never_aborts_the_interpreter():
    run = subprocess.run(
        [sys.executable, "-c", HOSTILE], capture_output=True, text=True, timeout=600,
        env=os.environ,
    )
    assert run.returncode == 0, run.stdout[-2000:] + run.stderr[-2000:]
    assert run.stdout.startswith("hostile inputs refused: ")
    assert int(run.stdout.split(": ")[1]) > 1000
    # No panic was caught on the way (each would print the library's panic message).
    assert "panicked" not in run.stderr, run.stderr[-2000:]
