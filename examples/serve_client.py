#!/usr/bin/env python3
"""A client of `fairy serve` (the JSON-lines game server) in plain Python: it starts the
server, plays a game of random legal moves to its end, and prints the record.

    python3 examples/serve_client.py [--fairy PATH] [--variant pirateknics] [--seed 1]

Exit status 0 when the game ended by the variant's rules, 1 otherwise. Only the standard
library is used: the protocol is one JSON object per line each way (docs/protocol/).
"""

import argparse
import json
import random
import subprocess
import sys


class RequestFailed(Exception):
    """A request the server answered with an error: `code` names the kind."""

    def __init__(self, code, message):
        super().__init__(f"{code}: {message}")
        self.code = code


class Server:
    """`fairy serve` as a child process; `call` sends a request and returns its result."""

    def __init__(self, command):
        self.process = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )
        self.next_id = 0
        self.events = []

    def call(self, request, **fields):
        self.next_id += 1
        message = {"id": self.next_id, "request": request, **fields}
        self.process.stdin.write(json.dumps(message) + "\n")
        self.process.stdin.flush()
        while True:
            line = self.process.stdout.readline()
            if not line:
                raise RuntimeError("the server ended")
            reply = json.loads(line)
            if "event" in reply:
                self.events.append(reply)
                continue
            if reply["id"] != self.next_id:
                raise RuntimeError(f"response to the wrong request: {reply}")
            if not reply["ok"]:
                error = reply["error"]
                raise RequestFailed(error["code"], error["message"])
            return reply["result"]

    def close(self):
        self.process.stdin.close()
        self.process.wait()


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--fairy", default="fairy", help="the fairy program")
    parser.add_argument("--variant", default="pirateknics")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--max-plies", type=int, default=5000)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    server = Server([args.fairy, "serve"])
    hello = server.call("hello")
    print(f"{hello['program']}, protocol {hello['protocol']}")
    variant = server.call("load_variant", name=args.variant)
    print(f"{variant['name']}: {len(variant['cells'])} cells, "
          f"pieces {''.join(p['letter'] for p in variant['pieces'])}")
    game = server.call("new_game", variant=args.variant, seed=args.seed)
    gid = game["game"]
    # In a game of hidden parts each side acts through its own seat.
    seats = {"white": game["seats"]["white"], "black": game["seats"]["black"]}
    hidden = game["hidden_information"]

    outcome = None
    for _ in range(args.max_plies):
        # Whose turn it is, public in every view.
        side = server.call("position", game=gid, **({"seat": seats["white"]} if hidden else {}))["to_move"]
        seat = {"seat": seats[side]} if hidden else {}
        moves = server.call("moves", game=gid, **seat)["moves"]
        if not moves:
            break
        # A move legal in the side's view may be impossible by what it cannot see (a hidden
        # mine on the way): the referee says only that, and the side tries another.
        rng.shuffle(moves)
        for choice in moves:
            try:
                played = server.call("play", game=gid, move=choice["text"], **seat)
                break
            except RequestFailed as failure:
                if failure.code != "not_possible":
                    raise
        else:
            print("no move of the view was possible")
            break
        if played["outcome"] is not None:
            outcome = played["outcome"]
            break

    record = server.call("record", game=gid, **({"seat": seats["white"]} if hidden else {}))
    position = server.call("position", game=gid, **({"seat": seats["white"]} if hidden else {}))
    server.close()
    print(f"{len(record['moves'])} plies; final position: {position['fen']}")
    if outcome is None:
        print("the game did not end")
        return 1
    print(f"result: {outcome['result']} ({outcome['reason']})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
