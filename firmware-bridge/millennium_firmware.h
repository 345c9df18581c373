#pragma once

// A sensor board that speaks the Millennium ChessLink protocol, as the virtual
// board plays one (arbiter-vboard --protocol millennium).

#include <array>
#include <cstdint>

#include "drivers/millennium/millennium_protocol.h"
#include "firmware-bridge/board_hardware.h"
#include "firmware-bridge/debouncer.h"
#include "firmware-bridge/square_codes.h"

namespace arbiter::firmware {

// The board's end of the ChessLink protocol (docs/protocols/millennium.md),
// with its scanning: call tick() as often as possible. Every scan (EEPROM
// address 01 x 2.048 ms) reads the 64 sensors; what the board sends by itself
// follows EEPROM address 02, as on a real board: by default a status every
// scan, or on a change that held for 1 to 5 scans, or every report period, or
// never. Commands are answered within the tick that completes them, each byte
// with its odd parity bit, as a 7O1 line read 8N1 shows it; their parity bits
// are not needed. Like Firmware it keeps no heap.
//
// Where the protocol leaves room (docs/vboard.md lists these too):
// - A command with a wrong block check, a letter that starts no command, or a
//   command that stalls for more than kCommandTimeoutMs is ignored, as the
//   board acts only on well-formed commands.
// - T (reset) switches every LED off, forgets the status, and leaves the board
//   deaf and silent for kResetMs, as the real board restarts in 3 s.
// - The status names what the sensors see in DGT codes; DGT's result pieces
//   (which the board cannot have) are sent as empty squares.
// - A square is lit on the virtual board (BoardHardware::setLed) while all
//   four of its corner LEDs have a pattern other than 00.
class MillenniumFirmware {
  public:
    static constexpr uint32_t kCommandTimeoutMs = 500;
    static constexpr uint32_t kResetMs = 3000;
    static constexpr uint8_t kVersionMajor = 0x01;
    static constexpr uint8_t kVersionMinor = 0x00;

    // `scanTime`: the board's scan time (EEPROM address 01) at power-up, in
    // units of 2.048 ms; 20, the board's default, is 41 ms a scan.
    explicit MillenniumFirmware(BoardHardware& hardware, uint8_t scanTime = 20);
    MillenniumFirmware(const MillenniumFirmware&) = delete;
    MillenniumFirmware& operator=(const MillenniumFirmware&) = delete;

    // Power-up: reads every sensor once and takes that picture as it is.
    // tick() calls it if nobody did.
    void start();
    void tick();

    uint32_t scansCompleted() const { return scansCompleted_; }
    // How many scans in a row a change must be seen before it is reported.
    int scansToAccept() const { return debouncer_.requiredScans(); }
    // How long the caller may sleep before the next scan is due (0: now).
    uint32_t millisecondsUntilNextScan() const;

    const SquareCodes& acceptedBoard() const { return debouncer_.accepted(); }
    uint8_t eeprom(uint8_t address) const { return eeprom_[address]; }
    uint8_t ledPattern(int led) const { return leds_[static_cast<size_t>(led)]; }

  private:
    static constexpr int kLongestCommand = 1 + 2 + 2 * millennium::kLedCount + 2;

    void serveHost(uint32_t nowMs);
    void take(char c, uint32_t nowMs);
    void obey(uint32_t nowMs);
    void scan(uint32_t nowMs);
    // Starts the debouncer afresh for the reports EEPROM address 02 asks for.
    void followReportSetting();
    void showLeds();
    void sendStatus();
    // Sends `characters` and their block check, each byte with its parity bit.
    void send(const char* characters, int count);
    uint32_t scanPeriodMs() const;

    BoardHardware& hardware_;
    std::array<uint8_t, 256> eeprom_{};
    Debouncer debouncer_;
    uint8_t reportSetting_ = 0;  // what the debouncer was set up for
    std::array<uint8_t, millennium::kLedCount> leds_{};
    std::array<char, kLongestCommand> command_{};
    int filled_ = 0;
    int length_ = 0;
    uint32_t commandStartedMs_ = 0;
    bool started_ = false;
    uint32_t lastScanMs_ = 0;
    uint32_t lastReportMs_ = 0;
    uint32_t scansCompleted_ = 0;
    bool resetting_ = false;
    uint32_t resetAtMs_ = 0;
};

}  // namespace arbiter::firmware
