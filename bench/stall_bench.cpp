// arbiter-bench-stalls: the longest the daemon's one thread is held by a single
// event, request or resume, on the tables where an attack found it held for
// long (issue 38): nothing else is answered meanwhile, neither the boards nor
// a `stop`. The goal is 50 ms at most per case, in the optimised build.
//
//   arbiter-bench-stalls [--rounds N] [--seed S]
//
// Each case drives the code the daemon runs for it, in the order its handlers
// run it, and times each handler's part as one stall:
//
// - Colonization for 16 players on 32x16 cells (8 boards) and on 64x64 (64
//   boards), the virtual boards arbiterd lays out, boards changing: a seeded
//   game grows (placements, then mostly production); each round either an
//   action is made by hand, or hostile hands lift, put and shuffle pieces
//   anywhere, a board sometimes going away and coming back changed. Each
//   sensor event is a stall of its own (the verdict reached as it arrives,
//   SurfaceJudge::surfaceChanged); the surface still is another (the verdict
//   with sequences of up to Referee::kMostCatchUpPlies actions, and when it
//   commits, the referee prepared for the next state).
// - Möbiatus resumed on its eight boards while they show another position
//   (the start, or another game's position): the first judgement of a resumed
//   game (SurfaceJudge::findResumedGame's orientation, then the verdict with
//   two plies caught up), for resumed games of 8 to 40 plies.
// - `games` with an old unfinished journal of 63 MB in the folder and the
//   game in progress beside it: each request (Desk::games), and each slice
//   of the long journal the table reads between requests and events.
//
// Printed per case: how many stalls were timed, the median, the 99th
// percentile and the worst, in milliseconds, and "over 50 ms" when the
// worst is.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include <unistd.h>

#include "bench/colonization_growth.h"
#include "daemon/config/configuration.h"
#include "daemon/journal/recorded_games.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "daemon/session/session.h"
#include "daemon/table/board_orientation.h"
#include "engine/core/game.h"

using namespace arbiter;

namespace {

namespace fs = std::filesystem;
using Clock = std::chrono::steady_clock;

constexpr double kGoalMs = 50;

struct Options {
    int rounds = 60;
    uint32_t seed = 20261128;
};

double millisSince(Clock::time_point begin) {
    return std::chrono::duration<double, std::milli>(Clock::now() - begin).count();
}

void printCase(const std::string& label, std::vector<double> ms) {
    if (ms.empty()) {
        std::printf("%-52s %6d %9s %9s %9s\n", label.c_str(), 0, "-", "-", "-");
        return;
    }
    std::sort(ms.begin(), ms.end());
    auto at = [&](double q) { return ms[size_t(q * double(ms.size() - 1))]; };
    std::printf("%-52s %6zu %9.2f %9.2f %9.2f%s\n", label.c_str(), ms.size(), at(0.5), at(0.99),
                ms.back(), ms.back() > kGoalMs ? "  over 50 ms" : "");
    std::fflush(stdout);
}

// A table's surface on the virtual boards arbiterd lays out for the game,
// and how to report to it as the boards would.
class Boards {
  public:
    explicit Boards(const GameState& start) : surface_(start.geometry(), placements(start)) {
        const Geometry& g = start.geometry();
        where_.assign(static_cast<size_t>(g.size()), {-1, -1});
        squares_.resize(static_cast<size_t>(surface_.boardCount()));
        for (int b = 0; b < surface_.boardCount(); ++b) {
            for (int s = 0; s < 64; ++s) {
                Cell c = Surface::cellOf(g, surface_.placement(b), s);
                if (c != NoCell) where_[static_cast<size_t>(c)] = {b, s};
            }
        }
        show(start);
    }
    Surface& surface() { return surface_; }
    const std::vector<BoardSetting>& settings() const { return settings_; }

