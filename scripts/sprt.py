#!/usr/bin/env python3
"""Self-play test with a stopping rule: a new build of the engine against an old one.

    scripts/sprt.py --base REF [--dev REF] [--variant chess] [--nodes 10000]
                    [--elo0 0] [--elo1 20] [--alpha 0.05] [--beta 0.05]
                    [--max-pairs 2000] [--concurrency 2] [--opening-plies 8]
                    [--base-nodes N] [--min-pairs 20] [--openings FILE]

Each build is made in a git worktree under /tmp/sprt/ (`--dev` defaults to the working tree
itself). Games come in pairs: one random opening of `--opening-plies` plies (seeded by the
pair's number; from the pair's position of an `--openings` file, else from the start), each
engine White once, both limited to `--nodes` positions per move so that
the machine's load changes nothing. The pairs are played by `fairy match` (the dev build
against the base over UCI).

The stopping rule is the generalized sequential probability ratio test on pair scores
(pentanomial, normal approximation, as Fishtest and fastchess use): H0 is "dev is `elo0`
better", H1 "`elo1` better", in logistic Elo; the test stops when the log-likelihood ratio
leaves (ln(beta/(1-alpha)), ln((1-beta)/alpha)). It prints the Elo difference with its 95%
interval after every few pairs and at the end.
"""

import argparse
import atexit
import concurrent.futures
import math
import os
import re
import shutil
import signal
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def build(ref):
    """The path of a release `fairy` built from `ref` (None: the working tree)."""
    if ref is None:
        tree = ROOT
    else:
        commit = subprocess.check_output(
            ["git", "-C", ROOT, "rev-parse", "--short", ref], text=True
        ).strip()
        tree = f"/tmp/sprt/{commit}"
        if not os.path.isdir(tree):
            os.makedirs("/tmp/sprt", exist_ok=True)
            subprocess.check_call(
                ["git", "-C", ROOT, "worktree", "add", "--detach", tree, commit],
                stdout=subprocess.DEVNULL,
            )
            # The dependencies' builds are reused; only the crate itself is compiled.
            # (A file a running build removes meanwhile is only rebuilt.)
            if os.path.isdir(f"{ROOT}/target/release") and not os.path.isdir(f"{tree}/target"):
                os.makedirs(f"{tree}/target")
                subprocess.call(["cp", "-a", f"{ROOT}/target/release", f"{tree}/target/"],
                                stderr=subprocess.DEVNULL)
    subprocess.check_call(
        ["cargo", "build", "--release", "--quiet", "--features", "cli"], cwd=tree
    )
    if ref is not None:
        return f"{tree}/target/release/fairy"
    # The working tree's build is copied: a build made there while the test runs must not
    # change the binary in the middle of it.
    os.makedirs("/tmp/sprt", exist_ok=True)
    copy = f"/tmp/sprt/dev-{os.getpid()}"
    shutil.copy2(f"{tree}/target/release/fairy", copy)
    atexit.register(os.remove, copy)
    # A test stopped with SIGTERM (`kill`, `pkill`) removes the copy too: exit handlers run
    # only on a normal exit or an interrupt.
    signal.signal(signal.SIGTERM, lambda signum, _frame: sys.exit(128 + signum))
    return copy


def play_pair(dev, base, args, pair):
    """The dev build's points in the two games of pair `pair` (0, 0.5, 1 each)."""
    out = subprocess.run(
        [dev, "match", args.variant, "--opponent", f"uci:{base} uci",
         "--games", "2", "--nodes", str(args.nodes),
         "--opponent-nodes", str(args.base_nodes or args.nodes), "--opening-plies",
         str(args.opening_plies), "--seed", str(args.seed + pair),
         "--max-plies", str(args.max_plies)]
        + (["--uci-variant", args.uci_variant] if args.uci_variant else [])
        + (["--openings", args.openings] if args.openings else []),
        capture_output=True, text=True, check=True,
    ).stdout
    scores = []
    for line in out.splitlines():
        m = re.match(r"game \d+: fairy \w+ vs .*?: (win|loss|draw)", line)
        if m:
            scores.append({"win": 1.0, "draw": 0.5, "loss": 0.0}[m.group(1)])
        elif re.match(r"game \d+: .*disputed", line):
            sys.exit(f"a disputed game in pair {pair}: {line}")
    if len(scores) != 2:
        sys.exit(f"pair {pair}: expected two games, got:\n{out}")
    return scores


def expected(elo):
    return 1 / (1 + 10 ** (-elo / 400))


