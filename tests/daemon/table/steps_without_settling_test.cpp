// A game whose every action on a board is one step (Sandkings) needs no settle
// time: each step is committed as the board shows it, however fast the next
// follows, and the next player's step ends the turn at once.
#include <gtest/gtest.h>

#include "tests/daemon/one_board_table.h"
#include "tests/games/two_step.h"

namespace arbiter {
namespace {

// Board squares as the DGT board numbers them: 0 is a8, 63 is h1.
int square(const char* name) {
    return (7 - (name[1] - '1')) * 8 + (name[0] - 'a');
}

class StepsWithoutSettling : public ::testing::Test {
  protected:
    void start(bool settleNeeded) {
        at = std::make_unique<testing::OneBoardTable>(testgames::makeTwoStepGame(settleNeeded));
        ASSERT_TRUE(at->table) << at->error;
        at->show("rr6/8/8/8/8/8/8/RR6");
        ASSERT_TRUE(at->table->session());
    }
    // A step as a DGT board reports it, with no time for the board to settle.
    void step(const char* from, const char* to, SetColour colour) {
        at->table->squareChanged(0, square(from), std::nullopt);
        at->table->squareChanged(0, square(to), SetPiece{colour, Figure::Rook});
    }
    int ply() const { return at->table->session()->ply(); }

    std::unique_ptr<testing::OneBoardTable> at;
};

TEST_F(StepsWithoutSettling, EachStepIsCommittedAsTheBoardShowsIt) {
    start(false);
    step("a1", "a2", SetColour::White);
    EXPECT_EQ(ply(), 1);
    step("a2", "a3", SetColour::White);
    EXPECT_EQ(ply(), 2);
    EXPECT_EQ(at->table->session()->current().toMove(), 1);
}

TEST_F(StepsWithoutSettling, TheNextPlayersStepEndsTheTurnAtOnce) {
    start(false);
    step("a1", "a2", SetColour::White);
    step("a8", "a7", SetColour::Black);  // White ends after one step
    ASSERT_EQ(ply(), 3);                 // a1-a2, end, a8-a7
    EXPECT_EQ(at->table->session()->actions()[1].kind, Action::Kind::EndTurn);
    for (const auto& a : at->said.said) EXPECT_NE(a.type, AnnouncementType::Illegal) << a.text;
}

TEST_F(StepsWithoutSettling, APieceInTheHandIsNoStep) {
    start(false);
    at->table->squareChanged(0, square("a1"), std::nullopt);
    EXPECT_EQ(ply(), 0);
    at->table->squareChanged(0, square("a1"), SetPiece{SetColour::White, Figure::Rook});
    EXPECT_EQ(ply(), 0);
}

TEST_F(StepsWithoutSettling, OtherGamesWaitForTheBoardToBeStill) {
    start(true);
    step("a1", "a2", SetColour::White);
    EXPECT_EQ(ply(), 0);
    at->time.advance(150);
    at->loop.runOnce(0);
    EXPECT_EQ(ply(), 1);
}

}  // namespace
}  // namespace arbiter
