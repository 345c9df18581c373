// libFuzzer target for the board's end of the DGT protocol (arbiter-vboard and
// the DIY firmware): whatever a host sends, at whatever pace, the board's
// answers are whole, valid DGT messages that arbiterd's own parser reads
// without a warning, and the board lights only its own squares.
//
// The input: a first byte choosing the clock plugged into the board (none, a
// DGT XL, a DGT 3000), then chunks, each a byte whose low nibble counts the host
// bytes that follow and whose high nibble says how long the board waited before
// them (0, or 2^k ms up to 16 s, across the frame timeout and the clock's
// one-second reports).

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>

#include "drivers/dgt/dgt_parser.h"
#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/dgt_board_side.h"
#include "firmware-bridge/vboard/board_notation.h"
#include "firmware-bridge/vboard/virtual_clock.h"
#include "tests/fuzz/fuzz_check.h"

namespace {

using arbiter::fuzzing::fuzzCheck;
namespace dgt = arbiter::dgt;
namespace firmware = arbiter::firmware;
namespace vboard = arbiter::vboard;

// The host's side of the line: reads what the board sends as arbiterd does.
class HostSide final : public dgt::DgtParser::Sink {
  public:
    void message(const dgt::DgtMessage&) override {}
    void warning(const std::string&) override {
        fuzzCheck(false, "the board sends only whole, valid messages");
    }
};

class FuzzedHardware final : public firmware::BoardHardware {
  public:
    uint8_t readSquare(int square) override {
        fuzzCheck(square >= 0 && square < dgt::kSquares, "the board reads its own squares");
        return position[static_cast<size_t>(square)];
    }
    std::optional<uint8_t> readSerialByte() override { return std::nullopt; }
    void writeSerial(std::span<const uint8_t> bytes) override { parser.feed(bytes, host); }
    void setLed(int square, bool) override {
        fuzzCheck(square >= 0 && square < dgt::kSquares, "the board lights its own squares");
    }
    uint32_t millisecondsNow() override { return now; }

    firmware::SquareCodes position = vboard::startPosition();
    dgt::DgtParser parser;
    HostSide host;
    uint32_t now = 0;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    if (size == 0) return 0;
    FuzzedHardware hardware;
    std::unique_ptr<vboard::VirtualClock> clock;
    if (data[0] % 3 == 1)
        clock = std::make_unique<vboard::VirtualClock>(vboard::ClockModel::Xl, nullptr);
    if (data[0] % 3 == 2)
        clock = std::make_unique<vboard::VirtualClock>(vboard::ClockModel::Dgt3000, nullptr);
    firmware::DgtBoardSide board(hardware, hardware.position, firmware::BoardIdentity{},
                                 clock.get());

    size_t at = 1;
    while (at < size) {
        const uint8_t chunk = data[at++];
        const int wait = chunk >> 4;
        if (wait > 0) hardware.now += 1u << (wait - 1);
        for (int i = 0; i < (chunk & 0x0f) && at < size; ++i) board.receive(data[at++]);
        board.processInput(hardware.now);
        board.keepClockInformed(hardware.now);
    }
    fuzzCheck(hardware.parser.idle(), "the board's last message is whole");
    return 0;
}
