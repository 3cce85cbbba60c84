"""Fairy-Stockfish spoken to over UCI, for the scripts that compare our rules with its."""

import subprocess


class Engine:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, binary):
        self.proc = subprocess.Popen(
            [binary], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.ask(["uci"], "uciok")

    def ask(self, commands, until):
        """Sends the commands, returns the lines read up to one starting with `until`."""
        for c in commands:
            self.proc.stdin.write(c + "\n")
        self.proc.stdin.flush()
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError(f"Fairy-Stockfish stopped after {commands}")
            line = line.rstrip("\n")
            lines.append(line)
            if line.startswith(until):
                return lines

    def variant(self, name, chess960):
        self.ask(
            [
                f"setoption name UCI_Chess960 value {'true' if chess960 else 'false'}",
                f"setoption name UCI_Variant value {name}",
                "isready",
            ],
            "readyok",
        )

    def perft(self, position, depth):
        """The moves (at depth 1) and the count."""
        lines = self.ask([position, f"go perft {depth}"], "Nodes searched")
        moves = [l.split(":")[0] for l in lines if ": " in l and not l.startswith(("Nodes", "info"))]
        return moves, int(lines[-1].split(":")[1])

    def fen(self, position):
        lines = self.ask([position, "d", "isready"], "readyok")
        return next(l[len("Fen: "):] for l in lines if l.startswith("Fen: "))
