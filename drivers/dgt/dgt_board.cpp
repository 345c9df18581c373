#include "drivers/dgt/dgt_board.h"

#include <algorithm>
#include <array>
#include <cctype>

#include <fmt/format.h>

#include "drivers/dgt/dgt_pieces.h"
#include "drivers/dgt/dgt_segments.h"

namespace arbiter::dgt {

namespace {

constexpr size_t kReadChunk = 256;
// Enough for a burst of updates; more waits for the next wake-up so that one busy
// board cannot starve the daemon's other work.
constexpr int kMaxReadsPerWakeUp = 64;

std::string hex(uint8_t byte) {
    return fmt::format("{:#04x}", byte);
}

// Device text made fit for one log line: control characters become spaces, runs
// of spaces collapse, and the ends are trimmed.
std::string oneLine(std::string_view text) {
    std::string out;
    for (char c : text) {
        unsigned char u = static_cast<unsigned char>(c);
        bool space = u < 0x20 || u == 0x7f || u == ' ';
        if (space) {
            if (!out.empty() && out.back() != ' ') out.push_back(' ');
        } else {
            out.push_back(u < 0x80 ? c : '?');
        }
    }
    while (!out.empty() && out.back() == ' ') out.pop_back();
    return out;
}

bool isDisplayCommand(uint8_t id) {
    return id == clock::kAsciiText || id == clock::kDisplay || id == clock::kEnd;
}

}  // namespace

bool mayBeDgtBoard(std::optional<uint16_t> vendor, std::optional<uint16_t> product) {
    return vendor == kDgtUsbVendor && product == kDgtUsbProduct;
}

const BoardProtocol kDgtProtocol = {
    .name = "dgt",
    .description = "DGT board",
    .makeDriver = [](Transport& transport, BoardListener& listener)
        -> std::unique_ptr<BoardDriver> { return std::make_unique<DgtBoard>(transport, listener); },
    .mayBe =
        [](const SerialPortInfo& port) { return mayBeDgtBoard(port.vendorId, port.productId); },
    .carriesClock = true,
};

bool trademarkMeansLeds(std::string_view trademark) {
    std::string lower;
    for (char c : trademark) lower.push_back(char(std::tolower(static_cast<unsigned char>(c))));
    lower = oneLine(lower);
    // Our own firmware (firmware-bridge/, arbiter-vboard) takes the command too.
    static constexpr std::array<std::string_view, 6> kModels = {
        "revelation ii", "revelation 2", "revii", "rev ii", "pegasus", "arbiter firmware-bridge"};
    return std::any_of(kModels.begin(), kModels.end(), [&](std::string_view model) {
        return lower.find(model) != std::string::npos;
    });
}

DgtBoard::DgtBoard(Transport& transport, BoardListener& listener)
    : transport_(transport), listener_(listener) {
    identity_.protocol = "dgt";
}

bool DgtBoard::start() {
    parser_.reset();
    identity_ = BoardIdentity{};
    identity_.protocol = "dgt";
    shortSerial_.clear();
    longSerial_.clear();
    identityReported_ = false;
    trademarkLeds_ = false;
    clockSeen_ = false;
    clockMajor_.reset();
    leverRightHigh_.reset();
    inFlight_.reset();
    clockQueue_.clear();
    // Seven bytes: within the board's 10-byte input buffer. Any single-board
    // command also takes a board out of bus mode, its power-up state.
    return send(Bytes{kSendReset, kReturnSerialNr, kReturnLongSerialNr, kSendVersion,
                      kSendTrademark, kSendBoard, kSendUpdateNice});
}

bool DgtBoard::onReadable(int64_t nowMs) {
    now_ = nowMs;
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
    if (!gone_) expireClockCommand();
    return !gone_;
}

bool DgtBoard::requestBoard() {
    return send(singleByte(kSendBoard));
}

bool DgtBoard::tick(int64_t nowMs) {
    now_ = nowMs;
    if (!gone_) expireClockCommand();
    return !gone_;
}

std::optional<int64_t> DgtBoard::clockDeadline() const {
    if (!inFlight_) return std::nullopt;
    return inFlight_->sentAt + kClockAckTimeoutMs;
}

bool DgtBoard::showClockText(const std::string& text, int64_t nowMs, int beep) {
    now_ = nowMs;
    if (gone_ || !clockSeen_) return false;
    if (clockMajor_ && *clockMajor_ < clock::kDgt3000Major) return false;
    queueClockCommand(clockText(text, beep), clock::kAsciiText);
    return !gone_;
}

bool DgtBoard::showClockTime(int64_t nowMs) {
    now_ = nowMs;
    if (gone_ || !clockSeen_) return false;
    queueClockCommand(clockEndDisplay(), clock::kEnd);
    return !gone_;
}

bool DgtBoard::showClockMessage(const std::string& text, int64_t nowMs, int beep) {
    now_ = nowMs;
    if (gone_ || !clockSeen_) return false;
    queueClockCommand(clockText(text, beep), clock::kAsciiText, text);
    return !gone_;
}

bool DgtBoard::setClock(const ClockSetting& setting, int64_t nowMs) {
    now_ = nowMs;
    if (gone_ || !clockSeen_) return false;
    SetAndRun command;
    command.leftSeconds = setting.leftSeconds;
    command.rightSeconds = setting.rightSeconds;
    command.flags = 0;
    if (setting.toMove)
        command.flags = *setting.toMove == ClockHalf::Left ? clock::kRunLeft : clock::kRunRight;
    // A clock that stands still keeps the side to move marked.
    if (!setting.toMove || !setting.running) command.flags |= clock::kPause;
    queueClockCommand(clockSetAndRun(command), clock::kSetAndRun);
    return !gone_;
}

bool DgtBoard::setLeds(bool on, int fromSquare, int toSquare) {
    if (gone_ || !hasLeds()) return false;
    if (fromSquare < 0 || fromSquare >= kSquares || toSquare < 0 || toSquare >= kSquares) {
        return false;
    }
    return send(leds(on ? 1 : 0, fromSquare, toSquare));
}

bool DgtBoard::showLeds(const std::bitset<64>& lit) {
    if (gone_ || !hasLeds()) return false;
    if (ledsShown_ == lit) return true;
    const bool growing = ledsShown_ && (*ledsShown_ & ~lit).none();
    const std::bitset<64> toLight = growing ? lit & ~*ledsShown_ : lit;
    bool sent = growing || setLeds(false, 0, kSquares - 1);
    int pending = -1;
    for (int s = 0; s < kSquares && sent; ++s) {
        if (!toLight.test(static_cast<size_t>(s))) continue;
        if (pending < 0) {
            pending = s;
            continue;
        }
        sent = setLeds(true, pending, s);
        pending = -1;
    }
    if (sent && pending >= 0) sent = setLeds(true, pending, pending);
    if (sent) ledsShown_ = lit;
    return sent;
}

bool DgtBoard::hasLeds() const {
    return ledOverride_.value_or(trademarkLeds_);
}

bool DgtBoard::send(const Bytes& bytes) {
    if (gone_) return false;
    if (!transport_.write(bytes.data(), bytes.size())) gone_ = true;
    return !gone_;
}

// ---- what the board says ----

void DgtBoard::message(const DgtMessage& message) {
    std::visit([this](const auto& m) { handle(m); }, message);
}

void DgtBoard::warning(const std::string& what) {
    listener_.protocolWarning(what);
}

void DgtBoard::handle(const BoardDump& dump) {
    reportIdentityOnce();
    BoardSquares squares;
    std::string resultSquares;
    for (int square = 0; square < kSquares; ++square) {
        uint8_t code = dump.codes[static_cast<size_t>(square)];
        if (!isPieceCode(code)) {
            resultSquares += (resultSquares.empty() ? "" : ", ") + std::to_string(square);
        }
        squares[static_cast<size_t>(square)] = appearanceOf(code);
    }
    if (!resultSquares.empty()) {
        listener_.protocolWarning("board dump: result pieces on squares " + resultSquares +
                                  " treated as empty");
    }
    listener_.boardDump(squares);
}

void DgtBoard::handle(const FieldUpdate& update) {
    if (!isPieceCode(update.code)) {
        listener_.protocolWarning("field update: result piece " + hex(update.code) + " on square " +
                                  std::to_string(update.square) + " treated as empty");
    }
    listener_.squareChanged(update.square, appearanceOf(update.code));
}

void DgtBoard::handle(const ClockTimes& times) {
    if (times.blank) return;  // Bluetooth boards' filler after a clock command
    if (times.noClock) {
        if (clockSeen_) {
            clockLost();
            listener_.clockDetached();
        }
        return;
    }
    clockPresent();
    ClockDisplay display;
    display.leftSeconds = times.left.totalSeconds();
    display.rightSeconds = times.right.totalSeconds();
    display.running = times.running;
    display.leftToMove = times.leftToMove;
    display.rightToMove = times.rightToMove;
    display.leftFlagFallen = times.left.flagFallen;
    display.rightFlagFallen = times.right.flagFallen;
    display.rightLeverHigh = times.rightLeverHigh;
    listener_.clockDisplay(display);
    // The first times only say where the lever stands; a change is a press.
    const bool leverMoved = leverRightHigh_ && *leverRightHigh_ != times.rightLeverHigh;
    leverRightHigh_ = times.rightLeverHigh;
    if (leverMoved) listener_.clockLever(times.rightLeverHigh);
}

void DgtBoard::handle(const ClockAck& ack) {
    // The ACK is settled before the clock's presence is noted: otherwise, when an
    // ACK is the first sign of a clock, the version request that presence triggers
    // would be taken as answered by it.
    if (!ack.unprompted()) {  // prompted ACKs answer commands; buttons and the like do not
        if (ack.command() == clock::kVersion && ack.ok()) clockMajor_ = ack.versionMajor();
        if (inFlight_) {
            if (ack.command() != inFlight_->id) {
                listener_.protocolWarning("clock acknowledged command " + hex(ack.command()) +
                                          " while " + hex(inFlight_->id) + " was waiting");
            }
            if (!ack.ok()) {
                listener_.protocolWarning("clock refused command " + hex(ack.command()) +
                                          " (ack0 " + hex(ack.ack[0]) + ")");
            }
            inFlight_.reset();
        }
        // Without a command in flight this is a late answer to one that timed out.
    }
    clockPresent();
    if (auto code = ack.button()) {
        switch (*code) {
            case clock::kButtonBack:
                listener_.clockButton(ClockButton::Back);
                break;
            case clock::kButtonPlus:
                listener_.clockButton(ClockButton::Plus);
                break;
            case clock::kButtonRun:
                listener_.clockButton(ClockButton::Run);
                break;
            case clock::kButtonMinus:
                listener_.clockButton(ClockButton::Minus);
                break;
            case clock::kButtonOk:
                listener_.clockButton(ClockButton::Ok);
                break;
            default:
                listener_.protocolWarning("clock: unknown button " + hex(*code) + " ignored");
        }
    }
    sendNextClockCommand();
}

void DgtBoard::handle(const SerialNumber& serial) {
    shortSerial_ = oneLine(serial.text);
    identityChanged();
}

void DgtBoard::handle(const LongSerialNumber& serial) {
    longSerial_ = oneLine(serial.text);
    identityChanged();
}

void DgtBoard::handle(const Trademark& trademark) {
    identity_.trademark = oneLine(trademark.text);
    trademarkLeds_ = trademarkMeansLeds(trademark.text);
    identityChanged();
}

void DgtBoard::handle(const Version& version) {
    identity_.version = std::to_string(version.major) + "." + std::to_string(version.minor);
    identityChanged();
}

// ---- identity ----

// The long serial number, where the board has one, identifies it best.
void DgtBoard::identityChanged() {
    identity_.serial = longSerial_.empty() ? shortSerial_ : longSerial_;
    if (identityReported_) listener_.identified(identity_);
}

// The identity goes out once, just before the first dump: the board answers in
// the order asked, so by then it has said all it will say about itself, and a dump
// proves a DGT board is there. Anything learnt later is reported again.
void DgtBoard::reportIdentityOnce() {
    if (identityReported_) return;
    identityReported_ = true;
    listener_.identified(identity_);
}

// ---- clock ----

void DgtBoard::clockPresent() {
    if (clockSeen_) return;
    clockSeen_ = true;
    if (!clockMajor_) queueClockCommand(clockVersion(), clock::kVersion);  // XL or DGT 3000?
    listener_.clockAttached();
}

void DgtBoard::clockLost() {
    clockSeen_ = false;
    clockMajor_.reset();
    leverRightHigh_.reset();
    inFlight_.reset();
    clockQueue_.clear();
}

void DgtBoard::queueClockCommand(Bytes bytes, uint8_t id, std::string message) {
    expireClockCommand();
    ClockCommand command{std::move(bytes), id, std::move(message)};
    if (!inFlight_ && clockQueue_.empty()) {
        clockQueue_.push_back(std::move(command));
        sendNextClockCommand();
        return;
    }
    // Only the latest display and the latest times matter to the players.
    for (ClockCommand& waiting : clockQueue_) {
        const bool sameKind = isDisplayCommand(id) ? isDisplayCommand(waiting.id)
                                                   : id == clock::kSetAndRun && waiting.id == id;
        if (sameKind) {
            waiting = std::move(command);
            return;
        }
    }
    if (clockQueue_.size() >= kMaxQueuedClockCommands) {
        listener_.protocolWarning("clock commands pile up; dropped command " +
                                  hex(clockQueue_.front().id));
        clockQueue_.pop_front();
    }
    clockQueue_.push_back(std::move(command));
}

void DgtBoard::sendNextClockCommand() {
    while (!inFlight_ && !clockQueue_.empty() && !gone_) {
        ClockCommand next = std::move(clockQueue_.front());
        clockQueue_.pop_front();
        if (next.id == clock::kAsciiText && clockMajor_ && *clockMajor_ < clock::kDgt3000Major) {
            // The clock turned out to be an XL: it cannot show text, but a message
            // shows on its digits as far as they can.
            if (next.message.empty()) continue;
            next.bytes = clockXlDisplay(segmentsOfText(next.message), 0, false);
            next.id = clock::kDisplay;
        }
        if (!send(next.bytes)) return;
        inFlight_ = InFlight{next.id, now_};
    }
}

void DgtBoard::expireClockCommand() {
    if (!inFlight_ || now_ - inFlight_->sentAt < kClockAckTimeoutMs) return;
    listener_.protocolWarning("clock did not acknowledge command " + hex(inFlight_->id) +
                              " within " + std::to_string(kClockAckTimeoutMs) + " ms");
    inFlight_.reset();
    sendNextClockCommand();
}

}  // namespace arbiter::dgt
