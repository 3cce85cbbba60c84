#!/usr/bin/env bash
# Measures the scale `fairy playtest` reports its engine's strength on (docs/strength.md,
# `Strength` in src/play/playtest.rs): what a doubling of the positions searched per move is
# worth in self-play, and the engine's score against Fairy-Max at 1 s per move.
#
#   scripts/strength-scale.sh [LADDER_GAMES] [ANCHOR_GAMES] [ANCHOR_NODES]
#
# Defaults: 100 games per rung (10,000 against 20,000 and 20,000 against 40,000 positions per
# move, 8 random opening plies per pair), and 20 games at 20,000 positions per move against
# Fairy-Max 5.0b (`st 1`). Run it on a quiet machine: Fairy-Max's strength depends on its time.
set -euo pipefail
cd "$(dirname "$0")/.."
ladder_games=${1:-100}
anchor_games=${2:-20}
anchor_nodes=${3:-20000}
cargo build --release --quiet --features cli
fairy=$PWD/target/release/fairy
for nodes in 10000 20000; do
  echo "ladder: $nodes against $((2 * nodes)) positions per move"
  $fairy match chess --opponent "uci:$fairy uci" --games "$ladder_games" --nodes "$nodes" \
    --opponent-nodes $((2 * nodes)) --opening-plies 8 --max-plies 300 | grep "^fairy against"
done
echo "anchor: $anchor_nodes positions per move against Fairy-Max at 1 s per move"
$fairy match chess --opponent xboard:fairymax --games "$anchor_games" --nodes "$anchor_nodes" \
  --movetime 1000 --opening-plies 8 --max-plies 300 | grep "^fairy against"
