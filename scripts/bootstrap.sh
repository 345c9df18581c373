# Sourced by ./run and ./test: installs the Debian packages arbiter needs (only
# the missing ones) and builds into build/. Safe to run again and again.

ARBITER_PACKAGES=(
    build-essential cmake ninja-build pkg-config
    libserialport-dev libboost-dev libboost-program-options-dev libspdlog-dev nlohmann-json3-dev
    libfmt-dev zlib1g-dev libsystemd-dev libmosquitto-dev
    libgtest-dev libgmock-dev libbenchmark-dev
    espeak-ng
    # The UCI engine arbiterd runs by default for a seat of FIDE chess played
    # by the machine (docs/machine.md), which its tests play against too.
    stockfish
    clang libclang-rt-14-dev lld
)

# What ./test needs besides: mosquitto, the MQTT broker the hall's tests start
# (tests/e2e/hall_*, web_hall_in_chromium), and mosquitto-clients (mosquitto_pub,
# to publish bad messages to the hall and a director's actions to a table;
# mosquitto_passwd, for a hall with logins), openssl (a hall over TLS);
# help2man, lintian and systemd (its
# systemd-analyze), to make the Debian package's man pages and check the
# package and its units (tests/package); Debian's chromium, for
# arbiter-web's page in a real browser, and Node.js to drive it through Chromium's DevTools protocol
# with its own WebSocket (Node 20 or later; the machine's own when it has one).
ARBITER_TEST_PACKAGES=(chromium help2man lintian systemd mosquitto mosquitto-clients openssl)
command -v node >/dev/null || ARBITER_TEST_PACKAGES+=(nodejs)

# The sanitizer build of ./test, whose options scripts/fuzz.sh also builds its
# fuzz targets with: clang, because of libFuzzer, whose targets (tests/fuzz)
# are built beside the sanitizers' programs at the cost of their own small
# files (scripts/fuzz.sh adds the libraries' coverage). The end-to-end runs are checked here too, the
# real programs under the sanitizers, but for those that need the optimised
# build (ARBITER_OPTIMISED_TESTS); they and the long perft counts are left to
# ./test's optimised build.
# It links with LLVM's lld: its some forty programs, each with the sanitizers'
# run-time, took GNU ld a minute and a half of CPU, lld a fifth of that.
ARBITER_SANITIZER_BUILD_OPTIONS=(
    -DCMAKE_BUILD_TYPE=Debug -DARBITER_WERROR=ON -DARBITER_SANITIZE=ON -DARBITER_FUZZ=ON
    -DBUILD_TESTING=ON -DARBITER_BENCH=OFF -DARBITER_E2E_TESTS=ON -DARBITER_UNIT_TESTS=ON
    -DCMAKE_EXE_LINKER_FLAGS=-fuse-ld=lld
)

# The end-to-end runs that need the optimised build, in ./test's optimised
# build only: those that hold the daemon to the pace of a real table (real DGT
# captures replayed at bullet speed; Möbiatus on eight boards, whose move 4...
# takes the unoptimised sanitizer build about 10 s to judge), and the matrix
# of every seed game on every kind of virtual board (EveryGame/EveryBoard, and
# the table of three kinds of board, MixedTable), and arbiter-web's page in
# Chromium on each game's real table (web_page_in_chromium) and on a hall of
# eight (web_hall_in_chromium),
# whose many short games would cost the sanitizer run minutes it has not got
# and which the sanitizer build does not even compile (tests/e2e/CMakeLists.txt);
# and the Debian package, made of the optimised build's programs, checked and
# started as systemd would (package_checked, PackagedService: tests/package);
# the hall's page in chromium (web_hall_in_chromium); and the hall (Hall,
# HallOfTables, HallBroker, HallBadInput, HallActions: tests/e2e/hall_*),
# fifty tables publishing to the real mosquitto at once; and the machine
# playing every game's seats, and chess against stockfish
# (Machine/EveryGameByTheMachine, AgainstStockfish: tests/e2e/machine_test.cpp):
# none of which the sanitizer build compiles.
ARBITER_OPTIMISED_TESTS='^(ReplayedCapture[.]|Mobiatus[.]RedTakesEveryBlueDotAcrossTheTwistOnEightBoards$|EveryGame/EveryBoard[.]|MixedTable[.]|web_page_in_chromium$|web_hall_in_chromium$|package_checked$|PackagedService[.]|Hall[A-Za-z]*[.]|Machine/EveryGameByTheMachine[.]|AgainstStockfish[.])'
# Of those, the runs held to a real table's pace, which ./test runs one at a time.
ARBITER_PACED_TESTS='^ReplayedCapture[.]'


# The C++ compiler of the sanitizer build, by its full path: CMake compares it
# with the one a build directory was configured with, and a build directory
# made with another compiler is reconfigured from scratch.
arbiter_clang() {
    command -v clang++
}

arbiter_install_packages() {
    local missing=()
    for p in "$@"; do
        dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "arbiter: installing ${missing[*]}" >&2
    local sudo=()
    [ "$(id -u)" -ne 0 ] && sudo=(sudo)
    "${sudo[@]}" apt-get update -q >&2
    DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}" >&2
}

# arbiter_build DIR [cmake options...]
arbiter_build() {
    local dir=$1
    shift
    cmake -S "$ARBITER_ROOT" -B "$ARBITER_ROOT/$dir" -G Ninja "$@" >/dev/null
    cmake --build "$ARBITER_ROOT/$dir" -j "$(nproc)"
}
