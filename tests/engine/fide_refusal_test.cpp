// Why a chess move may not be made, in one phrase a chess player expects:
// what the board path and arbiterctl do tell a player who tried it.
#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "engine/fide/fen.h"
#include "engine/fide/fide_game.h"

namespace arbiter::fide {
namespace {

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1";

// The move written by its squares as a player says it ("e2-e5", "e4xd5",
// "a7a8k": a pawn to become a king), legal or not.
Action bySquares(std::string_view text) {
    const Square from = parseSquare(text.substr(0, 2));
    text.remove_prefix(text[2] == '-' || text[2] == 'x' ? 3 : 2);
    const Square to = parseSquare(text.substr(0, 2));
    text.remove_prefix(2);
    if (!text.empty() && text.front() == '=') text.remove_prefix(1);
    if (text.empty()) return Action::move(from, to);
    constexpr std::string_view kLetters = "pnbrqk";
    return Action::move(from, to,
                        static_cast<int>(kLetters.find(static_cast<char>(text.front() | 0x20))));
}

// The refusal of `move` in the position `fen`, which agrees with isLegal().
std::string refusalOf(std::string_view fen, std::string_view move) {
    std::string error;
    auto state = FideGame().load(fen, error);
    EXPECT_TRUE(state) << error;
    if (!state) return "(no position)";
    const Action action = bySquares(move);
    EXPECT_EQ(state->isLegal(action), state->refusal(action).empty()) << move;
    return state->refusal(action);
}

TEST(FideRefusal, ALegalMoveHasNoRefusal) {
    EXPECT_EQ(refusalOf(kStart, "e2-e4"), "");
    EXPECT_EQ(refusalOf(kStart, "g1-f3"), "");
    EXPECT_EQ(refusalOf("4k3/8/8/3pP3/8/8/8/4K3 w - d6 0 1", "e5xd6"), "");
}

TEST(FideRefusal, WhosePieceAndWhetherThereIsOne) {
    EXPECT_EQ(refusalOf(kStart, "e7-e5"), "the piece on e7 is Black's, and it is White's turn");
    EXPECT_EQ(refusalOf(kStart, "e3-e4"), "there is no piece on e3");
    EXPECT_EQ(refusalOf(kStart, "b1-d2"), "you cannot take your own pawn on d2");
}

TEST(FideRefusal, APieceThatDoesNotMoveThatWay) {
    EXPECT_EQ(refusalOf(kStart, "e2-e5"), "that is not how a pawn moves");
    EXPECT_EQ(refusalOf(kStart, "g1-g3"), "that is not how a knight moves");
    EXPECT_EQ(refusalOf("4k3/p7/8/8/8/8/8/2B1K3 w - - 0 1", "c1-c4"),
              "that is not how a bishop moves");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/8/8/R3K3 w - - 0 1", "a1-b3"), "that is not how a rook moves");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/8/8/3QK3 w - - 0 1", "d1-e3"),
              "that is not how a queen moves");
    EXPECT_EQ(refusalOf("4k3/p7/8/8/8/8/8/4K3 w - - 0 1", "e1-e3"), "that is not how a king moves");
}

TEST(FideRefusal, APieceInTheWayIsNamed) {
    EXPECT_EQ(refusalOf(kStart, "f1-c4"), "e2 is in the way");
    EXPECT_EQ(refusalOf(kStart, "d1-d4"), "d2 is in the way");
    EXPECT_EQ(refusalOf("4k3/8/8/8/3p4/8/8/3QK3 w - - 0 1", "d1-d7"), "d4 is in the way");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/8/8/R2NK3 w - - 0 1", "d1-a1"),
              "you cannot take your own rook on a1");
    // Black's way is seen from Black's piece too.
    EXPECT_EQ(refusalOf("r3k3/8/8/8/8/8/p7/4K3 b - - 0 1", "a8-a1"), "a2 is in the way");
}

TEST(FideRefusal, TheKingMayNotBeLeftOrPutInCheck) {
    EXPECT_EQ(refusalOf("4k3/4r3/8/8/8/8/4B3/4K3 w - - 0 1", "e2-d3"),
              "that leaves your king in check");
    EXPECT_EQ(refusalOf("4k3/4r3/8/8/8/8/8/3NK3 w - - 0 1", "d1-c3"),
              "that leaves your king in check");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/8/3r4/7K w - - 0 1", "h1-h2"),
              "the king may not move into check");
}

