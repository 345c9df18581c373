// Martian Chess's text record numbers its lines as the table's announcements
// number the moves: for two players in pairs, as a score sheet does ("1.",
// "1..."), for four by turns, which the table counts ("after 4 turns").
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "engine/core/game.h"

namespace arbiter {
namespace {

// The record of `moves` played from the start of a table of `players`.
std::string recordOf(int players, const std::vector<std::string>& moves) {
    std::string error;
    GameOptions options;
    options.players = players;
    auto game = makeGame("martian", options, error);
    EXPECT_TRUE(game) << error;
    if (!game) return {};
    auto state = game->start();
    GameRecord record;
    record.startText = state->serialize();
    for (const std::string& move : moves) {
        auto a = state->decode(move);
        EXPECT_TRUE(a && state->isLegal(*a)) << move;
        if (!a) return {};
        record.turnOf.push_back(static_cast<int>(record.actions.size()));
        record.actions.push_back(*a);
        state->apply(*a);
    }
    return game->exportRecord(record);
}

TEST(MartianRecord, TwoPlayersMovesAreNumberedInPairsAsTheTableAnnouncesThem) {
    const std::string record = recordOf(2, {"a3-a5", "d6-d5", "b3-c4"});
    EXPECT_NE(record.find("\n1. Player 1: drone a3-a5 crosses into Player 2's territory\n"
                          "1... Player 2: drone d6-d5\n"
                          "2. Player 1: pawn b3-c4\n"),
              std::string::npos)
        << record;
}

TEST(MartianRecord, FourPlayersTurnsAreCountedAsTheTableCountsThem) {
    const std::string record = recordOf(4, {"a3-a5", "b6-c5", "f6-e5", "g3-f4", "b3-c4"});
    EXPECT_NE(record.find("\n1. Player 1: drone a3-a5 crosses into Player 2's territory\n"
                          "2. Player 2: pawn b6-c5\n"
                          "3. Player 3: pawn f6-e5\n"
                          "4. Player 4: pawn g3-f4\n"
                          "5. Player 1: pawn b3-c4\n"),
              std::string::npos)
        << record;
}

}  // namespace
}  // namespace arbiter
