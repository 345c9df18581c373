// arbiter-perft: counts the complete turns of a game to a fixed depth, to prove
// a game's rules against counts worked out by hand (or, for chess, published)
// and to time them.
//
//   arbiter-perft --game G [--players N] [--option KEY=VALUE]... [--size FxR]
//                 [--position TEXT|startpos] --depth D [--divide] [--moves-only]
//
// FIDE chess is counted by its bitboard perft (engine/fide/perft.h), every other
// game by the generic perft over complete turns (engine/core/perft.h); the two
// agree on chess. The total is always the last line, alone, so scripts can
// compare it; with --divide each first turn's count comes before it as
// "e2e4: 123" (a turn of several actions: "d1-c1 end: 4"). csipgs takes
// --moves-only: board moves alone, to compare with chess-variant engines. Bad arguments,
// unknown games or options and bad positions print a message on stderr and exit
// with status 2.
#include <charconv>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "engine/core/game.h"
#include "engine/core/perft.h"
#include "engine/csipgs/csipgs.h"
#include "engine/fide/fen.h"
#include "engine/fide/perft.h"
#include "engine/fide/uci.h"

namespace {

constexpr int kUsageError = 2;
constexpr int kMaxDepth = 20;

// What the command line asks for, with the defaults of a bare invocation.
struct PerftRequest {
    std::string game = "fide";
    arbiter::GameOptions options;
    std::optional<std::string> position;  // the game's serialize() text; none: the start
    int depth = -1;
    bool divide = false;
    bool movesOnly = false;  // csipgs: board moves alone
};

void printUsage(std::ostream& out) {
    out << "usage: arbiter-perft --game NAME [--players N] [--option KEY=VALUE]... [--size FxR]\n"
           "                     [--position TEXT|startpos] --depth N [--divide] [--moves-only]\n"
           "  --game NAME        the game (default fide); known:";
    for (const std::string& name : arbiter::gameNames()) out << ' ' << name;
    out << "\n"
           "  --players N        how many players (default: the game's)\n"
           "  --option KEY=VALUE one of the game's options; may be repeated\n"
           "  --size FxR         the surface in files and ranks, e.g. 16x8\n"
           "  --position TEXT    the state to count from, as the game writes it (a FEN for\n"
           "                     fide; --fen is the same); default or 'startpos': the start\n"
           "  --depth N          complete turns to count, 0.."
        << kMaxDepth
        << "\n"
           "  --divide           print each first turn's count before the total\n"
           "  --moves-only       csipgs: count board moves alone (no credit, transfers,\n"
           "                     purchases or design changes)\n";
}

std::optional<int> parseNumber(std::string_view text) {
    int n = 0;
    auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
    if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
    return n;
}

// Parses argv; returns nullopt after printing a message when they are unusable.
// The game and its options are checked later, by makeGame, which names what is valid.
std::optional<PerftRequest> parseArguments(int argc, char** argv, bool& helpOnly) {
    PerftRequest request;
    helpOnly = false;
    for (int i = 1; i < argc; ++i) {
        std::string_view arg = argv[i];
        std::string_view value;
        bool hasInlineValue = false;
        if (auto eq = arg.find('='); arg.starts_with("--") && eq != std::string_view::npos) {
            value = arg.substr(eq + 1);
            arg = arg.substr(0, eq);
            hasInlineValue = true;
        }
        auto takeValue = [&](std::string_view name) -> std::optional<std::string_view> {
            if (hasInlineValue) return value;
            if (i + 1 >= argc) {
                std::cerr << "arbiter-perft: " << name << " needs a value\n";
                return std::nullopt;
            }
            return std::string_view(argv[++i]);
        };
        if (arg == "--help" || arg == "-h") {
            helpOnly = true;
            return request;
        } else if (arg == "--divide") {
            request.divide = true;
        } else if (arg == "--moves-only") {
            request.movesOnly = true;
        } else if (arg == "--game") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            request.game = std::string(*v);
        } else if (arg == "--fen" || arg == "--position") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            if (*v == "startpos")
                request.position.reset();
            else
                request.position = std::string(*v);
        } else if (arg == "--players") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            auto n = parseNumber(*v);
            if (!n || *n < 1) {
                std::cerr << "arbiter-perft: --players must be a positive number, not '" << *v
                          << "'\n";
                return std::nullopt;
            }
            request.options.players = *n;
        } else if (arg == "--option") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            auto eq = v->find('=');
            if (eq == std::string_view::npos || eq == 0) {
                std::cerr << "arbiter-perft: --option takes KEY=VALUE, not '" << *v << "'\n";
                return std::nullopt;
            }
            request.options.values[std::string(v->substr(0, eq))] = std::string(v->substr(eq + 1));
        } else if (arg == "--size") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            auto x = v->find('x');
            auto files = x == std::string_view::npos ? std::nullopt : parseNumber(v->substr(0, x));
            auto ranks = x == std::string_view::npos ? std::nullopt : parseNumber(v->substr(x + 1));
            if (!files || !ranks || *files < 1 || *ranks < 1) {
                std::cerr << "arbiter-perft: --size takes FILESxRANKS such as 16x8, not '" << *v
                          << "'\n";
                return std::nullopt;
            }
            request.options.files = *files;
            request.options.ranks = *ranks;
        } else if (arg == "--depth") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            auto depth = parseNumber(*v);
            if (!depth || *depth < 0 || *depth > kMaxDepth) {
                std::cerr << "arbiter-perft: --depth must be a number from 0 to " << kMaxDepth
                          << ", not '" << *v << "'\n";
                return std::nullopt;
            }
            request.depth = *depth;
        } else {
            std::cerr << "arbiter-perft: unknown argument '" << arg << "'\n";
            return std::nullopt;
        }
    }
    if (request.depth < 0) {
        std::cerr << "arbiter-perft: --depth is required\n";
        return std::nullopt;
    }
    return request;
}

