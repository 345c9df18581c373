#pragma once

#include <chrono>
#include <string>

namespace arbiter::e2e {

// An HTTP/1.1 response as the tests read it.
struct HttpReply {
    int status = 0;  // 0: no answer (closed, timed out)
    std::string headers;
    std::string body;
};

// One TCP connection to a local server, for the tests that speak HTTP to
// arbiter-web as a browser (or a hostile client) would: raw bytes out, lines
// and replies in, every read with a deadline.
class HttpConnection {
  public:
    explicit HttpConnection(int port);
    ~HttpConnection();
    HttpConnection(const HttpConnection&) = delete;
    HttpConnection& operator=(const HttpConnection&) = delete;

    bool open() const { return fd_ >= 0; }
    bool sendRaw(const std::string& bytes);
    // A whole response (Content-Length bodies; the tests ask for nothing else).
    HttpReply readReply(std::chrono::milliseconds timeout);
    // Reads an event stream until a message whose text contains `needle`;
    // returns that message ("event: ...\ndata: ..."), or "" at the deadline.
    std::string readEventWith(const std::string& needle, std::chrono::milliseconds timeout);
    // Whether the server closed the connection within `timeout`.
    bool closedWithin(std::chrono::milliseconds timeout);

  private:
    bool readMore(std::chrono::steady_clock::time_point deadline);
    int fd_ = -1;
    std::string buffer_;
};

// One request on a connection of its own: `method` `path` with `body` and
// `extraHeaders` ("Content-Type: application/json\r\n"...).
HttpReply httpRequest(int port, const std::string& method, const std::string& path,
                      const std::string& body = "", const std::string& extraHeaders = "");

}  // namespace arbiter::e2e
