#!/usr/bin/env bash
# Piece values of every bundled variant by `fairy tune` (Texel's tuning method over
# self-play games), written into docs/tuning.md between its `<!-- tables -->` and
# `<!-- end tables -->` lines (the text around them, the analysis, is kept).
#
# Usage: scripts/tune-all.sh [VARIANT...]   (default: every variant below)
# Environment: THREADS (default 1: one core left for other work), GAMES (games for the
# three main variants, default 4000), OTHER_GAMES (the others, default 1500), RESAMPLES
# (default 200), NODES (default 2000), JSON_DIR (when set, each variant's games are kept
# there as VARIANT.json, for `fairy tune merge` to refit), FAIRY (a program to use instead of
# building the release one).
#
# Chu Shogi is left out: at 2000 nodes a move its self-play games all end in repetition
# (no result to learn from), and at 20000 nodes a game takes about 3 s with 1 in 4 decisive,
# too slow for this run.
set -euo pipefail
cd "$(dirname "$0")/.."

THREADS=${THREADS:-1}
GAMES=${GAMES:-4000}
OTHER_GAMES=${OTHER_GAMES:-1500}
RESAMPLES=${RESAMPLES:-200}
NODES=${NODES:-2000}
MAIN=(chess capablanca falcon-chess)
OTHERS=(bermuda flying-dutchman king-of-the-hill pirateknics seachess glinski mccooey)
if [ $# -gt 0 ]; then VARIANTS=("$@"); else VARIANTS=("${MAIN[@]}" "${OTHERS[@]}"); fi

if [ -z "${FAIRY:-}" ]; then
    CARGO_BUILD_JOBS=${CARGO_BUILD_JOBS:-1} cargo build --release --features cli --quiet
    FAIRY=target/release/fairy
fi

tables=$(mktemp)
trap 'rm -f "$tables"' EXIT
{
    echo "<!-- tables -->"
    echo
    echo "Run on $(date -u '+%Y-%m-%d %H:%M UTC'), $(uname -m), $(nproc) cores ($THREADS thread(s) used),"
    echo "commit $(git rev-parse --short HEAD), by \`scripts/tune-all.sh\`: $NODES nodes a move,"
    echo "8 random opening plies, games cut at 300 plies, $RESAMPLES bootstrap resamples."
    echo
} >"$tables"
for v in "${VARIANTS[@]}"; do
    games=$OTHER_GAMES
    for m in "${MAIN[@]}"; do [ "$v" = "$m" ] && games=$GAMES; done
    echo "tuning $v ($games games)" >&2
    start=$(date +%s)
    json=()
    [ -n "${JSON_DIR:-}" ] && json=(--json "$JSON_DIR/$v.json")
    out=$("$FAIRY" tune "$v" --games "$games" --nodes "$NODES" --max-plies 300 \
        --random-plies 8 --threads "$THREADS" --resamples "$RESAMPLES" "${json[@]}" 2>&1) || true
    took=$(( $(date +%s) - start ))
    {
        echo "### $v"
        echo
        echo "\`fairy tune $v --games $games --nodes $NODES --max-plies 300 --random-plies 8 --resamples $RESAMPLES\` ($took s):"
        echo
        echo '```text'
        echo "$out"
        echo '```'
        echo
    } >>"$tables"
done
echo "<!-- end tables -->" >>"$tables"

page=docs/tuning.md
if [ -f "$page" ] && grep -q '^<!-- tables -->$' "$page"; then
    # Replace the old tables, keep the rest.
    awk -v t="$tables" '
        /^<!-- tables -->$/ { while ((getline line < t) > 0) print line; skip = 1; next }
        /^<!-- end tables -->$/ { skip = 0; next }
        !skip { print }
    ' "$page" >"$page.new"
    mv "$page.new" "$page"
else
    { echo "# Piece values learned from self-play"; echo; cat "$tables"; } >"$page"
fi
echo "wrote $page" >&2
