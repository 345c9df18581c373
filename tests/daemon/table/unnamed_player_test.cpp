// Who an action said through the control socket without --player is from:
// the player to move, but never the one who offered the draw being accepted,
// and never while a move on the boards may be about to pass the turn.
#include <gtest/gtest.h>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

class UnnamedPlayer : public testing::GameTableTest {
  protected:
    explicit UnnamedPlayer(const std::string& game = "fide")
        : GameTableTest(game, Geometry::rectangle(8, 8)) {}
    void SetUp() override {
        create(settings());
        show(*game->start());
        ASSERT_TRUE(table->session());
    }
    // One square reports `look` (or nothing), without the board being still yet.
    void report(const std::string& cell, Appearance look) {
        const Spot at = spotOf(cell);
        table->squareChanged(at.board, at.square, look);
    }
};

TEST_F(UnnamedPlayer, ADrawOfferedByThePlayerToMoveIsAcceptedByTheOther) {
    ASSERT_TRUE(table->act("draw-offer", -1, "").ok);  // White, to move, offers
    const ControlReply accepted = table->act("draw-accept", -1, "");
    ASSERT_TRUE(accepted.ok) << accepted.error;
    EXPECT_EQ(table->session()->outcome().status, Outcome::Status::Draw);
}

TEST_F(UnnamedPlayer, ADrawOfferedByTheOtherIsAcceptedByThePlayerToMove) {
    ASSERT_TRUE(table->act("draw-offer", 1, "").ok);
    ASSERT_TRUE(table->act("draw-accept", -1, "").ok);
    EXPECT_EQ(table->session()->outcome().status, Outcome::Status::Draw);
}

class UnnamedPlayerInCsipgs : public UnnamedPlayer {
  protected:
    UnnamedPlayerInCsipgs() : UnnamedPlayer("csipgs") {}
};

// Ann's king has just come down on e2; Bob's design change said at once
// would have gone to Ann, whose turn it still was until the move was judged.
TEST_F(UnnamedPlayerInCsipgs, ADesignSaidBeforeTheMoveOnTheBoardIsJudgedIsRefused) {
    report("e1", std::nullopt);
    report("e2", SetPiece{SetColour::White, Figure::King});
    const ControlReply early = table->act("design 2 mW", -1, "");
    EXPECT_FALSE(early.ok);
    EXPECT_NE(early.error.find("a move on the boards is not judged yet"), std::string::npos)
        << early.error;
    EXPECT_EQ(table->session()->ply(), 0);
    settle();
    ASSERT_TRUE(saidFirst(AnnouncementType::Move, "1. King e1-e2"));
    const ControlReply later = table->act("design 2 mW", -1, "");
    ASSERT_TRUE(later.ok) << later.error;
    EXPECT_NE(said.said.back().text.find("Bob designs slot 2 as mW"), std::string::npos)
        << said.said.back().text;
}

}  // namespace
}  // namespace arbiter
