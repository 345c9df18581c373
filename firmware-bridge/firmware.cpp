#include "firmware-bridge/firmware.h"

#include <algorithm>

namespace arbiter::firmware {

namespace {
constexpr uint32_t kMinScanPeriodMs = 1;
}

Firmware::Firmware(BoardHardware& hardware, const FirmwareConfig& config, AttachedClock* clock)
    : hardware_(hardware),
      config_(config),
      debouncer_(config.debounceScans),
      boardSide_(hardware, debouncer_.accepted(), config.identity, clock) {
    config_.scanPeriodMs = std::max(config_.scanPeriodMs, kMinScanPeriodMs);
}

void Firmware::start() {
    SquareCodes readings{};
    for (int square = 0; square < dgt::kSquares; ++square) {
        const uint8_t code = hardware_.readSquare(square);
        readings[static_cast<size_t>(square)] =
            isValidPieceCode(code) ? code : uint8_t{dgt::kEmpty};
    }
    debouncer_.acceptAll(readings);
    lastScanMs_ = hardware_.millisecondsNow();
    started_ = true;
}

void Firmware::tick() {
    if (!started_) start();
    const uint32_t nowMs = hardware_.millisecondsNow();
    serveHost(nowMs);
    boardSide_.keepClockInformed(nowMs);
    if (nowMs - lastScanMs_ >= config_.scanPeriodMs) {
        // Late ticks do not cause a burst of catch-up scans: the next one is a
        // full period after this one.
        lastScanMs_ = nowMs;
        scan();
    }
}

uint32_t Firmware::millisecondsUntilNextScan() const {
    if (!started_) return 0;
    const uint32_t elapsed = hardware_.millisecondsNow() - lastScanMs_;
    return elapsed >= config_.scanPeriodMs ? 0 : config_.scanPeriodMs - elapsed;
}

void Firmware::serveHost(uint32_t nowMs) {
    // Drain the serial line through the 10-byte buffer, answering as we go, so a
    // burst longer than the buffer is still served in this same tick.
    bool more = true;
    while (more) {
        more = false;
        while (!boardSide_.inputBufferFull()) {
            const auto byte = hardware_.readSerialByte();
            if (!byte) break;
            boardSide_.receive(*byte);
            more = true;
        }
        boardSide_.processInput(nowMs);
    }
}

void Firmware::scan() {
    for (int square = 0; square < dgt::kSquares; ++square) {
        const uint8_t reading = hardware_.readSquare(square);
        if (!isValidPieceCode(reading)) continue;
        if (debouncer_.observe(square, reading)) {
            boardSide_.reportSquareChange(square,
                                          debouncer_.accepted()[static_cast<size_t>(square)]);
        }
    }
    ++scansCompleted_;
}

}  // namespace arbiter::firmware
