#pragma once

#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <map>
#include <memory>
#include <optional>
#include <string>

#include <nlohmann/json.hpp>

namespace arbiter {

// How many games a listing shows at most: any table's history for a long
// while, and an answer well within what a client may be sent at once
// (control::kMaxQueuedBytes).
inline constexpr size_t kMostGamesListed = 1000;

// The games a journal folder holds, one summary each, oldest first: when each
// began, the game, its players, how it ended (or that it is in progress), how
// many moves it has and the journal to replay it from. Read from the journals'
// lines alone, never replayed, so that a long list comes quickly. Answers the
// control request "games" and `arbiterctl games` (docs/control.md).
//
// The JSON is {"folder": DIR, "games": [...], "older": N}: N older games were
// left out to keep the answer to the newest `most`. A damaged journal is
// listed as "damaged" with what is wrong, and does not hide the others.
// nullopt and a message when DIR is not a folder that can be read.
std::optional<nlohmann::json> listRecordedGames(const std::string& dir, size_t most,
                                                std::string& error);

// What a listing says of one journal, read line by line: its "game" line, its
// "result" line if any, and its moves as the session counts them (turns
// completed, takebacks undone); or what is wrong with it.
struct JournalSummary {
    nlohmann::json header;
    nlohmann::json result;
    bool finished = false;
    int moves = 0;
    std::string problem;  // not empty: the journal is damaged, and says so
    // False while only part of the journal has been read (JournalSummaries):
    // its header, and its result if it ends with one, but not its moves.
    bool whole = true;
};

// How much of a journal a table reads at once, between its other events:
// some 5 ms in the optimised build, where a 63 MB journal read at one go
// held the table (boards included) for a second.
inline constexpr std::uintmax_t kJournalSliceBytes = 256 * 1024;

// The summaries a table has read, kept between its "games" requests: a
// journal is read again only when its size or time changed. A folder of long
// games, or one very long game, is then read once rather than at every
// request. And a long journal is read a slice at a time (readOn), never at
// once: the whole table would wait for it.
class JournalSummaries {
  public:
    JournalSummaries();
    ~JournalSummaries();
    JournalSummaries(JournalSummaries&&) noexcept;
    JournalSummaries& operator=(JournalSummaries&&) noexcept;

    // What is known of a journal: its whole summary when it has been read to
    // the end since it last changed; else it is (re)read for one slice, and
    // what that found (not `whole` if the journal is longer), the rest left
    // to readOn().
    JournalSummary of(const std::filesystem::path& journal);
    // Reads one more slice of a journal read only in part; false when none is.
    bool readOn();
    bool reading() const;

    // A journal's summary as it is read, a slice at a time.
    struct Reading;

  private:
    struct Entry {
        std::uintmax_t size = 0;
        std::filesystem::file_time_type time;
        JournalSummary summary;
        std::unique_ptr<Reading> reading;  // while read only in part
    };
    std::map<std::filesystem::path, Entry> entries_;
};

// The journal of the game in progress and the moves it holds so far: a
// listing reads only its first line, since the session knows its moves.
struct JournalInProgress {
    std::string path;
    int moves = 0;
};

// A table's answer to the control request "games": its journal folder listed
// as above, named by its absolute path so that a client in another directory
// can open the journals; no games yet when the folder does not exist. nullopt
// and why when the table keeps no journal (`dir` empty) or the folder cannot
// be read. Journals are read through `summaries`, except the one `writing`.
std::optional<nlohmann::json> listTableGames(const std::string& dir,
                                             const std::optional<JournalInProgress>& writing,
                                             JournalSummaries& summaries, std::string& error);

}  // namespace arbiter