def elo(score):
    score = min(max(score, 1e-6), 1 - 1e-6)
    return -400 * math.log10(1 / score - 1)


def summary(pairs):
    """Mean pair score, its variance per pair, and Elo with its 95% interval."""
    n = len(pairs)
    mean = sum(pairs) / n
    var = sum((p - mean) ** 2 for p in pairs) / n
    half = 1.96 * math.sqrt(var / n)
    return mean, var, (elo(mean), elo(mean - half), elo(mean + half))


def llr(pairs, elo0, elo1):
    mean, var, _ = summary(pairs)
    if var == 0:
        return 0.0
    s0, s1 = expected(elo0), expected(elo1)
    return len(pairs) * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var)


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--base", required=True, help="git ref of the build to beat")
    p.add_argument("--dev", help="git ref of the new build (default: the working tree)")
    p.add_argument("--variant", default="chess",
                   help="the dev build's variant: a bundled name or a file (a file with other "
                        "piece values tests those values, with --uci-variant naming the base's)")
    p.add_argument("--uci-variant", help="the variant's name for the base build over UCI")
    p.add_argument("--nodes", type=int, default=10000)
    p.add_argument("--base-nodes", type=int,
                   help="the base build's positions per move (default: --nodes); a dev build "
                        "that searches fewer positions per second gets fewer, for equal time")
    p.add_argument("--elo0", type=float, default=0)
    p.add_argument("--elo1", type=float, default=20)
    p.add_argument("--alpha", type=float, default=0.05)
    p.add_argument("--beta", type=float, default=0.05)
    p.add_argument("--max-pairs", type=int, default=2000)
    p.add_argument("--min-pairs", type=int, default=20,
                   help="pairs before the test may stop: the normal approximation of a few "
                        "pairs' variance is too rough to stop on")
    p.add_argument("--concurrency", type=int, default=2)
    p.add_argument("--opening-plies", type=int, default=8)
    p.add_argument("--openings",
                   help="a file of start positions, one FEN per line: pair k starts from "
                        "position seed + k (modulo their number), then --opening-plies "
                        "random plies")
    p.add_argument("--max-plies", type=int, default=300)
    p.add_argument("--seed", type=int, default=0)
    args = p.parse_args()

    base = build(args.base)
    dev = build(args.dev)
    lower = math.log(args.beta / (1 - args.alpha))
    upper = math.log((1 - args.beta) / args.alpha)
    games = {"win": 0, "draw": 0, "loss": 0}
    pairs = []
    verdict = "no verdict (pair limit)"
    with concurrent.futures.ThreadPoolExecutor(args.concurrency) as pool:
        running = {pool.submit(play_pair, dev, base, args, i): i for i in range(args.concurrency)}
        started = args.concurrency
        while running:
            done, _ = concurrent.futures.wait(running, return_when="FIRST_COMPLETED")
            for f in done:
                del running[f]
                scores = f.result()
                for s in scores:
                    games[{1.0: "win", 0.5: "draw", 0.0: "loss"}[s]] += 1
                pairs.append(sum(scores) / 2)
            ratio = llr(pairs, args.elo0, args.elo1)
            if len(pairs) % 10 == 0 or not running:
                _, _, (e, lo, hi) = summary(pairs)
                print(f"{len(pairs)} pairs  +{games['win']} ={games['draw']} -{games['loss']}"
                      f"  Elo {e:+.1f} ({lo:+.1f} to {hi:+.1f})  LLR {ratio:.2f}"
                      f" ({lower:.2f}, {upper:.2f})", flush=True)
            if len(pairs) < args.min_pairs:
                pass
            elif ratio >= upper:
                verdict = "H1 accepted: the dev build is better"
            elif ratio <= lower:
                verdict = "H0 accepted: no gain of elo1"
            if verdict.startswith("H") or started >= args.max_pairs:
                for f in running:
                    f.cancel()
                concurrent.futures.wait(running)
                running = {}
                break
            while len(running) < args.concurrency and started < args.max_pairs:
                running[pool.submit(play_pair, dev, base, args, started)] = started
                started += 1
    _, _, (e, lo, hi) = summary(pairs)
    print(f"{args.variant}, {args.nodes} nodes per move, {len(pairs)} pairs: "
          f"+{games['win']} ={games['draw']} -{games['loss']}, "
          f"Elo {e:+.1f} (95% {lo:+.1f} to {hi:+.1f}), LLR {llr(pairs, args.elo0, args.elo1):.2f} "
          f"[{args.elo0}, {args.elo1}]: {verdict}")


if __name__ == "__main__":
    main()
