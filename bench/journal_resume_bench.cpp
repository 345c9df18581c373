// arbiter-bench-journal-resume: how long resuming a large journal takes, and
// how much memory it needs on the way.
//
//   arbiter-bench-journal-resume [--benchmark_...]
//
// Why: a journal grows with every event, and a long evening of pauses and
// clock corrections grows it without growing the game. Resume must read it
// line by line, replaying as it reads, so that what it keeps is the game
// itself (its move record), never the journal's text or its parsed lines.
//
// The journal is a real one: a game of FIDE chess begun, two moves made, the
// clocks paused and run again, all through the Session, so that every line is
// written as arbiterd writes it. The pause and resume lines are then repeated
// until the file holds about 60 MB (a journal's lines stand on their own, so
// the copies are as valid as the first). Each iteration finds the unfinished
// journal and resumes the game from it, as arbiterd does at start.
//
// Reported: the time per resume, and the growth of the peak resident memory
// (getrusage's ru_maxrss) over the first resume, against what the process
// needed before it. The peak only ever grows, so later iterations add nothing.
#include <sys/resource.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "daemon/session/session.h"

namespace arbiter {
namespace {

namespace fs = std::filesystem;

constexpr uintmax_t kJournalBytes = 60ull * 1024 * 1024;

class Silence : public AnnouncementSink {
  public:
    void announce(const Announcement&) override {}
};

long peakKilobytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return usage.ru_maxrss;
}

// The game's journal in `dir`, written by a Session and grown to kJournalBytes
// by repeating its pause and resume lines. Empty when it cannot be made.
std::string writeLargeJournal(const std::string& dir, std::string& error) {
    auto game = makeGame("fide");
    ManualTimeSource time;
    Silence silence;
    SessionSettings settings;
    settings.time = *TimeControl::parse("90+30");
    settings.journalDir = dir;
    auto session = Session::begin(*game, settings, silence, time, error);
    if (!session) return {};
    for (const char* code : {"e2e4", "e7e5"}) {
        time.advance(5000);
        auto action = session->current().decode(code);
        if (!action || !session->commit(*action)) {
            error = std::string("cannot play ") + code;
            return {};
        }
    }
    time.advance(1000);
    if (!session->pauseClocks().empty() || !session->resumeClocks().empty()) {
        error = "cannot pause the clocks";
        return {};
    }
    const std::string path = session->journalPath();
    session.reset();

    std::vector<std::string> lines;
    {
        std::ifstream in(path);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    if (lines.size() < 2) {
        error = "the journal is too short";
        return {};
    }
    const std::string pauseAndResume =
        lines[lines.size() - 2] + "\n" + lines[lines.size() - 1] + "\n";
    std::ofstream out(path, std::ios::app);
    for (uintmax_t size = fs::file_size(path); size < kJournalBytes; size += pauseAndResume.size())
        out << pauseAndResume;
    if (!out) {
        error = "cannot grow the journal";
        return {};
    }
    return path;
}

void ResumeLargeJournal(benchmark::State& state) {
    const std::string dir =
        (fs::temp_directory_path() / ("arbiter-bench-journal-" + std::to_string(::getpid())))
            .string();
    fs::remove_all(dir);
    std::string error;
    const std::string path = writeLargeJournal(dir, error);
    if (path.empty()) {
        state.SkipWithError(error.c_str());
        return;
    }
    auto game = makeGame("fide");
    ManualTimeSource time;
    Silence silence;
    const long before = peakKilobytes();
    long growth = -1;
    int ply = 0;
    for (auto _ : state) {
        auto journal = findUnfinishedJournal(dir, error);
        auto session = journal ? Session::resume(*game, *journal, silence, time, error) : nullptr;
        if (!session) {
            state.SkipWithError(error.c_str());
            break;
        }
        ply = session->ply();
        if (growth < 0) growth = peakKilobytes() - before;
    }
    state.counters["journal_MB"] = static_cast<double>(fs::file_size(path)) / (1024.0 * 1024.0);
    state.counters["peak_growth_MB"] = static_cast<double>(growth) / 1024.0;
    state.counters["ply"] = ply;
    fs::remove_all(dir);
}

BENCHMARK(ResumeLargeJournal)->Unit(benchmark::kMillisecond)->Iterations(3);

}  // namespace
}  // namespace arbiter

BENCHMARK_MAIN();
