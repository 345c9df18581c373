// Konfusion perft (engine/core/perft over complete turns): small positions
// whose counts were worked out by hand from the rules (docs/perft.md,
// "Konfusion: small positions, counted by hand"), the start's first turns
// counted by hand, deeper counts of the start as our own tool measured them
// once those agreed, and arbiter-perft itself run as a user would.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>

#include "engine/core/perft.h"
#include "engine/konfusion/konfusion.h"
#include "tests/engine/konfusion_test_support.h"
#include "tests/engine/perft_program.h"

namespace arbiter::konfusion {
namespace {

using namespace support;

uint64_t count(const std::string& pieces, int depth, const std::string& captured = "0,0") {
    return perft(*position(pieces, 'S', captured), depth);
}

uint64_t countWithDie(const std::string& pieces, int depth) {
    return perft(*loaded(positionText(pieces, 'S', "0,0", "?"), seats(2, true)), depth);
}

// South's 26 first moves, one by one (docs/perft.md): ten by the 1s, six by
// the 2s, two by the 3s, four by the 4s, four by the 5, none by the hemmed 6.
TEST(KonfusionPerft, TheFirstMovesFromTheStartCountedByHand) {
    const std::set<std::string> byHand = {
        "d3-d4", "d3-c3", "e3-e4", "f3-f4", "g3-g4", "g3-h3", "c2-c3", "c2-b2", "h2-h3",
        "h2-i2", "e2-c4", "e2-g4", "f2-d4", "f2-h4", "b1-b3", "i1-i3", "c1-c4", "h1-h4",
        "d1-b5", "d1-h5", "g1-c5", "g1-i5", "e1-e6", "e1-j6", "e1-b6", "e1-j1"};
    for (int players : {2, 3, 4}) {
        KonfusionState s(seats(players));
        std::set<std::string> turns;
        std::map<std::string, int> byCells;
        for (const TurnCount& t : perftDivide(s, 1)) {
            // Three and four players: the same moves, some now captures of West's or East's.
            std::string plain = t.turn;
            if (plain.size() > 2 && plain[2] == 'x') plain[2] = '-';
            turns.insert(plain);
        }
        EXPECT_EQ(turns, byHand) << players << " players";
        EXPECT_EQ(perft(s, 1), 26u);
    }
}

// Measured by our tool once the counts by hand agreed: a guard against change.
// Deeper ones are in tests/engine/perft_full.cmake.
TEST(KonfusionPerft, TheStartAsMeasured) {
    EXPECT_EQ(perft(KonfusionState(seats(2)), 2), 676u);
    EXPECT_EQ(perft(KonfusionState(seats(2)), 3), 20705u);
    EXPECT_EQ(perft(KonfusionState(seats(3)), 2), 676u);
    EXPECT_EQ(perft(KonfusionState(seats(4)), 2), 676u);
}

TEST(KonfusionPerft, ALoneThreeAndALoneOne) {
    EXPECT_EQ(count("c3:S3 h8:N1", 1), 4u);
    EXPECT_EQ(count("c3:S3 h8:N1", 2), 12u);
    EXPECT_EQ(count("c3:S3 h8:N1", 3), 51u);  // from f3 the 3 also stops on f1
}

TEST(KonfusionPerft, EachPipCountAloneInTheOpen) {
    const std::map<int, std::pair<uint64_t, uint64_t>> byPips = {
        {1, {3, 9}}, {2, {2, 6}}, {3, {4, 12}}, {4, {4, 12}}, {5, {10, 30}}, {6, {99, 294}}};
    for (const auto& [pips, counts] : byPips) {
        const std::string pieces = "e5:S" + std::to_string(pips) + " h10:N1";
        EXPECT_EQ(count(pieces, 1), counts.first) << pips;
        EXPECT_EQ(count(pieces, 2), counts.second) << pips;
    }
}

TEST(KonfusionPerft, NearAWallAndInACorner) {
    EXPECT_EQ(count("b5:S3 h10:N1", 1), 4u);
    EXPECT_EQ(count("c3:S4 h10:N1", 1), 5u);  // one way back to c3 itself: a1 only
    EXPECT_EQ(count("a1:S4 h8:N1", 1), 1u);   // every diagonal ricochets onto b2-e5
    EXPECT_EQ(count("a1:S4 h8:N1", 2), 3u);
    EXPECT_EQ(count("a1:S5 h8:N1", 1), 4u);
    EXPECT_EQ(count("a1:S5 h8:N1", 2), 12u);
}

TEST(KonfusionPerft, WithBlockers) {
    EXPECT_EQ(count("c3:S3 c5:N1 h10:N1", 1), 5u);
    EXPECT_EQ(count("c3:S3 c5:N1 h10:N1", 2), 30u);
    EXPECT_EQ(count("a5:S5 c5:N1 e5:N1", 1), 8u);
    EXPECT_EQ(count("a5:S5 c5:N1 e5:N1", 2), 48u);
}

// South passes; North has four moves, two of them take the 6 and end the game.
TEST(KonfusionPerft, ASixHemmedInPasses) {
    EXPECT_EQ(count("a1:S6 a2:N1 b1:N1 b2:N1", 1), 1u);
    EXPECT_EQ(count("a1:S6 a2:N1 b1:N1 b2:N1", 2), 4u);
}

// Two 6s side by side: each reaches every other cell; the capture ends it.
TEST(KonfusionPerft, TwoSixesSideBySide) {
    EXPECT_EQ(count("e5:S6 e6:N6", 1), 99u);
    EXPECT_EQ(count("e5:S6 e6:N6", 2), 98u * 99u);
}

TEST(KonfusionPerft, AOneBecomesASixOnTheFarRank) {
    EXPECT_EQ(count("e9:S1 h3:N1", 1), 3u);
    EXPECT_EQ(count("e9:S1 h3:N1", 2), 9u);
    EXPECT_EQ(count("e9:S1 h3:N1", 3), 225u);  // 3 x 69 for the new 6, 9 + 9 for the others
}

TEST(KonfusionPerft, ThreePlayers) {
    EXPECT_EQ(count("c3:S3 h8:N1 b8:W1", 1, "0,0,0"), 4u);
    EXPECT_EQ(count("c3:S3 h8:N1 b8:W1", 2, "0,0,0"), 12u);
    EXPECT_EQ(count("c3:S3 h8:N1 b8:W1", 3, "0,0,0"), 36u);
}

TEST(KonfusionPerft, WithTheDie) {
    EXPECT_EQ(countWithDie("c3:S3 h8:N1", 1), 24u);
    EXPECT_EQ(countWithDie("c3:S3 h8:N1", 2), 432u);
    // Two pieces: 8 turns for a 1; for 2 to 6, one move and end (8) or both (24).
    EXPECT_EQ(countWithDie("c3:S3 e3:S1 h8:N1", 1), 168u);
    EXPECT_EQ(countWithDie("c3:S3 e3:S1 h8:N1", 2), 168u * 18u);
}

TEST(KonfusionPerft, TheCommandLineCountsKonfusion) {
    EXPECT_EQ(runPerft({"--game", "konfusion", "--players", "3", "--depth", "2"}).lastLine(),
              "676");
    const std::string die = positionText("c3:S3 e3:S1 h8:N1", 'S', "0,0", "?");
    ProgramResult r =
        runPerft({"--game", "konfusion", "--option", "die=on", "--position", die, "--depth", "1"});
    EXPECT_EQ(r.status, 0) << r.err;
    EXPECT_EQ(r.lastLine(), "168");
    ProgramResult divide = runPerft({"--game", "konfusion", "--position",
                                     positionText("c3:S3 h8:N1"), "--depth", "2", "--divide"});
    EXPECT_EQ(divide.out, "c3-c2: 3\nc3-b3: 3\nc3-f3: 3\nc3-c6: 3\n12\n");
    ProgramResult bad =
        runPerft({"--game", "konfusion", "--position", "10/10 S 0,0", "--depth", "1"});
    EXPECT_EQ(bad.status, 2);
    EXPECT_NE(bad.err.find("10 ranks"), std::string::npos) << bad.err;
}

}  // namespace
}  // namespace arbiter::konfusion
