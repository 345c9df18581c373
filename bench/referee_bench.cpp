// arbiter-bench-referee: how long the referee takes to judge a sensor event on
// the largest table we support, 16 occupancy boards in a 4 x 4 grid (32 x 32
// cells) with 16 players of Skirmish, whose pieces all look alike.
//
//   arbiter-bench-referee [--moves N] [--pieces P] [--seed S]
//
// Why: Referee::judge projects every legal action onto every cell, so its cost
// grows with the surface and with the number of actions; this is the worst case
// a table can ask of it, and the figure decides whether a judgement fits in the
// settle time players wait anyway. The latency benchmark measures one board
// through the whole daemon; this one measures only the referee, but on 1024 cells.
//
// A seeded random game is played: each move is fed to the Surface as a board
// reports it (the piece is lifted off `from`; a captured piece is lifted off
// `to`; the piece is put on `to`), and judge() is timed after every event, the
// time running from the event reaching the surface to the verdict. Every verdict
// is checked, since a benchmark that measures a wrong answer is worthless: after
// the last event of a move the verdict must be Commit of exactly that move (the
// captured piece was lifted off, so even look-alike captures are told apart by
// history). Verdicts after the earlier events are reported by kind. The signature hashes every
// verdict and the final state: two runs with the same options must print the same one.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "daemon/referee.h"
#include "daemon/surface.h"
#include "engine/skirmish/skirmish.h"

using namespace arbiter;

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kBoardsAcross = 4;
constexpr int kBoardsUp = 4;
constexpr int kPlayers = 16;

// What an occupancy board reports for a square with something on it.
constexpr SetPiece kSomething{SetColour::White, Figure::Pawn};

struct Options {
    int moves = 500;
    int pieces = 16;
    uint32_t seed = 20260101;
};

void usage(std::FILE* to) {
    std::fprintf(to,
                 "usage: arbiter-bench-referee [--moves 1..100000] [--pieces 1..16] "
                 "[--seed 0..4294967295]\n"
                 "  --moves   moves to play and time (default 500; fewer if the game ends)\n"
                 "  --pieces  pieces per player, packed into a corner of their board "
                 "(default 16: a 4x4 block)\n"
                 "  --seed    seed of the random game (default 20260101)\n");
}

bool parseNumber(const char* text, long long low, long long high, long long& value) {
    char* end = nullptr;
    errno = 0;
    long long parsed = std::strtoll(text, &end, 10);
    if (end == text || *end != '\0' || errno != 0 || parsed < low || parsed > high) return false;
    value = parsed;
    return true;
}

// Plain argv parsing; false with a message in `error` when the options are bad.
bool parseOptions(int argc, char** argv, Options& options, bool& help, std::string& error) {
    struct Numeric {
        std::string_view name;
        long long low, high;
        std::function<void(long long)> set;
    };
    const Numeric numerics[] = {
        {"--moves", 1, 100000, [&](long long v) { options.moves = int(v); }},
        {"--pieces", 1, 16, [&](long long v) { options.pieces = int(v); }},
        {"--seed", 0, UINT32_MAX, [&](long long v) { options.seed = uint32_t(v); }},
    };
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        if (arg == "--help" || arg == "-h") {
            help = true;
            return true;
        }
        auto option = std::find_if(std::begin(numerics), std::end(numerics),
                                   [&](const Numeric& n) { return n.name == arg; });
        if (option == std::end(numerics)) {
            error = "unknown option '" + std::string(arg) + "'";
            return false;
        }
        if (i + 1 >= argc) {
            error = std::string(arg) + " needs a value";
            return false;
        }
        long long value = 0;
        if (!parseNumber(argv[++i], option->low, option->high, value)) {
            error = std::string(arg) + " takes a whole number from " + std::to_string(option->low) +
                    " to " + std::to_string(option->high) + ", not '" + argv[i] + "'";
            return false;
        }
        option->set(value);
    }
    return true;
}

