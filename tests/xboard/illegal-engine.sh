#!/usr/bin/env bash
# A fake XBoard engine for `fairy match`'s tests: it answers the handshake and `ping`, and
# answers every move (or `go`) with `move a1a1`, which is legal in no variant; with the
# argument `refuse`, it refuses every move of ours instead (`Illegal move: MOVE`); with
# `claim`, it claims a draw instead (`1/2-1/2 {...}`); with `play MOVE`, it answers with
# MOVE instead (for XBoard's tests: a move XBoard passes on and our engine refuses).
while read -r line; do
  case "$line" in
    protover*) echo 'feature myname="Illegal Mover" done=1' ;;
    ping*) echo "pong ${line#ping }" ;;
    quit) exit 0 ;;
    go) echo "move a1a1" ;;
    [a-z][0-9]*)
      case "${1:-}" in
        refuse) echo "Illegal move: $line" ;;
        claim) echo "1/2-1/2 {50-move rule}" ;;
        play) echo "move $2" ;;
        *) echo "move a1a1" ;;
      esac ;;
  esac
done
