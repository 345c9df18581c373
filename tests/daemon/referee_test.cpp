#include "daemon/referee.h"

#include <gtest/gtest.h>

#include "tests/daemon/surface_fixture.h"

namespace arbiter {
namespace {

using testing::oneBoardSurface;
using testing::squaresFromFen;

constexpr const char* kStart = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR";

class RefereeTest : public ::testing::Test {
  protected:
    void SetUp() override {
        game = makeGame("fide");
        state = game->start();
    }
    // Plays moves given in UCI on the engine side.
    void playOnEngine(std::initializer_list<const char*> moves) {
        for (const char* m : moves) {
            previous = state->clone();
            auto a = state->decode(m);
            ASSERT_TRUE(a) << m;
            state->apply(*a);
        }
    }
    Verdict judge(const std::string& board, int catchUp = 1) {
        Surface s = oneBoardSurface(*state);
        s.boardDump(0, squaresFromFen(board), 0);
        return referee.judge(*state, previous.get(), s, catchUp);
    }
    std::unique_ptr<Game> game;
    std::unique_ptr<GameState> state;
    std::unique_ptr<GameState> previous;
    Referee referee;
};

TEST_F(RefereeTest, StartPositionIsSettled) {
    EXPECT_EQ(judge(kStart).kind, Verdict::Kind::Settled);
}

TEST_F(RefereeTest, SurfaceWithoutADumpIsUnknown) {
    Surface s = oneBoardSurface(*state);
    EXPECT_EQ(referee.judge(*state, nullptr, s).kind, Verdict::Kind::Unknown);
}

TEST_F(RefereeTest, OneLegalMoveIsCommitted) {
    Verdict v = judge("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR");
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    ASSERT_EQ(v.actions.size(), 1u);
    EXPECT_EQ(state->encode(v.actions[0]), "e2e4");
}

TEST_F(RefereeTest, LiftedPieceIsPending) {
    EXPECT_EQ(judge("rnbqkbnr/pppppppp/8/8/8/8/PPPP1PPP/RNBQKBNR").kind, Verdict::Kind::Pending);
}

TEST_F(RefereeTest, CaptureWithBothPiecesLiftedIsPending) {
    playOnEngine({"e2e4", "d7d5"});
    EXPECT_EQ(judge("rnbqkbnr/ppp1pppp/8/8/8/8/PPPP1PPP/RNBQKBNR").kind, Verdict::Kind::Pending);
}

TEST_F(RefereeTest, CastlingWithOnlyTheKingMovedIsPending) {
    playOnEngine({"e2e4", "e7e5", "g1f3", "b8c6", "f1c4", "g8f6"});
    EXPECT_EQ(judge("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ2KR").kind,
              Verdict::Kind::Pending);
    Verdict v = judge("r1bqkb1r/pppp1ppp/2n2n2/4p3/2B1P3/5N2/PPPP1PPP/RNBQ1RK1");
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(state->describe(v.actions[0]), "O-O");
}

TEST_F(RefereeTest, BoardBackToThePreviousPositionIsATakeback) {
    playOnEngine({"e2e4"});
    EXPECT_EQ(judge(kStart).kind, Verdict::Kind::Takeback);
}

TEST_F(RefereeTest, ImpossiblePositionNamesTheCellsToFix) {
    playOnEngine({"e2e4"});
    Verdict v = judge("rnb1kbnr/pppppppp/8/8/4P2q/8/PPPP1PPP/RNBQKBNR");
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 2u);
    std::vector<std::string> said;
    for (const auto& f : v.fixes) said.push_back(Referee::describe(f, state->geometry()));
    EXPECT_EQ(said[0], "take the black queen off h4");
    EXPECT_EQ(said[1], "put a black queen on d8");
    EXPECT_TRUE(v.fixesComplete.empty());
}

TEST_F(RefereeTest, PawnLeftUnpromotedIsLedToThePromotion) {
    std::string error;
    state = game->load("8/4P3/8/8/8/8/k7/4K3 w - - 0 1", error);
    ASSERT_TRUE(state) << error;
    Verdict v = judge("4P3/8/8/8/8/8/k7/4K3");
    ASSERT_EQ(v.kind, Verdict::Kind::Illegal);
    ASSERT_EQ(v.fixes.size(), 1u);
    EXPECT_EQ(Referee::describe(v.fixes[0], state->geometry()),
              "replace the white pawn on e8 by a white queen");
    ASSERT_EQ(v.fixesComplete.size(), 1u);
}

TEST_F(RefereeTest, TwoMovesMadeWhileABoardWasAwayAreCaughtUp) {
    std::string afterTwo = "rnbqkbnr/pppp1ppp/8/4p3/4P3/8/PPPP1PPP/RNBQKBNR";
    EXPECT_EQ(judge(afterTwo).kind, Verdict::Kind::Illegal);
    Verdict v = judge(afterTwo, 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    ASSERT_EQ(v.actions.size(), 2u);
}

TEST_F(RefereeTest, OccupancyOnlyBoardCannotTellPiecesApart) {
    Surface s(state->geometry(), {{"dgt:test", 0, 0, 0, Sensing::Occupancy}});
    // A black pawn where a white pawn should be looks the same to this board.
    s.boardDump(0, squaresFromFen("rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPp/RNBQKBNR"), 0);
    EXPECT_EQ(referee.judge(*state, nullptr, s).kind, Verdict::Kind::Settled);
}

}  // namespace
}  // namespace arbiter
