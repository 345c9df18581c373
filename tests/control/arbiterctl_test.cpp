// arbiterctl as a real process against a server on a fake table.

#include <gtest/gtest.h>

#include "tests/control/program_run.h"
#include "tests/control/server_fixture.h"

namespace arbiter::testing {
namespace {

using nlohmann::json;

class Arbiterctl : public ServerFixture {
  protected:
    // Runs arbiterctl --socket PATH ARGS... to its end.
    int run(std::vector<std::string> args, const std::vector<std::string>& environment = {},
            bool withSocket = true) {
        std::vector<std::string> argv = {ARBITERCTL};
        if (withSocket) argv.insert(argv.end(), {"--socket", path});
        argv.insert(argv.end(), args.begin(), args.end());
        Program program(argv, environment);
        int status = program.finish(loop);
        out = program.out();
        err = program.err();
        return status;
    }

    std::string out;
    std::string err;
};

TEST_F(Arbiterctl, StatusPrintsTheSnapshotReadably) {
    EXPECT_EQ(run({"status"}), 0) << err;
    EXPECT_NE(out.find("game: fide\n"), std::string::npos) << out;
    EXPECT_NE(out.find("players: White, Black\n"), std::string::npos) << out;
    EXPECT_NE(out.find("clocks:\n  Black: 15:00\n  White: 15:00\n"), std::string::npos) << out;
    EXPECT_EQ(out.find("type"), std::string::npos) << out;
    EXPECT_EQ(table.statusCalls, 1);
}

TEST_F(Arbiterctl, StatusJsonPrintsTheRawReply) {
    EXPECT_EQ(run({"--json", "status"}), 0) << err;
    json reply = json::parse(out);
    EXPECT_EQ(reply.value("type", ""), "status");
    EXPECT_EQ(reply.value("game", ""), "fide");
}

TEST_F(Arbiterctl, DoSendsTheActionAndSeat) {
    EXPECT_EQ(run({"do", "draw-offer", "--player", "1"}), 0) << err;
    EXPECT_EQ(run({"do", "resign"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act draw-offer 1", "act resign -1"}));
}

TEST_F(Arbiterctl, DoSendsAnActionOfSeveralWordsAsOne) {
    EXPECT_EQ(run({"do", "design", "3", "FfR"}), 0) << err;
    EXPECT_EQ(run({"do", "buy", "3", "--player", "0"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act design 3 FfR -1", "act buy 3 0"}));
}

TEST_F(Arbiterctl, DoJoinMayNameTheNewcomer) {
    EXPECT_EQ(run({"do", "join", "Eve"}), 0) << err;
    EXPECT_EQ(run({"do", "join"}), 0) << err;
    EXPECT_EQ(table.calls, (std::vector<std::string>{"act join -1 Eve", "act join -1"}));
    EXPECT_EQ(run({"do", "join", "Eve", "Zed"}), 2);
}

TEST_F(Arbiterctl, EachCommandReachesItsTableMethod) {
    for (const char* command : {"takeback", "pause", "resume", "new-game"})
        EXPECT_EQ(run({command}), 0) << command << ": " << err;
    EXPECT_EQ(table.calls,
              (std::vector<std::string>{"takeback", "pauseClocks", "resumeClocks", "newGame"}));
}

TEST_F(Arbiterctl, OkReplyTextIsPrinted) {
    table.reply = ControlReply::done({{"text", "Clocks stopped."}});
    EXPECT_EQ(run({"pause"}), 0) << err;
    EXPECT_EQ(out, "Clocks stopped.\n");
}

TEST_F(Arbiterctl, RefusalExitsOneWithTheServersMessage) {
    table.reply = ControlReply::refused("nothing to take back");
    EXPECT_EQ(run({"takeback"}), 1);
    EXPECT_EQ(err, "arbiterctl: nothing to take back\n");
}

TEST_F(Arbiterctl, WatchPrintsEachEventsTextUntilTheDaemonGoes) {
    Program watch({ARBITERCTL, "--socket", path, "watch"});
    ASSERT_TRUE(pumpUntil(
        loop, [&] { return server->subscriberCount() == 1; }, 3000ms));
    server->announce({"move", "1. e4 (e2e4). White 15:00, Black 15:00", {}});
    server->announce({"illegal", "Illegal position. To fix: put a black queen on d8.", {}});
    ASSERT_TRUE(pumpUntil(loop, [&] {
        watch.collect();
        return watch.out().find("d8") != std::string::npos;
    }));
    server.reset();
    EXPECT_EQ(watch.finish(loop), 2);
    EXPECT_EQ(watch.out(),
              "1. e4 (e2e4). White 15:00, Black 15:00\n"
              "Illegal position. To fix: put a black queen on d8.\n");
    EXPECT_NE(watch.err().find("closed the connection"), std::string::npos) << watch.err();
}

TEST_F(Arbiterctl, NothingListeningExitsTwoSayingWhere) {
    std::string nowhere = dir.file("nobody.sock");
    EXPECT_EQ(run({"--socket", nowhere, "status"}, {}, false), 2);
    EXPECT_EQ(err.rfind("arbiterctl: cannot reach arbiterd at " + nowhere + ": ", 0), 0u) << err;
}

TEST_F(Arbiterctl, DefaultSocketIsTheOneInXdgRuntimeDir) {
    server.reset();
    path = dir.file("arbiterd.sock");  // what defaultSocketPath() gives for this directory
    start();
    EXPECT_EQ(run({"status"}, {"XDG_RUNTIME_DIR=" + dir.path()}, false), 0) << err;
}

TEST_F(Arbiterctl, UsageErrorsExitTwo) {
    EXPECT_EQ(run({}, {}, false), 2);
    EXPECT_NE(err.find("name a command"), std::string::npos) << err;
    EXPECT_EQ(run({"frobnicate"}), 2);
    EXPECT_NE(err.find("unknown command \"frobnicate\""), std::string::npos) << err;
    EXPECT_EQ(run({"do"}), 2);
    EXPECT_EQ(run({"pause", "now"}), 2);
    EXPECT_EQ(run({"status", "--player", "1"}), 2);
    EXPECT_EQ(run({"do", "resign", "--player", "one"}), 2);
    EXPECT_TRUE(table.calls.empty());
    EXPECT_EQ(table.statusCalls, 0);
}

TEST_F(Arbiterctl, HelpExitsZero) {
    EXPECT_EQ(run({"--help"}, {}, false), 0);
    EXPECT_NE(out.find("usage: arbiterctl"), std::string::npos);
}

}  // namespace
}  // namespace arbiter::testing
