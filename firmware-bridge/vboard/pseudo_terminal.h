#pragma once

// A pseudo-terminal that looks like a board's serial port to the host.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace arbiter::vboard {

// The serial port of the virtual board. The host (arbiterd, or any DGT program)
// opens devicePath() like /dev/ttyACM0; we talk through the master side. The
// slave is set to raw mode (no echo, no line editing, no CR/LF translation) so
// bytes pass untouched.
//
// We keep a slave descriptor open ourselves for our whole life. Without it, each
// time the host closes the port the master would see a hang-up: poll() reports
// POLLHUP without end and reads fail with EIO until someone reopens. With it,
// the master never notices, and the host can close and reopen the port any
// number of times.
// The price: bytes the board sends while no host has the port open wait in the
// terminal's input queue, and a host that reopens reads them first. Flushing
// them is the host's business (tcflush(fd, TCIFLUSH) after opening), as with any
// serial device that may have talked while nobody listened.
//
// Writes never block: what the terminal cannot take right now is dropped, as a
// UART without flow control would lose it.
class PseudoTerminal {
  public:
    // Throws std::system_error when the system refuses a step.
    PseudoTerminal();
    ~PseudoTerminal();
    PseudoTerminal(const PseudoTerminal&) = delete;
    PseudoTerminal& operator=(const PseudoTerminal&) = delete;

    const std::string& devicePath() const { return devicePath_; }
    int masterDescriptor() const { return master_; }

    // Reads what the host has written, without waiting; 0 when nothing.
    size_t readFromHost(std::span<uint8_t> buffer);
    // Returns how many bytes were dropped.
    size_t writeToHost(std::span<const uint8_t> bytes);

  private:
    int master_ = -1;
    int heldSlave_ = -1;
    std::string devicePath_;
};

}  // namespace arbiter::vboard
