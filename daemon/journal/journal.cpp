#include "daemon/journal/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>

#include <spdlog/spdlog.h>

#include "daemon/base/json_text.h"
#include "daemon/journal/journal_checksum.h"

namespace arbiter {

namespace fs = std::filesystem;

namespace {
// A journal line longer than this is not one we wrote.
constexpr size_t kMaxLine = 64 * 1024;
constexpr uintmax_t kMaxJournalBytes = 64ull * 1024 * 1024;
// How much of the file is read at once: lines are split from it, never the whole file.
constexpr size_t kReadSize = 64 * 1024;
}  // namespace

std::unique_ptr<JournalWriter> JournalWriter::create(const std::string& dir,
                                                     const std::string& stem, std::string& error) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create journal directory " + dir + ": " + ec.message();
        return nullptr;
    }
    // Readable by arbiterd's user alone: it names every move, including what a
    // moderated game hides from each player while it is played.
    std::string path;
    int fd = -1;
    for (int n = 1; n <= 100 && fd < 0; ++n) {
        std::string name = n == 1 ? stem : stem + "-" + std::to_string(n);
        path = (fs::path(dir) / (name + ".jsonl")).string();
        // Readable too, so that a journal removed while it is written can be made
        // again; the owner's alone, as it holds what a moderated game hides.
        fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0600);
        if (fd < 0 && errno != EEXIST) break;
    }
    if (fd < 0) {
        error = "cannot create journal " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    return std::unique_ptr<JournalWriter>(new JournalWriter(fd, path));
}

std::unique_ptr<JournalWriter> JournalWriter::append(const std::string& path, uintmax_t validBytes,
                                                     std::string& error) {
    int fd = ::open(path.c_str(), O_RDWR | O_APPEND | O_CLOEXEC);
    if (fd < 0) {
        error = "cannot open journal " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    if (::ftruncate(fd, static_cast<off_t>(validBytes)) != 0 || ::write(fd, "\n", 1) != 1 ||
        ::fdatasync(fd) != 0) {
        error = "cannot repair the end of journal " + path + ": " + std::strerror(errno);
        ::close(fd);
        return nullptr;
    }
    return std::unique_ptr<JournalWriter>(new JournalWriter(fd, path));
}

JournalWriter::~JournalWriter() {
    std::string error;
    if (!retry(error)) {
        // The last chance: what the disk never took goes to the log, never nowhere.
        spdlog::error("{}; {} lines of the journal are lost:", error, waiting_.size());
        for (const std::string& line : waiting_)
            spdlog::error("  {}", line.substr(0, line.size() - 1));
    }
    ::close(fd_);
}

bool JournalWriter::write(const nlohmann::json& event, std::string& error) {
    waiting_.push_back(sealedLine(jsonText(event)) + "\n");
    return retry(error);
}

bool JournalWriter::retry(std::string& error) {
    if (!restore(error)) return false;
    while (!waiting_.empty()) {
        const std::string& line = waiting_.front();
        while (frontWritten_ < line.size()) {
            ssize_t n = ::write(fd_, line.data() + frontWritten_, line.size() - frontWritten_);
            if (n < 0) {
                if (errno == EINTR) continue;
                error = "cannot write journal " + path_ + ": " + std::strerror(errno);
                return false;
            }
            // A line cut short by a full disk goes on where it stopped.
            frontWritten_ += static_cast<size_t>(n);
        }
        waiting_.pop_front();
        frontWritten_ = 0;
        unsynced_ = true;
    }
    if (unsynced_ && ::fdatasync(fd_) != 0) {
        error = "cannot sync journal " + path_ + ": " + std::strerror(errno);
        return false;
    }
    unsynced_ = false;
    return true;
}

bool JournalWriter::restore(std::string& error) {
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || status.st_nlink > 0) return true;  // still in its place
    // Removed (its folder cleaned away): what was written would go on into a
    // file nobody can open, so it is copied to a new one at the same path.
    const std::string gone = "the journal " + path_ + " was removed";
    std::error_code ec;
    fs::create_directories(fs::path(path_).parent_path(), ec);
    if (ec) {
        error = gone + " and its folder cannot be made again: " + ec.message();
        return false;
    }
    int fresh = ::open(path_.c_str(), O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
    if (fresh < 0) {
        error = gone + " and cannot be made again: " + std::strerror(errno);
        return false;
    }
    char buffer[16 * 1024];
    off_t at = 0;
    for (;;) {
        ssize_t n = ::pread(fd_, buffer, sizeof buffer, at);
        if (n < 0 && errno == EINTR) continue;
        ssize_t done = 0;
        while (n > 0 && done < n) {
            ssize_t w = ::write(fresh, buffer + done, static_cast<size_t>(n - done));
            if (w < 0 && errno == EINTR) continue;
            if (w < 0) break;
            done += w;
        }
        if (n < 0 || done < n) {
            error = gone + " and cannot be written again: " + std::strerror(errno);
            ::close(fresh);
            ::unlink(path_.c_str());  // ours, made just now: the next try starts afresh
            return false;
        }
        if (n == 0) break;
        at += n;
    }
    if (::fdatasync(fresh) != 0) {
        error = gone + " and cannot be synced again: " + std::strerror(errno);
        ::close(fresh);
        ::unlink(path_.c_str());
        return false;
    }
    ::close(fd_);
    fd_ = fresh;
    spdlog::warn("{}; it is written again, whole, in its place", gone);
    return true;
}

std::unique_ptr<JournalReader> JournalReader::open(const std::string& path, std::string& error) {
    std::error_code ec;
    auto size = fs::file_size(path, ec);
    if (ec) {
        error = "cannot read journal " + path + ": " + ec.message();
        return nullptr;
    }
    if (size > kMaxJournalBytes) {
        error = "journal " + path + " is larger than any game: " + std::to_string(size) + " bytes";
        return nullptr;
    }
    int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) {
        error = "cannot read journal " + path + ": " + std::strerror(errno);
        return nullptr;
    }
    return std::unique_ptr<JournalReader>(new JournalReader(fd, path));
}

