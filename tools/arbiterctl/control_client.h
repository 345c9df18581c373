#pragma once

#include <sys/types.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter::ctl {

// One connection to arbiterd's control socket, for a program that asks one
// thing and waits for the answer: blocking, with a deadline on every read so
// that a daemon that stops answering cannot hang the caller. It talks only to
// a server run by a user it trusts (the kernel says who listens, SO_PEERCRED):
// an answer from anyone else could be a lie ("ok" to a resignation never made).
class ControlClient {
  public:
    enum class Read { message, closed, timedOut, failed };

    // Trusts servers run by these users: arbiterctl's are its own and root.
    explicit ControlClient(std::vector<uid_t> trustedUsers) : trusted_(std::move(trustedUsers)) {}
    ~ControlClient();
    ControlClient(const ControlClient&) = delete;
    ControlClient& operator=(const ControlClient&) = delete;

    // Connects to the socket at `path`; false and a message when nobody is
    // there, or the one there is not trusted (`untrusted` is then set).
    bool connect(const std::string& path, std::string& error, bool& untrusted);
    bool send(const nlohmann::json& request, std::string& error);
    // The next line from the daemon, parsed. Waits at most `timeoutMs` (< 0: forever).
    // `raw` receives the line as it came.
    Read next(nlohmann::json& message, std::string& raw, int timeoutMs, std::string& error);

  private:
    std::vector<uid_t> trusted_;
    int fd_ = -1;
    std::string buffer_;
};

}  // namespace arbiter::ctl
