#!/usr/bin/env bash
# Referees a game on a virtual board driven from this console: arbiterd in the
# background, arbiter-vboard reading the moves typed here. The two stop
# together: when the board is quit (or the console closes) arbiterd is
# stopped, and when arbiterd stops (it refused its options, another arbiterd
# holds the control socket, a signal) the board is closed at once and this
# script exits with arbiterd's status, so that no move is typed to a board
# nobody referees. Used by ./run; takes the folder of the programs, then
# arbiterd's options.
#   scripts/play_on_virtual_board.sh build/bin [--game martian] [--time 5+3] ...
set -uo pipefail
bin=$1
shift

# Named after this process, so that boards of different tables never collide;
# a second table at once also needs its own --socket and --journal.
name=run-$$
# The virtual board starts showing the game's start position (Martian Chess's
# pyramids, csipgs's two kings), so that play can begin at once.
start=$("$bin/arbiterd" --board "vboard:$name" "$@" --print-start 2>/dev/null | head -n 1 | cut -d' ' -f2)

"$bin/arbiterd" --board "vboard:$name" "$@" &
daemon=$!
cat >&2 <<HELP
Virtual board: type physical actions, one per line (full list: docs/vboard.md):
  e2-e4          move a piece          e4xd5    capture
  lift e2        pick a piece up       place e4 put it down (place e8 Q: a new piece)
  slide f1 c4    slide along a line    show     print the board
  quit           stop
HELP
# The console stays this board's: a job started with & would read nothing.
"$bin/arbiter-vboard" --name "$name" --exit-on-eof ${start:+--setup "$start"} <&0 &
board=$!
stopped=
trap 'stopped=1; kill "$daemon" "$board" 2>/dev/null' INT TERM

wait -n "$daemon" "$board"
if [ -n "$stopped" ]; then
    wait 2>/dev/null
    exit 130
fi
if ! kill -0 "$daemon" 2>/dev/null; then
    wait "$daemon"
    status=$?
    kill "$board" 2>/dev/null
    wait "$board" 2>/dev/null
    echo "arbiterd stopped (status $status); the virtual board is closed." >&2
    exit $(( status == 0 ? 1 : status ))
fi
# The board was quit: the game is kept in its journal for the next ./run.
kill "$daemon" 2>/dev/null
wait "$daemon" 2>/dev/null
exit 0
