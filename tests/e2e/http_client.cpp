#include "tests/e2e/http_client.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cstdlib>

namespace arbiter::e2e {

using Clock = std::chrono::steady_clock;

HttpConnection::HttpConnection(int port) {
    fd_ = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
    sockaddr_in at{};
    at.sin_family = AF_INET;
    at.sin_port = htons(static_cast<uint16_t>(port));
    at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (fd_ >= 0 && ::connect(fd_, reinterpret_cast<sockaddr*>(&at), sizeof at) != 0) {
        ::close(fd_);
        fd_ = -1;
    }
}

HttpConnection::~HttpConnection() {
    if (fd_ >= 0) ::close(fd_);
}

bool HttpConnection::sendRaw(const std::string& bytes) {
    size_t sent = 0;
    while (fd_ >= 0 && sent < bytes.size()) {
        const ssize_t n = ::send(fd_, bytes.data() + sent, bytes.size() - sent, MSG_NOSIGNAL);
        if (n <= 0) return false;
        sent += static_cast<size_t>(n);
    }
    return fd_ >= 0;
}

bool HttpConnection::readMore(Clock::time_point deadline) {
    const auto left =
        std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
    if (fd_ < 0 || left <= 0) return false;
    pollfd p{fd_, POLLIN, 0};
    if (::poll(&p, 1, static_cast<int>(left)) <= 0) return false;
    char chunk[65536];
    const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
    if (n <= 0) return false;
    buffer_.append(chunk, static_cast<size_t>(n));
    return true;
}

HttpReply HttpConnection::readReply(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    size_t end;
    while ((end = buffer_.find("\r\n\r\n")) == std::string::npos) {
        if (!readMore(deadline)) return {};
    }
    HttpReply reply;
    reply.headers = buffer_.substr(0, end + 2);
    if (reply.headers.rfind("HTTP/1.1 ", 0) == 0)
        reply.status = std::atoi(reply.headers.c_str() + 9);
    size_t length = 0;
    for (const char* name : {"Content-Length: ", "content-length: "}) {
        if (const size_t at = reply.headers.find(name); at != std::string::npos)
            length = std::strtoul(reply.headers.c_str() + at + 16, nullptr, 10);
    }
    while (buffer_.size() < end + 4 + length) {
        if (!readMore(deadline)) return {};
    }
    reply.body = buffer_.substr(end + 4, length);
    buffer_.erase(0, end + 4 + length);
    return reply;
}

std::string HttpConnection::readEventWith(const std::string& needle,
                                          std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    for (;;) {
        size_t end;
        while ((end = buffer_.find("\n\n")) != std::string::npos) {
            std::string message = buffer_.substr(0, end);
            buffer_.erase(0, end + 2);
            if (message.find(needle) != std::string::npos) return message;
        }
        if (!readMore(deadline)) return {};
    }
}

bool HttpConnection::closedWithin(std::chrono::milliseconds timeout) {
    const auto deadline = Clock::now() + timeout;
    while (fd_ >= 0) {
        const auto left =
            std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now()).count();
        if (left <= 0) return false;
        pollfd p{fd_, POLLIN, 0};
        if (::poll(&p, 1, static_cast<int>(left)) <= 0) return false;
        char chunk[4096];
        const ssize_t n = ::recv(fd_, chunk, sizeof chunk, 0);
        if (n <= 0) return true;
    }
    return true;
}

HttpReply httpRequest(int port, const std::string& method, const std::string& path,
                      const std::string& body, const std::string& extraHeaders) {
    HttpConnection connection(port);
    std::string request = method + " " + path +
                          " HTTP/1.1\r\nHost: 127.0.0.1:" + std::to_string(port) +
                          "\r\nConnection: close\r\n" + extraHeaders;
    if (!body.empty() || method == "POST")
        request += "Content-Length: " + std::to_string(body.size()) + "\r\n";
    request += "\r\n" + body;
    if (!connection.sendRaw(request)) return {};
    return connection.readReply(std::chrono::seconds(10));
}

}  // namespace arbiter::e2e
