#pragma once

#include <sys/types.h>

#include <optional>

namespace arbiter::bench {

// The benches compare us with other engines in CPU time rather than wall
// time: on a shared machine either side may lose the processor for a while,
// and the ratio should not depend on which one was unlucky.

// The CPU time this thread has used, in seconds.
double threadCpuSeconds();

// The CPU time process `pid` has used, every thread of it (Stockfish counts
// perft in a search thread, not the one that reads commands), in seconds;
// nullopt when /proc does not tell.
std::optional<double> processCpuSeconds(pid_t pid);

}  // namespace arbiter::bench
