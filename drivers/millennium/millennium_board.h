#pragma once

// The host side of one Millennium ChessLink board (eONE, Exclusive,
// Performance). It asks the board who it is, sets it to report its squares by
// itself whenever they change, and turns each report into square changes for
// a BoardListener; it lights the corners of squares. The board sends its whole
// status every time, so the driver keeps the last one and tells only what
// changed. Like the DGT driver it never reads a clock and knows nothing of
// games.

#include <bitset>
#include <cstdint>
#include <memory>
#include <optional>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/millennium/millennium_commands.h"
#include "drivers/millennium/millennium_orientation.h"
#include "drivers/millennium/millennium_parser.h"
#include "drivers/transport/transport.h"

namespace arbiter::millennium {

// The Millennium protocol in the table of drivers (drivers/board_protocols.h).
extern const BoardProtocol kMillenniumProtocol;

// What the board is set to: a status on every change that held for two scans
// (about 80 ms at the board's default scan time), so a piece slid across
// squares is not reported square by square, and a settled move is seen at once.
inline constexpr uint8_t kReportSetting = kOnChangeDebounce2;

class MillenniumBoard final : public BoardDriver, private MillenniumParser::Sink {
  public:
    // Both must outlive the board. Listener callbacks may call the board's
    // output methods, but must not destroy it.
    MillenniumBoard(Transport& transport, BoardListener& listener);

    // Asks for the version, sets automatic reports on change (EEPROM address
    // 02) and asks for the status. False when the device is gone.
    bool start() override;
    bool onReadable(int64_t nowMs) override;
    // Asks for the status; its answer is told as a whole board.
    bool requestBoard() override;
    // Every ChessLink board has the 81 corner LEDs: known once it has answered.
    bool hasLeds() const override { return answered_; }
    // Lights the four corners of each square in `lit` and no other LED (a
    // corner between two lit squares serves both). Nothing is sent when `lit`
    // is already shown.
    bool showLeds(const std::bitset<64>& lit) override;
    ClockPort* clock() override { return nullptr; }

    // How the 64 characters are read (AsDocumented until the start position
    // has said otherwise).
    Reading reading() const { return reading_; }

  private:
    // MillenniumParser::Sink
    void message(const MillenniumMessage& message) override;
    void warning(const std::string& what) override;

    void handle(const VersionReply& version);
    void handle(const StatusReply& status);
    void handle(const EepromReply& eeprom);
    void handle(const LedsDone&) {}

    bool send(const Bytes& bytes);
    void reportIdentityOnce();

    Transport& transport_;
    BoardListener& listener_;
    MillenniumParser parser_;
    bool gone_ = false;
    bool answered_ = false;  // the board has said anything at all
    BoardIdentity identity_;
    bool identityReported_ = false;
    Reading reading_ = Reading::AsDocumented;
    std::optional<std::array<char, kSquares>> lastStatus_;  // as sent, for changes
    int dumpsAsked_ = 0;  // statuses asked for and not yet received
    std::optional<std::bitset<64>> ledsShown_;
};

}  // namespace arbiter::millennium
