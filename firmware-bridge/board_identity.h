#pragma once

// Who the board says it is.

#include <array>
#include <cstdint>

namespace arbiter::firmware {

// The identity the board reports to a host that asks: its serial number and
// firmware version. Hosts tell boards apart by serial number (and bus mode uses
// it as an address), so several virtual boards on one host need different ones.
struct BoardIdentity {
    static constexpr int kSerialDigits = 10;

    // Ten ASCII digits, most significant first. RETURN_LONG_SERIALNR sends all of
    // them, RETURN_SERIALNR the last five, RETURN_BUSADRES the number formed by
    // those five, modulo 2^14 (two 7-bit bytes).
    std::array<char, kSerialDigits> serialDigits{'0', '0', '0', '0', '0', '0', '0', '0', '0', '1'};
    uint8_t versionMajor = 1;  // 7-bit values: they travel as message payload
    uint8_t versionMinor = 0;
};

}  // namespace arbiter::firmware
