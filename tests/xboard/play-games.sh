#!/usr/bin/env bash
# Plays one full game in each of chess, Capablanca, Falcon Chess, King of the Hill, Chu Shogi
# (XBoard's `chu`, lion moves in two legs), a small custom variant and a 12-rank one in
# XBoard (Debian's xboard, a real window on an Xvfb display), with `fairy xboard` as both
# engines; one of Falcon Chess (XBoard's `falcon`) and one of courier (XBoard's `courier`,
# variants/xboard/courier.yaml) with Fairy-Max as Black. It checks each game XBoard saved as
# PGN: finished with a result, in the right variant, with no illegal-move, time-forfeit or
# false-claim verdict. Courier is played with legality testing on, so XBoard judges every
# move of both engines; its games run long, so XBoard calls it a draw after 200 moves.
# Falcon Chess is played with legality testing off: XBoard takes any move of its wildcard
# falcon as legal, so it never sees a mate and calls every mate claim false. So is Chu
# Shogi: XBoard's chu forbids leaving the king attacked, which our rules allow (as HaChu's
# do).
#
# Fairy-Max plays Falcon Chess behind tests/xboard/no-computer.sh, which keeps XBoard's
# `computer` command from it: Debian's Fairy-Max crashes on that command in falcon.
#
# Fairy-Max sometimes castles out of a falcon's check (it looks for the check after the rook
# has moved, and the rook can close the falcon's path: docs/strength.md). Our engine refuses
# the move and XBoard, with legality testing off, waits for a reply that never comes. Such a
# game is stopped at once and passes only if the move it refused is not among our rules'
# legal moves of the position XBoard saved (`fairy replay`, then `fairy moves`). A tenth
# game, of chess, checks that judgement: its Black (tests/xboard/illegal-engine.sh) answers
# with a knight move no rules allow, b8b6.
#
#   tests/xboard/play-games.sh FAIRY_BINARY OUT_DIR
#
# Needs the Debian packages xboard, xvfb and fairymax (.ci/run installs them); fails when they
# are missing.
set -euo pipefail
fairy=$(realpath "$1")
out=$(realpath -m "$2")
here=$(cd "$(dirname "$0")/../.." && pwd)
xboard=/usr/games/xboard
fairymax=/usr/games/fairymax
for need in "$xboard" Xvfb "$fairymax"; do
  command -v "$need" >/dev/null || { echo "missing $need: apt-get install xboard xvfb fairymax" >&2; exit 1; }
done
rm -rf "$out" && mkdir -p "$out"

# A display of our own; Xvfb writes its number once it listens.
exec 3< <(exec Xvfb -displayfd 1 -screen 0 1280x1024x24 -nolisten tcp 2>"$out/xvfb.log")
xvfb_pid=$!
read -r -t 20 display <&3 || { echo "Xvfb did not start" >&2; cat "$out/xvfb.log" >&2; exit 1; }
trap 'kill $xvfb_pid 2>/dev/null || true' EXIT

custom="$here/tests/fixtures/xboard/mini-camel.yaml"
tall="$here/tests/fixtures/xboard/tall-twelve.yaml"
courier="$here/variants/xboard/courier.yaml"
# game's folder | variant name in XBoard | XBoard options | definition files for the engine |
# Black's engine when not `fairy xboard` | our variant, to judge a move of Black's we refuse
games=(
  "normal|normal||"
  "capablanca|capablanca||"
  "falcon|falcon|-testLegality false|"
  "KingOfTheHill|KingOfTheHill|-testLegality false|"
  "chu|chu|-testLegality false|"
  "MiniCamel|MiniCamel||$custom"
  "TallTwelve|TallTwelve||$tall"
  "falcon-fairymax|falcon|-testLegality false||$here/tests/xboard/no-computer.sh $fairymax|falcon-chess"
  "courier-fairymax|courier|-adjudicateDrawMoves 200|$courier|$fairymax|$courier"
  "refused|normal|-testLegality false||$here/tests/xboard/illegal-engine.sh play b8b6|chess"
)
pids=()
for game in "${games[@]}"; do
  IFS='|' read -r name variant options files second _ <<<"$game"
  dir="$out/$name" && mkdir -p "$dir"
  engine="$fairy xboard${files:+ $files}"
  # shellcheck disable=SC2086 # the options are words
  DISPLAY=":$display" timeout 400 "$xboard" \
    -settingsFile "$dir/xboardrc" -saveSettingsFile "$dir/xboardrc" \
    -fcp "$engine" -fd "$dir" -scp "${second:-$engine}" -sd "$dir" \
    -variant "$variant" $options -matchGames 1 -tc 0:15 -inc 0.1 \
    -saveGameFile "$dir/game.pgn" -debug -nameOfDebugFile "$dir/debug.txt" \
    -popupExitMessage false -soundProgram true >"$dir/xboard.log" 2>&1 &
  pids+=($!)
