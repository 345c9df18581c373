#include "tools/arbiter-web/http_server.h"

#include <boost/asio/write.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>
#include <deque>
#include <list>
#include <optional>

#include "tools/arbiter-web/web_routes.h"

namespace arbiter::web {

namespace asio = boost::asio;
namespace beast = boost::beast;
namespace http = beast::http;
using tcp = asio::ip::tcp;

namespace {

std::string text(beast::string_view v) {
    return {v.data(), v.size()};
}

WebRequest readRequest(const http::request<http::string_body>& r) {
    WebRequest request;
    request.method = text(r.method_string());
    const std::string target = text(r.target());
    const size_t question = target.find('?');
    request.path = target.substr(0, question);
    if (question != std::string::npos) request.query = target.substr(question + 1);
    request.body = r.body();
    request.contentType = text(r[http::field::content_type]);
    request.origin = text(r[http::field::origin]);
    request.host = text(r[http::field::host]);
    request.token = cookieValue(text(r[http::field::cookie]), WebRoutes::kCookie);
    return request;
}

}  // namespace

class ClientConnection;

struct HttpServer::Registry {
    std::size_t open = 0;
    std::list<std::weak_ptr<ClientConnection>> waiting;  // oldest first
};

// One client's connection: requests and answers in turn, until it asks for
// /events, which it then follows until either side closes.
class ClientConnection final : public std::enable_shared_from_this<ClientConnection>,
                               public EventStream {
  public:
    ClientConnection(tcp::socket socket, PageRoutes& routes, const HttpLimits& limits,
                     std::shared_ptr<HttpServer::Registry> registry)
        : stream_(std::move(socket)),
          routes_(routes),
          limits_(limits),
          heartbeat_(stream_.get_executor()),
          registry_(std::move(registry)) {
        ++registry_->open;
    }
    ~ClientConnection() override {
        stopWaiting();
        --registry_->open;
    }

    void start() { readNext(); }
    // Closes it, and takes it off the list of those waiting (even when closed).
    void close() {
        stopWaiting();
        if (closed_) return;
        closed_ = true;
        if (feed_) feed_->leave(*this);
        feed_ = nullptr;
        heartbeat_.cancel();
        beast::error_code ignored;
        stream_.socket().shutdown(tcp::socket::shutdown_both, ignored);
        stream_.socket().close(ignored);
    }

    void push(const std::string& framed) override {
        if (closed_) return;
        unsent_ += framed.size();
        // A page this far behind is gone or hopeless: it reconnects and catches up.
        if (unsent_ > limits_.unsentBytes) return close();
        queue_.push_back(framed);
        writeQueued();
    }
    void end() override {
        feed_ = nullptr;
        close();
    }

  private:
    void startWaiting() {
        registry_->waiting.push_back(weak_from_this());
        waitingAt_ = std::prev(registry_->waiting.end());
    }
    void stopWaiting() {
        if (!waitingAt_) return;
        registry_->waiting.erase(*waitingAt_);
        waitingAt_.reset();
    }

    void readNext() {
        if (closed_) return;
        startWaiting();
        parser_.emplace();
        parser_->header_limit(static_cast<std::uint32_t>(limits_.headerBytes));
        parser_->body_limit(limits_.bodyBytes);
        stream_.expires_after(std::chrono::seconds(limits_.requestSeconds));
        http::async_read(
            stream_, buffer_, *parser_,
            [self = shared_from_this()](beast::error_code ec, size_t) { self->onRequest(ec); });
    }

    void onRequest(beast::error_code ec) {
        stopWaiting();
        if (ec == http::error::header_limit || ec == http::error::body_limit)
            return answer(
                refusal(ec == http::error::body_limit ? 413 : 431, "the request is too large"),
                false);
        if (ec) return close();
        const auto& r = parser_->get();
        const WebRequest request = readRequest(r);
        if (EventFeed* feed = routes_.streamFor(request)) return follow(*feed);
        const bool keepAlive = r.keep_alive();
        routes_.handle(request, [self = shared_from_this(), keepAlive](WebResponse response) {
            self->answer(std::move(response), keepAlive);
        });
    }

    void answer(WebResponse response, bool keepAlive) {
        if (closed_) return;
        auto r = std::make_shared<http::response<http::string_body>>();
        r->version(11);
        r->result(static_cast<unsigned>(response.status));
        r->set(http::field::content_type, response.contentType);
        r->set("X-Content-Type-Options", "nosniff");
        r->set("Referrer-Policy", "no-referrer");
        for (const auto& [name, value] : response.headers) r->insert(name, value);
        r->body() = std::move(response.body);
        r->keep_alive(keepAlive);
        r->prepare_payload();
        stream_.expires_after(std::chrono::seconds(limits_.requestSeconds));
        http::async_write(stream_, *r,
                          [self = shared_from_this(), r, keepAlive](beast::error_code ec, size_t) {
                              if (ec || !keepAlive) return self->close();
                              self->readNext();
                          });
    }

    // The event stream: its header, then the feed's events as they come.
    void follow(EventFeed& feed) {
        feed_ = &feed;
        stream_.expires_never();
        queue_.push_back(
            "HTTP/1.1 200 OK\r\nContent-Type: text/event-stream\r\nCache-Control: no-store\r\n"
            "X-Content-Type-Options: nosniff\r\nConnection: close\r\n\r\nretry: 1000\n\n");
        feed_->join(*this);
        writeQueued();
        watchClose();
        beat();
    }

    // The client sends nothing more on an event stream: a read ends only when it goes.
    void watchClose() {
        stream_.socket().async_wait(tcp::socket::wait_read,
                                    [self = shared_from_this()](beast::error_code) {
                                        // Anything it sends, or its going, ends the stream.
                                        self->close();
                                    });
    }

    // A comment now and then: a page that has gone is found out by the write
    // failing, and the page knows the stream lives.
    void beat() {
        heartbeat_.expires_after(std::chrono::seconds(limits_.heartbeatSeconds));
        heartbeat_.async_wait([self = shared_from_this()](beast::error_code ec) {
            if (ec || self->closed_) return;
            self->push(":\n\n");
            self->beat();
        });
    }

    void writeQueued() {
        if (writing_ || queue_.empty() || closed_) return;
        writing_ = true;
        asio::async_write(stream_.socket(), asio::buffer(queue_.front()),
                          [self = shared_from_this()](beast::error_code ec, size_t) {
                              self->writing_ = false;
                              if (ec) return self->close();
                              self->unsent_ -= std::min(self->unsent_, self->queue_.front().size());
                              self->queue_.pop_front();
                              self->writeQueued();
                          });
    }

    beast::tcp_stream stream_;
    PageRoutes& routes_;
    const HttpLimits& limits_;
    beast::flat_buffer buffer_;
    std::optional<http::request_parser<http::string_body>> parser_;
    asio::steady_timer heartbeat_;
    std::shared_ptr<HttpServer::Registry> registry_;
    std::optional<std::list<std::weak_ptr<ClientConnection>>::iterator> waitingAt_;
    EventFeed* feed_ = nullptr;
    std::deque<std::string> queue_;
    std::size_t unsent_ = 0;
    bool writing_ = false;
    bool closed_ = false;
};

HttpServer::HttpServer(asio::io_context& io, PageRoutes& routes, HttpLimits limits)
    : routes_(routes),
      limits_(limits),
      acceptor_(io),
      acceptPause_(io),
      registry_(std::make_shared<Registry>()) {}

std::size_t HttpServer::openConnections() const {
    return registry_->open;
}

HttpServer::~HttpServer() {
    beast::error_code ignored;
    acceptor_.close(ignored);
}

bool HttpServer::listen(const tcp::endpoint& at, std::string& error) {
    beast::error_code ec;
    acceptor_.open(at.protocol(), ec);
    if (!ec) acceptor_.set_option(asio::socket_base::reuse_address(true), ec);
    if (!ec) acceptor_.bind(at, ec);
    if (!ec) acceptor_.listen(asio::socket_base::max_listen_connections, ec);
    if (ec) {
        error = "cannot listen at " + at.address().to_string() + ":" + std::to_string(at.port()) +
                ": " + ec.message();
        return false;
    }
    accept();
    return true;
}

tcp::endpoint HttpServer::endpoint() const {
    beast::error_code ignored;
    return acceptor_.local_endpoint(ignored);
}

std::string HttpServer::url() const {
    const tcp::endpoint where = endpoint();
    const std::string host = where.address().is_v6() ? "[" + where.address().to_string() + "]"
                                                     : where.address().to_string();
    return "http://" + host + ":" + std::to_string(where.port()) + "/";
}

void HttpServer::accept() {
    acceptor_.async_accept([this](beast::error_code ec, tcp::socket socket) {
        if (ec == asio::error::operation_aborted) return;
        if (ec) {
            // Out of descriptors, say: rest a moment rather than spin.
            acceptPause_.expires_after(std::chrono::milliseconds(100));
            acceptPause_.async_wait([this](beast::error_code waited) {
                if (!waited) accept();
            });
            return;
        }
        if (registry_->open >= limits_.connections) {
            beast::error_code ignored;
            socket.close(ignored);
            return accept();
        }
        // Make room: the connection that has waited longest without asking goes.
        while (registry_->waiting.size() >= limits_.waiting) {
            if (const auto oldest = registry_->waiting.front().lock())
                oldest->close();  // which takes it off the list
            else
                registry_->waiting.pop_front();
        }
        std::make_shared<ClientConnection>(std::move(socket), routes_, limits_, registry_)->start();
        accept();
    });
}

}  // namespace arbiter::web
