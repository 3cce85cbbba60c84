#!/usr/bin/env bash
# Re-measures docs/strength.md: the engine against a random mover in every bundled variant,
# and against Fairy-Max (Debian's fairymax) in chess, Capablanca Chess and Falcon Chess.
#
#   scripts/strength.sh [RANDOM_GAMES] [FAIRYMAX_GAMES] [MOVETIME_MS]
#
# Defaults: 100 games against the random mover (2000 nodes per move), 40 against Fairy-Max at
# 1000 ms per move for both sides.
set -euo pipefail
cd "$(dirname "$0")/.."
random_games=${1:-100}
fairymax_games=${2:-40}
movetime=${3:-1000}
cargo build --release --quiet
fairy=target/release/fairy
for variant in $($fairy list | awk '{print $1}'); do
  $fairy match "$variant" --opponent random --games "$random_games" --nodes 2000 | grep '^fairy against'
done
for variant in chess capablanca falcon-chess; do
  $fairy match "$variant" --opponent xboard:fairymax --games "$fairymax_games" \
    --movetime "$movetime" --max-plies 300
done
