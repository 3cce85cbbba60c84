"""python-chess, an independent UCI client, plays games against `fairy uci`.

Usage: python3 python_chess_client.py FAIRY PLIES

For chess and three of python-chess's variants (crazyhouse, atomic, king of the hill, each
told to the engine by python-chess with UCI_Variant), the engine plays both sides at depth
2 until the game ends or PLIES plies are played; every move it sends must be legal on
python-chess's board. Prints one line per game: `VARIANT: N plies, RESULT` (`*` when the
game goes on) and exits 1 at the first illegal move.
"""

import sys

import chess
import chess.engine
import chess.variant


def main() -> int:
    fairy, plies = sys.argv[1], int(sys.argv[2])
    boards = [
        chess.Board(),
        chess.variant.CrazyhouseBoard(),
        chess.variant.AtomicBoard(),
        chess.variant.KingOfTheHillBoard(),
    ]
    with chess.engine.SimpleEngine.popen_uci([fairy, "uci"]) as engine:
        for board in boards:
            while not board.is_game_over() and len(board.move_stack) < plies:
                played = engine.play(board, chess.engine.Limit(depth=2))
                if played.move not in board.legal_moves:
                    print(f"{board.uci_variant}: illegal move {played.move} at {board.fen()}")
                    return 1
                board.push(played.move)
            print(f"{board.uci_variant}: {len(board.move_stack)} plies, {board.result()}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