JournalReader::~JournalReader() {
    ::close(fd_);
}

std::string JournalReader::where() const {
    return path_ + ":" + std::to_string(eventLine_);
}

bool JournalReader::readLine(std::string& error) {
    line_.clear();
    terminated_ = false;
    bool any = false;
    for (;;) {
        if (buffered_ == buffer_.size()) {
            if (endOfFile_) return any;
            buffer_.resize(kReadSize);
            ssize_t n = ::read(fd_, buffer_.data(), buffer_.size());
            if (n < 0 && errno == EINTR) continue;
            if (n < 0) {
                error = "cannot read journal " + path_ + ": " + std::strerror(errno);
                return false;
            }
            buffer_.resize(static_cast<size_t>(n));
            buffered_ = 0;
            endOfFile_ = n == 0;
            continue;
        }
        any = true;
        const size_t newline = buffer_.find('\n', buffered_);
        const size_t end = newline == std::string::npos ? buffer_.size() : newline;
        if (line_.size() + (end - buffered_) > kMaxLine) {
            error = path_ + ":" + std::to_string(lineNumber_ + 1) +
                    ": line too long to be a journal event";
            return false;
        }
        line_.append(buffer_, buffered_, end - buffered_);
        consumed_ += end - buffered_;
        buffered_ = end;
        if (newline != std::string::npos) {
            ++buffered_;
            ++consumed_;
            terminated_ = true;
            return true;
        }
    }
}

bool JournalReader::next(nlohmann::json& event, std::string& error) {
    error.clear();
    while (readLine(error)) {
        ++lineNumber_;
        auto fail = [&](const std::string& why) {
            error = path_ + ":" + std::to_string(lineNumber_) + ": " + why;
            return false;
        };
        if (line_.empty()) continue;  // counted, so that messages name the right line
        // A line cut short by a crash never holds its checksum, which is written
        // last; one that does was written whole, and is checked as any other.
        const bool torn = !terminated_ && !holdsSeal(line_);
        const LineSeal seal = lineSeal(line_);
        if (seal == LineSeal::Wrong && !torn)
            return fail(
                "the line does not match its checksum: it was changed after it was "
                "written");
        event = nlohmann::json::parse(line_, nullptr, false);
        if (event.is_discarded() || !event.is_object()) {
            if (torn) {  // never announced
                droppedTornLine_ = true;
                break;
            }
            return fail("not a JSON object");
        }
        if (events_ == 0) {
            // Version 2 journals have checksums throughout: one that says it is
            // and holds none was stripped of them, not written before them.
            const auto version = event.find("version");
            const bool current = version != event.end() && version->is_number_integer() &&
                                 version->get<int64_t>() >= 2 &&
                                 version->get<int64_t>() <= kJournalVersion;
            checksummed_ = seal != LineSeal::None || event.contains("checksum") || current;
            if (event.contains("checksum") && event["checksum"] != "crc32")
                return fail("unknown \"checksum\": this journal says its lines carry CRC-32s");
        }
        if (checksummed_ && seal != LineSeal::Good)
            return fail(seal == LineSeal::Wrong
                            ? "the line does not match its checksum: it was changed after it "
                              "was written"
                            : "the line has no checksum, as every line of this journal must");
        event.erase("crc");
        if (!event.contains("type") || !event["type"].is_string())
            return fail("event has no \"type\" string");
        if (events_ == 0 && event["type"] != "game")
            return fail("a journal must begin with a \"game\" event");
        if (finished_) return fail("event after the result");
        if (event["type"] == "result") finished_ = true;
        validBytes_ = consumed_ - (terminated_ ? 1 : 0);  // the text, without its newline
        eventLine_ = lineNumber_;
        ++events_;
        return true;
    }
    if (error.empty() && events_ == 0) {
        heldNoEvent_ = true;
        error = path_ + ": empty journal";
    }
    return false;
}

