#pragma once

// One board on a DGT bus, as the daemon sees it: a BoardDriver whose bytes
// travel on a line it shares (dgt_bus_line.h), which reads for it. It says
// who it is (its address is its serial number; its version, once asked), and
// turns the dumps and change records the line hands it into squares. Bus
// boards have no LEDs, and their clock is not read over the bus.

#include <bitset>
#include <cstdint>
#include <string>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/dgt_bus/dgt_bus_changes.h"
#include "drivers/dgt_bus/dgt_bus_messages.h"

namespace arbiter::dgt_bus {

class DgtBusLine;

class DgtBusBoard final : public BoardDriver {
  public:
    // Made by DgtBusLine::attach(); leaves the line when destroyed.
    DgtBusBoard(DgtBusLine& line, int address, BoardListener& listener);
    ~DgtBusBoard() override;
    DgtBusBoard(const DgtBusBoard&) = delete;
    DgtBusBoard& operator=(const DgtBusBoard&) = delete;

    // Asks, through the line, for the board's version and all its squares.
    bool start() override;
    // The line has read already: only whether the port is still there.
    bool onReadable(int64_t nowMs) override;
    bool requestBoard() override;
    bool hasLeds() const override { return false; }
    bool showLeds(const std::bitset<64>&) override { return false; }
    ClockPort* clock() override { return nullptr; }

    int address() const { return address_; }
    const BoardIdentity& identity() const { return identity_; }

    // From the line.
    void dump(const BusBoardDump& dump);
    void changes(const DecodedChanges& changes);
    void version(const BusVersion& version);
    void warn(const std::string& what) { listener_.protocolWarning(what); }

  private:
    void reportIdentityOnce();

    DgtBusLine& line_;
    int address_;
    BoardListener& listener_;
    BoardIdentity identity_;
    bool identityReported_ = false;
};

// The serial number a board at `address` carries on its label: five digits.
std::string serialOfAddress(int address);

}  // namespace arbiter::dgt_bus
