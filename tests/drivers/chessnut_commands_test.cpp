// The Chessnut frames as bytes, and the piece codes in terms of a chess set.

#include "drivers/chessnut/chessnut_commands.h"

#include <gtest/gtest.h>

#include "drivers/chessnut/chessnut_pieces.h"

namespace arbiter::chessnut {
namespace {

TEST(ChessnutCommands, RealTimeModeVersionAndBatteryRequestsAreThreeBytes) {
    EXPECT_EQ(realTimeModeCommand(), (Bytes{0x21, 0x01, 0x00}));
    EXPECT_EQ(versionRequest(), (Bytes{0x27, 0x01, 0x00}));
    EXPECT_EQ(batteryRequest(), (Bytes{0x29, 0x01, 0x00}));
}

TEST(ChessnutCommands, LedsAreARankAByteFromRank8WithFileAInTheTopBit) {
    std::bitset<64> lit;
    lit.set(0);   // a8
    lit.set(34);  // c4 (the maker's example)
    lit.set(63);  // h1
    EXPECT_EQ(ledCommand(lit), (Bytes{0x0a, 0x08, 0x80, 0, 0, 0, 0x20, 0, 0, 0x01}));
    EXPECT_EQ(ledCommand({}), (Bytes{0x0a, 0x08, 0, 0, 0, 0, 0, 0, 0, 0}));
}

TEST(ChessnutCommands, AnLedCommandsSquaresReadBack) {
    std::bitset<64> lit;
    lit.set(12);  // e7
    lit.set(52);  // e2
    const Bytes bytes = ledCommand(lit);
    EXPECT_EQ(ledsOf(std::span<const uint8_t>(bytes).subspan(2)), lit);
    EXPECT_EQ(ledsOf(std::span<const uint8_t>(bytes).subspan(3)), std::nullopt);
}

TEST(ChessnutCommands, APositionReportIs38BytesAnnouncing36) {
    std::array<uint8_t, 64> codes{};
    codes[7] = 8;   // h8 black rook: the first square, low nibble
    codes[6] = 2;   // g8 black king: high nibble of the same byte
    codes[56] = 6;  // a1 white rook: the last square, high nibble
    const Bytes bytes = positionReport(codes, 0x04030201);
    ASSERT_EQ(bytes.size(), 38u);
    EXPECT_EQ(bytes[0], 0x01);
    EXPECT_EQ(bytes[1], 0x24);
    EXPECT_EQ(bytes[2], 0x28);
    EXPECT_EQ(bytes[33], 0x60);
    EXPECT_EQ((Bytes{bytes.begin() + 34, bytes.end()}), (Bytes{1, 2, 3, 4}));
}

TEST(ChessnutCommands, BatteryAndVersionReports) {
    EXPECT_EQ(batteryReport(64, true), (Bytes{0x2a, 0x02, 0xc0, 0x00}));
    EXPECT_EQ(batteryReport(150, false), (Bytes{0x2a, 0x02, 100, 0x00}));
    EXPECT_EQ(versionReport("V1"), (Bytes{0x28, 0x03, 0x00, 'V', '1'}));
}

TEST(ChessnutPieces, TheMakersCodeOrder) {
    using enum Figure;
    EXPECT_EQ(appearanceOf(0), std::nullopt);
    EXPECT_EQ(appearanceOf(1), (SetPiece{SetColour::Black, Queen}));
    EXPECT_EQ(appearanceOf(2), (SetPiece{SetColour::Black, King}));
    EXPECT_EQ(appearanceOf(4), (SetPiece{SetColour::Black, Pawn}));
    EXPECT_EQ(appearanceOf(6), (SetPiece{SetColour::White, Rook}));
    EXPECT_EQ(appearanceOf(7), (SetPiece{SetColour::White, Pawn}));
    EXPECT_EQ(appearanceOf(8), (SetPiece{SetColour::Black, Rook}));
    EXPECT_EQ(appearanceOf(10), (SetPiece{SetColour::White, Knight}));
    EXPECT_EQ(appearanceOf(12), (SetPiece{SetColour::White, King}));
    EXPECT_EQ(appearanceOf(13), std::nullopt);
    EXPECT_FALSE(isPieceCode(13));
}

TEST(ChessnutPieces, EveryPieceHasACodeThatReadsBack) {
    for (uint8_t code = 0; code <= kLastPieceCode; ++code)
        EXPECT_EQ(pieceCode(appearanceOf(code)), code);
}

TEST(ChessnutPieces, NibblePlacesRunFromH8ToA1) {
    EXPECT_EQ(nibbleOf(7).byte, 0);  // h8
    EXPECT_FALSE(nibbleOf(7).high);
    EXPECT_EQ(nibbleOf(6).byte, 0);  // g8
    EXPECT_TRUE(nibbleOf(6).high);
    EXPECT_EQ(nibbleOf(0).byte, 3);  // a8
    EXPECT_TRUE(nibbleOf(0).high);
    EXPECT_EQ(nibbleOf(63).byte, 28);  // h1
    EXPECT_EQ(nibbleOf(56).byte, 31);  // a1
    EXPECT_TRUE(nibbleOf(56).high);
}

}  // namespace
}  // namespace arbiter::chessnut
