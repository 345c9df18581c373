// UciEngine with the real engine the daemon runs for FIDE chess: Debian's stockfish.

#include "daemon/machine/uci_engine.h"

#include <gtest/gtest.h>
#include <signal.h>

#include <algorithm>
#include <string>
#include <vector>

#include "tests/daemon/machine/engine_fixture.h"

namespace arbiter::testing {
namespace {

const std::vector<std::string> kFirstMoves = {
    "a2a3", "a2a4", "b2b3", "b2b4", "c2c3", "c2c4", "d2d3", "d2d4", "e2e3", "e2e4",
    "f2f3", "f2f4", "g2g3", "g2g4", "h2h3", "h2h4", "b1a3", "b1c3", "g1f3", "g1h3"};
// White mates at once, and only so: the rook to the back rank.
const std::string kBackRankMate = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
// The fool's mate, black to move it.
const std::vector<std::string> kBeforeFoolsMate = {"f2f3", "e7e5", "g2g4"};

class UciEngineWithStockfish : public EngineFixture {
  protected:
    void SetUp() override {
        if (!haveStockfish())
            GTEST_SKIP() << "Debian's stockfish is not installed (package stockfish)";
    }
};

TEST_F(UciEngineWithStockfish, FindsAMoveWithoutBlockingTheLoop) {
    UciEngine engine(loop_, kStockfish, 8);
    Answer answer;
    int ticks = 0;
    int ticksBeforeAnswer = -1;
    Timer ticker(loop_);
    std::function<void()> tick = [&] {
        ++ticks;
        ticker.after(10, tick);
    };
    ticker.after(10, tick);
    engine.think(
        "", {}, 500,
        [&](std::string move) {
            ticksBeforeAnswer = ticks;
            answer.move = move;
        },
        [&](std::string why) { answer.failure = why; });
    ASSERT_TRUE(runUntil([&] { return answer.given(); }));
    ASSERT_TRUE(answer.move) << answer.said();
    EXPECT_NE(std::find(kFirstMoves.begin(), kFirstMoves.end(), *answer.move), kFirstMoves.end())
        << *answer.move << " is no first move of white's";
    // The loop went on with its own work while stockfish thought for half a second.
    EXPECT_GE(ticksBeforeAnswer, 3);
}

TEST_F(UciEngineWithStockfish, SaysItsNameAndTheStrengthItWasSetTo) {
    UciEngine engine(loop_, kStockfish, 3);
    EXPECT_EQ(startAndWait(engine), "");
    EXPECT_TRUE(engine.ready());
    EXPECT_EQ(engine.name().rfind("Stockfish", 0), 0u) << engine.name();
    EXPECT_EQ(engine.strength(), "Skill Level 6 (of 0..20)");
}

TEST_F(UciEngineWithStockfish, PlaysInThePositionItIsGivenByFenAndByMoves) {
    UciEngine engine(loop_, kStockfish, 8);
    Answer answer = thinkAndWait(engine, {}, 300, kBackRankMate);
    EXPECT_EQ(answer.move, "a1a8") << answer.said();
    answer = thinkAndWait(engine, kBeforeFoolsMate, 300);
    EXPECT_EQ(answer.move, "d8h4") << answer.said();
    answer = thinkAndWait(engine, {"a1b1", "g8h8"}, 300, kBackRankMate);
    EXPECT_EQ(answer.move, "b1b8") << answer.said();
}

TEST_F(UciEngineWithStockfish, APositionWithoutAMoveIsAFailureThatSaysSo) {
    UciEngine engine(loop_, kStockfish, 8);
    std::vector<std::string> mated = kBeforeFoolsMate;
    mated.push_back("d8h4");
    const Answer answer = thinkAndWait(engine, mated, 200);
    ASSERT_TRUE(answer.failure) << answer.said();
    EXPECT_NE(answer.failure->find("no move in this position"), std::string::npos)
        << *answer.failure;
    // And it is still there for the next move.
    EXPECT_EQ(thinkAndWait(engine, kBeforeFoolsMate, 200).move, "d8h4");
}

TEST_F(UciEngineWithStockfish, ACancelledThinkIsNeverAnswered) {
    UciEngine engine(loop_, kStockfish, 8);
    ASSERT_EQ(startAndWait(engine), "");
    Answer cancelled;
    think(engine, cancelled, {}, 5000);
    ASSERT_TRUE(runUntil([&] { return engine.thinking(); }));
    runFor(100);
    engine.cancel();
    // Asked again at once: the late bestmove of the start position must not
    // be taken for the answer to this one.
    const Answer answer = thinkAndWait(engine, {}, 200, kBackRankMate);
    EXPECT_EQ(answer.move, "a1a8") << answer.said();
    runFor(300);
    EXPECT_FALSE(cancelled.given()) << cancelled.said();
}

TEST_F(UciEngineWithStockfish, AThinkReplacedByANewOneIsNeverAnswered) {
    UciEngine engine(loop_, kStockfish, 8);
    Answer first;
    think(engine, first, {}, 3000);
    ASSERT_TRUE(runUntil([&] { return engine.thinking(); }));
    const Answer second = thinkAndWait(engine, kBeforeFoolsMate, 200);
    EXPECT_EQ(second.move, "d8h4") << second.said();
    runFor(300);
    EXPECT_FALSE(first.given()) << first.said();
}

TEST_F(UciEngineWithStockfish, AnEngineThatDiesIsSaidAndStartedAgain) {
    UciEngine engine(loop_, kStockfish, 8);
    Answer answer;
    think(engine, answer, {}, 10000);
    ASSERT_TRUE(runUntil([&] { return engine.thinking(); }));
    const pid_t first = engine.pid();
    ASSERT_GT(first, 0);
    ASSERT_EQ(::kill(first, SIGKILL), 0);
    ASSERT_TRUE(runUntil([&] { return answer.given(); }));
    ASSERT_TRUE(answer.failure) << answer.said();
    EXPECT_NE(answer.failure->find("killed by signal 9"), std::string::npos) << *answer.failure;
    EXPECT_NE(answer.failure->find("while it thought"), std::string::npos) << *answer.failure;
    EXPECT_TRUE(reaped(first));

    const Answer again = thinkAndWait(engine, kBeforeFoolsMate, 200);
    EXPECT_EQ(again.move, "d8h4") << again.said();
    EXPECT_NE(engine.pid(), first);
}

TEST_F(UciEngineWithStockfish, AnEngineThatDiesBetweenMovesIsStartedAgainForTheNext) {
    UciEngine engine(loop_, kStockfish, 8);
    ASSERT_EQ(startAndWait(engine), "");
    const pid_t first = engine.pid();
    ASSERT_EQ(::kill(first, SIGKILL), 0);
    ASSERT_TRUE(runUntil([&] { return engine.pid() == -1; }));
    EXPECT_FALSE(engine.ready());
    EXPECT_TRUE(reaped(first));
    const Answer answer = thinkAndWait(engine, kBeforeFoolsMate, 200);
    EXPECT_EQ(answer.move, "d8h4") << answer.said();
}

TEST_F(UciEngineWithStockfish, LeavesNoProcessBehindWhenDestroyed) {
    pid_t pid = -1;
    {
        UciEngine engine(loop_, kStockfish, 8);
        Answer answer;
        think(engine, answer, {}, 5000);
        ASSERT_TRUE(runUntil([&] { return engine.thinking(); }));
        pid = engine.pid();
    }
    EXPECT_TRUE(reaped(pid));
    // Nothing it set is left on the loop.
    runFor(100);
}

}  // namespace
}  // namespace arbiter::testing
