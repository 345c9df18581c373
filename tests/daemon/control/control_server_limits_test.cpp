// No client can make the daemon wait, hold on to unbounded memory or keep
// others out: each gets one answer per turn of the loop, one that stops
// reading gets no more answers (and, subscribed, is dropped), idle ones are
// closed, and a full table makes room for a newcomer.

#include <gtest/gtest.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cstring>
#include <vector>

#include "tests/daemon/control/server_fixture.h"

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
        limits.pauseQueuedBytes = 16 * 1024;
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

// Its request already sent when it is refused: closing a socket with unread
// bytes would reset the connection, and the refusal with it.
TEST_F(ControlServerLimits, ClientBeyondTheLimitHearsWhyEvenWithItsRequestUnread) {
    auto a = connect();
    auto b = connect();
    auto c = connect();
    TestClient extra(loop, path);
    ASSERT_TRUE(extra.connected());
    extra.sendLine(R"({"type":"status"})");
    json refusal = extra.next();
    EXPECT_NE(refusal.value("error", "").find("too many clients"), std::string::npos) << refusal;
    EXPECT_TRUE(extra.closedByServer());
}

// A burst of clients connecting before the daemon's loop comes round to
// accept them (a script, a panel of watchers) is queued by the kernel, not
// refused: only the listen backlog bounds it.
TEST_F(ControlServerLimits, ABurstOfOneHundredConnectionsIsQueuedNotRefused) {
    sockaddr_un address{};
    address.sun_family = AF_UNIX;
    std::strncpy(address.sun_path, path.c_str(), sizeof address.sun_path - 1);
    std::vector<int> fds;
    int refused = 0;
    for (int i = 0; i < 100; ++i) {
        const int fd = ::socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK | SOCK_CLOEXEC, 0);
        ASSERT_GE(fd, 0);
        if (::connect(fd, reinterpret_cast<sockaddr*>(&address), sizeof address) != 0) ++refused;
        fds.push_back(fd);
    }
    EXPECT_EQ(refused, 0);
    for (int fd : fds) ::close(fd);
}

TEST_F(ControlServerLimits, IdleClientIsClosedAfterTheTimeoutButASubscriberStays) {
    auto idle = connect();
    auto listener = connect();
    listener.ask(R"({"type":"subscribe"})");
    time.skip(control::kIdleTimeoutMs - 1000);
    EXPECT_TRUE(idle.quiet());
    time.skip(1001);
    json farewell = idle.next();
    EXPECT_EQ(farewell.value("error", ""), "closed after 60 s without a request") << farewell;
    EXPECT_TRUE(idle.closedByServer());
    EXPECT_EQ(server->clientCount(), 1u);
    server->announce({AnnouncementType::Move, "1. e4", {}});
    EXPECT_EQ(listener.next().value("text", ""), "1. e4");
}

TEST_F(ControlServerLimits, ClientThatKeepsAskingIsNeverIdle) {
    auto client = connect();
    for (int i = 0; i < 4; ++i) {
        time.skip(control::kIdleTimeoutMs / 2);
        EXPECT_EQ(client.ask(R"({"type":"status"})").value("type", ""), "status") << i;
    }
    EXPECT_EQ(server->clientCount(), 1u);
}

TEST_F(ControlServerLimits, NewcomerTakesThePlaceOfTheClientIdleLongest) {
    server.reset();
    start();  // the protocol's own limit of 32 clients
    std::vector<TestClient> squatters;
    for (std::size_t i = 0; i < control::kMaxClients; ++i) {
        squatters.push_back(connect());
        time.skip(10);
    }
    time.skip(control::kMinIdleToEvictMs);
    auto newcomer = connect();
    EXPECT_EQ(newcomer.ask(R"({"type":"status"})").value("type", ""), "status");
    json farewell = squatters.front().next();
    EXPECT_NE(farewell.value("error", "").find("closed to make room for another client"),
              std::string::npos)
        << farewell;
    EXPECT_TRUE(squatters.front().closedByServer());
    EXPECT_EQ(server->clientCount(), control::kMaxClients);
    EXPECT_EQ(squatters.back().ask(R"({"type":"status"})").value("type", ""), "status");
}

