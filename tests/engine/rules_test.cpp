// The FIDE rules that end games or allow claims: mate, stalemate, the 50- and
// 75-move rules, threefold and fivefold repetition, insufficient material, and
// whether a player can still win (for flag fall).
#include <gtest/gtest.h>

#include "engine/fide/fide_game.h"

namespace arbiter::fide {
namespace {

std::unique_ptr<GameState> load(std::string_view fen) {
    FideGame game;
    std::string error;
    auto state = game.load(fen, error);
    EXPECT_TRUE(state) << fen << ": " << error;
    return state ? std::move(state) : game.start();
}

void play(GameState& state, std::initializer_list<const char*> moves) {
    for (const char* text : moves) {
        auto action = state.decode(text);
        ASSERT_TRUE(action) << text << " in " << state.serialize();
        state.apply(*action);
    }
}

void playRepeatedly(GameState& state, std::initializer_list<const char*> moves, int times) {
    for (int i = 0; i < times; ++i) play(state, moves);
}

TEST(Rules, CheckmateIsAWinForTheMatingSide) {
    auto state = FideGame().start();
    play(*state, {"f3", "e5", "g4", "Qh4"});
    EXPECT_EQ(state->outcome(), Outcome::win({1}, "checkmate"));
    EXPECT_TRUE(state->legalActions().empty());
    EXPECT_FALSE(state->decode("a3").has_value());
}

TEST(Rules, WhiteCanMateToo) {
    auto state = load("6k1/5ppp/8/8/8/8/8/R3K3 w - - 0 1");
    play(*state, {"Ra8"});
    EXPECT_EQ(state->outcome(), Outcome::win({0}, "checkmate"));
}

TEST(Rules, StalemateIsADraw) {
    auto state = load("7k/8/6Q1/8/8/8/8/K7 b - - 0 1");
    EXPECT_EQ(state->outcome(), Outcome::draw("stalemate"));
    EXPECT_TRUE(state->legalActions().empty());
}

TEST(Rules, FiftyMoveRuleIsClaimableAfterHundredPliesButDoesNotEndTheGame) {
    auto state = load("4k3/8/8/8/8/8/8/R3K3 w - - 98 80");
    play(*state, {"Ra2"});
    EXPECT_EQ(claimableDraw(*state), "");
    play(*state, {"Kd7"});
    EXPECT_EQ(claimableDraw(*state), "fifty-move rule");
    EXPECT_FALSE(state->outcome().over());
}

TEST(Rules, PawnMoveOrCaptureRestartsTheFiftyMoveCount) {
    auto state = load("4k3/8/8/8/8/8/P7/R3K3 w - - 99 80");
    play(*state, {"a3"});
    EXPECT_EQ(claimableDraw(*state), "");
    EXPECT_NE(state->serialize().find(" 0 80"), std::string::npos);
}

TEST(Rules, SeventyFiveMoveRuleEndsTheGameAutomatically) {
    auto state = load("4k3/8/8/8/8/8/8/R3K3 w - - 149 100");
    EXPECT_FALSE(state->outcome().over());
    play(*state, {"Ra2"});
    EXPECT_EQ(state->outcome(), Outcome::draw("seventy-five-move rule"));
    EXPECT_TRUE(state->legalActions().empty());
    EXPECT_EQ(claimableDraw(*state), "");
}

TEST(Rules, MateOnTheSeventyFifthMoveStillWins) {
    auto state = load("6k1/5ppp/8/8/8/8/8/R3K3 w - - 149 100");
    play(*state, {"Ra8#"});
    EXPECT_EQ(state->outcome(), Outcome::win({0}, "checkmate"));
}

TEST(Rules, ThreefoldRepetitionIsClaimableOnTheThirdOccurrence) {
    auto state = FideGame().start();
    playRepeatedly(*state, {"Nf3", "Nf6", "Ng1", "Ng8"}, 1);
    EXPECT_EQ(claimableDraw(*state), "");  // start position twice
    playRepeatedly(*state, {"Nf3", "Nf6", "Ng1", "Ng8"}, 1);
    EXPECT_EQ(claimableDraw(*state), "threefold repetition");
    EXPECT_FALSE(state->outcome().over());
}

TEST(Rules, FivefoldRepetitionEndsTheGame) {
    auto state = FideGame().start();
    playRepeatedly(*state, {"Nf3", "Nf6", "Ng1", "Ng8"}, 3);
    EXPECT_FALSE(state->outcome().over());
    playRepeatedly(*state, {"Nf3", "Nf6", "Ng1", "Ng8"}, 1);
    EXPECT_EQ(state->outcome(), Outcome::draw("fivefold repetition"));
    EXPECT_TRUE(state->legalActions().empty());
}

TEST(Rules, RepetitionNeedsTheSameSideToMove) {
    // White's king walks a triangle, Black's shuttles: the start placement comes
    // back three times, but once with Black to move.
    auto state = load("k7/8/8/8/8/8/8/K6R w - - 0 1");
    play(*state, {"Ka2", "Kb8", "Kb1", "Ka8", "Ka1"});  // start placement, Black to move
    play(*state, {"Kb8", "Ka2", "Ka8", "Kb1", "Kb8", "Ka1", "Ka8"});
    EXPECT_EQ(state->serialize().substr(0, 21), "k7/8/8/8/8/8/8/K6R w ");
    EXPECT_EQ(claimableDraw(*state), "");
}

TEST(Rules, EnPassantSquareWithoutALegalCaptureDoesNotMakeAPositionDifferent) {
    // After 1.e4 no black pawn can take en passant, so the position after 1.e4
    // is the same as after 1.e4 Nf6 2.Nf3 Ng8 3.Ng1.
    auto state = FideGame().start();
    play(*state, {"e4"});
    playRepeatedly(*state, {"Nf6", "Nf3", "Ng8", "Ng1"}, 2);
    EXPECT_EQ(claimableDraw(*state), "threefold repetition");
}

TEST(Rules, EnPassantRightThatCanBeUsedMakesAPositionDifferent) {
    auto state = load("4k3/8/8/8/5p2/8/4P3/4K3 w - - 0 1");
    play(*state, {"e4"});  // f4xe3 en passant is legal now, and only now
    playRepeatedly(*state, {"Kd7", "Kd2", "Ke8", "Ke1"}, 2);
    EXPECT_EQ(claimableDraw(*state), "");  // same placement 3 times, the first differs
    playRepeatedly(*state, {"Kd7", "Kd2", "Ke8", "Ke1"}, 1);
    EXPECT_EQ(claimableDraw(*state), "threefold repetition");
}

TEST(Rules, LostCastlingRightMakesAPositionDifferent) {
    auto state = load("4k3/8/8/8/8/8/8/4K2R w K - 0 1");
    play(*state, {"Rh2", "Kd7", "Rh1", "Ke8"});  // same placement, right gone
    playRepeatedly(*state, {"Rh2", "Kd7", "Rh1", "Ke8"}, 1);
    EXPECT_EQ(claimableDraw(*state), "");
    playRepeatedly(*state, {"Rh2", "Kd7", "Rh1", "Ke8"}, 1);
    EXPECT_EQ(claimableDraw(*state), "threefold repetition");
}

TEST(Rules, InsufficientMaterialIsAnAutomaticDraw) {
    for (const char* fen : {
             "8/8/4k3/8/8/3K4/8/8 w - - 0 1",      // K v K
             "8/8/4k3/8/8/3K4/8/6N1 w - - 0 1",    // K+N v K
             "8/8/4k3/8/8/3K4/8/5b2 w - - 0 1",    // K v K+B
             "8/8/4k3/8/2b5/8/3K4/5B2 w - - 0 1",  // K+B v K+B, both on light squares
             "8/8/4k3/8/8/3K4/8/2B1B3 w - - 0 1",  // two bishops on dark squares
         }) {
        auto state = load(fen);
        EXPECT_EQ(state->outcome(), Outcome::draw("insufficient material")) << fen;
    }
}

TEST(Rules, MaterialThatCanStillMateIsNotADraw) {
    for (const char* fen : {
             "8/8/4k3/8/8/3K4/8/4Bb2 w - - 0 1",  // bishops on opposite colours
             "8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1",  // two knights
             "8/8/4k3/8/8/3K4/8/4Nn2 w - - 0 1",  // knight each
             "8/8/4k3/8/8/3K4/4P3/8 w - - 0 1",   // a pawn
             "8/8/4k3/8/8/3K4/8/7R w - - 0 1",    // a rook
             "8/8/4k3/8/8/3K4/8/4BN2 w - - 0 1",  // bishop and knight
         }) {
        auto state = load(fen);
        EXPECT_FALSE(state->outcome().over()) << fen;
    }
}

TEST(Rules, CaptureIntoBareKingsEndsTheGame) {
    auto state = load("4k3/8/8/8/8/8/4r3/3BK3 w - - 0 1");
    play(*state, {"Kxe2"});
    EXPECT_EQ(state->outcome(), Outcome::draw("insufficient material"));
}

TEST(Rules, LoneKingCannotWin) {
    auto state = load("8/8/4k3/8/8/3K4/8/7q w - - 0 1");
    EXPECT_FALSE(state->canStillWin(0));
    EXPECT_TRUE(state->canStillWin(1));
}

TEST(Rules, LoneMinorPieceAgainstBareKingCannotWin) {
    EXPECT_FALSE(load("8/8/4k3/8/8/3K4/8/6N1 w - - 0 1")->canStillWin(0));
    EXPECT_FALSE(load("8/8/4k3/8/8/3K4/8/6B1 w - - 0 1")->canStillWin(0));
}

TEST(Rules, LoneMinorPieceCanWinWhenTheOpponentHasMoreThanAKing) {
    // The opponent's own men may block its king's flight squares: mate is possible.
    EXPECT_TRUE(load("8/8/4k3/8/8/3K4/8/4Nn2 w - - 0 1")->canStillWin(0));
    EXPECT_TRUE(load("8/8/4k3/4p3/8/3K4/8/6B1 w - - 0 1")->canStillWin(0));
    EXPECT_TRUE(load("8/8/4k3/8/8/3K4/8/4Bb2 w - - 0 1")->canStillWin(1));
}

TEST(Rules, SameColouredBishopsCannotWinEitherSide) {
    auto state = load("8/8/4k3/8/2b5/8/3K4/5B2 w - - 0 1");
    EXPECT_FALSE(state->canStillWin(0));
    EXPECT_FALSE(state->canStillWin(1));
}

TEST(Rules, TwoKnightsCanStillWin) {
    EXPECT_TRUE(load("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1")->canStillWin(0));
    EXPECT_FALSE(load("8/8/4k3/8/8/3K4/8/5NN1 w - - 0 1")->canStillWin(1));
}

TEST(Rules, UnknownPlayerCannotWin) {
    auto state = FideGame().start();
    EXPECT_FALSE(state->canStillWin(2));
    EXPECT_FALSE(state->canStillWin(-1));
}

}  // namespace
}  // namespace arbiter::fide
