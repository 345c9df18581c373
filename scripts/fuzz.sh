#!/usr/bin/env bash
# Runs every libFuzzer target of tests/fuzz at length (docs/fuzzing.md):
#
#   scripts/fuzz.sh [RUNS [TARGET...]]
#
# RUNS inputs each (default 10,000,000), one target after the other, in a
# sanitizer build of its own (build-fuzz, built first): the same ASan, UBSan
# and libFuzzer instrumentation as ./test's build-asan, but optimised, which
# runs the targets several times faster than build-asan's -O0. TARGET names
# some targets only (dgt_parser, journal, position_text_fide, ...; all when
# none is named). What each finds that is new stays in
# build-fuzz/fuzz/TARGET/corpus for the next run; an input that crashes it,
# leaks or hangs lands in build-fuzz/fuzz/TARGET/ and the script ends with
# status 1 after the other targets have run. Each target's output is in
# build-fuzz/fuzz/TARGET.log; the script prints runs and speed per target.
set -euo pipefail
ARBITER_ROOT=$(cd "$(dirname "$0")/.." && pwd)
source "$ARBITER_ROOT/scripts/bootstrap.sh"
arbiter_install_packages "${ARBITER_PACKAGES[@]}"

runs=${1:-10000000}
shift || true
if ! [[ $runs =~ ^[1-9][0-9]*$ ]]; then
    echo "usage: scripts/fuzz.sh [RUNS [TARGET...]]; RUNS is a number of inputs, such as 1000000" >&2
    exit 2
fi

arbiter_build build-fuzz -DCMAKE_CXX_COMPILER="$(arbiter_clang)" "${ARBITER_SANITIZER_BUILD_OPTIONS[@]}" \
    -DCMAKE_BUILD_TYPE=RelWithDebInfo -DARBITER_UNIT_TESTS=OFF -DARBITER_E2E_TESTS=OFF \
    -DARBITER_FUZZ_COVERAGE=ON
bin=$ARBITER_ROOT/build-fuzz/bin
seeds=$ARBITER_ROOT/tests/fuzz/corpus

targets=("$@")
if [ ${#targets[@]} -eq 0 ]; then
    for dir in "$seeds"/*/; do targets+=("$(basename "$dir")"); done
fi
for target in "${targets[@]}"; do
    if [ ! -x "$bin/${target}_fuzz" ] || [ ! -d "$seeds/$target" ]; then
        echo "scripts/fuzz.sh: no fuzz target $target; the targets are those in tests/fuzz/corpus" >&2
        exit 2
    fi
done

failed=()
for target in "${targets[@]}"; do
    work=$ARBITER_ROOT/build-fuzz/fuzz/$target
    mkdir -p "$work/corpus"
    log=$ARBITER_ROOT/build-fuzz/fuzz/$target.log
    start=$(date +%s)
    status=0
    "$bin/${target}_fuzz" -runs="$runs" -timeout=25 -rss_limit_mb=2560 -print_final_stats=1 \
        -artifact_prefix="$work/" "$work/corpus" "$seeds/$target" >"$log" 2>&1 || status=$?
    seconds=$(($(date +%s) - start))
    done_line=$(grep -o 'Done [0-9]* runs' "$log" | tail -1 || true)
    speed=$(grep -o 'exec/s: [0-9]*' "$log" | tail -1 || true)
    if [ $status -eq 0 ]; then
        echo "$target: ${done_line:-done} in ${seconds} s (${speed:-exec/s unknown})"
    else
        echo "$target: FAILED after ${seconds} s, status $status; see $log and $work/" >&2
        failed+=("$target")
    fi
done
if [ ${#failed[@]} -gt 0 ]; then
    echo "scripts/fuzz.sh: findings in ${failed[*]}" >&2
    exit 1
fi
