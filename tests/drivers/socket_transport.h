#pragma once

// A Transport over one end of a socketpair, for driver tests: the test holds the
// other end and plays the board. Deterministic (no tty line discipline between),
// and closing the test's end gives the end-of-file a vanished device gives.

#include <fcntl.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <string>
#include <vector>

#include "drivers/transport/transport.h"

namespace arbiter::test {

class SocketTransport : public Transport {
  public:
    SocketTransport() {
        int fds[2];
        if (::socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, fds) == 0) {
            mine_ = fds[0];
            board_ = fds[1];
            ::fcntl(mine_, F_SETFL, O_NONBLOCK);
            ::fcntl(board_, F_SETFL, O_NONBLOCK);
        }
    }
    ~SocketTransport() override {
        if (mine_ >= 0) ::close(mine_);
        closeBoardEnd();
    }

    int fd() const override { return mine_; }
    long read(uint8_t* buffer, size_t size) override {
        ssize_t n = ::recv(mine_, buffer, size, 0);
        if (n > 0) return n;
        if (n == 0) return -1;
        return (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR) ? 0 : -1;
    }
    bool write(const uint8_t* bytes, size_t size) override {
        if (failWrites) return false;
        return ::send(mine_, bytes, size, MSG_NOSIGNAL) == ssize_t(size);
    }
    std::string describe() const override { return "socketpair"; }

    // The board's side.
    void boardSends(const std::vector<uint8_t>& bytes) {
        ::send(board_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
    }
    std::vector<uint8_t> boardReceived() {
        std::vector<uint8_t> out;
        uint8_t buffer[512];
        ssize_t n;
        while ((n = ::recv(board_, buffer, sizeof buffer, 0)) > 0) {
            out.insert(out.end(), buffer, buffer + n);
        }
        return out;
    }
    void closeBoardEnd() {
        if (board_ >= 0) ::close(board_);
        board_ = -1;
    }

    bool failWrites = false;

  private:
    int mine_ = -1;
    int board_ = -1;
};

}  // namespace arbiter::test
