#pragma once

// Finding a board without being told its protocol or its port (device =
// auto): every port that may be a board is opened with each protocol's
// driver in turn, which asks the board who it is in its own way (DGT's
// version request, Millennium's V, Chessnut's init; Certabo and Sentio boards
// speak unasked), and the first protocol whose driver hears the board say who
// it is (BoardListener::identified) is the board's. No protocol needs an entry
// of its own for this: its driver's start() and parser are its probe.

#include <optional>
#include <span>
#include <string>
#include <vector>

#include "drivers/board_driver.h"
#include "drivers/board_listener.h"
#include "drivers/transport/port_discovery.h"

namespace arbiter {

// One port to probe and the protocols to try on it, in order.
struct ProbeCandidate {
    std::string path;    // what to open
    std::string vboard;  // a virtual board's name (arbiter-vboard --name); empty for a device
    std::vector<const BoardProtocol*> protocols;
    // As a user names it: "/dev/ttyACM0", "vboard:left".
    std::string label() const { return vboard.empty() ? path : "vboard:" + vboard; }
};

// The ports worth probing, each once, likely boards first: ports whose USB id
// one of `protocols` knows (those protocols tried first on them), then the
// other ports, then the virtual boards. A hidraw device is tried with the HID
// protocols, a serial port with the serial ones, a virtual board (which
// stands in for either) with all; protocols whose boards share a bus are
// left out (arbiterd --search-bus finds those).
std::vector<ProbeCandidate> probeCandidates(const std::vector<SerialPortInfo>& ports,
                                            const std::vector<std::string>& vboardNames,
                                            std::span<const BoardProtocol* const> protocols);

// The ports of this machine (serial and hidraw) and the virtual boards
// published in the virtual board directory, as probeCandidates orders them.
std::vector<ProbeCandidate> portsToProbe();

// The names of the virtual boards published now (the entries of the virtual
// board directory that are valid names), sorted.
std::vector<std::string> publishedVirtualBoards();

// Listens to one driver while it is tried on a port: whether the board said
// who it is, and whether it sent bytes that made no sense in its protocol.
class ProbeListener final : public BoardListener {
  public:
    void boardDump(const BoardSquares&) override {}
    void squareChanged(int, Appearance) override {}
    void identified(const BoardIdentity& who) override { identity_ = who; }
    void protocolWarning(const std::string&) override { garbled_ = true; }
    const std::optional<BoardIdentity>& identity() const { return identity_; }
    bool garbled() const { return garbled_; }

  private:
    std::optional<BoardIdentity> identity_;
    bool garbled_ = false;
};

// "Millennium ChessLink version 1.0": what a board said of itself, for the log.
std::string describeIdentity(const BoardProtocol& protocol, const BoardIdentity& who);

}  // namespace arbiter
