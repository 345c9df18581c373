// How every game reads an action said as text: its numbers (ranks, seats,
// coins, counts) are written without leading zeros, in every game alike, so
// that no action can be said in a million characters.
#include <gtest/gtest.h>

#include <cctype>
#include <random>
#include <string>

#include "engine/core/game.h"

namespace arbiter {
namespace {

// `code` with a zero put before its digit run at `at`.
std::string zeroBefore(std::string code, size_t at) {
    return code.insert(at, "0");
}

TEST(ActionText, ANumberWithALeadingZeroIsNoActionInAnyGame) {
    for (const std::string& name : gameNames()) {
        SCOPED_TRACE(name);
        auto game = makeGame(name);
        ASSERT_TRUE(game);
        auto state = game->start();
        std::mt19937 pick(10);
        size_t tried = 0;
        for (int ply = 0; ply < 40 && !state->outcome().over(); ++ply) {
            auto legal = state->legalActions();
            if (legal.empty()) break;
            for (const Action& a : legal) {
                const std::string code = state->encode(a);
                for (size_t i = 0; i < code.size(); ++i) {
                    const bool runStarts =
                        std::isdigit(static_cast<unsigned char>(code[i])) &&
                        (i == 0 || !std::isdigit(static_cast<unsigned char>(code[i - 1])));
                    if (!runStarts) continue;
                    ++tried;
                    EXPECT_FALSE(state->decode(zeroBefore(code, i))) << zeroBefore(code, i);
                    EXPECT_FALSE(
                        state->decode(code.substr(0, i) + std::string(1'000, '0') + code.substr(i)))
                        << code << " with a thousand zeros";
                }
            }
            state->apply(legal[pick() % legal.size()]);
        }
        EXPECT_GT(tried, 0u) << "no action of " << name << " has a number";
    }
}

// Colonization's position text counts empty cells ("16" for a rank of
// sixteen): "016" is no count.
TEST(ActionText, ACountOfEmptyCellsWithALeadingZeroIsNoPosition) {
    auto game = makeGame("colonization");
    ASSERT_TRUE(game);
    const std::string start = game->start()->serialize();
    const size_t slash = start.find('/');
    ASSERT_NE(slash, std::string::npos);
    size_t count = slash;
    while (count > 0 && std::isdigit(static_cast<unsigned char>(start[count - 1]))) --count;
    ASSERT_LT(count, slash) << start;
    std::string error;
    EXPECT_TRUE(game->load(start, error)) << error;
    EXPECT_FALSE(game->load(zeroBefore(start, count), error)) << zeroBefore(start, count);
}

}  // namespace
}  // namespace arbiter
