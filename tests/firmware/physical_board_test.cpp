#include "firmware-bridge/vboard/physical_board.h"

#include <gtest/gtest.h>

#include <algorithm>

#include "firmware-bridge/vboard/board_notation.h"

namespace {

namespace dgt = arbiter::dgt;
using arbiter::vboard::parseFenBoard;
using arbiter::vboard::parseSquare;
using arbiter::vboard::startPosition;

int sq(const char* name) {
    return *parseSquare(name);
}
// The same square as an index in the sensors' array.
size_t squareIndex(const char* name) {
    return static_cast<size_t>(sq(name));
}

// The start position on 64 sensors, handled by a person.
class PhysicalBoard : public ::testing::Test {
  protected:
    arbiter::firmware::SquareCodes sensors_ = startPosition();
    arbiter::vboard::PhysicalBoard board_{sensors_};
};

TEST_F(PhysicalBoard, LiftTakesThePieceIntoTheHand) {
    ASSERT_TRUE(board_.lift(sq("e2")).ok());
    EXPECT_EQ(sensors_[squareIndex("e2")], dgt::kEmpty);
    EXPECT_EQ(board_.hand(), std::vector<uint8_t>{dgt::kWhitePawn});
}

TEST_F(PhysicalBoard, LiftFromAnEmptySquareFailsAndChangesNothing) {
    const auto outcome = board_.lift(sq("e4"));
    EXPECT_EQ(outcome.error, "lift e4: the square is empty");
    EXPECT_EQ(sensors_, startPosition());
    EXPECT_TRUE(board_.hand().empty());
}

TEST_F(PhysicalBoard, PlaceUsesTheMostRecentlyLiftedPiece) {
    board_.lift(sq("g1"));
    board_.lift(sq("e2"));
    ASSERT_TRUE(board_.place(sq("e4"), std::nullopt).ok());
    EXPECT_EQ(sensors_[squareIndex("e4")], dgt::kWhitePawn);
    EXPECT_EQ(board_.hand(), std::vector<uint8_t>{dgt::kWhiteKnight});
}

TEST_F(PhysicalBoard, PlaceWithAnEmptyHandFails) {
    EXPECT_EQ(board_.place(sq("e4"), std::nullopt).error, "place e4: the hand is empty");
    EXPECT_EQ(sensors_, startPosition());
}

TEST_F(PhysicalBoard, PlaceOnAnOccupiedSquareSwapsThatPieceIntoTheHand) {
    board_.lift(sq("d1"));
    ASSERT_TRUE(board_.place(sq("d7"), std::nullopt).ok());
    EXPECT_EQ(sensors_[squareIndex("d7")], dgt::kWhiteQueen);
    EXPECT_EQ(board_.hand(), std::vector<uint8_t>{dgt::kBlackPawn});
}

TEST_F(PhysicalBoard, PlaceANamedPieceTakesItFromTheHandIfThere) {
    board_.lift(sq("e2"));
    board_.lift(sq("g1"));
    board_.place(sq("e4"), dgt::kWhitePawn);
    EXPECT_EQ(board_.hand(), std::vector<uint8_t>{dgt::kWhiteKnight});
}

TEST_F(PhysicalBoard, PlaceANamedPieceFromTheBoxLeavesTheHand) {
    board_.lift(sq("e7"));
    board_.place(sq("e5"), dgt::kBlackQueen);
    EXPECT_EQ(sensors_[squareIndex("e5")], dgt::kBlackQueen);
    EXPECT_EQ(board_.hand(), std::vector<uint8_t>{dgt::kBlackPawn});
}

TEST_F(PhysicalBoard, MoveCapturesIntoTheBoxNotTheHand) {
    board_.setup(*parseFenBoard("4k3/8/8/3p4/4P3/8/8/4K3").position);
    ASSERT_TRUE(board_.move(sq("e4"), sq("d5")).ok());
    EXPECT_EQ(sensors_[squareIndex("d5")], dgt::kWhitePawn);
    EXPECT_EQ(sensors_[squareIndex("e4")], dgt::kEmpty);
    EXPECT_TRUE(board_.hand().empty());
}

TEST_F(PhysicalBoard, MoveFromAnEmptySquareFails) {
    EXPECT_EQ(board_.move(sq("e4"), sq("e5")).error, "e4-e5: e4 is empty");
}

TEST_F(PhysicalBoard, PutAndRemoveLeaveTheHandAlone) {
    board_.lift(sq("a2"));
    board_.put(sq("e4"), dgt::kBlackQueen);
    EXPECT_EQ(sensors_[squareIndex("e4")], dgt::kBlackQueen);
    ASSERT_TRUE(board_.remove(sq("e4")).ok());
    EXPECT_EQ(sensors_[squareIndex("e4")], dgt::kEmpty);
    EXPECT_EQ(board_.hand().size(), 1u);
    EXPECT_FALSE(board_.remove(sq("e4")).ok());
}

TEST_F(PhysicalBoard, ClearEmptiesBoardAndHand) {
    board_.lift(sq("a2"));
    board_.clear();
    EXPECT_EQ(sensors_, arbiter::firmware::SquareCodes{});
    EXPECT_TRUE(board_.hand().empty());
}

TEST_F(PhysicalBoard, SlideVisitsEverySquareOfTheLine) {
    board_.remove(sq("d2"));
    const auto path = board_.planSlide(sq("d1"), sq("d4"));
    ASSERT_TRUE(path.error.empty()) << path.error;
    EXPECT_EQ(path.squares, (std::vector<int>{sq("d2"), sq("d3"), sq("d4")}));
    board_.remove(sq("e2"));
    EXPECT_EQ(board_.planSlide(sq("f1"), sq("b5")).squares,
              (std::vector<int>{sq("e2"), sq("d3"), sq("c4"), sq("b5")}));
}

TEST_F(PhysicalBoard, SlideRefusesBlockedOrCrookedWays) {
    EXPECT_EQ(board_.planSlide(sq("d1"), sq("d4")).error, "slide d1 d4: the way is blocked at d2");
    EXPECT_EQ(board_.planSlide(sq("g1"), sq("f3")).error,
              "slide g1 f3: not on one rank, file or diagonal");
    EXPECT_EQ(board_.planSlide(sq("e4"), sq("e5")).error, "slide e4 e5: e4 is empty");
}

// Each piece is itself as the hands move it, which a board that reads chips
// (a Certabo) tells: lifted and set down, moved, taken for a look-alike, put
// in the box and taken out again.
TEST_F(PhysicalBoard, EachPieceKeepsItsIdentityAsItIsHandled) {
    const uint32_t e2 = board_.idAt(sq("e2")), f2 = board_.idAt(sq("f2"));
    EXPECT_NE(e2, 0u);
    EXPECT_NE(e2, f2);
    EXPECT_EQ(board_.idAt(sq("e4")), 0u);
    board_.lift(sq("f2"));
    board_.lift(sq("e2"));
    board_.place(sq("f2"), std::nullopt);  // the pawn lifted last: e2's
    EXPECT_EQ(board_.idAt(sq("f2")), e2);
    board_.place(sq("e2"), std::nullopt);
    EXPECT_EQ(board_.idAt(sq("e2")), f2);
    ASSERT_TRUE(board_.move(sq("e2"), sq("f2")).ok());  // onto a look-alike
    EXPECT_EQ(board_.idAt(sq("f2")), f2);
    EXPECT_EQ(board_.idAt(sq("e2")), 0u);
    // The box gives back the pawn it took; once empty, pieces from it are new.
    ASSERT_TRUE(board_.place(sq("e2"), dgt::kWhitePawn).ok());
    EXPECT_EQ(board_.idAt(sq("e2")), e2);
    ASSERT_TRUE(board_.put(sq("e4"), dgt::kWhitePawn).ok());
    EXPECT_NE(board_.idAt(sq("e4")), 0u);
    EXPECT_NE(board_.idAt(sq("e4")), e2);
    EXPECT_NE(board_.idAt(sq("e4")), f2);
}

// Setting up a position uses the pieces of the set, as players do, so that a
// Certabo's calibration still knows them; a kind the set lacks comes new.
TEST_F(PhysicalBoard, ASetUpIsMadeWithThePiecesOfTheSet) {
    std::vector<uint32_t> whitePawns;
    for (int file = 0; file < 8; ++file) whitePawns.push_back(board_.idAt(48 + file));
    board_.lift(sq("e2"));  // one of them in the hand
    board_.setup(*parseFenBoard("8/8/8/8/8/8/PPPPPPPP/8").position);
    std::vector<uint32_t> after;
    for (int file = 0; file < 8; ++file) after.push_back(board_.idAt(48 + file));
    std::sort(whitePawns.begin(), whitePawns.end());
    std::sort(after.begin(), after.end());
    EXPECT_EQ(after, whitePawns);
    EXPECT_TRUE(board_.hand().empty());
    board_.setup(*parseFenBoard("8/8/8/8/8/8/PPPPPPPP/7P").position);  // a ninth white pawn
    EXPECT_EQ(std::count(whitePawns.begin(), whitePawns.end(), board_.idAt(sq("h1"))) +
                  std::count(whitePawns.begin(), whitePawns.end(), board_.idAt(sq("a2"))),
              1)
        << "of a2 and h1, one is a pawn of the set and one a new pawn";
}

TEST_F(PhysicalBoard, RendersRankEightFirstThenTheHand) {
    board_.lift(sq("e2"));
    EXPECT_EQ(board_.render(),
              "8 r n b q k b n r\n"
              "7 p p p p p p p p\n"
              "6 . . . . . . . .\n"
              "5 . . . . . . . .\n"
              "4 . . . . . . . .\n"
              "3 . . . . . . . .\n"
              "2 P P P P . P P P\n"
              "1 R N B Q K B N R\n"
              "hand: P\n");
}

}  // namespace
