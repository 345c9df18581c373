#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter {

// The record of one game as JSON lines, one event per line, written and synced
// to disk before the event is announced: nothing announced is ever lost, and a
// restarted daemon resumes from it. The first line describes the game ("game"),
// then come "move", "takeback", "illegal", "result" lines. docs/journal.md
// documents every field.
class JournalWriter {
  public:
    // Creates DIR/STEM.jsonl (DIR is created if missing), or STEM-2.jsonl, STEM-3.jsonl, ...
    // when a game began in the same second. Never overwrites. nullptr and a message on failure.
    static std::unique_ptr<JournalWriter> create(const std::string& dir, const std::string& stem,
                                                 std::string& error);
    // Continues an existing journal after its first `validBytes` bytes (see
    // JournalContents): a line torn by a crash is cut off, so that the next event
    // starts a line of its own.
    static std::unique_ptr<JournalWriter> append(const std::string& path, uintmax_t validBytes,
                                                 std::string& error);
    ~JournalWriter();

    // Writes the event's line after any still waiting, and syncs them. When the
    // disk refuses (full, failing, the file or its folder removed), false and a
    // message: the line is not lost but waits, in order, for retry() or the
    // next write. A removed journal is made again, whole, where it was.
    bool write(const nlohmann::json& event, std::string& error);
    // Writes the lines waiting; true when every line is on disk.
    bool retry(std::string& error);
    // Whether every line is on disk, synced.
    bool complete() const { return waiting_.empty() && !unsynced_; }
    // Lines not yet written.
    size_t waiting() const { return waiting_.size(); }
    const std::string& path() const { return path_; }

  private:
    JournalWriter(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    // Makes a removed journal again at its path, with what it held.
    bool restore(std::string& error);
    int fd_;
    std::string path_;
    std::deque<std::string> waiting_;
    size_t frontWritten_ = 0;  // bytes of waiting_.front() already written
    bool unsynced_ = false;    // lines written since the last successful sync
};

// A journal as read back: its lines, checked to be JSON objects with a type.
struct JournalContents {
    std::string path;
    std::vector<nlohmann::json> events;  // events[0] is the "game" line
    bool finished = false;               // has a "result" line
    bool droppedTornLine = false;        // the last line was cut short by a crash
    uintmax_t validBytes = 0;            // where the last good event's text ends
    std::vector<int> lines{};            // the file's line number of each event

    // "PATH:LINE" for events[index], so that a message leads to the line;
    // "PATH: event N" for contents not read from a file.
    std::string where(size_t index) const;
};

// Reads and checks one journal. A last line cut short (the daemon died while
// writing it, so it was never announced) is dropped; any other damage is an
// error naming the file and line. Checks the form only: whether the moves are
// legal is the session's business.
std::optional<JournalContents> readJournal(const std::string& path, std::string& error);

// The journal in DIR written last, if it has no result yet; otherwise nullopt
// (also when DIR does not exist, and when that journal holds no event: a game
// whose first line a crash kept off the disk never began). If that journal is
// damaged, `error` says so: nothing is resumed and nothing is overwritten.
std::optional<JournalContents> findUnfinishedJournal(const std::string& dir, std::string& error);

}  // namespace arbiter
