#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// One connection to arbiterd's control socket, for a program that asks one
// thing and waits for the answer: blocking, with a deadline on every read so
// that a daemon that stops answering cannot hang the caller.
class ControlClient {
  public:
    enum class Read { message, closed, timedOut, failed };

    ControlClient() = default;
    ~ControlClient();
    ControlClient(const ControlClient&) = delete;
    ControlClient& operator=(const ControlClient&) = delete;

    // Connects to the socket at `path`; false and a message when nobody is there.
    bool connect(const std::string& path, std::string& error);
    bool send(const nlohmann::json& request, std::string& error);
    // The next line from the daemon, parsed. Waits at most `timeoutMs` (< 0: forever).
    // `raw` receives the line as it came.
    Read next(nlohmann::json& message, std::string& raw, int timeoutMs, std::string& error);

  private:
    int fd_ = -1;
    std::string buffer_;
};

}  // namespace arbiter::ctl
