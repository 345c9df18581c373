#include "tools/arbiterctl/control_client.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>

#include <fmt/format.h>

#include "daemon/base/json_text.h"
#include "daemon/control/trusted_servers.h"

namespace arbiter::ctl {

namespace {

// A line longer than this is not something arbiterd would send.
constexpr std::size_t kMaxReplyBytes = 64 * 1024 * 1024;

}  // namespace

ControlClient::~ControlClient() {
    if (fd_ >= 0) ::close(fd_);
}

bool ControlClient::connect(const std::string& path, std::string& error, bool& untrusted) {
    untrusted = false;
    sockaddr_un address;
    std::memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (path.empty() || path.size() >= sizeof address.sun_path) {
        error = path.empty() ? "the socket path is empty" : "the socket path is too long";
        return false;
    }
    std::memcpy(address.sun_path, path.data(), path.size());
    fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) {
        error = std::strerror(errno);
        return false;
    }
    if (::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) != 0) {
        error = std::strerror(errno);
        ::close(fd_);
        fd_ = -1;
        return false;
    }
    // The credentials the listener had when it began to listen, as the kernel keeps them.
    ucred peer{};
    socklen_t size = sizeof peer;
    if (::getsockopt(fd_, SOL_SOCKET, SO_PEERCRED, &peer, &size) != 0) {
        error = fmt::system_error(errno, "cannot tell who listens there").what();
    } else if (std::find(trusted_.begin(), trusted_.end(), peer.uid) == trusted_.end()) {
        untrusted = true;
        error = "the process listening there (pid " + std::to_string(peer.pid) + ") runs as user " +
                std::to_string(peer.uid) + ", " + control::neitherOf(trusted_) +
                ": not trusting its answers";
    } else {
        return true;
    }
    ::close(fd_);
    fd_ = -1;
    return false;
}

bool ControlClient::send(const nlohmann::json& request, std::string& error) {
    std::string line = jsonText(request) + "\n";
    std::size_t sent = 0;
    while (sent < line.size()) {
        ssize_t n = ::send(fd_, line.data() + sent, line.size() - sent, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0) {
            error = std::strerror(errno);
            return false;
        }
        sent += static_cast<std::size_t>(n);
    }
    return true;
}

ControlClient::Read ControlClient::next(nlohmann::json& message, std::string& raw, int timeoutMs,
                                        std::string& error) {
    using Clock = std::chrono::steady_clock;
    const auto deadline = Clock::now() + std::chrono::milliseconds(timeoutMs);
    for (;;) {
        std::size_t newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            raw = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            message = nlohmann::json::parse(raw, nullptr, false);
            if (message.is_discarded() || !message.is_object()) {
                error = "arbiterd sent a line that is not a JSON object";
                return Read::failed;
            }
            return Read::message;
        }
        if (buffer_.size() > kMaxReplyBytes) {
            error = "arbiterd sent a line longer than " + std::to_string(kMaxReplyBytes) + " bytes";
            return Read::failed;
        }
        int wait = -1;
        if (timeoutMs >= 0) {
            auto left =
                std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
            if (left.count() <= 0) return Read::timedOut;
            wait = static_cast<int>(left.count());
        }
        pollfd p{fd_, POLLIN, 0};
        int ready = ::poll(&p, 1, wait);
        if (ready < 0 && errno == EINTR) continue;
        if (ready < 0) {
            error = std::strerror(errno);
            return Read::failed;
        }
        if (ready == 0) return Read::timedOut;
        char chunk[16 * 1024];
        ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && errno == ECONNRESET) return Read::closed;
        if (n < 0) {
            error = std::strerror(errno);
            return Read::failed;
        }
        if (n == 0) return Read::closed;
        buffer_.append(chunk, static_cast<std::size_t>(n));
    }
}

}  // namespace arbiter::ctl
