#include "daemon/journal/recorded_games.h"

#include <algorithm>
#include <filesystem>
#include <functional>
#include <limits>
#include <vector>

#include "daemon/journal/journal.h"

namespace arbiter {

namespace fs = std::filesystem;
using nlohmann::json;

namespace {

std::string textOf(const json& j, const char* key) {
    if (!j.is_object() || !j.contains(key) || !j[key].is_string()) return {};
    return j[key].get<std::string>();
}

JournalSummary summarize(const std::string& path, bool headerOnly);

}  // namespace

// A journal's summary as it is read, line by line, a slice at a time.
struct JournalSummaries::Reading {
    // Opens the journal and reads its first line, and its last if that is
    // its result: a finished game's result says how many moves it had (older
    // journals' results do not), and then the lines between are left unread,
    // however many they are.
    Reading(const std::string& path, bool headerOnly) {
        reader = JournalReader::open(path, summary.problem);
        if (!reader) return;
        json event;
        if (!reader->next(event, summary.problem)) {
            finish();
            return;
        }
        summary.header = std::move(event);
        if (headerOnly) {
            reader.reset();
            return;
        }
        if (auto result = reader->resultAtEnd()) {
            summary.result = std::move(*result);
            summary.finished = true;
            const auto moves = summary.result.find("moves");
            if (moves != summary.result.end() && moves->is_number_unsigned() &&
                moves->get<uint64_t>() <= uint64_t(std::numeric_limits<int>::max())) {
                summary.moves = static_cast<int>(moves->get<uint64_t>());
                reader.reset();
                return;
            }
        }
        summary.whole = false;
    }

    bool done() const { return !reader; }

    // Reads on for `bytes` more at most (the line they end in whole): true
    // once the journal has been read to its end, or found damaged.
    bool readOn(std::uintmax_t bytes) {
        if (done()) return true;
        const std::uintmax_t until = reader->validBytes() + bytes;
        json event;
        while (reader->validBytes() < until) {
            if (!reader->next(event, summary.problem)) {
                finish();
                return true;
            }
            const std::string type = textOf(event, "type");
            if (type == "move") {
                // A move line without "endsTurn" (written before turns had
                // several actions) is a turn.
                const auto it = event.find("endsTurn");
                endsTurn.push_back(it == event.end() || !it->is_boolean() || it->get<bool>());
            } else if (type == "takeback") {
                const auto it = event.find("plies");
                size_t plies =
                    it != event.end() && it->is_number_unsigned() ? it->get<size_t>() : 1;
                endsTurn.resize(endsTurn.size() - std::min(plies, endsTurn.size()));
            } else if (type == "result") {
                summary.result = std::move(event);
            }
        }
        return false;
    }

    void finish() {
        if (summary.problem.empty()) {
            summary.finished = reader->finished();
            summary.moves = static_cast<int>(std::count(endsTurn.begin(), endsTurn.end(), true));
        }
        summary.whole = true;
        reader.reset();
    }

    std::unique_ptr<JournalReader> reader;  // null once read
    std::vector<bool> endsTurn;  // per ply standing: one bit each, as the game keeps its moves
    JournalSummary summary;
};

namespace {

JournalSummary summarize(const std::string& path, bool headerOnly) {
    JournalSummaries::Reading reading(path, headerOnly);
    while (!reading.readOn(std::numeric_limits<std::uintmax_t>::max() / 2)) {
    }
    return std::move(reading.summary);
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
                 {"players", players}};
    // Not yet known of a long journal the table is still reading.
    if (journal.whole) game["moves"] = journal.moves;
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

// Reads each journal listed: through the table's summaries, or afresh.
using Summarizer = std::function<JournalSummary(const fs::path&)>;

std::optional<json> listGames(const std::string& dir, size_t most, const Summarizer& summarize,
                              std::string& error) {
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
        const JournalSummary journal = summarize(p);
        if (!journal.problem.empty()) {
            games.push_back(
                {{"journal", p.string()}, {"state", "damaged"}, {"problem", journal.problem}});
            continue;
        }
        games.push_back(summaryOf(p.string(), journal, p == newest));
    }
    return json{{"folder", dir}, {"games", games}, {"older", older}};
}

}  // namespace

std::optional<json> listRecordedGames(const std::string& dir, size_t most, std::string& error) {
    return listGames(
        dir, most, [](const fs::path& p) { return summarize(p.string(), false); }, error);
}

JournalSummaries::JournalSummaries() = default;
JournalSummaries::~JournalSummaries() = default;
JournalSummaries::JournalSummaries(JournalSummaries&&) noexcept = default;
JournalSummaries& JournalSummaries::operator=(JournalSummaries&&) noexcept = default;

namespace {
// One slice more of an entry's journal, and what is known of it after.
template <typename Entry>
void readSlice(Entry& entry) {
    if (entry.reading->readOn(kJournalSliceBytes)) {
        entry.summary = std::move(entry.reading->summary);
        entry.reading.reset();
        return;
    }
    entry.summary = entry.reading->summary;
}
}  // namespace

JournalSummary JournalSummaries::of(const fs::path& journal) {
    std::error_code sizeError, timeError;
    const std::uintmax_t size = fs::file_size(journal, sizeError);
    const fs::file_time_type time = fs::last_write_time(journal, timeError);
    // Unreadable: found so at once, and tried again at every request.
    if (sizeError || timeError) return summarize(journal.string(), false);
    auto it = entries_.find(journal);
    if (it == entries_.end() || it->second.size != size || it->second.time != time) {
        Entry entry{size, time, {}, std::make_unique<Reading>(journal.string(), false)};
        readSlice(entry);
        it = entries_.insert_or_assign(journal, std::move(entry)).first;
    }
    return it->second.summary;
}

bool JournalSummaries::readOn() {
    for (auto& [path, entry] : entries_) {
        if (!entry.reading) continue;
        readSlice(entry);
        return true;
    }
    return false;
}

bool JournalSummaries::reading() const {
    return std::any_of(entries_.begin(), entries_.end(),
                       [](const auto& e) { return e.second.reading != nullptr; });
}

std::optional<nlohmann::json> listTableGames(const std::string& dir,
                                             const std::optional<JournalInProgress>& writing,
                                             JournalSummaries& summaries, std::string& error) {
    if (dir.empty()) {
        error = "this arbiterd keeps no journal";
        return std::nullopt;
    }
    std::error_code ec;
    const std::string folder = fs::absolute(dir, ec).lexically_normal().string();
    if (ec || !fs::exists(folder, ec))  // no game recorded yet
        return json{{"folder", ec ? dir : folder}, {"games", json::array()}, {"older", 0}};
    const fs::path written = writing ? fs::path(writing->path).filename() : fs::path();
    return listGames(
        folder, kMostGamesListed,
        [&](const fs::path& p) {
            if (writing && p.filename() == written) {
                JournalSummary summary = summarize(p.string(), true);
                summary.moves = writing->moves;
                return summary;
            }
            return summaries.of(p);
        },
        error);
}

}  // namespace arbiter
