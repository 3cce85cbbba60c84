#!/usr/bin/env bash
# A fake UCI engine for `fairy match`'s tests: it answers `uci` (offering chess only) and
# `isready`, and answers every `go` with `bestmove a1a1`, which is legal in no variant.
while read -r line; do
  case "$line" in
    uci) echo "id name Illegal Mover"; echo "uciok" ;;
    isready) echo "readyok" ;;
    go*) echo "info depth 1 score cp 0"; echo "bestmove a1a1" ;;
    quit) exit 0 ;;
  esac
done
