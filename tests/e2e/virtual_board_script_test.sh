#!/usr/bin/env bash
# ./run's table on a virtual board (scripts/play_on_virtual_board.sh): arbiterd
# and the board typed into stop together, and the script's status says how it
# went. Usage: virtual_board_script_test.sh SCRIPT BIN_DIR
set -uo pipefail
script=$1
bin=$2
scratch=$(mktemp -d)
export ARBITER_VBOARD_DIR=$scratch/vboards
trap 'pkill -f -- "--socket $scratch/" 2>/dev/null; rm -rf "$scratch"' EXIT
failures=0
fail() {
    echo "FAILED: $*"
    failures=$((failures + 1))
}
# Whether an arbiterd of this test is still running.
daemonsLeft() { pgrep -f -- "arbiterd --board vboard:run-.* --socket $scratch/" >/dev/null; }

# A refused option: arbiterd's message and status, and no board left to type into.
# (The console stays open meanwhile, as a terminal does.)
out=$(sleep 2 | timeout 20 "$script" "$bin" --time 5+ --socket "$scratch/a.sock" --journal "$scratch/a" 2>&1)
status=$?
[ "$status" -eq 2 ] || fail "a refused option ends with status $status, not arbiterd's 2"
grep -q 'is not a time control' <<<"$out" || fail "arbiterd's refusal is not shown: $out"
grep -q 'the virtual board is closed' <<<"$out" || fail "the board's closing is not said: $out"

# Quitting the board stops arbiterd too, with status 0.
out=$( (sleep 2; echo e2-e4; sleep 1; echo quit) |
    timeout 20 "$script" "$bin" --socket "$scratch/b.sock" --journal "$scratch/b" --settle-ms 100 2>&1)
status=$?
[ "$status" -eq 0 ] || fail "quitting the board ends with status $status: $out"
grep -q '1. e4 (e2e4)' <<<"$out" || fail "the move typed was not refereed: $out"
daemonsLeft && fail "arbiterd still runs after the board was quit"

# A second table on the first one's socket: refused, and its board closed at once.
(sleep 4; echo quit) |
    "$script" "$bin" --socket "$scratch/c.sock" --journal "$scratch/c1" >"$scratch/first.log" 2>&1 &
first=$!
for _ in $(seq 50); do [ -S "$scratch/c.sock" ] && break; sleep 0.1; done
# The board's input stays open a while: were it to end first, the board
# would quit before a slow arbiterd (sanitizers, a loaded machine) refused,
# and the script rightly ends with 0 when the board is quit.
out=$( (sleep 1; echo e2-e4; sleep 4) |
    timeout 20 "$script" "$bin" --socket "$scratch/c.sock" --journal "$scratch/c2" 2>&1)
status=$?
[ "$status" -ne 0 ] || fail "a second table on a socket in use ends with status 0: $out"
grep -q 'another arbiterd listens on' <<<"$out" || fail "the second arbiterd's refusal is not shown: $out"
wait "$first" || fail "the first table did not end cleanly: $(cat "$scratch/first.log")"

if [ "$failures" -eq 0 ]; then
    echo "3 passed, 0 failed"
    exit 0
fi
echo "$((3 - failures < 0 ? 0 : 3 - failures)) passed, $failures failed"
exit 1