// 64-bit FNV-1a over everything the referee answered: the signature.
class Signature {
  public:
    void add(std::string_view text) {
        for (unsigned char c : text) {
            hash_ ^= c;
            hash_ *= 0x100000001b3ull;
        }
        add(uint8_t(0xff));  // a separator, so "ab","c" differs from "a","bc"
    }
    void add(uint8_t byte) {
        hash_ ^= byte;
        hash_ *= 0x100000001b3ull;
    }
    uint64_t value() const { return hash_; }

  private:
    uint64_t hash_ = 0xcbf29ce484222325ull;
};

// Where each cell lies on the boards: the inverse of Surface::cellOf, found by
// scanning every square of every board.
struct BoardSquare {
    int board = -1;
    int square = -1;
};

std::vector<BoardSquare> squaresOfCells(const Surface& surface, const Geometry& g) {
    std::vector<BoardSquare> where(static_cast<size_t>(g.size()));
    for (int b = 0; b < surface.boardCount(); ++b) {
        for (int s = 0; s < 64; ++s) {
            Cell c = Surface::cellOf(g, surface.placement(b), s);
            if (c != NoCell) where[static_cast<size_t>(c)] = {b, s};
        }
    }
    return where;
}

const char* kindName(Verdict::Kind kind) {
    switch (kind) {
        case Verdict::Kind::Unknown:
            return "Unknown";
        case Verdict::Kind::Settled:
            return "Settled";
        case Verdict::Kind::Pending:
            return "Pending";
        case Verdict::Kind::Commit:
            return "Commit";
        case Verdict::Kind::Takeback:
            return "Takeback";
        case Verdict::Kind::Ambiguous:
            return "Ambiguous";
        case Verdict::Kind::Illegal:
            return "Illegal";
    }
    return "?";
}

void printRow(const std::string& label, std::vector<double> us) {
    if (us.empty()) {
        std::printf("%-38s %7d %11s %11s %11s\n", label.c_str(), 0, "-", "-", "-");
        return;
    }
    std::sort(us.begin(), us.end());
    auto at = [&](double q) { return us[size_t(q * double(us.size() - 1))]; };
    std::printf("%-38s %7zu %11.1f %11.1f %11.1f\n", label.c_str(), us.size(), at(0.5), at(0.99),
                us.back());
}

[[noreturn]] void wrongVerdict(int move, const GameState& state, const Action& chosen,
                               const Verdict& v, const std::string& expected) {
    std::fprintf(stderr,
                 "arbiter-bench-referee: wrong verdict at move %d (%s plays %s): expected %s, "
                 "got %s",
                 move, state.playerName(state.toMove()).c_str(), state.describe(chosen).c_str(),
                 expected.c_str(), kindName(v.kind));
    for (const Action& a : v.actions) std::fprintf(stderr, " %s", state.encode(a).c_str());
    for (const Action& a : v.candidates) std::fprintf(stderr, " %s?", state.encode(a).c_str());
    std::fprintf(stderr, "\nstate: %s\n", state.serialize().c_str());
    std::exit(1);
}

}  // namespace

