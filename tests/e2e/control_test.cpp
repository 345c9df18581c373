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

TEST_F(ControlSocket, ResignationEndsTheGameAndIsRecorded) {
    auto [status, said] = control({"do", "resign"});
    EXPECT_EQ(status, 0) << said;
    expectSaid("Game over: Black resigned. White wins");
    EXPECT_NE(recordText().find("[Result \"1-0\"]"), std::string::npos);
}

TEST_F(ControlSocket, DrawByAgreement) {
    ASSERT_EQ(control({"do", "draw-offer", "--player", "0"}).first, 0);
    expectSaid("White offers a draw");
    ASSERT_EQ(control({"do", "draw-accept", "--player", "1"}).first, 0);
    expectSaid("Game over: agreed. Draw");
}

TEST_F(ControlSocket, IllegalActionIsRefusedAndChangesNothing) {
    auto [status, said] = control({"do", "e7e4"});
    EXPECT_EQ(status, 1);
    // Which rule it breaks, and what may be said instead.
    EXPECT_NE(said.find("\"e7e4\" is not an action of fide that can be made now; legal now: "),
              std::string::npos)
        << said;
    EXPECT_NE(said.find("and 12 more"), std::string::npos) << said;  // 20 replies for Black
    play("e7-e5", "1... e5");
}

}  // namespace
}  // namespace arbiter::e2e
