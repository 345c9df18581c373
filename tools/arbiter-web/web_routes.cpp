#include "tools/arbiter-web/web_routes.h"

#include <optional>
#include <set>

#include "tools/arbiter-web/page_assets.h"

namespace arbiter::web {

namespace {

// A request's JSON body as an object of known fields; nullopt and the reason otherwise.
std::optional<nlohmann::json> bodyObject(const WebRequest& request,
                                         const std::set<std::string>& fields, std::string& why) {
    const nlohmann::json body = nlohmann::json::parse(request.body, nullptr, false);
    if (!body.is_object()) {
        why = "the body must be a JSON object, such as {\"action\": \"resign\"}";
        return std::nullopt;
    }
    for (const auto& [key, value] : body.items()) {
        if (!fields.count(key)) {
            why = "unknown field \"" + key + "\"";
            return std::nullopt;
        }
    }
    return body;
}

// A string field of at most `most` bytes; nullopt and the reason otherwise.
std::optional<std::string> textField(const nlohmann::json& body, const std::string& field,
                                     size_t most, bool required, std::string& why) {
    if (!body.contains(field)) {
        if (required) why = "\"" + field + "\" is missing";
        return required ? std::nullopt : std::optional<std::string>("");
    }
    if (!body[field].is_string() || body[field].get<std::string>().size() > most) {
        why = "\"" + field + "\" must be a string of at most " + std::to_string(most) + " bytes";
        return std::nullopt;
    }
    return body[field].get<std::string>();
}

// A page may change something only from itself: a form on another site
// cannot send JSON without the browser asking first, and says its Origin.
std::optional<WebResponse> refusedChange(const WebRequest& request) {
    if (request.method != "POST") return refusal(405, "use POST to change anything");
    if (request.contentType.rfind("application/json", 0) != 0)
        return refusal(415, "send the body as application/json");
    if (!request.origin.empty() && request.origin != "http://" + request.host &&
        request.origin != "https://" + request.host)
        return refusal(
            403, "a change must come from this server's own page, not from " + request.origin);
    return std::nullopt;
}

int hexValue(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

}  // namespace

WebResponse jsonResponse(int status, const nlohmann::json& body) {
    WebResponse response;
    response.status = status;
    response.body = body.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
    response.headers.emplace_back("Cache-Control", "no-store");
    return response;
}

WebResponse pageFile(std::string_view name) {
    const auto found = pageAsset(name);
    if (!found) return refusal(404, "no such page file");
    WebResponse response;
    response.contentType = std::string(found->contentType);
    response.body = std::string(found->body);
    response.headers.emplace_back("Cache-Control", "no-cache");
    // The page runs only its own files, talks only to this server, and is
    // never framed by another site (which could trick a player into a click).
    response.headers.emplace_back("Content-Security-Policy",
                                  "default-src 'self'; object-src 'none'; base-uri 'none'; "
                                  "frame-ancestors 'none'; form-action 'self'");
    return response;
}

WebResponse refusal(int status, const std::string& why) {
    return jsonResponse(status, {{"error", why}});
}

std::optional<std::string> queryValue(const std::string& query, const std::string& name) {
    size_t at = 0;
    while (at <= query.size()) {
        const size_t end = std::min(query.find('&', at), query.size());
        const std::string pair = query.substr(at, end - at);
        if (pair.rfind(name + "=", 0) == 0) {
            std::string value;
            for (size_t i = name.size() + 1; i < pair.size(); ++i) {
                if (pair[i] == '+') {
                    value += ' ';
                } else if (pair[i] != '%') {
                    value += pair[i];
                } else if (i + 2 < pair.size() && hexValue(pair[i + 1]) >= 0 &&
                           hexValue(pair[i + 2]) >= 0) {
                    value += static_cast<char>(hexValue(pair[i + 1]) * 16 + hexValue(pair[i + 2]));
                    i += 2;
                } else {
                    return std::nullopt;
                }
            }
            return value;
        }
        at = end + 1;
    }
    return std::nullopt;
}

std::string cookieValue(std::string_view header, std::string_view name) {
    size_t at = 0;
    while (at < header.size()) {
        while (at < header.size() && header[at] == ' ') ++at;
        const size_t end = std::min(header.find(';', at), header.size());
        const std::string_view pair = header.substr(at, end - at);
        if (pair.size() > name.size() && pair.substr(0, name.size()) == name &&
            pair[name.size()] == '=')
            return std::string(pair.substr(name.size() + 1));
        at = end + 1;
    }
    return {};
}

TableFeed& WebRoutes::feedFor(const WebRequest& request) {
    TableFeed* player = request.token.empty() ? nullptr : players_.feed(request.token);
    return player ? *player : everyone_;
}

EventFeed* WebRoutes::streamFor(const WebRequest& request) {
    if (request.method != "GET" || request.path != "/events") return nullptr;
    return &feedFor(request);
}

void WebRoutes::handle(const WebRequest& request, Respond respond) {
    const std::string& path = request.path;
    if (path == "/api/sign-in") return signIn(request, std::move(respond));
    if (path == "/api/sign-out") return signOut(request, std::move(respond));
    if (path == "/api/do") return act(request, std::move(respond));
    if (request.method != "GET") return respond(refusal(405, "only GET is answered at " + path));
    if (path == "/" || path == "/index.html") return respond(pageFile("index.html"));
    if (path.rfind("/page/", 0) == 0) return respond(pageFile(std::string_view(path).substr(6)));
    if (path == "/api/status") {
        TableFeed& feed = feedFor(request);
        if (!feed.connected() || feed.status().is_null())
            return respond(refusal(503, feed.link().downReason()));
        nlohmann::json status = feed.status();
        if (const PlayerCredentials* who = players_.who(request.token))
            status["signedIn"] = who->name;
        return respond(jsonResponse(200, status));
    }
    if (path == "/api/games") return games(std::move(respond));
    if (path == "/api/replay") return replay(request, std::move(respond));
    respond(refusal(404, "nothing is served at this address"));
}

void WebRoutes::signIn(const WebRequest& request, Respond respond) {
    if (auto refused = refusedChange(request)) return respond(*refused);
    std::string why;
    const auto body = bodyObject(request, {"name", "secret"}, why);
    if (!body) return respond(refusal(400, why));
    const auto name = textField(*body, "name", 200, true, why);
    const auto secret = textField(*body, "secret", 1000, false, why);
    if (!name || !secret) return respond(refusal(400, why));
    players_.signIn({*name, *secret}, [respond, name = *name](const std::string& token, int seat,
                                                              const std::string& refusedWhy) {
        if (token.empty()) return respond(refusal(403, refusedWhy));
        WebResponse response = jsonResponse(200, {{"ok", true}, {"player", seat}, {"name", name}});
        response.headers.emplace_back("Set-Cookie", std::string(kCookie) + "=" + token +
                                                        "; Path=/; HttpOnly; SameSite=Strict");
        respond(response);
    });
}

void WebRoutes::signOut(const WebRequest& request, Respond respond) {
    if (auto refused = refusedChange(request)) return respond(*refused);
    if (!request.token.empty()) players_.signOut(request.token);
    WebResponse response = jsonResponse(200, {{"ok", true}});
    response.headers.emplace_back(
        "Set-Cookie", std::string(kCookie) + "=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict");
    respond(response);
}

void WebRoutes::act(const WebRequest& request, Respond respond) {
    if (auto refused = refusedChange(request)) return respond(*refused);
    std::string why;
    const auto body = bodyObject(request, {"action", "player", "name"}, why);
    if (!body) return respond(refusal(400, why));
    const auto action = textField(*body, "action", 1000, true, why);
    const auto name = textField(*body, "name", 200, false, why);
    if (!action || !name) return respond(refusal(400, why));
    nlohmann::json said = {{"type", "do"}, {"action", *action}};
    if (body->contains("player")) {
        const nlohmann::json& player = (*body)["player"];
        if (!player.is_number_integer() || player.get<long long>() < -1 ||
            player.get<long long>() > 1000)
            return respond(refusal(400, "\"player\" must be a seat number (0, 1, ...) or -1"));
        said["player"] = player;
    }
    if (body->contains("name")) said["name"] = *name;
    TableFeed& feed = feedFor(request);
    if (!feed.connected()) return respond(refusal(503, feed.link().downReason()));
    feed.link().request(said, [respond](const nlohmann::json& reply) {
        if (reply.value("type", "") != "ok")
            return respond(refusal(422, reply.value("error", "refused")));
        nlohmann::json answer = {{"ok", true}};
        if (reply.contains("data") && reply["data"].is_object() && reply["data"].contains("text"))
            answer["text"] = reply["data"]["text"];
        respond(jsonResponse(200, answer));
    });
}

void WebRoutes::games(Respond respond) {
    everyone_.link().request({{"type", "games"}}, [respond](const nlohmann::json& reply) {
        if (reply.value("type", "") != "ok")
            return respond(refusal(503, reply.value("error", "arbiterd did not list its games")));
        respond(jsonResponse(200, reply.value("data", nlohmann::json::object())));
    });
}

void WebRoutes::replay(const WebRequest& request, Respond respond) {
    const auto journal = queryValue(request.query, "journal");
    if (!journal || journal->empty())
        return respond(
            refusal(400, "name the game: /api/replay?journal=PATH, a journal of /api/games"));
    // Only a journal arbiterd lists is read: the address names no other file.
    everyone_.link().request({{"type", "games"}}, [this, respond,
                                                   path = *journal](const nlohmann::json& reply) {
        if (reply.value("type", "") != "ok")
            return respond(refusal(503, reply.value("error", "arbiterd did not list its games")));
        const nlohmann::json listed = reply.value("data", nlohmann::json::object());
        bool known = false;
        for (const nlohmann::json& game : listed.value("games", nlohmann::json::array()))
            known = known || (game.is_object() && game.value("journal", "") == path);
        if (!known) return respond(refusal(404, "arbiterd lists no game with the journal " + path));
        nlohmann::json replayed = replay_(path);
        if (replayed.contains("error")) return respond(jsonResponse(422, replayed));
        respond(jsonResponse(200, replayed));
    });
}

}  // namespace arbiter::web
