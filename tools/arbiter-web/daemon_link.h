#pragma once

#include <deque>
#include <functional>
#include <memory>
#include <optional>
#include <string>

#include <boost/asio/io_context.hpp>
#include <boost/asio/local/stream_protocol.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/streambuf.hpp>
#include <nlohmann/json.hpp>

namespace arbiter::web {

// Who a link speaks as: a player of a moderated game, proven by their secret
// (docs/control.md, "Players of a moderated game"). A link without one is a
// spectator's: it sees what everyone at the table may see.
struct PlayerCredentials {
    std::string name;
    std::string secret;
};

// One connection to arbiterd's control socket, subscribed to its
// announcements, kept open for as long as the link lives: when arbiterd goes
// away it says so and connects again every second, as a board that vanished
// is waited for. After each announcement it asks for the status again, so
// that its listener always holds the table as it stands (one request at a
// time: announcements that come meanwhile are caught up by one more).
// Like arbiterctl it believes only a server of its own user or root.
class DaemonLink {
  public:
    class Listener {
      public:
        virtual ~Listener() = default;
        // The link came up (and, for a player, was admitted) or went down.
        virtual void linkChanged(bool connected, const std::string& reason) = 0;
        // The status as it stands now (the reply to subscribe or status).
        virtual void snapshot(const nlohmann::json& status) = 0;
        // One announcement, {"type": "event", ...}, as arbiterd sent it.
        virtual void announcement(const nlohmann::json& event) = 0;
        // A player's link only, before it was ever up: arbiterd refused their
        // name or secret, or was not there to ask; the link has closed for good.
        virtual void refused(const std::string& why) { (void)why; }
    };
    // The reply to a request: {"type": "ok", ...} or {"type": "error", "error": ...}.
    using Reply = std::function<void(const nlohmann::json& reply)>;

    DaemonLink(boost::asio::io_context& io, std::string socketPath, Listener& listener,
               std::optional<PlayerCredentials> as = std::nullopt);
    ~DaemonLink();
    DaemonLink(const DaemonLink&) = delete;
    DaemonLink& operator=(const DaemonLink&) = delete;

    void start();
    // Sends `request` (a JSON object without "id") and calls `done` with its
    // reply; at once with an error reply when arbiterd is not reachable now.
    void request(nlohmann::json request, Reply done);
    bool connected() const { return ready_; }
    // Why the link is down, in words; empty while it is up.
    const std::string& downReason() const { return downReason_; }

  private:
    // One connection's socket and input, kept alive by its handlers after
    // the link has dropped it or been destroyed.
    struct Connection {
        explicit Connection(boost::asio::io_context& io) : socket(io) {}
        boost::asio::local::stream_protocol::socket socket;
        boost::asio::streambuf input{kLongestLine};
    };
    // More than any status arbiterd sends (a moderated game's, a 16-board table's).
    static constexpr std::size_t kLongestLine = 16 * 1024 * 1024;

    void connect();
    bool trusted(std::string& why);
    void send(nlohmann::json request, Reply done);
    void readLine();
    void handle(const std::string& line);
    void refresh();
    void lost(const std::string& why);
    void writeNext();

    boost::asio::io_context& io_;
    std::string path_;
    Listener& listener_;
    std::optional<PlayerCredentials> as_;
    std::shared_ptr<Connection> connection_;
    boost::asio::steady_timer retry_;
    // Whether the link still lives, for handlers that outlive it.
    std::shared_ptr<bool> alive_ = std::make_shared<bool>(true);
    std::deque<std::string> output_;
    std::deque<Reply> waiting_;  // one per request sent, in order: arbiterd replies in order
    bool ready_ = false;         // subscribed (and admitted)
    bool refreshing_ = false;    // a status request is out
    bool refreshAgain_ = false;  // an announcement came while it was out
    bool writing_ = false;
    bool admitted_ = false;  // subscribed once: a player's secret was right
    bool stopped_ = false;   // refused: a player's link never connects again
    std::string downReason_ = "not connected to arbiterd yet";
};

}  // namespace arbiter::web
