#include "firmware-bridge/millennium_firmware.h"

#include <algorithm>

namespace arbiter::firmware {

namespace {

using namespace millennium;

// Scan time when EEPROM address 01 holds less than the board's minimum [D].
constexpr uint8_t kDefaultScanTime = 20;
constexpr uint8_t kMinScanTime = 15;
constexpr double kScanUnitMs = 2.048;
constexpr double kReportUnitMs = 4.096;

// The length of the command a letter starts, check included; 0 for none.
int commandLength(char letter) {
    switch (letter) {
        case kVersion:
        case kStatus:
        case kLedsOff:
        case kReset:
            return 1 + kCheckLength;
        case kSetLeds:
            return 1 + 2 + 2 * kLedCount + kCheckLength;
        case kWriteEeprom:
            return 1 + 4 + kCheckLength;
        case kReadEeprom:
            return 1 + 2 + kCheckLength;
        default:
            return 0;
    }
}

uint8_t hexByteAt(const char* digits) {
    return static_cast<uint8_t>(hexValue(digits[0]) * 16 + hexValue(digits[1]));
}

char statusCharacter(uint8_t code) {
    // DGT codes 1..6 white pawn, rook, knight, bishop, king, queen; 7..12 black.
    static constexpr std::array<char, 13> kCharacters = {'.', 'P', 'R', 'N', 'B', 'K', 'Q',
                                                         'p', 'r', 'n', 'b', 'k', 'q'};
    return code < kCharacters.size() ? kCharacters[code] : kEmptySquare;
}

// Scans a change must hold for before it is reported, by report setting.
int requiredScansFor(uint8_t setting) {
    return setting >= kOnChangeDebounce2 ? setting - kOnChangeDebounce2 + 2 : 1;
}

}  // namespace

MillenniumFirmware::MillenniumFirmware(BoardHardware& hardware, uint8_t scanTime)
    : hardware_(hardware), debouncer_(1) {
    eeprom_[kEepromScanTime] = scanTime;
    eeprom_[kEepromAutoReports] = kEveryScan;
    eeprom_[kEepromReportPeriod] = 0xff;
    eeprom_[kEepromBrightness] = 0x0f;
}

void MillenniumFirmware::start() {
    SquareCodes readings{};
    for (int square = 0; square < dgt::kSquares; ++square) {
        const uint8_t code = hardware_.readSquare(square);
        readings[static_cast<size_t>(square)] =
            isValidPieceCode(code) ? code : uint8_t{dgt::kEmpty};
    }
    reportSetting_ = eeprom_[kEepromAutoReports] & 0x07;
    debouncer_ = Debouncer(requiredScansFor(reportSetting_));
    debouncer_.acceptAll(readings);
    lastScanMs_ = lastReportMs_ = hardware_.millisecondsNow();
    started_ = true;
}

void MillenniumFirmware::tick() {
    if (!started_) start();
    const uint32_t nowMs = hardware_.millisecondsNow();
    if (resetting_) {
        while (hardware_.readSerialByte()) {
        }
        if (nowMs - resetAtMs_ < kResetMs) return;
        resetting_ = false;
        start();
        return;
    }
    serveHost(nowMs);
    if (nowMs - lastScanMs_ >= scanPeriodMs()) {
        lastScanMs_ = nowMs;
        scan(nowMs);
    }
}

uint32_t MillenniumFirmware::millisecondsUntilNextScan() const {
    if (!started_) return 0;
    const uint32_t elapsed = hardware_.millisecondsNow() - lastScanMs_;
    const uint32_t period = scanPeriodMs();
    return elapsed >= period ? 0 : period - elapsed;
}

uint32_t MillenniumFirmware::scanPeriodMs() const {
    uint8_t units = eeprom_[kEepromScanTime];
    if (units < kMinScanTime) units = kDefaultScanTime;
    return static_cast<uint32_t>(units * kScanUnitMs);
}

void MillenniumFirmware::serveHost(uint32_t nowMs) {
    if (filled_ > 0 && nowMs - commandStartedMs_ > kCommandTimeoutMs) filled_ = 0;
    while (const auto byte = hardware_.readSerialByte()) {
        take(millennium::characterOf(*byte), nowMs);
        if (resetting_) return;
    }
}

void MillenniumFirmware::take(char c, uint32_t nowMs) {
    if (const int length = commandLength(c); length > 0) {
        // A command letter is never a hex digit: it starts a new command,
        // whatever was half received.
        command_[0] = c;
        filled_ = 1;
        length_ = length;
        commandStartedMs_ = nowMs;
    } else if (filled_ == 0 || hexValue(c) < 0) {
        filled_ = 0;  // noise, or a command broken by it
        return;
    } else {
        command_[static_cast<size_t>(filled_++)] = c;
    }
    if (filled_ == length_) {
        obey(nowMs);
        filled_ = 0;
    }
}

void MillenniumFirmware::obey(uint32_t nowMs) {
    const int body = length_ - kCheckLength;
    int check = 0;
    for (int i = 0; i < body; ++i) check ^= command_[static_cast<size_t>(i)];
    if (hexByteAt(command_.data() + body) != check) return;
    const char* fields = command_.data() + 1;
    switch (command_[0]) {
        case kVersion: {
            const char answer[] = {kVersionReply, hexDigit(kVersionMajor >> 4),
                                   hexDigit(kVersionMajor), hexDigit(kVersionMinor >> 4),
                                   hexDigit(kVersionMinor)};
            send(answer, 5);
            return;
        }
        case kStatus:
            sendStatus();
            return;
        case kSetLeds:
            for (int led = 0; led < kLedCount; ++led)
                leds_[static_cast<size_t>(led)] = hexByteAt(fields + 2 + 2 * led);
            showLeds();
            send("l", 1);
            return;
        case kLedsOff:
            leds_.fill(kLedOff);
            showLeds();
            send("x", 1);
            return;
        case kReset:
            leds_.fill(kLedOff);
            showLeds();
            resetting_ = true;
            resetAtMs_ = nowMs;
            return;
        case kWriteEeprom: {
            const uint8_t address = hexByteAt(fields);
            const uint8_t data = hexByteAt(fields + 2);
            eeprom_[address] = data;
            const char answer[] = {kEepromWritten, hexDigit(address >> 4), hexDigit(address),
                                   hexDigit(data >> 4), hexDigit(data)};
            send(answer, 5);
            if ((eeprom_[kEepromAutoReports] & 0x07) != reportSetting_) followReportSetting();
            return;
        }
        case kReadEeprom: {
            const uint8_t address = hexByteAt(fields);
            const uint8_t data = eeprom_[address];
            const char answer[] = {kEepromReadReply, hexDigit(address >> 4), hexDigit(address),
                                   hexDigit(data >> 4), hexDigit(data)};
            send(answer, 5);
            return;
        }
        default:
            return;
    }
}

void MillenniumFirmware::followReportSetting() {
    const SquareCodes shown = debouncer_.accepted();
    reportSetting_ = eeprom_[kEepromAutoReports] & 0x07;
    debouncer_ = Debouncer(requiredScansFor(reportSetting_));
    debouncer_.acceptAll(shown);
}

void MillenniumFirmware::scan(uint32_t nowMs) {
    bool changed = false;
    for (int square = 0; square < dgt::kSquares; ++square) {
        const uint8_t reading = hardware_.readSquare(square);
        if (!isValidPieceCode(reading)) continue;
        changed = debouncer_.observe(square, reading) || changed;
    }
    ++scansCompleted_;
    switch (reportSetting_) {
        case kEveryScan:
            sendStatus();
            break;
        case kNever:
            break;
        case kTimed:
            if (nowMs - lastReportMs_ >= eeprom_[kEepromReportPeriod] * kReportUnitMs) {
                lastReportMs_ = nowMs;
                sendStatus();
            }
            break;
        default:  // on change, after 1 to 5 scans
            if (changed) sendStatus();
            break;
    }
}

void MillenniumFirmware::showLeds() {
    for (int square = 0; square < kSquares; ++square) {
        const int file = square % 8;
        const int row = square / 8;
        bool lit = true;
        for (int corner = 0; corner < 4; ++corner) {
            const int led = (file + corner % 2) * kLedLines + row + corner / 2;
            lit = lit && leds_[static_cast<size_t>(led)] != kLedOff;
        }
        hardware_.setLed(square, lit);
    }
}

void MillenniumFirmware::sendStatus() {
    std::array<char, 1 + kSquares> answer{};
    answer[0] = kStatusReply;
    const SquareCodes& board = debouncer_.accepted();
    for (int square = 0; square < kSquares; ++square)
        answer[static_cast<size_t>(square + 1)] =
            statusCharacter(board[static_cast<size_t>(square)]);
    send(answer.data(), static_cast<int>(answer.size()));
}

void MillenniumFirmware::send(const char* characters, int count) {
    std::array<uint8_t, 1 + kSquares + kCheckLength> bytes{};
    int check = 0;
    size_t n = 0;
    for (int i = 0; i < count; ++i) {
        check ^= characters[i];
        bytes[n++] = withOddParity(characters[i]);
    }
    bytes[n++] = withOddParity(hexDigit(check >> 4));
    bytes[n++] = withOddParity(hexDigit(check));
    hardware_.writeSerial(std::span<const uint8_t>(bytes.data(), n));
}

}  // namespace arbiter::firmware
