// How the 64 characters of a status become the board's squares.

#include "drivers/millennium/millennium_orientation.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "tests/drivers/millennium_bytes.h"

namespace arbiter::millennium {
namespace {

using test::characters;
using test::kStartCharacters;

// The characters a board reading `reading` sends for the start position.
std::array<char, kSquares> startSentAs(Reading reading, bool halfTurned = false) {
    std::array<char, kSquares> sent{};
    for (int i = 0; i < kSquares; ++i) {
        const int square = squareOf(reading, i);
        const int shown = halfTurned ? kSquares - 1 - square : square;
        sent[size_t(i)] = kStartCharacters[size_t(shown)];
    }
    return sent;
}

TEST(MillenniumOrientation, TheDescribedOrderRunsFromA8AlongTheRanks) {
    const BoardSquares squares = squaresOf(Reading::AsDocumented, characters(kStartCharacters));
    EXPECT_EQ(squares[0], (SetPiece{SetColour::Black, Figure::Rook}));   // a8
    EXPECT_EQ(squares[4], (SetPiece{SetColour::Black, Figure::King}));   // e8
    EXPECT_EQ(squares[60], (SetPiece{SetColour::White, Figure::King}));  // e1
    EXPECT_EQ(squares[35], std::nullopt);                                // d4
}

TEST(MillenniumOrientation, EachReadingIsAPermutation) {
    for (Reading reading : {Reading::AsDocumented, Reading::FilesMirrored, Reading::Transposed,
                            Reading::QuarterTurned}) {
        std::array<bool, kSquares> hit{};
        for (int i = 0; i < kSquares; ++i) hit[size_t(squareOf(reading, i))] = true;
        EXPECT_TRUE(std::all_of(hit.begin(), hit.end(), [](bool h) { return h; }))
            << describe(reading);
    }
}

TEST(MillenniumOrientation, TheStartPositionNamesTheReadingEitherWayRound) {
    for (Reading reading : {Reading::AsDocumented, Reading::FilesMirrored, Reading::Transposed,
                            Reading::QuarterTurned}) {
        for (bool halfTurned : {false, true}) {
            EXPECT_EQ(readingOfStartPosition(startSentAs(reading, halfTurned)), reading)
                << describe(reading) << (halfTurned ? ", half turned" : "");
        }
    }
}

TEST(MillenniumOrientation, AMirroredBoardShowsItsKingOnD1WhenReadAsDescribed) {
    // Why the reading matters: read the described way, a board that sends
    // each rank from h shows the kings and queens swapped.
    const BoardSquares wrong =
        squaresOf(Reading::AsDocumented, startSentAs(Reading::FilesMirrored));
    EXPECT_EQ(wrong[59], (SetPiece{SetColour::White, Figure::King}));  // d1
    const BoardSquares right =
        squaresOf(Reading::FilesMirrored, startSentAs(Reading::FilesMirrored));
    EXPECT_EQ(right[60], (SetPiece{SetColour::White, Figure::King}));  // e1
}

TEST(MillenniumOrientation, OtherPositionsNameNoReading) {
    std::string afterE4 = kStartCharacters;
    afterE4[52] = '.';
    afterE4[36] = 'P';
    EXPECT_EQ(readingOfStartPosition(characters(afterE4)), std::nullopt);
    EXPECT_EQ(readingOfStartPosition(characters(std::string(64, '.'))), std::nullopt);
}

TEST(MillenniumOrientation, CharactersAndAppearancesRoundTrip) {
    for (char c : std::string("KQRNBPkqrnbp.")) EXPECT_EQ(characterOf(appearanceOf(c)), c);
    EXPECT_EQ(appearanceOf('x'), std::nullopt);
}

}  // namespace
}  // namespace arbiter::millennium
