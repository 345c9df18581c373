// arbiter-bench-referee: how long the referee takes to judge a sensor event on
// the largest table we support, 16 occupancy boards in a 4 x 4 grid (32 x 32
// cells) with 16 players of Skirmish, whose pieces all look alike; and, on a
// Colonization-sized table with many more legal actions, how long it takes to
// catch up with two moves made while a board was away; and Colonization for
// 16 players on the 16 boards, timed from the middle of a game.
//
//   arbiter-bench-referee [--moves N] [--pieces P] [--seed S]
//
// Why: the referee is sparse. Once per committed state, Referee::prepare learns
// every legal action's effect, indexed by cell; after that, judging a sensor
// event looks only at the cells that differ from the state and at the actions
// that touch them. So what matters is the time per event (which must not grow
// with the surface or the number of actions), the time to prepare a new state
// per commit, and the time to catch up two plies, which needs the next
// player's actions too. The latency benchmark measures one board through the
// whole daemon; this one measures only the surface and the referee.
//
// The largest table: a seeded random game is played, each move fed to the
// Surface as a board reports it (the piece is lifted off `from`; a captured
// piece is lifted off `to`; the piece is put on `to`), and judge() is timed
// after every event, the time running from the event reaching the surface to
// the verdict. Every verdict is checked, since a benchmark that measures a
// wrong answer is worthless: after the last event of a move the verdict must be
// Commit of exactly that move (the captured piece was lifted off, so even
// look-alike captures are told apart by history). Verdicts after the earlier
// events are reported by kind. The signature hashes every verdict and the final
// state: two runs with the same options must print the same one, and a change
// to the referee that prints another has changed a verdict.
//
// The dense table: 4 occupancy boards in a 2 x 2 grid (16 x 16 cells, as
// Colonization on four boards) and 4 players of Skirmish with 40 pieces each
// scattered over it (a seeded arrangement, loaded as a Skirmish state), so that
// a player has some 150 to 200 legal steps a turn (Skirmish's own start packs
// at most 16 pieces into a corner, too few for that). Moves are made as on the
// largest table, and every fourth turn a board goes away, the mover and the
// next player each make a step while it is away (far apart, without captures,
// so that only one explanation fits), and the board comes back: the time from
// its dump to the verdict, which must be Commit of both steps, is the catch-up.
//
// Colonization: 16 players on the 16 boards, which tell pieces apart, in two
// colours, so most pieces look like many others'. The first 176 actions (the
// placements, then some ten rounds of mostly production) are played untimed;
// then every action is shown as hands make it (a produced piece put down,
// where it replaces pieces after those are taken off), and what an action
// does beyond the mover's hands is made before the next, as players do when
// told. Actions said rather than shown (a Weapon, a step into isolation)
// count as passes.
#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/colonization_growth.h"
#include "daemon/referee/referee.h"
#include "daemon/referee/surface.h"
#include "engine/core/game.h"
#include "engine/skirmish/skirmish.h"

using namespace arbiter;

