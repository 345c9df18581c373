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
out=$(sleep 5 | timeout 20 "$script" "$bin" --time 5+ --socket "$scratch/a.sock" --journal "$scratch/a" 2>&1)
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
# Its own virtual board is no fault to warn of, and quitting is no board lost.
grep -q 'no such device' <<<"$out" && fail "./run warns of its own virtual board: $out"
grep -q 'is gone' <<<"$out" && fail "quitting announces the board as lost: $out"

# A move piped in at once, before arbiterd has seen the board, waits for the
# game rather than being lost.
out=$( (echo e2-e4; sleep 8; echo quit) |
    timeout 30 "$script" "$bin" --socket "$scratch/d.sock" --journal "$scratch/d" --settle-ms 100 2>&1)
grep -q '1. e4 (e2e4)' <<<"$out" || fail "a move typed at once was lost: $out"

# A second table on the first one's socket: refused, and its board closed at once.
(sleep 14; echo quit) |
    "$script" "$bin" --socket "$scratch/c.sock" --journal "$scratch/c1" >"$scratch/first.log" 2>&1 &
first=$!
for _ in $(seq 50); do [ -S "$scratch/c.sock" ] && break; sleep 0.1; done
# The board's input stays open a while: were it to end first, the board
# would quit before a slow arbiterd (sanitizers, a loaded machine) refused,
# and the script rightly ends with 0 when the board is quit.
out=$( (sleep 1; echo e2-e4; sleep 8) |
    timeout 20 "$script" "$bin" --socket "$scratch/c.sock" --journal "$scratch/c2" 2>&1)
status=$?
[ "$status" -ne 0 ] || fail "a second table on a socket in use ends with status 0: $out"
grep -q 'another arbiterd listens on' <<<"$out" || fail "the second arbiterd's refusal is not shown: $out"
grep -q 'a second table needs a socket of its own: start it with --socket PATH' <<<"$out" ||
    fail "the second table is not told of --socket: $out"
wait "$first" || fail "the first table did not end cleanly: $(cat "$scratch/first.log")"

# The commands arbiterd prints to start its virtual boards run as printed.
"$bin/arbiterd" --game konfusion --socket "$scratch/e.sock" --journal "$scratch/e" \
    >"$scratch/e.log" 2>&1 &
konfusion=$!
for _ in $(seq 100); do grep -q -- '--setup' "$scratch/e.log" && break; sleep 0.1; done
printed=$(grep -m 1 -- ' --name ' "$scratch/e.log" | sed 's/^ *//')
bash -c "exec env $printed" </dev/null >/dev/null 2>&1 &
printedBoard=$!
for _ in $(seq 100); do grep -q 'connected' "$scratch/e.log" && break; sleep 0.1; done
grep -q ': connected' "$scratch/e.log" || fail "the printed command \"$printed\" starts no board arbiterd finds: $(cat "$scratch/e.log")"
kill "$konfusion" "$printedBoard" 2>/dev/null
wait "$konfusion" "$printedBoard" 2>/dev/null

if [ "$failures" -eq 0 ]; then
    echo "5 passed, 0 failed"
    exit 0
fi
echo "$((5 - failures < 0 ? 0 : 5 - failures)) passed, $failures failed"
exit 1
