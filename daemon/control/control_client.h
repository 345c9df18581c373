#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "daemon/base/time_source.h"
#include "daemon/control/control_server.h"

namespace arbiter {

// One connection of the control socket, as the server keeps it: what it sent
// and what waits to be sent to it, and who it has shown itself to be. Private
// to the server's files (control_server.cpp keeps the connection,
// control_answers.cpp answers it).
struct ControlServer::Client {
    int fd = -1;
    std::uint64_t number = 0;  // names the client in the log
    std::string received;      // read but not yet looked at, from receivedUsed on
    std::size_t receivedUsed = 0;
    std::string input;        // the start of a request line not yet complete
    bool discarding = false;  // skipping the rest of an oversized line
    std::string output;       // waiting for the socket, from outputSent on
    std::size_t outputSent = 0;
    bool subscribed = false;
    // The seat this client has shown itself to be (an "as" request), or -1:
    // it then hears and sees only what everyone at the table may know.
    int seat = -1;
    bool inputEnded = false;  // the client will send no more; close once replies are out
    bool closed = false;
    bool watched = false;          // whether the loop reads for it now
    Millis lastRequest = 0;        // when it last sent a line (at first: connected)
    std::uint64_t servedPass = 0;  // the backlog pass its last request counted for

    std::size_t queued() const { return output.size() - outputSent; }
    bool holdsUnread() const { return receivedUsed < received.size(); }
    // Whether something it sent still waits for an answer.
    bool waiting() const { return holdsUnread() || (inputEnded && !discarding && !input.empty()); }
};

}  // namespace arbiter