    void report(Cell c, Appearance content) {
        auto [b, s] = where_[static_cast<size_t>(c)];
        squares_[size_t(b)][size_t(s)] = content;
        surface_.squareChanged(b, s, content, ++now_);
    }
    // Every board dumps what it holds once `state` is set up on it.
    void show(const GameState& state) {
        const Geometry& g = state.geometry();
        for (Cell c = 0; c < g.size(); ++c) {
            auto [b, s] = where_[static_cast<size_t>(c)];
            if (b >= 0) squares_[size_t(b)][size_t(s)] = state.appearance(c);
        }
        for (int b = 0; b < surface_.boardCount(); ++b)
            surface_.boardDump(b, squares_[size_t(b)], ++now_);
    }
    // The cells that show something other than `state`, set right one by one.
    std::vector<Cell> wrongFor(const GameState& state) const {
        std::vector<Cell> wrong;
        const Geometry& g = state.geometry();
        for (Cell c = 0; c < g.size(); ++c) {
            if (g.contains(c) && surface_.cell(c).content != state.appearance(c))
                wrong.push_back(c);
        }
        return wrong;
    }
    // A board goes away and comes back with `changed` cells of it changed.
    void awayAndBack(int board, const std::vector<std::pair<int, Appearance>>& changed) {
        surface_.boardLost(board, ++now_);
        for (auto [s, content] : changed) squares_[size_t(board)][size_t(s)] = content;
        surface_.boardDump(board, squares_[size_t(board)], ++now_);
    }
    int squareOf(Cell c) const { return where_[static_cast<size_t>(c)].second; }
    int boardOf(Cell c) const { return where_[static_cast<size_t>(c)].first; }

  private:
    std::vector<BoardPlacement> placements(const GameState& start) {
        settings_ = virtualBoardsFor(start);
        std::vector<BoardPlacement> p;
        for (const BoardSetting& s : settings_) p.push_back(s.placement);
        return p;
    }

    std::vector<BoardSetting> settings_;
    Surface surface_;
    std::vector<std::pair<int, int>> where_;  // per cell: board and square
    std::vector<BoardSquares> squares_;
    Millis now_ = 0;
};

// Colonization for 16 on `files` x `ranks` after its placements and some
// forty rounds of mostly production, with the state and action before.
struct GrownColonization {
    std::unique_ptr<Game> game;
    std::unique_ptr<GameState> state, previous;
    Action last;
};

GrownColonization grownColonization(int files, int ranks, std::mt19937& random) {
    GameOptions rules;
    rules.players = 16;
    rules.files = files;
    rules.ranks = ranks;
    std::string error;
    GrownColonization grown;
    grown.game = makeGame("colonization", rules, error);
    if (!grown.game) {
        std::fprintf(stderr, "arbiter-bench-stalls: colonization: %s\n", error.c_str());
        std::exit(1);
    }
    grown.state = grown.game->start();
    for (int i = 0; i < 16 * 40 && !grown.state->outcome().over(); ++i) {
        if (grown.state->chance()) break;
        grown.previous = grown.state->clone();
        grown.last = bench::mostlyProducing(grown.state->legalActions(), random);
        grown.state->apply(grown.last);
    }
    return grown;
}

// A grown Colonization table for 16 that its players and hostile hands
// change, each handler's part timed as the table runs it: the stalls.
class ColonizationStalls {
  public:
    ColonizationStalls(int files, int ranks, uint32_t seed)
        : random_(seed),
          grown_(grownColonization(files, ranks, random_)),
          boards_(*grown_.state),
          surface_(boards_.surface()) {
        const Geometry& g = state().geometry();
        for (Cell c = 0; c < g.size(); ++c) {
            if (g.contains(c)) cells_.push_back(c);
        }
        referee_.prepare(state(), grown_.previous.get(), grown_.previous ? &grown_.last : nullptr,
                         surface_);
        int pieces = 0;
        for (Cell c : cells_) pieces += state().appearance(c).has_value();
        std::printf("  colonization %dx%d from %d pieces, %zu legal actions\n", files, ranks,
                    pieces, state().legalActions().size());
    }

    std::vector<double> run(int rounds) {
        for (int round = 0; round < rounds && !state().outcome().over(); ++round) {
            if (state().chance()) break;
            playRound();
            // Now and then the players set it right again, cell by cell.
            if (random_() % 4 == 0) {
                for (Cell c : boards_.wrongFor(state())) event(c, state().appearance(c), 1);
                still(nullptr);
            }
        }
        return stalls_;
    }

  private:
    GameState& state() { return *grown_.state; }

