// arbiter-perft: counts the leaf nodes of the legal move tree of a position, to
// prove the move generator against published numbers and to time it.
//
//   arbiter-perft --game fide [--fen FEN|startpos] --depth N [--divide]
//
// The total is always the last line, alone, so scripts can compare it; with
// --divide each first move's count comes before it as "e2e4: 123". Bad
// arguments or a bad FEN print a message on stderr and exit with status 2.
#include <charconv>
#include <cstdint>
#include <iostream>
#include <optional>
#include <string>
#include <string_view>

#include "engine/fide/fen.h"
#include "engine/fide/perft.h"
#include "engine/fide/uci.h"

namespace {

constexpr int kUsageError = 2;
constexpr int kMaxDepth = 20;

// What the command line asks for, with the defaults of a bare invocation.
struct PerftRequest {
    std::string game = "fide";
    std::string fen{arbiter::fide::kStandardStartFen};
    int depth = -1;
    bool divide = false;
};

void printUsage(std::ostream& out) {
    out << "usage: arbiter-perft --game fide [--fen FEN|startpos] --depth N [--divide]\n"
           "  --game NAME   the game; only 'fide' has a perft\n"
           "  --fen FEN     start position (default: the standard start, also 'startpos')\n"
           "  --depth N     plies to count, 0.."
        << kMaxDepth
        << "\n"
           "  --divide      print each first move's count before the total\n";
}

// Parses argv; returns nullopt after printing a message when they are unusable.
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
        } else if (arg == "--game") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            request.game = std::string(*v);
        } else if (arg == "--fen") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            request.fen =
                *v == "startpos" ? std::string(arbiter::fide::kStandardStartFen) : std::string(*v);
        } else if (arg == "--depth") {
            auto v = takeValue(arg);
            if (!v) return std::nullopt;
            int depth = -1;
            auto [end, ec] = std::from_chars(v->data(), v->data() + v->size(), depth);
            if (ec != std::errc() || end != v->data() + v->size() || depth < 0 ||
                depth > kMaxDepth) {
                std::cerr << "arbiter-perft: --depth must be a number from 0 to " << kMaxDepth
                          << ", not '" << *v << "'\n";
                return std::nullopt;
            }
            request.depth = depth;
        } else {
            std::cerr << "arbiter-perft: unknown argument '" << arg << "'\n";
            return std::nullopt;
        }
    }
    if (request.game != "fide") {
        std::cerr << "arbiter-perft: no perft for game '" << request.game << "' (only 'fide')\n";
        return std::nullopt;
    }
    if (request.depth < 0) {
        std::cerr << "arbiter-perft: --depth is required\n";
        return std::nullopt;
    }
    return request;
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
    std::string error;
    std::optional<arbiter::fide::Position> position = arbiter::fide::parseFen(request->fen, error);
    if (!position) {
        std::cerr << "arbiter-perft: bad FEN: " << error << '\n';
        return kUsageError;
    }
    uint64_t total = 0;
    if (request->divide && request->depth > 0) {
        for (const auto& [move, count] : arbiter::fide::perftDivide(*position, request->depth)) {
            std::cout << arbiter::fide::toUci(move) << ": " << count << '\n';
            total += count;
        }
    } else {
        total = arbiter::fide::perft(*position, request->depth);
    }
    std::cout << total << std::endl;
    return 0;
}
