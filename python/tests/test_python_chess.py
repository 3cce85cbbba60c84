"""Differential test against python-chess: seeded random games of chess and of the
lichess variants python-chess plays; at every ply the legal moves, the SAN of each, check and
the FEN must agree.

A move that decides the game by a variant's rule (the atomic blast that takes the king, the
third check, the king on the hill, the antichess move that leaves the opponent without pieces
or moves) is marked ``#`` in both. Where python-chess and Fairy-Stockfish differ by a
convention, fairy-rules follows Fairy-Stockfish and python-chess's text is put in that form
before comparing:

- a pawn drop's SAN: python-chess writes ``@e4``, Fairy-Stockfish and fairy-rules ``P@e4``;
- a drop resets the halfmove clock in Fairy-Stockfish and fairy-rules (it cannot be taken
  back), not in python-chess: in crazyhouse the clock is left out of the FENs compared.
"""

import random

import chess
import chess.variant
import pytest

import fairy_rules as fr

GAMES = 20
PLIES = 80

VARIANTS = [
    ("chess", chess.Board),
    ("atomic", chess.variant.AtomicBoard),
    ("crazyhouse", chess.variant.CrazyhouseBoard),
    ("3check", chess.variant.ThreeCheckBoard),
    ("king-of-the-hill", chess.variant.KingOfTheHillBoard),
    ("antichess", chess.variant.AntichessBoard),
    ("horde", chess.variant.HordeBoard),
    ("racingkings", chess.variant.RacingKingsBoard),
]

# Ends that fairy-rules applies at once and python-chess leaves to a claim (or applies
# later: the 75-move rule, fivefold repetition).
AUTOMATIC_DRAWS = {"move rule", "repetition", "insufficient material"}


def their_san(board, move):
    """python-chess's SAN of `move` in Fairy-Stockfish's conventions (see above)."""
    san = board.san(move)
    if san.startswith("@"):
        san = "P" + san
    return san


def comparable_fen(name, fen):
    """A FEN as compared: in crazyhouse without its halfmove clock (see above)."""
    if name != "crazyhouse":
        return fen
    fields = fen.split(" ")
    return " ".join(fields[:-2] + fields[-1:])


def play(name, board_class, seed):
    """Plays one random game, comparing at every ply; returns the plies played."""
    rng = random.Random(f"{name}/{seed}")
    theirs = board_class()
    ours = fr.Board(name)
    assert ours.fen() == theirs.fen()
    for ply in range(PLIES):
        outcome = ours.outcome()
        if outcome is not None and outcome.termination in AUTOMATIC_DRAWS:
            return ply
        legal = sorted(theirs.legal_moves, key=lambda m: m.uci())
        where = f"{name} game {seed} ply {ply}: {ours.fen()}"
        assert sorted(ours.legal_moves) == [m.uci() for m in legal], where
        if not legal:
            # The game is over in both, with the same winner.
            assert outcome is not None, where
            assert outcome.winner == theirs.outcome().winner, where
            return ply
        assert outcome is None, where
        sans = {m.uci(): their_san(theirs, m) for m in legal}
        assert {uci: ours.san(uci) for uci in sans} == sans, where
        move = rng.choice(legal)
        assert ours.push_san(sans[move.uci()]) == move.uci(), where
        theirs.push(move)
        assert comparable_fen(name, ours.fen()) == comparable_fen(name, theirs.fen()), where
        assert ours.is_check() == theirs.is_check(), where
    return PLIES


@pytest.mark.parametrize("name,board_class", VARIANTS, ids=[v[0] for v in VARIANTS])
def test_random_games_agree_with_python_chess(name, board_class):
    plies = sum(play(name, board_class, seed) for seed in range(GAMES))
    # The games are long enough to test something.
    assert plies > GAMES * 10


@pytest.mark.parametrize(
    "fen",
    [
        # White's king reaches the goal where Black's cannot follow: White wins at once.
        "8/6K1/k7/8/8/8/8/8 w - - 0 1",
        # Black may follow onto the goal: a draw if it does.
        "8/k5K1/8/8/8/8/8/8 w - - 0 1",
        # Black's king could reach the goal only on squares White's rook attacks.
        "3R4/1k4K1/8/8/8/8/8/8 w - - 0 1",
        # Black reaches the goal first.
        "8/1k6/8/8/8/8/8/6K1 b - - 0 1",
    ],
)
def test_racing_kings_ends_agree_with_python_chess(fen):
    """The random games above never end a race; these positions do, after each legal move
    and each reply."""
    theirs = chess.variant.RacingKingsBoard(fen)
    for move in theirs.legal_moves:
        ours = fr.Board("racingkings", fen)
        theirs.push(move)
        ours.push(move.uci())
        replies = sorted(m.uci() for m in theirs.legal_moves)
        assert sorted(ours.legal_moves) == replies, (fen, move)
        assert (ours.outcome() is None) == (theirs.outcome() is None), (fen, move)
        if ours.outcome() is not None:
            assert ours.outcome().winner == theirs.outcome().winner, (fen, move)
        for reply in replies:
            after = ours.copy()
            after.push(reply)
            theirs.push(chess.Move.from_uci(reply))
            assert (after.outcome() is None) == (theirs.outcome() is None), (fen, move, reply)
            if after.outcome() is not None:
                assert after.outcome().winner == theirs.outcome().winner, (fen, move, reply)
            theirs.pop()
        theirs.pop()
