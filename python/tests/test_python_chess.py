"""Differential test against python-chess: seeded random games of chess and of the
lichess variants python-chess plays; at every ply the legal moves, the SAN of each, check and
the FEN must agree.

Where python-chess follows lichess and fairy-rules Fairy-Stockfish, python-chess's text is
put in Fairy-Stockfish's form before comparing (each a convention, not a bug):

- a pawn drop's SAN: python-chess writes ``@e4``, Fairy-Stockfish and fairy-rules ``P@e4``;
- ``#`` marks checkmate only: python-chess also writes it on a move that ends a variant's
  game (the atomic blast that takes the king, the third check, the king on the hill, the
  antichess move that leaves the opponent without pieces or moves), where Fairy-Stockfish
  and fairy-rules write ``+`` for a check and nothing otherwise;
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
    if san.endswith("#"):
        board.push(move)
        # In python-chess a game's end leaves no legal moves: a check then looks like mate.
        mate = board.is_checkmate() and not board.is_variant_end()
        check = board.is_check()
        board.pop()
        if not mate:
            san = san[:-1] + ("+" if check else "")
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
            assert outcome is not None, where
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
