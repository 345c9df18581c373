#pragma once

#include <chrono>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "daemon/base/event_loop.h"

namespace arbiter::testing {

using namespace std::chrono_literals;

// A client of the control socket as a test drives it: a real socket, read and
// written without blocking, and every wait pumps the event loop that the
// server runs on (both live on the test's one thread).
class TestClient {
  public:
    TestClient(EventLoop& loop, const std::string& path);
    ~TestClient();
    TestClient(TestClient&& other) noexcept;
    TestClient(const TestClient&) = delete;
    TestClient& operator=(const TestClient&) = delete;
    TestClient& operator=(TestClient&&) = delete;

    bool connected() const { return fd_ >= 0; }
    int fd() const { return fd_; }

    // Writes all of `bytes`, pumping the loop while the socket is full.
    void send(std::string_view bytes);
    void sendLine(const std::string& line) { send(line + "\n"); }
    // The next line from the server, or nullopt when none comes within `timeout`
    // or the server closed the connection.
    std::optional<std::string> nextLine(std::chrono::milliseconds timeout = 1000ms);
    // The next line parsed; a JSON null when there is none or it is not JSON.
    nlohmann::json next(std::chrono::milliseconds timeout = 1000ms);
    // Sends a request line and returns the next line that comes back.
    nlohmann::json ask(const std::string& line) {
        sendLine(line);
        return next();
    }
    // True once the server has closed this connection (lines before that are skipped).
    bool closedByServer(std::chrono::milliseconds timeout = 1000ms);
    // True when nothing arrives within `wait`.
    bool quiet(std::chrono::milliseconds wait = 20ms);
    void close();

  private:
    enum class Fill { data, none, closed };
    Fill fill();

    EventLoop& loop_;
    int fd_ = -1;
    std::string buffer_;
    bool ended_ = false;
};

// Pumps the loop until `done()` or `timeout`; returns done().
template <typename Predicate>
bool pumpUntil(EventLoop& loop, Predicate done, std::chrono::milliseconds timeout = 1000ms) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    while (!done()) {
        if (std::chrono::steady_clock::now() > deadline) return false;
        loop.runOnce(1);
    }
    return true;
}

// A fresh directory under /tmp, removed with everything in it.
class TempDir {
  public:
    TempDir();
    ~TempDir();
    const std::string& path() const { return path_; }
    std::string file(const std::string& name) const { return path_ + "/" + name; }

  private:
    std::string path_;
};

}  // namespace arbiter::testing
