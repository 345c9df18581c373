// MoveBatches against the listing: the same count and, index by index, the
// same move, along random games from positions rich in pins, checks,
// promotions, en passant and castling.
#include <gtest/gtest.h>

#include <string>

#include "engine/fide/fen.h"
#include "engine/fide/move_batches.h"
#include "engine/fide/movegen.h"
#include "fide_test_support.h"
#include "seeded_numbers.h"

namespace arbiter::fide {
namespace {

using testing::positionFromFen;

// Compares the runs with the list in one position; false at the first difference.
bool batchesMatchListing(const Position& position) {
    MoveList listed;
    generateLegalMoves(position, listed);
    MoveBatches batches;
    generateMoveBatches(position, batches);
    EXPECT_EQ(batches.count(), listed.size()) << toFen(position);
    if (batches.count() != listed.size()) return false;
    for (int i = 0; i < listed.size(); ++i) {
        EXPECT_EQ(batches[i], listed[i]) << "move " << i << " in " << toFen(position);
        if (!(batches[i] == listed[i])) return false;
    }
    return true;
}

// Random games from `fen`, every position checked; how many were.
int checkRandomGames(std::string_view fen, uint64_t seed, int games) {
    SeededNumbers random(seed);
    int checked = 0;
    for (int game = 0; game < games; ++game) {
        Position position = positionFromFen(fen);
        for (int ply = 0; ply < 400; ++ply) {
            if (!batchesMatchListing(position)) return checked;
            ++checked;
            MoveList moves;
            generateLegalMoves(position, moves);
            if (moves.empty() || position.halfmoveClock() >= 150) break;
            position.play(moves[random.below(moves.size())]);
        }
    }
    return checked;
}

TEST(FideMoveBatches, StartPositionHoldsTheTwentyMovesInOrder) {
    EXPECT_TRUE(batchesMatchListing(Position::standardStart()));
}

TEST(FideMoveBatches, PinnedPawnPromotesOnlyByTakingThePinner) {
    const Position pinned = positionFromFen("4k2b/6P1/8/4K3/8/8/8/8 w - - 0 1");
    MoveBatches batches;
    generateMoveBatches(pinned, batches);
    EXPECT_TRUE(batchesMatchListing(pinned));
    int promotions = 0;
    for (int i = 0; i < batches.count(); ++i)
        promotions += batches[i].type() == Move::Type::Promotion;
    EXPECT_EQ(promotions, 4);
}

TEST(FideMoveBatches, MatchTheListingAlongRandomGames) {
    const char* starts[] = {
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
        "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
        "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
        "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
        "4k2b/6P1/8/4K3/8/8/8/8 w - - 0 1",
    };
    uint64_t seed = 1;
    for (const char* fen : starts) {
        // Each position of each game is compared; 30 games of up to 400 plies.
        EXPECT_GT(checkRandomGames(fen, seed++, 30), 1000) << fen;
    }
}

}  // namespace
}  // namespace arbiter::fide
