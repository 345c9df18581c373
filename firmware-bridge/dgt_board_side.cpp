#include "firmware-bridge/dgt_board_side.h"

namespace arbiter::firmware {

namespace {

constexpr char kTrademarkText[] = "arbiter firmware-bridge: do-it-yourself sensor board";
constexpr int kTrademarkTextLength = static_cast<int>(sizeof(kTrademarkText)) - 1;
static_assert(dgt::kHeaderLength + kTrademarkTextLength < 128, "length must fit in 7 bits");

constexpr uint8_t kBwTimeStatusNoClock = 0x20;  // status bit 5
constexpr uint8_t kEeEndOfRecord = 0x6b;        // EE_EOF
constexpr int kEmptyEeMovesLength = dgt::kHeaderLength + 1;
// Header, percent, time left (h, m), on time (h, m), standby time (d, h, m), status.
constexpr int kBatteryStatusLength = 12;
constexpr uint8_t kBatteryFull = 100;
constexpr uint8_t kNotApplicable = 0x7f;
constexpr int kSerialNrDigits = 5;
constexpr int kBusAddressModulus = 1 << 14;

constexpr uint8_t kLedPatternOff = 0;
constexpr uint8_t kLedPatternOn = 1;

// Milliseconds are a wrapping counter: compare by the sign of the difference.
bool reached(uint32_t nowMs, uint32_t deadlineMs) {
    return static_cast<int32_t>(nowMs - deadlineMs) >= 0;
}

constexpr bool isSquare(int value) {
    return value >= 0 && value < dgt::kSquares;
}

}  // namespace

DgtBoardSide::DgtBoardSide(BoardHardware& hardware, const SquareCodes& board,
                           const BoardIdentity& identity, AttachedClock* clock)
    : hardware_(hardware), board_(board), identity_(identity), clock_(clock) {}

bool DgtBoardSide::receive(uint8_t byte) {
    if (inputBufferFull()) return false;
    buffer_[static_cast<size_t>((bufferedFirst_ + bufferedCount_) % kInputBufferSize)] = byte;
    ++bufferedCount_;
    return true;
}

void DgtBoardSide::processInput(uint32_t nowMs) {
    while (bufferedCount_ > 0) {
        const uint8_t byte = buffer_[static_cast<size_t>(bufferedFirst_)];
        bufferedFirst_ = (bufferedFirst_ + 1) % kInputBufferSize;
        --bufferedCount_;
        handleByte(byte, nowMs);
    }
}

void DgtBoardSide::handleByte(uint8_t byte, uint32_t nowMs) {
    if (frameState_ != FrameState::Command && nowMs - lastFrameByteMs_ > kFrameTimeoutMs) {
        frameState_ = FrameState::Command;  // a stalled frame: forget it
    }
    lastFrameByteMs_ = nowMs;

    switch (frameState_) {
        case FrameState::Command:
            handleCommand(byte, nowMs);
            return;
        case FrameState::ClockLength:
            if (byte == 0 || byte > kMaxClockFrameLength) {
                frameState_ = FrameState::Command;
                handleCommand(byte, nowMs);
                return;
            }
            frameBytesLeft_ = byte;
            clockFrameLength_ = 0;
            frameState_ = FrameState::ClockBody;
            return;
        case FrameState::ClockBody:
            clockFrame_[static_cast<size_t>(clockFrameLength_++)] = byte;
            if (--frameBytesLeft_ == 0) {
                frameState_ = FrameState::Command;
                if (clock_) {
                    clock_->command(std::span<const uint8_t>(
                                        clockFrame_.data(), static_cast<size_t>(clockFrameLength_)),
                                    nowMs);
                }
            }
            return;
        case FrameState::LedLength:
            if (byte == 0 || byte > kMaxLedFrameLength) {
                frameState_ = FrameState::Command;
                handleCommand(byte, nowMs);
                return;
            }
            frameBytesLeft_ = byte;
            ledFrameLength_ = 0;
            frameState_ = FrameState::LedBody;
            return;
        case FrameState::LedBody:
            ledFrame_[static_cast<size_t>(ledFrameLength_++)] = byte;
            if (--frameBytesLeft_ == 0) {
                frameState_ = FrameState::Command;
                applyLedFrame();
            }
            return;
    }
}

void DgtBoardSide::handleCommand(uint8_t byte, uint32_t nowMs) {
    switch (byte) {
        case dgt::kSendReset:
            updateMode_ = UpdateMode::Idle;
            return;
        case dgt::kSendClock:
            if (clock_) {
                sendClockTime(nowMs);
            } else {
                sendNoClockTime();
            }
            return;
        case dgt::kSendBoard:
            sendBoardDump();
            return;
        case dgt::kSendUpdate:
            updateMode_ = UpdateMode::Update;
            nextClockReportMs_ = nowMs + kClockReportPeriodMs;
            return;
        case dgt::kSendUpdateBoard:
            updateMode_ = UpdateMode::UpdateBoard;
            return;
        case dgt::kSendUpdateNice:
            updateMode_ = UpdateMode::UpdateNice;
            lastTimesSent_.reset();  // the host hears the times once on entering the mode
            return;
        case dgt::kReturnSerialNr:
            sendSerialNumber();
            return;
        case dgt::kReturnLongSerialNr:
            sendLongSerialNumber();
            return;
        case dgt::kReturnBusAddress:
            sendBusAddress();
            return;
        case dgt::kSendTrademark:
            sendTrademark();
            return;
        case dgt::kSendVersion:
            sendVersion();
            return;
        case dgt::kSendEeMoves:
            sendEmptyGameRecord();
            return;
        case dgt::kSendBatteryStatus:
            sendBatteryStatus();
            return;
        case dgt::kToBusMode:
            return;  // no bus interface: stay in single-board mode
        case dgt::kClockMessage:
            frameState_ = FrameState::ClockLength;
            return;
        case dgt::kSetLeds:
            frameState_ = FrameState::LedLength;
            return;
        default:
            return;  // unknown: ignored
    }
}

void DgtBoardSide::applyLedFrame() {
    if (ledFrameLength_ < 1) return;
    const uint8_t pattern = ledFrame_[0];
    if (pattern == kLedPatternOff) {
        for (int square = 0; square < dgt::kSquares; ++square) hardware_.setLed(square, false);
        return;
    }
    if (pattern != kLedPatternOn || ledFrameLength_ < 3) return;
    for (int index = 1; index <= 2; ++index) {
        const int square = ledFrame_[static_cast<size_t>(index)];
        if (isSquare(square)) hardware_.setLed(square, true);
    }
}

void DgtBoardSide::reportSquareChange(int square, uint8_t pieceCode) {
    if (updateMode_ == UpdateMode::Idle || !isSquare(square) || !isValidPieceCode(pieceCode)) {
        return;
    }
    const std::array<uint8_t, dgt::kFieldUpdateLength> message{
        dgt::kFieldUpdate, dgt::lengthHigh(dgt::kFieldUpdateLength),
        dgt::lengthLow(dgt::kFieldUpdateLength), static_cast<uint8_t>(square), pieceCode};
    send(message);
}

void DgtBoardSide::keepClockInformed(uint32_t nowMs) {
    const bool acksFlow =
        updateMode_ == UpdateMode::Update || updateMode_ == UpdateMode::UpdateNice;
    if (clock_) {
        while (const auto ack = clock_->takeAck()) {
            if (acksFlow) sendBwTime(*ack);
        }
    }
    if (updateMode_ == UpdateMode::UpdateNice && clock_) {
        const BwTimePayload now = clock_->times(nowMs);
        if (lastTimesSent_ != now) sendClockTime(nowMs);
        return;
    }
    if (updateMode_ != UpdateMode::Update || !reached(nowMs, nextClockReportMs_)) return;
    if (clock_) {
        sendClockTime(nowMs);
    } else {
        sendNoClockTime();
    }
    nextClockReportMs_ = nowMs + kClockReportPeriodMs;
}

void DgtBoardSide::send(std::span<const uint8_t> message) {
    hardware_.writeSerial(message);
}

void DgtBoardSide::sendBoardDump() {
    std::array<uint8_t, dgt::kBoardDumpLength> message{};
    message[0] = dgt::kBoardDump;
    message[1] = dgt::lengthHigh(dgt::kBoardDumpLength);
    message[2] = dgt::lengthLow(dgt::kBoardDumpLength);
    for (size_t square = 0; square < board_.size(); ++square) {
        const uint8_t code = board_[square];
        message[dgt::kHeaderLength + square] = isValidPieceCode(code) ? code : uint8_t{dgt::kEmpty};
    }
    send(message);
}

void DgtBoardSide::sendNoClockTime() {
    std::array<uint8_t, dgt::kBwTimeLength> message{};
    message[0] = dgt::kBwTime;
    message[1] = dgt::lengthHigh(dgt::kBwTimeLength);
    message[2] = dgt::lengthLow(dgt::kBwTimeLength);
    message[dgt::kBwTimeLength - 1] = kBwTimeStatusNoClock;
    send(message);
}

void DgtBoardSide::sendClockTime(uint32_t nowMs) {
    const BwTimePayload payload = clock_->times(nowMs);
    lastTimesSent_ = payload;
    sendBwTime(payload);
}

void DgtBoardSide::sendBwTime(const BwTimePayload& payload) {
    std::array<uint8_t, dgt::kBwTimeLength> message{};
    message[0] = dgt::kBwTime;
    message[1] = dgt::lengthHigh(dgt::kBwTimeLength);
    message[2] = dgt::lengthLow(dgt::kBwTimeLength);
    for (size_t index = 0; index < payload.size(); ++index) {
        message[dgt::kHeaderLength + index] = payload[index];
    }
    send(message);
}

void DgtBoardSide::sendSerialNumber() {
    std::array<uint8_t, dgt::kSerialNrLength> message{};
    message[0] = dgt::kSerialNr;
    message[1] = dgt::lengthHigh(dgt::kSerialNrLength);
    message[2] = dgt::lengthLow(dgt::kSerialNrLength);
    constexpr int firstDigit = BoardIdentity::kSerialDigits - kSerialNrDigits;
    for (int digit = 0; digit < kSerialNrDigits; ++digit) {
        message[static_cast<size_t>(dgt::kHeaderLength + digit)] =
            static_cast<uint8_t>(identity_.serialDigits[static_cast<size_t>(firstDigit + digit)]);
    }
    send(message);
}

void DgtBoardSide::sendLongSerialNumber() {
    std::array<uint8_t, dgt::kLongSerialNrLength> message{};
    message[0] = dgt::kLongSerialNr;
    message[1] = dgt::lengthHigh(dgt::kLongSerialNrLength);
    message[2] = dgt::lengthLow(dgt::kLongSerialNrLength);
    for (size_t digit = 0; digit < identity_.serialDigits.size(); ++digit) {
        message[dgt::kHeaderLength + digit] = static_cast<uint8_t>(identity_.serialDigits[digit]);
    }
    send(message);
}

void DgtBoardSide::sendBusAddress() {
    int number = 0;
    for (int digit = BoardIdentity::kSerialDigits - kSerialNrDigits;
         digit < BoardIdentity::kSerialDigits; ++digit) {
        const char character = identity_.serialDigits[static_cast<size_t>(digit)];
        number = number * 10 + ((character >= '0' && character <= '9') ? character - '0' : 0);
    }
    number %= kBusAddressModulus;
    const std::array<uint8_t, dgt::kBusAddressLength> message{
        dgt::kBusAddress, dgt::lengthHigh(dgt::kBusAddressLength),
        dgt::lengthLow(dgt::kBusAddressLength), static_cast<uint8_t>((number >> 7) & 0x7f),
        static_cast<uint8_t>(number & 0x7f)};
    send(message);
}

void DgtBoardSide::sendTrademark() {
    constexpr int length = dgt::kHeaderLength + kTrademarkTextLength;
    std::array<uint8_t, length> message{};
    message[0] = dgt::kTrademark;
    message[1] = dgt::lengthHigh(length);
    message[2] = dgt::lengthLow(length);
    for (int index = 0; index < kTrademarkTextLength; ++index) {
        message[static_cast<size_t>(dgt::kHeaderLength + index)] =
            static_cast<uint8_t>(kTrademarkText[index]);
    }
    send(message);
}

void DgtBoardSide::sendVersion() {
    const std::array<uint8_t, dgt::kVersionLength> message{
        dgt::kVersion, dgt::lengthHigh(dgt::kVersionLength), dgt::lengthLow(dgt::kVersionLength),
        static_cast<uint8_t>(identity_.versionMajor & 0x7f),
        static_cast<uint8_t>(identity_.versionMinor & 0x7f)};
    send(message);
}

void DgtBoardSide::sendEmptyGameRecord() {
    const std::array<uint8_t, kEmptyEeMovesLength> message{
        dgt::kEeMoves, dgt::lengthHigh(kEmptyEeMovesLength), dgt::lengthLow(kEmptyEeMovesLength),
        kEeEndOfRecord};
    send(message);
}

void DgtBoardSide::sendBatteryStatus() {
    const std::array<uint8_t, kBatteryStatusLength> message{
        dgt::kBatteryStatus,
        dgt::lengthHigh(kBatteryStatusLength),
        dgt::lengthLow(kBatteryStatusLength),
        kBatteryFull,
        kNotApplicable,  // running time left, hours
        kNotApplicable,  // running time left, minutes
        0,               // on time, hours
        0,               // on time, minutes
        0,               // standby time, days
        0,               // standby time, hours
        0,               // standby time, minutes
        0};              // status: neither charging nor discharging
    send(message);
}

}  // namespace arbiter::firmware
