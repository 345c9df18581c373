// libFuzzer target for the journal as arbiterd resumes it: any file is resumed
// or refused with a message naming where, never a crash; a result read from its
// end alone is the one its lines end with. What a resume announces can be sent
// to clients as JSON, and a resumed game stands where
// `arbiterctl replay` (the same journal replayed event by event) leaves it,
// but for the chance a resume draws when the journal stopped before it.
//
// The journal lives in a memory file (tests/fuzz/memory_file.h): resuming
// appends to it, as arbiterd does to the file on disk. Every line of a journal
// carries its checksum, so that nearly every mutation would be refused for its
// checksum alone and the replay behind it never reached: lines that hold no
// "crc" are sealed before the resume, as if written so, while lines that hold
// one are left to the checksum check.

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include <spdlog/spdlog.h>

#include "daemon/announce/announcement.h"
#include "daemon/base/time_source.h"
#include "daemon/journal/journal.h"
#include "daemon/journal/journal_checksum.h"
#include "daemon/session/session.h"
#include "tests/fuzz/fuzz_check.h"
#include "tests/fuzz/memory_file.h"

namespace {

using arbiter::fuzzing::fuzzCheck;
using arbiter::fuzzing::MemoryFile;

// The input with every JSON object line that holds no "crc" sealed.
std::string sealed(const uint8_t* data, size_t size) {
    const std::string text(reinterpret_cast<const char*>(data), size);
    std::string out;
    size_t start = 0;
    while (start < text.size()) {
        size_t end = text.find('\n', start);
        const bool last = end == std::string::npos;
        if (last) end = text.size();
        std::string line = text.substr(start, end - start);
        auto object = nlohmann::json::parse(line, nullptr, false);
        if (!object.is_discarded() && object.is_object() && !object.contains("crc"))
            line = arbiter::sealedLine(
                object.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace));
        out += line;
        if (!last) out += '\n';
        start = end + 1;
    }
    return out;
}

// Every announcement must reach clients and the log: its data dumps as JSON.
class CheckingSink final : public arbiter::AnnouncementSink {
  public:
    void announce(const arbiter::Announcement& a) override {
        fuzzCheck(!arbiter::announcementTypeName(a.type).empty(), "an announcement has a type");
        try {
            a.data.dump();
        } catch (...) {
            fuzzCheck(false, "an announcement's data can be sent as JSON");
        }
    }
};

// The state after `arbiterctl replay`'s walk through the whole journal, event
// by event as it reads them.
std::unique_ptr<arbiter::GameState> replayedState(const arbiter::Game& game,
                                                  const arbiter::JournalContents& journal,
                                                  const arbiter::TimeSource& time) {
    CheckingSink sink;
    std::string error;
    auto reader = arbiter::JournalReader::open(journal.path, error);
    fuzzCheck(reader != nullptr, "a resumed journal can be read again");
    nlohmann::json event;
    fuzzCheck(reader->next(event, error), "a resumed journal has its game line");
    auto s = arbiter::Session::replayStart(game, event, reader->where(), sink, time, error);
    fuzzCheck(s != nullptr, "a resumed journal replays from its start");
    while (reader->next(event, error))
        fuzzCheck(s->replayEvent(event, reader->where(), &sink, error),
                  "a resumed journal replays whole");
    fuzzCheck(error.empty(), "a resumed journal reads to its end");
    return s->current().clone();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int*, char***) {
    spdlog::set_level(spdlog::level::off);  // resuming warns of torn lines
    return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
    const std::string text = sealed(data, size);
    MemoryFile file(reinterpret_cast<const uint8_t*>(text.data()), text.size());
    std::string error;
    auto journal = arbiter::readJournal(file.path(), error);
    if (!journal) {
        fuzzCheck(error.find(file.path()) != std::string::npos, "a refused journal is named");
        return 0;
    }
    fuzzCheck(journal->header.is_object() && journal->lastLine >= journal->headerLine,
              "a journal read has its game line, and its events come after it");
    // A result read from the end alone (as a start or a listing does) is the
    // result the journal's lines end with.
    if (auto reader = arbiter::JournalReader::open(file.path(), error)) {
        nlohmann::json first;
        if (reader->next(first, error) && reader->resultAtEnd())
            fuzzCheck(journal->finished, "a result read from the end is the journal's last event");
    }
    auto game = arbiter::gameOfJournal(*journal, error);
    if (!game) {
        fuzzCheck(!error.empty(), "a journal of no game says why");
        return 0;
    }
    arbiter::ManualTimeSource time;
    CheckingSink sink;
    auto session = arbiter::Session::resume(*game, *journal, sink, time, error);
    if (!session) {
        fuzzCheck(!error.empty(), "a journal that cannot be resumed says why");
        return 0;
    }
    const std::string resumed = session->current().serialize();
    session.reset();
    // Unless the journal ends before a draw of chance, which a resume makes.
    auto replayed = replayedState(*game, *journal, time);
    if (!replayed->chance())
        fuzzCheck(replayed->serialize() == resumed,
                  "resuming and replaying a journal reach the same position");
    return 0;
}
