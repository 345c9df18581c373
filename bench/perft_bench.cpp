// arbiter-bench-perft: how fast our FIDE move generator counts perft, next to
// the perft of Debian's stockfish and fairy-stockfish on the same machine, and
// how fast every game of the catalogue counts its complete turns.
//
//   arbiter-bench-perft [--depth N] [--runs N] [--signatures] [--game NAME]
//
// Each engine counts the start position to depth N (default 6) `runs` times
// (default 3) and the best time counts. Other engines are timed from "go perft"
// to their "Nodes searched" line, after their start-up ("readyok"), so loading
// networks does not count against them. The node count printed for each engine
// is the deterministic signature: all rows must show the same number.
//
// Then each game in gameCatalog(), with its default options, counts from its
// start at the largest depth that takes under a second (FIDE both by its
// bitboard perft, which arbiter-perft uses, and by the generic perft over
// turns, to show what the generic path costs). Those depths depend on the
// machine, so those rows are figures to compare, not part of the signature.
//
// Then csipgs Chess on a middle game with designed pieces, board moves alone
// (--moves-only) and complete turns, next to FIDE's bitboard perft on a middle
// game of its own (Kiwipete), in the same run; and csipgs's board moves on
// middle games of pieces Fairy-Stockfish has too, against its perft
// (bench/csipgs_against_fsf.h): those counts must be equal.
//
// Last, every game's random playouts per second, from its start and from a
// middle game (bench/playout_bench.h), and their signature: per game, the
// actions of eight seeded playouts, which --signatures prints alone (for the
// test that pins them, bench/playout_signatures.cmake).
//
// --game NAME prints that game's rows of perft and playouts alone, which is
// what one works on a game's speed with.
#include <signal.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bench/cpu_time.h"
#include "bench/csipgs_against_fsf.h"
#include "bench/deepest_within_budget.h"
#include "bench/playout_bench.h"
#include "bench/uci_engine.h"
#include "engine/core/game.h"
#include "engine/core/perft.h"
#include "engine/csipgs/csipgs.h"
#include "engine/fide/fen.h"
#include "engine/fide/perft.h"
#include "engine/fide/position.h"

namespace {

using arbiter::bench::Measurement;

// Debian's stockfish or fairy-stockfish counting the start position.
std::optional<Measurement> timeStartPerft(const std::string& path, int depth, int runs,
                                          std::string& problem) {
    auto engine = arbiter::bench::UciEngine::start(path);
    if (!engine) {
        problem = "not installed";
        return std::nullopt;
    }
    return arbiter::bench::timeUciPerft(*engine, {"uci", "position startpos"}, depth, runs,
                                        problem);
}

Measurement timeOurPerft(int depth, int runs) {
    const arbiter::fide::Position start = arbiter::fide::Position::standardStart();
    Measurement best{0, 1e300};
    for (int run = 0; run < runs; ++run) {
        const double begin = arbiter::bench::threadCpuSeconds();
        uint64_t nodes = arbiter::fide::perft(start, depth);
        double seconds = arbiter::bench::threadCpuSeconds() - begin;
        if (seconds < best.seconds) best = {nodes, seconds};
    }
    return best;
}

using arbiter::bench::deepestWithinBudget;
using arbiter::bench::DepthMeasurement;
using arbiter::bench::kBudgetSeconds;

void printGameRow(const std::string& game, const char* perftName,
                  const std::optional<DepthMeasurement>& m) {
    if (!m) {
        std::printf("%-16s %-11s %s\n", game.c_str(), perftName, "depth 1 takes over a second");
        return;
    }
    std::printf("%-16s %-11s %6d %14llu %10.3f %10.3f\n", game.c_str(), perftName, m->depth,
                (unsigned long long)m->nodes, m->seconds,
                m->seconds > 0 ? double(m->nodes) / m->seconds / 1e6 : 0.0);
}

// Every game of the catalogue (or the one named `only`) from its start with its
// default options.
void timeEveryGame(int runs, std::string_view only) {
    std::printf(
        "\nperft over complete turns, every game from its start (default options),\n"
        "largest depth under %.0f s, best of %d run(s)\n\n",
        kBudgetSeconds, runs);
    std::printf("%-16s %-11s %6s %14s %10s %10s\n", "game", "perft", "depth", "nodes", "seconds",
                "Mnodes/s");
    for (const arbiter::GameInfo& info : arbiter::gameCatalog()) {
        if (!only.empty() && info.name != only) continue;
        std::unique_ptr<arbiter::Game> game = arbiter::makeGame(info.name);
        if (!game) {
            std::printf("%-16s not built\n", info.name.c_str());
            continue;
        }
        std::unique_ptr<arbiter::GameState> start = game->start();
        if (info.name == "fide") {
            const arbiter::fide::Position position = arbiter::fide::Position::standardStart();
            printGameRow(
                info.name, "bitboard",
                deepestWithinBudget(
                    [&](int depth) { return arbiter::fide::perft(position, depth); }, runs));
        }
        printGameRow(
            info.name, "generic",
            deepestWithinBudget([&](int depth) { return arbiter::perft(*start, depth); }, runs));
        // A game whose surface follows its players is timed at its largest table too.
        if (info.surfaceFor && info.maxPlayers != info.defaultPlayers) {
            arbiter::GameOptions most;
            most.players = info.maxPlayers;
            std::string error;
            auto large = arbiter::makeGame(info.name, most, error);
            if (!large) continue;
            auto largeStart = large->start();
            printGameRow(info.name + " " + std::to_string(info.maxPlayers) + "p", "generic",
                         deepestWithinBudget(
                             [&](int depth) { return arbiter::perft(*largeStart, depth); }, runs));
        }
    }
}

// A csipgs middle game: redesigned slots (FfR and NN shown by a knight and a
// bishop), a narrow knight, a second royal for Black, a reserve piece, and
// treasuries that allow purchases.
constexpr const char* kCsipgsMiddleGame =
    "r1bqk1nr/pp3ppp/3d4/3pp3/2A1P3/2N2C2/PP1P1PPP/R1BQK2R w 7,5 "
    "A=3:FfR,B=4:B,C=4:NN,K=5:WF+royal,N=3:N,P=1:fmWfcF,Q=6:BR,R=2:R,"
    "b=4:B,d=5:fmG+royal,k=5:WF+royal,n=3:ffNbbN,p=1:fmWfcF,q=6:BR,r=2:R n "
    "fmWfcF,R,FfR,NN,WF+royal,BR fmWfcF,R,ffNbbN,B,fmG+royal,BR";
constexpr const char* kKiwipete =
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1";

void timeMiddleGames(int runs) {
    std::printf(
        "\nmiddle games, largest depth under %.0f s, best of %d run(s)\n\n"
        "%-16s %-11s %6s %14s %10s %10s\n",
        kBudgetSeconds, runs, "position", "perft", "depth", "nodes", "seconds", "Mnodes/s");
    std::string error;
    auto fide = arbiter::fide::parseFen(kKiwipete, error);
    if (fide)
        printGameRow("fide kiwipete", "bitboard",
                     deepestWithinBudget(
                         [&](int depth) { return arbiter::fide::perft(*fide, depth); }, runs));
    auto csipgs = arbiter::csipgs::CsipgsState::load(kCsipgsMiddleGame, error);
    if (!csipgs) {
        std::printf("csipgs middle game does not load: %s\n", error.c_str());
        return;
    }
    printGameRow(
        "csipgs middle", "moves-only",
        deepestWithinBudget([&](int depth) { return csipgs->perftMovesOnly(depth); }, runs));
    printGameRow(
        "csipgs middle", "turns",
        deepestWithinBudget([&](int depth) { return arbiter::perft(*csipgs, depth); }, runs));
}

// Each row of random playouts plays for this long.
constexpr double kPlayoutSeconds = 0.5;

bool parsePositive(const char* text, int limit, int& value) {
    char* end = nullptr;
    long parsed = std::strtol(text, &end, 10);
    if (end == text || *end != '\0' || parsed < 1 || parsed > limit) return false;
    value = int(parsed);
    return true;
}

}  // namespace

