#include "tools/arbiter-web/daemon_link.h"

#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio/read_until.hpp>
#include <boost/asio/write.hpp>
#include <chrono>
#include <istream>
#include <utility>

#include "daemon/control/trusted_servers.h"

namespace arbiter::web {

namespace asio = boost::asio;
using Socket = asio::local::stream_protocol;

namespace {

nlohmann::json errorReply(const std::string& why) {
    return {{"type", "error"}, {"error", why}};
}

}  // namespace

DaemonLink::DaemonLink(asio::io_context& io, std::string socketPath, Listener& listener,
                       std::optional<PlayerCredentials> as)
    : io_(io), path_(std::move(socketPath)), listener_(listener), as_(std::move(as)), retry_(io) {}

DaemonLink::~DaemonLink() {
    *alive_ = false;
    if (connection_) connection_->socket.close();
    connection_.reset();  // the link's own requests see it gone, and do nothing
    retry_.cancel();
    // Requests still out get their answer now: whoever waits for one (an
    // HTTP request) must not wait for ever.
    for (Reply& done : waiting_) done(errorReply("the link to arbiterd was closed"));
}

void DaemonLink::start() {
    connect();
}

void DaemonLink::connect() {
    auto connection = std::make_shared<Connection>(io_);
    connection_ = connection;
    std::weak_ptr<bool> alive = alive_;
    connection->socket.async_connect(
        Socket::endpoint(path_), [this, alive, connection](const boost::system::error_code& ec) {
            if (alive.expired() || connection != connection_) return;
            if (ec) return lost("arbiterd is not running at " + path_ + " (" + ec.message() + ")");
            std::string why;
            if (!trusted(why)) return lost(why);
            readLine();
            // The link's own requests act only on the connection they were
            // sent on: a connection lost meanwhile answers them with errors.
            if (as_) {
                send({{"type", "as"}, {"name", as_->name}, {"secret", as_->secret}},
                     [this, connection](const nlohmann::json& reply) {
                         if (connection != connection_ || reply.value("type", "") == "ok") return;
                         lost(reply.value("error", "refused"));
                     });
            }
            send({{"type", "subscribe"}}, [this, connection](const nlohmann::json& reply) {
                if (connection != connection_ || reply.value("type", "") != "snapshot") return;
                ready_ = true;
                admitted_ = true;
                downReason_.clear();
                listener_.linkChanged(true, {});
                listener_.snapshot(reply);
            });
        });
}

bool DaemonLink::trusted(std::string& why) {
    // Anyone who can make a socket at the path could answer "ok" to a
    // resignation never made: believe only our own user and root.
    ucred peer{};
    socklen_t size = sizeof peer;
    if (::getsockopt(connection_->socket.native_handle(), SOL_SOCKET, SO_PEERCRED, &peer, &size) !=
        0) {
        why = "cannot tell who listens at " + path_;
        return false;
    }
    const std::vector<uid_t> trusted = control::trustedServerUsers();
    if (std::find(trusted.begin(), trusted.end(), peer.uid) != trusted.end()) return true;
    why = "refusing the server at " + path_ + ": the process listening there (pid " +
          std::to_string(peer.pid) + ") runs as user " + std::to_string(peer.uid) + ", " +
          control::neitherOf(trusted);
    return false;
}

void DaemonLink::request(nlohmann::json request, Reply done) {
    if (!ready_) return done(errorReply(downReason_));
    send(std::move(request), std::move(done));
}

void DaemonLink::send(nlohmann::json request, Reply done) {
    waiting_.push_back(std::move(done));
    output_.push_back(request.dump() + "\n");
    writeNext();
}

void DaemonLink::writeNext() {
    if (writing_ || output_.empty() || !connection_) return;
    writing_ = true;
    auto connection = connection_;
    std::weak_ptr<bool> alive = alive_;
    asio::async_write(connection->socket, asio::buffer(output_.front()),
                      [this, alive, connection](const boost::system::error_code& ec, size_t) {
                          if (alive.expired() || connection != connection_) return;
                          writing_ = false;
                          if (ec) return lost("arbiterd went away (" + ec.message() + ")");
                          output_.pop_front();
                          writeNext();
                      });
}

void DaemonLink::readLine() {
    auto connection = connection_;
    std::weak_ptr<bool> alive = alive_;
    asio::async_read_until(connection->socket, connection->input, '\n',
                           [this, alive, connection](const boost::system::error_code& ec, size_t) {
                               if (alive.expired() || connection != connection_) return;
                               if (ec) return lost("arbiterd went away (" + ec.message() + ")");
                               std::istream in(&connection->input);
                               std::string line;
                               std::getline(in, line);
                               handle(line);
                               if (connection == connection_) readLine();
                           });
}

void DaemonLink::handle(const std::string& line) {
    const nlohmann::json message = nlohmann::json::parse(line, nullptr, false);
    if (!message.is_object()) return;
    const std::string type = message.value("type", "");
    if (type == "hello") return;
    if (type == "event") {
        listener_.announcement(message);
        refresh();
        return;
    }
    if (waiting_.empty()) return;
    Reply done = std::move(waiting_.front());
    waiting_.pop_front();
    done(message);
}

void DaemonLink::refresh() {
    if (refreshing_) {
        refreshAgain_ = true;
        return;
    }
    refreshing_ = true;
    send({{"type", "status"}}, [this, connection = connection_](const nlohmann::json& reply) {
        if (connection != connection_) return;
        refreshing_ = false;
        if (reply.value("type", "") == "status") listener_.snapshot(reply);
        if (refreshAgain_) {
            refreshAgain_ = false;
            refresh();
        }
    });
}

void DaemonLink::lost(const std::string& why) {
    const bool wasReady = ready_;
    ready_ = false;
    writing_ = false;
    refreshing_ = refreshAgain_ = false;
    if (connection_) connection_->socket.close();
    connection_.reset();
    output_.clear();
    std::deque<Reply> unanswered;
    unanswered.swap(waiting_);
    for (Reply& done : unanswered) done(errorReply("arbiterd went away: " + why));
    if (downReason_ != why || wasReady) {
        downReason_ = why;
        listener_.linkChanged(false, why);
    }
    // A player who was never admitted (a wrong secret, or no arbiterd to
    // ask) is told so at once rather than kept waiting.
    if (as_ && !admitted_) {
        stopped_ = true;
        listener_.refused(why);
    }
    if (stopped_) return;
    retry_.expires_after(std::chrono::seconds(1));
    std::weak_ptr<bool> alive = alive_;
    retry_.async_wait([this, alive](const boost::system::error_code& ec) {
        if (alive.expired() || ec) return;
        connect();
    });
}

}  // namespace arbiter::web