    // An action made by hand, a board away and back, or hostile hands.
    void playRound() {
        const unsigned kind = random_() % 4;
        if (kind == 0) {
            Action a = bench::mostlyProducing(state().legalActions(), random_);
            const Effect effect = state().effect(a);
            for (const CellChange& ch : effect.changes) {
                if (ch.after != surface_.cell(ch.cell).content) event(ch.cell, ch.after, 1);
            }
            still(&a);
        } else if (kind == 1) {
            // Back with some of its squares changed.
            Cell c = anyCell();
            std::vector<std::pair<int, Appearance>> changed;
            for (int k = 0; k < 1 + int(random_() % 4); ++k) {
                Cell d = anyCell();
                if (boards_.boardOf(d) == boards_.boardOf(c))
                    changed.push_back({boards_.squareOf(d), anyLook()});
            }
            auto begin = Clock::now();
            boards_.awayAndBack(boards_.boardOf(c), changed);
            referee_.judge(surface_, 2);
            stalls_.push_back(millisSince(begin));
            still(nullptr);
        } else {
            // Pieces lifted and put back, put and taken off again, all over
            // the boards, and a few left changed.
            for (int k = 0; k < 4 + int(random_() % 24); ++k) {
                Cell c = anyCell();
                const Appearance was = surface_.cell(c).content;
                event(c, was ? Appearance() : anyLook(), 1);
                if (random_() % 4 != 0) event(c, was, 1);
            }
            still(nullptr);
        }
    }
    // A sensor event: the verdict reached as it arrives.
    void event(Cell c, Appearance content, int catchUp) {
        auto begin = Clock::now();
        boards_.report(c, content);
        referee_.judge(surface_, catchUp);
        stalls_.push_back(millisSince(begin));
    }
    // The surface still: the verdict with sequences looked for, and, when it
    // commits, the referee prepared for the state after (the action chosen:
    // what hostile hands show is never committed, to keep the game going).
    void still(const Action* made) {
        // Fast play's look first (FastPlay::follow), moves through cells
        // never reported looked for too; then the judgement at settle.
        auto begin = Clock::now();
        referee_.judge(surface_, Referee::kMostCatchUpPlies, true);
        stalls_.push_back(millisSince(begin));
        begin = Clock::now();
        Verdict v = referee_.judge(surface_, Referee::kMostCatchUpPlies);
        if (made) {
            grown_.previous = state().clone();
            state().apply(*made);
            grown_.last = *made;
            boards_.show(state());
            referee_.prepare(state(), grown_.previous.get(), &grown_.last, surface_);
        }
        // As the table does, once the surface shows an agreed position: the
        // touches of hostile hands count until then.
        if (made || v.kind == Verdict::Kind::Settled || v.kind == Verdict::Kind::Commit ||
            v.kind == Verdict::Kind::Takeback || v.kind == Verdict::Kind::Replace)
            surface_.markStill();
        stalls_.push_back(millisSince(begin));
    }
    Cell anyCell() { return cells_[random_() % cells_.size()]; }
    // A piece like one on the table, or nothing.
    Appearance anyLook() {
        Cell from = anyCell();
        for (int tries = 0; tries < 8 && !state().appearance(from); ++tries) from = anyCell();
        return state().appearance(from);
    }

