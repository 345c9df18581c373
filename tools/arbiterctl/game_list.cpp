#include "tools/arbiterctl/game_list.h"

#include <sstream>

namespace arbiter::ctl {

namespace {

using nlohmann::json;

std::string text(const json& object, const char* key) {
    if (!object.is_object() || !object.contains(key) || !object[key].is_string()) return {};
    return object[key].get<std::string>();
}

std::string names(const json& object, const char* key, const char* between) {
    std::string joined;
    if (!object.is_object() || !object.contains(key) || !object[key].is_array()) return joined;
    for (const json& name : object[key]) {
        if (!name.is_string()) continue;
        if (!joined.empty()) joined += between;
        joined += name.get<std::string>();
    }
    return joined;
}

// "Bob wins (Ann is checkmated)", "draw (stalemate)", "in progress".
std::string outcome(const json& game) {
    const std::string state = text(game, "state");
    const std::string winners = names(game, "winners", " and ");
    const std::string reason = text(game, "reason");
    std::string said = state;
    if (state == "win")
        said = winners + (winners.find(" and ") == std::string::npos ? " wins" : " win");
    else if (state == "draw")
        said = winners.empty() ? "draw" : "draw between " + winners;
    if ((state == "win" || state == "draw") && !reason.empty()) said += " (" + reason + ")";
    return said;
}

// The journal as a shell reads it: quoted when it holds anything but the
// characters of our own file names.
std::string shellWord(const std::string& path) {
    if (!path.empty() &&
        path.find_first_not_of("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ"
                               "0123456789/._-:+") == std::string::npos)
        return path;
    std::string quoted = "'";
    for (char c : path) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
    return quoted + "'";
}

}  // namespace

std::string gameListText(const json& listing) {
    std::ostringstream out;
    const std::string folder = text(listing, "folder");
    const json games = listing.is_object() ? listing.value("games", json::array()) : json();
    if (!games.is_array() || games.empty()) {
        out << "No games recorded" << (folder.empty() ? "" : " in " + folder) << ".\n";
        return out.str();
    }
    out << "Games in " << (folder.empty() ? "the journal folder" : folder) << ", newest last";
    if (const json older = listing.value("older", json()); older.is_number_unsigned() && older != 0)
        out << " (" << older.get<size_t>() << " older not shown)";
    out << ":\n";
    for (const json& game : games) {
        if (!game.is_object()) continue;
        const std::string journal = text(game, "journal");
        if (text(game, "state") == "damaged") {
            out << "damaged journal: " << text(game, "problem") << "\n";
            continue;
        }
        std::string started = text(game, "started");
        if (started.size() >= 16 && started[10] == 'T') started = started.substr(0, 16);
        if (started.size() == 16) started[10] = ' ';
        out << (started.empty() ? "?" : started) << "  " << text(game, "game") << "  "
            << names(game, "players", " v ") << "  " << outcome(game);
        if (const json moves = game.value("moves", json()); moves.is_number_integer()) {
            const int n = moves.get<int>();
            out << ", " << n << (n == 1 ? " move" : " moves");
        }
        out << "\n    arbiterctl replay " << shellWord(journal) << "\n";
    }
    return out.str();
}

}  // namespace arbiter::ctl