int main(int argc, char** argv) {
    int depth = 6;
    int runs = 3;
    bool signaturesOnly = false;
    std::string_view only;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--depth" && i + 1 < argc && parsePositive(argv[i + 1], 8, depth)) {
            ++i;
        } else if (arg == "--runs" && i + 1 < argc && parsePositive(argv[i + 1], 100, runs)) {
            ++i;
        } else if (arg == "--signatures") {
            signaturesOnly = true;
        } else if (arg == "--game" && i + 1 < argc && arbiter::gameInfo(argv[i + 1])) {
            only = argv[++i];
        } else {
            std::cerr << "usage: arbiter-bench-perft [--depth 1..8] [--runs 1..100] "
                         "[--signatures] [--game NAME]\n";
            return 2;
        }
    }
    if (signaturesOnly) {
        arbiter::bench::printPlayoutSignatures();
        return 0;
    }
    signal(SIGPIPE, SIG_IGN);
    // A line at a time, so that a run piped to a file or tee shows where it is.
    std::setvbuf(stdout, nullptr, _IOLBF, 0);
    if (!only.empty()) {
        timeEveryGame(runs, only);
        arbiter::bench::timePlayouts(kPlayoutSeconds, only);
        return 0;
    }

    std::printf(
        "perft, start position, depth %d, best of %d run(s), one thread, CPU time of each\n"
        "engine's count\n\n",
        depth, runs);
    const Measurement ours = timeOurPerft(depth, runs);
    const double ourRate = double(ours.nodes) / ours.seconds;

    std::printf("%-16s %14s %10s %10s %12s\n", "engine", "nodes", "seconds", "Mnodes/s",
                "ours/theirs");
    std::printf("%-16s %14llu %10.3f %10.1f %12s\n", "arbiter", (unsigned long long)ours.nodes,
                ours.seconds, ourRate / 1e6, "1.00");
    for (const char* name : {"stockfish", "fairy-stockfish"}) {
        std::string problem;
        auto theirs = timeStartPerft(std::string("/usr/games/") + name, depth, runs, problem);
        if (!theirs) {
            std::printf("%-16s %s\n", name, problem.c_str());
            continue;
        }
        const double theirRate = double(theirs->nodes) / theirs->seconds;
        std::printf("%-16s %14llu %10.3f %10.1f %12.2f%s%s\n", name,
                    (unsigned long long)theirs->nodes, theirs->seconds, theirRate / 1e6,
                    ourRate / theirRate,
                    theirs->nodes == ours.nodes ? "" : "  (node count differs!)",
                    theirs->cpu ? "" : "  (theirs in wall time)");
    }
    timeEveryGame(runs, {});
    timeMiddleGames(runs);
    arbiter::bench::timeCsipgsAgainstFairyStockfish("/usr/games/fairy-stockfish", runs);
    arbiter::bench::timePlayouts(kPlayoutSeconds);
    std::printf("\nsignature: %llu nodes\n", (unsigned long long)ours.nodes);
    arbiter::bench::printPlayoutSignatures();
    return 0;
}
