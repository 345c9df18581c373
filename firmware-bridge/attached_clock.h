#pragma once

// What the board side needs of a chess clock plugged into the board.

#include <array>
#include <cstdint>
#include <optional>
#include <span>

namespace arbiter::firmware {

// The seven bytes after a BWTIME header (b3..b9 in docs/protocols/dgt.md):
// either the clock's times and status, or an ACK folded into that shape.
using BwTimePayload = std::array<uint8_t, 7>;

// A DGT XL or DGT 3000 as the board reaches it through its clock socket. The
// board side hands it every clock frame the host sends and asks it for what goes
// back; the clock never writes to the host itself, so the board decides when
// (as a real board, it passes ACKs and times on only in an update mode). A board
// without a clock has none of this (DgtBoardSide takes a null clock).
class AttachedClock {
  public:
    virtual ~AttachedClock() = default;

    // One clock frame: the n bytes that follow `2b n` (`03 <cmd> <payload> 00`).
    virtual void command(std::span<const uint8_t> frame, uint32_t nowMs) = 0;

    // The times and status as the clock shows them at nowMs.
    virtual BwTimePayload times(uint32_t nowMs) = 0;

    // The oldest ACK the clock has to send (an answer to a command, or a button
    // pressed), taken out of its queue; nothing when none waits.
    virtual std::optional<BwTimePayload> takeAck() = 0;
};

// The ACK bytes ack0..ack3 in the BWTIME shape hosts decode: the low nibble of
// b6 marks it as an ACK, and bit 7 of each ack byte rides in b3 or b6.
inline constexpr BwTimePayload ackPayload(std::array<uint8_t, 4> ack) {
    constexpr uint8_t kMarker = 0x0a;
    return BwTimePayload{uint8_t(((ack[2] >> 3) & 0x10) | ((ack[3] >> 2) & 0x20)),
                         uint8_t(ack[0] & 0x7f),
                         uint8_t(ack[1] & 0x7f),
                         uint8_t(kMarker | ((ack[0] >> 3) & 0x10) | ((ack[1] >> 2) & 0x20)),
                         uint8_t(ack[2] & 0x7f),
                         uint8_t(ack[3] & 0x7f),
                         0};
}

}  // namespace arbiter::firmware
