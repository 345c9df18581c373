#include "firmware-bridge/vboard/virtual_clock.h"

#include <algorithm>
#include <cstdio>

#include "drivers/dgt/dgt_clock_protocol.h"
#include "drivers/dgt/dgt_segments.h"

namespace arbiter::vboard {

namespace clk = dgt::clock;

namespace {

// Versions the clocks answer with: the major number is what tells them apart.
constexpr uint8_t kXlVersion = 0x11;       // 1.1
constexpr uint8_t kDgt3000Version = 0x21;  // 2.1
constexpr uint32_t kBeepUnitMs = 64;

constexpr size_t kSetAndRunPayload = 7;
constexpr size_t kTextPayload = 9;
constexpr size_t kXlDisplayPayload = 8;
constexpr size_t kBeepPayload = 1;

uint8_t bcd(uint32_t value) {
    return uint8_t(((value / 10) << 4) | (value % 10));
}

// Seconds as a clock shows them: rounded up, so a fresh 15 minutes reads 0:15:00.
uint32_t shownSeconds(uint32_t ms) {
    return (ms + 999) / 1000;
}

std::string hms(uint32_t ms) {
    const uint32_t seconds = shownSeconds(ms);
    char text[16];
    std::snprintf(text, sizeof text, "%u:%02u:%02u", seconds / 3600, seconds / 60 % 60,
                  seconds % 60);
    return text;
}

const char* sideName(VirtualClock::Side side) {
    return side == VirtualClock::Side::Left ? "left" : "right";
}

VirtualClock::Side otherSide(VirtualClock::Side side) {
    return side == VirtualClock::Side::Left ? VirtualClock::Side::Right : VirtualClock::Side::Left;
}

std::string hex(uint8_t byte) {
    char text[8];
    std::snprintf(text, sizeof text, "0x%02x", byte);
    return text;
}

}  // namespace

VirtualClock::VirtualClock(ClockModel model, Printer printer)
    : model_(model), printer_(std::move(printer)) {}

void VirtualClock::print(const std::string& line) const {
    if (printer_) printer_(line);
}

void VirtualClock::ack(uint8_t command, bool ok, uint8_t ack2) {
    acks_.push_back(firmware::ackPayload({ok ? clk::kAckOk : clk::kAckError, command, ack2, 0}));
}

void VirtualClock::command(std::span<const uint8_t> frame, uint32_t nowMs) {
    // 03 <cmd> <payload> 00: anything else is not a clock command at all.
    if (frame.size() < 3 || frame.front() != clk::kStartMessage ||
        frame.back() != clk::kEndMessage) {
        print("clock: ignored a frame that is not 03 <command> ... 00");
        return;
    }
    const uint8_t id = frame[1];
    const std::span<const uint8_t> payload = frame.subspan(2, frame.size() - 3);
    auto sized = [&](size_t expected) {
        if (payload.size() == expected) return true;
        print("clock: command " + hex(id) + " with " + std::to_string(payload.size()) +
              " bytes instead of " + std::to_string(expected) + "; refused");
        ack(id, false);
        return false;
    };
    switch (id) {
        case clk::kVersion:
            if (sized(0)) ack(id, true, model_ == ClockModel::Xl ? kXlVersion : kDgt3000Version);
            return;
        case clk::kButtons:
            if (sized(0)) ack(id, true);
            return;
        case clk::kEnd:
            if (!sized(0)) return;
            print("clock times");
            ack(id, true);
            return;
        case clk::kBeep:
            if (!sized(kBeepPayload)) return;
            print("clock beep " + std::to_string(payload[0] * kBeepUnitMs) + " ms");
            ack(id, true);
            return;
        case clk::kSetAndRun:
            if (sized(kSetAndRunPayload)) setAndRun(payload, nowMs);
            return;
        case clk::kAsciiText:
            if (model_ == ClockModel::Xl) {
                print("clock: a DGT XL cannot show text; refused");
                ack(id, false);
                return;
            }
            if (sized(kTextPayload)) showText(payload);
            return;
        case clk::kDisplay:
            if (sized(kXlDisplayPayload)) showSegments(payload);
            return;
        default:
            print("clock: unknown command " + hex(id) + "; refused");
            ack(id, false);
            return;
    }
}

void VirtualClock::setAndRun(std::span<const uint8_t> p, uint32_t nowMs) {
    const bool valid =
        p[0] <= 9 && p[1] <= 59 && p[2] <= 59 && p[3] <= 9 && p[4] <= 59 && p[5] <= 59 &&
        (p[6] & ~0x0fu) == 0 &&
        (p[6] & (clk::kRunLeft | clk::kRunRight)) != (clk::kRunLeft | clk::kRunRight);
    if (!valid) {
        print("clock: set-and-run with impossible times or flags; refused");
        ack(clk::kSetAndRun, false);
        return;
    }
    leftMs_ = (p[0] * 3600u + p[1] * 60u + p[2]) * 1000u;
    rightMs_ = (p[3] * 3600u + p[4] * 60u + p[5]) * 1000u;
    leftFlag_ = rightFlag_ = false;
    const uint8_t flags = p[6];
    runner_.reset();
    if (flags & clk::kRunLeft) runner_ = Side::Left;
    if (flags & clk::kRunRight) runner_ = Side::Right;
    paused_ = (flags & clk::kPause) != 0;
    onLever_ = (flags & clk::kToggleOnLever) != 0;
    settledAt_ = nowMs;
    print("clock " + describe(nowMs));
    ack(clk::kSetAndRun, true);
}

void VirtualClock::showText(std::span<const uint8_t> payload) {
    std::string text;
    for (size_t i = 0; i < 8; ++i) {
        const uint8_t c = payload[i];
        text.push_back(c >= 0x20 && c < 0x7f ? char(c) : '?');
    }
    std::string line = "clock text \"" + text + "\"";
    if (payload[8] != 0) line += ", beep " + std::to_string(payload[8]);
    print(line);
    ack(clk::kAsciiText, true);
}

// Wire order C B A F E D, then icons and beep; shown as "1A:BC 1D:EF".
void VirtualClock::showSegments(std::span<const uint8_t> p) {
    const char a = dgt::characterOf(p[2]), b = dgt::characterOf(p[1]), c = dgt::characterOf(p[0]);
    const char d = dgt::characterOf(p[5]), e = dgt::characterOf(p[4]), f = dgt::characterOf(p[3]);
    const uint8_t icons = p[6];
    auto separator = [](bool colon, bool dot) { return colon ? ':' : dot ? '.' : ' '; };
    std::string shown;
    shown += (icons & 0x20) ? '1' : ' ';
    shown += a;
    shown += separator(icons & 0x10, icons & 0x08);
    shown += b;
    shown += c;
    shown += ' ';
    shown += (icons & 0x04) ? '1' : ' ';
    shown += d;
    shown += separator(icons & 0x02, icons & 0x01);
    shown += e;
    shown += f;
    std::string line = "clock display \"" + shown + "\"";
    if (p[7] == clk::kXlBeep) line += ", beep";
    print(line);
    ack(clk::kDisplay, true);
}

void VirtualClock::settle(uint32_t nowMs) {
    const uint32_t elapsed = nowMs - settledAt_;
    settledAt_ = nowMs;
    if (!runner_ || paused_) return;
    uint32_t& left = timeOf(*runner_);
    if ((*runner_ == Side::Left ? leftFlag_ : rightFlag_)) return;
    left = elapsed >= left ? 0 : left - elapsed;
    if (left == 0) {
        (*runner_ == Side::Left ? leftFlag_ : rightFlag_) = true;
        print(std::string("clock flag fallen on the ") + sideName(*runner_));
    }
}

firmware::BwTimePayload VirtualClock::times(uint32_t nowMs) {
    settle(nowMs);
    auto side = [](uint32_t ms, bool flag, uint8_t out[3]) {
        const uint32_t seconds = shownSeconds(ms);
        out[0] = uint8_t(std::min<uint32_t>(seconds / 3600, 9) |
                         (flag ? clk::kFlagFallen | clk::kFlagShown : 0));
        out[1] = bcd(seconds / 60 % 60);
        out[2] = bcd(seconds % 60);
    };
    firmware::BwTimePayload payload{};
    side(rightMs_, rightFlag_, payload.data());
    side(leftMs_, leftFlag_, payload.data() + 3);
    uint8_t status = 0;
    const bool flagged = runner_ && (*runner_ == Side::Left ? leftFlag_ : rightFlag_);
    if (runner_ && !paused_ && !flagged) status |= clk::kStatusRunning;
    if (rightLeverHigh_) status |= clk::kStatusRightLeverHigh;
    if (runner_ == Side::Right) status |= clk::kStatusRightToMove;
    if (runner_ == Side::Left) status |= clk::kStatusLeftToMove;
    payload[6] = status;
    return payload;
}

std::optional<firmware::BwTimePayload> VirtualClock::takeAck() {
    if (acks_.empty()) return std::nullopt;
    const firmware::BwTimePayload next = acks_.front();
    acks_.pop_front();
    return next;
}

void VirtualClock::pressLever(Side side, uint32_t nowMs) {
    settle(nowMs);
    rightLeverHigh_ = side == Side::Left;
    std::string line = std::string("clock lever pressed on the ") + sideName(side);
    const bool flagged = leftFlag_ || rightFlag_;
    if (onLever_ && !paused_ && !flagged && runner_ != otherSide(side)) {
        runner_ = otherSide(side);
        line += ": " + describe(nowMs);
    } else if (onLever_ && paused_ && !flagged && runner_ != otherSide(side)) {
        // The players' own clock waiting for its first press: this starts it.
        if (!runner_) {
            paused_ = false;
            runner_ = otherSide(side);
            line += ": " + describe(nowMs);
        }
    }
    print(line);
}

void VirtualClock::rockLever(uint32_t nowMs) {
    pressLever(rightLeverHigh_ ? Side::Right : Side::Left, nowMs);
}

bool VirtualClock::pressButton(uint8_t code) {
    if (model_ == ClockModel::Xl) return false;
    acks_.push_back(firmware::ackPayload({clk::kAckOk, clk::kAckButton, 0, code}));
    return true;
}

void VirtualClock::set(uint32_t leftMs, uint32_t rightMs, uint32_t nowMs) {
    leftMs_ = std::min(leftMs, kMaxMs);
    rightMs_ = std::min(rightMs, kMaxMs);
    leftFlag_ = rightFlag_ = false;
    runner_.reset();
    paused_ = true;
    onLever_ = true;
    settledAt_ = nowMs;
    print("clock set " + describe(nowMs));
}

std::string VirtualClock::describe(uint32_t nowMs) {
    settle(nowMs);
    std::string text = hms(leftMs_) + " | " + hms(rightMs_);
    if (!runner_) return text + (onLever_ ? ", waiting for the lever" : ", stopped");
    text += std::string(", ") + sideName(*runner_);
    text += paused_ ? " to move, paused" : " running";
    if (leftFlag_ || rightFlag_)
        text += std::string(", flag fallen on the ") + (leftFlag_ ? "left" : "right");
    return text;
}

}  // namespace arbiter::vboard
