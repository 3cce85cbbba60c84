#!/usr/bin/env bash
# Runs an XBoard engine with XBoard's `computer` command kept from it: Debian's Fairy-Max
# 5.0b dies of a segmentation fault on `computer` after `variant falcon` or `variant
# capablanca` (on this project's machine since 2026-12-01), and XBoard sends it to both
# engines of a game between two programs. The command only tells an engine that its
# opponent is a program; everything else passes unchanged.
#
#   tests/xboard/no-computer.sh ENGINE [ARG ...]
set -euo pipefail
exec "$@" < <(exec sed -u '/^computer$/d')
