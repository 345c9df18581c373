#!/usr/bin/env bash
# Referees a game on a virtual board driven from this console: arbiterd in the
# background, arbiter-vboard reading the moves typed here. The two stop
# together: when the board is quit (or the console closes) arbiterd is
# stopped first, so that it does not announce the board as lost, and when
# arbiterd stops (it refused its options, another arbiterd holds the control
# socket, a signal) the board is closed at once and this script exits with
# arbiterd's status, so that no move is typed to a board nobody referees.
# Lines typed before arbiterd has begun (or resumed) the game wait until it
# has, rather than change the board before arbiterd has seen where it
# starts. Used by ./run; takes the folder of the programs, then arbiterd's
# options.
#   scripts/play_on_virtual_board.sh build/bin [--game martian] [--time 5+3] ...
set -uo pipefail
bin=$1
shift

# Named after this process, so that boards of different tables never collide;
# a second table at once also needs its own --socket and --journal.
name=run-$$
# --vboard-protocol P makes the board speak P: arbiterd is then told the board
# as P:vboard:NAME (a bus's at address 1) rather than the option, which is for
# the game's own boards when none is named.
device=vboard:$name
protocol=()
args=()
previous=
for arg in "$@"; do
    case $previous in --vboard-protocol) protocol=(--protocol "$arg") ;; esac
    case $arg in
        --vboard-protocol=*) protocol=(--protocol "${arg#--vboard-protocol=}") ;;
        --vboard-protocol) ;;
        *) [ "$previous" = --vboard-protocol ] || args+=("$arg") ;;
    esac
    previous=$arg
done
if [ ${#protocol[@]} -gt 0 ] && [ "${protocol[1]}" != dgt ]; then
    device=${protocol[1]}:$device
    [ "${protocol[1]}" = dgt-bus ] && device+=@1 && protocol+=(--address 1)
fi
set -- "${args[@]}"
# The virtual board starts showing the game's start position (Martian Chess's
# pyramids, csipgs's two kings), so that play can begin at once.
start=$("$bin/arbiterd" --board "$device" "$@" --print-start 2>/dev/null | head -n 1 | cut -d' ' -f2)
# arbiterctl asks the same socket as arbiterd listens on.
ctl=("$bin/arbiterctl")
previous=
for arg in "$@"; do
    case $previous in --socket | -s) ctl+=(--socket "$arg") ;; esac
    case $arg in --socket=*) ctl+=(--socket "${arg#--socket=}") ;; esac
    previous=$arg
done

# The board first, so that arbiterd finds it at once. It reads the lines this
# script passes on, and is kept out of the console's Ctrl-C (a session of its
# own): it is closed after arbiterd, never before.
fifo_dir=$(mktemp -d)
mkfifo "$fifo_dir/board"
setsid "$bin/arbiter-vboard" "${protocol[@]}" --name "$name" --exit-on-eof ${start:+--setup "$start"} \
    <"$fifo_dir/board" &
board=$!
exec 3>"$fifo_dir/board"
rm -rf "$fifo_dir"
"$bin/arbiterd" --board "$device" "$@" &
daemon=$!
cat >&2 <<HELP
Virtual board: type physical actions, one per line (full list: docs/vboard.md):
  e2-e4          move a piece          e4xd5    capture
  lift e2        pick a piece up       place e4 put it down (place e8 Q: a new piece)
  slide f1 c4    slide along a line    show     print the board
  quit           stop
HELP

# Stops arbiterd, then the board: quitting is not a board lost.
stop_table() {
    kill "$daemon" 2>/dev/null
    wait "$daemon" 2>/dev/null
    exec 3>&-
    kill "$board" 2>/dev/null
    wait "$board" 2>/dev/null
}
trap 'stop_table; exit 130' INT TERM

# Whether arbiterd has a game on: begun once the board showed the start, or
# resumed from the journal.
game_on() {
    local status
    status=$("${ctl[@]}" --json status 2>/dev/null) || return 1
    ! grep -q '"waitingForStart":true' <<<"$status"
}
ready=
# Holds a line until the game is on (10 s at most: a socket arbiterctl cannot
# find must not hold the board for ever); false when arbiterd stopped meanwhile.
wait_for_game() {
    [ -n "$ready" ] && return 0
    local told= tries=0
    until game_on; do
        kill -0 "$daemon" 2>/dev/null || return 1
        tries=$((tries + 1))
        [ "$tries" -ge 50 ] && break
        if [ -z "$told" ]; then
            echo "vboard: arbiterd has not begun the game yet; \"$1\" waits until it has" >&2
            told=1
        fi
        sleep 0.2
    done
    ready=1
}

# Passes each line typed on to the board; a quit, or the end of the input,
# stops the table. While it waits for a line it watches arbiterd.
pending=
while :; do
    kill -0 "$daemon" 2>/dev/null || break
    if ! kill -0 "$board" 2>/dev/null; then # the board ended by itself
        stop_table
        exit 0
    fi
    IFS= read -r -t 0.2 chunk
    got=$?
    line=$pending$chunk
    if [ "$got" -gt 128 ]; then # no whole line yet: keep what came
        pending=$line
        continue
    fi
    pending=
    # arbiterd stopped by itself meanwhile (it refused to start): said below.
    kill -0 "$daemon" 2>/dev/null || break
    if [ "$got" -ne 0 ] && [ -z "$line" ]; then
        stop_table
        exit 0
    fi
    case "$(echo "$line" | tr -d '[:space:]')" in quit)
        stop_table
        exit 0
        ;;
    esac
    wait_for_game "$line" || break
    echo "$line" >&3
    if [ "$got" -ne 0 ]; then # the last line, without its newline
        stop_table
        exit 0
    fi
done
# arbiterd stopped: the board is closed at once.
wait "$daemon"
status=$?
exec 3>&-
kill "$board" 2>/dev/null
wait "$board" 2>/dev/null
echo "arbiterd stopped (status $status); the virtual board is closed." >&2
exit $((status == 0 ? 1 : status))
