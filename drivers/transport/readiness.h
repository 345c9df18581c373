#pragma once

// The two questions a non-blocking transport must ask its descriptor outside a
// read or write: did the other end hang up (a read of 0 bytes is ambiguous on a
// tty), and may I write again (a full output buffer). Shared by the transports.

namespace arbiter {

// True when poll(2) reports hang-up, error or an invalid descriptor right now.
bool hungUp(int fd);

// Waits up to `timeoutMs` for room to write; false on timeout or hang-up.
bool waitWritable(int fd, int timeoutMs);

}  // namespace arbiter
