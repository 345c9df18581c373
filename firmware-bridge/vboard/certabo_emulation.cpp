#include "firmware-bridge/vboard/certabo_emulation.h"

#include <algorithm>

namespace arbiter::vboard {

namespace {

constexpr int kSquares = 64;
constexpr uint8_t kEmptyCode = 0;
constexpr uint8_t kLastPieceCode = 12;  // DGT codes 1..12 are the twelve pieces

bool isPiece(uint8_t code) {
    return code != kEmptyCode && code <= kLastPieceCode;
}

// A piece's chip: five bytes, none of them zero, so that no chip reads as an
// empty square: 0xc0, the piece code, two bytes of its identity, 0xa5.
uint64_t chipOf(uint8_t code, uint32_t id) {
    return (0xc0ULL << 32) | (uint64_t{code} << 24) | (uint64_t{1 + id % 255} << 16) |
           (uint64_t{1 + id / 255 % 255} << 8) | 0xa5;
}

}  // namespace

CertaboEmulation::CertaboEmulation(Model model, VirtualHardware& hardware, uint32_t scanPeriodMs)
    : model_(model), hardware_(hardware), scanPeriodMs_(std::max<uint32_t>(scanPeriodMs, 1)) {}

void CertaboEmulation::start() {
    scans_ = 0;
    ledFilled_ = 0;
    readChips();
    nextScanAt_ = hardware_.millisecondsNow();
}

void CertaboEmulation::readChips() {
    for (int square = 0; square < kSquares; ++square) {
        const size_t s = static_cast<size_t>(square);
        codes_[s] = hardware_.readSquare(square);
        chips_[s] = isPiece(codes_[s]) ? chipOf(codes_[s], hardware_.pieceIds()[s]) : 0;
    }
}

void CertaboEmulation::tick() {
    hearHost();
    const uint32_t now = hardware_.millisecondsNow();
    if (static_cast<int32_t>(now - nextScanAt_) < 0) return;
    scan();
    nextScanAt_ = now + scanPeriodMs_;
}

uint32_t CertaboEmulation::millisecondsUntilNextScan() const {
    const int32_t left = static_cast<int32_t>(nextScanAt_ - hardware_.millisecondsNow());
    return left > 0 ? static_cast<uint32_t>(left) : 0;
}

void CertaboEmulation::scan() {
    readChips();
    const std::string line = reading();
    hardware_.writeSerial(std::span(reinterpret_cast<const uint8_t*>(line.data()), line.size()));
    ++scans_;
}

std::string CertaboEmulation::reading() {
    std::string line = ":";
    auto number = [&line](unsigned value) {
        if (line.size() > 1) line += ' ';
        line += std::to_string(value);
    };
    if (model_ == Model::Certabo) {
        for (uint64_t chip : chips_) {
            for (int shift = 32; shift >= 0; shift -= 8) number(unsigned((chip >> shift) & 0xff));
        }
    } else {
        for (int rank = 0; rank < 8; ++rank) {
            unsigned bits = 0;
            for (int file = 0; file < 8; ++file) {
                if (isPiece(codes_[static_cast<size_t>(rank * 8 + file)])) bits |= 0x80u >> file;
            }
            number(bits);
        }
    }
    return line + "\r\n";
}

void CertaboEmulation::hearHost() {
    while (auto byte = hardware_.readSerialByte()) {
        ledFrame_[ledFilled_++] = *byte;
        if (ledFilled_ < ledFrame_.size()) continue;
        ledFilled_ = 0;
        for (int rank = 0; rank < 8; ++rank) {
            for (int file = 0; file < 8; ++file) {
                const bool on = (ledFrame_[static_cast<size_t>(rank)] >> file) & 1;
                const int square = rank * 8 + file;
                if (hardware_.ledOn(square) != on) hardware_.setLed(square, on);
            }
        }
    }
}

}  // namespace arbiter::vboard