done

# The move of Black's that our engine (White) refused in game folder $1, if any.
refused() { sed -n 's/.*<first : Illegal move ([^)]*): *\([^ ]*\).*/\1/p' "$1/debug.txt" 2>/dev/null | head -1; }

# Wait for every game, stopping at once one whose Black made a move our engine refused.
while :; do
  running=0
  for i in "${!games[@]}"; do
    kill -0 "${pids[$i]}" 2>/dev/null || continue
    running=1
    IFS='|' read -r name _ <<<"${games[$i]}"
    # (It may end between the two looks: a failed kill is no error.)
    if [ -n "$(refused "$out/$name")" ]; then kill "${pids[$i]}" 2>/dev/null || true; fi
  done
  [ "$running" = 1 ] || break
  sleep 1
done

failed=0
for i in "${!games[@]}"; do
  IFS='|' read -r name variant _ _ _ ours <<<"${games[$i]}"
  dir="$out/$name"
  move=$(refused "$dir")
  if [ -n "$ours" ] && [ -n "$move" ]; then
    fen=$("$fairy" replay "$ours" "$dir/game.pgn" | sed -n 's/^fen: //p')
    if [ -z "$fen" ] || "$fairy" moves "$ours" --fen "$fen" | grep -qx "$move"; then
      echo "FAIL $name: our engine refused $move, which our rules allow at '$fen'"; failed=1
    else
      echo "ok   $name: disputed, Black's $move refused as illegal at $fen"
    fi
    continue
  fi
  if ! wait "${pids[$i]}"; then
    echo "FAIL $name: xboard did not finish (see $dir)"; failed=1; continue
  fi
  pgn="$dir/game.pgn"
  result=$(sed -n 's/^\[Result "\(.*\)"\]$/\1/p' "$pgn" 2>/dev/null || true)
  tag=$(sed -n 's/^\[Variant "\(.*\)"\]$/\1/p' "$pgn" 2>/dev/null || true)
  want_tag=$variant && [ "$variant" = normal ] && want_tag=
  verdict=$(grep -o '{[^}]*} *\(1-0\|0-1\|1/2-1/2\)' "$pgn" 2>/dev/null | tail -1 || true)
  moves=$(grep -c '^[0-9]*\.\|[^0-9][0-9]*\. ' "$pgn" 2>/dev/null || true)
  case "$result" in 1-0|0-1|1/2-1/2) ;; *) echo "FAIL $name: no result in $pgn"; failed=1; continue;; esac
  if [ "$tag" != "$want_tag" ]; then
    echo "FAIL $name: the PGN's Variant tag is '$tag'"; failed=1; continue
  fi
  if grep -qi 'illegal\|invalid\|forfeit\|on time\|false .* claim' <<<"$verdict" || grep -q 'Illegal move' "$dir/debug.txt"; then
    echo "FAIL $name: $verdict"; failed=1; continue
  fi
  if [ "${moves:-0}" -lt 1 ]; then
    echo "FAIL $name: no moves in $pgn"; failed=1; continue
  fi
  echo "ok   $name: $result $verdict"
done
exit $failed
