#!/usr/bin/env python3
"""Perft speed against Fairy-Stockfish on every variant of its perft suite.

For each variant of the suite (the rows of docs/fsf-suite.md), both engines count perft from
the variant's start position, single-threaded, interleaved (ours, Fairy-Stockfish, ours, ...)
so that the machine's load falls on both alike, and the best of `--repeat` runs of each is
kept. The depth is the suite's depth for the start position (the first case's depth where the
suite has no start-position case), one more when Fairy-Stockfish needs under `--min-seconds`
there. Node counts must agree; a disagreement is reported and fails the run.

Fairy-Stockfish is not part of this repository: build it from its repository's Makefile,
`make build ARCH=x86-64-bmi2 all=yes` for the 8x8 build and the same with `largeboards=yes`
for boards over 8x8 (the large-board build is slower on 8x8), and pass both binaries.

    benches/fsf_perft.py --fsf FSF_8X8 --fsf-large FSF_LARGE [--fairy target/release/fairy]
        [--only chess,xiangqi] [--out docs/performance.md]

Ours is timed by `fairy perft` itself (nodes over its `nps` line, the program's start and the
definition's loading left out); Fairy-Stockfish from the `go perft` command sent to its
"Nodes searched" line, its start and the variant's setup left out likewise.
"""

import argparse
import datetime
import os
import platform
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def suite_variants():
    """(Fairy-Stockfish's name, our definition file, depth) per suite variant, in suite order."""
    rows = {}
    order = []
    pattern = re.compile(
        r"^\| \d+ \| (\S+) \| (.*?) \| (\d+) \| [\d,]+ \| yes: `(?:variants/)?([^`]+\.yaml)`"
    )
    with open(os.path.join(ROOT, "docs", "fsf-suite.md"), encoding="utf-8") as f:
        for line in f:
            m = pattern.match(line)
            if not m:
                continue
            name, position, depth, file = m.group(1), m.group(2), int(m.group(3)), m.group(4)
            if "960" in position or "960" in file:
                continue  # the start position of a 960 game is drawn; its base game is benched
            start = position == "startpos"
            if name not in rows:
                order.append(name)
                rows[name] = (file, depth, start)
            elif start and not rows[name][2]:
                rows[name] = (file, depth, True)
    return [(n, os.path.join(ROOT, "variants", rows[n][0]), rows[n][1]) for n in order]


