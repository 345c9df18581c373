#pragma once

#include <deque>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace arbiter {

// The journal format this arbiterd writes (docs/journal.md): 2 has a checksum
// on every line; it reads 1 as well.
inline constexpr int kJournalVersion = 2;

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
    // JournalReader): a line torn by a crash is cut off, so that the next event
    // starts a line of its own.
    static std::unique_ptr<JournalWriter> append(const std::string& path, uintmax_t validBytes,
                                                 std::string& error);
    ~JournalWriter();

    // Writes `event` as one line, its checksum last (docs/journal.md), after
    // any lines still waiting, and syncs them. When the disk refuses (full,
    // failing, the file or its folder removed), false and a message: the line
    // is not lost but waits, in order, for retry() or the next write. A
    // removed journal is made again, whole, where it was.
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

// Reads a journal line by line, checking each line's form as it comes: a JSON
// object with a "type", the first a "game" line, none after a "result"; and in
// a journal whose "game" line says it carries checksums (docs/journal.md),
// each line with its own right checksum, so that a bit flipped on disk is
// never replayed. Nothing of a line is kept once the next is read: a long
// journal is read in memory that does not grow with its length. Whether the
// events fit the game is the session's business (Session::replayEvent).
class JournalReader {
  public:
    // nullptr and a message when PATH cannot be read or is larger than any game.
    static std::unique_ptr<JournalReader> open(const std::string& path, std::string& error);
    ~JournalReader();
    JournalReader(const JournalReader&) = delete;
    JournalReader& operator=(const JournalReader&) = delete;

    // The next event. False at the end, with `error` empty; false and a
    // message naming the file and line when the journal is damaged. A last
    // line cut short (the daemon died while writing it, so it was never
    // announced) ends the journal: it is dropped.
    bool next(nlohmann::json& event, std::string& error);

    // The journal's "result" event when its last line is one, whole and sound
    // (a JSON object, its checksum right in a journal that carries them), read
    // from the end of the file without reading what lies between; nullopt
    // otherwise. A finished game is then known as finished, with what its
    // result says, from two lines however long it is. Call after next() has
    // read the "game" line; the lines that next() reads are not changed.
    std::optional<nlohmann::json> resultAtEnd();

    const std::string& path() const { return path_; }
    // The line of the event read last, and "PATH:LINE": where a message leads.
    int line() const { return eventLine_; }
    std::string where() const;
    // Whether the "game" line says that every line carries a checksum.
    bool checksummed() const { return checksummed_; }
    bool finished() const { return finished_; }  // a "result" line was read
    bool droppedTornLine() const { return droppedTornLine_; }
    // The journal ended, whole, before its first event: a daemon stopped
    // before the game's first line was on disk (next() says "empty journal").
    bool heldNoEvent() const { return heldNoEvent_; }
    uintmax_t validBytes() const { return validBytes_; }  // where the last event's text ends

  private:
    JournalReader(int fd, std::string path) : fd_(fd), path_(std::move(path)) {}
    // The next line's text, without its newline, into line_; false at the end.
    bool readLine(std::string& error);

    int fd_;
    std::string path_;
    std::string buffer_;   // read from the file, not yet split into lines
    size_t buffered_ = 0;  // where the unread part of buffer_ begins
    bool endOfFile_ = false;
    std::string line_;
    bool terminated_ = false;  // line_ ended with a newline
    uintmax_t consumed_ = 0;   // bytes of the file split into lines so far
    int lineNumber_ = 0;
    int eventLine_ = 0;
    int events_ = 0;
    bool checksummed_ = false;
    bool finished_ = false;
    bool droppedTornLine_ = false;
    bool heldNoEvent_ = false;
    uintmax_t validBytes_ = 0;
};

// A journal as read back, line by line, to the end: its "game" line and how
// it ends. The events themselves are replayed from the file (Session::resume),
// never held all at once.
struct JournalContents {
    std::string path;
    nlohmann::json header;         // the "game" line
    int headerLine = 1;            // its line in the file
    int lastLine = 1;              // the line of the last event
    bool finished = false;         // has a "result" line
    bool droppedTornLine = false;  // the last line was cut short by a crash
    uintmax_t validBytes = 0;      // where the last good event's text ends

    // "PATH:LINE", so that a message leads to the line.
    std::string where(int line) const { return path + ":" + std::to_string(line); }
};

// Reads and checks one journal to its end (JournalReader). A last line cut
// short (the daemon died while writing it, so it was never announced) is
// dropped; any other damage is an error naming the file and line.
std::optional<JournalContents> readJournal(const std::string& path, std::string& error);

// The journal in DIR written last, if it has no result yet; otherwise nullopt
// (also when DIR does not exist, and when that journal holds no event: a game
// whose first line a crash kept off the disk never began). If that journal is
// damaged, `error` says so: nothing is resumed and nothing is overwritten.
std::optional<JournalContents> findUnfinishedJournal(const std::string& dir, std::string& error);

}  // namespace arbiter
