// Actions said through the control socket (arbiterctl do) in every phase of a
// table of every game played on boards: while it waits for the start, mid-game,
// just after a result, and in the next game after a said move the boards never
// showed. A said move is asked for on the boards, and the boards showing the
// position before it are never its takeback.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>

#include "tests/daemon/game_table_fixture.h"

namespace arbiter {
namespace {

// The games played on boards, by name.
std::vector<std::string> gamesOnBoards() {
    std::vector<std::string> names;
    for (const std::string& name : gameNames()) {
        auto game = makeGame(name);
        if (game && game->start()->geometry().size() > 0 && !game->start()->hidden())
            names.push_back(name);
    }
    return names;
}

// The first action legal now that the boards must show (one that changes a
// cell), in the game's notation; nullopt when there is none.
std::optional<std::string> cellChangingAction(const GameState& now) {
    for (const Action& a : now.legalActions()) {
        if (a.kind != Action::Kind::Chance && !now.effect(a).empty()) return now.encode(a);
    }
    return std::nullopt;
}

class SaidActions : public testing::GameTableTest,
                    public ::testing::WithParamInterface<std::string> {
  protected:
    SaidActions() : GameTableTest(GetParam(), makeGame(GetParam())->start()->geometry()) {}

    void SetUp() override {
        create(settings());
        ASSERT_TRUE(game);
        table->connectBoards();
    }
    // The boards show the start and the game begins.
    void begin() {
        show(*game->start());
        ASSERT_TRUE(table->session());
        ASSERT_FALSE(table->session()->over());
    }
    // Says the first action of the player to move that the boards must show.
    void sayAMove() {
        const auto action = cellChangingAction(table->session()->current());
        ASSERT_TRUE(action) << "nothing to say in " << table->session()->current().serialize();
        const ControlReply reply = table->act(*action, -1, "");
        ASSERT_TRUE(reply.ok) << *action << ": " << reply.error;
    }
    // Every player to move resigns until the game is over.
    void resignAll() {
        for (int i = 0; i < 16 && !table->session()->over(); ++i)
            ASSERT_TRUE(table->act("resign", -1, "").ok);
        ASSERT_TRUE(table->session()->over());
    }
    std::string awaited() const { return table->status()["awaited"].get<std::string>(); }
    // What was announced from announcement number `from` on, of `type`.
    int countFrom(size_t from, AnnouncementType type) const {
        int n = 0;
        for (size_t i = from; i < said.said.size(); ++i) n += said.said[i].type == type;
        return n;
    }
    // The boards stay as they are for a good while: nothing they show is a move.
    void leaveTheBoardsAlone() {
        for (int i = 0; i < 5; ++i) {
            time.advance(1000);
            loop.runOnce(0);
        }
    }
    // After a said move of the game now on: the boards are asked to show it,
    // and showing the position before it takes nothing back.
    void expectTheSaidMoveAwaited(size_t saidFrom) {
        const int ply = table->session()->ply();
        EXPECT_EQ(awaited().rfind("the boards to be put right: ", 0), 0u) << awaited();
        EXPECT_EQ(countFrom(saidFrom, AnnouncementType::Consequences), 1);
        leaveTheBoardsAlone();
        EXPECT_EQ(table->session()->ply(), ply);
        EXPECT_EQ(countFrom(saidFrom, AnnouncementType::Takeback), 0);
        EXPECT_EQ(awaited().rfind("the boards to be put right: ", 0), 0u) << awaited();
        // Made on the boards, the game goes on from it.
        show(table->session()->current());
        EXPECT_EQ(table->session()->ply(), ply);
        EXPECT_EQ(awaited().rfind("the boards to be put right", 0), std::string::npos) << awaited();
    }
};

TEST_P(SaidActions, WhileTheTableWaitsForTheStartNothingIsSaid) {
    for (const std::string& action : {"resign", "draw-offer", "pass", "e2e4", "a1-a2", ""}) {
        const ControlReply reply = table->act(action, -1, "");
        EXPECT_FALSE(reply.ok) << action;
        EXPECT_EQ(reply.error, "no game is in progress") << action;
    }
    EXPECT_FALSE(table->takeback().ok);
    EXPECT_TRUE(table->status()["waitingForStart"].get<bool>());
    begin();
}

TEST_P(SaidActions, MidGameASaidMoveIsAwaitedOnTheBoards) {
    begin();
    const size_t from = said.said.size();
    sayAMove();
    expectTheSaidMoveAwaited(from);
}

TEST_P(SaidActions, JustAfterAResultNothingIsSaidUntilTheNextGame) {
    begin();
    resignAll();
    EXPECT_EQ(table->act("resign", -1, "").error, "no game is in progress");
    const auto action = cellChangingAction(*game->start());
    ASSERT_TRUE(action);
    EXPECT_EQ(table->act(*action, -1, "").error, "no game is in progress");
    // The boards still show the start: the next game begins on it.
    const size_t from = said.said.size();
    settle();
    ASSERT_FALSE(table->session()->over());
    EXPECT_EQ(countFrom(from, AnnouncementType::Start), 1);
}

TEST_P(SaidActions, AMoveSaidWhileTheLastGameEndedIsNoReasonToTakeBackTheNextOnes) {
    // Said, never made on the boards, and then the game is resigned: the
    // boards still show the start, and the next game begins at once.
    begin();
    sayAMove();
    resignAll();
    settle();
    ASSERT_TRUE(table->session());
    ASSERT_FALSE(table->session()->over());
    const size_t from = said.said.size();
    sayAMove();
    expectTheSaidMoveAwaited(from);
}

TEST_P(SaidActions, AMoveSaidBeforeANewGameIsNoReasonToTakeBackTheNextOnes) {
    begin();
    sayAMove();
    ASSERT_TRUE(table->newGame().ok);
    settle();
    ASSERT_TRUE(table->session());
    ASSERT_FALSE(table->session()->over());
    const size_t from = said.said.size();
    sayAMove();
    expectTheSaidMoveAwaited(from);
}

INSTANTIATE_TEST_SUITE_P(EveryGameOnBoards, SaidActions, ::testing::ValuesIn(gamesOnBoards()),
                         [](const auto& info) { return info.param; });

}  // namespace
}  // namespace arbiter