TEST_F(ControlServerLimits, SubscribersMakeRoomOnlyWhenNoOtherClientIsIdle) {
    auto listener = connect();
    listener.ask(R"({"type":"subscribe"})");
    time.skip(5000);
    auto idle = connect();
    time.skip(control::kMinIdleToEvictMs);
    auto busy = connect();
    auto newcomer = connect();
    EXPECT_TRUE(idle.closedByServer());
    auto another = connect();  // the others connected a moment ago: the listener goes
    EXPECT_TRUE(listener.closedByServer());
    EXPECT_EQ(busy.ask(R"({"type":"status"})").value("type", ""), "status");
    EXPECT_EQ(server->clientCount(), 3u);
}

TEST_F(ControlServerLimits, BusyClientsGetOneAnswerEachPerTurnOfTheLoop) {
    auto busy = connect();
    auto other = connect();
    std::string burst;
    for (int i = 0; i < 50; ++i) burst += "{\"type\":\"status\"}\n";
    busy.send(burst);
    other.send("{\"type\":\"pause\"}\n");
    EXPECT_EQ(other.next().value("type", ""), "ok");
    EXPECT_LE(table.statusCalls, 2);
    for (int i = 0; i < 50; ++i) ASSERT_EQ(busy.next().value("type", ""), "status") << i;
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
        server->announce({AnnouncementType::Move, text, {{"n", sent}}});
        ++sent;
        json event = reader.next();
        ASSERT_EQ(event.value("data", json::object()).value("n", -1), received) << event;
        ++received;
    }
    EXPECT_EQ(server->clientCount(), 1u) << "never dropped after " << sent << " events";
    EXPECT_TRUE(slow.closedByServer());

    server->announce({AnnouncementType::Move, "after", {}});
    EXPECT_EQ(reader.next().value("text", ""), "after");
}

TEST_F(ControlServerLimits, ClientThatSendsRequestsButNeverReadsGetsNoMoreAnswersUntilItReads) {
    auto greedy = connect();
    auto other = connect();
    table.snapshot["padding"] = std::string(8000, 'p');
    constexpr int kRequests = 300;
    std::string burst;
    for (int i = 0; i < kRequests; ++i)
        burst += R"({"type":"status","id":)" + std::to_string(i) + "}\n";
    greedy.send(burst);
    for (int round = 0; round < 300; ++round) loop.runOnce(0);
    // Answers wait in the socket and in the queue up to the pause, and no further.
    EXPECT_LT(table.statusCalls, kRequests / 2);
    EXPECT_LE(server->queuedBytes(), 16 * 1024 + 9000u);
    EXPECT_EQ(other.ask(R"({"type":"pause"})").value("type", ""), "ok");
    for (int i = 0; i < kRequests; ++i) {
        json reply = greedy.next(2000ms);
        ASSERT_TRUE(reply.is_object()) << i;
        ASSERT_EQ(reply.value("id", -1), i);
    }
    EXPECT_EQ(server->clientCount(), 2u);
}

TEST_F(ControlServerLimits, QueuedOutputReachesAClientThatReadsLate) {
    auto late = connect();
    late.ask(R"({"type":"subscribe"})");
    const std::string text(1000, 'q');
    // Until the socket is full and the server holds some back, then a little more.
    int sent = 0;
    while (server->queuedBytes() == 0 && sent < 2000)
        server->announce({AnnouncementType::Move, text, {{"n", sent++}}});
    ASSERT_GT(server->queuedBytes(), 0u);
    for (int more = 0; more < 10; ++more)
        server->announce({AnnouncementType::Move, text, {{"n", sent++}}});
    for (int i = 0; i < sent; ++i)
        ASSERT_EQ(late.next().value("data", json::object()).value("n", -1), i);
    EXPECT_TRUE(pumpUntil(loop, [&] { return server->queuedBytes() == 0; }));
    EXPECT_EQ(server->clientCount(), 1u);
}

}  // namespace
}  // namespace arbiter::testing
