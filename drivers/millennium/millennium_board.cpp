#include "drivers/millennium/millennium_board.h"

#include <array>

#include <fmt/format.h>

namespace arbiter::millennium {

namespace {

constexpr size_t kReadChunk = 256;
// Enough for a burst of reports; more waits for the next wake-up so that one
// busy board cannot starve the daemon's other work.
constexpr int kMaxReadsPerWakeUp = 64;

}  // namespace

const BoardProtocol kMillenniumProtocol = {
    .name = "millennium",
    .description = "Millennium ChessLink board",
    .makeDriver = [](Transport& transport,
                     BoardListener& listener) -> std::unique_ptr<BoardDriver> {
        return std::make_unique<MillenniumBoard>(transport, listener);
    },
    // The boards' USB serial bridge has no id of its own that we could confirm
    // (docs/protocols/millennium.md): a port is a Millennium board when named so.
    .mayBe = [](const SerialPortInfo&) { return false; },
    .carriesClock = false,
    .baudRate = kBaudRate,
};

MillenniumBoard::MillenniumBoard(Transport& transport, BoardListener& listener)
    : transport_(transport), listener_(listener) {
    identity_.protocol = "millennium";
    identity_.trademark = "Millennium ChessLink";
}

bool MillenniumBoard::start() {
    parser_.reset();
    identityReported_ = false;
    lastStatus_.reset();
    ledsShown_.reset();
    dumpsAsked_ = 1;
    // The reading found from a start position is kept: the board is the same.
    Bytes bytes = versionRequest();
    for (const Bytes& next : {writeEeprom(kEepromAutoReports, kReportSetting), statusRequest()})
        bytes.insert(bytes.end(), next.begin(), next.end());
    return send(bytes);
}

bool MillenniumBoard::onReadable(int64_t /*nowMs*/) {
    std::array<uint8_t, kReadChunk> buffer;
    for (int i = 0; i < kMaxReadsPerWakeUp && !gone_; ++i) {
        long n = transport_.read(buffer.data(), buffer.size());
        if (n < 0) {
            gone_ = true;
            break;
        }
        if (n == 0) break;
        parser_.feed(std::span<const uint8_t>(buffer.data(), static_cast<size_t>(n)), *this);
    }
    return !gone_;
}

bool MillenniumBoard::requestBoard() {
    if (!send(statusRequest())) return false;
    ++dumpsAsked_;
    return true;
}

bool MillenniumBoard::showLeds(const std::bitset<64>& lit) {
    if (gone_ || !hasLeds()) return false;
    if (ledsShown_ == lit) return true;
    const bool sent = lit.none() ? send(ledsOff()) : send(leds(kSteadySlotTime, cornersOf(lit)));
    if (sent) ledsShown_ = lit;
    return sent;
}

bool MillenniumBoard::send(const Bytes& bytes) {
    if (gone_) return false;
    if (!transport_.write(bytes.data(), bytes.size())) gone_ = true;
    return !gone_;
}

// ---- what the board says ----

void MillenniumBoard::message(const MillenniumMessage& message) {
    answered_ = true;
    std::visit([this](const auto& m) { handle(m); }, message);
}

void MillenniumBoard::warning(const std::string& what) {
    listener_.protocolWarning(what);
}

void MillenniumBoard::handle(const VersionReply& version) {
    identity_.version = fmt::format("{}.{}", version.major, version.minor);
    if (identityReported_) listener_.identified(identity_);
}

void MillenniumBoard::handle(const EepromReply& eeprom) {
    if (eeprom.written && eeprom.address == kEepromAutoReports && eeprom.data != kReportSetting) {
        listener_.protocolWarning(fmt::format(
            "the board took automatic reports setting {:02X}, not {:02X}: it may report "
            "on every scan or not at all",
            eeprom.data, kReportSetting));
    }
}

void MillenniumBoard::handle(const StatusReply& status) {
    if (const auto found = readingOfStartPosition(status.characters); found && *found != reading_) {
        reading_ = *found;
        lastStatus_.reset();  // what was told before was read the other way
        listener_.protocolWarning(fmt::format(
            "the start position shows the board sends its squares as {}; read so from now on",
            describe(reading_)));
    }
    const bool whole = !lastStatus_ || dumpsAsked_ > 0;
    if (dumpsAsked_ > 0) --dumpsAsked_;
    if (whole) {
        reportIdentityOnce();
        lastStatus_ = status.characters;
        listener_.boardDump(squaresOf(reading_, status.characters));
        return;
    }
    const std::array<char, kSquares> before = *lastStatus_;
    lastStatus_ = status.characters;
    // Emptied squares first: a piece lifted, then set down, as a hand moves it.
    for (bool emptied : {true, false}) {
        for (int i = 0; i < kSquares; ++i) {
            const char now = status.characters[static_cast<size_t>(i)];
            if (now == before[static_cast<size_t>(i)] || (now == kEmptySquare) != emptied) continue;
            listener_.squareChanged(squareOf(reading_, i), appearanceOf(now));
        }
    }
}

// The identity goes out once, before the first board: by then the version
// has come (the board answers in the order asked), and a status proves a
// ChessLink board is there.
void MillenniumBoard::reportIdentityOnce() {
    if (identityReported_) return;
    identityReported_ = true;
    listener_.identified(identity_);
}

}  // namespace arbiter::millennium