namespace {

using Clock = std::chrono::steady_clock;

constexpr int kBoardsAcross = 4;
constexpr int kBoardsUp = 4;
constexpr int kPlayers = 16;

// The dense table: Colonization's four boards, few players with many pieces.
constexpr int kDenseBoardsAcross = 2;
constexpr int kDenseBoardsUp = 2;
constexpr int kDensePlayers = 4;
constexpr int kDensePieces = 40;
constexpr int kCatchUpEvery = 4;  // turns

// Colonization on the largest surface: actions before the timing starts (16
// placements, then some ten rounds of mostly production).
constexpr int kColonizationWarmUp = 176;

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
        for (char c : text) {
            hash_ ^= static_cast<unsigned char>(c);
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
        case Verdict::Kind::Replace:
            return "Replace";
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

[[noreturn]] void wrongVerdict(int move, const GameState& state, const std::string& played,
                               const Verdict& v, const std::string& expected) {
    std::fprintf(stderr,
                 "arbiter-bench-referee: wrong verdict at move %d (%s plays %s): expected %s, "
                 "got %s",
                 move, state.playerName(state.toMove()).c_str(), played.c_str(), expected.c_str(),
                 kindName(v.kind));
    for (const Action& a : v.actions) std::fprintf(stderr, " %s", state.encode(a).c_str());
    for (const Action& a : v.candidates) std::fprintf(stderr, " %s?", state.encode(a).c_str());
    for (const CellFix& fix : v.fixes)
        std::fprintf(stderr, "; %s", describeFix(fix, state.geometry()).c_str());
    for (const Action& a : v.fixesComplete)
        std::fprintf(stderr, " (completes %s)", state.encode(a).c_str());
    std::fprintf(stderr, "\nstate: %s\n", state.serialize().c_str());
    std::exit(1);
}

double microsSince(Clock::time_point begin) {
    return std::chrono::duration<double, std::micro>(Clock::now() - begin).count();
}

// Which legal action a seeded game plays next.
using Chooser = std::function<Action(const std::vector<Action>&, std::mt19937&)>;

Action anyAction(const std::vector<Action>& legal, std::mt19937& random) {
    return legal[random() % legal.size()];
}

// One table to play on: its boards and the state its game begins in.
struct TableSpec {
    int boardsAcross = 0;
    int boardsUp = 0;
    std::unique_ptr<GameState> start;
    // Every this many turns, two moves are made while a board is away; 0: never.
    int catchUpEvery = 0;
    Chooser choose = anyAction;
    // What the boards tell: Skirmish's pieces all look alike to them anyway.
    Sensing sensing = Sensing::Occupancy;
    // Actions played before the timing starts, to reach the middle of a game.
    int warmUp = 0;
};

// What one table's game measured, in microseconds, and its signature.
struct Figures {
    std::vector<double> commits, captures, placements;        // after the last event of a move
    std::map<std::string, std::vector<double>> intermediate;  // by event and verdict
    std::vector<double> prepares;                             // per committed state
    std::vector<double> catchUps;                             // board back -> Commit of two
    long long legalTotal = 0;
    int turns = 0, passes = 0;
    bool over = false;
    Signature signature;
};

// Whether two moves are far enough apart that no other pair of steps explains
// what they leave on look-alike occupancy boards.
bool farApart(const Geometry& g, const Action& a, const Action& b) {
    for (Cell x : {a.from, a.to}) {
        for (Cell y : {b.from, b.to}) {
            if (std::max(std::abs(g.file(x) - g.file(y)), std::abs(g.rank(x) - g.rank(y))) < 3)
                return false;
        }
    }
    return true;
}

// Plays `moves` random moves of the table's game through a Surface and a
// prepared Referee, timing and checking every verdict.
Figures play(TableSpec table, int moves, uint32_t seed) {
    Figures f;
    std::unique_ptr<GameState> state = std::move(table.start);
    std::unique_ptr<GameState> previous;
    const Geometry& g = state->geometry();

    // Board i has its a1 corner on cell (8 * (i % across), 8 * (i / across)): a1, i1, q1, ...
    std::vector<BoardPlacement> placements;
    for (int b = 0; b < table.boardsAcross * table.boardsUp; ++b) {
        BoardPlacement p;
        p.name = "board" + std::to_string(b + 1);
        p.originFile = 8 * (b % table.boardsAcross);
        p.originRank = 8 * (b / table.boardsAcross);
        p.sensing = table.sensing;
        placements.push_back(p);
    }
    Surface surface(g, placements);
    // What a board reports for a look: on an occupancy board, only that
    // something is there.
    auto sensed = [&](const Appearance& look) -> Appearance {
        if (!look || table.sensing == Sensing::ColourAndKind) return look;
        return kSomething;
    };
    const std::vector<BoardSquare> where = squaresOfCells(surface, g);
    // What the boards hold, as they would report it in a dump.
    std::vector<BoardSquares> boards(static_cast<size_t>(surface.boardCount()));
    Millis now = 0;
    for (int b = 0; b < surface.boardCount(); ++b) {
        BoardSquares& squares = boards[size_t(b)];
        for (int s = 0; s < 64; ++s) {
            Cell c = Surface::cellOf(g, surface.placement(b), s);
            if (c != NoCell) squares[size_t(s)] = sensed(state->appearance(c));
        }
        surface.boardDump(b, squares, now);
    }
    surface.markStill();  // as the table does when a game begins

    Referee referee;
    auto prepare = [&](const Action* last) {
        auto begin = Clock::now();
        referee.prepare(*state, previous.get(), last, surface);
        f.prepares.push_back(microsSince(begin));
    };
    prepare(nullptr);
    if (Verdict v = referee.judge(surface); v.kind != Verdict::Kind::Settled) {
        std::fprintf(stderr, "arbiter-bench-referee: the start position is not Settled but %s\n",
                     kindName(v.kind));
        std::exit(1);
    }

    std::mt19937 random(seed);
    // A board reports a change on one of its squares; a board that is away
    // keeps it to itself until its next dump.
    auto report = [&](Cell c, Appearance content) {
        const BoardSquare& bs = where[size_t(c)];
        boards[size_t(bs.board)][size_t(bs.square)] = content;
        surface.squareChanged(bs.board, bs.square, content, ++now);
    };
    auto sign = [&](const Verdict& v) {
        f.signature.add(uint8_t(v.kind));
        for (const Action& a : v.actions) f.signature.add(state->encode(a));
        for (const Action& a : v.candidates) f.signature.add(state->encode(a));
    };
    // Feeds one sensor event and times it until the verdict.
    auto sense = [&](Cell c, Appearance content, double& micros) {
        auto begin = Clock::now();
        report(c, content);
        Verdict v = referee.judge(surface);
        micros = microsSince(begin);
        sign(v);
        return v;
    };
    auto step = [&](const Action& a) {
        report(a.from, std::nullopt);
        report(a.to, sensed(state->appearance(a.from)));
    };
    // What an action does beyond the mover's hands (pieces cut off, replaced,
    // a Weapon's victims) is made on the boards, as players do when told.
    auto catchUpBoards = [&] {
        for (Cell c = 0; c < g.size(); ++c) {
            const BoardSquare& bs = where[size_t(c)];
            const Appearance want = sensed(state->appearance(c));
            if (bs.board >= 0 && boards[size_t(bs.board)][size_t(bs.square)] != want)
                report(c, want);
        }
        surface.markStill();
    };
    // The middle of a game, untimed: each action applied and shown at once.
    for (int i = 0; i < table.warmUp && !state->outcome().over(); ++i) {
        const std::vector<Action> legal = state->legalActions();
        if (legal.empty()) break;
        const Action chosen = table.choose(legal, random);
        f.signature.add(state->encode(chosen));
        previous = state->clone();
        state->apply(chosen);
        catchUpBoards();
        referee.prepare(*state, previous.get(), &chosen, surface);
    }
    auto nonCaptures = [](const GameState& s) {
        std::vector<Action> steps;
        for (const Action& a : s.legalActions()) {
            if (a.kind == Action::Kind::Move && !s.appearance(a.to)) steps.push_back(a);
        }
        return steps;
    };

    for (int move = 1; move <= moves && !state->outcome().over(); ++move) {
        const std::vector<Action> legal = state->legalActions();
        f.legalTotal += static_cast<long long>(legal.size());
        ++f.turns;

        if (table.catchUpEvery > 0 && move % table.catchUpEvery == 0 && move < moves) {
            // Two steps made while a board is away, far apart and without captures.
            std::vector<Action> firsts = nonCaptures(*state);
            std::optional<Action> a, b;
            if (!firsts.empty()) {
                a = firsts[random() % firsts.size()];
                auto after = state->clone();
                after->apply(*a);
                std::vector<Action> seconds;
                for (const Action& s : nonCaptures(*after)) {
                    if (farApart(g, *a, s)) seconds.push_back(s);
                }
                if (!seconds.empty()) b = seconds[random() % seconds.size()];
            }
            if (a && b) {
                f.signature.add(state->encode(*a));
                const int away = where[size_t(a->from)].board;
                surface.boardLost(away, ++now);
                step(*a);
                step(*b);
                if (Verdict v = referee.judge(surface); v.kind != Verdict::Kind::Unknown)
                    wrongVerdict(move, *state, state->encode(*a), v, "Unknown");
                auto begin = Clock::now();
                surface.boardDump(away, boards[size_t(away)], ++now);
                Verdict v = referee.judge(surface, 2);
                f.catchUps.push_back(microsSince(begin));
                sign(v);
                if (v.kind != Verdict::Kind::Commit || v.actions != std::vector<Action>{*a, *b})
                    wrongVerdict(move, *state, state->encode(*a) + " then " + "the next step", v,
                                 "Commit of both");
                surface.markStill();
                state->apply(*a);
                previous = state->clone();
                f.signature.add(state->encode(*b));
                state->apply(*b);
                prepare(&*b);
                ++move;
                ++f.turns;
                f.legalTotal += static_cast<long long>(previous->legalActions().size());
                continue;
            }
        }

        const Action chosen = table.choose(legal, random);
        f.signature.add(state->encode(chosen));

        if (state->effect(chosen).empty()) {
            // Said rather than shown (a pass, a Colonization step into
            // isolation): there is nothing to judge on the boards.
            ++f.passes;
        } else if (chosen.kind == Action::Kind::Place) {
            // A piece put down: placed, or produced in place of others. Where
            // it goes on a square a replaced piece leaves, an occupancy board
            // cannot see the exchange: the replaced pieces come off first, as
            // such a table must make them, and the one there is lifted.
            double us = 0;
            if (boards[size_t(where[size_t(chosen.to)].board)]
                      [size_t(where[size_t(chosen.to)].square)]) {
                for (const CellChange& ch : state->effect(chosen).changes) {
                    if (ch.consequence) report(ch.cell, sensed(ch.after));
                }
                Verdict lifted = sense(chosen.to, std::nullopt, us);
                f.intermediate[std::string("lift replaced -> ") + kindName(lifted.kind)].push_back(
                    us);
            }
            const Effect placing = state->effect(chosen);
            const CellChange* put = placing.find(chosen.to);
            Verdict v = sense(chosen.to, sensed(put ? put->after : Appearance(kSomething)), us);
            if (v.kind != Verdict::Kind::Commit || v.actions != std::vector<Action>{chosen})
                wrongVerdict(move, *state, state->encode(chosen), v,
                             "Commit " + state->encode(chosen));
            f.placements.push_back(us);
            surface.markStill();
        } else if (chosen.kind != Action::Kind::Move) {
            // A pass shows nothing on the boards: there is nothing to judge.
            ++f.passes;
        } else {
            const bool capture = state->appearance(chosen.to).has_value();
            double us = 0;
            Verdict v = sense(chosen.from, std::nullopt, us);
            f.intermediate[std::string("lift -> ") + kindName(v.kind)].push_back(us);
            if (capture) {
                v = sense(chosen.to, std::nullopt, us);
                f.intermediate[std::string("lift captured -> ") + kindName(v.kind)].push_back(us);
            }
            v = sense(chosen.to, sensed(state->appearance(chosen.from)), us);

            // Every capture lifts the captured piece off, so the board history
            // tells even look-alike captures apart: only Commit of the move is right.
            if (v.kind != Verdict::Kind::Commit || v.actions != std::vector<Action>{chosen})
                wrongVerdict(move, *state, state->encode(chosen), v,
                             "Commit " + state->encode(chosen));
            (capture ? f.captures : f.commits).push_back(us);
            surface.markStill();  // as the table does once a move is committed
        }
        previous = state->clone();
        state->apply(chosen);
        catchUpBoards();
        prepare(&chosen);
    }
    f.over = state->outcome().over();
    f.signature.add(state->serialize());
    return f;
}

void printFigures(const Figures& f) {
    std::printf("moves played %d (%d passes)%s, legal actions per turn: mean %.1f\n", f.turns,
                f.passes, f.over ? ", game over" : "",
                f.turns ? double(f.legalTotal) / f.turns : 0.0);
    std::printf("times in microseconds: from the sensor event to the verdict, and per commit\n\n");
    std::printf("%-38s %7s %11s %11s %11s\n", "event -> verdict", "count", "median", "p99", "max");
    printRow("complete step -> Commit", f.commits);
    printRow("complete capture -> Commit", f.captures);
    if (!f.placements.empty()) printRow("piece put down -> Commit", f.placements);
    for (const auto& [label, us] : f.intermediate) printRow(label, us);
    if (!f.catchUps.empty()) printRow("board back, two moves -> Commit", f.catchUps);
    printRow("prepare a new state", f.prepares);
}

// Skirmish on Colonization's four boards: `pieces` each for `players`,
// scattered by a seeded shuffle of the cells.
std::unique_ptr<GameState> denseStart(uint32_t seed) {
    const int files = 8 * kDenseBoardsAcross, ranks = 8 * kDenseBoardsUp;
    std::vector<char> cells(size_t(files * ranks), '.');
    std::vector<size_t> order(cells.size());
    for (size_t i = 0; i < order.size(); ++i) order[i] = i;
    std::mt19937 random(seed);
    std::shuffle(order.begin(), order.end(), random);
    for (int i = 0; i < kDensePlayers * kDensePieces; ++i)
        cells[order[size_t(i)]] = char('a' + i % kDensePlayers);
    std::string text = std::to_string(files) + "x" + std::to_string(ranks) + " ";
    for (int p = 0; p < kDensePlayers; ++p) text += p ? ",p0" : "p0";
    text += " 0 ";
    for (int r = ranks - 1; r >= 0; --r) {
        for (int f = 0; f < files; ++f) text += cells[size_t(r * files + f)];
        if (r) text += '/';
    }
    std::string error;
    auto state = skirmish::SkirmishState::load(text, error);
    if (!state) {
        std::fprintf(stderr, "arbiter-bench-referee: the dense table's state: %s\n", error.c_str());
        std::exit(1);
    }
    return state;
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
    Figures largest =
        play({kBoardsAcross, kBoardsUp, game.start(), 0}, options.moves, options.seed);
    std::printf(
        "referee on the largest surface: %d x %d cells, %d boards of 8x8 (%d x %d), "
        "occupancy sensing\n",
        8 * kBoardsAcross, 8 * kBoardsUp, kBoardsAcross * kBoardsUp, kBoardsAcross, kBoardsUp);
    std::printf("skirmish: %d players, %d pieces each, seed %u\n", kPlayers, options.pieces,
                options.seed);
    printFigures(largest);
    std::printf("\nsignature: %016llx\n",
                static_cast<unsigned long long>(largest.signature.value()));

    Figures dense =
        play({kDenseBoardsAcross, kDenseBoardsUp, denseStart(options.seed), kCatchUpEvery},
             options.moves, options.seed);
    std::printf(
        "\nreferee on a dense table: %d x %d cells, %d boards of 8x8 (%d x %d), occupancy "
        "sensing\n",
        8 * kDenseBoardsAcross, 8 * kDenseBoardsUp, kDenseBoardsAcross * kDenseBoardsUp,
        kDenseBoardsAcross, kDenseBoardsUp);
    std::printf(
        "skirmish: %d players, %d pieces each scattered, seed %u; every %d turns two moves are "
        "made while a board is away\n",
        kDensePlayers, kDensePieces, options.seed, kCatchUpEvery);
    printFigures(dense);
    std::printf("\nsignature of the dense table: %016llx\n",
                static_cast<unsigned long long>(dense.signature.value()));

    // Colonization: 16 players on the 16 boards, timed from the middle of a game.
    GameOptions colonization;
    colonization.players = kPlayers;
    colonization.files = 8 * kBoardsAcross;
    colonization.ranks = 8 * kBoardsUp;
    auto societies = makeGame("colonization", colonization, error);
    if (!societies) {
        std::fprintf(stderr, "arbiter-bench-referee: colonization: %s\n", error.c_str());
        return 1;
    }
    Figures middle = play({kBoardsAcross, kBoardsUp, societies->start(), 0, bench::mostlyProducing,
                           Sensing::ColourAndKind, kColonizationWarmUp},
                          options.moves, options.seed);
    std::printf(
        "\nreferee on Colonization: %d x %d cells, %d boards of 8x8 that tell pieces apart (as "
        "DGT boards do), %d players in two colours; timed after %d actions (placements, then "
        "mostly production)\n",
        8 * kBoardsAcross, 8 * kBoardsUp, kBoardsAcross * kBoardsUp, kPlayers, kColonizationWarmUp);
    printFigures(middle);
    std::printf("\nsignature of the Colonization table: %016llx\n",
                static_cast<unsigned long long>(middle.signature.value()));
    return 0;
}
