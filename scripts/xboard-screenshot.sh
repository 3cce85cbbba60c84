#!/usr/bin/env bash
# Takes the screenshot of XBoard playing Falcon Chess against `fairy xboard` that the README
# shows (docs/images/xboard-falcon-chess.png): XBoard under Xvfb, the engine playing both
# sides for a few seconds, then the window captured with xwd and converted with ImageMagick.
#
#   scripts/xboard-screenshot.sh [FAIRY_BINARY] [OUT.png]
#
# Needs the Debian packages xboard, xvfb, x11-apps (xwd) and imagemagick (its /usr/bin/convert).
set -euo pipefail
fairy=$(realpath "${1:-target/release/fairy}")
out=${2:-docs/images/xboard-falcon-chess.png}
work=$(mktemp -d)
exec 3< <(Xvfb -displayfd 1 -screen 0 1000x760x24 -nolisten tcp 2>/dev/null)
read -r -t 20 display <&3
trap 'pkill -P $$ 2>/dev/null || true; rm -rf "$work"' EXIT
DISPLAY=":$display" /usr/games/xboard -settingsFile "$work/rc" -saveSettingsFile "$work/rc" \
  -fcp "$fairy xboard" -fd "$work" -scp "$fairy xboard" -sd "$work" \
  -variant falcon -testLegality false -matchGames 1 -tc 1:00 -inc 0 \
  -size medium -popupExitMessage false -soundProgram true >/dev/null 2>&1 &
sleep 14
mkdir -p "$(dirname "$out")"
DISPLAY=":$display" xwd -root -silent | /usr/bin/convert xwd:- -trim "$out"
echo "wrote $out"
