#!/usr/bin/env bash
# Matches against Fairy-Stockfish (Debian's `fairy-stockfish` 11.1, over UCI) and Fairy-Max
# (Debian's `fairymax` 5.0b, over XBoard) at equal time per move: the tables of
# docs/strength.md (issue 36, item 3).
#
#   [FAIRY_STOCKFISH_ATOMIC=BINARY] scripts/strength-opponents.sh [GAMES] [MOVETIME_MS] [OUT_DIR]
#
# Defaults: 40 games per variant, 100 ms per move for both sides, each pair of games from one
# random opening of 4 plies with colours swapped, games cut at 300 plies; every game is
# written as PGN into OUT_DIR (default /tmp/strength). Each match runs one engine at a time,
# so it needs one core; run it on a quiet machine.
set -euo pipefail
cd "$(dirname "$0")/.."
games=${1:-40}
movetime=${2:-100}
out=${3:-/tmp/strength}
mkdir -p "$out"
cargo build --release --quiet --features cli
fairy=target/release/fairy
common=(--games "$games" --movetime "$movetime" --opening-plies 4 --max-plies 300)
# Debian's 11.1 does not offer atomic (`UCI_Variant` lists no `atomic`).
for variant in chess capablanca variants/fsf/makruk.yaml variants/fsf/shogi.yaml \
  variants/fsf/xiangqi.yaml variants/fsf/crazyhouse.yaml; do
  name=$(basename "$variant" .yaml)
  $fairy match "$variant" --opponent uci:fairy-stockfish "${common[@]}" \
    --pgn "$out/fsf-$name.pgn" | grep '^fairy against'
done
# Atomic against a Fairy-Stockfish built from its repository (`make build
# ARCH=x86-64-modern` in its src/), when FAIRY_STOCKFISH_ATOMIC names that binary.
if [ -n "${FAIRY_STOCKFISH_ATOMIC:-}" ]; then
  $fairy match variants/fsf/atomic.yaml --opponent "uci:$FAIRY_STOCKFISH_ATOMIC" \
    "${common[@]}" --pgn "$out/fsf-atomic.pgn" | grep '^fairy against'
fi
# Fairy-Max's courier is XBoard's (variants/xboard/), not Fairy-Stockfish's.
for variant in chess capablanca falcon-chess variants/fsf/shatranj.yaml \
  variants/fsf/makruk.yaml variants/xboard/courier.yaml; do
  name=$(basename "$variant" .yaml)
  $fairy match "$variant" --opponent xboard:fairymax "${common[@]}" \
    --pgn "$out/fairymax-$name.pgn" | grep '^fairy against'
done
