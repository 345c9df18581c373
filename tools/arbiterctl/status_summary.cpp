#include "tools/arbiterctl/status_summary.h"

#include <cctype>
#include <sstream>

namespace arbiter::ctl {

namespace {

using nlohmann::json;

// The strings of a list field, or none when it is missing or of another shape.
std::vector<std::string> strings(const json& object, const char* key) {
    std::vector<std::string> out;
    if (!object.is_object() || !object.contains(key) || !object[key].is_array()) return out;
    for (const json& item : object[key]) {
        if (item.is_string()) out.push_back(item.get<std::string>());
    }
    return out;
}

std::string text(const json& object, const char* key) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return {};
    return object[key].get<std::string>();
}

}  // namespace

std::string statusSummary(const json& status) {
    std::ostringstream out;
    const json session = status.is_object() ? status.value("session", json::object()) : json();
    const std::string game = text(status, "game");
    const std::string awaited = text(status, "awaited");
    out << (game.empty() ? "arbiterd" : game);
    if (const std::string time = text(session, "time"); !time.empty()) out << ", " << time;
    if (!awaited.empty()) out << ": waiting for " << awaited;
    out << "\n";
    // A game that has ended says how, until the next one begins.
    const json result = session.is_object() ? session.value("result", json::object()) : json();
    if (const std::string said = text(result, "text"); !said.empty()) out << said << "\n";

    const auto players = strings(session, "players");
    const auto clocks = strings(session, "clockText");
    if (!players.empty() && players.size() == clocks.size()) {
        // A seat out of the game keeps no time, and its player may sit again
        // under the same name: only the seats in the game are shown.
        const json seated = session.value("inGame", json::array());
        auto seatedAt = [&](size_t i) {
            return !seated.is_array() || i >= seated.size() || seated[i] != false;
        };
        bool anySeated = false;
        for (size_t i = 0; i < players.size(); ++i) anySeated |= seatedAt(i);
        auto shown = [&](size_t i) { return !anySeated || seatedAt(i); };
        out << "Clocks:";
        bool first = true;
        for (size_t i = 0; i < players.size(); ++i) {
            if (!shown(i)) continue;
            out << (first ? " " : ", ") << players[i] << " " << clocks[i];
            first = false;
        }
        const bool running = session.value("clockRunning", false);
        const int mover = session.value("toMove", -1);
        if (running && mover >= 0 && static_cast<size_t>(mover) < players.size())
            out << " (" << players[static_cast<size_t>(mover)] << "'s running)";
        else
            out << (running ? " (running)" : " (stopped)");
        out << "\n";
    }
    for (const std::string& line : strings(status, "picture")) out << line << "\n";
    if (const auto moves = strings(session, "lastMoves"); !moves.empty()) {
        out << "Last moves:";
        for (size_t i = 0; i < moves.size(); ++i) out << (i ? "; " : " ") << moves[i];
        out << "\n";
    }
    for (const std::string& line : strings(session, "report")) out << line << "\n";
    if (status.is_object() && status.contains("boards") && status["boards"].is_array()) {
        for (const json& board : status["boards"]) {
            if (!board.is_object()) continue;
            // A table of several boards calls each by its label ("board C"),
            // since names such as a1 read like squares.
            std::string name = text(board, "label"), device = text(board, "device");
            if (name.empty()) name = "Board " + text(board, "name");
            name[0] = static_cast<char>(std::toupper(static_cast<unsigned char>(name[0])));
            out << name << (name == "Board " + device ? "" : " (" + device + ")") << ": "
                << (board.value("connected", false) ? "connected" : "not connected") << "\n";
        }
    }
    return out.str();
}

}  // namespace arbiter::ctl
