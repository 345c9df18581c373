// The shared reader of FEN-like placements: the structure it reads for every
// game, and the faults it hands a game to word.
#include "engine/core/placement_text.h"

#include <gtest/gtest.h>

#include <map>
#include <string>

namespace arbiter {
namespace {

// A placement of 3x2 cells whose pieces are single capitals, read into a map
// from (file, rank) to the letter.
struct Read {
    bool ok = false;
    std::string error;
    std::map<std::pair<int, int>, char> pieces;
};

Read readThree(std::string_view text, EmptyCounts counts, int mostEmpty = 3) {
    Read r;
    auto piece = [&](std::string_view at, int file, int rank, std::string& why) -> size_t {
        if (at[0] < 'A' || at[0] > 'Z') {
            why = rankName(rank) + ": '" + std::string(1, at[0]) + "' is no piece";
            return 0;
        }
        r.pieces[{file, rank}] = at[0];
        return 1;
    };
    r.ok = readPlacement(text, PlacementShape{3, 2, mostEmpty, counts}, piece, {}, r.error);
    return r;
}

TEST(PlacementText, ReadsRanksFromTheTopDownWithCountsOfEmptyCells) {
    const Read r = readThree("A2/1BC", EmptyCounts::SingleDigit);
    ASSERT_TRUE(r.ok) << r.error;
    const std::map<std::pair<int, int>, char> expected = {
        {{0, 1}, 'A'}, {{1, 0}, 'B'}, {{2, 0}, 'C'}};
    EXPECT_EQ(r.pieces, expected);
}

TEST(PlacementText, FaultsOfStructureAreToldInPlainWordsByDefault) {
    const auto single = EmptyCounts::SingleDigit;
    EXPECT_EQ(readThree("3", single).error, "the cells must be 2 ranks separated by '/', not 1");
    EXPECT_EQ(readThree("3/ABCD", single).error, "rank 1 has more than 3 cells");
    EXPECT_EQ(readThree("3/A3", single).error, "rank 1 has more than 3 cells");
    EXPECT_EQ(readThree("AB/3", single).error, "rank 2 has 2 cells, not 3");
    EXPECT_EQ(readThree("3/0ABC", single).error, "rank 1: a count of empty cells is 1 to 3, not 0");
    EXPECT_EQ(readThree("3/4", single).error, "rank 1: a count of empty cells is 1 to 3, not 4");
    EXPECT_EQ(readThree("3/12", single).error,
              "rank 1: two counts of empty cells side by side: write one");
    EXPECT_EQ(readThree("3/Ab1", single).error, "rank 1: 'b' is no piece");
}

TEST(PlacementText, TheLowestFaultyRankIsTold) {
    EXPECT_EQ(readThree("A/B", EmptyCounts::SingleDigit).error, "rank 1 has 1 cells, not 3");
}

TEST(PlacementText, DigitsSideBySideAddUpOrMakeOneNumberWhereTheGameSaysSo) {
    EXPECT_TRUE(readThree("12/3", EmptyCounts::AddingDigits).ok);
    EXPECT_EQ(readThree("22/3", EmptyCounts::AddingDigits).error, "rank 2 has more than 3 cells");
    EXPECT_TRUE(readThree("3/3", EmptyCounts::Number).ok);
    // A count is written as numbers are: "03" is none (a million zeros could lead it).
    EXPECT_FALSE(readThree("03/3", EmptyCounts::Number).ok);
    EXPECT_EQ(readThree("12/3", EmptyCounts::Number, 3).error,
              "rank 2: a count of empty cells is 1 to 3, not 12");
}

TEST(PlacementText, AGameWordsTheFaultsItself) {
    std::string error;
    auto piece = [](std::string_view, int, int, std::string&) -> size_t { return 1; };
    auto words = [](const PlacementFault& fault) {
        return fault.kind == PlacementFault::Kind::BadCount
                   ? "'" + std::string(fault.rest) + "' at " + rankName(fault.rank)
                   : fault.words();
    };
    EXPECT_FALSE(readPlacement("8/9x", PlacementShape{}, piece, words, error));
    EXPECT_EQ(error, "the cells must be 8 ranks separated by '/', not 2");
    EXPECT_FALSE(readPlacement("8/8/8/8/8/8/8/9x", PlacementShape{}, piece, words, error));
    EXPECT_EQ(error, "'9x' at rank 1");
}

}  // namespace
}  // namespace arbiter
