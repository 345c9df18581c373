// What the control socket answers: each request line checked and handed to
// the table (TableControl), its reply, and the table's announcements sent to
// the clients that subscribed to them. The connections themselves are kept by
// control_server.cpp.
#include <sys/socket.h>

#include <string>
#include <vector>

#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/control/control_client.h"
#include "daemon/control/control_request.h"

namespace arbiter {

using json = nlohmann::json;
using ordered_json = nlohmann::ordered_json;

void ControlServer::announce(const Announcement& a) {
    ordered_json event = {{"type", control::reply::kEvent},
                          {"event", std::string(announcementTypeName(a.type))},
                          {"text", a.text},
                          {"data", ordered_json(a.data)}};
    if (!a.forEveryone()) event["to"] = a.audience;
    std::string line = jsonText(event) + "\n";
    std::vector<ClientPtr> subscribers;
    for (auto& [fd, client] : clients_)
        if (client->subscribed && (a.forEveryone() || client->seat == a.audience))
            subscribers.push_back(client);
    for (const ClientPtr& c : subscribers) enqueue(c, line);
}

void ControlServer::handleLine(const ClientPtr& c, std::string_view line) {
    ParsedControlLine parsed = parseControlLine(line);
    switch (parsed.kind) {
        case ParsedControlLine::Kind::Blank:
            return;
        case ParsedControlLine::Kind::Refused:
            sendError(c, parsed.request.id, parsed.error);
            return;
        case ParsedControlLine::Kind::Request:
            break;
    }
    const ControlRequest& request = parsed.request;
    try {
        dispatch(c, request);
    } catch (const std::exception& e) {
        // A fault in the table, not in the request: say so and keep serving.
        spdlog::error("control request {} failed: {}", request.type, e.what());
        sendError(c, request.id, std::string("internal error: ") + e.what());
    }
}

void ControlServer::dispatch(const ClientPtr& c, const ControlRequest& request) {
    using namespace control::request;
    const std::string& type = request.type;
    const ordered_json& id = request.id;
    auto answer = [&](const ControlReply& reply) {
        if (reply.ok)
            sendOk(c, id, reply.data);
        else
            sendError(c, id, reply.error);
    };
    if (type == kStatus) {
        sendSnapshot(c, control::reply::kStatus, id);
    } else if (type == kSubscribe) {
        sendSnapshot(c, control::reply::kSnapshot, id);
        c->subscribed = !c->inputEnded;
    } else if (type == kUnsubscribe) {
        c->subscribed = false;
        sendOk(c, id, json::object());
    } else if (type == kAs) {
        // Shown once per connection: a client does not change seats.
        if (c->seat >= 0) {
            sendError(c, id,
                      "this connection already speaks as a player; connect again to be another");
            return;
        }
        if (auto locked = secretAttempts_.refusal()) {
            sendError(c, id, *locked);
            return;
        }
        int seat = -1;
        const ControlReply reply = table_.admit(request.name, request.secret, seat);
        if (reply.ok) {
            c->seat = seat;
            secretAttempts_.succeeded();
        } else if (reply.data.is_object() && reply.data.value("wrongSecret", false)) {
            secretAttempts_.failed(describe(*c), request.name);
        }
        answer(reply);
    } else if (const ControlReply allowed = table_.mayAsk(c->seat, type); !allowed.ok) {
        answer(allowed);
    } else if (type == kDo && c->seat >= 0) {
        // A player connected as themselves acts for their own seat only.
        if ((request.player >= 0 && request.player != c->seat) || !request.name.empty()) {
            sendError(c, id,
                      "a player connected as themselves acts for their own seat only, and "
                      "names no one");
            return;
        }
        answer(table_.actAs(c->seat, request.action));
    } else if (type == kDo) {
        answer(table_.act(request.action, request.player, request.name));
    } else if (type == kNewGame) {
        answer(table_.newGame());
    } else if (type == kTakeback) {
        answer(table_.takeback());
    } else if (type == kPause) {
        answer(table_.pauseClocks());
    } else if (type == kResume) {
        answer(table_.resumeClocks());
    } else if (type == kGames) {
        answer(table_.games());
    }
}

std::string ControlServer::describe(const Client& c) {
    // Who is at the other end, as the kernel says: for the log of an attack.
    ucred peer{};
    socklen_t size = sizeof peer;
    std::string who = "control client " + std::to_string(c.number);
    if (::getsockopt(c.fd, SOL_SOCKET, SO_PEERCRED, &peer, &size) == 0)
        who += " (pid " + std::to_string(peer.pid) + ", uid " + std::to_string(peer.uid) + ")";
    return who;
}

void ControlServer::sendSnapshot(const ClientPtr& c, const char* type, const ordered_json& id) {
    ordered_json message = {{"type", type}};
    if (!id.is_null()) message["id"] = id;
    json snapshot = c->seat >= 0 ? table_.statusFor(c->seat) : table_.status();
    if (snapshot.is_object()) {
        for (const auto& [key, value] : snapshot.items())
            if (key != "type" && key != "id") message[key] = ordered_json(value);
    } else if (!snapshot.is_null()) {
        message["status"] = ordered_json(snapshot);
    }
    sendLine(c, message);
}

void ControlServer::sendOk(const ClientPtr& c, const ordered_json& id, const json& data) {
    ordered_json message = {{"type", control::reply::kOk}};
    if (!id.is_null()) message["id"] = id;
    message["data"] = data.is_null() ? ordered_json::object() : ordered_json(data);
    sendLine(c, message);
}

void ControlServer::sendError(const ClientPtr& c, const ordered_json& id, const std::string& why) {
    spdlog::debug("control client {}: {}", c->number, why);
    ordered_json message = {{"type", control::reply::kError}};
    if (!id.is_null()) message["id"] = id;
    message["error"] = why;
    sendLine(c, message);
}

}  // namespace arbiter
