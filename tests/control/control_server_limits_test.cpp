// No client can make the daemon wait or hold on to unbounded memory: too many
// clients are turned away and a client that stops reading is dropped.

#include <gtest/gtest.h>

#include "tests/control/server_fixture.h"

namespace arbiter::testing {
namespace {

using nlohmann::json;

class ControlServerLimits : public ServerFixture {
  protected:
    void SetUp() override {
        spdlog::set_level(spdlog::level::off);
        ControlLimits limits;
        limits.maxClients = 3;
        limits.maxQueuedBytes = 64 * 1024;
        start(limits);
    }
};

TEST_F(ControlServerLimits, ClientBeyondTheLimitIsToldSoAndClosed) {
    auto a = connect();
    auto b = connect();
    auto c = connect();
    TestClient extra(loop, path);
    ASSERT_TRUE(extra.connected());
    json refusal = extra.next();
    EXPECT_EQ(refusal.value("type", ""), "error");
    EXPECT_NE(refusal.value("error", "").find("too many clients"), std::string::npos) << refusal;
    EXPECT_TRUE(extra.closedByServer());
    EXPECT_EQ(server->clientCount(), 3u);
    EXPECT_EQ(a.ask(R"({"type":"status"})").value("type", ""), "status");
}

TEST_F(ControlServerLimits, PlaceFreedByAClientThatLeftIsTakenAgain) {
    auto a = connect();
    auto b = connect();
    { auto c = connect(); }
    EXPECT_TRUE(pumpUntil(loop, [&] { return server->clientCount() == 2; }));
    auto d = connect();
    EXPECT_EQ(d.ask(R"({"type":"status"})").value("type", ""), "status");
}

TEST_F(ControlServerLimits, SlowClientIsDroppedWhileOthersKeepGettingEvents) {
    auto slow = connect();
    auto reader = connect();
    slow.ask(R"({"type":"subscribe"})");
    reader.ask(R"({"type":"subscribe"})");

    const std::string text(4000, 'm');
    int sent = 0;
    int received = 0;
    // The slow client's socket buffer fills first, then its queue: at most a few
    // megabytes go out before it must be gone.
    while (server->clientCount() == 2 && sent < 2000) {
        server->announce({"move", text, {{"n", sent}}});
        ++sent;
        json event = reader.next();
        ASSERT_EQ(event.value("data", json::object()).value("n", -1), received) << event;
        ++received;
    }
    EXPECT_EQ(server->clientCount(), 1u) << "never dropped after " << sent << " events";
    EXPECT_TRUE(slow.closedByServer());

    server->announce({"move", "after", {}});
    EXPECT_EQ(reader.next().value("text", ""), "after");
}

TEST_F(ControlServerLimits, ClientThatSendsRequestsButNeverReadsIsDropped) {
    auto greedy = connect();
    auto other = connect();
    table.snapshot["padding"] = std::string(8000, 'p');
    std::string burst;
    for (int i = 0; i < 20; ++i) burst += "{\"type\":\"status\"}\n";
    for (int round = 0; round < 200 && server->clientCount() == 2; ++round) {
        greedy.send(burst);
        loop.runOnce(0);
    }
    EXPECT_EQ(server->clientCount(), 1u);
    EXPECT_EQ(other.ask(R"({"type":"pause"})").value("type", ""), "ok");
}

TEST_F(ControlServerLimits, QueuedOutputReachesAClientThatReadsLate) {
    auto late = connect();
    late.ask(R"({"type":"subscribe"})");
    const std::string text(1000, 'q');
    // Until the socket is full and the server holds some back, then a little more.
    int sent = 0;
    while (server->queuedBytes() == 0 && sent < 2000)
        server->announce({"move", text, {{"n", sent++}}});
    ASSERT_GT(server->queuedBytes(), 0u);
    for (int more = 0; more < 10; ++more) server->announce({"move", text, {{"n", sent++}}});
    for (int i = 0; i < sent; ++i)
        ASSERT_EQ(late.next().value("data", json::object()).value("n", -1), i);
    EXPECT_TRUE(pumpUntil(loop, [&] { return server->queuedBytes() == 0; }));
    EXPECT_EQ(server->clientCount(), 1u);
}

}  // namespace
}  // namespace arbiter::testing
