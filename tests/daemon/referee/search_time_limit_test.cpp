// A search for sequences of moves holds the table's one thread: the table
// limits it in time (Referee::limitSearches), and a search out of time finds
// nothing rather than part of what explains the surface.
#include <gtest/gtest.h>

#include <memory>

#include "daemon/referee/referee.h"
#include "tests/daemon/sensed_boards.h"

namespace arbiter {
namespace {

// A clock that moves on a millisecond each time it is read: a search that
// reads it to see whether its time is up finds that time passes as it works.
class TickingTimeSource final : public TimeSource {
  public:
    Millis now() const override { return ++now_; }
    std::string wallClock() const override { return "2026-01-01T00:00:00"; }

  private:
    mutable Millis now_ = 0;
};

class SearchTimeLimit : public ::testing::Test {
  protected:
    void SetUp() override {
        state = game->start();
        boards = std::make_unique<testing::SensedBoards>(state->geometry(), Sensing::ColourAndKind);
        boards->show(*state);
        referee.prepare(*state, nullptr, nullptr, boards->surface());
        // 1. e4 e5, made faster than the board settles: two plies to catch up.
        boards->lift("e2");
        boards->put("e4", *fromLetter('P'));
        boards->lift("e7");
        boards->put("e5", *fromLetter('p'));
    }
    std::unique_ptr<Game> game = makeGame("fide");
    std::unique_ptr<GameState> state;
    std::unique_ptr<testing::SensedBoards> boards;
    Referee referee;
    TickingTimeSource clock;
};

TEST_F(SearchTimeLimit, WithinItsTimeTheSearchCatchesUp) {
    referee.limitSearches(clock, 1000);
    Verdict v = referee.judge(boards->surface(), 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(v.actions.size(), 2u);
}

TEST_F(SearchTimeLimit, OutOfTimeTheSearchFindsNothingAndTheFixesLeadToTheNearestAction) {
    // Up before the first state after e4 (or any other first move) is listed.
    referee.limitSearches(clock, 1);
    Verdict v = referee.judge(boards->surface(), 2);
    EXPECT_EQ(v.kind, Verdict::Kind::Illegal);
    EXPECT_TRUE(v.actions.empty());
    // As for any surface no sequence explains: the nearest legal action, e4,
    // and e5 and e7 back as they were.
    ASSERT_EQ(v.fixesComplete.size(), 1u);
    EXPECT_EQ(state->encode(v.fixesComplete.front()), "e2e4");
    EXPECT_EQ(v.fixes.size(), 2u);
}

TEST_F(SearchTimeLimit, WithoutALimitTheVerdictDoesNotDependOnTime) {
    Verdict v = referee.judge(boards->surface(), 2);
    ASSERT_EQ(v.kind, Verdict::Kind::Commit);
    EXPECT_EQ(v.actions.size(), 2u);
}

}  // namespace
}  // namespace arbiter