int main(int argc, char** argv) {
    Options options;
    bool help = false;
    std::string error;
    if (!parseOptions(argc, argv, options, help, error)) {
        std::fprintf(stderr, "arbiter-bench-referee: %s\n", error.c_str());
        usage(stderr);
        return 2;
    }
    if (help) {
        usage(stdout);
        return 0;
    }

    const skirmish::Layout layout{kPlayers, kBoardsAcross, kBoardsUp, options.pieces};
    const skirmish::SkirmishGame game(layout);
    std::unique_ptr<GameState> state = game.start();
    std::unique_ptr<GameState> previous;
    const Geometry& g = state->geometry();

    // Board i has its a1 corner on cell (8 * (i % 4), 8 * (i / 4)): a1, i1, q1, y1, a9, ...
    std::vector<BoardPlacement> placements;
    for (int b = 0; b < kBoardsAcross * kBoardsUp; ++b) {
        BoardPlacement p;
        p.name = "board" + std::to_string(b + 1);
        p.originFile = 8 * (b % kBoardsAcross);
        p.originRank = 8 * (b / kBoardsAcross);
        p.sensing = Sensing::Occupancy;
        placements.push_back(p);
    }
    Surface surface(g, placements);
    const std::vector<BoardSquare> where = squaresOfCells(surface, g);
    Millis now = 0;
    for (int b = 0; b < surface.boardCount(); ++b) {
        BoardSquares squares{};
        for (int s = 0; s < 64; ++s) {
            Cell c = Surface::cellOf(g, surface.placement(b), s);
            if (c != NoCell && state->appearance(c)) squares[size_t(s)] = kSomething;
        }
        surface.boardDump(b, squares, now);
    }

    const Referee referee;
    if (Verdict v = referee.judge(*state, nullptr, surface); v.kind != Verdict::Kind::Settled) {
        std::fprintf(stderr, "arbiter-bench-referee: the start position is not Settled but %s\n",
                     kindName(v.kind));
        return 1;
    }

    std::mt19937 random(options.seed);
    Signature signature;
    std::vector<double> commits, captures;                    // after the last event of a move
    std::map<std::string, std::vector<double>> intermediate;  // by event and verdict
    long long legalTotal = 0;
    int turns = 0, passes = 0;

    // Feeds one sensor event and times it until the verdict.
    auto sense = [&](Cell c, Appearance content, double& micros) {
        const BoardSquare& bs = where[size_t(c)];
        auto begin = Clock::now();
        surface.squareChanged(bs.board, bs.square, content, ++now);
        Verdict v = referee.judge(*state, previous.get(), surface);
        micros = std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
        signature.add(uint8_t(v.kind));
        for (const Action& a : v.actions) signature.add(state->encode(a));
        for (const Action& a : v.candidates) signature.add(state->encode(a));
        return v;
    };

    for (int move = 1; move <= options.moves && !state->outcome().over(); ++move) {
        const std::vector<Action> legal = state->legalActions();
        legalTotal += static_cast<long long>(legal.size());
        ++turns;
        const Action chosen = legal[random() % legal.size()];
        signature.add(state->encode(chosen));

        if (chosen.kind != Action::Kind::Move) {
            // A pass shows nothing on the boards: there is nothing to judge.
            ++passes;
        } else {
            const bool capture = state->appearance(chosen.to).has_value();
            double us = 0;
            Verdict v = sense(chosen.from, std::nullopt, us);
            intermediate[std::string("lift -> ") + kindName(v.kind)].push_back(us);
            if (capture) {
                v = sense(chosen.to, std::nullopt, us);
                intermediate[std::string("lift captured -> ") + kindName(v.kind)].push_back(us);
            }
            v = sense(chosen.to, kSomething, us);

            // Every capture lifts the captured piece off, so the board history
            // tells even look-alike captures apart: only Commit of the move is right.
            if (v.kind != Verdict::Kind::Commit || v.actions != std::vector<Action>{chosen})
                wrongVerdict(move, *state, chosen, v, "Commit " + state->encode(chosen));
            (capture ? captures : commits).push_back(us);
            surface.markStill();  // as the table does once a move is committed
        }
        previous = state->clone();
        state->apply(chosen);
    }
    const std::string final = state->serialize();
    signature.add(final);

    std::printf(
        "referee on the largest surface: %d x %d cells, %d boards of 8x8 (%d x %d), "
        "occupancy sensing\n",
        g.files(), g.ranks(), surface.boardCount(), kBoardsAcross, kBoardsUp);
    std::printf("skirmish: %d players, %d pieces each, seed %u\n", kPlayers, options.pieces,
                options.seed);
    std::printf("moves played %d (%d passes)%s, legal actions per turn: mean %.1f\n", turns, passes,
                state->outcome().over() ? ", game over" : "",
                turns ? double(legalTotal) / turns : 0.0);
    std::printf("times from the sensor event to the verdict, in microseconds\n\n");
    std::printf("%-38s %7s %11s %11s %11s\n", "event -> verdict", "count", "median", "p99", "max");
    printRow("complete step -> Commit", commits);
    printRow("complete capture -> Commit", captures);
    for (const auto& [label, us] : intermediate) printRow(label, us);
    std::printf("\nsignature: %016llx\n", static_cast<unsigned long long>(signature.value()));
    return 0;
}