// Chess by its own bitboard perft, far faster than cloning a GameState per move.
int countFide(const PerftRequest& request) {
    std::string error;
    std::optional<arbiter::fide::Position> position = arbiter::fide::parseFen(
        request.position.value_or(std::string(arbiter::fide::kStandardStartFen)), error);
    if (!position) {
        std::cerr << "arbiter-perft: bad FEN: " << error << '\n';
        return kUsageError;
    }
    uint64_t total = 0;
    if (request.divide && request.depth > 0) {
        for (const auto& [move, count] : arbiter::fide::perftDivide(*position, request.depth)) {
            std::cout << arbiter::fide::toUci(move) << ": " << count << '\n';
            total += count;
        }
    } else {
        total = arbiter::fide::perft(*position, request.depth);
    }
    std::cout << total << std::endl;
    return 0;
}

int countAnyGame(const arbiter::Game& game, const PerftRequest& request) {
    std::unique_ptr<arbiter::GameState> state;
    if (request.position) {
        std::string error;
        state = game.load(*request.position, error);
        if (!state) {
            std::cerr << "arbiter-perft: bad " << game.name() << " position: " << error << '\n';
            return kUsageError;
        }
    } else {
        state = game.start();
    }
    uint64_t total = 0;
    if (request.movesOnly) {
        // Only csipgs has turns beyond board moves to leave out (checked in main).
        const auto& csipgs = static_cast<const arbiter::csipgs::CsipgsState&>(*state);
        if (request.divide && request.depth > 0) {
            for (const auto& [move, count] : csipgs.perftMovesOnlyDivide(request.depth)) {
                std::cout << csipgs.encode(move) << ": " << count << '\n';
                total += count;
            }
        } else {
            total = csipgs.perftMovesOnly(request.depth);
        }
    } else if (request.divide && request.depth > 0) {
        for (const auto& [turn, count] : arbiter::perftDivide(*state, request.depth)) {
            std::cout << turn << ": " << count << '\n';
            total += count;
        }
    } else {
        total = arbiter::perft(*state, request.depth);
    }
    std::cout << total << std::endl;
    return 0;
}

}  // namespace

int main(int argc, char** argv) {
    bool helpOnly = false;
    std::optional<PerftRequest> request = parseArguments(argc, argv, helpOnly);
    if (helpOnly) {
        printUsage(std::cout);
        return 0;
    }
    if (!request) {
        printUsage(std::cerr);
        return kUsageError;
    }
    // Every game, chess too, goes through makeGame so that options are checked
    // the same way everywhere, with messages that list the valid ones.
    std::string error;
    std::unique_ptr<arbiter::Game> game = arbiter::makeGame(request->game, request->options, error);
    if (!game) {
        std::cerr << "arbiter-perft: " << error << '\n';
        return kUsageError;
    }
    if (request->movesOnly && game->name() != "csipgs") {
        std::cerr << "arbiter-perft: --moves-only is for csipgs, whose turns are more than "
                     "board moves\n";
        return kUsageError;
    }
    if (game->name() == "fide") return countFide(*request);
    return countAnyGame(*game, *request);
}
