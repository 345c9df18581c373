// arbiter-bench-machine: the built-in machine player (engine/machine/) in
// whole games, against random play and against itself (docs/machine.md).
//
//   arbiter-bench-machine --random-games N [--playouts P] [--cap A] [--game NAME]
//   arbiter-bench-machine --strength N [--level L] [--cap A] [--game NAME]
//   arbiter-bench-machine --versus N [--high H] [--low L] [--cap A] [--game NAME]
//
// --random-games: per table, N games where the machine plays some seats with
// P playouts a search (default 8) and random play the others, each stopped by
// the table's limit after A actions (default 300; 2000 in the other modes); a third of the searches
// are given a stop that fires too. Fails (status 1) unless every machine action is listed and
// legal, every game ends or reaches the cap, no search plays more than its budget or goes on after
// its stop. Prints per table the most playouts and the longest CPU time of one search. ctest runs
// it (machine_random_games, label bench).
//
// --strength: per game, N games of the machine at level L (default 3) in one
// seat, turn by turn each seat, against random play in the others; status
// 1 unless it wins at least 90% of each game's.
//
// --versus: per game, for two where it may be, N games of level H (default 6)
// against level L (default 2), seats alternating; status 1 unless the
// higher level wins more games than the lower in each.
#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/machine_games.h"
#include "engine/machine/machine_level.h"