    std::mt19937 random_;
    GrownColonization grown_;
    Boards boards_;
    Surface& surface_;
    std::vector<Cell> cells_;
    Referee referee_;
    std::vector<double> stalls_;
};

// Möbiatus resumed on its eight boards while they show another position.
std::vector<double> mobiatusResumeStalls(const Options& options) {
    auto game = makeGame("mobiatus");
    ManualTimeSource time;
    struct Silence : AnnouncementSink {
        void announce(const Announcement&) override {}
    } silence;
    std::vector<double> stalls;
    std::mt19937 random(options.seed);
    for (int plies = 8; plies <= 40; plies += 8) {
        for (int other = 0; other < 3; ++other) {
            std::string error;
            auto session = Session::begin(*game, SessionSettings{}, silence, time, error);
            auto elsewhere = game->start();
            for (int p = 0; p < plies && !session->over(); ++p) {
                auto legal = session->current().legalActions();
                session->commit(legal[random() % legal.size()]);
                // The other position: the start, or where another game went.
                if (other > 0 && !elsewhere->outcome().over()) {
                    auto theirs = elsewhere->legalActions();
                    elsewhere->apply(theirs[random() % theirs.size()]);
                }
            }
            if (session->over()) continue;
            Boards boards(*elsewhere);
            auto begin = Clock::now();
            orientToGame(boards.surface(), boards.settings(), *session);
            Referee referee;
            const auto& actions = session->actions();
            referee.prepare(session->current(), session->previous(), &actions.back(),
                            boards.surface());
            referee.judge(boards.surface(), 2);
            stalls.push_back(millisSince(begin));
        }
    }
    return stalls;
}

// An unfinished FIDE game's journal grown to `bytes` by its pause and resume
// lines, as a long evening of pauses grows one, written by a Session.
std::string writeLongJournal(const Game& game, const std::string& dir, uintmax_t bytes) {
    ManualTimeSource time;
    struct Silence : AnnouncementSink {
        void announce(const Announcement&) override {}
    } silence;
    SessionSettings settings;
    settings.time = *TimeControl::parse("90+30");
    settings.journalDir = dir;
    std::string error;
    auto session = Session::begin(game, settings, silence, time, error);
    if (!session) {
        std::fprintf(stderr, "arbiter-bench-stalls: journal: %s\n", error.c_str());
        std::exit(1);
    }
    for (const char* code : {"e2e4", "e7e5"}) {
        time.advance(5000);
        session->commit(*session->current().decode(code));
    }
    time.advance(1000);
    session->pauseClocks();
    session->resumeClocks();
    const std::string path = session->journalPath();
    session.reset();
    std::vector<std::string> lines;
    {
        std::ifstream in(path);
        for (std::string line; std::getline(in, line);) lines.push_back(line);
    }
    const std::string pauseAndResume =
        lines[lines.size() - 2] + "\n" + lines[lines.size() - 1] + "\n";
    std::ofstream out(path, std::ios::app);
    for (uintmax_t size = fs::file_size(path); size < bytes; size += pauseAndResume.size())
        out << pauseAndResume;
    return path;
}

// `games` with an old unfinished 63 MB journal beside the game in progress.
std::vector<double> gamesStalls() {
    const fs::path dir =
        fs::temp_directory_path() / ("arbiter-bench-stalls-" + std::to_string(::getpid()));
    fs::remove_all(dir);
    auto game = makeGame("fide");
    writeLongJournal(*game, dir.string(), 63ull * 1024 * 1024);
    // The game in progress, begun after it.
    ManualTimeSource time;
    struct Silence : AnnouncementSink {
        void announce(const Announcement&) override {}
    } silence;
    SessionSettings settings;
    settings.journalDir = dir.string();
    std::string error;
    auto playing = Session::begin(*game, settings, silence, time, error);
    JournalSummaries summaries;
    std::vector<double> stalls;
    for (int request = 0; request < 5; ++request) {
        auto begin = Clock::now();
        auto listing = listTableGames(dir.string(),
                                      JournalInProgress{playing->journalPath(), playing->turns()},
                                      summaries, error);
        stalls.push_back(millisSince(begin));
        if (!listing) {
            std::fprintf(stderr, "arbiter-bench-stalls: games: %s\n", error.c_str());
            std::exit(1);
        }
        // The table reads on a slice at a time between events (Desk::games).
        for (bool more = true; more;) {
            begin = Clock::now();
            more = summaries.readOn();
            stalls.push_back(millisSince(begin));
        }
    }
    auto listing =
        listTableGames(dir.string(), JournalInProgress{playing->journalPath(), playing->turns()},
                       summaries, error);
    if (!listing || !(*listing)["games"][0].contains("moves")) {
        std::fprintf(stderr,
                     "arbiter-bench-stalls: games: the long journal was never read whole\n");
        std::exit(1);
    }
    playing.reset();
    fs::remove_all(dir);
    return stalls;
}

bool parseNumber(const char* text, long long low, long long high, long long& value) {
    char* end = nullptr;
    errno = 0;
    long long parsed = std::strtoll(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || parsed < low || parsed > high) return false;
    value = parsed;
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        long long value = 0;
        if (arg == "--rounds" && i + 1 < argc && parseNumber(argv[i + 1], 1, 100000, value)) {
            options.rounds = int(value);
        } else if (arg == "--seed" && i + 1 < argc &&
                   parseNumber(argv[i + 1], 0, UINT32_MAX, value)) {
            options.seed = uint32_t(value);
        } else {
            std::fprintf(stderr,
                         "usage: arbiter-bench-stalls [--rounds 1..100000] "
                         "[--seed 0..4294967295]\n");
            return arg == "--help" || arg == "-h" ? 0 : 2;
        }
        ++i;
    }
    std::printf("the longest single stall of the event loop per case, in ms (goal: %.0f)\n",
                kGoalMs);
    std::printf("%-52s %6s %9s %9s %9s\n", "case", "stalls", "median", "p99", "worst");
    printCase("colonization, 16 players, 32x16, boards changing",
              ColonizationStalls(32, 16, options.seed).run(options.rounds));
    printCase("colonization, 16 players, 64x64, boards changing",
              ColonizationStalls(64, 64, options.seed).run(options.rounds));
    printCase("mobiatus resumed, 8 boards showing another position", mobiatusResumeStalls(options));
    printCase("games, an old unfinished 63 MB journal", gamesStalls());
    return 0;
}
