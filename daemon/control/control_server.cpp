#include "daemon/control/control_server.h"

#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <vector>

#include <fmt/format.h>
#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/control/control_client.h"

namespace arbiter {

namespace {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

// A client whose socket is full is retried after this long, doubling while it
// makes no progress: the event loop watches only for input.
constexpr Millis kFirstFlushRetryMs = 5;
constexpr Millis kLastFlushRetryMs = 500;
// After the process runs out of descriptors, accepting waits this long.
constexpr Millis kAcceptPauseMs = 100;
// Connections the kernel queues until the loop accepts them: a burst of
// clients (a script, a panel of watchers) waits rather than being refused.
constexpr int kListenBacklog = 128;
// What a client sent is read a chunk at a time, and only once all of the
// chunk before it is answered; a chunk without a whole line (a long request
// coming in) is followed by at most this many more in one turn.
constexpr std::size_t kReadChunkBytes = 16 * 1024;
constexpr int kChunksPerWakeup = 8;

std::string toLine(const ordered_json& message) {
    return jsonText(message) + "\n";
}

// Fills a sockaddr_un; false when the path does not fit.
bool addressOf(const std::string& path, sockaddr_un& address) {
    std::memset(&address, 0, sizeof address);
    address.sun_family = AF_UNIX;
    if (path.empty() || path.size() >= sizeof address.sun_path) return false;
    std::memcpy(address.sun_path, path.data(), path.size());
    return true;
}

// Whether a daemon answers on an existing socket file. Unknown answers are
// errors: the file is then left alone.
enum class Occupant { nobody, listener, unknown };

Occupant probe(const sockaddr_un& address, std::string& error) {
    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        error = std::strerror(errno);
        return Occupant::unknown;
    }
    int rc = ::connect(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    int err = errno;
    ::close(fd);
    if (rc == 0 || err == EAGAIN || err == EINPROGRESS) return Occupant::listener;
    if (err == ECONNREFUSED) return Occupant::nobody;
    error = std::strerror(err);
    return Occupant::unknown;
}

}  // namespace

std::unique_ptr<ControlServer> ControlServer::create(EventLoop& loop, TableControl& table,
                                                     const std::string& path, std::string& error,
                                                     ControlLimits limits) {
    sockaddr_un address;
    if (!addressOf(path, address)) {
        error = path.empty() ? "the control socket needs a path"
                             : "control socket path " + path + " is too long (at most " +
                                   std::to_string(sizeof address.sun_path - 1) + " bytes)";
        return nullptr;
    }

    struct stat existing;
    if (::lstat(path.c_str(), &existing) == 0) {
        if (!S_ISSOCK(existing.st_mode)) {
            error = path + " exists and is not a socket; remove it or choose another path";
            return nullptr;
        }
        std::string why;
        switch (probe(address, why)) {
            case Occupant::listener:
                error = "another arbiterd listens on " + path;
                return nullptr;
            case Occupant::unknown:
                error = "cannot tell whether a daemon listens on " + path + ": " + why;
                return nullptr;
            case Occupant::nobody:
                if (::unlink(path.c_str()) != 0 && errno != ENOENT) {
                    error =
                        fmt::system_error(errno, "cannot remove the stale control socket {}", path)
                            .what();
                    return nullptr;
                }
                spdlog::info("replaced the stale control socket {}", path);
                break;
        }
    } else if (errno != ENOENT) {
        error = fmt::system_error(errno, "cannot use {} for the control socket", path).what();
        return nullptr;
    }

    int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
    if (fd < 0) {
        error = fmt::system_error(errno, "cannot create the control socket").what();
        return nullptr;
    }
    // The file is born with mode 0660 (the umask covers the moment between
    // bind and chmod) and set to exactly that afterwards.
    mode_t previousMask = ::umask(0117);
    int bound = ::bind(fd, reinterpret_cast<const sockaddr*>(&address), sizeof address);
    int bindError = errno;
    ::umask(previousMask);
    if (bound != 0) {
        error = fmt::system_error(bindError, "cannot create the control socket {}", path).what();
        ::close(fd);
        return nullptr;
    }
    auto fail = [&](const std::string& what) {
        error = fmt::system_error(errno, "{}", what).what();
        ::close(fd);
        ::unlink(path.c_str());
        return nullptr;
    };
    if (::chmod(path.c_str(), 0660) != 0) return fail("cannot set mode 0660 on " + path);
    if (::listen(fd, kListenBacklog) != 0) return fail("cannot listen on " + path);
    struct stat ours;
    if (::stat(path.c_str(), &ours) != 0) return fail("cannot stat " + path);

    std::unique_ptr<ControlServer> server(new ControlServer(loop, table, path, fd, limits));
    server->socketDevice_ = ours.st_dev;
    server->socketInode_ = ours.st_ino;
    return server;
}

ControlServer::ControlServer(EventLoop& loop, TableControl& table, std::string path, int listener,
                             ControlLimits limits)
    : loop_(loop), table_(table), path_(std::move(path)), listener_(listener), limits_(limits) {
    loop_.watch(
        listener_, [this] { acceptClients(); }, EventLoop::Priority::later);
}

ControlServer::~ControlServer() {
    for (auto& [fd, client] : clients_) {
        client->closed = true;
        loop_.unwatch(fd);
        ::close(fd);
    }
    clients_.clear();
    loop_.unwatch(listener_);
    ::close(listener_);
    // A newer daemon may have replaced the file meanwhile: only ours is removed.
    struct stat now;
    if (::lstat(path_.c_str(), &now) == 0 && now.st_dev == socketDevice_ &&
        now.st_ino == socketInode_)
        ::unlink(path_.c_str());
}

std::size_t ControlServer::subscriberCount() const {
    return static_cast<std::size_t>(
        std::count_if(clients_.begin(), clients_.end(),
                      [](const auto& entry) { return entry.second->subscribed; }));
}

std::size_t ControlServer::queuedBytes() const {
    std::size_t total = 0;
    for (const auto& [fd, client] : clients_) total += client->queued();
    return total;
}

void ControlServer::acceptClients() {
    for (;;) {
        int fd = ::accept4(listener_, nullptr, nullptr, SOCK_NONBLOCK | SOCK_CLOEXEC);
        if (fd < 0) {
            int err = errno;
            if (err == EINTR || err == ECONNABORTED) continue;
            if (err == EAGAIN || err == EWOULDBLOCK) return;
            spdlog::warn("control socket: cannot accept a client: {}", std::strerror(err));
            if (err == EMFILE || err == ENFILE || err == ENOBUFS || err == ENOMEM) pauseAccepting();
            return;
        }
        if (clients_.size() >= limits_.maxClients && !makeRoom()) {
            ordered_json refusal = {
                {"type", control::reply::kError},
                {"error", "too many clients (at most " + std::to_string(limits_.maxClients) +
                              "); try again later"}};
            std::string line = toLine(refusal);
            [[maybe_unused]] ssize_t sent =
                ::send(fd, line.data(), line.size(), MSG_NOSIGNAL | MSG_DONTWAIT);
            ::close(fd);
            spdlog::warn("control socket: refused a client: already {} connected, all busy",
                         clients_.size());
            continue;
        }
        auto c = std::make_shared<Client>();
        c->fd = fd;
        c->number = nextClientNumber_++;
        c->lastRequest = loop_.time().now();
        clients_[fd] = c;
        spdlog::debug("control client {} connected", c->number);
        sendLine(c, {{"type", control::reply::kHello},
                     {"protocol", control::kProtocolVersion},
                     {"server", control::kServerName}});
        settle(c);
    }
}

bool ControlServer::makeRoom() {
    // A client that asked something a moment ago is in the middle of a
    // conversation; of the others, those listening for events go last:
    // listening is what they are there for.
    const Millis now = loop_.time().now();
    ClientPtr idlest;
    for (const auto& [fd, client] : clients_) {
        if (now - client->lastRequest < control::kMinIdleToEvictMs) continue;
        if (!idlest || std::pair(client->subscribed, client->lastRequest) <
                           std::pair(idlest->subscribed, idlest->lastRequest))
            idlest = client;
    }
    if (!idlest) return false;
    const Millis idleMs = now - idlest->lastRequest;
    sendError(idlest, nullptr,
              "closed to make room for another client, after " + std::to_string(idleMs / 1000) +
                  " s without a request");
    drop(idlest, "made room for another client", true);
    return true;
}

void ControlServer::pauseAccepting() {
    if (acceptTimer_.armed()) return;
    loop_.unwatch(listener_);
    acceptTimer_.after(kAcceptPauseMs, [this] {
        loop_.watch(
            listener_, [this] { acceptClients(); }, EventLoop::Priority::later);
    });
}

void ControlServer::readFrom(const ClientPtr& c) {
    char buffer[kReadChunkBytes];
    for (int chunk = 0; chunk < kChunksPerWakeup; ++chunk) {
        if (c->closed || c->inputEnded || c->waiting() || c->queued() >= limits_.pauseQueuedBytes)
            break;
        ssize_t n = ::recv(c->fd, buffer, sizeof buffer, MSG_DONTWAIT);
        if (n > 0) {
            c->received.assign(buffer, static_cast<std::size_t>(n));
            c->receivedUsed = 0;
            if (serveOne(c)) {
                c->servedPass = backlogPasses_ + 1;
                break;
            }
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        if (n < 0) {
            drop(c, std::strerror(errno), false);
            return;
        }
        // End of input: a last request without its newline still counts, in its turn.
        c->inputEnded = true;
        c->subscribed = false;
    }
    settle(c);
}

bool ControlServer::serveOne(const ClientPtr& c) {
    auto refuseTooLong = [&] {
        sendError(c, nullptr,
                  "request line longer than " + std::to_string(limits_.maxLineBytes) +
                      " bytes; ignored up to the next newline");
    };
    auto consumeAll = [&] {
        c->received.clear();
        c->receivedUsed = 0;
    };
    while (!c->closed && c->holdsUnread()) {
        std::string_view bytes = std::string_view(c->received).substr(c->receivedUsed);
        std::size_t newline = bytes.find('\n');
        if (c->discarding) {
            if (newline == std::string_view::npos) {
                consumeAll();
                return false;
            }
            c->receivedUsed += newline + 1;
            c->discarding = false;
            continue;
        }
        if (newline == std::string_view::npos) {
            if (c->input.size() + bytes.size() > limits_.maxLineBytes) {
                c->input.clear();
                c->discarding = true;
                consumeAll();
                refuseTooLong();
                return true;
            }
            c->input.append(bytes);
            consumeAll();
            return false;
        }
        std::string line = std::move(c->input);
        c->input.clear();
        line.append(bytes.substr(0, newline));
        c->receivedUsed += newline + 1;
        if (!c->holdsUnread()) consumeAll();
        c->lastRequest = loop_.time().now();
        if (line.size() > limits_.maxLineBytes)
            refuseTooLong();
        else
            handleLine(c, line);
        return true;
    }
    if (c->closed || !c->inputEnded || c->discarding || c->input.empty()) return false;
    // The client ended its input after a last request without a newline.
    std::string last = std::move(c->input);
    c->input.clear();
    c->lastRequest = loop_.time().now();
    handleLine(c, last);
    return true;
}

void ControlServer::settle(const ClientPtr& c) {
    if (c->closed) return;
    const bool paused = c->queued() >= limits_.pauseQueuedBytes;
    const bool reading = !c->inputEnded && !c->waiting() && !paused;
    if (reading != c->watched) {
        if (reading)
            loop_.watch(
                c->fd, [this, c] { readFrom(c); }, EventLoop::Priority::later);
        else
            loop_.unwatch(c->fd);
        c->watched = reading;
    }
    if (c->waiting() && !paused) scheduleBacklog();
    if (c->inputEnded && !c->waiting() && c->queued() == 0) {
        drop(c, "hung up", false);
        return;
    }
    scheduleIdleCheck();
}

void ControlServer::scheduleBacklog() {
    if (backlogTimer_.armed()) return;
    // Due now, so it runs in the loop's next turn, after the boards of that turn.
    backlogTimer_.after(0, [this] { serveBacklog(); });
}

void ControlServer::serveBacklog() {
    backlogTimer_.cancel();
    ++backlogPasses_;
    std::vector<ClientPtr> waiting;
    for (const auto& [fd, client] : clients_)
        if (client->waiting()) waiting.push_back(client);
    for (const ClientPtr& c : waiting) {
        if (c->closed) continue;
        // One request per client and turn: one answered on reading waits for the next pass.
        if (c->servedPass != backlogPasses_ && c->queued() < limits_.pauseQueuedBytes) {
            c->servedPass = backlogPasses_;
            serveOne(c);
        }
        settle(c);
    }
}

void ControlServer::scheduleIdleCheck() {
    if (idleTimer_.armed()) return;
    std::optional<Millis> due;
    for (const auto& [fd, client] : clients_)
        if (!client->subscribed && (!due || client->lastRequest < *due)) due = client->lastRequest;
    if (due) idleTimer_.at(*due + limits_.idleTimeoutMs, [this] { closeIdleClients(); });
}

void ControlServer::closeIdleClients() {
    idleTimer_.cancel();
    const Millis now = loop_.time().now();
    std::vector<ClientPtr> idle;
    for (const auto& [fd, client] : clients_)
        if (!client->subscribed && now - client->lastRequest >= limits_.idleTimeoutMs)
            idle.push_back(client);
    for (const ClientPtr& c : idle) {
        std::string why =
            "closed after " + std::to_string(limits_.idleTimeoutMs / 1000) + " s without a request";
        sendError(c, nullptr, why);
        drop(c, why, false);
    }
    scheduleIdleCheck();
}

void ControlServer::sendLine(const ClientPtr& c, const ordered_json& message) {
    enqueue(c, toLine(message));
}

void ControlServer::enqueue(const ClientPtr& c, std::string_view line) {
    if (c->closed) return;
    if (c->queued() + line.size() > limits_.maxQueuedBytes) {
        drop(c, "fell more than " + std::to_string(limits_.maxQueuedBytes) + " bytes behind", true);
        return;
    }
    c->output += line;
    flush(c);
}

void ControlServer::flush(const ClientPtr& c) {
    while (!c->closed && c->queued() > 0) {
        ssize_t n = ::send(c->fd, c->output.data() + c->outputSent, c->queued(),
                           MSG_NOSIGNAL | MSG_DONTWAIT);
        if (n > 0) {
            c->outputSent += static_cast<std::size_t>(n);
            flushDelay_ = 0;  // progress: the next retry may come soon again
            continue;
        }
        if (n < 0 && errno == EINTR) continue;
        if (n < 0 && (errno == EAGAIN || errno == EWOULDBLOCK)) break;
        drop(c, n < 0 ? std::strerror(errno) : "the socket took nothing", false);
        return;
    }
    if (c->closed) return;
    if (c->queued() == 0) {
        c->output.clear();
        c->outputSent = 0;
        return;
    }
    // Keep the queue from holding on to what has gone out long ago.
    if (c->outputSent > c->output.size() / 2) {
        c->output.erase(0, c->outputSent);
        c->outputSent = 0;
    }
    scheduleFlush();
}

void ControlServer::flushAll() {
    std::vector<ClientPtr> waiting;
    for (auto& [fd, client] : clients_)
        if (client->queued() > 0) waiting.push_back(client);
    for (const ClientPtr& c : waiting) {
        flush(c);
        settle(c);  // a client that read its answers may be served again
    }
}

void ControlServer::scheduleFlush() {
    if (flushTimer_.armed()) return;
    flushDelay_ = std::clamp<Millis>(flushDelay_ * 2, kFirstFlushRetryMs, kLastFlushRetryMs);
    flushTimer_.after(flushDelay_, [this] { flushAll(); });
}

void ControlServer::drop(const ClientPtr& c, const std::string& why, bool warn) {
    if (c->closed) return;
    c->closed = true;
    if (warn)
        spdlog::warn("control client {} dropped: {}", c->number, why);
    else
        spdlog::debug("control client {} closed: {}", c->number, why);
    loop_.unwatch(c->fd);
    ::close(c->fd);
    clients_.erase(c->fd);
}

}  // namespace arbiter
