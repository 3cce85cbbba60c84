"""Writes random chess games as PGN with python-chess (the PyPI package `chess`), the way
another program would: its own tags, comments, NAGs and variations.

    python3 tests/pgn/python_chess_games.py GAMES SEED

Prints the PGN of every game, and after each game a `% final FEN` escape line with the FEN
python-chess reaches at the end of the main line (PGN readers skip `%` lines).
"""
import random
import sys

import chess
import chess.pgn


def main() -> None:
    games, seed = int(sys.argv[1]), int(sys.argv[2])
    rng = random.Random(seed)
    for g in range(games):
        board = chess.Board()
        game = chess.pgn.Game()
        game.headers["Event"] = f"random game {g}"
        game.headers["White"] = "python-chess"
        game.headers["Black"] = "random"
        if g % 3 == 1:
            for _ in range(rng.randrange(2, 10)):
                moves = list(board.legal_moves)
                if not moves:
                    break
                board.push(rng.choice(moves))
            if board.is_game_over():
                board = chess.Board()
            game.setup(board)
        node = game
        for ply in range(rng.randrange(20, 160)):
            moves = list(board.legal_moves)
            if not moves:
                break
            move = rng.choice(moves)
            if ply % 7 == 3 and len(moves) > 1:
                other = rng.choice([m for m in moves if m != move])
                side = node.add_variation(other)
                side.comment = "a side line"
                reply = list(side.board().legal_moves)
                if reply:
                    side.add_variation(rng.choice(reply))
            node = node.add_main_variation(move)
            board.push(move)
            if ply % 5 == 0:
                node.comment = f"ply {ply} [%clk 0:01:{ply % 60:02d}]"
            if ply % 11 == 0:
                node.nags.add(rng.choice([1, 2, 3, 4, 5, 6, 14]))
        outcome = board.outcome(claim_draw=False)
        game.headers["Result"] = outcome.result() if outcome else "*"
        print(game, end="\n")
        print(f"% final {board.fen()}\n")


if __name__ == "__main__":
    main()
