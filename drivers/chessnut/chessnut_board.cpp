#include "drivers/chessnut/chessnut_board.h"

#include <fmt/format.h>

#include "drivers/chessnut/chessnut_pieces.h"

namespace arbiter::chessnut {

namespace {

// A hidraw read returns one report; a pseudo-terminal what it has.
constexpr size_t kReadChunk = 256;
// More waits for the next wake-up, so that one busy board cannot starve the
// daemon's other work.
constexpr int kMaxReadsPerWakeUp = 64;
// A low battery is told again only after it has been this much above the mark.
constexpr int kLowBatteryHysteresis = 5;

}  // namespace

bool mayBeChessnutBoard(std::optional<uint16_t> vendor, std::optional<uint16_t> product) {
    if (vendor != kUsbVendor || !product) return false;
    const int family = *product >> 8;
    return family >= kFirstProductFamily && family <= kLastProductFamily;
}

const BoardProtocol kChessnutProtocol = {
    .name = "chessnut",
    .description = "Chessnut board",
    .makeDriver = [](Transport& transport,
                     BoardListener& listener) -> std::unique_ptr<BoardDriver> {
        return std::make_unique<ChessnutBoard>(transport, listener);
    },
    .mayBe =
        [](const SerialPortInfo& port) {
            return port.transport == "hid" && mayBeChessnutBoard(port.vendorId, port.productId);
        },
    .carriesClock = false,
    .device = DeviceKind::Hid,
};

ChessnutBoard::ChessnutBoard(Transport& transport, BoardListener& listener)
    : transport_(transport), listener_(listener) {
    identity_.protocol = "chessnut";
    identity_.trademark = "Chessnut";
}

bool ChessnutBoard::start() {
    parser_.reset();
    identity_ = BoardIdentity{};
    identity_.protocol = "chessnut";
    identity_.trademark = "Chessnut";
    identityReported_ = false;
    shown_.reset();
    dumpNext_ = true;
    ledsShown_.reset();
    waitingRequests_ = {versionRequest(), batteryRequest()};
    return send(realTimeModeCommand());
}

bool ChessnutBoard::onReadable(int64_t nowMs) {
    now_ = nowMs;
    if (unstampedWrite_) {
        // Written since the last read, at a time not known: taken as now.
        lastWriteAt_ = nowMs;
        unstampedWrite_ = false;
    }
    reading_ = true;
    // Before what the board says now, which may make the daemon light LEDs:
    // a board that answers every move with a write would hold it back for ever.
    sendWaitingRequest();
    std::array<uint8_t, kReadChunk> buffer;
    for (int i = 0; i < kMaxReadsPerWakeUp && !gone_; ++i) {
        const long n = transport_.read(buffer.data(), buffer.size());
        if (n < 0) {
            gone_ = true;
            break;
        }
        if (n == 0) break;
        parser_.feed(std::span<const uint8_t>(buffer.data(), static_cast<size_t>(n)), *this);
    }
    reading_ = false;
    return !gone_;
}

bool ChessnutBoard::requestBoard() {
    dumpNext_ = true;
    if (waitingRequests_.empty()) waitingRequests_.push_back(batteryRequest());
    return send(realTimeModeCommand());
}

bool ChessnutBoard::showLeds(const std::bitset<64>& lit) {
    if (!hasLeds()) return false;
    if (ledsShown_ == lit) return true;
    if (!send(ledCommand(lit))) return false;
    ledsShown_ = lit;
    return true;
}

bool ChessnutBoard::send(const Bytes& bytes) {
    if (gone_) return false;
    // One write is one frame: over hidraw, one report.
    if (!transport_.write(bytes.data(), bytes.size())) {
        gone_ = true;
        return false;
    }
    // Within onReadable the time is known; elsewhere it is stamped at the next read.
    if (reading_) {
        lastWriteAt_ = now_;
    } else {
        unstampedWrite_ = true;
    }
    return true;
}

void ChessnutBoard::sendWaitingRequest() {
    if (waitingRequests_.empty()) return;
    if (lastWriteAt_ && now_ - *lastWriteAt_ < kWriteSpacingMs) return;
    Bytes next = std::move(waitingRequests_.front());
    waitingRequests_.pop_front();
    send(next);
}

// ---- what the board says ----

void ChessnutBoard::message(const ChessnutMessage& message) {
    std::visit([this](const auto& m) { handle(m); }, message);
}

void ChessnutBoard::warning(const std::string& what) {
    listener_.protocolWarning(what);
}

void ChessnutBoard::handle(const PositionReport& report) {
    if (!identityReported_) {
        // A position report proves a Chessnut board is there.
        identityReported_ = true;
        listener_.identified(identity_);
    }
    if (dumpNext_ || !shown_) {
        BoardSquares squares;
        for (int s = 0; s < kSquares; ++s)
            squares[size_t(s)] = appearanceOf(report.codes[size_t(s)]);
        shown_ = report.codes;
        dumpNext_ = false;
        listener_.boardDump(squares);
        return;
    }
    // One report may hold several changes (a move made within one scan): the
    // pieces that left are told before the ones that came, as a hand moves them.
    const std::array<uint8_t, 64> before = *shown_;
    shown_ = report.codes;
    for (int s = 0; s < kSquares; ++s) {
        const size_t i = size_t(s);
        if (before[i] != kEmpty && before[i] != report.codes[i]) listener_.squareChanged(s, {});
    }
    for (int s = 0; s < kSquares; ++s) {
        const size_t i = size_t(s);
        if (report.codes[i] != kEmpty && before[i] != report.codes[i])
            listener_.squareChanged(s, appearanceOf(report.codes[i]));
    }
}

void ChessnutBoard::handle(const BatteryReport& report) {
    battery_ = report;
    const bool low = !report.charging && report.percent <= kLowBatteryPercent;
    if (low && !lowBatteryTold_) {
        lowBatteryTold_ = true;
        listener_.protocolWarning(
            fmt::format("battery low: {} %; plug the board in or charge it", report.percent));
    } else if (report.charging || report.percent > kLowBatteryPercent + kLowBatteryHysteresis) {
        lowBatteryTold_ = false;
    }
}

void ChessnutBoard::handle(const VersionReport& report) {
    identity_.version = report.text;
    if (identityReported_) listener_.identified(identity_);
}

}  // namespace arbiter::chessnut