namespace {

using arbiter::bench::GamePlan;
using arbiter::bench::MachineTable;
using arbiter::bench::PlayedGame;

struct Options {
    std::string mode;
    int games = 0;
    uint64_t playouts = 8;
    int cap = 0;  // 0: the mode's default
    int level = 3;
    int high = 6;
    int low = 2;
    std::string only;
};

bool wonBy(const PlayedGame& g, int seat) {
    if (g.outcome.status != arbiter::Outcome::Status::Win) return false;
    for (int w : g.outcome.winners) {
        if (w == seat) return true;
    }
    return false;
}

int randomGames(const Options& o) {
    int faults = 0;
    for (const MachineTable& table : arbiter::bench::machineTables(true)) {
        if (!o.only.empty() && table.game->name() != o.only) continue;
        const int players = table.game->start()->playerCount();
        int over = 0, capped = 0;
        arbiter::bench::MachineTurns all;
        const double begin = arbiter::bench::threadCpuSeconds();
        for (int g = 0; g < o.games; ++g) {
            GamePlan plan{{}, uint64_t(g) + 1, o.cap, true};
            // Every other seat, turn about; every fourth game, every seat.
            for (int p = 0; p < players; ++p)
                plan.playouts.push_back(g % 4 == 3 || (g + p) % 2 == 0 ? o.playouts : 0);
            const PlayedGame played = arbiter::bench::playGame(*table.game, plan);
            if (!played.fault.empty()) {
                std::printf("FAULT %s, game %d: %s\n", table.label.c_str(), g,
                            played.fault.c_str());
                ++faults;
            }
            (played.capped ? capped : over) += 1;
            all.searches += played.machine.searches;
            all.playouts += played.machine.playouts;
            all.seconds += played.machine.seconds;
            all.mostPlayouts = std::max(all.mostPlayouts, played.machine.mostPlayouts);
            all.longestSeconds = std::max(all.longestSeconds, played.machine.longestSeconds);
        }
        std::printf(
            "%-24s %d games: %d over, %d at the cap; %llu searches, at most %llu playouts, "
            "longest %.2f ms, %.0f playouts/s; %.2f s\n",
            table.label.c_str(), o.games, over, capped, (unsigned long long)all.searches,
            (unsigned long long)all.mostPlayouts, all.longestSeconds * 1e3,
            all.seconds > 0 ? double(all.playouts) / all.seconds : 0.0,
            arbiter::bench::threadCpuSeconds() - begin);
        std::fflush(stdout);
        if (over + capped != o.games) ++faults;
    }
    std::printf("faults: %d\n", faults);
    return faults == 0 ? 0 : 1;
}

int strength(const Options& o) {
    const uint64_t budget = arbiter::playoutsForLevel(o.level);
    int below = 0;
    for (const MachineTable& table : arbiter::bench::machineTables(false)) {
        if (!o.only.empty() && table.game->name() != o.only) continue;
        const int players = table.game->start()->playerCount();
        int won = 0, drawn = 0, capped = 0, faults = 0;
        arbiter::bench::MachineTurns all;
        for (int g = 0; g < o.games; ++g) {
            const int seat = g % players;
            GamePlan plan{std::vector<uint64_t>(size_t(players), 0), uint64_t(g) + 7, o.cap, false};
            plan.playouts[size_t(seat)] = budget;
            const PlayedGame played = arbiter::bench::playGame(*table.game, plan);
            faults += played.fault.empty() ? 0 : 1;
            capped += played.capped ? 1 : 0;
            won += wonBy(played, seat) ? 1 : 0;
            drawn += played.outcome.status == arbiter::Outcome::Status::Draw ? 1 : 0;
            all.playouts += played.machine.playouts;
            all.seconds += played.machine.seconds;
            all.longestSeconds = std::max(all.longestSeconds, played.machine.longestSeconds);
        }
        const bool enough = won * 10 >= o.games * 9;
        below += enough && faults == 0 ? 0 : 1;
        std::printf(
            "%-24s level %d (%llu playouts) against %d random: won %d of %d (%.0f%%), %d drawn, "
            "%d at the cap; %.0f playouts/s, longest search %.0f ms%s\n",
            table.label.c_str(), o.level, (unsigned long long)budget, players - 1, won, o.games,
            100.0 * won / std::max(o.games, 1), drawn, capped,
            all.seconds > 0 ? double(all.playouts) / all.seconds : 0.0, all.longestSeconds * 1e3,
            enough ? "" : "  BELOW 90%");
        std::fflush(stdout);
    }
    return below == 0 ? 0 : 1;
}

int versus(const Options& o) {
    int failed = 0;
    for (const arbiter::GameInfo& info : arbiter::gameCatalog()) {
        if (!o.only.empty() && info.name != o.only) continue;
        const MachineTable table = arbiter::bench::tableForTwo(info.name);
        const int players = table.game->start()->playerCount();
        int highWon = 0, lowWon = 0, capped = 0;
        for (int g = 0; g < o.games; ++g) {
            const int seat = g % players;
            GamePlan plan{std::vector<uint64_t>(size_t(players), arbiter::playoutsForLevel(o.low)),
                          uint64_t(g) + 11, o.cap, false};
            plan.playouts[size_t(seat)] = arbiter::playoutsForLevel(o.high);
            const PlayedGame played = arbiter::bench::playGame(*table.game, plan);
            capped += played.capped ? 1 : 0;
            if (played.outcome.status != arbiter::Outcome::Status::Win) continue;
            (wonBy(played, seat) ? highWon : lowWon) += 1;
        }
        const bool better = highWon > lowWon;
        failed += better ? 0 : 1;
        std::printf(
            "%-24s level %d against level %d: %d won, %d lost, %d drawn (%d at the cap)%s\n",
            table.label.c_str(), o.high, o.low, highWon, lowWon, o.games - highWon - lowWon, capped,
            better ? "" : "  NOT BETTER");
        std::fflush(stdout);
    }
    return failed == 0 ? 0 : 1;
}

bool parse(int argc, char** argv, Options& o) {
    for (int i = 1; i < argc; ++i) {
        const std::string arg = argv[i];
        const bool hasValue = i + 1 < argc;
        if ((arg == "--random-games" || arg == "--strength" || arg == "--versus") && hasValue) {
            o.mode = arg;
            o.games = std::atoi(argv[++i]);
        } else if (arg == "--playouts" && hasValue) {
            o.playouts = std::strtoull(argv[++i], nullptr, 10);
        } else if (arg == "--cap" && hasValue) {
            o.cap = std::atoi(argv[++i]);
        } else if (arg == "--level" && hasValue) {
            o.level = std::atoi(argv[++i]);
        } else if (arg == "--high" && hasValue) {
            o.high = std::atoi(argv[++i]);
        } else if (arg == "--low" && hasValue) {
            o.low = std::atoi(argv[++i]);
        } else if (arg == "--game" && hasValue) {
            o.only = argv[++i];
        } else {
            return false;
        }
    }
    return !o.mode.empty() && o.games > 0;
}

}  // namespace

int main(int argc, char** argv) {
    Options o;
    if (!parse(argc, argv, o)) {
        std::fprintf(stderr,
                     "usage: %s --random-games N [--playouts P] [--cap A] [--game NAME]\n"
                     "       %s --strength N [--level L] [--cap A] [--game NAME]\n"
                     "       %s --versus N [--high H] [--low L] [--cap A] [--game NAME]\n",
                     argv[0], argv[0], argv[0]);
        return 2;
    }
    if (o.cap <= 0) o.cap = o.mode == "--random-games" ? 300 : 2000;
    if (o.mode == "--random-games") return randomGames(o);
    if (o.mode == "--strength") return strength(o);
    return versus(o);
}
