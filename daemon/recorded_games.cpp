#include "daemon/recorded_games.h"

#include <algorithm>
#include <filesystem>
#include <vector>

#include "daemon/journal.h"

namespace arbiter {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string textOf(const json& j, const char* key) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return {};
    return j[key].get<std::string>();
}

// What a listing says of a journal, read line by line: its "game" line, its
// "result" line if any, and its moves as the session counts them: turns
// completed, takebacks undone. A move line without "endsTurn" (written before
// turns had several actions) is a turn.
struct JournalSummary {
    json header;
    json result;
    bool finished = false;
    int moves = 0;
};

std::optional<JournalSummary> summarize(const std::string& path, std::string& error) {
    auto reader = JournalReader::open(path, error);
    if (!reader) return std::nullopt;
    JournalSummary summary;
    std::vector<bool> endsTurn;  // per ply standing: one bit each, as the game keeps its moves
    json event;
    while (reader->next(event, error)) {
        const std::string type = textOf(event, "type");
        if (summary.header.is_null()) {
            summary.header = std::move(event);
        } else if (type == "move") {
            const auto it = event.find("endsTurn");
            endsTurn.push_back(it == event.end() || !it->is_boolean() || it->get<bool>());
        } else if (type == "takeback") {
            const auto it = event.find("plies");
            size_t plies = it != event.end() && it->is_number_unsigned() ? it->get<size_t>() : 1;
            endsTurn.resize(endsTurn.size() - std::min(plies, endsTurn.size()));
        } else if (type == "result") {
            summary.result = std::move(event);
        }
    }
    if (!error.empty()) return std::nullopt;
    summary.finished = reader->finished();
    summary.moves = static_cast<int>(std::count(endsTurn.begin(), endsTurn.end(), true));
    return summary;
}

json summaryOf(const std::string& path, const JournalSummary& journal, bool newest) {
    const json& header = journal.header;
    json players = json::array();
    if (header.contains("players") && header["players"].is_array()) {
        for (const json& name : header["players"]) {
            if (name.is_string()) players.push_back(name);
        }
    }
    json game = {{"journal", path},
                 {"started", textOf(header, "started")},
                 {"game", textOf(header, "game")},
                 {"players", players},
                 {"moves", journal.moves}};
    if (!journal.finished) {
        // Only the newest unfinished game is the one arbiterd resumes.
        game["state"] = newest ? "in progress" : "unfinished";
        return game;
    }
    const json& result = journal.result;
    game["state"] = textOf(result, "status");
    json winners = json::array();
    if (result.contains("winners") && result["winners"].is_array()) {
        for (const json& seat : result["winners"]) {
            if (!seat.is_number_unsigned()) continue;
            size_t p = seat.get<size_t>();
            winners.push_back(p < players.size() ? players[p].get<std::string>()
                                                 : "Player " + std::to_string(p + 1));
        }
    }
    game["winners"] = winners;
    game["reason"] = textOf(result, "reason");
    if (std::string record = textOf(result, "record"); !record.empty()) game["record"] = record;
    return game;
}

}  // namespace

std::optional<json> listRecordedGames(const std::string& dir, size_t most, std::string& error) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) {
        error = "no journal folder " + dir;
        return std::nullopt;
    }
    std::vector<fs::path> journals;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
            journals.push_back(entry.path());
    }
    if (ec) {
        error = "cannot list journal folder " + dir + ": " + ec.message();
        return std::nullopt;
    }
    // Names begin with the start time (docs/journal.md): by name is by age,
    // and a game begun in the same second as another ("...-fide-2") after it.
    std::sort(journals.begin(), journals.end(), [](const fs::path& a, const fs::path& b) {
        return std::make_pair(a.parent_path(), a.stem().string()) <
               std::make_pair(b.parent_path(), b.stem().string());
    });
    const size_t older = journals.size() > most ? journals.size() - most : 0;
    journals.erase(journals.begin(), journals.begin() + static_cast<std::ptrdiff_t>(older));
    // The journal written last, as resume picks it (of two written at once,
    // the later in the list).
    fs::path newest;
    fs::file_time_type newestTime{};
    for (const fs::path& p : journals) {
        std::error_code ignored;
        auto t = fs::last_write_time(p, ignored);
        if (newest.empty() || t >= newestTime) {
            newest = p;
            newestTime = t;
        }
    }
    json games = json::array();
    for (const fs::path& p : journals) {
        std::string problem;
        auto journal = summarize(p.string(), problem);
        if (!journal) {
            games.push_back({{"journal", p.string()}, {"state", "damaged"}, {"problem", problem}});
            continue;
        }
        games.push_back(summaryOf(p.string(), *journal, p == newest));
    }
    return json{{"folder", dir}, {"games", games}, {"older", older}};
}

std::optional<nlohmann::json> listTableGames(const std::string& dir, std::string& error) {
    std::error_code ec;
    const std::string folder = fs::absolute(dir, ec).lexically_normal().string();
    if (ec || !fs::exists(folder, ec))  // no game recorded yet
        return json{{"folder", ec ? dir : folder}, {"games", json::array()}, {"older", 0}};
    return listRecordedGames(folder, kMostGamesListed, error);
}

}  // namespace arbiter
