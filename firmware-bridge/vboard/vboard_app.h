#pragma once

// The arbiter-vboard program: a virtual board on a pseudo-terminal.

#include "firmware-bridge/vboard/vboard_options.h"

namespace arbiter::vboard {

// Runs one virtual board until `quit`, SIGINT/SIGTERM, or (with --exit-on-eof)
// the end of stdin. One thread, one poll() loop over stdin and the
// pseudo-terminal: host bytes are answered in the same turn of the loop, the
// firmware is ticked at least once per scan period, console lines run as they
// arrive. Returns the process exit status.
int runVboard(const VboardOptions& options);

}  // namespace arbiter::vboard
