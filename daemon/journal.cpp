#include "daemon/journal.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include <spdlog/spdlog.h>

#include "daemon/json_text.h"

namespace arbiter {

namespace fs = std::filesystem;

namespace {
// A journal line longer than this is not one we wrote.
constexpr size_t kMaxLine = 64 * 1024;
constexpr uintmax_t kMaxJournalBytes = 64ull * 1024 * 1024;
}  // namespace

std::unique_ptr<JournalWriter> JournalWriter::create(const std::string& dir,
                                                     const std::string& stem, std::string& error) {
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) {
        error = "cannot create journal directory " + dir + ": " + ec.message();
        return nullptr;
    }
    std::string path;
    int fd = -1;
    for (int n = 1; n <= 100 && fd < 0; ++n) {
        std::string name = n == 1 ? stem : stem + "-" + std::to_string(n);
        path = (fs::path(dir) / (name + ".jsonl")).string();
        // Readable too, so that a journal removed while it is written can be made again.
        fd = ::open(path.c_str(), O_RDWR | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
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
    waiting_.push_back(jsonText(event) + "\n");
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

std::string JournalContents::where(size_t index) const {
    if (index < lines.size()) return path + ":" + std::to_string(lines[index]);
    return path + ": event " + std::to_string(index + 1);
}

namespace {

// readJournal's work, without refusing a journal with no event in it.
std::optional<JournalContents> readEvents(const std::string& path, std::string& error) {
    std::error_code ec;
    auto size = fs::file_size(path, ec);
    if (ec) {
        error = "cannot read journal " + path + ": " + ec.message();
        return std::nullopt;
    }
    if (size > kMaxJournalBytes) {
        error = "journal " + path + " is larger than any game: " + std::to_string(size) + " bytes";
        return std::nullopt;
    }
    std::ifstream in(path, std::ios::binary);
    if (!in) {
        error = "cannot read journal " + path;
        return std::nullopt;
    }
    std::stringstream buffer;
    buffer << in.rdbuf();
    std::string text = buffer.str();

    JournalContents contents;
    contents.path = path;
    size_t start = 0;
    int lineNumber = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        bool last = end == std::string::npos;
        std::string line = text.substr(start, last ? std::string::npos : end - start);
        start = last ? text.size() : end + 1;
        ++lineNumber;
        auto where = [&] { return path + ":" + std::to_string(lineNumber) + ": "; };
        if (line.size() > kMaxLine) {
            error = where() + "line too long to be a journal event";
            return std::nullopt;
        }
        if (line.empty()) continue;
        nlohmann::json event = nlohmann::json::parse(line, nullptr, false);
        if (event.is_discarded() || !event.is_object()) {
            if (last) {  // torn by a crash while writing: it was never announced
                contents.droppedTornLine = true;
                break;
            }
            error = where() + "not a JSON object";
            return std::nullopt;
        }
        if (!event.contains("type") || !event["type"].is_string()) {
            error = where() + "event has no \"type\" string";
            return std::nullopt;
        }
        if (contents.events.empty() && event["type"] != "game") {
            error = where() + "a journal must begin with a \"game\" event";
            return std::nullopt;
        }
        if (contents.finished) {
            error = where() + "event after the result";
            return std::nullopt;
        }
        if (event["type"] == "result") contents.finished = true;
        contents.validBytes = start - (last ? 0 : 1);  // the text, without its newline
        contents.events.push_back(std::move(event));
        contents.lines.push_back(lineNumber);
    }
    return contents;
}

}  // namespace

std::optional<JournalContents> readJournal(const std::string& path, std::string& error) {
    auto contents = readEvents(path, error);
    if (contents && contents->events.empty()) {
        error = path + ": empty journal";
        return std::nullopt;
    }
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
    auto contents = readEvents(newest->string(), error);
    if (contents && contents->events.empty()) {
        // The daemon stopped before the game's first line was on disk, so the
        // game was never announced: there is nothing to resume, and nothing
        // to refuse every start for.
        spdlog::warn("{} holds no event: taken as a game that never began", newest->string());
        return std::nullopt;
    }
    if (!contents || contents->finished) return std::nullopt;
    return contents;
}

}  // namespace arbiter
