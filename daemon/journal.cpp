#include "daemon/journal.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

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
        fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_APPEND | O_CLOEXEC, 0644);
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
    int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CLOEXEC);
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
    ::close(fd_);
}

bool JournalWriter::write(const nlohmann::json& event, std::string& error) {
    std::string line = jsonText(event) + "\n";
    size_t done = 0;
    while (done < line.size()) {
        ssize_t n = ::write(fd_, line.data() + done, line.size() - done);
        if (n < 0) {
            if (errno == EINTR) continue;
            error = "cannot write journal " + path_ + ": " + std::strerror(errno);
            return false;
        }
        done += static_cast<size_t>(n);
    }
    if (::fdatasync(fd_) != 0) {
        error = "cannot sync journal " + path_ + ": " + std::strerror(errno);
        return false;
    }
    return true;
}

std::string JournalContents::where(size_t index) const {
    if (index < lines.size()) return path + ":" + std::to_string(lines[index]);
    return path + ": event " + std::to_string(index + 1);
}

std::optional<JournalContents> readJournal(const std::string& path, std::string& error) {
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
    if (contents.events.empty()) {
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
    auto contents = readJournal(newest->string(), error);
    if (!contents || contents->finished) return std::nullopt;
    return contents;
}

}  // namespace arbiter
