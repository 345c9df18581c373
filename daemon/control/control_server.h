#pragma once

#include <sys/types.h>

#include <cstddef>
#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "daemon/announce/announcement.h"
#include "daemon/base/event_loop.h"
#include "daemon/control/control_protocol.h"
#include "daemon/control/control_request.h"
#include "daemon/control/secret_attempts.h"
#include "daemon/control/table_control.h"

namespace arbiter {

// How much the control socket gives any one client, so that no client can
// make the daemon wait or grow without bound. The defaults are the protocol's;
// tests shrink them to reach the edges quickly.
struct ControlLimits {
    std::size_t maxLineBytes = control::kMaxLineBytes;
    std::size_t maxClients = control::kMaxClients;
    std::size_t maxQueuedBytes = control::kMaxQueuedBytes;
    std::size_t pauseQueuedBytes = control::kPauseQueuedBytes;
    Millis idleTimeoutMs = control::kIdleTimeoutMs;
};

// The control socket of arbiterd: a Unix-domain stream socket where programs
// such as arbiterctl ask for the table's status, subscribe to its
// announcements, and say what no board can show (resign, offer a draw, take
// back, pause the clocks). It speaks JSON lines (docs/control.md) and runs on
// the daemon's event loop: every socket is non-blocking, every client has a
// bounded queue, and nothing a client sends can stop the referee or change a
// game unless it is a well-formed request.
//
// The boards come first: the server's descriptors are watched with the
// loop's later priority, each client gets at most one request answered per
// turn of the loop (what it sent beyond that waits, unread, for the next
// turns), and a client that does not read its answers gets no more until it
// does. Nor can clients that sit idle keep others out: one that is not
// subscribed is closed after ControlLimits::idleTimeoutMs without a request,
// and when the table of clients is full a newcomer takes the place of the
// client idle longest.
//
// As an AnnouncementSink it passes every announcement to subscribed clients.
class ControlServer final : public AnnouncementSink {
  public:
    // Listens on `path` (mode 0660). A socket file left by a daemon that is
    // gone is replaced; a live one is refused. nullptr and a message when the
    // socket cannot be made.
    static std::unique_ptr<ControlServer> create(EventLoop& loop, TableControl& table,
                                                 const std::string& path, std::string& error,
                                                 ControlLimits limits = {});
    // Closes every client and removes the socket file (if it is still ours).
    ~ControlServer() override;
    ControlServer(const ControlServer&) = delete;
    ControlServer& operator=(const ControlServer&) = delete;

    void announce(const Announcement& a) override;

    const std::string& path() const { return path_; }
    std::size_t clientCount() const { return clients_.size(); }
    std::size_t subscriberCount() const;
    // Bytes waiting for clients whose sockets are full.
    std::size_t queuedBytes() const;

  private:
    struct Client;
    using ClientPtr = std::shared_ptr<Client>;

    ControlServer(EventLoop& loop, TableControl& table, std::string path, int listener,
                  ControlLimits limits);

    void acceptClients();
    // Closes the client idle longest to make room; false when all are busy.
    bool makeRoom();
    void pauseAccepting();
    void readFrom(const ClientPtr& c);
    // Answers the client's next request from what it sent; false when that
    // holds no complete line.
    bool serveOne(const ClientPtr& c);
    // What a client waits for after a turn: more input, or its turn in the
    // backlog, or, after its last answer, the end.
    void settle(const ClientPtr& c);
    void scheduleBacklog();
    void serveBacklog();
    void scheduleIdleCheck();
    void closeIdleClients();
    void handleLine(const ClientPtr& c, std::string_view line);
    void dispatch(const ClientPtr& c, const ControlRequest& request);

    void sendLine(const ClientPtr& c, const nlohmann::ordered_json& message);
    // Queues a line and sends what the socket takes; drops a client that is too far behind.
    void enqueue(const ClientPtr& c, std::string_view line);
    void sendOk(const ClientPtr& c, const nlohmann::ordered_json& id, const nlohmann::json& data);
    void sendError(const ClientPtr& c, const nlohmann::ordered_json& id, const std::string& why);
    void sendSnapshot(const ClientPtr& c, const char* type, const nlohmann::ordered_json& id);
    void flush(const ClientPtr& c);
    void flushAll();
    void scheduleFlush();
    void drop(const ClientPtr& c, const std::string& why, bool warn);
    // The client as the log names it: its number, and its process and user.
    static std::string describe(const Client& c);

    EventLoop& loop_;
    TableControl& table_;
    std::string path_;
    int listener_;
    ControlLimits limits_;
    dev_t socketDevice_ = 0;  // which file is ours, so that we never remove another's
    ino_t socketInode_ = 0;
    std::map<int, ClientPtr> clients_;  // by descriptor
    std::uint64_t nextClientNumber_ = 1;
    Timer flushTimer_{loop_};
    Millis flushDelay_ = 0;
    Timer acceptTimer_{loop_};
    Timer backlogTimer_{loop_};
    std::uint64_t backlogPasses_ = 0;
    Timer idleTimer_{loop_};
    SecretAttempts secretAttempts_{loop_.time()};
};

}  // namespace arbiter