TEST(FideRefusal, CastlingSaysWhyItMayNotBeMade) {
    EXPECT_EQ(refusalOf("r3k2r/8/8/8/8/8/8/R3K2R w Qkq - 0 1", "e1-g1"),
              "you may not castle: the rook from h1 has moved");
    EXPECT_EQ(refusalOf("r3k2r/8/8/8/8/8/8/R3K2R w kq - 0 1", "e1-c1"),
              "you may not castle: the king or the rook from a1 has moved");
    EXPECT_EQ(refusalOf(kStart, "e1-g1"), "you may not castle: f1 is in the way");
    EXPECT_EQ(refusalOf("r3k2r/8/8/8/8/8/8/RN2K2R w KQkq - 0 1", "e1-c1"),
              "you may not castle: b1 is in the way");
    EXPECT_EQ(refusalOf("4k3/4r3/8/8/8/8/8/R3K2R w KQ - 0 1", "e1-g1"),
              "you may not castle out of check");
    EXPECT_EQ(refusalOf("4k3/5r2/8/8/8/8/8/R3K2R w KQ - 0 1", "e1-g1"),
              "you may not castle through check: f1 is attacked");
    EXPECT_EQ(refusalOf("4k3/6r1/8/8/8/8/8/R3K2R w KQ - 0 1", "e1-g1"),
              "you may not castle into check: g1 is attacked");
    EXPECT_EQ(refusalOf("r3k2r/8/8/8/8/8/8/R3K2R b KQ - 0 1", "e8-g8"),
              "you may not castle: the king or the rook from h8 has moved");
}

TEST(FideRefusal, APawnsOwnRules) {
    EXPECT_EQ(refusalOf(kStart, "e2-d3"), "a pawn moves diagonally only to take");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e2-e3"),
              "a pawn takes only diagonally, never straight ahead");
    EXPECT_EQ(refusalOf("4k3/8/8/8/8/4p3/4P3/4K3 w - - 0 1", "e2-e4"), "e3 is in the way");
    EXPECT_EQ(refusalOf("4k3/8/8/8/4P3/8/8/4K3 w - - 0 1", "e4-e6"),
              "a pawn steps two squares only from its starting square");
    EXPECT_EQ(refusalOf("4k3/8/8/3pP3/8/8/8/4K3 w - - 0 1", "e5xd6"),
              "en passant only straight after the double step");
    EXPECT_EQ(refusalOf("4k3/8/8/8/3Pp3/8/8/4K3 b - - 0 1", "e4-d3"),
              "en passant only straight after the double step");
}

TEST(FideRefusal, APawnReachingTheLastRankMustPromoteAndOnlyItMay) {
    EXPECT_EQ(refusalOf("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8"),
              "a pawn reaching the last rank must promote: add q, r, b or n (a7a8q)");
    EXPECT_EQ(refusalOf("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7a8k"),
              "a pawn promotes to a queen, rook, bishop or knight");
    EXPECT_EQ(refusalOf("4k3/P7/8/8/8/8/8/4K3 w - - 0 1", "a7-a8=Q"), "");
    EXPECT_EQ(refusalOf(kStart, "e2e4q"), "only a pawn reaching the last rank promotes");
}

TEST(FideRefusal, NothingMayBeMadeOnceTheGameIsOver) {
    // Fool's mate: White is checkmated.
    std::string error;
    auto state =
        FideGame().load("rnb1kbnr/pppp1ppp/8/4p3/6Pq/5P2/PPPPP2P/RNBQKBNR w KQkq - 1 3", error);
    ASSERT_TRUE(state) << error;
    EXPECT_EQ(state->refusal(Action::move(8 + 4, 16 + 4)), "the game is over");
}

TEST(FideRefusal, WhatIsNoChessMoveSaysSo) {
    auto state = FideGame().start();
    EXPECT_EQ(state->refusal(Action::pass()),
              "a move of chess names two squares and, for a promotion, the new piece");
    EXPECT_EQ(state->refusal(Action::move(-1, 70)), "that is not a move on the board");
}

}  // namespace
}  // namespace arbiter::fide
