#pragma once

#include <cstddef>
#include <memory>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>

#include "tools/arbiter-web/page_routes.h"

namespace arbiter::web {

// How much the server takes from anyone before it stops listening to them:
// what keeps hostile clients (huge headers and bodies, a thousand
// connections, a client that sends a byte a minute) from stalling it.
struct HttpLimits {
    // Open at once; more are closed as they come. Event streams count here.
    std::size_t connections = 4000;
    // Connections still to send a request: beyond this many, the one that
    // has waited longest is let go to make room for the newcomer, so that
    // clients who open connections and ask nothing never shut out a page.
    std::size_t waiting = 500;
    std::size_t headerBytes = 8 * 1024;
    std::size_t bodyBytes = 16 * 1024;
    int requestSeconds = 10;                    // to send a whole request, or to send the next one
    std::size_t unsentBytes = 4 * 1024 * 1024;  // behind on an event stream: it is closed
    int heartbeatSeconds = 15;                  // a comment on every quiet event stream
};

// The page server's HTTP side, on Boost.Beast over one Asio loop: it accepts
// connections, reads each request within the limits, hands it to the routes
// and writes their answer, and keeps /events open as a Server-Sent Events
// stream of the feed the routes name (docs/web.md, docs/hall.md).
class HttpServer {
  public:
    HttpServer(boost::asio::io_context& io, PageRoutes& routes, HttpLimits limits = {});
    ~HttpServer();

    // Listens at `at`; false and a message when it cannot.
    bool listen(const boost::asio::ip::tcp::endpoint& at, std::string& error);
    // Where it listens (the port chosen when 0 was asked).
    boost::asio::ip::tcp::endpoint endpoint() const;
    // Where browsers find it: "http://127.0.0.1:8080/", an IPv6 address in brackets.
    std::string url() const;
    std::size_t openConnections() const;

    // The connections open, and those still to send a request, oldest first
    // (http_server.cpp): shared with each connection, which may outlive the server.
    struct Registry;

  private:
    void accept();

    PageRoutes& routes_;
    HttpLimits limits_;
    boost::asio::ip::tcp::acceptor acceptor_;
    boost::asio::steady_timer acceptPause_;  // out of file descriptors: a moment's rest
    std::shared_ptr<Registry> registry_;
};

}  // namespace arbiter::web
