#!/usr/bin/env bash
# Chess perft(5) from the start, ours beside shakmaty's, by instructions executed (valgrind's
# callgrind counts them; this machine's virtual processors give `perf` no counters). A
# count does not vary with the machine's load as a time does. Needs valgrind
# (`apt-get install valgrind`); about a minute.
set -euo pipefail
cd "$(dirname "$0")/.."
bench=$(cargo bench --features cli --bench perft --no-run --message-format=json 2>/dev/null |
    python3 -c 'import json, sys
for line in sys.stdin:
    m = json.loads(line)
    if m.get("reason") == "compiler-artifact" and m["target"]["name"] == "perft" and m.get("executable"):
        print(m["executable"])')
count() {
    valgrind --tool=callgrind --callgrind-out-file=/dev/null "$bench" "only-$1" 2>&1 |
        awk '/Collected :/ { print $NF }'
}
fairy=$(count fairy)
shakmaty=$(count shakmaty)
python3 - "$fairy" "$shakmaty" <<'PY'
import sys
fairy, shakmaty = map(int, sys.argv[1:])
print(f"chess perft(5), 4,865,609 leaves: fairy {fairy:,} instructions, shakmaty {shakmaty:,}")
print(f"fairy / shakmaty speed by instructions: {shakmaty / fairy:.3f}x")
PY
