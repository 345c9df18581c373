#pragma once

#include <unistd.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

// The words and limits of the control protocol (docs/control.md), shared by the
// server in arbiterd and by arbiterctl so that the two can never disagree on a
// name, a limit or where the socket lives.
namespace arbiter::control {

inline constexpr int kProtocolVersion = 1;
inline constexpr const char* kServerName = "arbiterd";

// Message types: what a client asks for...
namespace request {
inline constexpr const char* kStatus = "status";
inline constexpr const char* kSubscribe = "subscribe";
inline constexpr const char* kUnsubscribe = "unsubscribe";
inline constexpr const char* kNewGame = "new-game";
inline constexpr const char* kDo = "do";
inline constexpr const char* kTakeback = "takeback";
inline constexpr const char* kPause = "pause";
inline constexpr const char* kResume = "resume";
inline constexpr const char* kGames = "games";
inline constexpr const char* kAs = "as";
}  // namespace request

// ...and what the server sends.
namespace reply {
inline constexpr const char* kHello = "hello";
inline constexpr const char* kStatus = "status";
inline constexpr const char* kSnapshot = "snapshot";
inline constexpr const char* kEvent = "event";
inline constexpr const char* kOk = "ok";
inline constexpr const char* kError = "error";
}  // namespace reply

// The longest request line the server reads, newline excluded.
inline constexpr std::size_t kMaxLineBytes = 64 * 1024;
// How many clients may be connected at once; one more makes room by closing
// the client idle longest (or, when every one asked something within
// kMinIdleToEvictMs, is told so and closed).
inline constexpr std::size_t kMaxClients = 32;
inline constexpr std::int64_t kMinIdleToEvictMs = 1000;
// How much output may wait for one client; a client that falls further behind is dropped.
inline constexpr std::size_t kMaxQueuedBytes = 1024 * 1024;
// A client with this much output waiting gets no more answers until it reads.
inline constexpr std::size_t kPauseQueuedBytes = 64 * 1024;
// A client that is not subscribed and sends no request for this long is closed.
inline constexpr std::int64_t kIdleTimeoutMs = 60 * 1000;

// Where the socket lives unless told otherwise: $XDG_RUNTIME_DIR/arbiter when
// that is set to an absolute path (a per-user directory on systemd machines),
// else /tmp/arbiter-UID, as for the virtual boards. Only its owner may make
// files there (daemon/control/private_directory.h): arbiterd makes it so, so that no
// other user can listen at the socket first (and arbiterctl believes only a
// server of its own user or root, wherever the socket is).
inline std::string defaultSocketDirectory() {
    const char* runtime = std::getenv("XDG_RUNTIME_DIR");
    // The XDG specification says a relative path there is to be ignored.
    if (runtime != nullptr && runtime[0] == '/') {
        std::string dir = runtime;
        while (dir.size() > 1 && dir.back() == '/') dir.pop_back();
        return (dir == "/" ? "" : dir) + "/arbiter";
    }
    return "/tmp/arbiter-" + std::to_string(::getuid());
}

inline std::string defaultSocketPath() {
    return defaultSocketDirectory() + "/arbiterd.sock";
}

}  // namespace arbiter::control
