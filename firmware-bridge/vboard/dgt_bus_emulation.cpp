#include "firmware-bridge/vboard/dgt_bus_emulation.h"

#include "drivers/dgt_bus/dgt_bus_commands.h"

namespace arbiter::vboard {

namespace {

using namespace arbiter::dgt_bus;

// A real board keeps 8 kB; a reply must stay within what a host reads.
constexpr size_t kMaxStoredChanges = kMaxReplyLength - kReplyOverhead - 2;
constexpr uint32_t kPingSpreadMs = 1000;
// The clock bytes of a board without a clock: status bit 5, "no clock".
constexpr uint8_t kNoClock = 0x20;

}  // namespace

DgtBusEmulation::DgtBusEmulation(VirtualHardware& hardware, int address, uint32_t scanMs,
                                 int debounce)
    : hardware_(hardware), address_(address), scanMs_(scanMs), debounce_(debounce) {}

void DgtBusEmulation::start() {
    for (int square = 0; square < 64; ++square) {
        accepted_[static_cast<size_t>(square)] = hardware_.readSquare(square);
    }
    candidate_ = accepted_;
    seen_.fill(0);
    changes_.clear();
    nextScanAt_ = hardware_.millisecondsNow() + scanMs_;
}

void DgtBusEmulation::tick() {
    while (auto byte = hardware_.readSerialByte()) hear(*byte);
    const uint32_t now = hardware_.millisecondsNow();
    if (pingAt_ && int32_t(now - *pingAt_) >= 0) {
        pingAt_.reset();
        reply(kPingReply);
    }
    if (int32_t(now - nextScanAt_) >= 0) {
        scan();
        nextScanAt_ = now + scanMs_;
    }
}

uint32_t DgtBusEmulation::millisecondsUntilNextScan() const {
    const uint32_t now = hardware_.millisecondsNow();
    auto until = [now](uint32_t at) { return int32_t(at - now) > 0 ? at - now : 0u; };
    uint32_t wait = until(nextScanAt_);
    if (pingAt_) wait = std::min(wait, until(*pingAt_));
    return wait;
}

uint32_t DgtBusEmulation::pingDelayMs() const {
    return static_cast<uint32_t>(address_ * 37) % kPingSpreadMs;
}

// A command is a byte with bit 7 set and three below it; whatever else comes
// (a single-board command, noise) is not heard. A real board would switch to
// single-board mode on a single-board command; a virtual bus stays a bus.
void DgtBusEmulation::hear(uint8_t byte) {
    if (byte & 0x80) {
        frame_[0] = byte;
        framed_ = 1;
        return;
    }
    if (framed_ == 0) return;
    frame_[framed_++] = byte;
    if (framed_ < frame_.size()) return;
    framed_ = 0;
    if (checksum(std::span(frame_).first(3)) != frame_[3]) return;
    obey(frame_[0], (frame_[1] << 7) | frame_[2]);
}

void DgtBusEmulation::obey(uint8_t command, int address) {
    if (address == kBroadcastAddress && command == kPing) {
        if (ignoreNextPing_) {
            ignoreNextPing_ = false;
        } else {
            pingAt_ = hardware_.millisecondsNow() + pingDelayMs();
        }
        return;
    }
    if (address != address_) return;
    switch (command) {
        case kSendBoard:
            reply(kBoardDump, std::vector<uint8_t>(accepted_.begin(), accepted_.end()));
            return;
        case kSendChanges:
            lastSent_ = std::move(changes_);
            changes_.clear();
            reply(kChanges, lastSent_);
            return;
        case kRepeatChanges:
            reply(kChanges, lastSent_);
            return;
        case kSendVersion:
            reply(kVersion, {kVersionMajor, kVersionMinor});
            return;
        case kPing:
            reply(kPingReply);
            return;
        case kIgnoreNextPing:
            ignoreNextPing_ = true;
            reply(kPingReply);
            return;
        case kSendClock:
            reply(kClock, {0, 0, 0, 0, 0, 0, kNoClock});
            return;
        case kSetStartGame:
            reply(kStartGameWritten);
            return;
        case kSendFromStart:
            reply(kFromStart);  // it keeps no game record
            return;
        default:
            return;
    }
}

// A change counts once `debounce_` scans in a row have seen it, as on the
// firmware; it is stored as the board stores it, piece code then square.
void DgtBusEmulation::scan() {
    ++scans_;
    for (size_t square = 0; square < accepted_.size(); ++square) {
        const uint8_t reading = hardware_.readSquare(static_cast<int>(square));
        if (reading == accepted_[square]) {
            seen_[square] = 0;
            continue;
        }
        if (reading != candidate_[square] || seen_[square] == 0) {
            candidate_[square] = reading;
            seen_[square] = 0;
        }
        if (++seen_[square] < debounce_) continue;
        accepted_[square] = reading;
        seen_[square] = 0;
        if (changes_.size() + 2 > kMaxStoredChanges)
            changes_.erase(changes_.begin(), changes_.begin() + 2);
        changes_.push_back(uint8_t(kFirstPieceRecord | (reading & kPieceRecordCodeMask)));
        changes_.push_back(uint8_t(square));
    }
}

void DgtBusEmulation::reply(uint8_t id, const std::vector<uint8_t>& data) {
    hardware_.writeSerial(busReply(static_cast<ReplyId>(id), address_, data));
}

}  // namespace arbiter::vboard
