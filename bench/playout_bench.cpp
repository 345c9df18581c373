#include "bench/playout_bench.h"

#include <cstdint>
#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/random_playout.h"
#include "engine/core/game.h"

namespace arbiter::bench {

namespace {

// Playout i (1, 2, ...) of a row is seeded with i, so the signature's
// playouts are the first ones timed from the start.
constexpr int kSignaturePlayouts = 8;
// The middle game: this many turns of the playout seeded with kMiddleSeed.
constexpr int kMiddleTurns = 20;
constexpr uint64_t kMiddleSeed = 31;
// How much of a middle game's serialize() is printed.
constexpr size_t kShownText = 90;

// What the playouts of one row did, all together.
struct PlayoutTotals {
    int playouts = 0;
    long actions = 0;
    long turns = 0;
    int capped = 0;
    int stuck = 0;
    double seconds = 0;
};

PlayoutTotals playFor(const GameState& from, double budgetSeconds) {
    PlayoutTotals totals;
    const double begin = threadCpuSeconds();
    // The clock is read between batches of playouts, not after each: reading
    // a thread's CPU time is a system call of over a microsecond, as long as
    // a whole playout of Power Coinz. A batch doubles while it takes under a
    // hundredth of the budget.
    int batch = 1;
    double last = begin;
    do {
        for (int i = 0; i < batch; ++i) {
            std::unique_ptr<GameState> state = from.clone();
            SeededRandom random(static_cast<uint64_t>(totals.playouts + 1));
            PlayoutCount count = randomPlayout(*state, random);
            ++totals.playouts;
            totals.actions += count.actions;
            totals.turns += count.turns;
            totals.capped += count.capped ? 1 : 0;
            totals.stuck += count.stuck ? 1 : 0;
        }
        const double now = threadCpuSeconds();
        if (now - last < budgetSeconds / 100) batch *= 2;
        last = now;
        totals.seconds = now - begin;
    } while (totals.seconds < budgetSeconds);
    return totals;
}

void printRow(const std::string& game, const char* from, const PlayoutTotals& t) {
    const double seconds = t.seconds > 0 ? t.seconds : 1e-9;
    std::printf("%-16s %-7s %9d %8.3f %11.1f %11.0f %11.0f %9.1f %7d", game.c_str(), from,
                t.playouts, t.seconds, t.playouts / seconds, double(t.turns) / seconds,
                double(t.actions) / seconds, double(t.actions) / t.playouts, t.capped);
    if (t.stuck > 0) std::printf("  (%d stuck: not over, no action!)", t.stuck);
    std::printf("\n");
}

std::string shortened(std::string text) {
    if (text.size() > kShownText) text = text.substr(0, kShownText - 3) + "...";
    return text;
}

}  // namespace

void timePlayouts(double budgetSeconds, std::string_view only) {
    std::printf(
        "\nrandom playouts, every game (default options): uniform among legalActions() and\n"
        "chance's values, until the game is over or %d actions (capped); from the start\n"
        "and from a middle game (after %d turns of the playout seeded %llu, or halfway\n"
        "through it when it lasts fewer than %d); %.1f s of CPU time each, one thread\n\n",
        kPlayoutCap, kMiddleTurns, static_cast<unsigned long long>(kMiddleSeed), 2 * kMiddleTurns,
        budgetSeconds);
    std::printf("%-16s %-7s %9s %8s %11s %11s %11s %9s %7s\n", "game", "from", "playouts",
                "seconds", "playouts/s", "turns/s", "actions/s", "act/play", "capped");
    std::vector<std::string> middles;
    for (const GameInfo& info : gameCatalog()) {
        if (!only.empty() && info.name != only) continue;
        std::unique_ptr<Game> game = makeGame(info.name);
        if (!game) {
            std::printf("%-16s not built\n", info.name.c_str());
            continue;
        }
        std::unique_ptr<GameState> start = game->start();
        printRow(info.name, "start", playFor(*start, budgetSeconds));
        MiddleGame middle = randomMiddleGame(*start, kMiddleSeed, kMiddleTurns);
        printRow(info.name, "middle", playFor(*middle.state, budgetSeconds));
        middles.push_back(info.name + ", after " + std::to_string(middle.played) +
                          " turns: " + shortened(middle.state->serialize()));
    }
    std::printf("\nthe middle games:\n");
    for (const std::string& line : middles) std::printf("  %s\n", line.c_str());
}

void printPlayoutSignatures() {
    for (const GameInfo& info : gameCatalog()) {
        std::unique_ptr<Game> game = makeGame(info.name);
        if (!game) continue;
        std::unique_ptr<GameState> start = game->start();
        long actions = 0;
        uint64_t trace = 0xcbf29ce484222325ULL;  // FNV-1a's offset basis
        for (int i = 1; i <= kSignaturePlayouts; ++i) {
            std::unique_ptr<GameState> state = start->clone();
            SeededRandom random(static_cast<uint64_t>(i));
            actions += randomPlayout(*state, random, kPlayoutCap, &trace).actions;
        }
        std::printf("signature of the playouts of %s: %ld actions, trace %016llx\n",
                    info.name.c_str(), actions, static_cast<unsigned long long>(trace));
    }
}

}  // namespace arbiter::bench
