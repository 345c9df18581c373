#include "firmware-bridge/vboard/chessnut_emulation.h"

#include <algorithm>

#include "drivers/chessnut/chessnut_commands.h"
#include "drivers/chessnut/chessnut_pieces.h"
#include "drivers/dgt/dgt_pieces.h"

namespace arbiter::vboard {

namespace {

// The commands a Chessnut board takes, and the longest payload of any.
bool isCommand(uint8_t id) {
    using namespace chessnut;
    return id == kSetMode || id == kLeds || id == kVersionRequest || id == kBatteryRequest ||
           id == 0x0b;  // beep: taken, and silent here
}
constexpr uint8_t kMaxCommandPayload = 16;

}  // namespace

ChessnutEmulation::ChessnutEmulation(firmware::BoardHardware& hardware, uint32_t scanMs,
                                     int debounce)
    : hardware_(hardware), scanMs_(std::max(1u, scanMs)), debouncer_(debounce) {}

void ChessnutEmulation::start() {
    firmware::SquareCodes readings{};
    for (int s = 0; s < chessnut::kSquares; ++s) readings[size_t(s)] = hardware_.readSquare(s);
    debouncer_.acceptAll(readings);
    scans_ = 0;
    lastScanAt_ = hardware_.millisecondsNow();
    realTime_ = false;
    filled_ = 0;
}

uint32_t ChessnutEmulation::millisecondsUntilNextScan() const {
    const uint32_t elapsed = hardware_.millisecondsNow() - lastScanAt_;
    return elapsed >= scanMs_ ? 0 : scanMs_ - elapsed;
}

void ChessnutEmulation::tick() {
    readHost();
    const uint32_t now = hardware_.millisecondsNow();
    if (now - lastScanAt_ >= scanMs_) {
        lastScanAt_ = now;
        scan();
    }
    if (realTime_ && now - lastReportAt_ >= kRepeatMs) sendPosition();
}

void ChessnutEmulation::readHost() {
    while (auto byte = hardware_.readSerialByte()) {
        if (filled_ == 0) {
            // Zeros pad a HID report; anything else that is no command is noise.
            if (isCommand(*byte)) command_[filled_++] = *byte;
            continue;
        }
        command_[filled_++] = *byte;
        if (filled_ == 2 && command_[1] > kMaxCommandPayload) {
            filled_ = 0;  // no command is that long: it was noise
            continue;
        }
        if (filled_ >= 2 && filled_ == size_t(2 + command_[1])) {
            handleCommand();
            filled_ = 0;
        }
    }
}

void ChessnutEmulation::handleCommand() {
    using namespace chessnut;
    const uint8_t id = command_[0];
    const std::span<const uint8_t> payload(command_.data() + 2, command_[1]);
    auto send = [this](const Bytes& bytes) { hardware_.writeSerial(bytes); };
    if (id == kSetMode) {
        realTime_ = !payload.empty() && payload[0] == kRealTimeMode;
        send(acknowledgement());
        if (realTime_) sendPosition();
    } else if (id == kLeds) {
        if (auto lit = ledsOf(payload)) {
            for (int s = 0; s < kSquares; ++s) hardware_.setLed(s, lit->test(size_t(s)));
        }
        send(acknowledgement());
    } else if (id == kBatteryRequest) {
        send(batteryReport(kBatteryPercent, false));
    } else if (id == kVersionRequest) {
        send(versionReport(kVersion));
    } else {
        send(acknowledgement());
    }
}

void ChessnutEmulation::scan() {
    bool changed = false;
    for (int s = 0; s < chessnut::kSquares; ++s) {
        const uint8_t reading = hardware_.readSquare(s);
        if (!firmware::isValidPieceCode(reading)) continue;  // a failed reading
        changed = debouncer_.observe(s, reading) || changed;
    }
    ++scans_;
    if (changed && realTime_) sendPosition();
}

void ChessnutEmulation::sendPosition() {
    std::array<uint8_t, 64> codes{};
    const firmware::SquareCodes& accepted = debouncer_.accepted();
    for (size_t s = 0; s < codes.size(); ++s)
        codes[s] = chessnut::pieceCode(dgt::appearanceOf(accepted[s]));
    lastReportAt_ = hardware_.millisecondsNow();
    hardware_.writeSerial(chessnut::positionReport(codes, lastReportAt_ / 1000));
}

}  // namespace arbiter::vboard
