#include "firmware-bridge/vboard/virtual_hardware.h"

#include <chrono>

namespace arbiter::vboard {

namespace {

VirtualHardware::Clock steadyClockSinceNow() {
    const auto start = std::chrono::steady_clock::now();
    return [start] {
        const auto elapsed = std::chrono::steady_clock::now() - start;
        return static_cast<uint32_t>(
            std::chrono::duration_cast<std::chrono::milliseconds>(elapsed).count());
    };
}

bool isSquare(int square) {
    return square >= 0 && square < dgt::kSquares;
}

}  // namespace

VirtualHardware::VirtualHardware(SerialWriter writer, Clock clock)
    : writer_(std::move(writer)), clock_(clock ? std::move(clock) : steadyClockSinceNow()) {}

uint8_t VirtualHardware::readSquare(int square) {
    return isSquare(square) ? sensors_[static_cast<size_t>(square)] : uint8_t{dgt::kEmpty};
}

std::optional<uint8_t> VirtualHardware::readSerialByte() {
    if (fromHost_.empty()) return std::nullopt;
    const uint8_t byte = fromHost_.front();
    fromHost_.pop_front();
    return byte;
}

void VirtualHardware::writeSerial(std::span<const uint8_t> bytes) {
    if (plugged_ && writer_) writer_(bytes);
}

void VirtualHardware::setLed(int square, bool on) {
    if (!isSquare(square)) return;
    bool& led = leds_[static_cast<size_t>(square)];
    if (led == on) return;
    led = on;
    if (ledListener_) ledListener_(square, on);
}

uint32_t VirtualHardware::millisecondsNow() {
    return clock_();
}

void VirtualHardware::deliverFromHost(std::span<const uint8_t> bytes) {
    if (!plugged_) return;
    fromHost_.insert(fromHost_.end(), bytes.begin(), bytes.end());
}

void VirtualHardware::setPlugged(bool plugged) {
    plugged_ = plugged;
    if (!plugged_) fromHost_.clear();
}

}  // namespace arbiter::vboard