std::optional<nlohmann::json> JournalReader::resultAtEnd() {
    if (events_ == 0) return std::nullopt;
    struct stat status {};
    if (::fstat(fd_, &status) != 0 || status.st_size <= 0) return std::nullopt;
    // The last line, with its newline: no longer than any journal line.
    const auto size = static_cast<uintmax_t>(status.st_size);
    const uintmax_t from = size > kMaxLine + 1 ? size - (kMaxLine + 1) : 0;
    std::string tail(static_cast<size_t>(size - from), '\0');
    size_t got = 0;
    while (got < tail.size()) {
        ssize_t n =
            ::pread(fd_, tail.data() + got, tail.size() - got, static_cast<off_t>(from + got));
        if (n < 0 && errno == EINTR) continue;
        if (n <= 0) return std::nullopt;
        got += static_cast<size_t>(n);
    }
    // Written whole, a line ends with its newline: one without it was cut
    // short, and the journal is read line by line instead.
    if (tail.back() != '\n') return std::nullopt;
    tail.pop_back();
    const size_t start = tail.rfind('\n');
    if (start == std::string::npos && from > 0) return std::nullopt;  // longer than any line
    const std::string_view line =
        std::string_view(tail).substr(start == std::string::npos ? 0 : start + 1);
    const LineSeal seal = lineSeal(line);
    if (seal == LineSeal::Wrong || (checksummed_ && seal != LineSeal::Good)) return std::nullopt;
    auto event = nlohmann::json::parse(line, nullptr, false);
    if (event.is_discarded() || !event.is_object()) return std::nullopt;
    event.erase("crc");
    const auto type = event.find("type");
    if (type == event.end() || *type != "result") return std::nullopt;
    return event;
}

std::optional<JournalContents> readJournal(const std::string& path, std::string& error) {
    auto reader = JournalReader::open(path, error);
    if (!reader) return std::nullopt;
    JournalContents contents;
    contents.path = path;
    nlohmann::json event;
    while (reader->next(event, error)) {
        if (contents.header.is_null()) {
            contents.header = std::move(event);
            contents.headerLine = reader->line();
        }
    }
    if (!error.empty()) return std::nullopt;
    contents.lastLine = reader->line();
    contents.finished = reader->finished();
    contents.droppedTornLine = reader->droppedTornLine();
    contents.validBytes = reader->validBytes();
    return contents;
}

std::optional<JournalContents> findUnfinishedJournal(const std::string& dir, std::string& error) {
    std::error_code ec;
    if (!fs::is_directory(dir, ec)) return std::nullopt;
    std::vector<fs::path> journals;
    for (const auto& entry : fs::directory_iterator(dir, ec)) {
        if (entry.is_regular_file() && entry.path().extension() == ".jsonl")
            journals.push_back(entry.path());
    }
    if (ec) {
        error = "cannot list journal directory " + dir + ": " + ec.message();
        return std::nullopt;
    }
    if (journals.empty()) return std::nullopt;
    // The journal written last belongs to the latest game; only it may be resumed,
    // so an old damaged journal never stands in the way.
    auto newest = std::max_element(journals.begin(), journals.end(), [](auto& a, auto& b) {
        std::error_code ignored;
        return std::make_pair(fs::last_write_time(a, ignored), a) <
               std::make_pair(fs::last_write_time(b, ignored), b);
    });
    auto reader = JournalReader::open(newest->string(), error);
    if (!reader) return std::nullopt;
    nlohmann::json first;
    if (!reader->next(first, error) && reader->heldNoEvent()) {
        // The daemon stopped before the game's first line was on disk, so the
        // game was never announced: there is nothing to resume, and nothing
        // to refuse every start for.
        spdlog::warn("{} holds no event: taken as a game that never began", newest->string());
        error.clear();
        return std::nullopt;
    }
    // A finished game ends with its result: nothing to resume, and no need to
    // read the whole of a long game to know it.
    if (reader->resultAtEnd()) return std::nullopt;
    reader.reset();
    auto contents = readJournal(newest->string(), error);
    if (!contents || contents->finished) return std::nullopt;
    return contents;
}

}  // namespace arbiter
