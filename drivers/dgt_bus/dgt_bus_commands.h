#pragma once

// The frames on a DGT bus: the host's four-byte commands (command, address,
// checksum) and the boards' replies, which the virtual boards and the tests
// send. Encoders only; the line (dgt_bus_line.h) decides what to send when.

#include <cstdint>
#include <span>
#include <vector>

#include "drivers/dgt_bus/dgt_bus_protocol.h"

namespace arbiter::dgt_bus {

using Bytes = std::vector<uint8_t>;

// The bus checksum: the sum of the bytes, bit 7 cleared.
uint8_t checksum(std::span<const uint8_t> bytes);

// `command` for the board at `address` (0 = every board), 0..kMaxAddress;
// addresses out of range are masked to 14 bits (the caller checks first).
Bytes busCommand(Command command, int address);

// The reply `id` of the board at `address` carrying `data` (bytes below
// 0x80), with its length and checksum.
Bytes busReply(ReplyId id, int address, std::span<const uint8_t> data = {});

}  // namespace arbiter::dgt_bus
