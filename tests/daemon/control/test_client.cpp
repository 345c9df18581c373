#include "tests/daemon/control/test_client.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <stdexcept>

namespace arbiter::testing {

TestClient::TestClient(EventLoop& loop, const std::string& path) : loop_(loop) {
    sockaddr_un address;
    std::memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    fd_ = ::socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    if (fd_ < 0) return;
    if (::connect(fd_, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) {
        ::close(fd_);
        fd_ = -1;
        return;
    }
    ::fcntl(fd_, F_SETFL, ::fcntl(fd_, F_GETFL) | O_NONBLOCK);
}

TestClient::TestClient(TestClient&& other) noexcept
    : loop_(other.loop_), fd_(other.fd_), buffer_(std::move(other.buffer_)), ended_(other.ended_) {
    other.fd_ = -1;
}

TestClient::~TestClient() {
    close();
}

void TestClient::close() {
    if (fd_ >= 0) ::close(fd_);
    fd_ = -1;
}

void TestClient::send(std::string_view bytes) {
    auto deadline = std::chrono::steady_clock::now() + 2s;
    while (!bytes.empty() && fd_ >= 0) {
        ssize_t n = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (n > 0) {
            bytes.remove_prefix(static_cast<std::size_t>(n));
            continue;
        }
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) {
            if (std::chrono::steady_clock::now() > deadline)
                throw std::runtime_error("the server reads nothing");
            loop_.runOnce(1);
            continue;
        }
        return;  // the server closed the connection: the test will find out when it reads
    }
}

TestClient::Fill TestClient::fill() {
    if (fd_ < 0 || ended_) return Fill::closed;
    char chunk[16 * 1024];
    ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n > 0) {
        buffer_.append(chunk, static_cast<std::size_t>(n));
        return Fill::data;
    }
    if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK || errno == EINTR)) return Fill::none;
    ended_ = true;
    return Fill::closed;
}

std::optional<std::string> TestClient::nextLine(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        std::size_t newline = buffer_.find('\n');
        if (newline != std::string::npos) {
            std::string line = buffer_.substr(0, newline);
            buffer_.erase(0, newline + 1);
            return line;
        }
        Fill got = fill();
        if (got == Fill::data) continue;
        if (got == Fill::closed) return std::nullopt;
        if (std::chrono::steady_clock::now() > deadline) return std::nullopt;
        loop_.runOnce(1);
    }
}

nlohmann::json TestClient::next(std::chrono::milliseconds timeout) {
    auto line = nextLine(timeout);
    if (!line) return nullptr;
    auto parsed = nlohmann::json::parse(*line, nullptr, false);
    return parsed.is_discarded() ? nlohmann::json(nullptr) : parsed;
}

bool TestClient::closedByServer(std::chrono::milliseconds timeout) {
    auto deadline = std::chrono::steady_clock::now() + timeout;
    for (;;) {
        buffer_.clear();
        Fill got = fill();
        if (got == Fill::closed) return true;
        if (got == Fill::data) continue;
        if (std::chrono::steady_clock::now() > deadline) return false;
        loop_.runOnce(1);
    }
}

bool TestClient::quiet(std::chrono::milliseconds wait) {
    auto deadline = std::chrono::steady_clock::now() + wait;
    while (std::chrono::steady_clock::now() < deadline) {
        if (buffer_.find('\n') != std::string::npos) return false;
        Fill got = fill();
        if (got == Fill::closed) break;
        if (got == Fill::none) loop_.runOnce(1);
    }
    return buffer_.find('\n') == std::string::npos;
}

TempDir::TempDir() {
    char pattern[] = "/tmp/arbiter-control-XXXXXX";
    if (::mkdtemp(pattern) == nullptr) throw std::runtime_error("mkdtemp failed");
    path_ = pattern;
}

TempDir::~TempDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path_, ignored);
}

}  // namespace arbiter::testing
