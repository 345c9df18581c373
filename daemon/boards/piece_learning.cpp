#include "daemon/boards/piece_learning.h"

#include <poll.h>

#include <chrono>

#include "daemon/base/instance_lock.h"
#include "drivers/certabo/calibration.h"
#include "drivers/certabo/certabo_board.h"
#include "drivers/transport/open_transport.h"

namespace arbiter {

namespace {

// Hears only whether the board has sent a whole reading yet.
class FirstReading final : public BoardListener {
  public:
    void boardDump(const BoardSquares&) override { seen = true; }
    void squareChanged(int, Appearance) override {}
    void protocolWarning(const std::string& what) override { lastWarning = what; }
    bool seen = false;
    std::string lastWarning;
};

using Clock = std::chrono::steady_clock;

// Reads the board until `done` or `until`; false when the device went away.
template <typename Done>
bool readUntil(Transport& transport, BoardDriver& board, Clock::time_point until, Done done) {
    while (!done() && Clock::now() < until) {
        pollfd p{transport.fd(), POLLIN, 0};
        ::poll(&p, 1, 50);
        if (!board.onReadable(0)) return false;
    }
    return true;
}

}  // namespace

bool learnPieces(const DeviceSpec& device, int waitMs, PieceTags& learnt, std::string& error) {
    const std::string named = "board " + device.text() + ": ";
    if (const pid_t holder = lockHolder(boardLockPath(device.path)); holder >= 0) {
        error = named + "in use by another arbiterd (pid " + std::to_string(holder) +
                "); stop it, then calibrate";
        return false;
    }
    const BoardProtocol& protocol = certabo::kCertaboProtocol;
    auto transport = openTransport(device.path, error, protocol.device, protocol.baudRate);
    if (!transport) {
        error = named + error;
        return false;
    }
    FirstReading heard;
    certabo::CertaboBoard board(certabo::Model::Certabo, *transport, heard);
    const auto start = Clock::now();
    if (!board.start() || !readUntil(*transport, board, start + std::chrono::milliseconds(waitMs),
                                     [&] { return heard.seen; })) {
        error = named + "the device went away";
        return false;
    }
    if (!heard.seen) {
        error = named + "sent no reading within " + std::to_string(waitMs / 1000) +
                " s; is it a Certabo board, plugged in?" +
                (heard.lastWarning.empty() ? "" : " (it sent: " + heard.lastWarning + ")");
        return false;
    }
    // A little longer, so that a piece still being set down has settled.
    if (!readUntil(*transport, board, Clock::now() + std::chrono::milliseconds(1000),
                   [] { return false; })) {
        error = named + "the device went away";
        return false;
    }
    auto tags = certabo::learnStartPosition(board.tags(), error);
    if (!tags) {
        error = named + error;
        return false;
    }
    learnt = std::move(*tags);
    return true;
}

}  // namespace arbiter
