// What UciEngine says to an engine, heard by a small engine of the test's
// own that writes down every line it is sent and answers as stockfish does.

#include "daemon/machine/uci_engine.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <algorithm>
#include <cstddef>
#include <string>
#include <vector>

#include "tests/daemon/machine/engine_fixture.h"

namespace arbiter::testing {
namespace {

using Lines = std::vector<std::string>;

class UciEngineProtocol : public EngineFixture {
  protected:
    // An engine that writes what it hears to the file "heard", offers
    // `options` (option lines) and plays e2e4 whatever it is asked.
    std::string recorder(const std::string& options) {
        return script("recorder", fmt::format(R"(while read -r line; do
  echo "$line" >> '{}/heard'
  case "$line" in
    uci) echo 'id name Recorder 1'; {} echo uciok;;
    isready) echo readyok;;
    go*) echo 'info depth 1 score cp 20'; echo 'bestmove e2e4 ponder e7e5';;
    quit) exit 0;;
  esac
done
)",
                                              folder_.path(), options));
    }
    std::string recorderWithSkill() {
        return recorder("echo 'option name Skill Level type spin default 20 min 0 max 20';");
    }
    Lines heard() { return linesOf("heard"); }
    // The last `n` lines heard.
    Lines lastHeard(size_t n) {
        const Lines all = heard();
        return Lines(all.end() - static_cast<std::ptrdiff_t>(std::min(n, all.size())), all.end());
    }
};

TEST_F(UciEngineProtocol, TheEngineIsToldItsLevelBeforeItIsAskedForAMove) {
    UciEngine engine(loop_, recorderWithSkill(), 3);
    const Answer answer = thinkAndWait(engine, {"e2e4", "e7e5"}, 100);
    EXPECT_EQ(answer.move, "e2e4") << answer.said();
    EXPECT_EQ(heard(), (Lines{"uci", "setoption name Skill Level value 6", "isready",
                              "position startpos moves e2e4 e7e5", "go movetime 100"}));
    EXPECT_EQ(engine.name(), "Recorder 1");
}

TEST_F(UciEngineProtocol, APositionFromAFenIsSentAsOne) {
    UciEngine engine(loop_, recorderWithSkill(), 8);
    const std::string fen = "6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1";
    thinkAndWait(engine, {}, 40, fen);
    thinkAndWait(engine, {"a1b1"}, 40, fen);
    EXPECT_EQ(lastHeard(4), (Lines{"position fen " + fen, "go movetime 40",
                                   "position fen " + fen + " moves a1b1", "go movetime 40"}));
}

TEST_F(UciEngineProtocol, ANewGameIsSaidWithUcinewgameAndAwaitedWithIsready) {
    UciEngine engine(loop_, recorderWithSkill(), 8);
    thinkAndWait(engine, {}, 50);
    engine.newGame();
    const Answer answer = thinkAndWait(engine, {}, 50);
    EXPECT_EQ(answer.move, "e2e4") << answer.said();
    EXPECT_EQ(lastHeard(4),
              (Lines{"ucinewgame", "isready", "position startpos", "go movetime 50"}));
}

TEST_F(UciEngineProtocol, ANewLevelIsSetBeforeTheNextMove) {
    UciEngine engine(loop_, recorderWithSkill(), 1);
    thinkAndWait(engine, {}, 50);
    engine.setLevel(8);
    thinkAndWait(engine, {"d2d4"}, 50);
    EXPECT_EQ(lastHeard(4), (Lines{"setoption name Skill Level value 20", "isready",
                                   "position startpos moves d2d4", "go movetime 50"}));
    EXPECT_EQ(engine.strength(), "Skill Level 20 (of 0..20)");
}

TEST_F(UciEngineProtocol, AnEngineWithoutStrengthOptionsIsToldNothingAndSaysItPlaysFull) {
    UciEngine engine(loop_, recorder(""), 2);
    EXPECT_EQ(startAndWait(engine), "");
    EXPECT_EQ(heard(), (Lines{"uci", "isready"}));
    EXPECT_NE(engine.strength().find("full strength"), std::string::npos) << engine.strength();
}

TEST_F(UciEngineProtocol, TheEngineIsToldToQuitWhenItIsNoLongerWanted) {
    pid_t pid = -1;
    {
        UciEngine engine(loop_, recorderWithSkill(), 8);
        EXPECT_EQ(startAndWait(engine), "");
        pid = engine.pid();
    }
    EXPECT_EQ(lastHeard(1), Lines{"quit"});
    EXPECT_TRUE(reaped(pid));
}

TEST_F(UciEngineProtocol, WhatIsNoPositionNeverReachesTheEngine) {
    UciEngine engine(loop_, recorderWithSkill(), 8);
    struct Case {
        std::string fen;
        std::vector<std::string> moves;
        Millis movetimeMs;
        std::string why;
    };
    const std::vector<Case> cases = {
        {"", {"e2e4", "e7e5\nquit"}, 100, "\"e7e5\\x0Aquit\" is not a UCI move"},
        {"", {"e2e4", "Nf3"}, 100, "\"Nf3\" is not a UCI move"},
        {"8/8/8/8 w - - 0 1", {}, 100, "is no FEN"},
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1\nquit", {}, 100, "is no FEN"},
        {"6k1/5ppp/8/8/8/8/5PPP/R5K1 w - - 0 1 moves e2e4", {}, 100, "is no FEN"},
        {"", {}, 0, "a movetime of 0 ms"},
        {"", {}, UciEngine::kLongestMovetimeMs + 1, "a movetime of"},
    };
    for (const Case& c : cases) {
        const Answer answer = thinkAndWait(engine, c.moves, c.movetimeMs, c.fen);
        ASSERT_TRUE(answer.failure) << answer.said();
        EXPECT_NE(answer.failure->find(c.why), std::string::npos) << *answer.failure;
    }
    // Not even started for them.
    EXPECT_EQ(engine.pid(), -1);
    EXPECT_TRUE(heard().empty());
}

}  // namespace
}  // namespace arbiter::testing
