// UciEngine with engines that go wrong, each a small shell script of the
// test's own: what they do is said, and the daemon's loop goes on.

#include "daemon/machine/uci_engine.h"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "tests/daemon/machine/engine_fixture.h"

namespace arbiter::testing {
namespace {

class UciEngineMisbehaving : public EngineFixture {
  protected:
    // An engine that answers the handshake, and `go` with `atGo` (shell).
    std::string engineThat(const std::string& name, const std::string& atGo) {
        return script(name, fmt::format(R"(while read -r line; do
  case "$line" in
    uci) echo 'id name Script'; echo uciok;;
    isready) echo readyok;;
    go*) {};;
  esac
done
)",
                                        atGo));
    }
    // Shell that is true the first time it runs in this test, and false after.
    std::string firstTime() {
        return "[ ! -e '" + folder_.path() + "/once' ] && touch '" + folder_.path() + "/once'";
    }
    static bool says(const std::optional<std::string>& failure, const std::string& what) {
        return failure && failure->find(what) != std::string::npos;
    }
};

TEST_F(UciEngineMisbehaving, APathThatIsNoEngineIsRefusedWithItsReason) {
    const std::string text = script("text", "");
    ::chmod(text.c_str(), 0644);
    const std::vector<std::pair<std::string, std::string>> cases = {
        {folder_.path() + "/nowhere", "No such file or directory"},
        {text, "Permission denied"},
        {folder_.path(), "it is not a file"},
    };
    for (const auto& [path, reason] : cases) {
        UciEngine engine(loop_, path, 8);
        const std::optional<std::string> failure = startAndWait(engine);
        EXPECT_TRUE(says(failure, path)) << failure.value_or("ready");
        EXPECT_TRUE(says(failure, reason)) << failure.value_or("ready");
        EXPECT_FALSE(engine.ready());
        // A think fails the same way, and the loop goes on.
        const Answer answer = thinkAndWait(engine, {}, 100);
        EXPECT_TRUE(says(answer.failure, reason)) << answer.said();
    }
}

TEST_F(UciEngineMisbehaving, AProgramThatExitsAtOnceIsNoEngine) {
    UciEngine engine(loop_, script("exits", "exit 3\n"), 8, impatient_);
    const std::optional<std::string> failure = startAndWait(engine);
    ASSERT_TRUE(failure && !failure->empty()) << "it was taken for an engine";
    EXPECT_TRUE(says(failure, folder_.path() + "/exits")) << *failure;
    EXPECT_EQ(engine.pid(), -1);
}

TEST_F(UciEngineMisbehaving, AnEngineThatNeverAnswersIsGivenUp) {
    UciEngine engine(loop_, script("silent", "while read -r line; do :; done\n"), 8, impatient_);
    const std::optional<std::string> failure = startAndWait(engine);
    EXPECT_TRUE(says(failure, "did not answer uci with uciok within 1 s"))
        << failure.value_or("ready");
    EXPECT_EQ(engine.pid(), -1);
}

TEST_F(UciEngineMisbehaving, GarbageIsPassedOverButABestmoveThatIsNoMoveIsRefused) {
    // Not UTF-8, a control character, a line of 20,000 bytes, an option that cannot be.
    const std::string garbage = R"(printf '\377\376 garbage\n'; printf 'uciok\001\n'; )"
                                R"(head -c 20000 /dev/zero | tr '\000' x; echo; )"
                                R"(echo 'option name Skill Level type spin min 9 max 1')";
    UciEngine engine(loop_,
                     script("garbage", fmt::format(R"(while read -r line; do
  case "$line" in
    uci) {0}; echo uciok;;
    isready) {0}; echo readyok;;
    go*) echo 'bestmove e9e4';;
  esac
done
)",
                                                   garbage)),
                     8, impatient_);
    EXPECT_EQ(startAndWait(engine), "");
    EXPECT_NE(engine.strength().find("full strength"), std::string::npos) << engine.strength();
    const pid_t first = engine.pid();
    const Answer answer = thinkAndWait(engine, {}, 50);
    EXPECT_TRUE(says(answer.failure, "\"e9e4\" is not a UCI move")) << answer.said();
    // An engine that said that is not asked again: the next think starts another.
    EXPECT_EQ(engine.pid(), -1);
    EXPECT_TRUE(reaped(first));
}

TEST_F(UciEngineMisbehaving, AnEngineThatPrintsWithoutEndDoesNotHoldTheLoop) {
    UciEngine engine(loop_, script("endless", "read -r line; exec yes 'info string more'\n"), 8,
                     impatient_);
    const std::optional<std::string> failure = startAndWait(engine);
    EXPECT_TRUE(says(failure, "did not answer uci with uciok")) << failure.value_or("ready");
}

TEST_F(UciEngineMisbehaving, AnEngineThatExitsAtGoIsSaidAndStartedAgain) {
    UciEngine engine(loop_, engineThat("dies", firstTime() + " && exit 3; echo 'bestmove g1f3'"), 8,
                     impatient_);
    const Answer answer = thinkAndWait(engine, {}, 50);
    EXPECT_TRUE(says(answer.failure, "exited with status 3 while it thought")) << answer.said();
    const Answer again = thinkAndWait(engine, {}, 50);
    EXPECT_EQ(again.move, "g1f3") << again.said();
}

TEST_F(UciEngineMisbehaving, AnEngineThatThinksForeverIsToldToStopAndThenGivenUp) {
    UciEngine engine(loop_, engineThat("forever", ":"), 8, impatient_);
    const Answer answer = thinkAndWait(engine, {}, 100);
    EXPECT_TRUE(says(answer.failure, "named no move 300 ms after its movetime of 100 ms"))
        << answer.said();
    EXPECT_EQ(engine.pid(), -1);
}

TEST_F(UciEngineMisbehaving, AnEngineThatIgnoresStopIsReplacedForTheNextThink) {
    // The first of them thinks forever; the one started after it answers.
    UciEngine engine(loop_, engineThat("stubborn", firstTime() + " || echo 'bestmove b1c3'"), 8,
                     impatient_);
    Answer cancelled;
    think(engine, cancelled, {}, 10000);
    ASSERT_TRUE(runUntil([&] { return engine.thinking(); }));
    const pid_t first = engine.pid();
    engine.cancel();
    const Answer answer = thinkAndWait(engine, {}, 50);
    EXPECT_EQ(answer.move, "b1c3") << answer.said();
    EXPECT_NE(engine.pid(), first);
    EXPECT_TRUE(reaped(first));
    EXPECT_FALSE(cancelled.given()) << cancelled.said();
}

}  // namespace
}  // namespace arbiter::testing
