#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::dgt_bus {

uint8_t checksum(std::span<const uint8_t> bytes) {
    unsigned sum = 0;
    for (uint8_t byte : bytes) sum += byte;
    return uint8_t(sum & 0x7f);
}

Bytes busCommand(Command command, int address) {
    Bytes frame{command, addressHigh(address), addressLow(address)};
    frame.push_back(checksum(frame));
    return frame;
}

Bytes busReply(ReplyId id, int address, std::span<const uint8_t> data) {
    const int length = kReplyOverhead + static_cast<int>(data.size());
    Bytes frame{id, uint8_t((length >> 7) & 0x7f), uint8_t(length & 0x7f), addressHigh(address),
                addressLow(address)};
    frame.insert(frame.end(), data.begin(), data.end());
    frame.push_back(checksum(frame));
    return frame;
}

}  // namespace arbiter::dgt_bus