class Stockfish:
    """A Fairy-Stockfish process spoken to over UCI."""

    def __init__(self, path):
        self.proc = subprocess.Popen(
            [path], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.send("uci")
        self.wait_for("uciok")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def wait_for(self, prefix):
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise RuntimeError("Fairy-Stockfish ended")
            if line.startswith(prefix):
                return line.strip()

    def variants(self):
        self.send("uci")
        names = set()
        while True:
            line = self.proc.stdout.readline().strip()
            if line == "uciok":
                return names
            if line.startswith("option name UCI_Variant"):
                names.update(line.split(" var ")[1:])

    def perft(self, variant, depth):
        """(nodes, seconds) of perft from `variant`'s start position."""
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("position startpos")
        self.send("isready")
        self.wait_for("readyok")
        start = time.perf_counter()
        self.send(f"go perft {depth}")
        line = self.wait_for("Nodes searched")
        seconds = time.perf_counter() - start
        return int(line.split(":")[1]), seconds

    def close(self):
        self.send("quit")
        self.proc.wait()


def ours(fairy, file, depth):
    """(nodes, seconds) of `fairy perft` from the definition's start position."""
    out = subprocess.run(
        [fairy, "perft", file, str(depth), "--threads", "1"],
        capture_output=True, text=True, check=True,
    ).stdout
    nodes = int(re.search(r"^nodes (\d+)", out, re.M).group(1))
    nps = int(re.search(r"^nps (\d+)", out, re.M).group(1))
    return nodes, nodes / max(nps, 1)


def board_fits_8x8(fairy, file):
    out = subprocess.run([fairy, "validate", file], capture_output=True, text=True).stdout
    m = re.search(r"(\d+)x(\d+) board", out)
    return m is not None and int(m.group(1)) <= 8 and int(m.group(2)) <= 8


def machine():
    cpu = "unknown CPU"
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as f:
            for line in f:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return f"{cpu}, {os.cpu_count()} cores, {platform.system()} {platform.release()}"


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fsf", required=True, help="Fairy-Stockfish built for 8x8 boards")
    ap.add_argument("--fsf-large", required=True, help="Fairy-Stockfish built with largeboards=yes")
    ap.add_argument("--fairy", default=os.path.join(ROOT, "target", "release", "fairy"))
    ap.add_argument("--repeat", type=int, default=3, help="runs of each engine (best kept)")
    ap.add_argument("--min-seconds", type=float, default=0.25)
    ap.add_argument("--only", help="comma-separated Fairy-Stockfish names")
    ap.add_argument("--out", help="write the page here (docs/performance.md)")
    ap.add_argument("--note", default="", help="a line on the builds for the page")
    args = ap.parse_args()

    engines = {"8x8": Stockfish(args.fsf), "large": Stockfish(args.fsf_large)}
    known = {k: e.variants() for k, e in engines.items()}
    wanted = set(args.only.split(",")) if args.only else None
    rows, failures = [], []
    for name, file, depth in suite_variants():
        if wanted and name not in wanted:
            continue
        build = "8x8" if board_fits_8x8(args.fairy, file) and name in known["8x8"] else "large"
        if name not in known[build]:
            failures.append(f"{name}: not a variant of the {build} build")
            continue
        fsf = engines[build]
        if fsf.perft(name, depth)[1] < args.min_seconds:
            depth += 1
        best_ours, best_fsf, counts = float("inf"), float("inf"), set()
        for _ in range(args.repeat):
            n, s = ours(args.fairy, file, depth)
            counts.add(("ours", n))
            best_ours = min(best_ours, s)
            n, s = fsf.perft(name, depth)
            counts.add(("fsf", n))
            best_fsf = min(best_fsf, s)
        nodes = {n for _, n in counts}
        if len(nodes) != 1:
            failures.append(f"{name} depth {depth}: counts differ {sorted(counts)}")
            continue
        n = nodes.pop()
        row = (name, os.path.relpath(file, ROOT), build, depth, n, n / best_ours, n / best_fsf)
        rows.append(row)
        print(f"{name:16} {depth} {n:>12,} ours {row[5] / 1e6:7.2f} M/s  "
              f"fsf {row[6] / 1e6:7.2f} M/s  ratio {row[5] / row[6]:5.2f}", flush=True)
    for e in engines.values():
        e.close()

    rows.sort(key=lambda r: -r[5] / r[6])
    faster = sum(1 for r in rows if r[5] >= r[6])
    lines = [
        "# Perft speed against Fairy-Stockfish",
        "",
        f"Measured {datetime.date.today().isoformat()} by `benches/fsf_perft.py` on {machine()};"
        f" `fairy` at commit {git_commit()}, built `cargo build --release --features cli`."
        + (f" {args.note}" if args.note else ""),
        "",
        "Each variant of Fairy-Stockfish's perft suite (`docs/fsf-suite.md`), from its start",
        "position, single-threaded, both engines counting the leaves (bulk counting), runs",
        f"interleaved and the best of {args.repeat} kept for each. The depth is the suite's",
        "(one more where Fairy-Stockfish takes under a quarter of a second there); every node",
        "count agreed. `build` says which Fairy-Stockfish build ran: the 8x8 one, or the",
        "large-board one for boards over 8x8. The ratio is our nodes per second over",
        "Fairy-Stockfish's: above 1, we are faster.",
        "",
        f"**{faster} of {len(rows)} variants at least as fast as Fairy-Stockfish.**",
        "",
        "| variant | definition | build | depth | nodes | ours (M nodes/s) | Fairy-Stockfish (M nodes/s) | ratio |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for name, file, build, depth, n, a, b in rows:
        lines.append(f"| {name} | `{file}` | {build} | {depth} | {n:,} | {a / 1e6:.2f} | "
                     f"{b / 1e6:.2f} | {a / b:.2f} |")
    if failures:
        lines += ["", "Not measured:", ""] + [f"- {f}" for f in failures]
    text = "\n".join(lines) + "\n"
    if args.out:
        with open(args.out, "w", encoding="utf-8") as f:
            f.write(text)
    else:
        print(text)
    for f in failures:
        print("FAILED:", f, file=sys.stderr)
    sys.exit(1 if any("differ" in f for f in failures) else 0)


def git_commit():
    try:
        return subprocess.run(["git", "-C", ROOT, "rev-parse", "--short", "HEAD"],
                              capture_output=True, text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


if __name__ == "__main__":
    main()
