#pragma once

// The check every fuzz target states its invariants with.

#include <cstdio>
#include <cstdlib>

namespace arbiter::fuzzing {

// An invariant of the code under test that the input broke: says which, then
// aborts, so that libFuzzer keeps the input as a crash and prints the stack.
inline void fuzzCheck(bool held, const char* invariant) {
    if (held) return;
    std::fprintf(stderr, "fuzz invariant broken: %s\n", invariant);
    std::abort();
}

}  // namespace arbiter::fuzzing
