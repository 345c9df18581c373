// arbiterctl talking to a running arbiterd: actions no board can show.
#include "tests/e2e/table_fixture.h"

namespace arbiter::e2e {
namespace {

class ControlSocket : public TableTest {
  protected:
    void SetUp() override {
        TableTest::SetUp();
        startBoard();
        startDaemon();
        expectSaid("New game of fide");
        play("e2-e4", "1. e4");
    }
};

TEST_F(ControlSocket, StatusShowsTheGame) {
    auto [status, said] = control({"status", "--json"});
    EXPECT_EQ(status, 0) << said;
    EXPECT_NE(said.find("\"ply\":1"), std::string::npos) << said;
}

TEST_F(ControlSocket, StatusShowsTheTableAtAGlance) {
    play("e7-e5", "1... e5");
    play("g1-f3", "2. Nf3");
    const std::string shown = status();
    for (const char* line :
         {"fide, 5+3: waiting for Black to move\n", " 5 . . . . p . . .\n", " 4 . . . . P . . .\n",
          " 1 R N B Q K B . R\n", "   a b c d e f g h\n", "Last moves: 1. e4; 1... e5; 2. Nf3\n"})
        EXPECT_NE(shown.find(line), std::string::npos) << line << "\n" << shown;
    EXPECT_NE(shown.find("(Black's running)"), std::string::npos) << shown;
    // The clocks as a clock shows them, not in milliseconds.
    EXPECT_NE(shown.find("Clocks: White 5:"), std::string::npos) << shown;
}

TEST_F(ControlSocket, ResignationEndsTheGameAndIsRecorded) {
    auto [status, said] = control({"do", "resign"});
    EXPECT_EQ(status, 0) << said;
    expectSaid("Game over: Black resigned. White wins");
    EXPECT_NE(recordText().find("[Result \"1-0\"]"), std::string::npos);
}

TEST_F(ControlSocket, DrawByAgreement) {
    ASSERT_EQ(control({"do", "draw-offer", "--player", "1"}).first, 0);
    expectSaid("White offers a draw");
    ASSERT_EQ(control({"do", "draw-accept", "--player", "2"}).first, 0);
    expectSaid("Game over: agreed. Draw");
}

TEST_F(ControlSocket, IllegalActionIsRefusedAndChangesNothing) {
    auto [status, said] = control({"do", "e7e4"});
    EXPECT_EQ(status, 1);
    // Which rule it breaks, and what may be said instead.
    EXPECT_NE(said.find("\"e7e4\": that is not how a pawn moves; legal now: "), std::string::npos)
        << said;
    EXPECT_NE(said.find("and 12 more"), std::string::npos) << said;  // 20 replies for Black
    play("e7-e5", "1... e5");
}

}  // namespace
}  // namespace arbiter::e2e
