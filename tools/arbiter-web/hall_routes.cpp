#include "tools/arbiter-web/hall_routes.h"

#include "tools/arbiter-web/web_routes.h"

namespace arbiter::web {

namespace {

constexpr std::string_view kTables = "/tables/";

// "/tables/NAME/REST" as NAME and "/REST" ("" for "/tables/NAME"); false
// when the path is not under /tables/ or NAME is no table's name.
bool splitTablePath(const std::string& path, std::string& name, std::string& rest) {
    if (path.rfind(kTables, 0) != 0) return false;
    const std::size_t slash = path.find('/', kTables.size());
    name = path.substr(kTables.size(), slash - kTables.size());
    rest = slash == std::string::npos ? "" : path.substr(slash);
    return isHallTableName(name);
}

WebResponse readOnly() {
    return refusal(403,
                   "the hall is read-only: its pages follow the tables through the broker and "
                   "change nothing; sign in and act on the table's own arbiter-web");
}

WebResponse textResponse(std::string contentType, std::string body) {
    WebResponse response;
    response.contentType = std::move(contentType);
    response.body = std::move(body);
    response.headers.emplace_back("Cache-Control", "no-cache");
    return response;
}

}  // namespace

EventFeed* HallRoutes::streamFor(const WebRequest& request) {
    if (request.method != "GET") return nullptr;
    if (request.path == "/events") return &hall_.hallFeed();
    std::string name, rest;
    if (!splitTablePath(request.path, name, rest) || rest != "/events") return nullptr;
    return hall_.tableFeed(name);  // an unknown table's is a 404 of handle()
}

void HallRoutes::handle(const WebRequest& request, Respond respond) {
    const std::string& path = request.path;
    std::string name, rest;
    if (splitTablePath(path, name, rest)) return tableAddress(name, rest, request, respond);
    if (request.method != "GET") return respond(refusal(405, "only GET is answered at " + path));
    if (path == "/" || path == "/index.html") return respond(pageFile("hall.html"));
    if (path.rfind("/page/", 0) == 0) return respond(pageFile(std::string_view(path).substr(6)));
    if (path == "/api/hall") return respond(jsonResponse(200, hall_.json()));
    if (path == "/broadcast.pgn") return respond(broadcast());
    respond(refusal(404, "nothing is served at this address"));
}

void HallRoutes::tableAddress(const std::string& name, const std::string& rest,
                              const WebRequest& request, Respond respond) {
    if (rest == "/api/sign-in" || rest == "/api/sign-out" || rest == "/api/do")
        return respond(readOnly());
    if (request.method != "GET")
        return respond(refusal(405, "only GET is answered at " + request.path));
    if (rest.empty()) {
        WebResponse moved = refusal(301, "the table's page is at /tables/" + name + "/");
        moved.headers.emplace_back("Location", "/tables/" + name + "/");
        return respond(moved);
    }
    if (rest == "/" || rest == "/index.html") return respond(pageFile("index.html"));
    if (rest.rfind("/page/", 0) == 0) return respond(pageFile(std::string_view(rest).substr(6)));
    if (rest == "/api/games")
        return respond(jsonResponse(200, {{"games", nlohmann::json::array()}}));
    if (rest == "/api/replay")
        return respond(refusal(404, "the hall keeps no recorded games: see the table's own page"));
    const HallTable* table = hall_.tables().find(name);
    if (!table) return respond(refusal(404, "the hall knows no table " + name + " (yet)"));
    if (rest == "/api/status") {
        if (table->status.is_null())
            return respond(refusal(503, "the table " + name + " has published no state yet"));
        return respond(jsonResponse(200, table->status));
    }
    if (rest == "/record") {
        if (table->recordFormat.empty())
            return respond(refusal(404, "the table " + name + " has published no record"));
        return respond(textResponse(
            table->recordFormat == "pgn" ? "application/x-chess-pgn" : "text/plain; charset=utf-8",
            table->recordText));
    }
    respond(refusal(404, "nothing is served at this address"));
}

// Every chess table's game so far, one after another, in the order of their
// names: what broadcast tools poll.
WebResponse HallRoutes::broadcast() const {
    std::string games;
    for (const auto& [name, table] : hall_.tables().tables()) {
        if (table.recordFormat != "pgn" || table.recordText.empty()) continue;
        if (!games.empty()) games += "\n";
        games += table.recordText;
        if (games.back() != '\n') games += "\n";
    }
    return textResponse("application/x-chess-pgn", games);
}

}  // namespace arbiter::web
